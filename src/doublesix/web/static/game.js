// @ts-check
/**
 * The game in play: the server's messages shown one at a time, in the order things happened,
 * and the person's actions sent back.
 *
 * Every event is announced once, when it is shown: on opening a game, the events of the hand so
 * far that this browser has not announced yet (the opening tile included); then each event as
 * it comes, with a pause after an opponent's move (the pace setting) while its tile travels;
 * and only when nothing is left to show, "Your turn". The controls are enabled after that
 * announcement (`ready`), and only while the connection holds. The server is the only referee:
 * nothing here decides a rule.
 *
 * At a table for people the picture carries `table`: before the game starts the page shows
 * the waiting room (waiting.js) instead of the table; the server's `table` messages change who
 * is here, and their words are announced; another person's turn is announced by name; once
 * everyone agreed to play again, `again` opens the new game with the same seat.
 */
import { state, canAct, pause, motionMs, rememberSeat, rememberOver } from "./state.js";
import { byId, h, sentences, sleep, toast } from "./dom.js";
import { LABELS } from "./labels.js";
import { announce } from "./a11y.js";
import * as sound from "./sound.js";
import { connect, disconnect, send, showConnection } from "./connection.js";
import { renderSeats, renderTable, seatRect } from "./table.js";
import { renderMe, focusHandNear } from "./hand.js";
import { arriveFrom, callout, clearCallouts, drawTo, restingRect } from "./motion.js";
import { closeDialog, renderInfoDialogs } from "./dialogs.js";
import { showResult, updateResultActions } from "./result.js";
import { loadOptions } from "./api.js";
import { navigate, showNotice, showView } from "./nav.js";
import { isPerson, onMySide, seatNames } from "./people.js";
import { inWaitingRoom, renderWaiting, resetWaiting } from "./waiting.js";
import { awaySentence, checkHandoverDialog, renderTableNotice } from "./standins.js";
import { renderChat, showChat } from "./chat.js";
import { renderLesson, showLesson } from "./lessons.js";
import { coachWanted, followCoach, hideCoach, showCoach } from "./coach.js";

/** @typedef {import("./types.js").GameSession} GameSession */
/** @typedef {import("./types.js").ServerMessage} ServerMessage */
/** @typedef {import("./types.js").Picture} Picture */
/** @typedef {import("./types.js").GameEvent} GameEvent */
/** @typedef {import("./types.js").HintMessage} HintMessage */

/** @param {string} id */
const heardKey = (id) => `doublesix.heard.${id}`;

/** @param {string} id @returns {{hand: number, lines: number}} */
function loadHeard(id) {
  try {
    const saved = JSON.parse(localStorage.getItem(heardKey(id)) || "null");
    if (saved && Number.isInteger(saved.hand) && Number.isInteger(saved.lines)) return saved;
  } catch {
    // start afresh
  }
  return { hand: -1, lines: 0 };
}

/**
 * What the game waits for, as `data-phase` on the game area: "you" (your move, announced, the
 * controls enabled), "them", "result" (a hand or the game is over), "busy" (events being shown
 * or a move sent), "offline" (the connection is away).
 * @param {string} phase
 */
function setPhase(phase) {
  byId("game").dataset.phase = phase;
}

const HANDLERS = {
  /** @param {GameSession} g @param {ServerMessage} msg */
  message: (g, msg) => receive(g, msg),
  /** @param {GameSession} _g @param {string} title @param {string} text */
  refused: (_g, title, text) => showNotice(title, text),
  /** @param {GameSession} g */
  changed: (g) => {
    showConnection(g, HANDLERS);
    if (!g.connected) {
      g.ready = false;
      g.turnKey = ""; // say "Your turn" again once the connection is back
      setPhase("offline");
    }
    renderGame();
    updateResultActions(g);
  },
};

/**
 * Open a game's screen and connect to it; `lesson` names a lesson's variant (its socket is the
 * lesson's, lessons.js). @param {string} id @param {string} token
 */
