// @ts-check
/**
 * The new-game form: the presets as quick choices, players, target, opponents, set, and
 * "Custom rules" with every rule option in the server's words (`GET /api/options`). The server
 * checks the combination with the engine's own rules; a refusal names its field (`field`), and
 * its words are shown next to that field. The choice is remembered in localStorage.
 *
 * Each seat after yours may be "A person (invite)" instead of a computer: the game then starts
 * in its waiting room, with an invitation link for each such seat, and asks for your name.
 */
import { state, readJSON, rememberSeat, SETUP_KEY } from "./state.js";
import { byId, h, input, errorText, failed } from "./dom.js";
import { api, ApiError, loadOptions, rulesWords, variantInfo } from "./api.js";
import { applies, changedOptions, presetRules, ruleValues } from "./rules.js";
import { LABELS } from "./labels.js";
import { showRules } from "./dialogs.js";
import { navigate } from "./nav.js";
import { isLoopback, nameProblem, savedName, saveName, tidyName } from "./people.js";

/** @typedef {import("./types.js").Options} Options */
/** @typedef {import("./types.js").Setup} Setup */
/** @typedef {import("./types.js").RuleOption} RuleOption */
/** @typedef {Record<string, string|number|boolean>} Values */

const form = /** @type {HTMLFormElement} */ (byId("setup"));

/** @param {string} name @param {string} value */
function checkRadio(name, value) {
  const radio = /** @type {HTMLInputElement|null} */ (form.querySelector(`input[name="${name}"][value='${value}']`));
  if (radio) radio.checked = true;
}

/** @param {string} name */
function radioValue(name) {
  return /** @type {HTMLInputElement|null} */ (form.querySelector(`input[name="${name}"]:checked`))?.value;
}

/** Open the form, filled with the last choice. */
export async function openSetup() {
  form.hidden = false;
  try {
    await buildSetup();
  } catch (err) {
    byId("setup-error").textContent = failed(LABELS.optionsFailed, err);
  }
  /** @type {HTMLInputElement|null} */ (form.querySelector("input:checked"))?.focus();
  form.scrollIntoView({ block: "start" });
}

async function buildSetup() {
  const opts = await loadOptions();
  if (!state.setupBuilt) {
    byId("variant-choices").replaceChildren(...opts.variants.map((v) => h("label", {}, [
      h("input", { type: "radio", name: "variant", value: v.name }), ` ${v.preset_label}`,
    ])));
    byId("custom-options").replaceChildren(...opts.options.map(optionField));
    form.addEventListener("change", (e) => {
      const target = /** @type {HTMLInputElement} */ (e.target);
      if (target.name === "variant") fillPreset(target.value, true);
      if (target.name === "players") buildOpponents(opts, readOpponents());
      if (target.closest("#opponent-choices")) showNameField();
      if (target.id === "target-other") checkRadio("target", "other");
      clearErrors();
      updateCustom();
    });
    byId("target-other").addEventListener("input", () => checkRadio("target", "other"));
    input("host-name").addEventListener("input", () => {
      byId("error-name").textContent = "";
      input("host-name").removeAttribute("aria-invalid");
    });
    state.setupBuilt = true;
  }
  const saved = /** @type {Partial<Setup>} */ (readJSON(SETUP_KEY));
  const variant = saved.variant && variantInfo(saved.variant) ? saved.variant : opts.variants[0].name;
  checkRadio("variant", variant);
  checkRadio("players", String(saved.players || 2));
  checkRadio("set", String(saved.set || 6));
  const target = saved.target ?? 100;
  if ([100, 50, 0].includes(target)) checkRadio("target", String(target));
  else {
    checkRadio("target", "other");
    input("target-other").value = String(target);
  }
  fillPreset(variant, false);
  for (const [name, value] of Object.entries(saved.options || {})) setOption(name, value);
  // An invitation is for one game: a seat that was a person's is a computer's again.
  buildOpponents(opts, (saved.opponents || []).map((o) => o === PERSON ? "" : o));
  input("host-name").value = saved.name || savedName();
  /** @type {HTMLDetailsElement} */ (byId("custom-rules")).open = Object.keys(saved.options || {}).length > 0;
  clearErrors();
  updateCustom();
}

