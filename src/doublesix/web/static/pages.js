// @ts-check
/**
 * The router: the page that `location.pathname` names (the front page, a game, an invitation's
 * page, the daily game, the statistics, the account). Pages ask for an address with nav.js's `navigate`, an
 * event `route` listens to (app.js wires it), so only app.js imports this module.
 */
import { byId, h, table, failed } from "./dom.js";
import { LABELS } from "./labels.js";
import { api, loadOptions, variantInfo } from "./api.js";
import { closeDialog } from "./dialogs.js";
import { leaveGame, openGame, openLesson } from "./game.js";
import { LESSONS, offerLessons, showLessons } from "./lessons.js";
import { showJoin } from "./join.js";
import { showAccount } from "./account.js";
import { showLobby } from "./lobby.js";
import { navigate, showNotice, showView } from "./nav.js";
import { state, rememberSeat, LAST_KEY, LAST_OVER_KEY } from "./state.js";
import { ratingSection } from "./ratingchart.js";
import { openReview } from "./review.js";

/** Show the page the address names (on start-up, after `navigate`, and on the browser's Back). */
export function route() {
  const path = location.pathname;
  const gameMatch = path.match(/^\/(game|watch)\/([^/]+)\/?$/);
  const id = gameMatch ? decodeURIComponent(gameMatch[2]) : null;
  const watching = gameMatch?.[1] === "watch";
  const joinMatch = path.match(/^\/join\/([^/]+)\/([^/]+)\/?$/);
  const lessonMatch = path.match(/^\/learn\/([^/]+)\/?$/);
  const lesson = lessonMatch ? decodeURIComponent(lessonMatch[1]) : "";
  if (lesson && state.game?.lesson !== lesson) leaveGame();
  if (!lesson && (id === null || id !== state.game?.id || watching !== state.game?.watching)) leaveGame();
  for (const dialog of document.querySelectorAll("dialog[open]")) closeDialog(dialog.id);
  if (lesson) showLesson(lesson);
  else if (path === "/learn" || path === "/learn/") showLearn();
  else if (id !== null && watching) showWatch(id);
  else if (id !== null) showGame(id);
  else if (joinMatch) showJoin(decodeURIComponent(joinMatch[1]), decodeURIComponent(joinMatch[2]));
  else if (path === "/stats") showStats();
  else if (path === "/account") showAccount();
  else if (path === "/lobby") showLobby();
  else if (path === "/daily") startDaily();
  else showHome();
}

/** @param {string} id */
function showGame(id) {
  showView("game");
  document.title = LABELS.gamePageTitle;
  const token = localStorage.getItem(`doublesix.seat.${id}`);
  if (!token) {
    showNotice(LABELS.gameNotFound, LABELS.gameElsewhere);
    return;
  }
  openGame(id, token);
}

/** Watch a public table: its pictures for watchers, no seat held. @param {string} id */
function showWatch(id) {
  showView("game");
  document.title = LABELS.watchPageTitle;
  openGame(id, "", true);
}

/** A lesson on the game screen (issue 44). @param {string} variant */
function showLesson(variant) {
  if (!LESSONS.some((l) => l.variant === variant)) {
    showLearn();
    return;
  }
  showView("game");
  document.title = LABELS.learnPageTitle;
  openLesson(variant);
}

/** The five lessons. */
function showLearn() {
  showView("learn");
  document.title = LABELS.learnPageTitle;
  showLessons();
}

function showHome() {
  showView("home");
  document.title = LABELS.homePageTitle;
  byId("setup").hidden = true;
  const last = localStorage.getItem(LAST_KEY);
  const token = last ? localStorage.getItem(`doublesix.seat.${last}`) : null;
  const resume = byId("resume");
  resume.hidden = !last || !token;
  // Someone who has finished no game yet is offered the lessons.
  offerLessons(!!localStorage.getItem(LAST_OVER_KEY));
  if (!last || !token) return;
  if (localStorage.getItem(LAST_OVER_KEY) === last) {
    // A finished game is not offered as one to go back to: it is said over, with its review.
    const review = h("button", { type: "button", id: "resume-review", class: "small", text: LABELS.reviewTheGame });
    review.addEventListener("click", () => openReview({ gameId: last, token, hand: null }));
    resume.replaceChildren(LABELS.lastGameOver, " ", review);
  } else {
    resume.replaceChildren(h("a", { href: `/game/${last}`, "data-nav": true, text: LABELS.backToLastGame }));
  }
}