export function openGame(id, token, watching = false, lesson = "") {
  if (state.game && state.game.id === id && state.game.watching === watching) return;
  leaveGame();
  /** @type {GameSession} */
  const g = {
    id, token, watching, ws: null, connected: false, lost: false, retries: 0, closed: false, stopped: false, notice: "",
    picture: null, queue: [], pumping: false, ready: false, pending: false, sentNext: false,
    selected: null, focusTile: null, focusHand: true, hint: null, status: {}, turnKey: "", resultShownFor: "",
    heard: lesson ? { hand: -1, lines: 0 } : loadHeard(id), travel: null, openingDue: false,
    tableAt: 0, otherTurnKey: "", sentAgain: false, drawRun: 0, handoverTimer: undefined, nextFrom: -1, nextAt: 0,
    lesson, lessonStep: null,
  };
  state.game = g;
  byId("log").replaceChildren();
  byId("hand").replaceChildren();
  byId("game").dataset.seats = "";
  for (const slot of ["top", "left", "right"]) byId(`seat-${slot}`).replaceChildren();
  byId("game-caption").textContent = LABELS.connecting;
  byId("hint-text").hidden = true;
  hideCoach();
  followCoach();
  byId("end-choice").hidden = true;
  byId("table-notice").hidden = true;
  renderLesson(g);
  resetWaiting();
  showConnection(g);
  setPhase("busy");
  loadOptions().then(() => renderGame()).catch(() => {});
  connect(g, HANDLERS);
}

/** Open a lesson (issue 44) on the game screen. @param {string} variant */
export function openLesson(variant) {
  openGame(`lesson-${variant}`, "", false, variant);
}

export function leaveGame() {
  const g = state.game;
  if (!g) return;
  disconnect(g);
  clearTimeout(g.handoverTimer);
  state.game = null;
  renderLesson(null);
}

/** A message from the server: shown in turn, after those before it. @param {GameSession} g @param {ServerMessage} msg */
function receive(g, msg) {
  // A phrase of the table's chat is no part of the game: shown at once.
  if (msg.type === "chat") {
    showChat(g, msg);
    return;
  }
  // A hint, a notice or a computer starting to think changes no picture: shown at once when
  // nothing waits.
  if ((msg.type === "hint" || msg.type === "thinking" || msg.type === "notice") && !g.pumping) {
    handle(g, msg);
    return;
  }
  g.queue.push(msg);
  pump(g);
}

/** Show the queued messages one at a time, pausing after opponents' moves. @param {GameSession} g */
async function pump(g) {
  if (g.pumping) return;
  g.pumping = true;
  g.ready = false;
  setPhase("busy");
  try {
    while (g.queue.length && state.game === g) {
      const msg = g.queue.shift();
      if (msg) await handle(g, msg);
    }
  } finally {
    g.pumping = false;
  }
  // A new hand's opening tile, laid with it, comes in the next message: the turn waits for it.
  if (state.game === g && !g.openingDue) settle(g);
}

