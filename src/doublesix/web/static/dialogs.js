// @ts-check
/**
 * The dialogs besides the result: the rules (of the chosen game, in the server's words), the
 * settings, the game menu, and what opens on demand during a game: the scoresheet, what
 * happened this hand, and the tiles played.
 */
import { state, saveSettings, reduceMotion } from "./state.js";
import { byId, button, input, h, failed } from "./dom.js";
import { LABELS } from "./labels.js";
import { announce } from "./a11y.js";
import { loadOptions, rulesWords } from "./api.js";
import * as sound from "./sound.js";
import { seatNames } from "./people.js";
import { showLook } from "./settings.js";

/** @typedef {import("./types.js").Picture} Picture */
/** @typedef {import("./types.js").RulesWords} RulesWords */

/** @param {string} id */
export function openDialog(id) {
  const dialog = /** @type {HTMLDialogElement} */ (byId(id));
  if (!dialog.open) dialog.showModal();
  dialog.scrollTop = 0;
}

/** @param {string} id */
export function closeDialog(id) {
  const dialog = /** @type {HTMLDialogElement} */ (byId(id));
  if (dialog.open) dialog.close();
}

// ---------------------------------------------------------------------------------------------
// Rules

/**
 * The rules dialog for the rules a form holds: the server describes them (`POST /api/rules`,
 * the catalogue's words for exactly these rules).
 * @param {Record<string, string|number|boolean>} rules
 */
export async function showRules(rules) {
  try {
    await loadOptions();
    showRulesWords(await rulesWords(rules));
  } catch (err) {
    byId("rules-body").textContent = failed(LABELS.rulesFailed, err);
    openDialog("rules-dialog");
  }
}

/** The rules dialog with the server's words for a game's rules. @param {RulesWords} words */
export function showRulesWords(words) {
  byId("rules-title").textContent = words.title;
  byId("rules-body").replaceChildren(h("ul", { class: "rule-list" }, words.lines.map((s) => h("li", { text: s }))));
  openDialog("rules-dialog");
}

// ---------------------------------------------------------------------------------------------
// Settings and sound

/** Apply the settings to the page (sound buttons, reduced motion) and keep them. */
export function applySettings() {
  saveSettings();
  const on = state.settings.sound;
  for (const id of ["sound-button", "menu-sound"]) {
    const b = byId(id);
    // A toggle keeps one name ("Sound"); whether it is on is its pressed state (and, to the
    // eye, its mark).
    b.setAttribute("aria-pressed", String(on));
    const mark = b.querySelector(".toggle-state");
    if (mark) mark.textContent = on ? LABELS.on : LABELS.off;
  }
  document.documentElement.classList.toggle("reduce-motion", reduceMotion());
  document.body.classList.toggle("no-shortcuts", !state.settings.shortcuts);
}

/** A pause given in milliseconds, in seconds as the page's language writes them ("0.7 seconds"). @param {number} ms */
function seconds(ms) {
  return new Intl.NumberFormat(LABELS.locale, { style: "unit", unit: "second", unitDisplay: "long",
    maximumFractionDigits: 2 }).format(ms / 1000);
}

/** The pace's slider and its output say the pause in seconds. @param {number} ms */
function showDelay(ms) {
  const said = seconds(ms);
  byId("set-delay-out").textContent = said;
  input("set-delay").setAttribute("aria-valuetext", said);
}

export function openSettings() {
  const s = state.settings;
  input("set-delay").value = String(s.delay);
  showDelay(s.delay);
  input("set-sound").checked = s.sound;
  input("set-keys").checked = s.shortcuts;
  input("set-motion").checked = s.reduceMotion;
  input("set-autodraw").checked = s.autodraw;
  showLook();
  openDialog("settings-dialog");
}

byId("settings-form").addEventListener("input", (event) => {
  if (/** @type {HTMLInputElement} */ (event.target).type === "radio") return; // the look: settings.js
  const s = state.settings;
  s.delay = Number(input("set-delay").value);
  showDelay(s.delay);
  s.sound = input("set-sound").checked;
  s.shortcuts = input("set-keys").checked;
  s.reduceMotion = input("set-motion").checked;
  s.autodraw = input("set-autodraw").checked;
  applySettings();
});

export function toggleSound() {
  state.settings.sound = !state.settings.sound;
  applySettings();
  announce(state.settings.sound ? LABELS.soundOn : LABELS.soundOff);
  if (state.settings.sound) sound.play("turn");
}

// ---------------------------------------------------------------------------------------------
// On demand during a game: the scoresheet, the log, the tiles played

