// @ts-check
/**
 * The JSON API over HTTP (docs/protocol.md): requests, and the form's options fetched once.
 */
import { state } from "./state.js";
import { LABELS } from "./labels.js";

/** @typedef {import("./types.js").Options} Options */
/** @typedef {import("./types.js").RulesAnswer} FormRules */

/** An answer the server refused: its status, its words and the form's field they are about. */
export class ApiError extends Error {
  /** @param {string} message @param {number} status @param {string|null} [field] */
  constructor(message, status, field = null) {
    super(message);
    this.status = status;
    this.field = field;
  }
}

/**
 * A JSON request to this server; an {@link ApiError} carries the server's words.
 * @param {string} url @param {RequestInit} [init] @returns {Promise<any>}
 */
export async function api(url, init) {
  const response = await fetch(url, {
    ...init,
    headers: { "Content-Type": "application/json", ...(init?.headers || {}) },
    credentials: "same-origin",
  });
  let body = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) {
    throw new ApiError(body?.error || LABELS.serverFailed, response.status,
      typeof body?.field === "string" ? body.field : null);
  }
  return body;
}

/** `GET /api/options`, fetched once (again after a failure). @returns {Promise<Options>} */
export function loadOptions() {
  if (state.options) return Promise.resolve(state.options);
  if (!state.optionsLoading) {
    state.optionsLoading = api("/api/options").then((opts) => {
      state.options = opts;
      return opts;
    }).catch((err) => {
      state.optionsLoading = null;
      throw err;
    });
  }
  return state.optionsLoading;
}

/** @param {string} name */
export function variantInfo(name) {
  return state.options?.variants.find((v) => v.name === name);
}

/** @param {string} name */
export function opponentInfo(name) {
  return state.options?.opponents.find((o) => o.name === name);
}

/**
 * The catalogue's words for rules a form or an invitation holds (`POST /api/rules`).
 * @param {Record<string, string|number|boolean>} rules every option, and `variant`
 * @returns {Promise<FormRules>}
 */
export function rulesWords(rules) {
  const { variant, players, target, set, ...options } = rules;
  return api("/api/rules", { method: "POST", body: JSON.stringify({ variant, players, target, set, options }) });
}