/** @param {GameSession} g @param {ServerMessage} msg */
async function handle(g, msg) {
  switch (msg.type) {
    case "state": {
      const st = msg.state;
      g.picture = st;
      g.tableAt = performance.now();
      g.pending = false;
      g.sentNext = false;
      g.travel = null;
      g.openingDue = false;
      // In a table's waiting room nothing of the hand is shown or said: it is said when the
      // game starts.
      if (st.table?.stage !== "waiting") {
        byId("log").replaceChildren(...st.log.map((t) => h("li", { text: t })));
        // The events of this hand this browser has not announced yet, the opening tile included.
        const from = g.heard.hand === st.hand_number ? g.heard.lines : 0;
        for (const line of st.log.slice(from)) announce(line);
        g.heard = { hand: st.hand_number, lines: st.log.length };
        // The last move stays on the table's line after a reload, as the cards keep theirs.
        setMessage(st.words.last || "", st.words.last_short || "");
      }
      renderGame();
      break;
    }
    case "event": {
      const ev = msg.event;
      g.picture = msg.state;
      g.tableAt = performance.now();
      g.pending = false;
      // A new hand whose opening tile was laid with it (its event comes next): the table is
      // shown empty until that tile travels to it.
      const opening = ev.kind === "hand" && msg.state.played.length > 0;
      // Until it comes, the page stays busy: "Your turn" is said after the opening tile, and
      // the tiles are not live before it.
      g.openingDue = opening || (g.openingDue && ev.kind !== "lay");
      prepareTravel(g, ev);
      // Another seat's run of draws is said once, as the server's log line for the run
      // ("Pinocchio drew 3 tiles."), when its last draw comes: a draw after which that seat
      // moves again waits a moment for its next move, should the page have nothing else to do.
      if (ev.kind === "draw" && ev.seat !== msg.state.me && msg.state.turn === ev.seat) await nextMove(g);
      const runsOn = ev.kind === "draw" && ev.seat !== msg.state.me && drawsNext(g, ev.seat);
      const run = ev.kind === "draw" && ev.seat !== msg.state.me ? g.drawRun + 1 : 0;
      g.drawRun = runsOn ? run : 0;
      const text = run > 1 && !runsOn ? msg.state.log[msg.state.log.length - 1] || msg.text : msg.text;
      // Your draw that brings a tile that fits: the focus goes to that tile once you can play.
      if (ev.kind === "draw" && ev.seat === msg.state.me && ev.tile && msg.state.choices.some((c) => c.tile === ev.tile)) g.focusTile = ev.tile;
      noteEvent(g, msg.state, ev, runsOn ? "" : text, run > 1 ? text : msg.short);
      renderGame({ emptyBoard: opening });
      afterRender(g, ev);
      scoreCallout(msg.state, ev);
      const mine = ev.seat === msg.state.me;
      const moved = ["lay", "draw", "pass"].includes(ev.kind);
      const wait = Math.max(moved && !mine && !runsOn ? pause() : 0, ev.kind === "lay" || ev.kind === "draw" ? motionMs() : 0);
      if (wait > 0) await sleep(wait);
      break;
    }
    case "thinking": {
      const st = g.picture;
      if (st && msg.seat !== st.me) {
        g.status[msg.seat] = LABELS.thinking;
        renderSeats(g, st);
      }
      break;
    }
    case "hint": {
      g.hint = msg;
      showHint(msg);
      break;
    }
    case "coach": {
      showCoach(msg);
      break;
    }
    case "lesson": {
      // A lesson's coach: said after the events before it, and shown in its panel.
      showLesson(g, msg);
      break;
    }
    case "notice": {
      // Said at once ("Saving failed; trying again."), and shown in the bar until it passes;
      // a move taken back is only said.
      announce(msg.message);
      if (msg.notice === "taken-back") break;
      g.notice = msg.notice === "saved" ? "" : msg.message;
      showConnection(g, HANDLERS);
      break;
    }
    case "table": {
      // Someone joined, left, came back, or asked to play again; a seat changed hands.
      // A waiting room's picture stays one until its game's own picture comes (right after
      // "The game starts."), so the hand's first events are said with it.
      const waiting = g.picture?.table?.stage === "waiting";
      if (g.picture) {
        const words = msg.room ? { ...g.picture.words, room: msg.room } : g.picture.words;
        g.picture = { ...g.picture, table: waiting ? { ...msg.table, stage: "waiting" } : msg.table, words };
      }
      g.tableAt = performance.now();
      if (msg.text) {
        announce(msg.text);
        byId("log").append(h("li", { text: msg.text }));
        if (msg.table.stage === "playing") setMessage(msg.text);
      }
      if (g.picture) checkHandoverDialog(g.picture);
      renderGame();
      updateResultActions(g);
      break;
    }
    case "again": {
      // Everyone still at the table agreed: the same seat in the new game (a watcher
      // follows the table to it).
      announce(msg.text);
      if (g.watching) {
        navigate(`/watch/${encodeURIComponent(msg.game_id)}`);
        break;
      }
      rememberSeat({ game_id: msg.game_id, token: g.token });
      navigate(`/game/${encodeURIComponent(msg.game_id)}`);
      break;
    }
    case "error": {
      // At a table two people may ask for the next hand at once: the later one's refusal
      // ("the hand is still in play") comes after the new hand, and means nothing.
      const raced = g.nextFrom >= 0 && !!g.picture && g.picture.hand_number > g.nextFrom && performance.now() - g.nextAt < 10000;
      g.nextFrom = -1;
      if (raced) break;
      g.pending = false;
      g.sentNext = false;
      g.sentAgain = false;
      resetWaiting();
      announce(sentences(LABELS.error, msg.message));
      toast(msg.message);
      renderGame();
      updateResultActions(g);
      break;
    }
    default:
      break;
  }
}