/** One rule option as a field: a group of choices, or a number. @param {RuleOption} option */
function optionField(option) {
  const errorId = `error-${option.name}`;
  const error = h("p", { class: "field-error error", id: errorId });
  if (option.number) {
    const id = `option-${option.name}`;
    return h("div", { class: "option", dataset: { option: option.name } }, [
      h("label", { for: id, class: "option-label", text: option.label }), " ",
      h("input", { type: "number", id, name: id, min: String(option.min ?? 1), max: String(option.max ?? 45),
        step: "1", "aria-describedby": errorId }),
      error,
    ]);
  }
  return h("fieldset", { class: "option", dataset: { option: option.name }, "aria-describedby": errorId }, [
    h("legend", { text: option.label }),
    h("div", { class: "choices" }, option.choices.map((c) => h("label", {}, [
      h("input", { type: "radio", name: `option-${option.name}`, value: JSON.stringify(c.value) }), ` ${c.label}`,
    ]))),
    error,
  ]);
}

/** @param {string} name @param {string|number|boolean} value */
function setOption(name, value) {
  const number = /** @type {HTMLInputElement|null} */ (form.querySelector(`input[type="number"][name="option-${name}"]`));
  if (number) number.value = String(value);
  else checkRadio(`option-${name}`, JSON.stringify(value));
}

/**
 * Set the custom rules to a preset's; choosing the partnership game (teams need four players)
 * also chooses four players.
 * @param {string} variant @param {boolean} chosen whether the person just picked it
 */
function fillPreset(variant, chosen) {
  const preset = presetRules(variant);
  if (!preset) return;
  const values = ruleValues(preset);
  for (const option of state.options?.options || []) setOption(option.name, values[option.name]);
  if (chosen && preset.teams && radioValue("players") !== String(preset.players)) {
    checkRadio("players", String(preset.players));
    if (state.options) buildOpponents(state.options, readOpponents());
  }
}

/** Every value the form holds, the custom options included. @returns {Values} */
function formValues() {
  /** @type {Values} */
  const values = {
    variant: radioValue("variant") || "draw",
    players: Number(radioValue("players") || 2),
    set: Number(radioValue("set") || 6),
    target: readTarget(),
  };
  for (const option of state.options?.options || []) {
    if (option.number) {
      values[option.name] = Number(/** @type {HTMLInputElement} */ (form.querySelector(`input[name="option-${option.name}"]`)).value);
    } else {
      const raw = radioValue(`option-${option.name}`);
      if (raw !== undefined) values[option.name] = JSON.parse(raw);
    }
  }
  return values;
}

function readTarget() {
  const choice = radioValue("target") || "100";
  return choice === "other" ? Number(input("target-other").value) : Number(choice);
}

/** Which asking for the Custom rules' words is the newest (an older answer is dropped). */
let customAsked = 0;

/**
 * Show the options that matter under the others, and say what differs from the preset: the
 * server's words for the form's rules (`POST /api/rules`'s `custom`), or why it refuses them.
 */
async function updateCustom() {
  const values = formValues();
  for (const option of state.options?.options || []) {
    const field = /** @type {HTMLElement} */ (form.querySelector(`[data-option="${option.name}"]`));
    field.hidden = !applies(option, values);
  }
  const asked = ++customAsked;
  const setup = readSetup();
  let said = "";
  try {
    said = (await rulesWords({ variant: setup.variant, players: setup.players, target: setup.target,
      set: setup.set, ...setup.options })).custom;
  } catch (err) {
    said = errorText(err);
  }
  if (asked === customAsked) byId("custom-summary").textContent = said;
}

/** The value of an opponent's choice that invites a person. */
export const PERSON = "person";

/** @param {Options} opts @param {string[]} chosen */
function buildOpponents(opts, chosen) {
  const players = Number(radioValue("players") || 2);
  const rows = [];
  for (let i = 1; i < players; i++) {
    const id = `opponent-${i}`;
    const select = /** @type {HTMLSelectElement} */ (h("select", { id, name: id }, [
      h("option", { value: PERSON, text: LABELS.aPerson }),
      h("optgroup", { label: LABELS.computerPlayers }, opts.opponents.map((o) =>
        h("option", { value: o.name, text: o.choice }))),
    ]));
    const known = [PERSON, ...opts.opponents.map((o) => o.name)];
    const choice = chosen[i - 1];
    select.value = choice && known.includes(choice) ? choice : opts.opponents[Math.min(i - 1, opts.opponents.length - 1)].name;
    rows.push(h("p", {}, [h("label", { for: id, text: opts.opponent_labels[i - 1] }), " ", select]));
  }
  byId("opponent-choices").replaceChildren(...rows);
  showNameField();
}

