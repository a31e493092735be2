// @ts-check
/**
 * The statistics page's rating: the server's words for it, its history as a chart (an SVG
 * drawn here from the figures of `GET /api/stats`, the rating after each game with its
 * interval as a band) and the same figures as a table for screen readers.
 */
import { h, table } from "./dom.js";

const NS = "http://www.w3.org/2000/svg";

/**
 * @typedef {{game: number, date: string, rules: string, won: boolean, result: string,
 *   before: number, rating: number, interval: number}} RatingStep
 * @typedef {{shown: number, interval: number, games: number, words: string,
 *   suggestion: string|null, history: RatingStep[]}} RatingStats
 */

/** @param {string} name @param {Record<string, string|number>} attrs */
function svg(name, attrs = {}) {
  const el = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  return el;
}

/**
 * The rating's part of the statistics page.
 * @param {RatingStats} rating
 * @returns {Element[]}
 */
export function ratingSection(rating) {
  const out = [h("h2", { text: "Your rating" }), h("p", { class: "lead", id: "rating-words", text: rating.words })];
  if (rating.suggestion) out.push(h("p", { class: "rating-suggestion", text: rating.suggestion }));
  const steps = rating.history || [];
  if (!steps.length) return out;
  out.push(chart(steps));
  const rows = steps.map((s) => [s.game, s.date, s.rules, s.result, s.rating, `±${s.interval}`]);
  const figures = table(["Game", "Date", "Rules", "Result", "Rating", "Interval"], rows,
    "Your rating after each game");
  figures.id = "rating-table";
  // A table keeps its content's width whatever it is told: its hidden box is a div.
  out.push(h("div", { class: "visually-hidden" }, [figures]));
  return out;
}

/** The history as a line, its interval a band around it. @param {RatingStep[]} steps */
function chart(steps) {
  const width = 600, height = 220, left = 48, right = 12, top = 12, bottom = 28;
  const first = steps[0];
  const points = [{ rating: first.before, interval: first.interval }, ...steps];
  const low = Math.min(...points.map((p) => p.rating - p.interval));
  const high = Math.max(...points.map((p) => p.rating + p.interval));
  const span = Math.max(high - low, 1);
  const x = (/** @type {number} */ i) => left + ((width - left - right) * i) / Math.max(points.length - 1, 1);
  const y = (/** @type {number} */ v) => top + ((height - top - bottom) * (high - v)) / span;
  const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "rating-chart", id: "rating-chart", "aria-hidden": "true", focusable: "false" });
  const upper = points.map((p, i) => `${x(i)},${y(p.rating + p.interval)}`);
  const lower = points.map((p, i) => `${x(i)},${y(p.rating - p.interval)}`).reverse();
  root.append(svg("polygon", { points: [...upper, ...lower].join(" "), class: "rating-band" }));
  root.append(svg("polyline", { points: points.map((p, i) => `${x(i)},${y(p.rating)}`).join(" "), class: "rating-line" }));
  points.forEach((p, i) => root.append(svg("circle", { cx: x(i), cy: y(p.rating), r: 3, class: "rating-point" })));
  for (const value of [Math.round(high), Math.round(low)]) {
    const label = svg("text", { x: left - 6, y: y(value) + 4, "text-anchor": "end", class: "rating-axis" });
    label.textContent = String(value);
    root.append(label);
  }
  const games = svg("text", { x: width - right, y: height - 8, "text-anchor": "end", class: "rating-axis" });
  games.textContent = String(steps.length);
  root.append(games);
  return h("figure", { class: "rating-figure" }, [root]);
}
