// @ts-check
/**
 * Small DOM helpers shared by every module: finding elements, making them, a toast, a pause.
 */

/** @param {string} id @returns {HTMLElement} */
export const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @param {string} id @returns {HTMLButtonElement} */
export const button = (id) => /** @type {HTMLButtonElement} */ (document.getElementById(id));

/** @param {string} id @returns {HTMLInputElement} */
export const input = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id));

/**
 * An element with attributes, listeners and children: `h("p", {class: "x", text: "hi"})`.
 * @param {string} tag @param {Record<string, any>} [props] @param {(Node|string)[]} [children]
 * @returns {HTMLElement}
 */
export function h(tag, props = {}, children = []) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  el.append(...children);
  return el;
}

/** @param {number} ms @returns {Promise<void>} */
export const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

/** @type {ReturnType<typeof setTimeout>|undefined} */
let toastTimer;

/** A short note at the bottom of the screen (also said by its role="alert"). @param {string} text */
export function toast(text) {
  const el = byId("toast");
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, 4000);
}

/** @param {unknown} err */
export function errorText(err) {
  return err instanceof Error ? err.message : String(err);
}

/** "Draw" from "draw-x": the first letter in capitals. @param {string} s */
export const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/** "3 tiles", "1 tile". @param {number} n @param {string} word */
export const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * A table with a header row and a header cell in each row.
 * @param {string[]} head @param {(string|number)[][]} rows @param {string} [caption]
 */
export function table(head, rows, caption) {
  return h("table", {}, [
    ...(caption ? [h("caption", { text: caption })] : []),
    h("thead", {}, [h("tr", {}, head.map((c) => h("th", { scope: "col", text: c })))]),
    h("tbody", {}, rows.map((r) => h("tr", {}, r.map((c, i) =>
      i === 0 ? h("th", { scope: "row", text: String(c) }) : h("td", { text: String(c) }))))),
  ]);
}
