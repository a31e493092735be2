// @ts-check
/**
 * The settings dialog's form, made from the page's labels (every word of it is in
 * words/pagelabels.py): the pace, sound, shortcuts, drawing and motion (kept by dialogs.js in
 * the state's settings), then the look (look.js: the theme, the felt and the tile style, kept
 * by this browser and by the account), and the coach for the first games (coach.js), kept
 * with the look. A look chosen shows at once.
 */
import { byId, h } from "./dom.js";
import { LABELS, LANGUAGE } from "./labels.js";
import { choose, chooseLanguage, preferences } from "./look.js";

/** @typedef {import("./protocol.js").Preferences} Preferences */
/** @typedef {"theme"|"felt"|"tiles"|"coach"} LookField */

/** The look's choices: each field's legend, and its values with their labels. */
const LOOK = /** @type {[LookField, string, string, [string, string][]][]} */ ([
  ["theme", LABELS.theme, "system", [["system", LABELS.themeSystem], ["light", LABELS.themeLight],
    ["dark", LABELS.themeDark], ["contrast", LABELS.themeContrast]]],
  ["felt", LABELS.felt, "green", [["green", LABELS.feltGreen], ["blue", LABELS.feltBlue],
    ["red", LABELS.feltRed], ["grey", LABELS.feltGrey]]],
  ["tiles", LABELS.tiles, "pips", [["pips", LABELS.tilesPips], ["numerals", LABELS.tilesNumerals],
    ["colours", LABELS.tilesColours]]],
]);

/** The coach's choice (coach.js), kept with the look. */
const COACH = /** @type {(typeof LOOK)[number]} */ (["coach", LABELS.coachMe, "auto", [["auto", LABELS.coachAuto],
  ["on", LABELS.coachOn], ["off", LABELS.coachOff]]]);

/** @param {string} id @param {string} text */
const checkbox = (id, text) => h("p", {}, [h("label", {}, [h("input", { type: "checkbox", id }), ` ${text}`])]);

/** One of the look's fields as a group of radio buttons. @param {(typeof LOOK)[number]} field */
function lookField([name, legend, , values]) {
  return h("fieldset", { class: "look-field" }, [
    h("legend", { text: legend }),
    h("div", { class: "choices" }, values.map(([value, text]) => h("label", {}, [
      h("input", { type: "radio", name: `look-${name}`, value, id: `look-${name}-${value}`,
        onchange: () => choose({ [name]: value }) }),
      ` ${text}`,
    ]))),
  ]);
}

/**
 * The language choice: each language named in itself (and marked so, `lang`, for a screen
 * reader's voice); choosing one loads the page again in it.
 */
function languageField() {
  const select = h("select", { id: "set-language", onchange: () => chooseLanguage(/** @type {HTMLSelectElement} */ (select).value) },
    LANGUAGE.choices.map((c) => h("option", { value: c.code, lang: c.tag, text: c.name })));
  /** @type {HTMLSelectElement} */ (select).value = LANGUAGE.current;
  return h("p", { class: "language-field" }, [h("label", { for: "set-language", text: LANGUAGE.label }), " ", select]);
}

/** Fill the settings dialog (once, at start). */
function build() {
  byId("settings-title").textContent = LABELS.settings;
  const pace = h("p", {}, [
    h("label", { for: "set-delay" }, [`${LABELS.pace} `, h("output", { id: "set-delay-out", for: "set-delay" })]),
    h("input", { type: "range", id: "set-delay", min: "0", max: "2000", step: "50" }),
  ]);
  byId("settings-form").replaceChildren(
    languageField(),
    pace,
    checkbox("set-sound", LABELS.soundEffects),
    checkbox("set-keys", LABELS.singleKeys),
    checkbox("set-autodraw", LABELS.autodraw),
    checkbox("set-motion", LABELS.reduceMotion),
    h("h3", { text: LABELS.look }),
    h("p", { class: "field-help", text: LABELS.lookKept }),
    ...LOOK.map(lookField),
    h("h3", { text: LABELS.coach }),
    h("p", { class: "field-help", text: LABELS.coachHelp }),
    lookField(COACH),
    h("div", { class: "form-actions" }, [h("button", { class: "primary", text: LABELS.done })]),
  );
}

/** The look's radio buttons show the choices this browser keeps. */
export function showLook() {
  /** @type {Preferences} */
  const chosen = preferences();
  for (const [name, , first, values] of [...LOOK, COACH]) {
    const value = chosen[name] ?? first;
    const known = values.some(([v]) => v === value) ? value : first;
    /** @type {HTMLInputElement} */ (byId(`look-${name}-${known}`)).checked = true;
  }
}

build();
