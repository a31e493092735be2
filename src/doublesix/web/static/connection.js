// @ts-check
/**
 * The game's WebSocket: connecting, reconnecting after a lost connection, sending.
 *
 * Losing the connection and getting it back are announced; while it is away, nothing that
 * needs the server can be used (the game's render asks {@link GameSession}'s `connected`).
 */
import { state } from "./state.js";
import { byId } from "./dom.js";
import { loadOptions } from "./api.js";
import { announce } from "./a11y.js";
import { LABELS } from "./labels.js";

/** @typedef {import("./types.js").GameSession} GameSession */
/** @typedef {import("./types.js").ServerMessage} ServerMessage */

/**
 * What the page says when the server refuses a game's socket, by the close code's name (the
 * codes themselves are the server's, `GET /api/options`'s `wire.close`): a wrong token, an
 * unknown game, a game whose save cannot be read. Any other close is a lost connection, retried.
 * @type {Record<string, [string, string]>}
 */
const REFUSALS = {
  forbidden: [LABELS.gameNotFound, LABELS.noSeatHere],
  not_found: [LABELS.gameNotFound, LABELS.noSuchGame],
  damaged: [LABELS.gameDamaged, LABELS.gameDamagedText],
};

/**
 * A close code's name in the server's wire constants ("too_many": the seat is open in too many
 * places, or it sent too many messages), "" for any other close.
 * @param {number} code @returns {Promise<string>}
 */
async function closeName(code) {
  const close = (await loadOptions()).wire.close;
  return Object.entries(close).find(([, value]) => value === code)?.[0] || "";
}

/**
 * @typedef {{message: (g: GameSession, msg: ServerMessage) => void,
 *   refused: (g: GameSession, title: string, text: string) => void,
 *   changed: (g: GameSession) => void}} Handlers
 */

/**
 * Open the game's socket, and open it again whenever it is lost.
 * @param {GameSession} g @param {Handlers} on
 */
export function connect(g, on) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const asks = g.watching ? "watch=1" : `token=${encodeURIComponent(g.token)}`;
  // A lesson's socket: the lesson comes back to the moves that stood (the coach's `moves`).
  const path = g.lesson ? `lessons/${encodeURIComponent(g.lesson)}?moves=${encodeURIComponent(g.coach?.moves || "")}`
    : `${encodeURIComponent(g.id)}?${asks}`;
  const ws = new WebSocket(`${scheme}://${location.host}/ws/${path}`);
  g.ws = ws;
  ws.addEventListener("open", () => {
    if (g.closed || state.game !== g) return;
    g.retries = 0;
    g.connected = true;
    showConnection(g, on);
    if (g.lost) {
      g.lost = false;
      announce(LABELS.connectedAgain);
    }
    on.changed(g);
  });
  ws.addEventListener("message", (m) => {
    if (g.closed || state.game !== g || g.ws !== ws) return;
    let msg;
    try {
      msg = JSON.parse(m.data);
    } catch {
      return;
    }
    on.message(g, msg);
  });
  ws.addEventListener("close", async (e) => {
    if (g.closed || state.game !== g || g.ws !== ws) return;
    const name = await closeName(e.code).catch(() => "");
    if (g.closed || state.game !== g || g.ws !== ws) return;
    const refusal = REFUSALS[name];
    if (refusal) {
      g.closed = true;
      g.connected = false;
      on.refused(g, ...refusal);
      return;
    }
    g.connected = false;
    if (name === "too_many") {
      g.stopped = true;
      g.lost = true;
      announce(LABELS.tooManyPlaces);
      showConnection(g, on);
      on.changed(g);
      return;
    }
    g.retries += 1;
    if (!g.lost) {
      g.lost = true;
      announce(LABELS.connectionLost);
    }
    showConnection(g, on);
    on.changed(g);
    setTimeout(() => { if (state.game === g && !g.closed) connect(g, on); }, Math.min(400 * g.retries, 4000));
  });
}

/**
 * The connection's state in the game's bar and in the waiting room: lost (reconnecting, or
 * stopped with a button to connect again), or the server's notice (saving failed, trying again).
 * @param {GameSession} g @param {Handlers} [on] needed for the button that connects again
 */
export function showConnection(g, on) {
  // The game's bar, and the waiting room's line (a table for people before its game starts).
  for (const el of [byId("connection"), byId("waiting-connection")]) {
    if (!g.connected && g.lost) {
      el.hidden = false;
      el.textContent = g.stopped ? LABELS.notFollowing : LABELS.reconnecting;
      el.classList.remove("notice");
    } else if (g.notice) {
      el.hidden = false;
      el.textContent = g.notice;
      el.classList.add("notice");
    } else {
      el.hidden = true;
      el.textContent = "";
    }
  }
  // Stopped: a button that connects again, in the game's bar and in the waiting room.
  for (const again of reconnectButtons()) {
    again.hidden = !g.stopped;
    if (on) again.onclick = () => connectAgain(g, on, again);
  }
  byId("game").dataset.connected = String(g.connected);
}

/** The buttons that connect again: the game's bar's and the waiting room's. */
function reconnectButtons() {
  return [byId("reconnect-button"), byId("waiting-reconnect-button")];
}

/**
 * The person asked to follow the game again (after 4429). The button goes away: the focus it
 * had goes to the start of what is shown (the waiting room's heading, or the page's main).
 * @param {GameSession} g @param {Handlers} on @param {HTMLElement} used the button pressed
 */
function connectAgain(g, on, used) {
  const hadFocus = document.activeElement === used;
  g.stopped = false;
  g.retries = 0;
  for (const again of reconnectButtons()) again.hidden = true;
  if (hadFocus) byId(document.body.dataset.view === "waiting" ? "waiting-title" : "main").focus({ preventScroll: true });
  connect(g, on);
}

/** Send a message; false (and nothing sent) while the connection is away. @param {GameSession} g @param {object} msg */
export function send(g, msg) {
  if (!g.ws || !g.connected || g.ws.readyState !== WebSocket.OPEN) {
    announce(LABELS.notConnected);
    return false;
  }
  g.ws.send(JSON.stringify(msg));
  return true;
}

/** Close the socket for good (the page left the game). @param {GameSession} g */
export function disconnect(g) {
  g.closed = true;
  g.connected = false;
  g.ws?.close();
}
