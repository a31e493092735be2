// @ts-check
/**
 * Motion that shows who did what: a laid tile travels from its seat (or your hand) to its place
 * on the table, a drawn tile from the boneyard to its drawer, scores count up, and a score
 * made shows where it was made and by whom ("+10 Pinocchio"). Every motion
 * lasts `motionMs()` (none with reduced motion, the system's or the setting's, and never longer
 * than the pace setting allows) and changes nothing but how the page gets to the new picture.
 */
import { motionMs, pause } from "./state.js";
import { tileBackSVG } from "./board.js";

/** The centre of a rectangle. @param {DOMRect} r */
const centre = (r) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });

/**
 * A laid tile (its <g> on the board) travels from `from` (screen pixels) to where it lies.
 * @param {SVGGraphicsElement} tile @param {DOMRect} from
 */
export function layFrom(tile, from) {
  const ms = motionMs();
  if (!ms || !tile.animate) return;
  const ctm = tile.getScreenCTM();
  if (!ctm || !ctm.a) return;
  const to = centre(tile.getBoundingClientRect());
  const start = centre(from);
  // Screen pixels to the board's units (the tile's own coordinates).
  const dx = (start.x - to.x) / ctm.a;
  const dy = (start.y - to.y) / ctm.d;
  tile.animate([
    { transform: `translate(${dx}px, ${dy}px) scale(1.15)`, offset: 0 },
    { transform: "translate(0px, 0px) scale(1)", offset: 1 },
  ], { duration: ms, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)" });
}

/**
 * A tile's back flies from the boneyard to a seat (an element on the page, not in the board).
 * @param {DOMRect} from @param {DOMRect} to
 */
export function drawTo(from, to) {
  const ms = motionMs();
  if (!ms || !document.body.animate) return;
  const flyer = document.createElement("div");
  flyer.className = "flying-back";
  flyer.setAttribute("aria-hidden", "true");
  flyer.append(tileBackSVG());
  const a = centre(from), b = centre(to);
  flyer.style.left = `${a.x}px`;
  flyer.style.top = `${a.y}px`;
  document.body.append(flyer);
  const animation = flyer.animate([
    { transform: "translate(-50%, -50%)", opacity: 1 },
    { transform: `translate(calc(${b.x - a.x}px - 50%), calc(${b.y - a.y}px - 50%))`, opacity: 0.9 },
  ], { duration: ms, easing: "ease-in-out" });
  const done = () => flyer.remove();
  animation.addEventListener("finish", done);
  animation.addEventListener("cancel", done);
}

/**
 * An element of the page (a drawn tile in your hand) comes from `from` to where it is.
 * @param {HTMLElement} el @param {DOMRect} from
 */
export function arriveFrom(el, from) {
  const ms = motionMs();
  if (!ms || !el.animate) return;
  const to = centre(el.getBoundingClientRect());
  const start = centre(from);
  el.animate([
    { transform: `translate(${start.x - to.x}px, ${start.y - to.y}px)` },
    { transform: "translate(0px, 0px)" },
  ], { duration: ms, easing: "ease-out", composite: "add" });
}

/**
 * A number counts up (or down) from what it shows to `to`; `data-value` holds the number it is
 * going to.
 * @param {HTMLElement} el @param {number} to
 */
export function countTo(el, to) {
  const from = Number(el.dataset.value ?? el.textContent);
  el.dataset.value = String(to);
  const ms = motionMs() * 1.5;
  if (!ms || !Number.isFinite(from) || from === to) {
    el.textContent = String(to);
    return;
  }
  const t0 = performance.now();
  const step = () => {
    if (el.dataset.value !== String(to)) return; // a newer count took over
    const t = Math.min(1, (performance.now() - t0) / ms);
    el.textContent = String(Math.round(from + (to - from) * t));
    if (t < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/**
 * Where an element rests once its motion ends (a laid tile still travelling).
 * @param {Element} el
 */
export function restingRect(el) {
  const animations = el.getAnimations ? el.getAnimations() : [];
  const times = animations.map((a) => a.currentTime);
  for (const a of animations) a.currentTime = Number(a.effect?.getComputedTiming().endTime) || 0;
  const rect = el.getBoundingClientRect();
  animations.forEach((a, i) => { a.currentTime = times[i]; });
  return rect;
}

/** The score call-outs on the table now. */
const callouts = /** @type {Set<{el: HTMLElement, timer: ReturnType<typeof setTimeout>}>} */ (new Set());

/** Take the score call-outs off the table (the next move is coming). */
export function clearCallouts() {
  for (const c of callouts) {
    clearTimeout(c.timer);
    c.el.remove();
  }
  callouts.clear();
}

/**
 * A score made: "+10" and who made it, over the place it was made (`at`, screen pixels: the
 * laid tile; null: the middle of the table), for no longer than the pace setting (the pause
 * between moves; at most 1.8 s), and gone when the next move comes. Decoration only: the
 * event's sentence says it.
 * @param {number} points @param {string} who @param {boolean} mine @param {DOMRect|null} at
 * @param {string} tile the laid tile, or ""
 */
export function callout(points, who, mine, at, tile) {
  const box = /** @type {HTMLElement} */ (document.getElementById("callouts"));
  const ms = Math.min(1800, pause());
  if (ms < 100) return;
  const area = box.getBoundingClientRect();
  const el = document.createElement("span");
  el.className = `callout ${mine ? "mine" : "theirs"}`;
  el.dataset.tile = tile;
  const number = document.createElement("b");
  number.textContent = `+${points}`;
  const name = document.createElement("span");
  name.className = "callout-who";
  name.textContent = who;
  el.append(number, " ", name);
  el.style.animationDuration = `${ms}ms`;
  box.append(el);
  // Centred over the tile, kept inside the table.
  const x = at ? at.left + at.width / 2 - area.left : area.width / 2;
  const y = at ? at.top - area.top : area.height / 2;
  const half = el.offsetWidth / 2;
  el.style.left = `${Math.max(half + 2, Math.min(area.width - half - 2, x))}px`;
  el.style.top = `${Math.max(el.offsetHeight + 2, y)}px`;
  const entry = { el, timer: setTimeout(() => { el.remove(); callouts.delete(entry); }, ms) };
  callouts.add(entry);
}
