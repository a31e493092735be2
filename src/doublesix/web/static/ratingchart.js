// @ts-check
/**
 * The statistics page's rating: the server's words for it, its history as a chart (an SVG
 * drawn here from the figures of `GET /api/stats`, the rating after each game with its
 * interval as a band, the games' dates along the bottom) and the same figures as a table for
 * screen readers, and the rating in each variant played (the server's figures, a table).
 */
import { h, table } from "./dom.js";
import { LABELS } from "./labels.js";

const NS = "http://www.w3.org/2000/svg";
/** The chart's height and margins, in CSS pixels (the SVG is drawn at its own width). */
const HEIGHT = 220, LEFT = 48, RIGHT = 16, TOP = 12, BOTTOM = 32;
/** The room a date's label takes on the axis (its width at most, and a gap), in pixels. */
const DATE_ROOM = 64, DATE_ROOM_WITH_YEAR = 96, DATE_GAP = 24;

/**
 * The rating's shapes, the server's (`GET /api/stats`; protocol.d.ts).
 * @typedef {import("./protocol.js").RatingPoint} RatingStep
 * @typedef {import("./protocol.js").VariantRating} VariantRating
 * @typedef {import("./protocol.js").RatingStats} RatingStats
 */

/** @param {string} name @param {Record<string, string|number>} attrs */
function svg(name, attrs = {}) {
  const el = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  return el;
}

/** Grouping from four digits on (ES2023's "always": TypeScript's lib still says a boolean). */
const GROUPED = /** @type {Intl.NumberFormatOptions} */ (/** @type {unknown} */ ({ useGrouping: "always" }));

/**
 * A number written the page's language's way ("1.524" in Spanish; grouped from four digits on,
 * as the server's Babel writes it).
 * @param {number} value
 */
const local = (value) => value.toLocaleString(LABELS.locale, GROUPED);

/**
 * The rating's part of the statistics page.
 * @param {RatingStats} rating
 * @returns {Element[]}
 */
export function ratingSection(rating) {
  const out = [h("h2", { text: LABELS.yourRating }), h("p", { class: "lead", id: "rating-words", text: rating.words })];
  if (rating.suggestion) out.push(h("p", { class: "rating-suggestion", text: rating.suggestion }));
  const steps = rating.history || [];
  if (!steps.length) return out;
  out.push(chart(steps));
  // The day as the server's Babel writes it in the page's language: a date, not a message.
  const rows = steps.map((s) => [s.game, h("time", { datetime: s.date, text: s.day_year }), s.rules_words, s.result,
    local(s.rating), `±${local(s.interval)}`]);
  const figures = table([LABELS.game, LABELS.date, LABELS.rules, LABELS.result, LABELS.rating, LABELS.interval],
    rows, LABELS.ratingAfterEachGame);
  figures.id = "rating-table";
  // A table keeps its content's width whatever it is told: its hidden box is a div.
  out.push(h("div", { class: "visually-hidden" }, [figures]));
  const variants = rating.by_variant || [];
  if (variants.length) {
    out.push(h("h3", { text: LABELS.ratingByVariant }));
    const byVariant = table([LABELS.variant, LABELS.rating, LABELS.interval, LABELS.games, LABELS.won], variants.map((v) =>
      [v.label, local(v.shown), `±${local(v.interval)}`, local(v.games), local(v.wins)]));
    byVariant.id = "rating-variants";
    out.push(byVariant);
  }
  return out;
}

/**
 * The history as a line, its interval a band around it, drawn at the figure's own width (again
 * when it changes), so its labels keep their size on a phone.
 * @param {RatingStep[]} steps
 */
function chart(steps) {
  const root = svg("svg", { class: "rating-chart", id: "rating-chart", "aria-hidden": "true", focusable: "false" });
  const figure = h("figure", { class: "rating-figure" }, [root]);
  let drawn = 0;
  const draw = (/** @type {number} */ width) => {
    const w = Math.round(width);
    if (w <= 0 || w === drawn) return;
    drawn = w;
    drawChart(root, steps, w);
  };
  draw(600); // until the page lays it out
  new ResizeObserver(() => draw(figure.clientWidth)).observe(figure);
  return figure;
}

