// @ts-check
/**
 * Your side of the table: your tiles, Draw and Hint, and every way of playing a tile (tap or
 * click, Enter, a drag to an end, the end buttons and the L/R/U/D keys).
 *
 * The hand is one Tab stop (the WAI-ARIA toolbar pattern): the arrow keys move between tiles,
 * Home and End go to the first and last; the tile you were on keeps the stop. Which tiles fit,
 * at which ends, what each end scores and whether to ask come from the picture's `choices`; this
 * module decides none of it.
 */
import { state, canAct } from "./state.js";
import { byId, button, h, marked, sentences } from "./dom.js";
import { KEYS, LABELS } from "./labels.js";
import { tileSVG, tileBackSVG } from "./board.js";
import { announce } from "./a11y.js";
import { screenMode } from "./table.js";
import { countTo } from "./motion.js";

/** @typedef {import("./types.js").Picture} Picture */
/** @typedef {import("./types.js").GameSession} GameSession */
/** @typedef {import("./types.js").Lay} Lay */

// What the hand asks of the game (game.js), given at start-up by app.js with `setHandActions`.
/** Send a move in the server's notation ("6|4 left", "draw", "pass"). @type {(move: string) => void} */
let play = () => {};
/** Draw the game screen again from the picture. @type {() => void} */
let renderGame = () => {};

/** @param {{play: (move: string) => void, renderGame: () => void}} game */
export function setHandActions(game) {
  ({ play, renderGame } = game);
}

/** What the server says of one tile: its lays and whether to ask. @param {Picture} st @param {string} tile */
export function choiceOf(st, tile) {
  return st.choices.find((c) => c.tile === tile);
}

/** What the server says of one tile of the hand (its name, its refusals). @param {Picture} st @param {string} tile */
export function tileWords(st, tile) {
  return (st.words.tiles || []).find((t) => t.tile === tile);
}

/** The tiles that may be laid now, in hand order. @param {Picture} st */
export function playableTiles(st) {
  return st.choices.map((c) => c.tile);
}

/** The single keys that choose an end (L, R, U, D in English: the page's language's), and the end each chooses. */
const END_KEYS = /** @type {Record<string, string>} */ (Object.fromEntries(
  ["left", "right", "up", "down"].map((end) => [KEYS[/** @type {keyof typeof KEYS} */ (end)], end])));

/** The key that chooses an end, as its key cap shows it ("L"). @param {string} end */
const keyOf = (end) => (Object.keys(END_KEYS).find((key) => END_KEYS[key] === end) || "").toUpperCase();

// ---------------------------------------------------------------------------------------------
// Rendering

