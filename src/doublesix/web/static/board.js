// @ts-check
/**
 * Drawing dominoes: single tiles (for the hand, the results and drags) and the whole layout on
 * the table, as SVG. The layout is drawn from the server's picture and nothing else: this module
 * never decides what may be played, only where the tiles lie on screen.
 *
 * Geometry is in "units": a tile is 1 unit wide and 2 long. The opening tile lies at the
 * origin; the left and right arms run out from it and turn back in a serpentine (the right arm
 * downwards, the left arm upwards) when they reach the width chosen to fit the screen; the
 * spinner's up and down arms leave it crosswise. Every placement is checked against the tiles
 * already placed, so a turn is also taken where the line would run into another arm.
 */

import { LABELS } from "./labels.js";

const NS = "http://www.w3.org/2000/svg";

/** @typedef {{tile: string, outer: number}} Placed */
/** @typedef {{left: Placed[], right: Placed[], up: Placed[], down: Placed[], spinner: string|null}} Layout */
/** @typedef {{x: number, y: number, w: number, h: number}} Rect */
/** A space kept free for one arm (the spinner's up and down arms): other arms go round it. */
/** @typedef {Rect & {owner?: string}} Taken */
/** @typedef {{tile: string, first: number, second: number, rect: Rect, arm: string, index: number}} Piece */
/** @typedef {{end: string, rect: Rect}} EndSpot */
/** @typedef {[number, number]} Dir */

/** @type {Record<string, Dir>} */
const DIRS = { E: [1, 0], W: [-1, 0], N: [0, -1], S: [0, 1] };

/** Pip centres in a unit square for 0 to 12. @type {number[][][]} */
const PIP_SPOTS = (() => {
  const a = 0.25, m = 0.5, z = 0.75;
  const spots = [
    [],
    [[m, m]],
    [[a, a], [z, z]],
    [[a, a], [m, m], [z, z]],
    [[a, a], [z, a], [a, z], [z, z]],
    [[a, a], [z, a], [m, m], [a, z], [z, z]],
    [[a, a], [z, a], [a, m], [z, m], [a, z], [z, z]],
    [[a, a], [z, a], [a, m], [m, m], [z, m], [a, z], [z, z]],
    [[a, a], [m, a], [z, a], [a, m], [z, m], [a, z], [m, z], [z, z]],
    [[a, a], [m, a], [z, a], [a, m], [m, m], [z, m], [a, z], [m, z], [z, z]],
  ];
  const rows5 = [0.16, 0.33, 0.5, 0.67, 0.84];
  const ten = rows5.flatMap((y) => [[0.27, y], [0.73, y]]);
  spots.push(ten);
  spots.push([...ten, [m, m]]);
  const rows4 = [0.2, 0.4, 0.6, 0.8];
  spots.push(rows4.flatMap((y) => [[0.2, y], [m, y], [0.8, y]]));
  return spots;
})();

/**
 * @param {string} name
 * @param {Record<string, string|number>} [attrs]
 * @returns {SVGElement}
 */
