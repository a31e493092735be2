// @ts-check
/**
 * An invitation's page (`/join/{game_id}/{code}`): the table's rules and who sits where, a
 * display name, and the seat. A browser that already holds the seat goes straight to the game;
 * an invitation someone else used shows a page that says so.
 */
import { byId, h, errorText, failed } from "./dom.js";
import { LABELS } from "./labels.js";
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
  document.title = LABELS.joinPageTitle;
  byId("join-title").textContent = LABELS.joinTitle;
  const body = byId("join-body");
  body.replaceChildren(h("p", { text: LABELS.opening }));
  /** @type {Invitation} */
  let invitation;
  try {
    invitation = await invitationAt(gameId, code);
  } catch (err) {
    if (showing !== key) return;
    if (err instanceof ApiError && err.status === 404) {
      showNotice(LABELS.noInvitation, LABELS.noInvitationText);
    } else {
      body.replaceChildren(h("p", { class: "error", text: failed(LABELS.invitationFailed, err) }));
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

/** `GET /api/join/{game_id}/{code}`. @param {string} gameId @param {string} code @returns {Promise<Invitation>} */
function invitationAt(gameId, code) {
  return api(`/api/join/${encodeURIComponent(gameId)}/${encodeURIComponent(code)}`);
}

/** @param {Invitation} inv @param {string} code */
function showInvitation(inv, code) {
  const said = inv.words;
  byId("join-title").textContent = said.title;
  document.title = said.page_title;
  const errorId = "join-name-error";
  const nameInput = /** @type {HTMLInputElement} */ (h("input", { id: "join-name", name: "name", type: "text",
    autocomplete: "nickname", spellcheck: "false", "aria-describedby": `join-name-help ${errorId}`, required: true }));
  nameInput.value = savedName();
  const error = h("p", { class: "field-error error", id: errorId });
  const general = h("p", { class: "error", role: "alert" });
  const submit = /** @type {HTMLButtonElement} */ (h("button", { type: "submit", class: "primary big", text: said.take }));
  const form = /** @type {HTMLFormElement} */ (h("form", { class: "join-form", novalidate: true, "aria-labelledby": "join-form-title" }, [
    h("h2", { id: "join-form-title", text: LABELS.yourSeat }),
    h("p", {}, [h("label", { for: "join-name", class: "field-label", text: LABELS.yourName }), nameInput]),
    h("p", { id: "join-name-help", class: "field-help", text: LABELS.nameHelp }),
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
    submit.textContent = LABELS.joining;
    const refused = await join(inv, code, tidyName(nameInput.value));
    submit.disabled = false;
    submit.textContent = said.take;
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
    h("h2", { text: LABELS.whoSitsWhere }),
    h("ol", { class: "join-seats" }, inv.table.seats.map((s) => h("li", { class: s.seat === inv.seat ? "yours" : "" }, [
      h("span", { class: "seat-number", text: said.numbers[s.seat] }), " ", said.seats[s.seat] || s.name,
    ]))),
    h("h2", { text: LABELS.theRules }),
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
      // The server's words for the invitation as it is now: the seat taken meanwhile, or why
      // else it cannot seat you (the game over, the seat given to a computer).
      const now = await invitationAt(inv.game_id, code).catch(() => null);
      const notice = now?.taken && now.table.seats[now.seat]?.person ? now.words.taken
        : now?.words.refusal || inv.words.unusable;
      showNotice(notice.title, notice.text);
      return null;
    }
    return { message: errorText(err), field: err instanceof ApiError && err.status === 400 };
  }
}
