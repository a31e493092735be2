// @ts-check
/**
 * The lessons (issue 44): a guided hand of each game on the real game screen, with a coach.
 *
 * A lesson is a game the server runs on a socket of its own (`/ws/lessons/{variant}`,
 * connection.js), whose messages are the game's own (`state`, `event`) and the coach's
 * (`coach`): game.js shows them in order, and this module draws the coach's panel beside the
 * table. Each thing the coach says is announced once, in the page's live region after the
 * events it follows (a wrong move: its lay, then why it is worse, then the table as it was);
 * the panel is a region named "Coach" that holds the words as long as they stand. A step that
 * only explains waits for Next (the panel's button, focused); once the lesson is done the panel
 * offers the next lesson, all the lessons and a game of one's own.
 *
 * Also here: the lessons' page (`/learn`, the five lessons) and the front page's offer to
 * someone who has finished no game yet.
 */
import { state } from "./state.js";
import { byId, h } from "./dom.js";
import { LABELS } from "./labels.js";
import { announce } from "./a11y.js";
import { send } from "./connection.js";
import { api } from "./api.js";

/** @typedef {import("./types.js").GameSession} GameSession */
/** @typedef {import("./types.js").CoachMessage} CoachMessage */

/** The lessons in order, each with its topic (the lessons' list). */
export const LESSONS = [
  { variant: "draw", topic: LABELS.lessonDraw },
  { variant: "block", topic: LABELS.lessonBlock },
  { variant: "all-fives", topic: LABELS.lessonAllFives },
  { variant: "muggins", topic: LABELS.lessonMuggins },
  { variant: "partnership", topic: LABELS.lessonPartnership },
];

/** A lesson's address. @param {string} variant */
export const lessonPath = (variant) => `/learn/${encodeURIComponent(variant)}`;

/** The lessons as a list of links. */
function lessonList() {
  return h("ol", { class: "lesson-list" }, LESSONS.map(({ variant, topic }) =>
    h("li", {}, [h("a", { href: lessonPath(variant), "data-nav": true, text: topic })])));
}

/** The lessons' page. */
export function showLessons() {
  byId("learn-body").replaceChildren(h("p", { class: "lead", text: LABELS.learnLead }), lessonList());
  byId("learn-title").textContent = LABELS.learnToPlay;
}

/**
 * The front page's offer to learn: to someone who has finished no game yet (asked of the
 * server, `GET /api/finished`), below the ways to play, so it never stands in their way.
 * @param {boolean} playedBefore this browser remembers a finished game
 */
export async function offerLessons(playedBefore) {
  const offer = byId("learn-offer");
  offer.hidden = true;
  if (playedBefore) return;
  try {
    const finished = await api("/api/finished");
    if (finished.games.length || document.body.dataset.view !== "home") return;
  } catch {
    return; // nothing known: the menu's lessons stay
  }
  offer.replaceChildren(LABELS.learnOffer, " ", h("a", { href: "/learn", "data-nav": true, id: "learn-offer-link", text: LABELS.learnToPlay }));
  offer.hidden = false;
}

/**
 * What the coach said: kept with the lesson, announced once, and drawn in the panel. At a step
 * that only explains, the focus goes to Next; once the lesson is done, to the next lesson.
 * @param {GameSession} g @param {CoachMessage} msg
 */
export function showCoach(g, msg) {
  g.coach = msg;
  announce(msg.text);
  renderCoach(g);
  const inDialog = !!document.querySelector("dialog[open]");
  if (inDialog) return;
  if (msg.waits === "next") byId("coach-next").focus({ preventScroll: true });
  else if (msg.waits === "done") /** @type {HTMLElement|null} */ (byId("coach-actions").querySelector("a"))?.focus({ preventScroll: true });
  else g.focusHand = true;
}

/** The coach's panel as the lesson stands (hidden in a game). @param {GameSession|null} g */
export function renderCoach(g) {
  const panel = byId("coach");
  const msg = g?.lesson ? g.coach : null;
  panel.hidden = !msg;
  if (!g || !msg) return;
  byId("coach-title").textContent = LABELS.coach;
  byId("coach-progress").textContent = msg.progress;
  const text = byId("coach-text");
  text.textContent = msg.text;
  panel.classList.toggle("wrong", msg.wrong);
  const actions = byId("coach-actions");
  if (msg.waits === "done") {
    if (actions.dataset.done !== msg.variant) {
      actions.dataset.done = msg.variant;
      const at = LESSONS.findIndex((l) => l.variant === msg.variant);
      const next = LESSONS[at + 1];
      actions.replaceChildren(
        ...(next ? [h("a", { href: lessonPath(next.variant), "data-nav": true, class: "button primary small", text: LABELS.nextLesson })] : []),
        h("a", { href: "/learn", "data-nav": true, class: "button small", text: LABELS.allLessons }),
        h("a", { href: "/", "data-nav": true, class: "button small", text: LABELS.playAGame }),
      );
    }
    return;
  }
  delete actions.dataset.done;
  let next = /** @type {HTMLButtonElement|null} */ (actions.querySelector("#coach-next"));
  if (!next) {
    next = /** @type {HTMLButtonElement} */ (h("button", { type: "button", id: "coach-next", class: "primary small" }));
    next.addEventListener("click", () => nextStep());
    actions.replaceChildren(next);
  }
  next.textContent = msg.next_label;
  next.hidden = msg.waits !== "next";
  next.disabled = !g.connected;
}

/** Go on from a step that only explains (the coach's Next). */
export function nextStep() {
  const g = state.game;
  if (!g?.lesson || g.coach?.waits !== "next" || g.pumping) return;
  if (send(g, { type: "lesson-next" })) {
    // Sent once: the button waits for the coach's next words.
    g.coach = { ...g.coach, waits: "move" };
    g.ready = false;
    g.focusHand = true;
    renderCoach(g);
  }
}
