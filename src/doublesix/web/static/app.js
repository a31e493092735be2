// @ts-check
/**
 * The doublesix web game: the entry point, and the one module that wires the others. It gives
 * the hand and the result the game's actions, subscribes the router to navigation, wires the
 * page's buttons and keys to the modules that do the work, then routes to the page the address
 * names.
 *
 * The modules, by concern (docs/web.md):
 *   state.js       the one state object (settings, the server's options, the game in play)
 *   types.js       the shapes of the server's messages and of the state (JSDoc types)
 *   labels.js      the page's own labels (written from doublesix.words.pagelabels)
 *   api.js         the JSON API over HTTP
 *   connection.js  the game's WebSocket: connecting, reconnecting, sending
 *   game.js        the server's messages shown in order, announcements, the person's actions
 *   table.js       the seats around the table, the layout of play, the table's information
 *   board.js       dominoes drawn as SVG, and the layout fitted to the table
 *   hand.js        your tiles and every way of playing one (tap, keys, drags, end choice)
 *   motion.js      tiles travelling, scores counting up
 *   result.js      the result dialog
 *   dialogs.js     the rules, settings, menu, scoresheet, log and tiles-played dialogs
 *   rules.js       a game's rules in the server's words
 *   setup.js       the new-game form and its Custom rules (a seat may be a person's)
 *   people.js      the people at a table: names, who is away, a name's check
 *   waiting.js     a table's waiting room: who has joined, invitation links, Start
 *   join.js        an invitation's page: the table, a name, the seat
 *   standins.js    people away during play, and a computer playing for them
 *   chat.js        the quick chat at a table of people: its menu, phrases said, muting
 *   lessons.js     the lessons: the coach's panel, the lessons' page, the front page's offer
 *   pages.js       the router: the front page, a game, an invitation, the daily game, statistics
 *   nav.js         navigation as an event (navigate, onNavigate), the page's views, notices
 *   a11y.js        the live region
 *   sound.js       sound effects with the Web Audio API
 *   dom.js         small DOM helpers
 *   installable.js the service worker, the install prompt, the page without the server
 *
 * They are layered, and import only downwards (tests/test_web_static.py holds them to no
 * circle): the ground (labels, state, types, dom, board, sound, api, connection,
 * nav, a11y, rules, people, motion); the views, which draw from the state and call up only
 * through what this module gives them (table, hand, dialogs, standins, chat, waiting, result,
 * lessons) and
 * the forms (setup, join); the game (game.js: the message pump and the actions, which send); the router
 * (pages.js); and this module.
 */
import { state } from "./state.js";
import { byId } from "./dom.js";
import { route } from "./pages.js";
import { navigate, onNavigate } from "./nav.js";
import { openSetup } from "./setup.js";
import { askHint, nextHand, play, readEnds, readHand, readScores, refitTable, renderGame, resign, takeBack } from "./game.js";
import { fitHand, listenForKeys, setHandActions } from "./hand.js";
import { setResultActions } from "./result.js";
import { applySettings, closeDialog, openInfo, openSettings, showGameRules, showRules, toggleSound } from "./dialogs.js";
import { loadOptions } from "./api.js";
import { ruleValues } from "./rules.js";
import { openChat } from "./chat.js";
import { followAccount, ACCOUNT_KEY } from "./look.js";
import { offerInstall, openedWithoutServer, registerWorker, showServerAway } from "./installable.js";

// What the views ask of the game, and the router following navigation.
setHandActions({ play, renderGame });
setResultActions({ nextHand });
onNavigate(route);

byId("new-game-button").addEventListener("click", openSetup);
byId("draw-button").addEventListener("click", () => play("draw"));
byId("hint-button").addEventListener("click", askHint);
byId("undo-button").addEventListener("click", takeBack);
byId("chat-button").addEventListener("click", openChat);
byId("sound-button").addEventListener("click", toggleSound);
byId("settings-button").addEventListener("click", openSettings);
byId("rules-button").addEventListener("click", async () => {
  if (state.game?.picture) {
    showGameRules();
    return;
  }
  const opts = await loadOptions();
  const checked = /** @type {HTMLInputElement|null} */ (document.querySelector('#setup input[name="variant"]:checked'));
  const variant = opts.variants.find((v) => v.name === checked?.value) || opts.variants[0];
  showRules(ruleValues(variant.rules));
});

/** @type {Record<string, () => void>} */
const MENU = {
  "read-hand": readHand,
  "read-ends": readEnds,
  "read-scores": readScores,
  sheet: () => openInfo("sheet"),
  log: () => openInfo("log"),
  tracker: () => openInfo("tracker"),
  rules: showGameRules,
  settings: openSettings,
  sound: toggleSound,
  resign,
};
byId("menu-dialog").addEventListener("click", (e) => {
  const item = /** @type {HTMLElement|null} */ (/** @type {HTMLElement} */ (e.target).closest("[data-menu]"));
  const action = item ? MENU[item.dataset.menu || ""] : undefined;
  // The front page and the lessons are links: the dialog closes as they are followed.
  if (!item || (!action && item.dataset.menu !== "home" && item.dataset.menu !== "learn")) return;
  closeDialog("menu-dialog");
  action?.();
});

listenForKeys({ hand: readHand, ends: readEnds, scores: readScores }, () => play("draw"));

document.addEventListener("click", (event) => {
  const link = /** @type {HTMLElement} */ (event.target)?.closest?.("a[data-nav]");
  if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  navigate(/** @type {HTMLAnchorElement} */ (link).pathname);
});
window.addEventListener("popstate", route);

// Redraw when the screen changes size or is turned: the seats, the hand and the table refit.
new ResizeObserver(refitTable).observe(byId("board"));
window.addEventListener("resize", () => {
  if (state.game?.picture) renderGame();
  else fitHand();
});

applySettings();
offerInstall();
registerWorker();
if (openedWithoutServer()) {
  // The service worker opened the kept page: no page of the game can load without the server.
  showServerAway();
} else {
  route();
  // Signed in, the account's look (it may have changed on another device).
  if (localStorage.getItem(ACCOUNT_KEY) === "1") followAccount();
}
