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

/**
 * Whole sentences side by side, each the server's or a label (none is made here): the empty
 * ones left out. @param {(string|null|undefined)[]} said
 */
export const sentences = (...said) => said.filter(Boolean).join(" ");

/** A failure said in two sentences: the label's (what could not be done), then why. @param {string} label @param {unknown} err */
export const failed = (label, err) => sentences(label, errorText(err));

/**
 * A sentence marked by the server (`docs/protocol.md`, "marked"): its text at the even places,
 * names at the odd places, each drawn in its own text direction (a right-to-left name keeps
 * the words after it in place). @param {string[]} parts @returns {(Node|string)[]}
 */
export const marked = (parts) => parts.map((part, i) => (i % 2 ? h("bdi", { text: part }) : part));

/**
 * A table with a header row and a header cell in each row (a cell: its text, or an element).
 * @param {string[]} head @param {(string|number|Element)[][]} rows @param {string} [caption]
 */
export function table(head, rows, caption) {
  return h("table", {}, [
    ...(caption ? [h("caption", { text: caption })] : []),
    h("thead", {}, [h("tr", {}, head.map((c) => h("th", { scope: "col", text: c })))]),
    h("tbody", {}, rows.map((r) => h("tr", {}, r.map((c, i) => {
      const [props, children] = c instanceof Element ? [{}, [c]] : [{ text: String(c) }, []];
      return h(i === 0 ? "th" : "td", i === 0 ? { scope: "row", ...props } : props, children);
    })))),
  ]);
}
