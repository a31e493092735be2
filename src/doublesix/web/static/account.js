// @ts-check
/**
 * The account page (`/account`, docs/protocol.md, "Accounts"): sign in or create an account;
 * signed in, the account's line, what of this browser joined it, a new password, the games as
 * a download, signing out, and deleting the account. Every sentence is a label or the server's.
 */
import { byId, h, failed } from "./dom.js";
import { LABELS } from "./labels.js";
import { api } from "./api.js";
import { announce } from "./a11y.js";
import { showView } from "./nav.js";
import { followAccount, leaveAccount } from "./look.js";

/** @typedef {import("./types.js").AccountInfo} AccountInfo */
/** @typedef {import("./types.js").SignedIn} SignedIn */

/** Show the account page: the forms to sign in or up, or the account signed in. */
export async function showAccount() {
  showView("account");
  document.title = LABELS.accountPageTitle;
  const body = byId("account-body");
  body.replaceChildren(h("p", { text: LABELS.loading }));
  try {
    /** @type {AccountInfo} */
    const me = await api("/api/account");
    body.replaceChildren(...signedIn(me, null));
    followAccount();
  } catch (err) {
    if (/** @type {any} */ (err).status === 401) {
      leaveAccount();
      body.replaceChildren(...signedOut());
    } else body.replaceChildren(h("p", { class: "error", text: failed(LABELS.accountFailed, err) }));
  }
}

/**
 * A form of labelled fields whose answer is said in its own live line.
 * @param {string} id @param {string} title @param {[string, string, string][]} fields name, label, autocomplete
 * @param {string} submit @param {(values: Record<string, string>) => Promise<void>} send
 */
function form(id, title, fields, submit, send) {
  const said = h("p", { class: "form-said", role: "status", id: `${id}-said` });
  const inputs = fields.map(([name, label, autocomplete]) => {
    const input = h("input", {
      id: `${id}-${name}`, name, autocomplete, required: true,
      type: name === "name" ? "text" : "password",
      maxlength: name === "name" ? 24 : 256,
    });
    return h("p", { class: "field" }, [h("label", { for: `${id}-${name}`, text: label }), input]);
  });
  const button = h("button", { type: "submit", class: "primary", text: submit });
  const element = h("form", { id, "aria-labelledby": `${id}-title`, novalidate: true }, [
    h("h2", { id: `${id}-title`, text: title }), ...inputs, h("p", {}, [button]), said,
  ]);
  element.addEventListener("submit", async (event) => {
    event.preventDefault();
    const values = Object.fromEntries(fields.map(([name]) =>
      [name, /** @type {HTMLInputElement} */ (byId(`${id}-${name}`)).value]));
    said.textContent = "";
    said.classList.remove("error");
    button.setAttribute("aria-disabled", "true");
    try {
      await send(values);
    } catch (err) {
      said.textContent = failed(LABELS.accountRefused, err);
      said.classList.add("error");
    } finally {
      button.removeAttribute("aria-disabled");
    }
  });
  return element;
}

/** The two forms of a guest: sign in, or create an account. */
function signedOut() {
  /** @param {string} url @returns {(values: Record<string, string>) => Promise<void>} */
  const enter = (url) => async (values) => {
    /** @type {SignedIn} */
    const answer = await api(url, { method: "POST", body: JSON.stringify({ name: values.name, password: values.password }) });
    byId("account-body").replaceChildren(...signedIn(answer, answer.joined || null));
    announce(answer.signed_in);
    await followAccount();
    byId("account-title").focus();
  };
  return [
    h("p", { text: LABELS.accountWhy }),
    form("sign-in", LABELS.signIn, [["name", LABELS.accountName, "username"],
      ["password", LABELS.password, "current-password"]], LABELS.signIn, enter("/api/session")),
    form("sign-up", LABELS.createAccount, [["name", LABELS.accountName, "username"],
      ["password", LABELS.newPassword, "new-password"]], LABELS.createAccount, enter("/api/account")),
  ];
}

/**
 * The page of the account signed in. @param {AccountInfo} me @param {string|null} joined
 * @returns {HTMLElement[]}
 */
function signedIn(me, joined) {
  const out = [h("p", { class: "account-line", text: me.signed_in })];
  if (joined) out.push(h("p", { class: "account-joined", text: joined }));
  const signOut = h("button", {
    type: "button", text: LABELS.signOut,
    onclick: async () => {
      await api("/api/session", { method: "DELETE" });
      leaveAccount();
      announce(LABELS.signedOut);
      showAccount();
    },
  });
  const download = h("a", { href: "/api/account/games", download: "", class: "button", text: LABELS.downloadGames });
  out.push(h("p", { class: "account-actions" }, [signOut, " ", download]));
  out.push(form("new-password", LABELS.changePassword, [["old", LABELS.password, "current-password"],
    ["new", LABELS.newPassword, "new-password"]], LABELS.changePassword, async (values) => {
    await api("/api/account/password", { method: "POST", body: JSON.stringify(values) });
    const said = byId("new-password-said");
    said.textContent = LABELS.passwordChanged;
    for (const input of byId("new-password").querySelectorAll("input")) input.value = "";
  }));
  out.push(form("delete-account", LABELS.deleteAccount, [["password", LABELS.password, "current-password"]],
    LABELS.deleteAccountButton, async (values) => {
      await api("/api/account/delete", { method: "POST", body: JSON.stringify(values) });
      announce(LABELS.accountDeleted);
      await showAccount();
      byId("account-body").prepend(h("p", { class: "account-joined", text: LABELS.accountDeleted }));
    }));
  const warning = h("p", { class: "warning", text: LABELS.deleteAccountWarning });
  out[out.length - 1].querySelector("h2")?.after(warning);
  return out;
}
