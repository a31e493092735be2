// @ts-check
/**
 * The doublesix web game: pages, the new-game form, and the game screen.
 *
 * The server is the only referee (docs/protocol.md). This module sends what the player chose
 * and renders the pictures (`state`) and events the server sends, one at a time, with a pause
 * after each opponent's move. It works out no rule itself: the hand's playable tiles, their
 * ends, what each end scores and whether to ask which end come from `state.choices`; whether the
 * board count scores from `state.count_scores`; how a hand ended from `result.ending`.
 */
import { renderBoard, tileSVG, tileBackSVG, halves } from "./board.js";
import * as sound from "./sound.js";
import {
  announce, tileLabel, endWords, endButtonName, endsSentence, scoresSentence, listWords,
} from "./a11y.js";

/** @typedef {{move: string, tile: string|null, end: string|null}} Legal */
/** @typedef {{move: string, end: string|null, shows: number|null, count_after: number, points: number}} Lay */
/** @typedef {{tile: string, asks: boolean, lays: Lay[]}} Choice */
/** @typedef {{kind: string, seat: number|null, tile: string|null, end: string|null, points: number, number: number, blocked: boolean}} GameEvent */
/**
 * @typedef {{game_id: string, me: number, names: string[], kinds: string[], rules: any,
 *   hand_number: number, hand: string[], legal: Legal[], choices: Choice[], layout: any,
 *   open_ends: Record<string, number>, board_count: number, count_scores: boolean, scores: number[],
 *   hand_sizes: number[], boneyard_size: number, turn: number|null, played: string[],
 *   result: any, scoresheet: any[], over: boolean, winner: number|null, daily: any}} Picture
 */

// ---------------------------------------------------------------------------------------------
// Small helpers

/** @param {string} id */
const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * @param {string} tag @param {Record<string, any>} [props] @param {(Node|string)[]} [children]
 * @returns {HTMLElement}
 */
function h(tag, props = {}, children = []) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  el.append(...children);
  return el;
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @param {string} text */
function toast(text) {
  const el = byId("toast");
  el.textContent = text;
  el.hidden = false;
  clearTimeout(/** @type {any} */ (toast).timer);
  /** @type {any} */ (toast).timer = setTimeout(() => { el.hidden = true; }, 4000);
}

/** @param {string} url @param {RequestInit} [init] */
async function api(url, init) {
  const response = await fetch(url, {
    ...init,
    headers: { "Content-Type": "application/json", ...(init?.headers || {}) },
    credentials: "same-origin",
  });
  let body = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) throw new Error(body?.error || `The server answered ${response.status}.`);
  return body;
}

// ---------------------------------------------------------------------------------------------
// Settings, remembered in localStorage

const SETTINGS_KEY = "doublesix.settings";
const SETUP_KEY = "doublesix.setup";

const settings = {
  delay: 700,
  sound: true,
  shortcuts: true,
  reduceMotion: false,
  ...readJSON(SETTINGS_KEY),
};

/** @param {string} key */
function readJSON(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "null") || {};
  } catch {
    return {};
  }
}

function saveSettings() {
  localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  sound.setEnabled(settings.sound);
  const button = byId("sound-button");
  button.setAttribute("aria-pressed", String(settings.sound));
  button.textContent = settings.sound ? "Sound on" : "Sound off";
  document.documentElement.classList.toggle("reduce-motion", reduceMotion());
}

