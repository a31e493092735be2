// @ts-check
/**
 * The new-game form's rule options: which matter under the others, which choice a value picks,
 * and which differ from the preset (from `GET /api/options`). The rules in words come from the
 * server (a picture's `words.rules`, `POST /api/rules`); this module decides no rule and
 * writes no sentence.
 */
import { state } from "./state.js";

/** @typedef {import("./types.js").RulesJSON} RulesJSON */
/** @typedef {import("./types.js").RuleOption} RuleOption */
/** @typedef {Record<string, string|number|boolean>} Values */

/** Whether an option matters under these values (its `applies`, from the server). @param {RuleOption} option @param {Values} values */
export function applies(option, values) {
  return Object.entries(option.applies || {}).every(([name, value]) => values[name] === value);
}

/** The choice a value picks. @param {RuleOption} option @param {string|number|boolean|undefined} value */
export function choiceFor(option, value) {
  return option.choices.find((c) => c.value === value);
}

/**
 * Every option's value by name, as the form holds them (the rules of a picture or a preset).
 * @param {RulesJSON} rules @returns {Values}
 */
export function ruleValues(rules) {
  return { ...rules };
}

/** The preset a game started from (its variant's own rules). @param {string} variant */
export function presetRules(variant) {
  return state.options?.variants.find((v) => v.name === variant)?.rules || null;
}

/**
 * The options that differ from the preset the rules started from, and matter: the "custom"
 * part of a game's rules.
 * @param {Values} rules @returns {RuleOption[]}
 */
export function changedOptions(rules) {
  const preset = presetRules(String(rules.variant));
  if (!preset || !state.options) return [];
  const base = ruleValues(preset);
  return state.options.options.filter((o) => applies(o, rules) && rules[o.name] !== base[o.name]);
}
