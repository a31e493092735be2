// @ts-check
/**
 * Sound effects made with the Web Audio API (no sound files): a distinct short sound for each
 * kind of event, so a player hears what happened. Every sound also has a visible and announced
 * counterpart: nothing is said by sound alone. The AudioContext is this module's own.
 */
import { state } from "./state.js";

/** @type {AudioContext|null} */
let ctx = null;

function audio() {
  if (!state.settings.sound) return null;
  const Ctor = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
  if (!Ctor) return null;
  // Browsers refuse sound before the page has been used; wait for the first tap or key.
  const activation = /** @type {any} */ (navigator).userActivation;
  if (!ctx && activation && !activation.hasBeenActive) return null;
  if (!ctx) {
    try {
      ctx = /** @type {AudioContext} */ (new Ctor());
    } catch {
      return null;
    }
  }
  if (ctx.state === "suspended") ctx.resume().catch(() => {});
  return ctx;
}

/**
 * A short tone.
 * @param {AudioContext} ac @param {number} freq @param {number} start seconds from now
 * @param {number} length seconds @param {OscillatorType} [type] @param {number} [volume]
 */
function tone(ac, freq, start, length, type = "sine", volume = 0.18) {
  const t0 = ac.currentTime + start;
  const osc = ac.createOscillator();
  const gain = ac.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  gain.gain.setValueAtTime(0.0001, t0);
  gain.gain.exponentialRampToValueAtTime(volume, t0 + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
  osc.connect(gain).connect(ac.destination);
  osc.start(t0);
  osc.stop(t0 + length + 0.02);
}

/** A click of bone on wood: a burst of filtered noise. @param {AudioContext} ac @param {number} start @param {number} freq */
function knock(ac, start, freq) {
  const t0 = ac.currentTime + start;
  const length = 0.07;
  const buffer = ac.createBuffer(1, Math.ceil(ac.sampleRate * length), ac.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length) ** 3;
  const src = ac.createBufferSource();
  src.buffer = buffer;
  const filter = ac.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = freq;
  filter.Q.value = 1.2;
  const gain = ac.createGain();
  gain.gain.value = 0.6;
  src.connect(filter).connect(gain).connect(ac.destination);
  src.start(t0);
}

/**
 * Each effect's notes: a knock (noise through a band-pass at that frequency) or a tone. The first
 * note of each sound is its own, so the sounds can be told apart (the browser tests do).
 * @type {Record<string, (ac: AudioContext) => void>}
 */
const SOUNDS = {
  turn: (ac) => { tone(ac, 660, 0, 0.12, "sine", 0.1); tone(ac, 990, 0.09, 0.12, "sine", 0.08); },
  lay: (ac) => knock(ac, 0, 1600),
  draw: (ac) => { knock(ac, 0, 900); knock(ac, 0.08, 1100); },
  pass: (ac) => tone(ac, 220, 0, 0.18, "triangle", 0.12),
  score: (ac) => { tone(ac, 880, 0.1, 0.12); tone(ac, 1320, 0.2, 0.2); },
  "hand-won": (ac) => [523, 659, 784].forEach((f, i) => tone(ac, f, i * 0.1, 0.2, "triangle")),
  "hand-lost": (ac) => [392, 330].forEach((f, i) => tone(ac, f, i * 0.15, 0.25, "sine", 0.14)),
  "hand-drawn": (ac) => [440, 440].forEach((f, i) => tone(ac, f, i * 0.15, 0.15, "sine", 0.12)),
  "game-won": (ac) => [587, 740, 880, 1175].forEach((f, i) => tone(ac, f, 0.3 + i * 0.11, 0.25, "triangle")),
  "game-lost": (ac) => [311, 262, 196].forEach((f, i) => tone(ac, f, 0.3 + i * 0.16, 0.3, "sine", 0.14)),
  "game-drawn": (ac) => [349, 349].forEach((f, i) => tone(ac, f, 0.3 + i * 0.15, 0.2, "sine", 0.12)),
};

/** The names of the effects. */
export const SOUND_NAMES = Object.keys(SOUNDS);

/** Play a named effect (one of {@link SOUND_NAMES}) if sound is on. @param {string} name */
export function play(name) {
  const ac = audio();
  if (!ac) return;
  try {
    SOUNDS[name]?.(ac);
  } catch {
    // Sound is a nicety: never let it break the game.
  }
}
