// @ts-check
/**
 * The router: the page that `location.pathname` names (the front page, a game, an invitation's
 * page, the daily game, the statistics). Pages ask for an address with nav.js's `navigate`, an
 * event `route` listens to (app.js wires it), so only app.js imports this module.
 */
import { byId, h, table, errorText } from "./dom.js";
import { api, loadOptions, opponentInfo, variantInfo } from "./api.js";
import { closeDialog } from "./dialogs.js";
import { leaveGame, openGame } from "./game.js";
import { showJoin } from "./join.js";
import { navigate, showNotice, showView } from "./nav.js";
import { state, rememberSeat } from "./state.js";
import { ratingSection } from "./ratingchart.js";
import { openReview } from "./review.js";

/** Show the page the address names (on start-up, after `navigate`, and on the browser's Back). */
export function route() {
  const path = location.pathname;
  const gameMatch = path.match(/^\/game\/([^/]+)\/?$/);
  const id = gameMatch ? decodeURIComponent(gameMatch[1]) : null;
  const joinMatch = path.match(/^\/join\/([^/]+)\/([^/]+)\/?$/);
  if (id === null || id !== state.game?.id) leaveGame();
  for (const dialog of document.querySelectorAll("dialog[open]")) closeDialog(dialog.id);
  if (id !== null) showGame(id);
  else if (joinMatch) showJoin(decodeURIComponent(joinMatch[1]), decodeURIComponent(joinMatch[2]));
  else if (path === "/stats") showStats();
  else if (path === "/daily") startDaily();
  else showHome();
}

/** @param {string} id */
function showGame(id) {
  showView("game");
  document.title = "Game · doublesix";
  const token = localStorage.getItem(`doublesix.seat.${id}`);
  if (!token) {
    showNotice("Game not found", "This game was started in another browser, or it is no longer here. Start a new one from the front page.");
    return;
  }
  openGame(id, token);
}

function showHome() {
  showView("home");
  document.title = "doublesix: dominoes";
  byId("setup").hidden = true;
  const last = localStorage.getItem("doublesix.last");
  const resume = byId("resume");
  if (last && localStorage.getItem(`doublesix.seat.${last}`)) {
    resume.hidden = false;
    resume.replaceChildren("Your last game: ", h("a", { href: `/game/${last}`, "data-nav": true, text: "go back to it" }), ".");
  } else {
    resume.hidden = true;
  }
}

async function startDaily() {
  showNotice("Daily game", "Dealing today's game…");
  try {
    const daily = await api("/api/daily", { method: "POST", body: "{}" });
    rememberSeat(daily);
    navigate(`/game/${encodeURIComponent(daily.game_id)}`, true);
  } catch (err) {
    showNotice("Daily game", `Could not deal the daily game: ${errorText(err)}`);
  }
}

/** @param {number} wins @param {number} games */
const percent = (wins, games) => (games ? `${Math.round((100 * wins) / games)}%` : "–");

async function showStats() {
  showView("stats");
  document.title = "Statistics · doublesix";
  const body = byId("stats-body");
  body.replaceChildren(h("p", { text: "Loading…" }));
  try {
    const [stats, finished] = await Promise.all([api("/api/stats"), api("/api/finished").catch(() => null),
      loadOptions().catch(() => null)]);
    body.replaceChildren(...statsContent(stats), ...gamesList(finished?.games || []));
  } catch (err) {
    body.replaceChildren(h("p", { class: "error", text: `Could not load the statistics: ${errorText(err)}` }));
  }
}

/** @typedef {import("./types.js").Stats} Stats */

/** @param {Stats} stats */
function statsContent(stats) {
  const out = [];
  out.push(h("p", { class: "lead", text: stats.games
    ? `You played ${stats.games} game${stats.games === 1 ? "" : "s"} and won ${stats.wins} (${percent(stats.wins, stats.games)}).`
    : "No games finished yet in this browser. Statistics appear here after your first game." }));
  if (stats.rating) out.push(...ratingSection(stats.rating));
  const variants = Object.entries(stats.by_variant || {});
  if (variants.length) {
    out.push(h("h2", { text: "By variant" }));
    out.push(table(["Variant", "Games", "Won", "Best score", "Average score"], variants.map(([name, v]) => [
      variantInfo(name)?.label || name, v.games, `${v.wins} (${percent(v.wins, v.games)})`,
      v.best ?? "–", v.average ?? "–"])));
  }
  const opponents = Object.entries(stats.by_opponent || {});
  if (opponents.length) {
    out.push(h("h2", { text: "By opponent" }));
    out.push(table(["Opponent", "Games", "Won"], opponents.map(([name, v]) => {
      const info = opponentInfo(name);
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
  const rows = games.map((game) => {
    const open = h("button", { type: "button", class: "small", text: "Review",
      "aria-label": `Review: ${game.created.slice(0, 10)}, ${game.label}` });
    open.addEventListener("click", () => openReview({ gameId: game.game_id, token: "", hand: null }));
    return h("tr", {}, [
      h("th", { scope: "row", text: game.daily || game.created.slice(0, 10) }),
      h("td", { text: variantInfo(game.variant)?.label || game.variant }),
      h("td", { text: game.label }),
      h("td", {}, [open]),
    ]);
  });
  return [h("h2", { text: "Your games" }), h("table", { class: "games-list" }, [
    h("thead", {}, [h("tr", {}, ["Date", "Variant", "Scores", "Review"].map((c) => h("th", { scope: "col", text: c })))]),
    h("tbody", {}, rows),
  ])];
}
