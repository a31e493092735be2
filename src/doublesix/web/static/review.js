// @ts-check
/**
 * The expert's review of your moves (docs/web.md, "Review"): asked of the server
 * (`POST /api/games/{id}/review`), whose progress is polled (`GET /api/reviews/{id}`), then shown
 * in a screen of its own that replays the hand move by move: the layout as it was (drawn by
 * board.js), your hand then, the move in words, and at each of your decisions its mark, the
 * reason and, on request, the best move laid on the table. Every sentence is the server's.
 *
 * Keys: Left and Right step back and forward (Home and End: the deal and the end); the list of
 * your decisions is one Tab stop, Up and Down move in it and go to that decision. Each step is
 * said in the screen's own live region (the page's is behind the modal dialog).
 */
import { api } from "./api.js";
import { byId, errorText, h, sleep } from "./dom.js";
import { renderBoard, tileSVG } from "./board.js";
import { LABELS } from "./labels.js";

/**
 * The review's shapes, the server's (docs/protocol.md, "Reviews"; protocol.d.ts).
 * @typedef {import("./protocol.js").Frame} Frame
 * @typedef {import("./protocol.js").BestFrame} BestFrame
 * @typedef {import("./protocol.js").Replay} Replay
 * @typedef {import("./protocol.js").Decision} Decision
 * @typedef {import("./protocol.js").Review} ReviewData
 * @typedef {import("./protocol.js").ReviewJob} Job
 */

/** How often the progress is asked for, in milliseconds. */
const POLL_MS = 400;

/**
 * The review of your seat in a game: `hand` 1 for the first, or null for every hand that ended.
 * `onProgress` hears each answer while it is being made. Rejects with the server's words; null
 * once it is no longer `wanted` (the screen was closed).
 * @param {string} gameId @param {string} token @param {number|null} hand
 * @param {(job: Job) => void} [onProgress] @param {() => boolean} [wanted] false: stop asking
 * @returns {Promise<ReviewData|null>}
 */
export async function fetchReview(gameId, token, hand, onProgress, wanted = () => true) {
  const query = new URLSearchParams();
  if (token) query.set("token", token);
  if (hand !== null) query.set("hand", String(hand));
  /** @type {Job} */
  let job = await api(`/api/games/${encodeURIComponent(gameId)}/review?${query}`, { method: "POST" });
  while (job.status === "running") {
    onProgress?.(job);
    await sleep(POLL_MS);
    if (!wanted()) return null;
    job = await api(`/api/reviews/${encodeURIComponent(job.review_id)}`);
  }
  onProgress?.(job);
  if (job.status !== "done" || !job.review) throw new Error(job.error || job.progress);
  return job.review;
}

/** What the screen shows now. */
const view = {
  /** @type {ReviewData|null} */ data: null,
  replay: 0,
  step: 0,
  showBest: false,
  /** Which decision the list has active (an index into `data.decisions`). */
  active: 0,
  /** @type {HTMLElement|null} */ opener: null,
  open: false,
};

/**
 * Open the review screen for your seat in a game, and make the review.
 * @param {{gameId: string, token: string, hand: number|null}} what
 */
export async function openReview(what) {
  const dialog = /** @type {HTMLDialogElement} */ (byId("review-dialog"));
  view.opener = /** @type {HTMLElement|null} */ (document.activeElement);
  view.data = null;
  view.open = true;
  byId("review-title").textContent = LABELS.review;
  byId("review-screen").hidden = true;
  const waiting = byId("review-waiting");
  waiting.hidden = false;
  const meter = /** @type {HTMLProgressElement} */ (byId("review-meter"));
  meter.removeAttribute("value");
  byId("review-progress").textContent = "";
  byId("review-live").replaceChildren();
  if (!dialog.open) dialog.showModal();
  byId("review-title").focus();
  try {
    const data = await fetchReview(what.gameId, what.token, what.hand, (job) => {
      meter.max = Math.max(job.total, 1);
      meter.value = job.done;
      byId("review-progress").textContent = job.progress;
    }, () => view.open);
    if (!view.open || !data) return;
    show(data);
  } catch (err) {
    if (!view.open) return;
    meter.value = 0;
    byId("review-progress").textContent = errorText(err);
  }
}

