// @ts-check
/**
 * Navigation, as an event: a page asks for an address with `navigate(path)`, and the router
 * (pages.js, subscribed at start-up by app.js with `onNavigate`) shows it. Which of the page's
 * views shows, and a notice in place of a page, are here too; so no page imports the router,
 * and the router imports the pages.
 */
import { byId } from "./dom.js";

const VIEWS = ["home", "game", "waiting", "join", "lobby", "stats", "account", "learn", "notice"];

/** The address changed (`navigate`): the router shows the page it names. */
const NAVIGATED = "navigated";
const events = new EventTarget();

/** Show one view of the page (a game's screen and its waiting room are two). @param {string} id */
export function showView(id) {
  for (const v of VIEWS) byId(v).hidden = v !== id;
  document.body.dataset.view = id;
}

/** A notice in place of a page: its heading (the page's title too) and its words. @param {string} title @param {string} text */
export function showNotice(title, text) {
  byId("notice-title").textContent = title;
  byId("notice-text").textContent = text;
  showView("notice");
  document.title = title;
}

/**
 * Go to an address: it goes into the history (or takes the current entry's place), then the
 * router shows it, before this returns.
 * @param {string} path @param {boolean} [replace]
 */
export function navigate(path, replace = false) {
  if (replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  events.dispatchEvent(new Event(NAVIGATED));
}

/** Call `listener` after each `navigate` (the router: pages.js's `route`). @param {() => void} listener */
export function onNavigate(listener) {
  events.addEventListener(NAVIGATED, listener);
}