/** Wait until a move waits in the queue (past "thinking" notes), a second at most. @param {GameSession} g */
async function nextMove(g) {
  const until = performance.now() + 1000;
  while (state.game === g && !g.queue.some((m) => m.type !== "thinking") && performance.now() < until) await sleep(20);
}

/**
 * Whether the next event waiting (past "thinking" notes) is another draw by `seat`.
 * @param {GameSession} g @param {number|null} seat
 */
function drawsNext(g, seat) {
  const next = g.queue.find((m) => m.type !== "thinking");
  return !!next && next.type === "event" && next.event.kind === "draw" && next.event.seat === seat;
}

/** Where the event's tile starts from, read before the picture changes the page. @param {GameSession} g @param {GameEvent} ev */
function prepareTravel(g, ev) {
  g.travel = null;
  if (ev.seat === null) return;
  if (ev.kind === "lay" && ev.tile) {
    const inHand = document.querySelector(`#hand [data-tile="${ev.tile}"]`);
    const from = inHand && ev.seat === g.picture?.me ? inHand.getBoundingClientRect() : seatRect(ev.seat);
    g.travel = { kind: "lay", tile: ev.tile, seat: ev.seat, from };
  } else if (ev.kind === "draw") {
    g.travel = { kind: "draw", tile: ev.tile, seat: ev.seat, from: byId("boneyard").getBoundingClientRect() };
  }
}

/** Motion after the new picture is on the page: a drawn tile comes from the boneyard. @param {GameSession} g @param {GameEvent} ev */
function afterRender(g, ev) {
  const travel = g.travel;
  if (!travel || travel.kind !== "draw" || !travel.from) return;
  g.travel = null;
  if (ev.seat === g.picture?.me && ev.tile) {
    const el = /** @type {HTMLElement|null} */ (document.querySelector(`#hand [data-tile="${ev.tile}"]`));
    if (el) arriveFrom(el, travel.from);
  } else {
    const to = seatRect(travel.seat);
    if (to) drawTo(travel.from, to);
  }
}

/**
 * Everything an event changes besides the picture: status lines, log, sound, call-outs, and
 * its announcement.
 * @param {GameSession} g @param {Picture} st the picture after it @param {GameEvent} ev
 * @param {string} text the server's sentence for it
 * @param {string} short the server's shorter form of it, for a narrow screen's last-move line
 */
function noteEvent(g, st, ev, text, short) {
  if (ev.kind === "hand") {
    hideCoach();
    g.status = {};
    g.hint = null;
    g.selected = null;
    g.resultShownFor = "";
    g.sentNext = false;
    // The result's focus goes to the hand once the new hand can be played.
    const onResult = byId("result-dialog").contains(document.activeElement) || document.activeElement === byId("table-next-hand");
    if (onResult) g.focusHand = true;
    closeDialog("result-dialog");
    byId("show-result").hidden = true;
    byId("log").replaceChildren();
  } else if (ev.kind === "lay" && ev.seat !== null) {
    delete g.status[ev.seat]; // "thinking…" is over: the picture says what the seat did
    sound.play("lay");
    if (ev.points > 0) sound.play("score");
  } else if (ev.kind === "draw" && ev.seat !== null) {
    delete g.status[ev.seat];
    sound.play("draw");
  } else if (ev.kind === "pass" && ev.seat !== null) {
    delete g.status[ev.seat];
    sound.play("pass");
  } else if (ev.kind === "end") {
    // A watcher has no side: every hand's end sounds as a drawn one.
    sound.play(ev.seat === null || st.watching ? "hand-drawn" : onMySide(st, ev.seat) ? "hand-won" : "hand-lost");
  } else if (ev.kind === "over" || ev.kind === "resign") {
    // The engine's winners; after a resignation with nobody winning, the one who resigned lost.
    const lost = st.winners.length ? !st.winners.includes(st.me) : ev.kind === "resign" && ev.seat === st.me;
    sound.play(st.watching ? "game-drawn" : st.winners.includes(st.me) ? "game-won" : lost ? "game-lost" : "game-drawn");
  }
  if (["lay", "draw", "pass", "hand"].includes(ev.kind)) clearCallouts();
  if (!text) return; // a draw whose run goes on: said with the run's last draw
  announce(text);
  byId("log").append(h("li", { text }));
  if (ev.kind === "lay" || ev.kind === "draw" || ev.kind === "pass") setMessage(text, short);
  if (ev.kind === "hand") setMessage("");
}