/** @param {GameSession} g @param {Picture} st */
export function renderMe(g, st) {
  const act = canAct(g);
  // The bottom seat to move: the person's turn, or for a watcher the first seat's.
  const bottomTurn = st.turn === st.me && !st.result;
  const myTurn = bottomTurn && !st.watching;
  // Your name and your partner's, each in its own direction (the server's words, marked).
  const page = st.words;
  byId("me-name").replaceChildren(...marked(page.me_name || []));
  countTo(byId("me-score"), st.scores[st.me]);
  byId("me").classList.toggle("turn", bottomTurn);
  // The server's status line (the hand over, what to do on your turn, whom you wait for),
  // unless this page is busy: connecting, sending, or still saying what happened.
  const said = page.me_status || "";
  let status = "";
  if (st.result) status = said;
  else if (!g.connected) status = LABELS.waitingForConnection;
  else if (myTurn && g.pending) status = LABELS.sending;
  else if (myTurn && !g.ready) status = LABELS.turnComing;
  else if (act && g.selected) status = choiceOf(st, g.selected)?.words?.where || "";
  else if (act) status = said;
  else if (st.turn !== null) {
    // A person away, or played for by a computer: the server's words for their seat.
    const away = st.table?.seats[st.turn];
    const note = away?.stand_in ? away.words?.waiting_stand_in : away && away.person && !away.connected ? away.words?.waiting_away : null;
    status = note || said;
  }
  byId("me-status").textContent = status;

  if (st.watching) renderWatchedHand(st);
  else renderHand(g, st, act);
  renderEndChoice(g, st, act);
  // A refused tile's note stays until the picture changes (or it times out).
  if (st.revision !== noteFor) byId("hand-note").hidden = true;

  const draw = button("draw-button");
  const hint = button("hint-button");
  const undo = button("undo-button");
  undo.hidden = !st.can_undo;
  undo.textContent = LABELS.takeBack;
  undo.disabled = !g.connected || g.pending;
  const canDraw = act && st.legal.some((m) => m.move === "draw");
  // A control about to be disabled under the keyboard's focus hands the focus to your hand,
  // so it is never lost to the page; but Draw keeps it while your turn goes on with nothing
  // that fits (between one draw and the next it only waits, and a press does nothing).
  const focused = document.activeElement;
  const drawing = myTurn && st.legal.some((m) => m.move === "draw");
  const keepDraw = focused === draw && drawing;
  const losing = (focused === draw && !canDraw && !keepDraw) || (focused === hint && !act);
  draw.hidden = !st.rules.drawing;
  draw.disabled = !canDraw && !keepDraw;
  draw.setAttribute("aria-disabled", String(!canDraw));
  draw.classList.toggle("hinted", g.hint?.move === "draw");
  draw.title = canDraw ? page.draw || "" : LABELS.drawWhenNothingFits;
  hint.disabled = !act;
  hint.hidden = !!g.lesson; // in a lesson, the coach says what to play
  // When a game opens (nothing has the focus yet) the focus goes to your hand at once; after a
  // result, once you can play.
  const idle = !focused || focused === document.body || focused.id === "main";
  const lost = losing || (g.focusHand && (act || (idle && st.hand.length > 0)));
  if (lost && !document.querySelector("dialog[open]")) {
    g.focusHand = false;
    /** @type {HTMLElement|null} */ (byId("hand").querySelector('[tabindex="0"]'))?.focus({ preventScroll: true });
  }
  const resultOpen = /** @type {HTMLDialogElement} */ (byId("result-dialog")).open;
  byId("show-result").hidden = !(st.result || st.over) || resultOpen;
  if (!g.hint) byId("hint-text").hidden = true;
}

/**
 * A watcher's bottom row: the seat's tiles face down, named by the server's words.
 * @param {Picture} st
 */
function renderWatchedHand(st) {
  const hand = byId("hand");
  hand.dataset.label ??= hand.getAttribute("aria-label") || "";
  hand.setAttribute("aria-label", st.words.hand || "");
  const size = st.hand_sizes[st.me];
  if (hand.dataset.backs !== String(size)) {
    hand.dataset.backs = String(size);
    hand.replaceChildren(...Array.from({ length: size }, () => h("span", { class: "tile-back" }, [tileBackSVG()])));
  }
}

