// @ts-check
/**
 * The dialogs besides the result: the rules (of the chosen game, in the server's words), the
 * settings, the game menu, and what opens on demand during a game: the scoresheet, what
 * happened this hand, and the tiles played.
 */
import { state, saveSettings, reduceMotion } from "./state.js";
import { byId, button, input, h, table, errorText } from "./dom.js";
import { announce, scoresSentence } from "./a11y.js";
import { loadOptions, variantInfo } from "./api.js";
import { changedOptions, ruleSentences, rulesName } from "./rules.js";
import * as sound from "./sound.js";
import { seatNames } from "./people.js";

/** @typedef {import("./types.js").Picture} Picture */
/** @typedef {import("./types.js").RulesJSON} RulesJSON */

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
 * The rules dialog for a game's rules (or the form's choice): every option in words, and the
 * preset's own description when the rules are the preset's.
 * @param {Record<string, string|number|boolean>} rules
 */
export async function showRules(rules) {
  const body = byId("rules-body");
  try {
    await loadOptions();
    const info = variantInfo(String(rules.variant));
    const custom = changedOptions(rules).length > 0;
    byId("rules-title").textContent = `Rules: ${rulesName(rules)}`;
    const parts = [
      h("h3", { text: custom ? `This game: ${info?.label || rules.variant} with changes` : "This game" }),
      h("ul", { class: "rule-list" }, ruleSentences(rules).map((s) => h("li", { text: s }))),
    ];
    parts.push(h("h3", { text: "How to play" }), h("p", { text:
      "Lay a tile whose number matches an open end; doubles lie crosswise. If a tile fits you must lay one." }));
    if (!custom && info) {
      const about = h("div", { class: "preset-rules" });
      about.innerHTML = info.rules_html;
      parts.push(h("h3", { text: `About ${info.label}` }), about);
    }
    body.replaceChildren(...parts);
  } catch (err) {
    body.textContent = `Could not load the rules: ${errorText(err)}`;
  }
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
    b.setAttribute("aria-pressed", String(on));
    b.textContent = on ? "Sound on" : "Sound off";
  }
  document.documentElement.classList.toggle("reduce-motion", reduceMotion());
}

export function openSettings() {
  const s = state.settings;
  input("set-delay").value = String(s.delay);
  byId("set-delay-out").textContent = `${s.delay} ms`;
  input("set-sound").checked = s.sound;
  input("set-keys").checked = s.shortcuts;
  input("set-motion").checked = s.reduceMotion;
  openDialog("settings-dialog");
}

byId("settings-form").addEventListener("input", () => {
  const s = state.settings;
  s.delay = Number(input("set-delay").value);
  byId("set-delay-out").textContent = `${s.delay} ms`;
  s.sound = input("set-sound").checked;
  s.shortcuts = input("set-keys").checked;
  s.reduceMotion = input("set-motion").checked;
  applySettings();
});

export function toggleSound() {
  state.settings.sound = !state.settings.sound;
  applySettings();
  announce(state.settings.sound ? "Sound on." : "Sound off.");
  if (state.settings.sound) sound.play("turn");
}

// ---------------------------------------------------------------------------------------------
// On demand during a game: the scoresheet, the log, the tiles played

/** How a hand ended (`ending` from the server), for the scoresheet. @type {Record<string, string>} */
const ENDING_WORDS = { "went-out": "Went out", blocked: "Blocked", "reached-target": "Reached the target" };

/** The scoresheet: one row per finished hand, and the totals. @param {Picture} st */
export function sheetTable(st) {
  const teams = st.sides;
  const names = seatNames(st);
  const rows = st.scoresheet.map((r) => [
    `Hand ${r.hand}`,
    r.winner === null ? "Drawn" : names[r.winner],
    r.points,
    r.winner === null ? (r.ending === "blocked" ? "Blocked, tie" : "Drawn") : ENDING_WORDS[r.ending] || r.ending,
  ]);
  const totals = h("p", { class: "totals", text: scoresSentence(names, st.scores, st.rules.target, teams) });
  if (!rows.length) return h("div", {}, [h("p", { text: "No hand finished yet." }), totals]);
  return h("div", {}, [table(["Hand", "Winner", "Points", "How"], rows, "Hands so far"), totals]);
}

/** @param {Picture} st */
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
      cells.push(h("span", {
        class: `trk${isPlayed ? " out" : ""}${isMine ? " mine" : ""}`,
        role: "listitem",
        "aria-label": `${t}${isPlayed ? " played" : isMine ? " in your hand" : " not seen"}`,
        text: `${t}${isPlayed ? "✓" : isMine ? "•" : ""}`,
      }));
    }
    rows.push(h("div", { class: "trk-row", role: "list", "aria-label": `Tiles with ${high}` }, cells));
  }
  const total = ((top + 1) * (top + 2)) / 2;
  byId("tracker-count").textContent = `(${played.size} of ${total})`;
  byId("tracker").replaceChildren(h("p", { class: "small-print", text: "✓ played, • in your hand." }), ...rows);
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
  if (which === "log") byId("log").lastElementChild?.scrollIntoView({ block: "nearest" });
}

/** The game's rules, from its picture. */
export function showGameRules() {
  const rules = state.game?.picture?.rules;
  if (rules) showRules(rules);
}

byId("open-sheet").addEventListener("click", () => openInfo("sheet"));
byId("open-log").addEventListener("click", () => openInfo("log"));
byId("open-tracker").addEventListener("click", () => openInfo("tracker"));
byId("game-rules").addEventListener("click", showGameRules);
button("game-menu-button").addEventListener("click", () => openDialog("menu-dialog"));