/** @param {SVGElement} root @param {RatingStep[]} steps @param {number} width */
function drawChart(root, steps, width) {
  const first = steps[0];
  const points = [{ rating: first.before, interval: first.interval, date: first.date, day: first.day,
    day_year: first.day_year }, ...steps];
  const low = Math.min(...points.map((p) => p.rating - p.interval));
  const high = Math.max(...points.map((p) => p.rating + p.interval));
  const span = Math.max(high - low, 1);
  const plot = Math.max(width - LEFT - RIGHT, 1);
  const x = (/** @type {number} */ i) => LEFT + (plot * i) / Math.max(points.length - 1, 1);
  const y = (/** @type {number} */ v) => TOP + ((HEIGHT - TOP - BOTTOM) * (high - v)) / span;
  root.setAttribute("viewBox", `0 0 ${width} ${HEIGHT}`);
  root.replaceChildren();
  const upper = points.map((p, i) => `${x(i)},${y(p.rating + p.interval)}`);
  const lower = points.map((p, i) => `${x(i)},${y(p.rating - p.interval)}`).reverse();
  root.append(svg("polygon", { points: [...upper, ...lower].join(" "), class: "rating-band" }));
  root.append(svg("polyline", { points: points.map((p, i) => `${x(i)},${y(p.rating)}`).join(" "), class: "rating-line" }));
  points.forEach((p, i) => root.append(svg("circle", { cx: x(i), cy: y(p.rating), r: 3, class: "rating-point" })));
  for (const value of [Math.round(high), Math.round(low)]) {
    const label = svg("text", { x: LEFT - 6, y: y(value) + 4, "text-anchor": "end", class: "rating-axis" });
    label.textContent = local(value);
    root.append(label);
  }
  const base = HEIGHT - BOTTOM;
  root.append(svg("line", { x1: LEFT, y1: base, x2: LEFT + plot, y2: base, class: "rating-baseline" }));
  const ticks = svg("g", { class: "rating-dates" });
  for (const tick of dateTicks(points, x, width)) {
    ticks.append(svg("line", { x1: tick.x, y1: base, x2: tick.x, y2: base + 5, class: "rating-tick" }));
    const label = svg("text", { x: tick.at, y: base + 19, "text-anchor": "middle", class: "rating-axis rating-date" });
    label.textContent = tick.text;
    ticks.append(label);
  }
  root.append(ticks);
}

/**
 * The date axis's ticks: the first game of each date, left to right, those too close to the
 * last one kept left out, so the labels never crowd; each label kept inside the chart, in the
 * server's words for the day ("2 Dec"; with the year when the chart spans more than one).
 * @param {{date: string, day: string, day_year: string}[]} points each point's date (ISO) and its words
 * @param {(i: number) => number} x @param {number} width
 * @returns {{x: number, at: number, text: string}[]}
 */
export function dateTicks(points, x, width) {
  const dates = points.map((p) => p.date);
  const withYear = dates.length > 0 && dates[0].slice(0, 4) !== dates[dates.length - 1].slice(0, 4);
  const room = withYear ? DATE_ROOM_WITH_YEAR : DATE_ROOM;
  const half = (room - DATE_GAP) / 2;
  /** @type {{x: number, at: number, text: string}[]} */
  const ticks = [];
  dates.forEach((date, i) => {
    if (i > 0 && date === dates[i - 1]) return;
    const at = Math.min(Math.max(x(i), half + 2), width - half - 2);
    if (ticks.length && at - ticks[ticks.length - 1].at < room) return;
    ticks.push({ x: x(i), at, text: withYear ? points[i].day_year : points[i].day });
  });
  return ticks;
}