/** @param {GameSession} g @param {Picture} st @param {boolean} act */
function renderHand(g, st, act) {
  const hand = byId("hand");
  if (hand.dataset.backs !== undefined) {  // was a watcher's: your own tiles again
    delete hand.dataset.backs;
    hand.replaceChildren();
    hand.setAttribute("aria-label", hand.dataset.label || "");
  }
  const active = /** @type {HTMLElement|null} */ (document.activeElement);
  const hadFocus = !!active && hand.contains(active);
  const focusedIndex = hadFocus ? [...hand.children].indexOf(active) : -1;
  const previous = [...hand.children].map((b) => /** @type {HTMLElement} */ (b).dataset.tile);
  // The tile that holds the Tab stop: the one you were on while it is still in your hand (and
  // playable, on your turn), else the first that fits, else the first.
  const playable = act ? playableTiles(st) : [];
  let stop = g.focusTile && st.hand.includes(g.focusTile) ? g.focusTile : null;
  if (stop && act && playable.length && !playable.includes(stop) && !hadFocus) stop = null;
  if (!stop) stop = playable[0] || st.hand[Math.min(Math.max(focusedIndex, 0), st.hand.length - 1)] || null;
  g.focusTile = stop;

  const buttons = st.hand.map((tile) => {
    const choice = act ? choiceOf(st, tile) : undefined;
    const ends = (choice?.lays || []).map((l) => l.end || "lead");
    const fits = ends.length > 0;
    const hinted = g.hint?.tile === tile;
    const el = h("button", {
      type: "button",
      class: `hand-tile${fits ? " playable" : ""}${g.selected === tile ? " selected" : ""}${hinted ? " hinted" : ""}${previous.length && !previous.includes(tile) ? " new" : ""}`,
      tabindex: tile === stop ? "0" : "-1",
      // Its name is the server's; chosen, it is pressed; the hint's line describes it.
      "aria-label": tileWords(st, tile)?.label || tile,
      "aria-pressed": g.selected === tile ? "true" : undefined,
      "aria-describedby": hinted ? "hint-text" : undefined,
      dataset: { tile, ends: ends.join(" "), ask: String(!!choice?.asks) },
    }, [tileSVG(tile)]);
    if (hinted) el.append(h("span", { class: "hint-badge", "aria-hidden": "true", text: LABELS.hintBadge }));
    el.addEventListener("click", (e) => {
      if (state.drag.suppressClick) {
        state.drag.suppressClick = false;
        e.preventDefault();
        return;
      }
      g.focusTile = tile;
      chooseTile(tile);
    });
    el.addEventListener("focus", () => {
      g.focusTile = tile;
      for (const b of hand.querySelectorAll("button")) b.setAttribute("tabindex", b === el ? "0" : "-1");
    });
    el.addEventListener("pointerdown", (e) => dragStart(e, tile, el));
    return el;
  });
  hand.replaceChildren(...buttons);
  hand.classList.toggle("choosing", playable.length > 0);
  hand.dataset.count = String(buttons.length);
  fitHand();
  // The focus stays in the hand, on the tile that holds the stop: the one it was on, or the
  // tile just drawn that fits (game.js points `focusTile` at it).
  if (hadFocus && !g.selected) {
    const again = /** @type {HTMLElement|null} */ (hand.querySelector('[tabindex="0"]'))
      || /** @type {HTMLElement|null} */ (hand.querySelector(`[data-tile="${active?.dataset.tile}"]`));
    again?.focus({ preventScroll: true });
  }
}

/** The narrowest a hand tile is drawn when the screen allows: its button is then 44 px wide
 * (the least touch target the platforms ask for). */
const LEAST_TILE = 34;

/**
 * Size the hand's tiles so the whole hand fits its share of the screen, in as few rows as keep
 * the tiles large: `--tile-w` on the hand. A hand whose tiles would be narrower than
 * `LEAST_TILE` takes more of the screen's height (more rows) to keep them that wide.
 */
export function fitHand() {
  const hand = byId("hand");
  const n = hand.childElementCount;
  if (!n) return;
  const width = hand.clientWidth;
  if (!width) return;
  const vh = window.innerHeight;
  const mode = screenMode();
  const share = mode === "tall" ? 0.26 : mode === "short" ? 0.3 : 0.22;
  const biggest = mode === "short" ? Math.max(LEAST_TILE, Math.min(40, vh * 0.075)) : Math.min(60, Math.max(LEAST_TILE, vh * 0.058));
  const gap = 4, pad = 10, raise = 22;
  /** The widest tile that fits in `part` of the screen's height. @param {number} part */
  const widest = (part) => {
    const maxHeight = Math.max(70, vh * part);
    let best = 12;
    for (let rows = 1; rows <= 6; rows++) {
      const perRow = Math.ceil(n / rows);
      const byWidth = (width - (perRow - 1) * gap) / perRow - pad;
      const byHeight = ((maxHeight - raise * rows) / rows - pad) / 2;
      const w = Math.floor(Math.min(biggest, byWidth, byHeight));
      if (w > best) best = w;
    }
    return best;
  };
  let best = widest(share);
  if (best < LEAST_TILE) best = Math.max(best, Math.min(LEAST_TILE, widest(mode === "tall" ? 0.4 : share + 0.06)));
  hand.style.setProperty("--tile-w", `${best}px`);
}

