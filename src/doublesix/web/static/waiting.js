// @ts-check
/**
 * The waiting room of a table for people (`table.stage` "waiting"): the rules, who sits where
 * and who has joined (live, from the server's `table` messages), and for the host the
 * invitation links (copied with a button, shared with the Web Share API where the device has
 * it), a computer for a seat nobody took, and "Start the game".
 *
 * What is said aloud (someone joined, the game starts) comes from the server's `text` and is
 * announced by game.js; this module draws.
 */
import { state } from "./state.js";
import { byId, button, h } from "./dom.js";
import { announce } from "./a11y.js";
import { send } from "./connection.js";
import { absoluteUrl, isLoopback } from "./people.js";
import { showView } from "./nav.js";
import { LABELS } from "./labels.js";

/** @typedef {import("./types.js").GameSession} GameSession */
/** @typedef {import("./types.js").Picture} Picture */
/** @typedef {import("./types.js").Table} Table */
/** @typedef {import("./types.js").TableSeat} TableSeat */

/** The seats whose link was copied (the button says so until the page changes game). */
const copied = new Set();
/** The game whose waiting room is drawn, and the last drawing of its seats. */
let drawnFor = "";
let drawnKey = "";

/** Whether this page shows the waiting room now. */
export function inWaitingRoom() {
  return document.body.dataset.view === "waiting";
}

/** Draw the waiting room from the picture (and show it). @param {GameSession} g @param {Picture} st */
export function renderWaiting(g, st) {
  const table = st.table;
  if (!table) return;
  const arriving = !inWaitingRoom();
  if (arriving) showView("waiting");
  if (drawnFor !== g.id) {
    drawnFor = g.id;
    drawnKey = "";
    copied.clear();
  }
  const room = st.words.room ? st.words.room : null;
  byId("waiting-title").textContent = room?.title || "";
  document.title = room?.page_title || LABELS.gamePageTitle;
  byId("waiting-caption").textContent = room?.caption || "";
  byId("waiting-rules").replaceChildren(...st.words.rules.lines.map((s) => h("li", { text: s })));

  byId("waiting-status").textContent = st.words.waiting || "";

  renderSeatList(g, st, table);
  // The host's links name the address this page is open at: a loopback one opens nowhere else.
  const loopback = byId("waiting-loopback");
  loopback.hidden = !(table.you_host && table.invites.length && isLoopback());
  loopback.textContent = loopback.hidden ? "" : LABELS.loopbackInvite;

  byId("waiting-start").hidden = !table.you_host;
  const start = button("start-button");
  start.setAttribute("aria-disabled", String(!table.can_start || !g.connected));
  if (!start.dataset.sent) start.textContent = LABELS.startGame;
  byId("start-help").textContent = table.can_start ? "" : room?.start_help || "";
  byId("game").dataset.phase = "waiting";
  // Arriving (from the form, an invitation, a reload), the focus starts at the room's heading.
  if (arriving) byId("waiting-title").focus({ preventScroll: true });
}

/**
 * The seats, one list item each; for the host, each seat nobody took yet carries its link and
 * a choice of computer. Redrawn only when something in it changed, so the focus and a
 * half-made choice stay.
 * @param {GameSession} g @param {Picture} st @param {Table} table
 */
function renderSeatList(g, st, table) {
  const key = JSON.stringify([table.seats, table.invites, table.you_host, g.connected, [...copied], !!state.options]);
  if (key === drawnKey) return;
  drawnKey = key;
  const list = byId("waiting-seats");
  const focused = document.activeElement && list.contains(document.activeElement) ? document.activeElement.id : "";
  /** @type {Record<string, string>} */
  const choices = {};
  for (const select of /** @type {NodeListOf<HTMLSelectElement>} */ (list.querySelectorAll("select"))) choices[select.id] = select.value;
  list.replaceChildren(...table.seats.map((seat) => seatItem(g, st, table, seat, choices)));
  if (focused) document.getElementById(focused)?.focus();
}

/**
 * @param {GameSession} g @param {Picture} st @param {Table} table @param {TableSeat} seat
 * @param {Record<string, string>} choices the computer chosen in each seat's list before the redraw
 */
