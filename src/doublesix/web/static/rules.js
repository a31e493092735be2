// @ts-check
/**
 * The chosen rules in words, for the rules dialog and a game's heading. The words come from
 * the server (`GET /api/options`: each option's choices with their sentences, and under which
 * other options an option matters); this module only picks the ones for the values a game
 * carries. It decides no rule.
 */
import { state } from "./state.js";

/** @typedef {import("./types.js").RulesJSON} RulesJSON */
/** @typedef {import("./types.js").RuleOption} RuleOption */
/** @typedef {Record<string, string|number|boolean>} Values */

/** @type {Record<number, string>} */
const SET_NAMES = { 6: "double-six", 9: "double-nine", 12: "double-twelve" };

/** @param {number} set */
export const setName = (set) => SET_NAMES[set] || `double-${set}`;

/** Whether an option matters under these values (its `applies`, from the server). @param {RuleOption} option @param {Values} values */
export function applies(option, values) {
  return Object.entries(option.applies || {}).every(([name, value]) => values[name] === value);
}

/** The choice a value picks. @param {RuleOption} option @param {string|number|boolean|undefined} value */
export function choiceFor(option, value) {
  return option.choices.find((c) => c.value === value);
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
  return state.options.options.filter((o) => applies(o, rules) && rules[o.name] !== preset[o.name]);
}

/** A game's name: the preset's, with what was changed ("All Fives, with a spinner, rounding down"). @param {Values} rules */
export function rulesName(rules) {
  const info = state.options?.variants.find((v) => v.name === rules.variant);
  const base = info?.label || String(rules.variant);
  const changes = changedOptions(rules).map((o) =>
    o.number ? `${rules[o.name]} tiles each` : choiceFor(o, rules[o.name])?.short || `${o.name} ${rules[o.name]}`);
  return changes.length ? `${base}, ${changes.join(", ")}` : base;
}

/**
 * Every rule of a game in sentences: the table (players, set, tiles, target), then each option
 * that matters under the others, in the server's words.
 * @param {Values} rules @returns {string[]}
 */
export function ruleSentences(rules) {
  const players = Number(rules.players);
  const target = Number(rules.target);
  const out = [
    `${players} players, the ${setName(Number(rules.set))} set; each is dealt ${rules.hand_size} tiles.`,
    target > 0 ? `The first to ${target} points wins the game.` : "One hand: its winner wins the game.",
  ];
  for (const option of state.options?.options || []) {
    if (option.number || !applies(option, rules)) continue;
    const choice = choiceFor(option, rules[option.name]);
    if (choice) out.push(choice.words);
  }
  return out;
}