function reduceMotion() {
  return settings.reduceMotion || window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** The pause after an opponent's move, in ms. */
function pause() {
  return Math.max(0, Number(settings.delay) || 0);
}

// ---------------------------------------------------------------------------------------------
// Options from the server (variants, opponents), fetched once

/** @type {Promise<any>|null} */
let optionsPromise = null;
function options() {
  if (!optionsPromise) {
    optionsPromise = api("/api/options").catch((err) => {
      optionsPromise = null;
      throw err;
    });
  }
  return optionsPromise;
}

/** @param {any} opts @param {string} kind */
function opponentInfo(opts, kind) {
  return opts?.opponents?.find((/** @type {any} */ o) => o.name === kind);
}

/** @param {any} opts @param {string} name */
function variantInfo(opts, name) {
  return opts?.variants?.find((/** @type {any} */ v) => v.name === name);
}

// ---------------------------------------------------------------------------------------------
// Routing

const VIEWS = ["home", "game", "stats", "notice"];

/** @param {string} id */
function showView(id) {
  for (const v of VIEWS) byId(v).hidden = v !== id;
  document.body.dataset.view = id;
}

/** @param {string} path @param {boolean} [replace] */
function navigate(path, replace = false) {
  if (replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  route();
}

function route() {
  const path = location.pathname;
  const gameMatch = path.match(/^\/game\/([^/]+)\/?$/);
  if (!gameMatch || gameMatch[1] !== game?.id) leaveGame();
  closeDialog("result-dialog");
  if (gameMatch) openGame(decodeURIComponent(gameMatch[1]));
  else if (path === "/stats") showStats();
  else if (path === "/daily") startDaily();
  else showHome();
}

document.addEventListener("click", (event) => {
  const link = /** @type {HTMLElement} */ (event.target)?.closest?.("a[data-nav]");
  if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  navigate(/** @type {HTMLAnchorElement} */ (link).pathname);
});
window.addEventListener("popstate", route);

/** @param {string} title @param {string} text */
function showNotice(title, text) {
  byId("notice-title").textContent = title;
  byId("notice-text").textContent = text;
  showView("notice");
  document.title = `${title} · doublesix`;
}

// ---------------------------------------------------------------------------------------------
// Front page and the new-game form

function showHome() {
  showView("home");
  document.title = "doublesix: dominoes";
  byId("setup").hidden = true;
  const last = localStorage.getItem("doublesix.last");
  const resume = byId("resume");
  if (last && localStorage.getItem(`doublesix.seat.${last}`)) {
    resume.hidden = false;
    resume.replaceChildren("Your last game: ", h("a", { href: `/game/${last}`, "data-nav": true,
      text: "go back to it" }), ".");
  } else {
    resume.hidden = true;
  }
}

byId("new-game-button").addEventListener("click", async () => {
  const form = byId("setup");
  form.hidden = false;
  try {
    await buildSetup();
  } catch (err) {
    byId("setup-error").textContent = `Could not load the game options: ${errorText(err)}`;
  }
  /** @type {HTMLInputElement|null} */ (form.querySelector("input:checked"))?.focus();
  form.scrollIntoView({ block: "start", behavior: reduceMotion() ? "auto" : "smooth" });
});

byId("setup-cancel").addEventListener("click", () => {
  byId("setup").hidden = true;
  byId("new-game-button").focus();
});

/** @param {unknown} err */
function errorText(err) {
  return err instanceof Error ? err.message : String(err);
}

let setupBuilt = false;

async function buildSetup() {
  const opts = await options();
  const saved = readJSON(SETUP_KEY);
  if (!setupBuilt) {
    const variants = byId("variant-choices");
    variants.replaceChildren(...opts.variants.map((/** @type {any} */ v) => h("label", {}, [
      h("input", { type: "radio", name: "variant", value: v.name }), ` ${v.label}`,
    ])));
    const form = /** @type {HTMLFormElement} */ (byId("setup"));
    form.addEventListener("change", (e) => {
      const target = /** @type {HTMLInputElement} */ (e.target);
      if (target.name === "players") buildOpponents(opts, readSetup().opponents);
      if (target.id === "target-other") checkRadio("target", "other");
    });
    byId("target-other").addEventListener("input", () => checkRadio("target", "other"));
    setupBuilt = true;
  }
  checkRadio("variant", saved.variant || opts.variants[0].name);
  checkRadio("players", String(saved.players || 2));
  checkRadio("set", String(saved.set || 6));
  const target = saved.target ?? 100;
  if ([100, 50, 0].includes(target)) checkRadio("target", String(target));
  else {
    checkRadio("target", "other");
    /** @type {HTMLInputElement} */ (byId("target-other")).value = String(target);
  }
  buildOpponents(opts, saved.opponents || []);
}

/** @param {string} name @param {string} value */
function checkRadio(name, value) {
  const input = /** @type {HTMLInputElement|null} */ (
    document.querySelector(`#setup input[name="${name}"][value="${value}"]`));
  if (input) input.checked = true;
}

/** @param {string} name */
function radioValue(name) {
  return /** @type {HTMLInputElement|null} */ (
    document.querySelector(`#setup input[name="${name}"]:checked`))?.value;
}

/** @param {any} opts @param {string[]} chosen */
function buildOpponents(opts, chosen) {
  const players = Number(radioValue("players") || 2);
  const box = byId("opponent-choices");
  const rows = [];
  for (let i = 1; i < players; i++) {
    const id = `opponent-${i}`;
    const select = h("select", { id, name: id }, opts.opponents.map((/** @type {any} */ o) =>
      h("option", { value: o.name, text: `${o.label} (${o.difficulty})` })));
    const pick = chosen[i - 1] || opts.opponents[Math.min(i - 1, opts.opponents.length - 1)].name;
    /** @type {HTMLSelectElement} */ (select).value = pick;
    rows.push(h("p", {}, [h("label", { for: id, text: `Opponent ${i}` }), " ", select]));
  }
  box.replaceChildren(...rows);
}

function readSetup() {
  const players = Number(radioValue("players") || 2);
  const targetChoice = radioValue("target") || "100";
  const target = targetChoice === "other"
    ? Number(/** @type {HTMLInputElement} */ (byId("target-other")).value)
    : Number(targetChoice);
  const opponents = [];
  for (let i = 1; i < players; i++) {
    const select = /** @type {HTMLSelectElement|null} */ (document.getElementById(`opponent-${i}`));
    if (select) opponents.push(select.value);
  }
  return { variant: radioValue("variant") || "draw", players, target, set: Number(radioValue("set") || 6),
    opponents };
}

byId("setup").addEventListener("submit", async (event) => {
  event.preventDefault();
  const setup = readSetup();
  const error = byId("setup-error");
  error.textContent = "";
  if (!Number.isInteger(setup.target) || setup.target < 0) {
    error.textContent = "Points to win must be a whole number.";
    byId("target-other").focus();
    return;
  }
  localStorage.setItem(SETUP_KEY, JSON.stringify(setup));
  try {
    await startGame(setup);
  } catch (err) {
    error.textContent = `Could not start the game: ${errorText(err)}`;
  }
});

/** @param {any} setup */
async function startGame(setup) {
  const created = await api("/api/games", { method: "POST", body: JSON.stringify({ ...setup, seed: null }) });
  rememberSeat(created);
  navigate(`/game/${encodeURIComponent(created.game_id)}`);
}

/** @param {{game_id: string, token: string}} created */
function rememberSeat(created) {
  localStorage.setItem(`doublesix.seat.${created.game_id}`, created.token);
  localStorage.setItem("doublesix.last", created.game_id);
}

byId("variant-rules").addEventListener("click", async () => {
  showRules(radioValue("variant") || "draw");
});

// ---------------------------------------------------------------------------------------------
// Daily game and statistics

async function startDaily() {
  showNotice("Daily game", "Dealing today's game…");
  byId("notice-title").textContent = "Daily game";
  try {
    const daily = await api("/api/daily", { method: "POST", body: "{}" });
    rememberSeat(daily);
    navigate(`/game/${encodeURIComponent(daily.game_id)}`, true);
  } catch (err) {
    showNotice("Daily game", `Could not deal the daily game: ${errorText(err)}`);
  }
}

async function showStats() {
  showView("stats");
  document.title = "Statistics · doublesix";
  const body = byId("stats-body");
  body.replaceChildren(h("p", { text: "Loading…" }));
  try {
    const [stats, opts] = await Promise.all([api("/api/stats"), options().catch(() => null)]);
    body.replaceChildren(...statsContent(stats, opts));
  } catch (err) {
    body.replaceChildren(h("p", { class: "error", text: `Could not load the statistics: ${errorText(err)}` }));
  }
}

/** @param {number} wins @param {number} games */
const percent = (wins, games) => (games ? `${Math.round((100 * wins) / games)}%` : "–");

/** @param {any} stats @param {any} opts */
function statsContent(stats, opts) {
  const out = [];
  out.push(h("p", { class: "lead", text: stats.games
    ? `You played ${stats.games} game${stats.games === 1 ? "" : "s"} and won ${stats.wins} (${percent(stats.wins, stats.games)}).`
    : "No games finished yet in this browser. Statistics appear here after your first game." }));
  const variants = Object.entries(stats.by_variant || {});
  if (variants.length) {
    out.push(h("h2", { text: "By variant" }));
    out.push(table(["Variant", "Games", "Won", "Best score", "Average score"], variants.map(([name, v]) => [
      variantInfo(opts, name)?.label || name, v.games, `${v.wins} (${percent(v.wins, v.games)})`,
      v.best ?? "–", v.average ?? "–"])));
  }
  const opponents = Object.entries(stats.by_opponent || {});
  if (opponents.length) {
    out.push(h("h2", { text: "By opponent" }));
    out.push(table(["Opponent", "Games", "Won"], opponents.map(([name, v]) => {
      const info = opponentInfo(opts, name);
      const label = name.split("-").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
      return [info ? `${info.label} (${info.difficulty})` : label, v.games, `${v.wins} (${percent(v.wins, v.games)})`];
    })));
  }
  const d = stats.daily;
  out.push(h("h2", { text: "Daily game" }));
  if (d && d.played) {
    out.push(table(["Played", "Won", "Streak", "Best streak", "Last played"],
      [[d.played, d.won, d.streak, d.best_streak, d.last ?? "–"]]));
  } else {
    out.push(h("p", {}, ["Not played yet. ", h("a", { href: "/daily", "data-nav": true, text: "Play today's game" }), "."]));
  }
  return out;
}

/** @param {string[]} head @param {any[][]} rows @param {string} [caption] */
function table(head, rows, caption) {
  return h("table", {}, [
    ...(caption ? [h("caption", { text: caption })] : []),
    h("thead", {}, [h("tr", {}, head.map((c) => h("th", { scope: "col", text: c })))]),
    h("tbody", {}, rows.map((r) => h("tr", {}, r.map((c, i) =>
      i === 0 ? h("th", { scope: "row", text: String(c) }) : h("td", { text: String(c) }))))),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Dialogs: rules, settings

/** @param {string} id */
function openDialog(id) {
  const dialog = /** @type {HTMLDialogElement} */ (byId(id));
  if (!dialog.open) dialog.showModal();
}

/** @param {string} id */
function closeDialog(id) {
  const dialog = /** @type {HTMLDialogElement} */ (byId(id));
  if (dialog.open) dialog.close();
}

/** @param {string} variant */
async function showRules(variant) {
  const body = byId("rules-body");
  try {
    const opts = await options();
    const info = variantInfo(opts, variant);
    byId("rules-title").textContent = `Rules: ${info?.label || variant}`;
    body.innerHTML = info?.rules_html || "<p>No rules found for this variant.</p>";
  } catch (err) {
    body.textContent = `Could not load the rules: ${errorText(err)}`;
  }
  openDialog("rules-dialog");
}

byId("rules-button").addEventListener("click", () => {
  showRules(game?.state?.rules?.variant || radioValue("variant") || "draw");
});
byId("game-rules").addEventListener("click", () => showRules(game?.state?.rules?.variant || "draw"));

byId("settings-button").addEventListener("click", () => {
  /** @type {HTMLInputElement} */ (byId("set-delay")).value = String(settings.delay);
  byId("set-delay-out").textContent = `${settings.delay} ms`;
  /** @type {HTMLInputElement} */ (byId("set-sound")).checked = settings.sound;
  /** @type {HTMLInputElement} */ (byId("set-keys")).checked = settings.shortcuts;
  /** @type {HTMLInputElement} */ (byId("set-motion")).checked = settings.reduceMotion;
  openDialog("settings-dialog");
});
byId("settings-form").addEventListener("input", () => {
  settings.delay = Number(/** @type {HTMLInputElement} */ (byId("set-delay")).value);
  byId("set-delay-out").textContent = `${settings.delay} ms`;
  settings.sound = /** @type {HTMLInputElement} */ (byId("set-sound")).checked;
  settings.shortcuts = /** @type {HTMLInputElement} */ (byId("set-keys")).checked;
  settings.reduceMotion = /** @type {HTMLInputElement} */ (byId("set-motion")).checked;
  saveSettings();
});
byId("sound-button").addEventListener("click", () => {
  settings.sound = !settings.sound;
  saveSettings();
  announce(settings.sound ? "Sound on." : "Sound off.");
  if (settings.sound) sound.play("turn");
});

// ---------------------------------------------------------------------------------------------
// The game

/**
 * @typedef {{id: string, token: string, ws: WebSocket|null, state: Picture|null, queue: any[],
 *   pumping: boolean, selected: string|null, hint: any, status: Record<number, string>,
 *   pending: boolean, fresh: string|null, freshSeat: number|null, closed: boolean,
 *   turnKey: string, resultShownFor: string, retries: number}} Game
 */

/** @type {Game|null} */
let game = null;

/** @param {string} id */
function openGame(id) {
  showView("game");
  document.title = "Game · doublesix";
  if (game && game.id === id) return;
  const token = localStorage.getItem(`doublesix.seat.${id}`);
  if (!token) {
    showNotice("Game not found", "This game was started in another browser, or it is no longer here. Start a new one from the front page.");
    return;
  }
  game = { id, token, ws: null, state: null, queue: [], pumping: false, selected: null, hint: null,
    status: {}, pending: false, fresh: null, freshSeat: null, closed: false, turnKey: "",
    resultShownFor: "", retries: 0 };
  byId("log").replaceChildren();
  byId("hand").replaceChildren();
  byId("opponents").replaceChildren();
  byId("game-caption").textContent = "Connecting…";
  options().catch(() => null);
  connect(game);
}

function leaveGame() {
  if (!game) return;
  game.closed = true;
  game.ws?.close();
  game = null;
}

/**
 * What the page says when the server refuses a game's socket, by close code: a wrong token, an
 * unknown game, a game whose save cannot be read. Any other close is a lost connection, retried.
 * @type {Record<number, [string, string]>}
 */
const REFUSALS = {
  4403: ["Game not found", "This browser does not hold a seat in that game."],
  4404: ["Game not found", "There is no such game on this server. Start a new one from the front page."],
  4422: ["This game cannot be loaded",
    "Its save on this server cannot be read (it is damaged, or a newer release of doublesix saved it), " +
    "so it cannot go on here. The save is left as it is. Start a new game from the front page."],
};

/** @param {Game} g */
function connect(g) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(g.id)}?token=${encodeURIComponent(g.token)}`);
  g.ws = ws;
  ws.addEventListener("open", () => { g.retries = 0; });
  ws.addEventListener("message", (m) => {
    let msg;
    try {
      msg = JSON.parse(m.data);
    } catch {
      return;
    }
    g.queue.push(msg);
    pump(g);
  });
  ws.addEventListener("close", (e) => {
    if (g.closed || game !== g) return;
    const refusal = REFUSALS[e.code];
    if (refusal) {
      g.closed = true;
      showNotice(...refusal);
      return;
    }
    g.retries += 1;
    byId("game-caption").textContent = "Connection lost: reconnecting…";
    setTimeout(() => { if (game === g && !g.closed) connect(g); }, Math.min(500 * g.retries, 5000));
  });
}

/** @param {object} msg */
function send(msg) {
  if (!game?.ws || game.ws.readyState !== WebSocket.OPEN) {
    toast("Not connected to the server: trying again…");
    return false;
  }
  game.ws.send(JSON.stringify(msg));
  return true;
}

/**
 * What the game waits for, as `data-phase` on the game area: "you" (your move, nothing queued),
 * "them", "result" (a hand or the game is over), or "busy" (messages being shown or a move sent).
 * @param {string} phase
 */
function setPhase(phase) {
  byId("game").dataset.phase = phase;
}

/** @param {string} move */
function play(move) {
  if (!game || game.pending) return;
  if (send({ type: "play", move })) {
    setPhase("busy");
    game.pending = true;
    game.selected = null;
    game.hint = null;
    renderGame();
  }
}

/** Work through the queued messages one at a time, pausing after opponents' moves. @param {Game} g */
async function pump(g) {
  if (g.pumping) return;
  g.pumping = true;
  setPhase("busy");
  try {
    while (g.queue.length && game === g) {
      const msg = g.queue.shift();
      await handle(g, msg);
    }
  } finally {
    g.pumping = false;
  }
  if (game === g) settle(g);
}

/** @param {Game} g @param {any} msg */
async function handle(g, msg) {
  switch (msg.type) {
    case "state": {
      g.state = msg.state;
      g.pending = false;
      g.fresh = null;
      const log = /** @type {any} */ (msg.state).log;
      if (Array.isArray(log)) byId("log").replaceChildren(...log.map((t) => h("li", { text: t })));
      renderGame();
      break;
    }
    case "event": {
      const ev = /** @type {GameEvent} */ (msg.event);
      g.state = msg.state;
      g.pending = false;
      const mine = ev.seat === g.state?.me;
      noteEvent(g, ev, msg.text);
      renderGame();
      g.fresh = null; // animate the new tile once, not on every later redraw
      const paced = ["lay", "draw", "pass"].includes(ev.kind) && !mine;
      if (paced && pause() > 0) await sleep(pause());
      break;
    }
    case "thinking": {
      if (g.state && msg.seat !== g.state.me) {
        g.status[msg.seat] = "thinking…";
        renderOpponents();
      }
      break;
    }
    case "hint": {
      g.hint = msg;
      showHint(msg);
      break;
    }
    case "error": {
      g.pending = false;
      setPhase("them");
      announce(`Error: ${msg.message}`);
      toast(msg.message);
      renderGame();
      break;
    }
    default:
      break;
  }
}

/**
 * Everything an event changes besides the picture: status lines, log, sound, call-outs.
 * @param {Game} g @param {GameEvent} ev @param {string} text the server's sentence for it
 */
function noteEvent(g, ev, text) {
  const st = /** @type {Picture} */ (g.state);
  const me = st.me;
  g.fresh = null;
  if (ev.kind === "hand") {
    g.status = {};
    g.hint = null;
    g.selected = null;
    g.resultShownFor = "";
    closeDialog("result-dialog");
    byId("show-result").hidden = true;
  } else if (ev.kind === "lay" && ev.seat !== null) {
    g.status[ev.seat] = ev.end ? `laid ${ev.tile} ${ev.end === "up" || ev.end === "down" ? `on the ${ev.end} arm` : `on the ${ev.end}`}` : `opened with ${ev.tile}`;
    g.fresh = ev.tile;
    g.freshSeat = ev.seat;
    sound.play("lay");
    if (ev.points > 0) {
      callout(`+${ev.points}`, ev.seat === me);
      setTimeout(() => sound.play("score"), 120);
    }
  } else if (ev.kind === "draw" && ev.seat !== null) {
    // One event per tile drawn: a run of draws reads "drew 3".
    const run = /^drew (\d+)$/.exec(g.status[ev.seat] || "");
    g.status[ev.seat] = `drew ${(run ? Number(run[1]) : 0) + (ev.number || 1)}`;
    sound.play("draw");
  } else if (ev.kind === "pass" && ev.seat !== null) {
    g.status[ev.seat] = "passed";
    sound.play("pass");
  } else if (ev.kind === "end") {
    if (ev.points > 0 && ev.seat !== null) callout(`+${ev.points}`, ev.seat === me);
  } else if (ev.kind === "over") {
    sound.play(ev.seat === me ? "win" : "lose");
  }
  announce(text);
  addLog(text);
  if (ev.kind === "lay" || ev.kind === "draw" || ev.kind === "pass") showMessage(text);
}

/** @param {string} text */
function addLog(text) {
  const log = byId("log");
  log.append(h("li", { text }));
  while (log.children.length > 200) log.firstElementChild?.remove();
  if (/** @type {HTMLDetailsElement} */ (byId("log-box")).open) log.lastElementChild?.scrollIntoView({ block: "nearest" });
}

/** @param {string} text */
function showMessage(text) {
  const el = byId("message");
  el.textContent = text;
}

/** @param {string} text @param {boolean} mine */
function callout(text, mine) {
  const box = byId("callouts");
  const el = h("span", { class: `callout ${mine ? "mine" : "theirs"}`, text });
  box.append(el);
  setTimeout(() => el.remove(), reduceMotion() ? 2500 : 1600);
}

/** After the queue drains: your turn, the hand's result. @param {Game} g */
function settle(g) {
  const st = g.state;
  if (!st) return;
  setPhase(st.result || st.over ? "result" : st.turn === st.me && st.legal.length && !g.pending ? "you" : "them");
  if (st.result || st.over) {
    const key = `${st.hand_number}:${st.over}`;
    if (g.resultShownFor !== key) {
      g.resultShownFor = key;
      showResult(st);
    }
    return;
  }
  if (st.turn === st.me && st.legal.length) {
    const key = `${st.hand_number}:${st.played.length}:${st.hand.length}:${st.boneyard_size}`;
    if (g.turnKey !== key) {
      g.turnKey = key;
      sound.play("turn");
      announce(turnSentence(st));
    }
  }
}

/** @param {Picture} st */
function turnSentence(st) {
  const tiles = playableTiles(st);
  if (tiles.length) return `Your turn. ${tiles.length === 1 ? "One tile fits" : `${tiles.length} tiles fit`}: ${listWords(tiles)}.`;
  if (st.legal.some((m) => m.move === "draw")) return "Your turn. Nothing fits: draw from the boneyard with the Draw button.";
  if (st.legal.some((m) => m.move === "pass")) return "Nothing fits and nothing can be drawn: you pass.";
  return "Your turn.";
}

/** The tiles that may be laid now, in hand order. @param {Picture} st */
function playableTiles(st) {
  return (st.choices || []).map((c) => c.tile);
}

/** What the server says of one tile: its lays and whether to ask for the end. @param {Picture} st @param {string} tile */
function choiceOf(st, tile) {
  return (st.choices || []).find((c) => c.tile === tile);
}

/** The lays of one tile (each with its `move` and `end`). @param {Picture} st @param {string} tile */
function movesOf(st, tile) {
  return choiceOf(st, tile)?.lays || [];
}

/** An end with what laying there scores: "left end (scores 10)". @param {Lay} lay */
function endScoreWords(lay) {
  return `${endWords(/** @type {string} */ (lay.end))}${lay.points > 0 ? ` (scores ${lay.points})` : ""}`;
}

/** The player tapped or clicked a hand tile (or pressed Enter on it). @param {string} tile */
function chooseTile(tile) {
  const g = game;
  const st = g?.state;
  if (!g || !st) return;
  if (st.result) return;
  if (st.turn !== st.me) {
    announce(`${tile}: wait for your turn.`);
    return;
  }
  if (g.pending) return;
  const choice = choiceOf(st, tile);
  if (!choice) {
    announce(`${tile} fits no open end.`);
    toast(`${tile} fits no open end.`);
    return;
  }
  if (g.selected === tile) {
    cancelChoice();
    return;
  }
  if (!choice.asks) {
    play(choice.lays[0].move);
    return;
  }
  g.selected = tile;
  renderGame();
  const keys = choice.lays.map((l) => /** @type {string} */ (l.end)[0].toUpperCase());
  announce(`${tile} fits the ${listWords(choice.lays.map(endScoreWords))}. Choose an end${settings.shortcuts ? `, or press ${listWords(keys)}` : ""}.`);
  /** @type {HTMLElement|null} */ (byId("end-buttons").querySelector("button"))?.focus();
}

/** @param {string} end */
function chooseEnd(end) {
  const st = game?.state;
  if (!game || !st || !game.selected) return;
  const move = movesOf(st, game.selected).find((m) => m.end === end);
  if (!move) {
    announce(`${game.selected} does not fit the ${endWords(end)}.`);
    return;
  }
  const tile = game.selected;
  play(move.move);
  // Keep focus in the hand, near where the tile was.
  focusHandNear(tile);
}

function cancelChoice() {
  if (!game?.selected) return;
  const tile = game.selected;
  game.selected = null;
  renderGame();
  announce("Choice cancelled.");
  focusHandNear(tile);
}

/** @param {string} tile */
function focusHandNear(tile) {
  requestAnimationFrame(() => {
    const hand = byId("hand");
    const same = /** @type {HTMLElement|null} */ (hand.querySelector(`[data-tile="${tile}"]`));
    const any = /** @type {HTMLElement|null} */ (hand.querySelector("button"));
    (same || any || byId("hint-button")).focus();
  });
}

// ---------------------------------------------------------------------------------------------
// Rendering the game

function renderGame() {
  const g = game;
  const st = g?.state;
  if (!g || !st) return;
  const rules = st.rules || {};
  byId("game").dataset.revision = String(/** @type {any} */ (st).revision ?? "");
  const opts = /** @type {any} */ (renderGame).opts;
  const variant = variantInfo(opts, rules.variant)?.label || rules.variant;
  const target = rules.target > 0 ? `to ${rules.target}` : "one hand";
  const daily = st.daily ? `Daily game ${st.daily.date}: ` : "";
  byId("game-caption").textContent = `${daily}${variant}, ${target}, double-${rules.set}. Hand ${st.hand_number + 1}.`;
  document.title = `${st.turn === st.me && !st.result ? "Your turn · " : ""}${variant} · doublesix`;
  renderOpponents();
  renderTable();
  renderMe();
  renderTracker();
  renderSheet();
}
options().then((o) => { /** @type {any} */ (renderGame).opts = o; renderGame(); }).catch(() => {});

/** @param {Picture} st @param {number} seat */
function playerLabel(st, seat) {
  const info = opponentInfo(/** @type {any} */ (renderGame).opts, st.kinds?.[seat]);
  const difficulty = /** @type {any} */ (st).difficulties?.[seat] || info?.difficulty;
  return difficulty ? `${st.names[seat]} (${difficulty})` : st.names[seat];
}

function renderOpponents() {
  const st = game?.state;
  if (!game || !st) return;
  const box = byId("opponents");
  const cards = [];
  for (let seat = 0; seat < st.names.length; seat++) {
    if (seat === st.me) continue;
    const turn = st.turn === seat && !st.result;
    const size = st.hand_sizes[seat];
    const backs = h("div", { class: "backs", "aria-hidden": "true" });
    const shown = Math.min(size, 12);
    for (let i = 0; i < shown; i++) backs.append(tileBackSVG());
    const status = game.status[seat] || (turn ? "to play" : "");
    cards.push(h("article", { class: `opponent${turn ? " turn" : ""}`, "aria-label": playerLabel(st, seat) }, [
      h("h2", { class: "player-name" }, [
        turn ? h("span", { class: "turn-mark", text: "▶ " }) : "",
        playerLabel(st, seat),
      ]),
      h("p", { class: "status", text: status ? (turn && status === "thinking…" ? "Thinking…" : cap(status)) : "\u00a0" }),
      backs,
      h("p", { class: "counts" }, [`${size} tile${size === 1 ? "" : "s"}`, h("span", { class: "sep", text: " · " }),
        `Score ${st.scores[seat]}`]),
    ]));
  }
  box.replaceChildren(...cards);
  box.dataset.count = String(cards.length);
}

/** @param {string} s */
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

function renderTable() {
  const g = game;
  const st = g?.state;
  if (!g || !st) return;
  const svg = /** @type {SVGSVGElement} */ (/** @type {unknown} */ (byId("board")));
  const lit = g.selected ? movesOf(st, g.selected).map((m) => /** @type {string} */ (m.end)) : [];
  const freshFrom = g.freshSeat === st.me ? "bottom" : "top";
  renderBoard(svg, st.layout, { openEnds: st.open_ends, lit, fresh: reduceMotion() ? null : g.fresh,
    freshFrom, hint: g.hint?.end || null, played: st.played });
  const names = Object.entries(st.open_ends).map(([e, n]) => `${cap(endWords(e))}: ${n}`);
  byId("info-ends").replaceChildren(names.length ? h("ul", {}, names.map((n) => h("li", { text: n }))) : "none yet");
  const count = st.board_count;
  byId("info-count").textContent = `${count}${st.count_scores ? " (scores)" : ""}`;
  byId("info-yard-row").hidden = !st.rules?.drawing;
  byId("info-yard").textContent = `${st.boneyard_size} tile${st.boneyard_size === 1 ? "" : "s"}`;
  const played = st.played.length;
  byId("board-desc").textContent = played
    ? `The table: ${played} tile${played === 1 ? "" : "s"} laid. ${endsSentence(st.open_ends, count, !!st.count_scores, st.boneyard_size, !!st.rules?.drawing)}`
    : "The table is empty.";
}

function renderMe() {
  const g = game;
  const st = g?.state;
  if (!g || !st) return;
  const myTurn = st.turn === st.me && !st.result;
  byId("me-name").textContent = st.names[st.me] || "You";
  byId("me-score").textContent = String(st.scores[st.me]);
  byId("me").classList.toggle("turn", myTurn);
  let status = "";
  if (st.result) status = st.over ? "The game is over." : "The hand is over.";
  else if (myTurn && g.pending) status = "Sending…";
  else if (myTurn && g.selected) status = `Choose an end for ${g.selected}.`;
  else if (myTurn) status = playableTiles(st).length ? "Your turn: play a raised tile." : (st.legal.some((m) => m.move === "draw") ? "Your turn: nothing fits, draw a tile." : "Your turn: nothing fits, pass.");
  else if (st.turn !== null) status = `Waiting for ${st.names[st.turn]}.`;
  byId("me-status").textContent = status;

  // The hand
  const hand = byId("hand");
  const focused = /** @type {HTMLElement|null} */ (document.activeElement)?.dataset?.tile;
  const buttons = st.hand.map((tile) => {
    const moves = myTurn ? movesOf(st, tile) : [];
    const ends = moves.map((m) => m.end || "lead");
    const playable = moves.length > 0;
    const hinted = g.hint?.tile === tile;
    const button = h("button", {
      type: "button",
      class: `hand-tile${playable ? " playable" : ""}${g.selected === tile ? " selected" : ""}${hinted ? " hinted" : ""}`,
      "aria-label": `${tileLabel(tile, ends, myTurn)}${g.selected === tile ? ", selected" : ""}${hinted ? ", suggested by the hint" : ""}`,
      "aria-pressed": g.selected === tile ? "true" : undefined,
      dataset: { tile, ends: ends.join(" "), ask: String(myTurn && !!choiceOf(st, tile)?.asks) },
    }, [tileSVG(tile)]);
    if (hinted) button.append(h("span", { class: "hint-badge", "aria-hidden": "true", text: "Hint" }));
    button.addEventListener("click", (e) => {
      if (dragState.suppressClick) {
        dragState.suppressClick = false;
        e.preventDefault();
        return;
      }
      chooseTile(tile);
    });
    button.addEventListener("pointerdown", (e) => dragStart(e, tile, button));
    return button;
  });
  hand.replaceChildren(...buttons);
  if (focused) /** @type {HTMLElement|null} */ (hand.querySelector(`[data-tile="${focused}"]`))?.focus();

  // End choice
  const choice = byId("end-choice");
  if (myTurn && g.selected) {
    const moves = movesOf(st, g.selected);
    choice.hidden = false;
    byId("end-choice-text").textContent = `Where should ${g.selected} go?`;
    const had = document.activeElement?.closest?.("#end-buttons") ? /** @type {HTMLElement} */ (document.activeElement).dataset.end : null;
    byId("end-buttons").replaceChildren(...moves.map((m) => {
      const end = /** @type {string} */ (m.end);
      const b = h("button", { type: "button", class: `end-button${g.hint?.end === end && g.hint?.tile === g.selected ? " hinted" : ""}`, dataset: { end } },
        [endButtonName(end), h("span", { class: "end-num", text: ` ${m.shows}${m.points > 0 ? `, scores ${m.points}` : ""}` }),
          settings.shortcuts ? h("kbd", { "aria-hidden": "true", text: end[0].toUpperCase() }) : ""]);
      b.addEventListener("click", () => chooseEnd(end));
      return b;
    }));
    if (had) /** @type {HTMLElement|null} */ (byId("end-buttons").querySelector(`[data-end="${had}"]`))?.focus();
  } else {
    if (choice.contains(document.activeElement)) focusHandNear(st.hand[0] || "");
    choice.hidden = true;
  }

  // Actions
  const drawing = !!st.rules?.drawing;
  const draw = /** @type {HTMLButtonElement} */ (byId("draw-button"));
  const canDraw = myTurn && st.legal.some((m) => m.move === "draw");
  draw.hidden = !drawing;
  draw.disabled = !canDraw || g.pending;
  draw.textContent = "Draw";
  draw.classList.toggle("hinted", g.hint?.move === "draw");
  draw.title = canDraw ? `Draw a tile (${st.boneyard_size} left)` : "You can draw only when nothing fits";
  const hint = /** @type {HTMLButtonElement} */ (byId("hint-button"));
  hint.disabled = !myTurn || g.pending;
  byId("resign-button").hidden = !!st.over;
  byId("show-result").hidden = !st.result || /** @type {HTMLDialogElement} */ (byId("result-dialog")).open;
  if (!g.hint) byId("hint-text").hidden = true;
}

function renderTracker() {
  const st = game?.state;
  if (!st) return;
  const top = Number(st.rules?.set || 6);
  const played = new Set(st.played);
  const mine = new Set(st.hand);
  const rows = [];
  for (let high = top; high >= 0; high--) {
    const cells = [];
    for (let low = high; low >= 0; low--) {
      const t = `${high}|${low}`;
      const isPlayed = played.has(t);
      const isMine = mine.has(t);
      cells.push(h("span", {
        class: `trk${isPlayed ? " out" : ""}${isMine ? " mine" : ""}`,
        role: "listitem",
        "aria-label": `${t}${isPlayed ? " played" : isMine ? " in your hand" : " not seen"}`,
        text: `${t}${isPlayed ? "✓" : isMine ? "•" : ""}`,
      }));
    }
    rows.push(h("div", { class: "trk-row", role: "list", "aria-label": `Tiles with ${high}` }, cells));
  }
  const total = ((top + 1) * (top + 2)) / 2;
  byId("tracker-count").textContent = `(${played.size} of ${total})`;
  byId("tracker").replaceChildren(h("p", { class: "small-print", text: "✓ played, • in your hand." }), ...rows);
}

function renderSheet() {
  const st = game?.state;
  if (!st) return;
  byId("scoresheet").replaceChildren(sheetTable(st));
}

/** How a hand ended (`ending` from the server), for the scoresheet. @type {Record<string, string>} */
const ENDING_WORDS = { "went-out": "Went out", blocked: "Blocked", "reached-target": "Reached the target" };

/** @param {Picture} st */
function sheetTable(st) {
  const rows = (st.scoresheet || []).map((r) => [
    `Hand ${r.hand}`,
    r.winner === null || r.winner === undefined ? "Drawn" : st.names[r.winner],
    r.points,
    r.winner === null || r.winner === undefined ? (r.ending === "blocked" ? "Blocked, tie" : "Drawn")
      : ENDING_WORDS[r.ending] || r.ending,
  ]);
  if (!rows.length) return h("p", { text: "No hand finished yet." });
  const body = table(["Hand", "Winner", "Points", "How"], rows, "Hands so far");
  const totals = h("p", { class: "totals", text: scoresSentence(st.names, st.scores, st.rules?.target ?? 0) });
  return h("div", {}, [body, totals]);
}

// ---------------------------------------------------------------------------------------------
// Hint, result, reading keys

byId("hint-button").addEventListener("click", () => {
  const st = game?.state;
  if (!st || st.turn !== st.me) return;
  send({ type: "hint" });
});

/** @param {any} msg */
function showHint(msg) {
  const text = byId("hint-text");
  // The reason names the move ("6|4 on the right scores 10"); without one, say the move.
  const where = msg.tile ? `${msg.tile}${msg.end ? ` on the ${endWords(msg.end)}` : ""}` : (msg.move === "draw" ? "Draw" : msg.move === "pass" ? "Pass" : msg.move);
  const words = `Hint: ${msg.reason || where}.`;
  text.textContent = words;
  text.hidden = false;
  announce(words);
  renderGame();
}

byId("draw-button").addEventListener("click", () => play("draw"));
byId("end-cancel").addEventListener("click", cancelChoice);
byId("resign-button").addEventListener("click", () => {
  if (!game?.state || game.state.over) return;
  if (window.confirm("Resign this game? It counts as a loss.")) send({ type: "resign" });
});
byId("show-result").addEventListener("click", () => game?.state && showResult(game.state));
byId("read-hand").addEventListener("click", readHand);
byId("read-ends").addEventListener("click", readEnds);
byId("read-scores").addEventListener("click", readScores);

function readHand() {
  const st = game?.state;
  if (!st) return;
  const myTurn = st.turn === st.me && !st.result;
  const playable = myTurn ? playableTiles(st) : [];
  const pips = st.hand.reduce((sum, t) => sum + halves(t)[0] + halves(t)[1], 0);
  announce(`Your hand, ${st.hand.length} tile${st.hand.length === 1 ? "" : "s"}, ${pips} pips: ${listWords(st.hand)}.${myTurn ? (playable.length ? ` Playable: ${listWords(playable)}.` : " Nothing fits.") : ""}`);
}

function readEnds() {
  const st = game?.state;
  if (!st) return;
  announce(endsSentence(st.open_ends, st.board_count, !!st.count_scores, st.boneyard_size, !!st.rules?.drawing));
}

function readScores() {
  const st = game?.state;
  if (!st) return;
  const sizes = st.names.map((n, i) => (i === st.me ? null : `${n} holds ${st.hand_sizes[i]}`)).filter(Boolean);
  announce(`${scoresSentence(st.names, st.scores, st.rules?.target ?? 0)} ${listWords(/** @type {string[]} */ (sizes))} tiles.`);
}

/** @param {number} n */
const pointsWords = (n) => `${n} point${n === 1 ? "" : "s"}`;

/**
 * What the hand's winner scored at its end (`points`, after rounding), and apart from it what
 * the winner scored with board counts during the hand (from `scored`). No points at the end is
 * said as such, not as "You score 0 points" after a lay that scored.
 * @param {Picture} st @param {any} res the picture's `result`, with a winner
 */
function endPoints(st, res) {
  const mine = res.winner === st.me;
  const counts = Math.max(0, (res.scored?.[res.winner] ?? res.points) - res.points);
  if (res.points > 0) {
    const besides = counts > 0 ? ` at the hand's end, besides ${counts} from board counts during it` : "";
    return `${mine ? "You score" : `${st.names[res.winner]} scores`} ${pointsWords(res.points)}${besides}.`;
  }
  const whose = mine ? "your" : `${st.names[res.winner]}'s`;
  return `The hand scores no points at its end${counts > 0 ? ` (${whose} ${counts} came from board counts during it)` : ""}.`;
}

/** @param {Picture} st */
function showResult(st) {
  const res = st.result || (st.over ? { winner: null, points: 0, blocked: false, hands: [], pips: [] } : null);
  if (!res) return;
  const resigned = /** @type {any} */ (st).resigned;
  const me = st.me;
  const body = byId("result-body");
  const title = byId("result-title");
  const parts = [];
  let heading;
  if (st.over && resigned !== null && resigned !== undefined && !st.result) {
    heading = resigned === me ? "Game over: you resigned" : `Game over: ${st.names[resigned]} resigned`;
  } else if (st.over) {
    heading = st.winner === null || st.winner === undefined ? "Game over: a draw"
      : st.winner === me ? "Game over: you won!" : `Game over: ${st.names[st.winner]} won`;
  } else {
    heading = res.winner === null || res.winner === undefined ? "The hand is drawn"
      : res.winner === me ? "You won the hand" : `${st.names[res.winner]} won the hand`;
  }
  title.textContent = heading;
  const how = !st.result ? "The game ended before the hand was over." : res.winner === null || res.winner === undefined
    ? `${res.ending === "blocked" ? "Blocked, and the lightest hands are equal" : "Drawn"}: nobody scores.`
    : res.ending === "reached-target" ? `${st.names[res.winner]} reached ${st.rules?.target ?? 0} points with a board count, so the hand stops here.`
    : `${res.ending === "blocked" ? "The hand was blocked; the lightest hand wins. " : ""}${endPoints(st, res)}`;
  parts.push(h("p", { class: "result-how", text: how }));
  const hands = res.hands || [];
  const list = h("ul", { class: "open-hands" });
  hands.forEach((/** @type {string[]} */ tiles, /** @type {number} */ seat) => {
    const pips = res.pips?.[seat] ?? 0;
    const label = tiles.length ? listWords(tiles) : "no tiles left";
    const row = h("li", {}, [
      h("p", { class: "open-name" }, [h("strong", { text: st.names[seat] }),
        `: ${tiles.length} tile${tiles.length === 1 ? "" : "s"}, ${pips} pip${pips === 1 ? "" : "s"}`]),
      h("div", { class: "open-tiles", role: "img", "aria-label": `${seat === me ? "Your" : `${st.names[seat]}'s`} tiles: ${label}` },
        tiles.map((t) => tileSVG(t))),
    ]);
    list.append(row);
  });
  if (hands.length) parts.push(h("h3", { text: "Every hand laid open" }), list);
  parts.push(h("h3", { text: "Scoresheet" }), sheetTable(st));
  if (st.daily?.share) {
    const share = h("textarea", { id: "share-text", rows: "3", readonly: true, "aria-label": "Text to share" });
    /** @type {HTMLTextAreaElement} */ (share).value = st.daily.share;
    const copy = h("button", { type: "button", text: "Copy the result" });
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(st.daily.share);
        announce("Copied.");
        copy.textContent = "Copied";
      } catch {
        /** @type {HTMLTextAreaElement} */ (share).select();
        announce("Select the text and copy it.");
      }
    });
    parts.push(h("h3", { text: "Share today's result" }), share, h("p", {}, [copy]));
  }
  body.replaceChildren(...parts);

  const actions = byId("result-actions");
  const buttons = [];
  if (!st.over) {
    const next = h("button", { type: "button", class: "primary", text: "Next hand" });
    next.addEventListener("click", () => {
      closeDialog("result-dialog");
      setPhase("busy");
      send({ type: "next" });
      byId("hint-button").focus();
    });
    buttons.push(next);
  } else {
    const again = h("button", { type: "button", class: "primary", text: st.daily ? "New game" : "Play again" });
    again.addEventListener("click", async () => {
      closeDialog("result-dialog");
      if (st.daily) {
        navigate("/");
        return;
      }
      const setup = readJSON(SETUP_KEY);
      const same = { variant: st.rules.variant, players: st.rules.players, target: st.rules.target,
        set: st.rules.set, opponents: st.kinds.filter((_, i) => i !== st.me) };
      try {
        await startGame(Object.keys(setup).length ? { ...setup, ...same } : same);
      } catch (err) {
        toast(`Could not start a game: ${errorText(err)}`);
      }
    });
    buttons.push(again);
    const record = h("a", { class: "button", href: `/api/games/${encodeURIComponent(st.game_id || game?.id || "")}/record?token=${encodeURIComponent(game?.token || "")}`,
      download: `doublesix-${game?.id}.json`, text: "Download the record" });
    buttons.push(record);
  }
  const look = h("button", { type: "button", text: "Look at the table" });
  look.addEventListener("click", () => {
    closeDialog("result-dialog");
    byId("show-result").hidden = false;
    byId("show-result").focus();
  });
  buttons.push(look);
  actions.replaceChildren(...buttons);
  announce(`${heading}. ${how}`);
  byId("show-result").hidden = true;
  openDialog("result-dialog");
  // Focus the first action without scrolling the dialog down to it: it stays in view at the
  // bottom (sticky), and the dialog opens at its top, on who won.
  /** @type {HTMLElement} */ (buttons[0]).focus({ preventScroll: true });
  byId("result-dialog").scrollTop = 0;
}

