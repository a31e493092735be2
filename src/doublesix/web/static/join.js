// @ts-check
/**
 * An invitation's page (`/join/{game_id}/{code}`): the table's rules and who sits where, a
 * display name, and the seat. A browser that already holds the seat goes straight to the game;
 * an invitation someone else used shows a page that says so.
 */
import { byId, h, errorText } from "./dom.js";
import { api, ApiError } from "./api.js";
import { nameProblem, savedName, saveName, tidyName } from "./people.js";
import { navigate, showNotice, showView } from "./nav.js";
import { rememberSeat } from "./state.js";

/** @typedef {import("./types.js").Invitation} Invitation */

/** Which invitation the page shows now: an answer for an older one is dropped. */
let showing = "";

/** @param {string} gameId @param {string} code */
export async function showJoin(gameId, code) {
  const key = `${gameId}/${code}`;
  showing = key;
  if (localStorage.getItem(`doublesix.seat.${gameId}`)) {
    navigate(`/game/${encodeURIComponent(gameId)}`, true);
    return;
  }
  showView("join");
  document.title = "Join a game · doublesix";
  byId("join-title").textContent = "Join a game of dominoes";
  const body = byId("join-body");
  body.replaceChildren(h("p", { text: "Opening the invitation…" }));
  /** @type {Invitation} */
  let invitation;
  try {
    invitation = await api(`/api/join/${encodeURIComponent(gameId)}/${encodeURIComponent(code)}`);
  } catch (err) {
    if (showing !== key) return;
    if (err instanceof ApiError && err.status === 404) {
      showNotice("Invitation not found", "There is no such invitation on this server: check that the whole link was copied, or start a game of your own from the front page.");
    } else {
      body.replaceChildren(h("p", { class: "error", text: `Could not open the invitation: ${errorText(err)}` }));
    }
    return;
  }
  if (showing !== key) return;
  const seat = invitation.table.seats[invitation.seat];
  if (invitation.yours) {
    // This browser took the seat before (its cookie) but lost the token: take it again.
    const refused = await join(invitation, code, seat?.name || savedName());
    if (!refused) return;
  }
  const refusal = invitation.yours ? null : invitation.words.refusal;
  if (refusal) {
    showNotice(refusal.title, refusal.text);
    return;
  }
  showInvitation(invitation, code);
}

/** @param {Invitation} inv @param {string} code */
function showInvitation(inv, code) {
  const said = inv.words;
  byId("join-title").textContent = said.title;
  document.title = `${said.title} · doublesix`;
  const errorId = "join-name-error";
  const nameInput = /** @type {HTMLInputElement} */ (h("input", { id: "join-name", name: "name", type: "text",
    autocomplete: "nickname", spellcheck: "false", "aria-describedby": `join-name-help ${errorId}`, required: true }));
  nameInput.value = savedName();
  const error = h("p", { class: "field-error error", id: errorId });
  const general = h("p", { class: "error", role: "alert" });
  const submit = /** @type {HTMLButtonElement} */ (h("button", { type: "submit", class: "primary big", text: `Take seat ${inv.seat + 1}` }));
  const form = /** @type {HTMLFormElement} */ (h("form", { class: "join-form", novalidate: true, "aria-labelledby": "join-form-title" }, [
    h("h2", { id: "join-form-title", text: "Your seat" }),
    h("p", {}, [h("label", { for: "join-name", class: "field-label", text: "Your name" }), nameInput]),
    h("p", { id: "join-name-help", class: "field-help", text: "The others see it at the table: up to 24 characters." }),
    error,
    general,
    h("div", { class: "form-actions" }, [submit]),
  ]));
  nameInput.addEventListener("input", () => {
    error.textContent = "";
    nameInput.removeAttribute("aria-invalid");
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const problem = nameProblem(nameInput.value);
    if (problem) {
      error.textContent = problem;
      nameInput.setAttribute("aria-invalid", "true");
      nameInput.focus();
      return;
    }
    general.textContent = "";
    submit.disabled = true;
    submit.textContent = "Joining…";
    const refused = await join(inv, code, tidyName(nameInput.value));
    submit.disabled = false;
    submit.textContent = `Take seat ${inv.seat + 1}`;
    if (refused) {
      if (refused.field) {
        error.textContent = refused.message;
        nameInput.setAttribute("aria-invalid", "true");
        nameInput.focus();
      } else {
        general.textContent = refused.message;
      }
    }
  });

  // Every sentence about the table and its rules is the server's.
  byId("join-body").replaceChildren(
    h("p", { class: "lead", text: said.lead }),
    form,
    h("h2", { text: "Who sits where" }),
    h("ol", { class: "join-seats" }, inv.table.seats.map((s) => h("li", { class: s.seat === inv.seat ? "yours" : "" }, [
      h("span", { class: "seat-number", text: `Seat ${s.seat + 1}: ` }), said.seats[s.seat] || s.name,
    ]))),
    h("h2", { text: "The rules" }),
    h("ul", { class: "rule-list" }, inv.rules_words.lines.map((line) => h("li", { text: line }))),
  );
  nameInput.focus();
}

/**
 * Take the seat, keep its token and open the game. On a refusal that leaves the page here,
 * the server's words (and whether they are about the name).
 * @param {Invitation} inv @param {string} code @param {string} name
 * @returns {Promise<{message: string, field: boolean}|null>}
 */
async function join(inv, code, name) {
  try {
    const seat = await api(`/api/join/${encodeURIComponent(inv.game_id)}/${encodeURIComponent(code)}`,
      { method: "POST", body: JSON.stringify({ name }) });
    saveName(name);
    rememberSeat(seat);
    navigate(`/game/${encodeURIComponent(seat.game_id)}`, true);
    return null;
  } catch (err) {
    if (err instanceof ApiError && err.status === 409) {
      // The server's words: the seat taken meanwhile, or why else it cannot seat you now.
      const taken = /taken/i.test(err.message);
      const notice = taken ? inv.words.taken : inv.words.unusable;
      showNotice(notice.title, taken ? notice.text : `${notice.text} (${err.message})`);
      return null;
    }
    return { message: errorText(err), field: err instanceof ApiError && err.status === 400 };
  }
}
