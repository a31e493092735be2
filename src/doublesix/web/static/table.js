// @ts-check
/**
 * The table: the seats around it in playing order, the layout of play, and what lies on the
 * table besides (the board count, the boneyard, the last thing done).
 *
 * Seats sit where a person would see them: you at the bottom; with four players the others
 * left, across (top) and right; with three, left and right; with two, across. A phone upright
 * puts them in a row above the table; a phone on its side beside it. Under `teams` the seat
 * across is your partner and says so. At a table for people, a person's card says when they
 * are away, and which computer plays for them meanwhile.
 */
import { state, reduceMotion } from "./state.js";
import { byId, h } from "./dom.js";
import { renderBoard, tileBackSVG } from "./board.js";
import { countTo, layFrom } from "./motion.js";
import { seatNames, standInWords } from "./people.js";
import { LABELS } from "./labels.js";

/** @typedef {import("./types.js").Picture} Picture */
/** @typedef {import("./types.js").GameSession} GameSession */

const SHORT = window.matchMedia("(orientation: landscape) and (max-height: 520px)");
const TALL = window.matchMedia("(orientation: portrait)");

/** How the screen is held: "tall" (upright), "short" (a phone on its side) or "wide". */
export function screenMode() {
  return SHORT.matches ? "short" : TALL.matches ? "tall" : "wide";
}

/**
 * Where each other seat sits, by how many seats after you it plays.
 * @param {number} players @param {string} mode @returns {string[]} slot names, index 1.. for the seats after you
 */
function slots(players, mode) {
  if (mode === "tall") return ["", "top", "top", "top"];
  if (players === 2) return mode === "short" ? ["", "left"] : ["", "top"];
  if (players === 3) return ["", "left", "right"];
  return ["", "left", "top", "right"];
}

/** The seat cards, made once per game and arrangement, then updated in place. */
function seatCards() {
  return /** @type {HTMLElement[]} */ ([...document.querySelectorAll("#game .seat")]);
}

/** @param {Picture} st */
function buildSeats(st) {
  const mode = screenMode();
  const n = st.names.length;
  const key = `${st.game_id}:${n}:${mode}:${st.rules.teams}`;
  const game = byId("game");
  if (game.dataset.seats === key) return;
  game.dataset.seats = key;
  game.dataset.players = String(n);
  game.dataset.mode = mode;
  const where = slots(n, mode);
  for (const slot of ["top", "left", "right"]) byId(`seat-${slot}`).replaceChildren();
  for (let k = 1; k < n; k++) {
    const seat = (st.me + k) % n;
    const partner = st.partner === seat;
    const card = h("article", { class: `seat${partner ? " partner" : ""}`, "aria-labelledby": `seat-name-${seat}`,
      dataset: { seat: String(seat), place: where[k] } }, [
      h("h2", { class: "seat-name", id: `seat-name-${seat}` }, [
        h("span", { class: "turn-mark", "aria-hidden": "true", text: "▶ " }),
        h("span", { class: "seat-label" }), " ",
        h("span", { class: "difficulty" }),
        ...(partner ? [" ", h("span", { class: "partner-tag", text: LABELS.partner })] : []),
        h("span", { class: "badge away-badge", hidden: true, text: LABELS.away }),
      ]),
      h("div", { class: "backs", "aria-hidden": "true" }),
      // Tiles held and the score: on a narrow card the score goes to a line of its own
      // rather than being cut. The score's words are the server's, around the number that
      // counts up; a narrow card shows their short form.
      h("p", { class: "seat-facts" }, [
        h("span", { class: "tiles-left" }), h("span", { class: "facts-sep", text: " · " }),
        h("span", { class: "score-part" }, [
          h("span", { class: "team-word" }),
          h("span", { class: "pts-before", "aria-hidden": "true" }),
          h("span", { class: "seat-score", dataset: { value: String(st.scores[seat]) }, text: String(st.scores[seat]) }),
          h("span", { class: "points-word" }),
          h("span", { class: "pts-word", "aria-hidden": "true" }),
        ]),
      ]),
      h("p", { class: "seat-status" }),
      h("p", { class: "seat-stand-in", hidden: true }),
    ]);
    byId(`seat-${where[k]}`).append(card);
  }
}