/** @param {ReviewData} data */
function show(data) {
  view.data = data;
  view.replay = 0;
  view.step = 0;
  view.active = 0;
  byId("review-waiting").hidden = true;
  byId("review-screen").hidden = false;
  byId("review-title").textContent = data.heading;
  byId("review-summary").replaceChildren(...data.summary_lines.map((line) => h("p", { text: line })));
  const chooser = /** @type {HTMLSelectElement} */ (byId("review-hand"));
  chooser.replaceChildren(...data.replays.map((r, i) => h("option", { value: String(i), text: r.heading })));
  byId("review-hand-field").hidden = data.replays.length < 2;
  renderList();
  render(true);
  byId("review-forward").focus();
}

/** The decisions of the hand on screen, with their index in the review. */
function handDecisions() {
  const data = view.data;
  if (!data) return [];
  const hand = data.replays[view.replay]?.hand;
  return data.decisions.map((d, i) => ({ d, i })).filter(({ d }) => d.hand === hand);
}

function renderList() {
  const list = byId("review-list");
  const items = handDecisions().map(({ d, i }) => h("li", {
    id: `review-option-${i}`, role: "option", class: `review-option mark-${d.mark}`,
    "aria-selected": "false", dataset: { decision: String(i) }, text: d.label,
  }));
  list.replaceChildren(...items);
  list.hidden = items.length === 0;
  byId("review-list-title").hidden = items.length === 0;
  const first = handDecisions()[0];
  view.active = first ? first.i : 0;
}

/** @param {boolean} [quiet] not said (the screen has just opened: its title is) */
function render(quiet = false) {
  const data = view.data;
  if (!data) return;
  const replay = data.replays[view.replay];
  const frames = replay.frames;
  const frame = frames[view.step];
  const decision = frame.decision === null ? null : data.decisions[frame.decision];
  const best = view.showBest && frame.best ? frame.best : null;
  const shown = best || frame;
  const svg = /** @type {SVGSVGElement} */ (/** @type {unknown} */ (byId("review-board")));
  renderBoard(svg, shown.layout, { openEnds: shown.open_ends, played: shown.played,
    fresh: best ? best.tile : frame.fresh, lit: best ? [] : undefined });
  svg.classList.toggle("showing-best", !!best);
  if (best && best.played_end) markPlayedEnd(svg, best.played_end);
  byId("review-board-desc").textContent = best ? best.said : frame.said;
  byId("review-said").textContent = best ? best.said : frame.said;
  byId("review-step").textContent = frame.heading || "";
  const hand = byId("review-tiles");
  hand.replaceChildren(...shown.hand.map((t) => {
    const tile = tileSVG(t, { upright: true });
    tile.setAttribute("data-tile", t);
    return tile;
  }));
  byId("review-tiles-text").replaceChildren(...shown.hand.map((t) => h("li", { text: t })));
  const reason = byId("review-reason");
  reason.replaceChildren(...(decision ? [decision.reason, decision.hindsight_reason] : [])
    .filter(Boolean).map((line) => h("p", { text: line })));
  reason.className = `review-reason${decision ? ` mark-${decision.mark}` : ""}`;
  const bestButton = byId("review-best");
  bestButton.hidden = !frame.best;
  bestButton.setAttribute("aria-pressed", String(!!best));
  setDisabled("review-back", view.step === 0);
  setDisabled("review-forward", view.step === frames.length - 1);
  for (const option of byId("review-list").children) {
    const index = Number(/** @type {HTMLElement} */ (option).dataset.decision);
    option.classList.toggle("current", index === frame.decision);
    option.setAttribute("aria-selected", String(index === view.active));
  }
  byId("review-list").setAttribute("aria-activedescendant", `review-option-${view.active}`);
  if (!quiet) say([frame.heading || "", best ? best.said : frame.said,
    ...(decision && !best ? [decision.reason] : [])].filter(Boolean).join(" "));
}