function seatItem(g, st, table, seat, choices) {
  // The seat's line in the server's words: its number, its name, who it is to you, its state.
  const room = st.words.room ? st.words.room : null;
  const said = room?.seats[seat.seat] || { name: seat.name, who: "", badge: "", kind: "" };
  const cls = said.kind;
  const line = h("p", { class: "seat-line" }, [
    h("span", { class: "seat-number", text: room?.invites[seat.seat]?.number || "" }), " ",
    h("strong", { class: "seat-who", text: said.name }),
    said.who,
    " ",
    h("span", { class: `badge ${cls}`, text: said.badge }),
  ]);
  const parts = [line];
  const invite = table.invites.find((i) => i.seat === seat.seat);
  if (table.you_host && invite && seat.person && !seat.joined) {
    parts.push(inviteBlock(g, st, seat.seat, absoluteUrl(invite.url)), computerBlock(g, st, seat.seat, choices));
  }
  return h("li", { class: `waiting-seat ${cls}`, dataset: { seat: String(seat.seat) } }, parts);
}

/**
 * The server's names for a seat's invitation controls (each button's full name holds its
 * visible label). @param {Picture} st @param {number} seat
 */
function inviteWords(st, seat) {
  const room = st.words.room ? st.words.room : null;
  return room?.invites[seat] || { number: "", link: "", copy: "", copied: "", share: "", computer: "", copied_said: "" };
}

/** A seat's link with Copy and (where the device can) Share. @param {GameSession} g @param {Picture} st @param {number} seat @param {string} url */
function inviteBlock(g, st, seat, url) {
  const said = inviteWords(st, seat);
  const id = `invite-${seat}`;
  const field = /** @type {HTMLInputElement} */ (h("input", { id, type: "text", readonly: true, class: "invite-url", spellcheck: "false" }));
  field.value = url;
  field.addEventListener("focus", () => field.select());
  const done = copied.has(seat);
  const copy = h("button", { type: "button", id: `copy-${seat}`, class: "small", "aria-label": done ? said.copied : said.copy,
    text: done ? LABELS.copied : LABELS.copyLink });
  copy.addEventListener("click", () => copyLink(g, seat, url, field));
  const controls = [copy];
  if (typeof navigator.share === "function") {
    const share = h("button", { type: "button", id: `share-${seat}`, class: "small", "aria-label": said.share, text: LABELS.share });
    share.addEventListener("click", () => shareLink(st, url));
    controls.push(share);
  }
  return h("div", { class: "invite" }, [
    h("label", { for: id, class: "field-label", text: said.link }),
    h("div", { class: "invite-row" }, [field, ...controls]),
  ]);
}

/** The host's choice of a computer for a seat nobody took. @param {GameSession} g @param {Picture} st @param {number} seat @param {Record<string, string>} choices */
function computerBlock(g, st, seat, choices) {
  const id = `seat-player-${seat}`;
  const opponents = state.options?.opponents || [];
  const select = /** @type {HTMLSelectElement} */ (h("select", { id }, opponents.map((o) =>
    h("option", { value: o.name, text: o.choice }))));
  if (choices[id]) select.value = choices[id];
  const give = h("button", { type: "button", id: `seat-computer-${seat}`, class: "small",
    "aria-label": inviteWords(st, seat).computer, text: LABELS.seatComputer });
  give.addEventListener("click", () => {
    if (!select.value) return;
    if (send(g, { type: "seat", seat, player: select.value })) {
      give.setAttribute("aria-disabled", "true");
      announce(st.words.room?.asking[seat] || "");
    }
  });
  return h("div", { class: "seat-computer" }, [
    h("label", { for: id, text: LABELS.orComputer }), " ", select, " ", give,
  ]);
}

/** @param {GameSession} g @param {number} seat @param {string} url @param {HTMLInputElement} field */
async function copyLink(g, seat, url, field) {
  try {
    await navigator.clipboard.writeText(url);
    copied.add(seat);
    const st = g.picture;
    if (st) announce(inviteWords(st, seat).copied_said);
    if (st?.table) renderWaiting(g, st);
  } catch {
    field.focus();
    field.select();
    announce(LABELS.copyNotAllowed);
  }
}

/** @param {Picture} st @param {string} url */
async function shareLink(st, url) {
  try {
    await navigator.share({ title: LABELS.shareTitle, text: st.words.room?.share || "", url });
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") return;
    announce(LABELS.shareFailed);
  }
}

button("start-button").addEventListener("click", () => {
  const g = state.game;
  const table = g?.picture?.table;
  const start = button("start-button");
  if (!g || !table || start.getAttribute("aria-disabled") === "true") {
    if (table && !table.can_start) announce(byId("start-help").textContent || LABELS.notEveryoneHere);
    return;
  }
  if (send(g, { type: "start" })) {
    start.dataset.sent = "true";
    start.textContent = LABELS.starting;
    start.setAttribute("aria-disabled", "true");
  }
});

/** The page left the waiting room (the game started, or another page opened). */
export function resetWaiting() {
  const start = button("start-button");
  delete start.dataset.sent;
  start.textContent = LABELS.startGame;
}