/** @param {GameSession} g @param {Picture} st */
export function renderSeats(g, st) {
  buildSeats(st);
  const names = seatNames(st);
  const cards = st.words.cards || [];
  /** @param {HTMLElement} card @param {string} part @param {string|undefined} text */
  const put = (card, part, text) => { /** @type {HTMLElement} */ (card.querySelector(part)).textContent = text || ""; };
  for (const card of seatCards()) {
    const seat = Number(card.dataset.seat);
    const turn = st.turn === seat && !st.result;
    card.classList.toggle("turn", turn);
    /** @type {HTMLElement} */ (card.querySelector(".seat-label")).textContent = names[seat];
    const person = st.table?.seats[seat];
    const away = !!person && person.person && person.joined && !person.connected;
    card.classList.toggle("away", away);
    /** @type {HTMLElement} */ (card.querySelector(".away-badge")).hidden = !away;
    const standIn = /** @type {HTMLElement} */ (card.querySelector(".seat-stand-in"));
    standIn.textContent = person ? standInWords(person) : "";
    standIn.hidden = !standIn.textContent;
    const said = cards[seat];
    put(card, ".difficulty", said?.difficulty || "");
    put(card, ".tiles-left", said?.tiles);
    put(card, ".team-word", said?.score[0]);
    put(card, ".points-word", said?.score[2]);
    put(card, ".pts-before", said?.score_short[0]);
    put(card, ".pts-word", said?.score_short[2]);
    const size = st.hand_sizes[seat];
    const backs = /** @type {HTMLElement} */ (card.querySelector(".backs"));
    if (backs.childElementCount !== size) {
      backs.replaceChildren(...Array.from({ length: Math.min(size, 14) }, () => tileBackSVG()));
      if (size > 14) backs.append(h("span", { class: "more", text: `+${size - 14}` }));
    }
    countTo(/** @type {HTMLElement} */ (card.querySelector(".seat-score")), st.scores[seat]);
    const status = g.status[seat] || st.words.status[seat] || (turn ? LABELS.toPlay : "");
    const line = /** @type {HTMLElement} */ (card.querySelector(".seat-status"));
    line.textContent = status;
    line.hidden = !status;
  }
}

/** The screen rectangle a seat's moves start from: its card, or your hand. @param {number} seat */
export function seatRect(seat) {
  const st = state.game?.picture;
  if (st && seat === st.me) return byId("hand").getBoundingClientRect();
  const card = document.querySelector(`#game .seat[data-seat="${seat}"]`);
  return card ? card.getBoundingClientRect() : null;
}

/** @param {GameSession} g @param {Picture} st */
export function renderTable(g, st) {
  const svg = /** @type {SVGSVGElement} */ (/** @type {unknown} */ (byId("board")));
  const selected = g.selected ? st.choices.find((c) => c.tile === g.selected) : null;
  const lit = selected ? selected.lays.map((l) => String(l.end)) : [];
  const travel = g.travel;
  const fresh = travel?.kind === "lay" ? travel.tile : null;
  renderBoard(svg, st.layout, { openEnds: st.open_ends, lit, fresh,
    hint: g.hint?.end || null, played: st.played });
  if (travel?.kind === "lay" && travel.from && !reduceMotion()) {
    const tile = /** @type {SVGGraphicsElement|null} */ (svg.querySelector(`[data-tile="${travel.tile}"]`));
    if (tile) layFrom(tile, travel.from);
  }
  if (travel?.kind === "lay") g.travel = null; // travels once, not on every later redraw

  // The table's facts and its description are the server's words (none while the board is
  // drawn empty for the opening tile to travel to it).
  const said = st.words;
  const shown = Object.keys(st.open_ends).length > 0;
  byId("info-ends").textContent = shown ? said.info?.ends || "" : "";
  byId("info-count").textContent = shown ? said.info?.count || "" : "";
  byId("info-count").classList.toggle("scores", st.count_scores);
  const yard = byId("info-yard");
  yard.hidden = !st.rules.drawing;
  yard.textContent = said.info?.boneyard || "";
  const bone = byId("boneyard");
  bone.hidden = !st.rules.drawing || !st.boneyard_size;
  if (bone.childElementCount !== Math.min(3, st.boneyard_size)) {
    bone.replaceChildren(...Array.from({ length: Math.min(3, st.boneyard_size) }, () => tileBackSVG()));
  }
  byId("board-desc").textContent = said.board || "";
}
