// @ts-check
/**
 * The page's one state object. Every module that needs to know or change what the page is
 * doing (the settings, the server's options, the game in play, a drag) does it here; no other
 * module keeps mutable state that another reads.
 */

/** @typedef {import("./types.js").AppState} AppState */
/** @typedef {import("./types.js").Settings} Settings */

export const SETTINGS_KEY = "doublesix.settings";
export const SETUP_KEY = "doublesix.setup";

/** @param {string} key @returns {Record<string, any>} */
export function readJSON(key) {
  try {
    const value = JSON.parse(localStorage.getItem(key) || "null");
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

/** @returns {Settings} */
function loadSettings() {
  const saved = readJSON(SETTINGS_KEY);
  return {
    delay: Number.isFinite(Number(saved.delay)) ? Number(saved.delay) : 700,
    sound: saved.sound ?? true,
    shortcuts: saved.shortcuts ?? true,
    reduceMotion: saved.reduceMotion ?? false,
    autodraw: saved.autodraw ?? false,
    muteChat: saved.muteChat ?? false,
  };
}

/** @type {AppState} */
export const state = {
  settings: loadSettings(),
  options: null,
  optionsLoading: null,
  game: null,
  drag: { tile: null, pointer: -1, x: 0, y: 0, active: false, suppressClick: false, ghost: null, source: null },
  setupBuilt: false,
};

export function saveSettings() {
  localStorage.setItem(SETTINGS_KEY, JSON.stringify(state.settings));
}

/** Whether motion is reduced: the setting, or the system's preference. */
export function reduceMotion() {
  return state.settings.reduceMotion || window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** The pause after an opponent's move, in ms (the pace setting). */
export function pause() {
  return Math.max(0, Number(state.settings.delay) || 0);
}

/** How long a tile takes to travel, in ms: none with reduced motion, and never longer than the pace allows. */
export function motionMs() {
  return reduceMotion() ? 0 : Math.round(Math.min(450, pause() * 0.7));
}

/**
 * Keep the seat a new game or an invitation gave this browser, and remember the game as the last.
 * @param {{game_id: string, token: string}} created
 */
export function rememberSeat(created) {
  localStorage.setItem(`doublesix.seat.${created.game_id}`, created.token);
  localStorage.setItem(LAST_KEY, created.game_id);
  localStorage.removeItem(LAST_OVER_KEY);
}

/** The game this browser played last, and the same id once that game is over. */
export const LAST_KEY = "doublesix.last";
export const LAST_OVER_KEY = "doublesix.last.over";

/** A game is over: if it is the last one, the front page offers its review, not to go back. @param {string} id */
export function rememberOver(id) {
  if (localStorage.getItem(LAST_KEY) === id) localStorage.setItem(LAST_OVER_KEY, id);
}

/** @typedef {import("./types.js").GameSession} GameSession */

/**
 * Whether the person may act now: their turn, announced, nothing queued, connected (and in a
 * lesson, the coach waiting for a move). @param {GameSession} g
 */
export function canAct(g) {
  const st = g.picture;
  return !!st && !g.watching && g.ready && g.connected && !g.pending && !g.pumping && st.turn === st.me
    && !st.result && !st.over && (!g.lesson || g.coach?.waits === "move");
}