/** Your name is asked for when a seat is a person's. */
function showNameField() {
  const people = readOpponents().includes(PERSON);
  byId("host-name-field").hidden = !people;
  byId("table-kind").hidden = !people;
  byId("people-note").hidden = !people;
  const loopback = byId("setup-loopback");
  loopback.hidden = !(people && isLoopback());
  loopback.textContent = loopback.hidden ? "" : LABELS.loopbackInvite;
}

function readOpponents() {
  return /** @type {HTMLSelectElement[]} */ ([...form.querySelectorAll("#opponent-choices select")]).map((s) => s.value);
}

/** What the form sends: the preset, and only the options that differ from it. @returns {Setup} */
function readSetup() {
  const values = formValues();
  /** @type {Values} */
  const options = {};
  for (const option of changedOptions(values)) options[option.name] = values[option.name];
  const opponents = readOpponents();
  /** @type {Setup} */
  const setup = { variant: String(values.variant), players: Number(values.players), target: Number(values.target),
    set: Number(values.set), opponents, options };
  if (opponents.includes(PERSON)) {
    setup.name = tidyName(input("host-name").value);
    setup.public = input("table-public").checked;
    setup.rated = input("table-rated").checked;
  }
  return setup;
}

function clearErrors() {
  for (const el of form.querySelectorAll(".field-error")) el.textContent = "";
  for (const el of form.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
  byId("setup-error").textContent = "";
}

/**
 * Show the server's words next to the field the server names (`field` of its refusal), open
 * "Custom rules" if it is there, mark the field invalid and focus it; returns a button named
 * as the field that takes the focus back to it, or null when the form shows no such field.
 * @param {string} name @param {string} message
 */
function showFieldError(name, message) {
  const error = document.getElementById(`error-${name}`);
  const field = error?.closest(".option, fieldset");
  if (!error || !field || /** @type {HTMLElement} */ (field).hidden) return null;
  if (field.closest("#custom-rules")) /** @type {HTMLDetailsElement} */ (byId("custom-rules")).open = true;
  error.textContent = message;
  const controls = /** @type {HTMLInputElement[]} */ ([...field.querySelectorAll("input, select")]);
  for (const c of controls) c.setAttribute("aria-invalid", "true");
  const control = controls.find((c) => c.checked) || controls[0];
  control?.focus();
  const label = field.querySelector("legend, label.option-label");
  return h("button", { type: "button", class: "link-button", text: label?.textContent || name,
    onclick: () => control?.focus() });
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  clearErrors();
  const setup = readSetup();
  if (!Number.isInteger(setup.target) || setup.target < 0) {
    byId("error-target").textContent = LABELS.targetWhole;
    byId("target-other").focus();
    return;
  }
  if (setup.name !== undefined) {
    const problem = nameProblem(setup.name);
    if (problem) {
      byId("error-name").textContent = problem;
      input("host-name").setAttribute("aria-invalid", "true");
      input("host-name").focus();
      return;
    }
    saveName(setup.name);
  }
  localStorage.setItem(SETUP_KEY, JSON.stringify(setup));
  try {
    await startGame(setup);
  } catch (err) {
    const message = errorText(err);
    if (err instanceof ApiError && err.status === 400 && setup.name !== undefined && err.field === "name") {
      byId("error-name").textContent = message;
      input("host-name").setAttribute("aria-invalid", "true");
      input("host-name").focus();
      return;
    }
    const field = err instanceof ApiError && err.status === 400 && err.field ? showFieldError(err.field, message) : null;
    // 429: the server's sentence says why and when to try again ("… try again in 3 minutes.").
    const tooOften = err instanceof ApiError && err.status === 429;
    // The refused field is named by its own label, after the label that says why.
    byId("setup-error").replaceChildren(...(field ? [LABELS.rulesConflict, " ", field]
      : [tooOften ? message : failed(LABELS.startFailed, err)]));
  }
});

byId("setup-cancel").addEventListener("click", () => {
  form.hidden = true;
  byId("new-game-button").focus();
});

byId("custom-reset").addEventListener("click", () => {
  fillPreset(radioValue("variant") || "draw", false);
  clearErrors();
  updateCustom();
});

byId("variant-rules").addEventListener("click", () => showRules(formValues()));

/** Start a game on the server and open it. @param {Setup} setup */
export async function startGame(setup) {
  const created = await api("/api/games", { method: "POST", body: JSON.stringify({ ...setup, seed: null }) });
  rememberSeat(created);
  navigate(`/game/${encodeURIComponent(created.game_id)}`);
}
