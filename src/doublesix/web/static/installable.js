// @ts-check
/**
 * The installable app: the service worker registered (sw.js keeps the game's own files), the
 * browser's install prompt behind the front page's "Install the app" button (shown only while
 * the browser offers one), and the page the worker opens when the server cannot be reached
 * (marked `data-offline` on <html>), which says so.
 */
import { LABELS } from "./labels.js";
import { byId } from "./dom.js";
import { showNotice } from "./nav.js";

/** @typedef {Event & { prompt(): Promise<unknown> }} InstallPrompt */

/** The browser's offer to install, while it stands. @type {InstallPrompt|null} */
let offer = null;

/** Register the service worker (where the browser has them: on https and on localhost). */
export function registerWorker() {
  if (!("serviceWorker" in navigator)) return;
  // After the page has loaded, so that keeping the files never slows its first paint.
  const register = () => navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
    // Without a worker the app still plays; it only opens slower and not without the server.
  });
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

/** Show the install button while the browser offers to install the app. */
export function offerInstall() {
  const button = byId("install-button");
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    offer = /** @type {InstallPrompt} */ (event);
    button.hidden = false;
  });
  window.addEventListener("appinstalled", () => {
    offer = null;
    button.hidden = true;
  });
  button.addEventListener("click", async () => {
    const asked = offer;
    if (!asked) return;
    offer = null;
    button.hidden = true;
    await asked.prompt();
  });
}

/** Whether the worker opened this page because the server could not be reached. */
export function openedWithoutServer() {
  return document.documentElement.dataset.offline !== undefined;
}

/** Say that the server cannot be reached, and that play needs it; its link tries again. */
export function showServerAway() {
  showNotice(LABELS.serverAway, LABELS.serverAwayText);
  // The notice's link loads the front page again (the server, if it is back), not the router's
  // page, which would need the server.
  byId("notice").querySelector("a[data-nav]")?.removeAttribute("data-nav");
}