/** @param {GameSession} g @param {Picture} st @param {boolean} act */
function renderEndChoice(g, st, act) {
  const box = byId("end-choice");
  const choice = act && g.selected ? choiceOf(st, g.selected) : undefined;
  // The strip stands in your row in place of the status line (which would say the same).
  byId("me-status").hidden = !!choice;
  if (!choice) {
    if (box.contains(document.activeElement)) focusHandNear(g.selected || "");
    box.hidden = true;
    return;
  }
  box.hidden = false;
  byId("end-choice-text").textContent = choice.words?.where || "";
  const had = document.activeElement?.closest?.("#end-buttons") ? /** @type {HTMLElement} */ (document.activeElement).dataset.end : null;
  byId("end-buttons").replaceChildren(...choice.lays.map((lay) => {
    const end = String(lay.end);
    const hinted = g.hint?.end === end && g.hint?.tile === g.selected;
    // Its name in full ("Left end 4, scores 10"), and on a narrow screen the board's own label
    // for the end with what it scores ("L 4 +10"): both the server's words.
    const b = h("button", { type: "button", class: `end-button${hinted ? " hinted" : ""}`, dataset: { end } }, [
      h("span", { class: "end-long" }, [lay.words?.name || end,
        state.settings.shortcuts ? h("kbd", { "aria-hidden": "true", text: keyOf(end) }) : ""]),
      h("span", { class: "end-short", "aria-hidden": "true", text: lay.words?.short || end }),
    ]);
    b.addEventListener("click", () => chooseEnd(end));
    return b;
  }));
  if (had) /** @type {HTMLElement|null} */ (byId("end-buttons").querySelector(`[data-end="${had}"]`))?.focus();
}

// ---------------------------------------------------------------------------------------------
// Choosing a tile and an end

/** How long a refused tile's note stays, at most (ms). */
const NOTE_MS = 5000;
/** The picture the note was shown on (it goes when the picture changes), and its timer. */
let noteFor = /** @type {number|null|undefined} */ (undefined);
let noteTimer = /** @type {ReturnType<typeof setTimeout>|undefined} */ (undefined);

/**
 * A tile that cannot be used now: why, said and shown in a note over the hand (the server's
 * sentence), and the tile shakes (styles.css: not under reduced motion).
 * @param {Picture} st @param {string} tile @param {string} text
 */
function refuse(st, tile, text) {
  announce(text);
  const note = byId("hand-note");
  note.textContent = text;
  note.hidden = false;
  noteFor = st.revision;
  clearTimeout(noteTimer);
  noteTimer = setTimeout(() => { note.hidden = true; }, NOTE_MS);
  const el = byId("hand").querySelector(`[data-tile="${tile}"]`);
  if (!el) return;
  el.classList.remove("refused");
  void (/** @type {HTMLElement} */ (el).offsetWidth); // restart the shake
  el.classList.add("refused");
}

/** The player tapped or clicked a hand tile (or pressed Enter on it). @param {string} tile */
export function chooseTile(tile) {
  const g = state.game;
  const st = g?.picture;
  if (!g || !st || st.result) return;
  if (!g.connected) {
    announce(LABELS.notConnected);
    return;
  }
  if (st.turn !== st.me || !g.ready) {
    refuse(st, tile, tileWords(st, tile)?.wait || tile);
    return;
  }
  if (g.pending) return;
  const choice = choiceOf(st, tile);
  if (!choice) {
    refuse(st, tile, tileWords(st, tile)?.refused || tile);
    return;
  }
  if (g.selected === tile) {
    cancelChoice();
    return;
  }
  if (!choice.asks) {
    play(choice.lays[0].move);
    return;
  }
  g.selected = tile;
  renderGame();
  const said = choice.words;
  if (said) announce(sentences(said.question, state.settings.shortcuts ? said.keys : said.choose));
  /** @type {HTMLElement|null} */ (byId("end-buttons").querySelector("button"))?.focus();
}

/** @param {string} end */
export function chooseEnd(end) {
  const g = state.game;
  const st = g?.picture;
  if (!g || !st || !g.selected) return;
  const lay = choiceOf(st, g.selected)?.lays.find((l) => l.end === end);
  if (!lay) {
    refuse(st, g.selected, tileWords(st, g.selected)?.ends[end] || g.selected);
    return;
  }
  const tile = g.selected;
  play(lay.move);
  focusHandNear(tile);
}