// ---------------------------------------------------------------------------------------------
// Keyboard: single-key shortcuts only while focus is in the game area (WCAG 2.1.4)

document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && game?.selected) {
    cancelChoice();
    return;
  }
  if (!settings.shortcuts || e.ctrlKey || e.metaKey || e.altKey) return;
  const target = /** @type {HTMLElement|null} */ (e.target instanceof HTMLElement ? e.target : null);
  if (!target || !target.closest("#game")) return;
  if (target.closest("input, textarea, select, [contenteditable]")) return;
  if (!game?.state) return;
  const key = e.key.toLowerCase();
  const ends = { l: "left", r: "right", u: "up", d: "down" };
  if (key in ends) {
    if (game.selected) {
      e.preventDefault();
      chooseEnd(ends[/** @type {keyof ends} */ (key)]);
    }
    return;
  }
  const readers = { h: readHand, e: readEnds, s: readScores };
  if (key in readers) {
    e.preventDefault();
    readers[/** @type {keyof readers} */ (key)]();
  }
});

// ---------------------------------------------------------------------------------------------
// Dragging a tile to an end with pointer events (mouse, pen and touch)

const dragState = {
  /** @type {string|null} */ tile: null,
  /** @type {number} */ pointer: -1,
  x: 0, y: 0,
  active: false,
  suppressClick: false,
  /** @type {HTMLElement|null} */ ghost: null,
  /** @type {HTMLElement|null} */ source: null,
};

