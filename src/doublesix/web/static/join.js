// @ts-check
/**
 * An invitation's page (`/join/{game_id}/{code}`): the table's rules and who sits where, a
 * display name, and the seat. A browser that already holds the seat goes straight to the game;
 * an invitation someone else used shows a page that says so.
 */
import { byId, h, errorText } from "./dom.js";
import { api, ApiError, loadOptions, rulesWords } from "./api.js";
import { nameProblem, savedName, saveName, tidyName } from "./people.js";
import { navigate, showNotice, showView } from "./nav.js";
import { rememberSeat } from "./state.js";

/** @typedef {import("./types.js").Invitation} Invitation */
/** @typedef {import("./types.js").TableSeat} TableSeat */

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
    [invitation] = await Promise.all([api(`/api/join/${encodeURIComponent(gameId)}/${encodeURIComponent(code)}`),
      loadOptions().catch(() => null)]);
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
  const refusal = invitation.yours ? null : refusalOf(invitation);
  if (refusal) {
    showNotice(...refusal);
    return;
  }
  showInvitation(invitation, code);
}

/** The host's name at this table. @param {Invitation} inv */
function hostName(inv) {
  return inv.table.seats[inv.table.host]?.name || "The host";
}

/** Why this invitation cannot seat anyone now, as a page's title and text; null if it can. @param {Invitation} inv */
function refusalOf(inv) {
  const host = hostName(inv);
  const seat = inv.table.seats[inv.seat];
  if (seat && !seat.person) {
    return /** @type {[string, string]} */ (["This seat has gone to a computer",
      `${host} gave this seat to a computer player, so the invitation no longer works. Ask ${host} for a new game, or start one of your own from the front page.`]);
  }
  if (inv.taken) {
    return /** @type {[string, string]} */ (["This seat is taken",
      `Someone has already joined ${host}'s table with this invitation, and an invitation seats one browser only. ` +
      "If that was you, open the game in the browser you joined with. Otherwise ask for an invitation of your own, or start a game from the front page."]);
  }
  if (inv.table.stage === "over") {
    return /** @type {[string, string]} */ (["This game is over", `${host}'s game has ended, so its invitations no longer seat anyone. Start a game of your own from the front page.`]);
  }
  return null;
}

/** One seat in words, as the invitation's reader sees it. @param {Invitation} inv @param {TableSeat} seat */
function seatWords(inv, seat) {
  const partner = seat.seat === inv.partner ? ", your partner" : "";
  if (seat.seat === inv.seat) return "you, once you join";
  if (!seat.person) return `${seat.name}, a computer player${partner}`;
  const host = seat.seat === inv.table.host ? ", who invited you" : "";
  if (!seat.joined) return `a person invited to play${partner}, not here yet`;
  return `${seat.name}${host}${partner}`;
}

/** @param {Invitation} inv @param {string} code */
function showInvitation(inv, code) {
  const host = hostName(inv);
  const rules = inv.rules;
  byId("join-title").textContent = `Join ${host}'s table`;
  document.title = `Join ${host}'s table · doublesix`;
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

  // The rules in the server's words, as they come.
  const lead = h("p", { class: "lead", text: `${host} invites you to play dominoes. Each player plays from their own device.` });
  const ruleList = h("ul", { class: "rule-list" });
  rulesWords(rules).then((words) => {
    lead.textContent = `${host} invites you to play dominoes: ${words.caption}. Each player plays from their own device.`;
    ruleList.replaceChildren(...words.lines.map((s) => h("li", { text: s })));
  }).catch(() => {});
  byId("join-body").replaceChildren(
    lead,
    form,
    h("h2", { text: "Who sits where" }),
    h("ol", { class: "join-seats" }, inv.table.seats.map((s) => h("li", { class: s.seat === inv.seat ? "yours" : "" }, [
      h("span", { class: "seat-number", text: `Seat ${s.seat + 1}: ` }), seatWords(inv, s),
    ]))),
    h("h2", { text: "The rules" }),
    ruleList,
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
      const host = hostName(inv);
      const taken = /taken/i.test(err.message);
      showNotice(taken ? "This seat is taken" : "This invitation cannot be used now",
        taken
          ? `Someone has already joined ${host}'s table with this invitation, and an invitation seats one browser only. Ask for an invitation of your own, or start a game from the front page.`
          : `The server says: ${err.message}. Start a game of your own from the front page.`);
      return null;
    }
    return { message: errorText(err), field: err instanceof ApiError && err.status === 400 };
  }
}