/**
 * The table's last-move line: the server's sentence, and its shorter form, which a narrow
 * screen shows instead (styles.css) so the line is read whole in the height it has.
 * @param {string} text @param {string} [short]
 */
function setMessage(text, short = "") {
  const line = byId("message");
  if (!short || short === text) {
    line.textContent = text;
    return;
  }
  line.replaceChildren(h("span", { class: "msg-long", text }), h("span", { class: "msg-short", text: short }));
}

/**
 * A score made by a laid tile (shown over the tile) or a hand's end (over the table), with who
 * made it. @param {Picture} st @param {GameEvent} ev
 */
function scoreCallout(st, ev) {
  if (ev.points <= 0 || ev.seat === null || (ev.kind !== "lay" && ev.kind !== "end")) return;
  const tile = ev.kind === "lay" && ev.tile ? document.querySelector(`#board .layout-tiles [data-tile="${ev.tile}"]`) : null;
  callout(ev.points, seatNames(st)[ev.seat], onMySide(st, ev.seat), tile ? restingRect(tile) : null, ev.kind === "lay" ? ev.tile || "" : "");
}

/** After the queue drains: the hand's result, or "Your turn", then the controls. @param {GameSession} g */
function settle(g) {
  const st = g.picture;
  if (!st) return;
  if (st.table?.stage === "waiting") {
    g.ready = false;
    renderGame();
    return;
  }
  g.heard = { hand: st.hand_number, lines: st.log.length };
  // A lesson starts afresh each time it is opened: nothing of it is kept.
  if (!g.lesson) localStorage.setItem(heardKey(g.id), JSON.stringify(g.heard));
  if (st.result || st.over) {
    g.ready = false;
    setPhase("result");
    // A lesson's end is the coach's: its panel says how it went and what next.
    if (g.lesson) {
      renderGame();
      return;
    }
    if (st.over) rememberOver(g.id);
    const key = `${st.hand_number}:${st.over}`;
    renderGame();
    if (g.resultShownFor !== key) {
      g.resultShownFor = key;
      showResult(g, st);
    } else {
      updateResultActions(g);
    }
    return;
  }
  // In a lesson, the turn is the coach's to give: the person's move once it waits for one.
  const myTurn = st.turn === st.me && st.legal.length > 0 && (!g.lesson || g.lessonStep?.waits === "move");
  if (myTurn && g.connected) {
    const forcedPass = st.legal.every((m) => m.move === "pass");
    const key = `${st.hand_number}:${st.played.length}:${st.hand.length}:${st.boneyard_size}`;
    // After your own draw that still leaves nothing to play, "You drew 3|2." says it all: the
    // turn is not said again (Draw keeps the focus; D draws again).
    const drewAgain = g.turnKey.startsWith(`${st.hand_number}:${st.played.length}:`) && !st.choices.length && !forcedPass;
    if (g.turnKey !== key) {
      g.turnKey = key;
      if (!forcedPass && !drewAgain) sound.play("turn");
      // In a lesson the coach has just said what to play.
      if (!drewAgain && !g.lesson) announce(st.words.turn || "");
    }
    // A forced pass is made by the server: nothing to do but listen.
    g.ready = !forcedPass;
    setPhase(g.ready ? "you" : "them");
    // Drawing by itself (Settings): one draw at a time while nothing fits, each said as it comes.
    if (g.ready && state.settings.autodraw && !st.choices.length && st.legal.some((m) => m.move === "draw")) {
      play("draw");
      return;
    }
  } else {
    g.ready = false;
    setPhase(g.connected ? "them" : "offline");
    announceOtherTurn(g, st);
  }
  renderGame();
}

/**
 * At a table for people, another person's turn is said by name ("Bea's turn."), once a turn;
 * a computer's turns are not (they are quick, and each move is said).
 * @param {GameSession} g @param {Picture} st
 */
function announceOtherTurn(g, st) {
  const turn = st.turn;
  if (!st.table || turn === null || (turn === st.me && !st.watching) || !isPerson(st, turn) || st.table.seats[turn].stand_in) return;
  const key = `${st.hand_number}:${st.played.length}:${st.boneyard_size}:${turn}`;
  if (g.otherTurnKey === key) return;
  g.otherTurnKey = key;
  const seat = st.table.seats[turn];
  announce(sentences(st.words.turn, seat.connected ? "" : seat.words?.away));
}