/** @param {PointerEvent} e @param {string} tile @param {HTMLElement} button */
function dragStart(e, tile, button) {
  const st = game?.state;
  if (!st || st.turn !== st.me || !movesOf(st, tile).length || game?.pending) return;
  if (e.button !== 0) return;
  dragState.tile = tile;
  dragState.pointer = e.pointerId;
  dragState.x = e.clientX;
  dragState.y = e.clientY;
  dragState.active = false;
  dragState.source = button;
  dragState.suppressClick = false;
  try {
    button.setPointerCapture(e.pointerId);
  } catch {
    // capture is a convenience
  }
}

document.addEventListener("pointermove", (e) => {
  if (dragState.tile === null || e.pointerId !== dragState.pointer) return;
  const dx = e.clientX - dragState.x, dy = e.clientY - dragState.y;
  if (!dragState.active) {
    if (Math.hypot(dx, dy) < 8) return;
    dragState.active = true;
    const st = /** @type {Picture} */ (game?.state);
    if (game) game.selected = dragState.tile;
    renderTable();
    const ghost = h("div", { class: "drag-ghost", "aria-hidden": "true" }, [tileSVG(/** @type {string} */ (dragState.tile))]);
    document.body.append(ghost);
    dragState.ghost = ghost;
    dragState.source?.classList.add("dragging");
    void st;
  }
  e.preventDefault();
  if (dragState.ghost) {
    dragState.ghost.style.left = `${e.clientX}px`;
    dragState.ghost.style.top = `${e.clientY}px`;
  }
  const over = endAt(e.clientX, e.clientY);
  document.querySelectorAll(".end-spot.over").forEach((el) => el.classList.remove("over"));
  if (over) over.classList.add("over");
}, { passive: false });