export function cancelChoice() {
  const g = state.game;
  if (!g?.selected) return;
  const tile = g.selected;
  g.selected = null;
  renderGame();
  announce(LABELS.choiceCancelled);
  focusHandNear(tile);
}

/** Keep focus in the hand, on the tile or next to where it was. @param {string} tile */
export function focusHandNear(tile) {
  requestAnimationFrame(() => {
    const hand = byId("hand");
    const same = /** @type {HTMLElement|null} */ (hand.querySelector(`[data-tile="${tile}"]`));
    const stop = /** @type {HTMLElement|null} */ (hand.querySelector('[tabindex="0"]'));
    (same || stop || byId("hint-button")).focus({ preventScroll: true });
  });
}

// ---------------------------------------------------------------------------------------------
// Keys: the hand's arrows (one Tab stop), and single keys while focus is in the game (WCAG 2.1.4)

byId("hand").addEventListener("keydown", (e) => {
  const tiles = /** @type {HTMLElement[]} */ ([...byId("hand").querySelectorAll("button")]);
  const at = tiles.indexOf(/** @type {HTMLElement} */ (e.target));
  if (at < 0 || e.altKey || e.ctrlKey || e.metaKey) return;
  /** @type {Record<string, number>} */
  const moves = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: tiles.length - 1 };
  if (!(e.key in moves)) return;
  e.preventDefault();
  const next = tiles[Math.max(0, Math.min(tiles.length - 1, moves[e.key]))];
  next.focus();
});

/**
 * The single-key shortcuts, in the page's language (KEYS; English's named here): L, R, U, D
 * choose an end for the chosen tile; D draws when no tile is chosen (drawing is allowed only
 * when nothing fits, so no tile can be); H, E, S read. The page's key caps (`data-key`) and
 * the draw button's `aria-keyshortcuts` show the same letters.
 * @param {{hand: () => void, ends: () => void, scores: () => void}} reading the reading keys' actions
 * @param {() => void} draw the Draw button's action
 */
export function listenForKeys(reading, draw) {
  /** @type {Record<string, () => void>} */
  const readers = { [KEYS.hand]: reading.hand, [KEYS.ends]: reading.ends, [KEYS.scores]: reading.scores };
  for (const cap of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-key]"))) {
    cap.textContent = (KEYS[/** @type {keyof typeof KEYS} */ (cap.dataset.key)] || "").toUpperCase();
  }
  byId("draw-button").setAttribute("aria-keyshortcuts", KEYS.draw.toUpperCase());
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && state.game?.selected && !document.querySelector("dialog[open]")) {
      e.preventDefault();
      cancelChoice();
      return;
    }
    if (!state.settings.shortcuts || e.ctrlKey || e.metaKey || e.altKey) return;
    const target = e.target instanceof HTMLElement ? e.target : null;
    if (!target || !target.closest("#game")) return;
    if (target.closest("input, textarea, select, [contenteditable]")) return;
    if (!state.game?.picture) return;
    const key = e.key.toLowerCase();
    const ends = END_KEYS;
    if (key in ends && state.game.selected) {
      e.preventDefault();
      chooseEnd(ends[key]);
      return;
    }
    if (key === KEYS.draw) {
      e.preventDefault();
      if (canAct(state.game) && state.game.picture.legal.some((m) => m.move === "draw")) draw();
      else if (state.game.picture.rules.drawing) announce(/** @type {HTMLButtonElement} */ (byId("draw-button")).title);
      return;
    }
    if (key in ends) return;
    if (key in readers) {
      e.preventDefault();
      readers[key]();
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Dragging a tile to an end with pointer events (mouse, pen and touch)

/** @param {PointerEvent} e @param {string} tile @param {HTMLElement} el */
function dragStart(e, tile, el) {
  const g = state.game;
  const st = g?.picture;
  if (!g || !st || !canAct(g) || !choiceOf(st, tile) || e.button !== 0) return;
  const drag = state.drag;
  drag.tile = tile;
  drag.pointer = e.pointerId;
  drag.x = e.clientX;
  drag.y = e.clientY;
  drag.active = false;
  drag.source = el;
  drag.suppressClick = false;
  try {
    el.setPointerCapture(e.pointerId);
  } catch {
    // capture is a convenience
  }
}

document.addEventListener("pointermove", (e) => {
  const drag = state.drag;
  if (drag.tile === null || e.pointerId !== drag.pointer) return;
  if (!drag.active) {
    if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 8) return;
    drag.active = true;
    if (state.game) state.game.selected = drag.tile;
    renderGame();
    const ghost = h("div", { class: "drag-ghost", "aria-hidden": "true" }, [tileSVG(drag.tile)]);
    document.body.append(ghost);
    drag.ghost = ghost;
    drag.source?.classList.add("dragging");
  }
  e.preventDefault();
  if (drag.ghost) {
    drag.ghost.style.left = `${e.clientX}px`;
    drag.ghost.style.top = `${e.clientY}px`;
  }
  const over = endAt(e.clientX, e.clientY);
  document.querySelectorAll(".end-spot.over").forEach((el) => el.classList.remove("over"));
  if (over) over.classList.add("over");
}, { passive: false });