/**
 * The scoresheet, the same in the result and the game menu: every seat's points in each hand,
 * how the hand ended (the server's words), the totals row, then the totals in the server's
 * sentence. Its rows scroll under the kept header and totals where the window is short (a
 * phone on its side): see `showSheetEnd`.
 * @param {Picture} st
 */
export function sheetTable(st) {
  const names = seatNames(st);
  const rows = st.scoresheet;
  const totals = h("p", { class: "totals", text: st.words.totals });
  if (!rows.length) return h("div", { class: "result-sheet" }, [h("p", { text: LABELS.noHandYet }), totals]);
  const head = h("tr", {}, [h("th", { scope: "col", text: LABELS.hand }),
    ...names.map((name) => h("th", { scope: "col", text: name })), h("th", { scope: "col", text: LABELS.how })]);
  const body = rows.map((row, k) => {
    const before = k ? rows[k - 1].scores : names.map(() => 0);
    const scored = row.scored || row.scores.map((total, seat) => total - before[seat]);
    return h("tr", {}, [h("th", { scope: "row", text: String(row.hand) }),
      ...scored.map((points, seat) => h("td", { class: row.winner === seat ? "sheet-won" : "",
        text: String(points) })),
      h("td", { text: row.how })]);
  });
  const last = rows[rows.length - 1].scores;
  const foot = h("tr", {}, [h("th", { scope: "row", text: LABELS.total }),
    ...last.map((total) => h("td", { text: String(total) })), h("td", {})]);
  return h("div", { class: "result-sheet" }, [
    h("div", { class: "sheet-scroll", tabindex: "0", role: "region", "aria-label": LABELS.scoresheet }, [
      h("table", { class: "sheet-table" }, [h("thead", {}, [head]), h("tbody", {}, body), h("tfoot", {}, [foot])]),
    ]),
    totals,
  ]);
}

/** Scroll a scoresheet's rows to the last hand (where they scroll). @param {Element} within */
export function showSheetEnd(within) {
  const scroll = within.querySelector(".sheet-scroll");
  if (scroll) scroll.scrollTop = scroll.scrollHeight;
}

/**
 * The tiles played: every tile of the set drawn in rows (to the eye: played, in your hand, not
 * seen), and the server's sentences saying the same for a screen reader.
 * @param {Picture} st
 */
function renderTracker(st) {
  const top = st.rules.set;
  const played = new Set(st.played);
  const mine = new Set(st.hand);
  const rows = [];
  for (let high = top; high >= 0; high--) {
    const cells = [];
    for (let low = high; low >= 0; low--) {
      const t = `${high}|${low}`;
      const isPlayed = played.has(t);
      const isMine = mine.has(t);
      cells.push(h("span", { class: `trk${isPlayed ? " out" : ""}${isMine ? " mine" : ""}`,
        text: `${t}${isPlayed ? "✓" : isMine ? "•" : ""}` }));
    }
    rows.push(h("div", { class: "trk-row" }, cells));
  }
  const said = st.words.tracker;
  byId("tracker-count").textContent = said?.count || "";
  byId("tracker").replaceChildren(
    h("div", { "aria-hidden": "true" }, [h("p", { class: "small-print", text: LABELS.trackerKey }), ...rows]),
    h("div", { class: "visually-hidden" }, (said?.lines || []).map((line) => h("p", { text: line }))));
}

/** Keep the on-demand dialogs up to date while they are open. @param {Picture} st */
export function renderInfoDialogs(st) {
  if (/** @type {HTMLDialogElement} */ (byId("tracker-dialog")).open) renderTracker(st);
  if (/** @type {HTMLDialogElement} */ (byId("sheet-dialog")).open) byId("scoresheet").replaceChildren(sheetTable(st));
}

/** @param {"sheet"|"log"|"tracker"} which */
export function openInfo(which) {
  const st = state.game?.picture;
  if (!st) return;
  if (which === "sheet") byId("scoresheet").replaceChildren(sheetTable(st));
  if (which === "tracker") renderTracker(st);
  openDialog(`${which}-dialog`);
  if (which === "sheet") showSheetEnd(byId("scoresheet"));
  if (which === "log") byId("log").lastElementChild?.scrollIntoView({ block: "nearest" });
}

/** The game's rules, in its picture's words. */
export function showGameRules() {
  const words = state.game?.picture?.words.rules;
  if (words) showRulesWords(words);
}

byId("open-sheet").addEventListener("click", () => openInfo("sheet"));
byId("open-log").addEventListener("click", () => openInfo("log"));
byId("open-tracker").addEventListener("click", () => openInfo("tracker"));
byId("game-rules").addEventListener("click", showGameRules);
button("game-menu-button").addEventListener("click", () => openDialog("menu-dialog"));