/** The end target under a point: an end spot on the board or an end button. @param {number} x @param {number} y */
function endAt(x, y) {
  for (const el of document.elementsFromPoint(x, y)) {
    const spot = /** @type {HTMLElement|null} */ (el.closest?.("[data-end]"));
    if (spot) return spot;
  }
  // Forgive a near miss: the nearest end spot within a tile's length.
  let best = null, bestDist = Infinity;
  for (const spot of document.querySelectorAll(".end-spot")) {
    const r = spot.getBoundingClientRect();
    const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
    const d = Math.hypot(cx - x, cy - y);
    if (d < bestDist && d < Math.max(r.width, r.height) * 1.2) { best = spot; bestDist = d; }
  }
  return /** @type {HTMLElement|null} */ (best);
}

/** @param {PointerEvent} e */
function dragEnd(e) {
  if (dragState.tile === null || e.pointerId !== dragState.pointer) return;
  const tile = dragState.tile;
  const wasActive = dragState.active;
  dragState.ghost?.remove();
  dragState.ghost = null;
  dragState.source?.classList.remove("dragging");
  dragState.tile = null;
  dragState.active = false;
  document.querySelectorAll(".end-spot.over").forEach((el) => el.classList.remove("over"));
  if (!wasActive || e.type === "pointercancel") {
    if (wasActive && game) { game.selected = null; renderGame(); }
    return;
  }
  dragState.suppressClick = true;
  setTimeout(() => { dragState.suppressClick = false; }, 400);
  const st = game?.state;
  if (!game || !st) return;
  const choice = choiceOf(st, tile);
  const moves = choice?.lays || [];
  const spot = endAt(e.clientX, e.clientY);
  const end = spot?.dataset.end;
  const move = end ? moves.find((m) => m.end === end) : null;
  const table = byId("table").getBoundingClientRect();
  const onTable = e.clientX >= table.left && e.clientX <= table.right && e.clientY >= table.top && e.clientY <= table.bottom;
  game.selected = null;
  if (move) play(move.move);
  else if (onTable && choice && !choice.asks) play(choice.lays[0].move);
  else {
    renderGame();
    announce(end ? `${tile} does not fit the ${endWords(end)}.` : `Drop ${tile} on a lit end.`);
  }
}
document.addEventListener("pointerup", dragEnd);
document.addEventListener("pointercancel", dragEnd);

// Tapping a lit end on the board chooses it.
byId("board").addEventListener("click", (e) => {
  const spot = /** @type {Element} */ (e.target).closest?.("[data-end]");
  if (spot && game?.selected) chooseEnd(/** @type {HTMLElement} */ (spot).dataset.end || "");
});

// Redraw the table when its box changes size (rotation, resizing).
new ResizeObserver(() => { if (game?.state) renderTable(); }).observe(byId("table"));

// ---------------------------------------------------------------------------------------------

saveSettings();
route();
