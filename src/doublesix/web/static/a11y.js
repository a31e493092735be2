// @ts-check
/**
 * Words for screen readers: the live region, and the names of the hand's tiles and the end
 * buttons. The sentences about the game (what the reading keys say among them) come from the
 * server with each picture (`words`).
 *
 * The live region (`#live`, role="log") gets one new paragraph per announcement, so
 * announcements are read in the order they were made and none replaces another; the oldest are
 * removed (removals are not read).
 */

/** How many announcements the live region keeps. */
const KEEP = 12;

/** Say something in the live region (polite), after everything said before. @param {string} text */
export function announce(text) {
  const region = document.getElementById("live");
  if (!region || !text) return;
  const line = document.createElement("p");
  line.textContent = text;
  region.append(line);
  while (region.childElementCount > KEEP) region.firstElementChild?.remove();
}

/** "a, b and c". @param {string[]} items */
export function listWords(items) {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** @type {Record<string, string>} */
const END_WORDS = { left: "left end", right: "right end", up: "up arm", down: "down arm" };

/** @param {string} end */
export function endWords(end) {
  return END_WORDS[end] || end;
}

/**
 * The accessible name of a hand tile: it begins with the tile's text.
 * @param {string} tile @param {string[]} ends the ends it can go on now ("lead" to open)
 * @param {boolean} myTurn whether the person may play now
 */
export function tileLabel(tile, ends, myTurn) {
  if (!myTurn) return `${tile}, cannot be played now: not your turn`;
  if (!ends.length) return `${tile}, cannot be played: it fits no open end`;
  if (ends.includes("lead")) return `${tile}, can be played: it opens the hand`;
  return `${tile}, can be played on the ${listWords(ends.map(endWords))}`;
}
