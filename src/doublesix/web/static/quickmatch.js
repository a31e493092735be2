// @ts-check
/**
 * Quick match, on the lobby page (docs/protocol.md, "Quick match"): choose a game, 2 or 4
 * players, rated or casual, and a name (a guest's); "Find a game" enters the queue and asks
 * every 2 seconds how it goes (which also moves the queue on, and keeps the place: the server
 * gives up a place nobody asks after), saying the server's words in a live line; "Leave the
 * queue" leaves it, and so does leaving the lobby or the page going away (`pagehide`); once
 * seated, the game opens.
 */
import { byId, h, input, failed, errorText } from "./dom.js";
import { LABELS } from "./labels.js";
import { api, ApiError } from "./api.js";
import { navigate } from "./nav.js";
import { nameProblem, saveName, savedName, tidyName } from "./people.js";
import { rememberSeat } from "./state.js";

/** @typedef {import("./types.js").QuickMatchTicket} QuickMatchTicket */
/** @typedef {import("./types.js").Options} Options */

/** Seconds between two questions to the queue. */
const EVERY = 2;
/** @type {ReturnType<typeof setTimeout>|undefined} */
let timer;
/** @type {string|null} */
let ticket = null;

/**
 * The quick match form, drawn into the lobby page (once): the games are the server's presets
 * (`GET /api/options`). @param {Options} opts
 */
export function quickMatchForm(opts) {
  const existing = document.getElementById("quick-match");
  if (existing) return existing;
  const variants = opts.variants.map((v) => [v.name, v.preset_label]);
  const said = h("p", { id: "quick-said", role: "status" });
  const leaveButton = h("button", { type: "button", id: "quick-leave", hidden: true, text: LABELS.leaveQueue, onclick: leaveQueue });
  const form = h("form", { id: "quick-match", class: "quick-match", "aria-labelledby": "quick-title", novalidate: true }, [
    h("h2", { id: "quick-title", text: LABELS.quickMatch }),
    h("p", { class: "field" }, [h("label", { for: "quick-variant", text: LABELS.quickGame }),
      h("select", { id: "quick-variant" }, variants.map(([value, text]) => h("option", { value, text })))]),
    h("p", { class: "field" }, [h("label", { for: "quick-players", text: LABELS.quickPlayers }),
      h("select", { id: "quick-players" }, [h("option", { value: "2", text: "2" }), h("option", { value: "4", text: "4" })])]),
    h("p", { class: "check-line" }, [h("label", {}, [h("input", { type: "checkbox", id: "quick-rated", checked: true }), ` ${LABELS.quickRated}`])]),
    h("p", { class: "field" }, [h("label", { for: "quick-name", text: LABELS.quickName }),
      h("input", { id: "quick-name", type: "text", maxlength: 24, autocomplete: "nickname", value: savedName() })]),
    h("p", {}, [h("button", { type: "submit", class: "primary", id: "quick-find", text: LABELS.findGame }), " ", leaveButton]),
    said,
  ]);
  // Closing the tab, going to another site or back out of the app: the place is left, so
  // that nobody is seated with a person who will not come.
  window.addEventListener("pagehide", leave);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const variant = /** @type {HTMLSelectElement} */ (form.querySelector("#quick-variant")).value;
    const players = Number(/** @type {HTMLSelectElement} */ (form.querySelector("#quick-players")).value);
    const name = tidyName(/** @type {HTMLInputElement} */ (form.querySelector("#quick-name")).value);
    const problem = nameProblem(name);
    if (problem) {
      said.textContent = problem;
      return;
    }
    saveName(name);
    try {
      /** @type {QuickMatchTicket} */
      const answer = await api("/api/quickmatch", { method: "POST", body: JSON.stringify({
        variant, players: variant === "partnership" ? 4 : players,
        rated: /** @type {HTMLInputElement} */ (form.querySelector("#quick-rated")).checked, name }) });
      ticket = answer.ticket;
      leaveButton.hidden = false;
      follow(answer);
    } catch (err) {
      said.textContent = failed(LABELS.quickFailed, err);
    }
  });
  return form;
}

/** Say how the place goes; once seated open the game, else ask again. @param {QuickMatchTicket} answer */
function follow(answer) {
  byId("quick-said").textContent = answer.words;
  clearTimeout(timer);
  if (answer.status === "seated" && answer.game_id && answer.token) {
    ticket = null;
    rememberSeat({ game_id: answer.game_id, token: answer.token });
    navigate(`/game/${encodeURIComponent(answer.game_id)}`);
    return;
  }
  askLater();
}

/**
 * Ask how the place goes in a while (the lobby left meanwhile: leave the queue). A place gone
 * (404: left elsewhere, or given up while this page could not ask) ends the wait in the
 * server's words; another failure is said, and asked again.
 */
function askLater() {
  timer = setTimeout(async () => {
    if (ticket === null) return;
    if (byId("lobby").hidden) {
      leave();
      return;
    }
    try {
      follow(await api(`/api/quickmatch/${encodeURIComponent(ticket)}`));
    } catch (err) {
      const said = byId("quick-said");
      if (err instanceof ApiError && err.status === 404) {
        ticket = null;
        byId("quick-leave").hidden = true;
        said.textContent = errorText(err);
        return;
      }
      const words = failed(LABELS.quickFailed, err);
      if (said.textContent !== words) said.textContent = words;
      askLater();
    }
  }, EVERY * 1000);
}

/**
 * Leave the queue, if waiting: the request is not waited for and outlives the page
 * (`keepalive`), so that it is sent as the page goes away too.
 */
function leave() {
  clearTimeout(timer);
  if (ticket === null) return;
  fetch(`/api/quickmatch/${encodeURIComponent(ticket)}`, { method: "DELETE", keepalive: true, credentials: "same-origin" }).catch(() => null);
  ticket = null;
  byId("quick-leave").hidden = true;
  byId("quick-said").textContent = LABELS.leftQueue;
}

function leaveQueue() {
  leave();
  input("quick-variant")?.focus();
}
