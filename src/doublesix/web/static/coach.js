// @ts-check
/**
 * The coach for the first games (issue 44). A setting kept with the look (look.js's
 * preferences, `coach`: "auto", "on" or "off"; chosen in Settings, kept by the account too):
 * "auto", the default, is on while this browser has finished fewer than NEWCOMER_GAMES games
 * (`GET /api/stats`, asked at each game's start). While it is on, each move goes with
 * `coach: true`; the server judges it (in games against the computers only, never the daily game
 * or a table of people, rated or not) and, if it lost much more than the best move, sends a
 * `coach` message before the computers answer: its sentence is shown in the panel under the
 * hint (`#coach-text`) and said in the live region, until your next move or the next hand.
 * A game the coach helps in is casual: the first time, its message says so (`casual`), and
 * the result says so too (the picture's `words.coached`, result.js).
 */
import { api } from "./api.js";
import { announce } from "./a11y.js";
import { byId, h } from "./dom.js";
import { preferences } from "./look.js";

/** @typedef {import("./protocol.js").CoachMessage} CoachMessage */

/** Fewer finished games than this: a newcomer, whom the coach's "auto" helps. */
export const NEWCOMER_GAMES = 5;

let wanted = false;
let asked = 0;
/** This browser's finished games as last heard (null: not yet asked on this page). */
let finished = /** @type {number|null} */ (null);

/** Whether the person's moves go with `coach: true` now. */
export const coachWanted = () => wanted;

/**
 * Work out whether the coach is on (at each game's start, and when the setting changes). Set
 * to "auto", it is on at once as last heard (a page just opened counts as a newcomer's until
 * the server answers, so a first move made at once is coached), then as the server says.
 */
export async function followCoach() {
  const choice = preferences().coach ?? "auto";
  const mine = ++asked;
  if (choice !== "auto") {
    wanted = choice === "on";
    return;
  }
  wanted = (finished ?? 0) < NEWCOMER_GAMES;
  try {
    /** @type {{games: number}} */
    const stats = await api("/api/stats");
    finished = stats.games;
    if (mine === asked) wanted = finished < NEWCOMER_GAMES;
  } catch {
    // Unanswered: as last heard.
  }
}

/**
 * Show and say what the coach said: its sentence, that the move may still be taken back, and
 * (the first time it helps in a game that was to be rated) that the game no longer counts.
 * @param {CoachMessage} msg
 */
export function showCoach(msg) {
  const panel = byId("coach-text");
  /** @type {(Node|string)[]} */
  const parts = [h("span", { text: msg.words })];
  if (msg.take_back) parts.push(" ", h("span", { class: "coach-take-back", text: msg.take_back }));
  if (msg.casual) parts.push(" ", h("span", { class: "coach-casual", text: msg.casual }));
  panel.replaceChildren(...parts);
  panel.dataset.mark = msg.mark;
  panel.hidden = false;
  announce([msg.words, msg.take_back, msg.casual].filter(Boolean).join(" "));
}

/** The coach's words are put away (your next move, the next hand, another game). */
export function hideCoach() {
  byId("coach-text").hidden = true;
}

document.addEventListener("doublesix:look", () => { followCoach(); });
