// @ts-check
/**
 * Motion that shows who did what: a laid tile travels from its seat (or your hand) to its place
 * on the table, a drawn tile from the boneyard to its drawer, and scores count up. Every motion
 * lasts `motionMs()` (none with reduced motion, the system's or the setting's, and never longer
 * than the pace setting allows) and changes nothing but how the page gets to the new picture.
 */
import { motionMs } from "./state.js";
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
