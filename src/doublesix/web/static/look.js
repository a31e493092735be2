// @ts-check
/**
 * How a person likes the game to look (issue 44): the theme, the felt and the tile style, a
 * small record of preferences (`Preferences` in the protocol) kept by this browser and, while it
 * is signed in, by the account (`GET`/`PUT /api/account/preferences`), so that a choice follows
 * the person to another device. theme.js applies the record to the page, before the first
 * paint and again when this module says it changed (the event "doublesix:look").
 *
 * Signed in, the account's choices win over this browser's; a choice the account never made
 * is given to it from this browser's.
 */
import { api } from "./api.js";
import { LANGUAGE } from "./labels.js";

/** @typedef {import("./protocol.js").Preferences} Preferences */

/** Where this browser keeps the record (theme.js reads the same key). */
export const PREFERENCES_KEY = "doublesix.preferences";
/** "1" while this browser is signed in to an account (its session cookie is not readable). */
export const ACCOUNT_KEY = "doublesix.account";
/** The cookie that tells the server the language chosen (doublesix.web.routes.languages). */
export const LANGUAGE_COOKIE = "doublesix_language";

/** A year, in seconds. */
const YEAR = 365 * 24 * 3600;

/** The server serves this browser in `code` from now on (a year, as Lichess keeps it). @param {string} code */
function keepLanguage(code) {
  document.cookie = [`${LANGUAGE_COOKIE}=${encodeURIComponent(code)}`, "path=/", `max-age=${YEAR}`, "samesite=lax"].join(";");
}

/**
 * A language chosen in Settings: kept by this browser (its cookie) and by the account, then the
 * page is loaded again in it (the server writes the page and its labels in the language).
 * @param {string} code a language's code (`pt_BR`)
 */
export async function chooseLanguage(code) {
  keepLanguage(code);
  await choose({ language: /** @type {Preferences["language"]} */ (code) });
  location.reload();
}

/** The record this browser keeps. @returns {Preferences} */
export function preferences() {
  try {
    const value = JSON.parse(localStorage.getItem(PREFERENCES_KEY) || "null");
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

/** Keep a record in this browser and show it. @param {Preferences} record */
function keep(record) {
  localStorage.setItem(PREFERENCES_KEY, JSON.stringify(record));
  document.dispatchEvent(new Event("doublesix:look"));
}

/**
 * A choice made (in Settings): kept here, shown at once, and given to the account when signed
 * in (a failure there leaves this browser's choice in force).
 * @param {Preferences} changes
 */
export async function choose(changes) {
  keep({ ...preferences(), ...changes });
  if (localStorage.getItem(ACCOUNT_KEY) !== "1") return;
  try {
    await api("/api/account/preferences", { method: "PUT", body: JSON.stringify(changes) });
  } catch (err) {
    if (/** @type {any} */ (err).status === 401) localStorage.removeItem(ACCOUNT_KEY);
  }
}

/**
 * This browser is signed in (at sign-in, and at each start while it believes it is): the
 * account's choices are shown, and those it lacks are given to it from this browser's. Signed
 * out (a 401), the browser keeps its own.
 */
export async function followAccount() {
  localStorage.setItem(ACCOUNT_KEY, "1");
  try {
    /** @type {Preferences} */
    const kept = await api("/api/account/preferences");
    const mine = preferences();
    /** @type {Record<string, unknown>} */
    const missing = {};
    for (const [name, value] of Object.entries(mine)) {
      if (value != null && /** @type {Record<string, unknown>} */ (kept)[name] == null) missing[name] = value;
    }
    const chosen = Object.fromEntries(Object.entries(kept).filter(([, value]) => value != null));
    keep({ ...mine, ...chosen });
    if (Object.keys(missing).length) {
      await api("/api/account/preferences", { method: "PUT", body: JSON.stringify(missing) });
    }
    // The account's language: this browser reads the game in it from now on.
    if (kept.language && kept.language !== LANGUAGE.current) {
      keepLanguage(kept.language);
      location.reload();
    }
  } catch (err) {
    if (/** @type {any} */ (err).status === 401) localStorage.removeItem(ACCOUNT_KEY);
  }
}

/** This browser signed out: it keeps the look it has, as its own. */
export function leaveAccount() {
  localStorage.removeItem(ACCOUNT_KEY);
}
