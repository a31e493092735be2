// @ts-check
/**
 * The people at a table (docs/protocol.md, "Tables for people"): their names, whether they are
 * here, and the words for it. Pure helpers over the picture's `table`; nothing here draws.
 *
 * Names are text: every module shows them with `textContent` (the `h` helper's `text`), never
 * as HTML.
 */

import { LABELS } from "./labels.js";

/** @typedef {import("./types.js").Picture} Picture */
/** @typedef {import("./types.js").Table} Table */
/** @typedef {import("./types.js").TableSeat} TableSeat */

/** Where this browser keeps the name it last gave a table. */
export const NAME_KEY = "doublesix.name";
/** The longest display name, in characters (the server's bound; `LABELS.nameTooLong` says it). */
export const NAME_MAX = 24;
/** Seconds a person must be away before the host may seat a computer for them, unless the table says. */
export const HANDOVER_AFTER = 60;

/**
 * Control, formatting (the text-direction marks among them), private-use, unassigned and lone
 * surrogate characters; the joiners that shape some scripts are allowed (as the server's
 * `requests.parse_name` does).
 */
const FORBIDDEN = /(?![\u200C\u200D])[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}]/u;
/**
 * A character that shows something by itself: a letter, number, symbol or punctuation mark, but
 * not the Hangul fillers or the braille blank (the server's `bodies.is_visible`).
 */
const VISIBLE = /(?![\u115F\u1160\u3164\uFFA0\u2800])[\p{L}\p{N}\p{S}\p{P}]/u;

/**
 * Python's white space (`str.split`'s), which the server's names are split on: JavaScript's
 * `\s` but the byte-order mark, with the separators U+001C to U+001F and U+0085.
 */
const SPACES = /(?:(?!\uFEFF)[\s\x1C-\x1F\x85])+/u;

/**
 * A name as the server keeps it: NFC, runs of spaces made one, none around it.
 * @param {string} raw
 */
export function tidyName(raw) {
  return raw.normalize("NFC").split(SPACES).filter(Boolean).join(" ");
}

/**
 * What is wrong with a display name, in words ("" when nothing): 1 to 24 characters once the
 * spaces are tidied, no control or formatting characters (text-direction marks among them),
 * at least one visible character, as the server's rule; letters of every script are welcome.
 * @param {string} raw
 */
export function nameProblem(raw) {
  const name = tidyName(raw);
  const length = [...name].length;
  if (!length) return LABELS.nameMissing;
  if (length > NAME_MAX) return LABELS.nameTooLong;
  if (FORBIDDEN.test(name)) return LABELS.nameForbidden;
  if (!VISIBLE.test(name)) return LABELS.nameInvisible;
  return "";
}

/** The name this browser gave last time ("" if none). */
export function savedName() {
  const name = localStorage.getItem(NAME_KEY) || "";
  return nameProblem(name) ? "" : name;
}

/** @param {string} name */
export function saveName(name) {
  localStorage.setItem(NAME_KEY, tidyName(name));
}

/**
 * Every seat's name as the page shows it: "You" for this seat, the table's display names for
 * the people (`table.seats[i].name`), the computers' labels.
 * @param {Picture} st @returns {string[]}
 */
export function seatNames(st) {
  const table = st.table;
  if (!table) return st.names;
  return st.names.map((name, seat) => (seat === st.me ? name : table.seats[seat]?.name || name));
}

/** Whether a seat is a person's (and not given to a computer for good). @param {Picture} st @param {number} seat */
export function isPerson(st, seat) {
  return !!st.table?.seats[seat]?.person;
}

/** The server's "Expert playing for Bea", while a computer stands in for an away person. @param {TableSeat} seat */
export function standInWords(seat) {
  return seat.stand_in ? seat.words?.playing_for || "" : "";
}

/** Seconds the host must wait before seating a computer for an away person. @param {Table} table */
export function handoverAfter(table) {
  return table.handover_after ?? HANDOVER_AFTER;
}

/**
 * Whole seconds a person has been away now: the table's `away` when it came, and the time since.
 * @param {TableSeat} seat @param {number} receivedAt `performance.now()` when the table came
 */
export function awayNow(seat, receivedAt) {
  if (!seat.person || !seat.joined || seat.connected) return 0;
  return seat.away + Math.max(0, Math.floor((performance.now() - receivedAt) / 1000));
}

/**
 * Whether a host name is this computer's own address (a link naming it opens on no other
 * device): localhost, 127.x.x.x or ::1.
 * @param {string} [hostname] the page's own by default
 */
export function isLoopback(hostname = location.hostname) {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** A link's full address on this server. @param {string} path */
export function absoluteUrl(path) {
  return new URL(path, location.origin).href;
}

/** Whether a seat plays on your side (you, or your partner: the picture's `sides`). @param {Picture} st @param {number|null} seat */
export function onMySide(st, seat) {
  if (seat === null) return false;
  return st.sides.some((side) => side.includes(seat) && side.includes(st.me));
}
