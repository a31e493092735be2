// @ts-check
/**
 * Words for screen readers: the live region. The sentences about the game (what the reading
 * keys say, the hand's tiles' names, the end buttons' names and the refusals among them) come
 * from the server with each picture (`words`).
 *
 * The live region (`#live`, role="log") gets one new paragraph per announcement, so
 * announcements are read in the order they were made and none replaces another; the oldest are
 * removed (removals are not read).
 *
 * While a modal dialog is open the rest of the page is inert, its live region too: the line is
 * then also said in a live region of the dialog's own (made when first needed).
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
  const modal = document.querySelector("dialog:modal");
  if (!modal) return;
  let own = modal.querySelector(":scope > .dialog-live");
  if (!own) {
    own = document.createElement("div");
    own.className = "dialog-live visually-hidden";
    own.setAttribute("role", "log");
    own.setAttribute("aria-live", "polite");
    modal.append(own);
  }
  own.append(line.cloneNode(true));
  while (own.childElementCount > KEEP) own.firstElementChild?.remove();
}
