// @ts-check
/**
 * Quick chat at a table of people: a Chat button in the game's bar opens a small menu of the
 * server's fixed phrases (`GET /api/options`' `chat`; no free text); a phrase said at the
 * table (the server's `chat` message) is shown briefly by its sender's seat and announced,
 * like any event. Muting the chat (a setting kept in this browser) hides the others' phrases
 * and leaves them unsaid.
 */
import { state, saveSettings } from "./state.js";
import { byId, h, input } from "./dom.js";
import { announce } from "./a11y.js";
import { send } from "./connection.js";
import { loadOptions } from "./api.js";
import { openDialog, closeDialog } from "./dialogs.js";

/** @typedef {import("./types.js").GameSession} GameSession */
/** @typedef {import("./types.js").Picture} Picture */
/** @typedef {import("./types.js").ChatMessage} ChatMessage */

/** How long a phrase stays by its sender's seat, in ms. */
const SHOWN_MS = 4000;

/** The Chat button: at a table of people only. @param {Picture} st */
export function renderChat(st) {
  byId("chat-button").hidden = !st.table || !!st.watching;
}

/** Open the quick chat's menu: the server's phrases, and the mute setting. */
export async function openChat() {
  const phrases = (await loadOptions().catch(() => null))?.chat || [];
  byId("chat-phrases").replaceChildren(...phrases.map((p) => h("button", {
    type: "button", class: "chat-phrase", dataset: { phrase: p.key }, text: p.label,
  })));
  input("chat-mute").checked = state.settings.muteChat;
  openDialog("chat-dialog");
  /** @type {HTMLElement|null} */ (byId("chat-phrases").firstElementChild)?.focus();
}

/** Say a phrase of the menu (its key) to the table, and close the menu. @param {string} key */
function say(key) {
  const g = state.game;
  if (g && send(g, { type: "chat", phrase: key })) closeDialog("chat-dialog");
}

byId("chat-phrases").addEventListener("click", (e) => {
  const chosen = /** @type {HTMLElement} */ (e.target).closest("[data-phrase]");
  if (chosen) say(/** @type {HTMLElement} */ (chosen).dataset.phrase || "");
});
input("chat-mute").addEventListener("change", () => {
  state.settings.muteChat = input("chat-mute").checked;
  saveSettings();
});

/**
 * A phrase said at the table: shown by the sender's seat for a few seconds and announced
 * (the server's sentence, "Ana: Good luck!"); another's phrase is neither while the chat is
 * muted. @param {GameSession} g @param {ChatMessage} msg
 */
export function showChat(g, msg) {
  const st = g.picture;
  if (!st || (state.settings.muteChat && msg.seat !== st.me)) return;
  announce(msg.text);
  byId("log").append(h("li", { text: msg.text }));
  const where = msg.seat === st.me ? byId("me").querySelector(".me-head")
    : document.querySelector(`#game .seat[data-seat="${msg.seat}"]`);
  if (!where) return;
  where.querySelector(".chat-bubble")?.remove();
  const bubble = h("p", { class: "chat-bubble", "aria-hidden": "true", text: msg.label });
  where.append(bubble);
  setTimeout(() => bubble.remove(), SHOWN_MS);
}