export function svgEl(name, attrs = {}) {
  const el = /** @type {SVGElement} */ (document.createElementNS(NS, name));
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/** "6|4" -> [6, 4] @param {string} text @returns {[number, number]} */
export function halves(text) {
  const [a, b] = text.split("|").map(Number);
  return [a, b];
}

/**
 * One domino drawn into a rectangle: the first number at the left (or top), the second at the
 * right (or bottom). Returns a <g>.
 * @param {Rect} rect
 * @param {number} first
 * @param {number} second
 * @param {string} [extraClass]
 */
export function drawTile(rect, first, second, extraClass = "") {
  const g = svgEl("g", { class: `domino ${extraClass}`.trim() });
  const inner = svgEl("g", { class: "domino-body" });
  g.append(inner);
  inner.append(svgEl("rect", {
    x: rect.x + 0.03, y: rect.y + 0.03, width: rect.w - 0.06, height: rect.h - 0.06,
    rx: 0.13, class: "domino-face",
  }));
  const horizontal = rect.w > rect.h;
  const half = horizontal ? rect.w / 2 : rect.h / 2;
  if (horizontal) {
    inner.append(svgEl("line", { x1: rect.x + half, y1: rect.y + 0.14, x2: rect.x + half,
      y2: rect.y + rect.h - 0.14, class: "domino-bar" }));
  } else {
    inner.append(svgEl("line", { x1: rect.x + 0.14, y1: rect.y + half, x2: rect.x + rect.w - 0.14,
      y2: rect.y + half, class: "domino-bar" }));
  }
  [first, second].forEach((n, i) => {
    const ox = horizontal ? rect.x + i * half : rect.x;
    const oy = horizontal ? rect.y : rect.y + i * half;
    const size = Math.min(horizontal ? half : rect.w, horizontal ? rect.h : half);
    const r = n >= 10 ? 0.068 : 0.085;
    for (const [px, py] of PIP_SPOTS[n] || []) {
      inner.append(svgEl("circle", { cx: ox + px * size, cy: oy + py * size, r: r * size,
        class: `pip pip-${n}` }));
    }
    // The same number as a numeral, shown instead of the pips in that tile style (styles.css).
    if (n > 0) {
      const numeral = svgEl("text", { x: ox + size / 2, y: oy + size / 2, class: "numeral",
        "text-anchor": "middle", "dominant-baseline": "central", "font-size": (n >= 10 ? 0.56 : 0.72) * size });
      numeral.textContent = String(n);
      inner.append(numeral);
    }
  });
  return g;
}

/**
 * A standalone <svg> of one tile, upright (first half on top) or lying.
 * @param {string} text "6|4"
 * @param {{upright?: boolean, className?: string}} [opts]
 */
export function tileSVG(text, opts = {}) {
  const upright = opts.upright ?? true;
  const [a, b] = halves(text);
  const rect = upright ? { x: 0, y: 0, w: 1, h: 2 } : { x: 0, y: 0, w: 2, h: 1 };
  const svg = svgEl("svg", { viewBox: `-0.02 -0.02 ${rect.w + 0.04} ${rect.h + 0.04}`,
    class: `tile-svg ${opts.className || ""}`.trim(), "aria-hidden": "true", focusable: "false" });
  svg.append(drawTile(rect, a, b));
  return svg;
}

/** A tile's back, for opponents' hands. */
export function tileBackSVG() {
  const svg = svgEl("svg", { viewBox: "0 0 1 2", class: "tile-back", "aria-hidden": "true",
    focusable: "false" });
  svg.append(svgEl("rect", { x: 0.04, y: 0.04, width: 0.92, height: 1.92, rx: 0.14,
    class: "back-face" }));
  svg.append(svgEl("circle", { cx: 0.5, cy: 1, r: 0.13, class: "back-mark" }));
  return svg;
}

/** @param {Rect} a @param {Rect} b */
function overlaps(a, b) {
  const e = 0.02;
  return a.x < b.x + b.w - e && b.x < a.x + a.w - e && a.y < b.y + b.h - e && b.y < a.y + a.h - e;
}

/**
 * The rectangle of a tile laid from point p in direction d.
 * @param {number[]} p @param {Dir} d @param {boolean} crosswise
 * @returns {{rect: Rect, next: number[]}}
 */
function place(p, d, crosswise) {
  const len = crosswise ? 1 : 2;
  const across = crosswise ? 2 : 1;
  const [dx, dy] = d;
  let rect;
  if (dx !== 0) {
    rect = { x: dx > 0 ? p[0] : p[0] - len, y: p[1] - across / 2, w: len, h: across };
  } else {
    rect = { x: p[0] - across / 2, y: dy > 0 ? p[1] : p[1] - len, w: across, h: len };
  }
  return { rect, next: [p[0] + dx * len, p[1] + dy * len] };
}

/**
 * Numbers as drawn: first = left/top half. `inner` touches the previous tile.
 * @param {Dir} d @param {number} inner @param {number} outer
 */
function orient(d, inner, outer) {
  return d[0] > 0 || d[1] > 0 ? [inner, outer] : [outer, inner];
}

/**
 * A walker for one arm of the layout. A line along the table (`serpentine`) turns back on
 * itself a row further out; a spinner's arm first turns a corner and then runs along the table.
 * @param {number[]} start @param {Dir} main @param {Dir} side
 * @param {Taken[]} taken @param {{xmax: number, ymax: number}} bounds
 * @param {boolean} [serpentine] @param {string} [arm] the arm it lays (its own reserved space is free to it)
 */
function walker(start, main, side, taken, bounds, serpentine = true, arm = "") {
  const clashes = /** @type {any} */ (taken).clashes;
  let p = start;
  let d = main;
  let uturn = serpentine;
  let corner = false; // the last tile turned a corner: the next must not lie crosswise
  /** @param {Rect} r */
  const inBounds = (r) => {
    // Only the edge the line runs towards is checked: a new row starts beyond the limit.
    if (d[0] > 0) return r.x + r.w <= bounds.xmax + 1e-6;
    if (d[0] < 0) return r.x >= -bounds.xmax - 1e-6;
    if (d[1] > 0) return r.y + r.h <= bounds.ymax + 1e-6;
    return r.y >= -bounds.ymax - 1e-6;
  };
  /** @param {Rect} r */
  const free = (r) => !taken.some((t) => t.owner !== arm && overlaps(t, r));

  /**
   * Where the next tile goes (without committing).
   * @param {boolean} isDouble
   */
  function plan(isDouble) {
    const straight = { ...place(p, d, isDouble && !corner), dir: d, turned: false };
    const turn = () => {
      for (const s of [side, /** @type {Dir} */ ([-side[0], -side[1]])]) {
        const q = [p[0] + 0.5 * d[0] - 0.5 * s[0], p[1] + 0.5 * d[1] - 0.5 * s[1]];
        const turned = place(q, s, false);
        if (free(turned.rect)) return { ...turned, dir: s, turned: true };
      }
      return null;
    };
    if (inBounds(straight.rect) && free(straight.rect)) {
      // Bend a tile early where the line would next run into another arm, while it still can.
      const ahead = place(straight.next, d, false);
      if (free(ahead.rect)) return straight;
      return turn() || straight;
    }
    return turn() || straight;
  }

  return {
    /** @param {boolean} isDouble @returns {{rect: Rect, dir: Dir}} */
    lay(isDouble) {
      const step = plan(isDouble);
      if (!free(step.rect)) clashes.count += 1;
      taken.push(step.rect);
      if (step.turned) {
        const s = step.dir;
        if (uturn) {
          p = cornerExit(step.next, s, d);
          d = /** @type {Dir} */ ([-d[0], -d[1]]);
        } else {
          p = step.next;
          side = d;
          d = s;
          uturn = true;
        }
        corner = true;
        return { rect: step.rect, dir: s };
      }
      p = step.next;
      corner = false;
      return { rect: step.rect, dir: step.dir };
    },
    /** The spot where the next (non-double) tile would go: the open end's target. */
    peek() {
      const step = plan(false);
      return step.rect;
    },
    get dir() { return d; },
  };
}

/**
 * After a corner tile that ran in direction s from a row running d, the new row runs -d and
 * starts level with the corner tile's far half.
 * @param {number[]} next the corner tile's far edge centre
 * @param {Dir} s @param {Dir} d
 */
function cornerExit(next, s, d) {
  // The new row's first tile lies under (or over) the corner tile's far half, its inner half
  // touching that half's outer edge.
  return [next[0] + 0.5 * s[0] + 0.5 * d[0], next[1] + 0.5 * s[1] + 0.5 * d[1]];
}

/**
 * Arrange the layout for a given half-width and half-height.
 * @param {Layout} layout
 * @param {number} xmax @param {number} ymax
 * @param {string[]} [played] the tiles in the order they were laid
 * @param {Record<string, number>} [openEnds]
 * @returns {{pieces: Piece[], ends: Record<string, Rect>, clashes: number}}
 */
function arrange(layout, xmax, ymax, played, openEnds) {
  /** @type {Piece[]} */
  const pieces = [];
  /** @type {Taken[]} */
  const taken = [];
  // Tiles that could only be placed over others: an arrangement without any is preferred.
  const clashes = { count: 0 };
  /** @type {any} */ (taken).clashes = clashes;
  /** @type {Record<string, Rect>} */
  const ends = {};
  const bounds = { xmax, ymax: Math.max(3, ymax) };
  const left = layout.left || [];
  if (!left.length) return { pieces, ends, clashes: 0 };
  const opening = left[0];
  const [oa, ob] = halves(opening.tile);
  const openDouble = oa === ob;
  const openRect = openDouble ? { x: -0.5, y: -1, w: 1, h: 2 } : { x: -1, y: -0.5, w: 2, h: 1 };
  taken.push(openRect);
  const high = opening.outer;
  const low = oa + ob - high;
  pieces.push({ tile: opening.tile, first: high, second: low, rect: openRect, arm: "left", index: 0 });
  /** @type {{rect: Rect, dir: Dir}|null} */
  let spinnerAt = layout.spinner === opening.tile ? { rect: openRect, dir: DIRS.E } : null;

  const leftWalk = walker([openRect.x, 0], DIRS.W, DIRS.N, taken, bounds, true, "left");
  const rightWalk = walker([openRect.x + openRect.w, 0], DIRS.E, DIRS.S, taken, bounds, true, "right");
  /** @type {Record<string, ReturnType<typeof walker>>} */
  const walks = { left: leftWalk, right: rightWalk };

  /**
   * The spinner's arms leave it crosswise. From the moment the spinner lies on the table their
   * first stretch (out to the table's edge) is kept free, so the other arms turn before they
   * reach it and the spinner's arms, opened later, find their way clear; and they make a
   * pinwheel: the up arm turns right (east) and the down arm left (west), away from the rows
   * the left arm (turning up) and the right arm (turning down) come back along.
   */
  const spinnerWalks = () => {
    if (walks.up || !spinnerAt) return;
    const { rect, dir } = spinnerAt;
    const cx = rect.x + rect.w / 2, cy = rect.y + rect.h / 2;
    const horizontalLine = dir[0] !== 0;
    const upStart = horizontalLine ? [cx, rect.y] : [rect.x, cy];
    const downStart = horizontalLine ? [cx, rect.y + rect.h] : [rect.x + rect.w, cy];
    const upDir = horizontalLine ? DIRS.N : DIRS.W;
    const downDir = horizontalLine ? DIRS.S : DIRS.E;
    const far = Math.max(bounds.xmax, bounds.ymax) + 2;
    if (horizontalLine) {
      taken.push({ x: cx - 0.5, y: -far, w: 1, h: Math.max(0, rect.y + far), owner: "up" });
      taken.push({ x: cx - 0.5, y: rect.y + rect.h, w: 1, h: Math.max(0, far - rect.y - rect.h), owner: "down" });
    } else {
      taken.push({ x: -far, y: cy - 0.5, w: Math.max(0, rect.x + far), h: 1, owner: "up" });
      taken.push({ x: rect.x + rect.w, y: cy - 0.5, w: Math.max(0, far - rect.x - rect.w), h: 1, owner: "down" });
    }
    walks.up = walker(upStart, upDir, horizontalLine ? DIRS.E : DIRS.N, taken, bounds, false, "up");
    walks.down = walker(downStart, downDir, horizontalLine ? DIRS.W : DIRS.S, taken, bounds, false, "down");
  };

  spinnerWalks();

  /** @param {string} arm @param {Placed} placed @param {number} index */
  const layOne = (arm, placed, index) => {
    if (arm === "up" || arm === "down") spinnerWalks();
    const walk = walks[arm];
    if (!walk) return;
    const [a, b] = halves(placed.tile);
    const dbl = a === b;
    const innerNum = a + b - placed.outer;
    const { rect, dir } = walk.lay(dbl);
    const [first, second] = orient(dir, innerNum, placed.outer);
    pieces.push({ tile: placed.tile, first, second, rect, arm, index });
    if (layout.spinner === placed.tile && !spinnerAt) {
      spinnerAt = { rect, dir };
      spinnerWalks();
    }
  };

  // Lay the tiles in the order they were played, so a later tile makes way for an earlier one
  // as it did on a real table; without that order, lay the arms by turns.
  /** @type {Map<string, [string, Placed, number]>} */
  const where = new Map();
  left.slice(1).forEach((p, i) => where.set(p.tile, ["left", p, i + 1]));
  /** @type {[string, Placed[]][]} */
  const arms = [["right", layout.right], ["up", layout.up], ["down", layout.down]];
  for (const [arm, placed] of arms) placed.forEach((p, i) => where.set(p.tile, [arm, p, i]));
  const order = (played || []).filter((t) => where.has(t));
  if (order.length !== where.size) {
    order.length = 0;
    const R = layout.right || [];
    const L = left.slice(1);
    for (let i = 0; i < Math.max(L.length, R.length); i++) {
      if (i < R.length) order.push(R[i].tile);
      if (i < L.length) order.push(L[i].tile);
    }
    order.push(...(layout.up || []).map((p) => p.tile), ...(layout.down || []).map((p) => p.tile));
  }
  for (const tile of order) {
    const [arm, placed, index] = /** @type {[string, Placed, number]} */ (where.get(tile));
    layOne(arm, placed, index);
  }
  spinnerWalks();
  for (const arm of Object.keys(walks)) ends[arm] = walks[arm].peek();
  const open = Object.keys(openEnds || {}).filter((e) => ends[e]);
  open.forEach((e, i) => {
    if (taken.some((r) => r.owner !== e && overlaps(r, ends[e]))) clashes.count += 1;
    for (const f of open.slice(i + 1)) if (overlaps(ends[e], ends[f])) clashes.count += 1;
  });
  return { pieces, ends, clashes: clashes.count };
}

/** @param {Rect[]} rects */
function bbox(rects) {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const r of rects) {
    x0 = Math.min(x0, r.x); y0 = Math.min(y0, r.y);
    x1 = Math.max(x1, r.x + r.w); y1 = Math.max(y1, r.y + r.h);
  }
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/**
 * Choose the width at which the layout turns so the tiles come out as large as the box allows.
 * @param {Layout} layout @param {number} width @param {number} height @param {number} maxUnit
 * @param {string[]} [played] @param {Record<string, number>} [openEnds]
 */
export function fit(layout, width, height, maxUnit, played, openEnds) {
  /** @type {{scale: number, xmax: number, clashes: number, result: any}[]} */
  let tries = [];
  // The height an arm may turn at follows the table's shape (and a little either side of it).
  const aspect = height / Math.max(width, 1);
  for (let xmax = 3; xmax <= 48; xmax += 1) {
    for (const stretch of [0.7, 1, 1.4]) {
      const arranged = arrange(layout, xmax, xmax * aspect * stretch, played, openEnds);
      const all = [...arranged.pieces.map((p) => p.rect), ...Object.values(arranged.ends)];
      if (!all.length) return { ...arranged, box: { x: -3, y: -2, w: 6, h: 4 } };
      const b = bbox(all);
      const box = { x: b.x - 0.4, y: b.y - 0.4, w: b.w + 0.8, h: b.h + 0.8 };
      const scale = Math.min(width / box.w, height / box.h, maxUnit);
      tries.push({ scale, xmax, clashes: arranged.clashes, result: { ...arranged, box } });
    }
  }
  const fewest = Math.min(...tries.map((t) => t.clashes));
  tries = tries.filter((t) => t.clashes === fewest);
  const top = Math.max(...tries.map((t) => t.scale));
  // The widest line (fewest turns) whose tiles are nearly as large as the largest possible.
  const best = tries.filter((t) => t.scale >= top * 0.96).pop();
  return /** @type {{pieces: Piece[], ends: Record<string, Rect>, box: Rect}} */ (best?.result);
}

/** The least size, in CSS pixels each way, a lit end answers a tap over (a finger's). */
const REACH = 48;

const END_LETTER = { left: LABELS.endLeft, right: LABELS.endRight, up: LABELS.endUp, down: LABELS.endDown };

/**
 * Draw the layout into `svg`, scaled to the svg's box.
 * @param {SVGSVGElement} svg
 * @param {Layout} layout
 * @param {{openEnds: Record<string, number>, lit?: string[], fresh?: string|null,
 *          hint?: string|null, played?: string[]}} opts
 */
export function renderBoard(svg, layout, opts) {
  const width = Math.max(svg.clientWidth, 100);
  const height = Math.max(svg.clientHeight, 80);
  // A unit (half a tile) never larger than the table's size allows for a short line.
  const maxUnit = Math.min(60, Math.max(22, Math.sqrt(width * height) / 13));
  const { pieces, ends, box } = fit(layout, width, height, maxUnit, opts.played, opts.openEnds);
  // Centre the drawing, never scaling a unit above maxUnit.
  const vw = Math.max(box.w, width / maxUnit);
  const vh = Math.max(box.h, height / maxUnit);
  const vx = box.x - (vw - box.w) / 2;
  const vy = box.y - (vh - box.h) / 2;
  svg.setAttribute("viewBox", `${vx} ${vy} ${vw} ${vh}`);
  svg.replaceChildren();
  const tiles = svgEl("g", { class: "layout-tiles" });
  for (const piece of pieces) {
    const classes = [];
    if (piece.tile === opts.fresh) classes.push("fresh");
    if (piece.tile === layout.spinner) classes.push("spinner");
    const g = drawTile(piece.rect, piece.first, piece.second, classes.join(" "));
    g.dataset.tile = piece.tile;
    tiles.append(g);
  }
  svg.append(tiles);
  const lit = new Set(opts.lit || []);
  // A lit end answers a finger over at least REACH px each way, however small the tiles are
  // drawn: an unseen frame around it, in the board's units.
  const reach = REACH / Math.min(width / vw, height / vh);
  for (const [end, number] of Object.entries(opts.openEnds || {})) {
    const rect = ends[end];
    if (!rect) continue;
    const isLit = lit.has(end);
    const g = svgEl("g", { class: `end-spot${isLit ? " lit" : ""}${opts.hint === end ? " hinted" : ""}`,
      "data-end": end });
    if (isLit) {
      const w = Math.max(rect.w, reach), h = Math.max(rect.h, reach);
      g.append(svgEl("rect", { x: rect.x + (rect.w - w) / 2, y: rect.y + (rect.h - h) / 2, width: w,
        height: h, class: "end-reach" }));
    }
    g.append(svgEl("rect", { x: rect.x + 0.06, y: rect.y + 0.06, width: rect.w - 0.12,
      height: rect.h - 0.12, rx: 0.15, class: "end-frame" }));
    // The label fits its frame: on a frame standing up, a lit end's letter stands over its
    // number; lying down, they share a line.
    const cx = rect.x + rect.w / 2, cy = rect.y + rect.h / 2;
    const label = svgEl("text", { x: cx, y: cy, class: "end-label", "text-anchor": "middle",
      "dominant-baseline": "central" });
    const letter = END_LETTER[/** @type {keyof END_LETTER} */ (end)];
    if (isLit && rect.h > rect.w) {
      const top = svgEl("tspan", { x: cx, y: cy - 0.33 });
      top.textContent = letter;
      const bottom = svgEl("tspan", { x: cx, y: cy + 0.33 });
      bottom.textContent = String(number);
      label.append(top, bottom);
    } else {
      label.textContent = isLit ? `${letter} ${number}` : String(number);
    }
    g.append(label);
    svg.append(g);
  }
}