// ---------------------------------------------------------------------------------------------
// The person's actions

/** Lay a tile, draw or pass. @param {string} move */
export function play(move) {
  const g = state.game;
  if (!g || !canAct(g)) return;
  if (send(g, coachWanted() ? { type: "play", move, coach: true } : { type: "play", move })) {
    hideCoach();
    // A draw by key from your hand puts the focus on Draw: it keeps it while nothing fits.
    if (move === "draw" && byId("hand").contains(document.activeElement)) byId("draw-button").focus({ preventScroll: true });
    setPhase("busy");
    g.pending = true;
    g.selected = null;
    g.hint = null;
    renderGame();
  }
}

export function askHint() {
  const g = state.game;
  if (!g || !canAct(g)) return;
  send(g, { type: "hint" });
}

/** Take back your last move and the computers' answers (a game against computers only). */
export function takeBack() {
  const g = state.game;
  if (!g || !g.picture?.can_undo || g.pending) return;
  if (send(g, { type: "undo" })) {
    g.focusHand = true;
    hideCoach();
  }
}

/** Deal the next hand; the result stays open until the new hand comes. */
export function nextHand() {
  const g = state.game;
  if (!g || !g.picture?.result || g.picture.over || g.sentNext) return;
  if (send(g, { type: "next" })) {
    g.sentNext = true;
    g.nextFrom = g.picture.hand_number;
    g.nextAt = performance.now();
    setPhase("busy");
  }
  updateResultActions(g);
}

export function resign() {
  const g = state.game;
  if (!g?.picture || g.picture.over) return;
  if (window.confirm(LABELS.resignQuestion)) send(g, { type: "resign" });
}

/** @param {HintMessage} msg */
function showHint(msg) {
  const text = byId("hint-text");
  // The server's sentence, which names the move and why ("Hint: 6|4 on the right scores 10.").
  const words = msg.words;
  text.textContent = words;
  text.hidden = false;
  announce(words);
  renderGame();
  if (msg.tile) focusHandNear(msg.tile);
}

// ---------------------------------------------------------------------------------------------
// Rendering and reading

/** Draw the whole game screen from the newest picture. @param {{emptyBoard?: boolean}} [how] */
export function renderGame(how = {}) {
  const g = state.game;
  const st = g?.picture;
  if (!g || !st) return;
  if (st.table?.stage === "waiting") {
    renderWaiting(g, st);
    return;
  }
  if (inWaitingRoom()) enterTable(g);
  byId("game").dataset.revision = String(st.revision ?? "");
  byId("game").classList.toggle("watching", !!st.watching);
  byId("resign-button").hidden = !!st.watching || !!g.lesson;
  byId("info-watchers").textContent = st.table?.words.watchers || "";
  byId("game-caption").textContent = st.words.caption;
  document.title = canAct(g) ? st.words.title_turn : st.words.title;
  renderSeats(g, st);
  renderChat(st);
  if (how.emptyBoard) {
    renderTable(g, { ...st, layout: { left: [], right: [], up: [], down: [], spinner: null }, open_ends: {}, played: [] });
  } else {
    renderTable(g, st);
  }
  renderMe(g, st);
  updateResultActions(g);
  renderTableNotice(g, st);
  renderInfoDialogs(st);
  renderLesson(g);
}

/**
 * From the waiting room to the table: the game started. Focus goes to the page's start, then
 * to your hand when your turn comes.
 * @param {GameSession} g
 */
function enterTable(g) {
  resetWaiting();
  showView("game");
  byId("game").dataset.seats = "";
  g.focusHand = true;
  byId("main").focus({ preventScroll: true });
}

/** The table's box changed size: lay the tiles out again to fit it. */
export function refitTable() {
  const g = state.game;
  if (g?.picture) renderTable(g, g.picture);
}

export function readHand() {
  const st = state.game?.picture;
  if (st?.words.hand) announce(st.words.hand);
}

export function readEnds() {
  const st = state.game?.picture;
  if (st?.words.ends) announce(st.words.ends);
}

export function readScores() {
  const st = state.game?.picture;
  if (!st?.words.scores) return;
  announce(sentences(st.words.scores, awaySentence(st)));
}
