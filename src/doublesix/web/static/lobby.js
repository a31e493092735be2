// @ts-check
/**
 * The lobby (`/lobby`, docs/protocol.md, "The lobby"): the public tables with a free seat,
 * read again every few seconds while the page is shown and visible (live without a reload);
 * "Sit here" opens the free seat's invitation page, where the name is asked. Every sentence is
 * the server's or a label.
 */
import { byId, h, failed, sentences } from "./dom.js";
import { LABELS } from "./labels.js";
import { api, loadOptions } from "./api.js";
import { quickMatchForm } from "./quickmatch.js";
import { navigate, showView } from "./nav.js";

/** @typedef {import("./types.js").Lobby} Lobby */
/** @typedef {import("./types.js").LobbyTable} LobbyTable */

/** Seconds between two reads of the lobby. */
const EVERY = 3;
/** @type {ReturnType<typeof setInterval>|undefined} */
let timer;
/** What was last drawn, so that an unchanged lobby is not drawn again (nor read aloud). */
let drawn = "";
let drawnPlaying = "";

/** Show the lobby, and keep it fresh while it is the page shown. */
export function showLobby() {
  showView("lobby");
  document.title = LABELS.lobbyPageTitle;
  loadOptions().then((opts) => {
    if (!document.getElementById("quick-match")) byId("lobby-title").after(quickMatchForm(opts));
  }).catch(() => null);
  drawn = drawnPlaying = "";
  refresh();
  clearInterval(timer);
  timer = setInterval(() => {
    if (byId("lobby").hidden) clearInterval(timer);
    else if (document.visibilityState === "visible") refresh();
  }, EVERY * 1000);
}

async function refresh() {
  const body = byId("lobby-body");
  try {
    /** @type {Lobby} */
    const lobby = await api("/api/lobby");
    showPlaying(lobby);
    const text = JSON.stringify(lobby.tables);
    if (text === drawn) return;
    drawn = text;
    body.replaceChildren(...(lobby.tables.length ? [h("ul", { class: "lobby-tables" },
      lobby.tables.map(tableItem))] : [h("p", { text: lobby.empty })]));
  } catch (err) {
    drawn = "";
    body.replaceChildren(h("p", { class: "error", text: failed(LABELS.lobbyFailed, err) }));
  }
}

/**
 * The games in play, each with its Watch link (not a live region: a move somewhere is not
 * read aloud). @param {Lobby} lobby
 */
function showPlaying(lobby) {
  const text = JSON.stringify(lobby.playing);
  if (text === drawnPlaying) return;
  drawnPlaying = text;
  byId("lobby-playing").hidden = false;
  byId("lobby-playing-title").textContent = lobby.in_play;
  byId("lobby-playing-body").replaceChildren(...(lobby.playing.length ? [h("ul", { class: "lobby-tables" },
    lobby.playing.map(tableItem))] : [h("p", { text: lobby.none_in_play })]));
}

/** One table: its heading, rated or casual, when it opened, its seats. @param {LobbyTable} table */
function tableItem(table) {
  const id = `lobby-${table.game_id}`;
  return h("li", { class: "lobby-table", "aria-labelledby": id }, [
    h(table.watch ? "h3" : "h2", { id, text: table.title }),
    h("p", { class: "lobby-meta", text: sentences(table.rated_words, table.opened_words) }),
    h("ul", { class: "lobby-seats" }, table.seats.map((seat) => h("li", {}, [
      seat.line,
      ...(seat.join ? [" ", h("button", {
        type: "button", class: "primary", text: LABELS.sitHere,
        "aria-label": `${LABELS.sitHere}: ${table.title}`,
        onclick: () => { clearInterval(timer); navigate(/** @type {string} */ (seat.join)); },
      })] : []),
    ]))),
    ...(table.watch ? [h("p", {}, [h("a", { href: table.watch, "data-nav": true, class: "button",
      text: LABELS.watch, "aria-label": table.watch_words || undefined,
      onclick: () => clearInterval(timer) })])] : []),
  ]);
}
