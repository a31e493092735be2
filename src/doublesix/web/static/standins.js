// @ts-check
/**
 * People away from a table in play: a note on the table says who is away and who plays for
 * them, and anyone at the table may let a computer play for someone away at least a minute
 * (the server's `seat` message), the host too. The person takes the seat back by coming back; the server does that.
 */
import { state } from "./state.js";
import { byId, h, sentences } from "./dom.js";
import { announce } from "./a11y.js";
import { send } from "./connection.js";
import { openDialog, closeDialog } from "./dialogs.js";
import { awayNow, handoverAfter } from "./people.js";

/** @typedef {import("./types.js").GameSession} GameSession */
/** @typedef {import("./types.js").Picture} Picture */
/** @typedef {import("./types.js").TableSeat} TableSeat */

/** The seat the hand-over dialog is about. */
let handingOver = -1;
/** The last drawing of the note's buttons, so a redraw keeps their focus. */
let drawnKey = "";

/**
 * The note on the table about people away: who, whose turn it is, who plays for whom; "Let a
 * computer play for Bea" once Bea has been away long enough (redrawn when that time comes).
 * The sentences are the server's: the table's `words` and each seat's.
 * @param {GameSession} g @param {Picture} st
 */
export function renderTableNotice(g, st) {
  const box = byId("table-notice");
  const table = st.table;
  clearTimeout(g.handoverTimer);
  g.handoverTimer = undefined;
  const away = table && table.stage === "playing"
    ? table.seats.filter((s) => s.person && s.joined && !s.connected && s.seat !== st.me)
    : [];
  if (!table || !away.length) {
    if (box.contains(document.activeElement)) /** @type {HTMLElement} */ (byId("main")).focus({ preventScroll: true });
    box.hidden = true;
    drawnKey = "";
    return;
  }
  const limit = handoverAfter(table);
  // Every sentence is the server's (the table's and each seat's `words`).
  const words = away.map((s) => (s.stand_in
    ? s.words?.stand_in
    : st.turn === s.seat && !st.result ? s.words?.away_turn : s.words?.away) || "");
  const eligible = away.filter((s) => !s.stand_in && awayNow(s, g.tableAt) >= limit);
  const later = away.filter((s) => !s.stand_in && awayNow(s, g.tableAt) < limit);
  if (later.length) {
    // Come back when the first of them has been away long enough.
    const wait = Math.min(...later.map((s) => limit - awayNow(s, g.tableAt)));
    g.handoverTimer = setTimeout(() => {
      if (state.game === g && g.picture) renderTableNotice(g, g.picture);
    }, Math.max(1, wait) * 1000 + 50);
  }
  // Everyone at the table learns that a computer may play for someone away, and when.
  if (later.length && table.words?.later) words.push(table.words.later);
  byId("table-notice-text").textContent = sentences(...words);
  const key = JSON.stringify(eligible.map((s) => [s.seat, s.name]));
  if (key !== drawnKey) {
    // A button appearing is said, once: "Bea has been away a minute: you may let a computer
    // play for Bea."
    const before = new Set(drawnKey ? JSON.parse(drawnKey).map((/** @type {[number, string]} */ [seat]) => seat) : []);
    for (const s of eligible) if (!before.has(s.seat)) announce(s.words?.may_hand_over || "");
    drawnKey = key;
    const focused = document.activeElement?.closest?.("#table-notice-actions") ? document.activeElement.id : "";
    byId("table-notice-actions").replaceChildren(...eligible.map((s) => {
      const b = h("button", { type: "button", class: "small", id: `hand-over-${s.seat}`, text: s.words?.hand_over || s.name });
      b.addEventListener("click", () => openHandover(s));
      return b;
    }));
    if (focused) document.getElementById(focused)?.focus({ preventScroll: true });
  }
  box.hidden = false;
}

/** @param {TableSeat} seat */
function openHandover(seat) {
  handingOver = seat.seat;
  byId("handover-title").textContent = seat.words?.hand_over || seat.name;
  byId("handover-text").textContent = seat.words?.hand_over_text || "";
  const opponents = state.options?.opponents || [];
  byId("handover-choices").replaceChildren(...opponents.map((o, i) => h("label", {}, [
    h("input", { type: "radio", name: "handover-player", value: o.name, checked: i === 0 }),
    ` ${o.choice}`,
  ])));
  openDialog("handover-dialog");
}

byId("handover-form").addEventListener("submit", (event) => {
  const submitter = /** @type {SubmitEvent} */ (event).submitter;
  const g = state.game;
  const table = g?.picture?.table;
  if (!g || !table || !(submitter instanceof HTMLButtonElement) || submitter.value !== "seat") return;
  const chosen = /** @type {HTMLInputElement|null} */ (byId("handover-choices").querySelector("input:checked"));
  const seat = table.seats[handingOver];
  if (!chosen || !seat) return;
  if (send(g, { type: "seat", seat: handingOver, player: chosen.value })) {
    announce(seat.words?.asking || "");
  }
});

/** Close the dialog when the seat it is about is no longer away. @param {Picture} st */
export function checkHandoverDialog(st) {
  const seat = st.table?.seats[handingOver];
  if (seat && (seat.connected || seat.stand_in)) closeDialog("handover-dialog");
}

/** Who is not here, for the reading keys: the server's "Bea is away." ("" when everyone is). @param {Picture} st */
export function awaySentence(st) {
  return st.table?.words?.away || "";
}