/**
 * On the best move's table, mark the end where the move played went (dashed, in the lit
 * ends' colour; the best tile is in blue); the words say it too (the server's `said`).
 * @param {SVGSVGElement} svg @param {string} end
 */
function markPlayedEnd(svg, end) {
  const spot = svg.querySelector(`.end-spot[data-end="${end}"]`);
  const frame = spot && spot.querySelector(".end-frame");
  if (!spot || !(frame instanceof SVGElement)) return;
  spot.classList.add("played-end");
  frame.style.setProperty("stroke", "var(--lit)");
  frame.style.setProperty("stroke-width", "0.14");
  frame.style.setProperty("stroke-dasharray", "0.25 0.15");
}

/** @param {string} id @param {boolean} disabled */
function setDisabled(id, disabled) {
  // aria-disabled, not disabled: a focused button keeps its focus at the first or last step.
  byId(id).setAttribute("aria-disabled", String(disabled));
}

/** Say a line in the screen's live region (one paragraph each, the oldest removed). @param {string} text */
function say(text) {
  const region = byId("review-live");
  region.append(h("p", { text }));
  while (region.childElementCount > 8) region.firstElementChild?.remove();
}

/** @param {number} step */
function goTo(step) {
  const frames = view.data?.replays[view.replay]?.frames;
  if (!frames) return;
  const next = Math.max(0, Math.min(frames.length - 1, step));
  if (next === view.step && !view.showBest) return;
  view.step = next;
  view.showBest = false;
  const decision = frames[next].decision;
  if (decision !== null) view.active = decision;
  render();
}

/** Go to a decision (an index into the review's decisions). @param {number} index */
function goToDecision(index) {
  const frames = view.data?.replays[view.replay]?.frames || [];
  const step = frames.findIndex((f) => f.decision === index);
  view.active = index;
  if (step >= 0) {
    view.step = -1;
    goTo(step);
  }
}

/** @param {KeyboardEvent} event */
function onKey(event) {
  if (!view.data || event.altKey || event.ctrlKey || event.metaKey) return;
  const target = /** @type {HTMLElement} */ (event.target);
  if (target.tagName === "SELECT") return;
  const inList = target.id === "review-list";
  if (inList && (event.key === "ArrowUp" || event.key === "ArrowDown")) {
    const ids = handDecisions().map(({ i }) => i);
    const at = ids.indexOf(view.active);
    const next = ids[Math.max(0, Math.min(ids.length - 1, at + (event.key === "ArrowDown" ? 1 : -1)))];
    if (next !== undefined) goToDecision(next);
    event.preventDefault();
    return;
  }
  const moves = { ArrowLeft: view.step - 1, ArrowRight: view.step + 1, Home: 0, End: Infinity };
  const step = moves[/** @type {keyof moves} */ (event.key)];
  if (step === undefined) return;
  event.preventDefault();
  goTo(step === Infinity ? (view.data.replays[view.replay]?.frames.length || 1) - 1 : step);
}

function close() {
  view.open = false;
  const dialog = /** @type {HTMLDialogElement} */ (byId("review-dialog"));
  if (dialog.open) dialog.close();
}

const dialog = byId("review-dialog");
dialog.addEventListener("keydown", onKey);
dialog.addEventListener("close", () => {
  view.open = false;
  view.opener?.focus?.();
});
byId("review-close").addEventListener("click", close);
byId("review-back").addEventListener("click", () => goTo(view.step - 1));
byId("review-forward").addEventListener("click", () => goTo(view.step + 1));
byId("review-best").addEventListener("click", () => {
  view.showBest = !view.showBest;
  render();
});
byId("review-hand").addEventListener("change", (event) => {
  view.replay = Number(/** @type {HTMLSelectElement} */ (event.target).value);
  view.step = 0;
  view.showBest = false;
  renderList();
  render();
});
byId("review-list").addEventListener("click", (event) => {
  const option = /** @type {HTMLElement} */ (event.target).closest?.("[data-decision]");
  if (option) goToDecision(Number(/** @type {HTMLElement} */ (option).dataset.decision));
});
new ResizeObserver(() => { if (view.data && view.open) render(true); }).observe(byId("review-board"));