/** The end target under a point: an end spot on the board or an end button. @param {number} x @param {number} y */
function endAt(x, y) {
  for (const el of document.elementsFromPoint(x, y)) {
    const spot = /** @type {HTMLElement|null} */ (el.closest?.("[data-end]"));
    if (spot) return spot;
  }
  // Forgive a near miss: the nearest end spot within a tile's length.
  /** @type {HTMLElement|null} */
  let best = null;
  let bestDist = Infinity;
  for (const spot of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".end-spot"))) {
    const r = spot.getBoundingClientRect();
    const d = Math.hypot(r.left + r.width / 2 - x, r.top + r.height / 2 - y);
    if (d < bestDist && d < Math.max(r.width, r.height) * 1.2) {
      best = spot;
      bestDist = d;
    }
  }
  return best;
}

/** @param {PointerEvent} e */
function dragEnd(e) {
  const drag = state.drag;
  if (drag.tile === null || e.pointerId !== drag.pointer) return;
  const tile = drag.tile;
  const wasActive = drag.active;
  drag.ghost?.remove();
  drag.ghost = null;
  drag.source?.classList.remove("dragging");
  drag.tile = null;
  drag.active = false;
  document.querySelectorAll(".end-spot.over").forEach((el) => el.classList.remove("over"));
  const g = state.game;
  if (!wasActive || e.type === "pointercancel") {
    if (wasActive && g) {
      g.selected = null;
      renderGame();
    }
    return;
  }
  drag.suppressClick = true;
  setTimeout(() => { drag.suppressClick = false; }, 400);
  const st = g?.picture;
  if (!g || !st) return;
  const choice = choiceOf(st, tile);
  const spot = endAt(e.clientX, e.clientY);
  const end = spot?.dataset.end;
  const lay = end ? choice?.lays.find((l) => l.end === end) : undefined;
  const box = byId("table").getBoundingClientRect();
  const onTable = e.clientX >= box.left && e.clientX <= box.right && e.clientY >= box.top && e.clientY <= box.bottom;
  g.selected = null;
  // The focus stays in your hand (where H, E and S work), on the tile or next to where it was.
  focusHandNear(tile);
  if (lay) play(lay.move);
  else if (onTable && choice && !choice.asks) play(choice.lays[0].move);
  else {
    renderGame();
    const said = tileWords(st, tile);
    refuse(st, tile, (end ? said?.ends[end] : said?.drop) || tile);
  }
}
document.addEventListener("pointerup", dragEnd);
document.addEventListener("pointercancel", dragEnd);

// Tapping a lit end on the board chooses it.
byId("board").addEventListener("click", (e) => {
  const spot = /** @type {Element} */ (e.target).closest?.("[data-end]");
  if (spot && state.game?.selected) chooseEnd(/** @type {HTMLElement} */ (spot).dataset.end || "");
});
byId("end-cancel").addEventListener("click", cancelChoice);