async function startDaily() {
  showNotice(LABELS.dailyGame, LABELS.dealingDaily);
  try {
    const daily = await api("/api/daily", { method: "POST", body: "{}" });
    rememberSeat(daily);
    navigate(`/game/${encodeURIComponent(daily.game_id)}`, true);
  } catch (err) {
    showNotice(LABELS.dailyGame, failed(LABELS.dailyFailed, err));
  }
}

async function showStats() {
  showView("stats");
  document.title = LABELS.statsPageTitle;
  const body = byId("stats-body");
  body.replaceChildren(h("p", { text: LABELS.loading }));
  try {
    const [stats, finished] = await Promise.all([api("/api/stats"), api("/api/finished").catch(() => null),
      loadOptions().catch(() => null)]);
    body.replaceChildren(...statsContent(stats), ...gamesList(finished?.games || []));
  } catch (err) {
    body.replaceChildren(h("p", { class: "error", text: failed(LABELS.statsFailed, err) }));
  }
}

/** @typedef {import("./types.js").Stats} Stats */

/** @param {Stats} stats */
function statsContent(stats) {
  const said = stats.words;
  const out = [];
  out.push(h("p", { class: "lead", text: said.lead }));
  if (stats.rating) out.push(...ratingSection(stats.rating));
  const variants = Object.entries(stats.by_variant || {});
  if (variants.length) {
    out.push(h("h2", { text: LABELS.byVariant }));
    out.push(table([LABELS.variant, LABELS.games, LABELS.won, LABELS.bestScore, LABELS.averageScore],
      variants.map(([name, v]) => [said.by_variant[name]?.name || name, v.games, said.by_variant[name]?.won || v.wins,
        v.best ?? "–", v.average ?? "–"])));
  }
  const opponents = Object.entries(stats.by_opponent || {});
  if (opponents.length) {
    out.push(h("h2", { text: LABELS.byOpponent }));
    out.push(table([LABELS.opponent, LABELS.games, LABELS.won], opponents.map(([name, v]) =>
      [said.by_opponent[name]?.name || name, v.games, said.by_opponent[name]?.won || v.wins])));
  }
  const d = stats.daily;
  out.push(h("h2", { text: LABELS.dailyGame }));
  if (d && d.played) {
    out.push(table([LABELS.played, LABELS.won, LABELS.streak, LABELS.bestStreak, LABELS.lastPlayed],
      [[d.played, d.won, d.streak, d.best_streak, d.last ?? "–"]]));
  } else {
    out.push(h("p", {}, [LABELS.dailyNotPlayed, " ", h("a", { href: "/daily", "data-nav": true, text: LABELS.playToday })]));
  }
  return out;
}

/**
 * @typedef {{game_id: string, created: string, variant: string, label: string, daily: string|null}} FinishedGame
 */

/**
 * Your finished games, the newest first, each with its review (`GET /api/finished`): reviewed
 * by this browser's seat in it (its cookie), so a game whose link is gone still opens.
 * @param {FinishedGame[]} games
 */
function gamesList(games) {
  if (!games.length) return [];
  const rows = games.map((game, i) => {
    // Its name is Review with the game's date and scores (the row's own cells).
    const id = `finished-${i}`;
    const open = h("button", { type: "button", class: "small", id: `${id}-review`, text: LABELS.review,
      "aria-labelledby": `${id}-review ${id}-date ${id}-scores` });
    open.addEventListener("click", () => openReview({ gameId: game.game_id, token: "", hand: null }));
    return h("tr", {}, [
      h("th", { scope: "row", id: `${id}-date`, text: game.daily || game.created.slice(0, 10) }),
      h("td", { text: variantInfo(game.variant)?.label || game.variant }),
      h("td", { id: `${id}-scores`, text: game.label }),
      h("td", {}, [open]),
    ]);
  });
  return [h("h2", { text: LABELS.yourGames }), h("table", { class: "games-list" }, [
    h("thead", {}, [h("tr", {}, [LABELS.date, LABELS.variant, LABELS.scores, LABELS.review].map((c) => h("th", { scope: "col", text: c })))]),
    h("tbody", {}, rows),
  ])];
}
