// @ts-check
/**
 * The result of a hand and of the game: who won and how (the server's `result.ending`), every
 * hand laid open, the scoresheet, and what to do next. The dialog stays open until what it asks
 * for has happened: "Next hand" closes it when the new hand arrives, and is disabled while the
 * connection is away, so no result is lost to a message that could not be sent.
 *
 * Closed without its answer (Escape, a phone's back gesture, "Look at the table"), the result
 * leaves its way on on the table: "Next hand" there, focused, until the next hand comes; after
 * the game, "Show the result" opens it again (Play again, Review).
 *
 * At a table for people, "Play again" asks the server (`again`) and the dialog says who else
 * wants to; the new game opens for everyone once everyone still at the table agreed (game.js).
 */
import { state, readJSON, SETUP_KEY } from "./state.js";
import { byId, h, toast, failed } from "./dom.js";
import { announce } from "./a11y.js";
import { LABELS } from "./labels.js";
import { tileSVG } from "./board.js";
import { closeDialog, openDialog, sheetTable, showSheetEnd } from "./dialogs.js";
import { fetchReview, openReview } from "./review.js";
import { startGame } from "./setup.js";
import { navigate } from "./nav.js";
import { send } from "./connection.js";
import { seatNames } from "./people.js";
import { ruleValues } from "./rules.js";

/** @typedef {import("./types.js").Picture} Picture */
/** @typedef {import("./types.js").GameSession} GameSession */
/** @typedef {import("./types.js").Setup} Setup */

// What the result asks of the game (game.js), given at start-up by app.js with `setResultActions`.
/** Ask for the next hand. @type {() => void} */
let nextHand = () => {};

/** The daily games' share texts with their accuracy, by game (asked once per game). @type {Map<string, string>} */
const reviewedShare = new Map();

/** @param {{nextHand: () => void}} game */
export function setResultActions(game) {
  ({ nextHand } = game);
}

/** @param {GameSession} g @param {Picture} picture */
export function showResult(g, picture) {
  // At a table for people, the people by their names.
  const st = { ...picture, names: seatNames(picture) };
  const res = st.result;
  if (!res && !st.over) return;
  // The server's words: the heading, how the hand ended, every hand laid open (one line a
  // seat, after the first), how the game ended.
  const said = st.words;
  const heading = said.heading || "";
  byId("result-title").textContent = heading;
  const lines = said.result || [];
  const how = lines[0] || said.game_over?.[0] || "";
  const parts = [h("p", { class: "result-how", text: how })];
  // Why the hand's end scored what it did (rounded to fives, less the lightest hand's pips).
  if (said.reason) parts.push(h("p", { class: "result-reason", text: said.reason }));
  // The scores come next, before the game's lines and the hands laid open: on a phone on its
  // side they are in view without a scroll.
  parts.push(h("h3", { text: LABELS.scoresheet }), sheetTable(st));
  // Who won the game; its last line, the final scores, is the scoresheet's totals (said once).
  const over = (said.game_over || []).slice(0, -1).filter((line) => line !== how);
  if (over.length) parts.push(...over.map((line) => h("p", { class: "result-over", text: line })));
  // How the game moved this person's rating, and what to try next (the server's words).
  if (st.over) parts.push(...(said.rating || []).map((line) => h("p", { class: "result-rating", text: line })));
  // Moves were taken back: the game is casual (the server's words).
  if (said.taken_back) parts.push(h("p", { class: "result-taken-back", text: said.taken_back }));
  // The coach helped: the game is casual too (the server's words).
  if (said.coached) parts.push(h("p", { class: "result-coached", text: said.coached }));
  const main = parts.splice(0);
  const hands = res?.hands || [];
  if (hands.length) {
    const list = h("ul", { class: "open-hands" });
    hands.forEach((tiles, seat) => {
      list.append(h("li", {}, [
        h("p", { class: "open-name", text: lines[seat + 1] || "" }),
        h("div", { class: "open-tiles", "aria-hidden": "true" }, tiles.map((t) => tileSVG(t))),
      ]));
    });
    parts.push(h("h3", { text: LABELS.handsLaidOpen }), list);
  }
  const share = st.daily?.share;
  if (share) {
    const area = /** @type {HTMLTextAreaElement} */ (h("textarea", { id: "share-text", rows: "3", readonly: true, "aria-label": LABELS.textToShare }));
    area.value = share;
    const copy = h("button", { type: "button", text: LABELS.copyResult });
    copy.addEventListener("click", async () => {
      try {
        // What the box shows (the review's accuracy added once it is made) is what is copied.
        await navigator.clipboard.writeText(area.value);
        announce(LABELS.copiedSaid);
        copy.textContent = LABELS.copied;
      } catch {
        area.select();
        announce(LABELS.copyYourself);
      }
    });
    parts.push(h("h3", { text: LABELS.shareToday }), area, h("p", {}, [copy]));
    // The share carries the accuracy of the expert's review once it is made (the server's text).
    const id = st.game_id || g.id;
    if (st.over && reviewedShare.has(id)) area.value = reviewedShare.get(id) || share;
    else if (st.over) {
      reviewedShare.set(id, "");
      fetchReview(id, g.token, null).then((review) => {
        reviewedShare.set(id, review?.share || "");
        if (review?.share && area.isConnected) area.value = review.share;
      }).catch(() => reviewedShare.delete(id));
    }
  }
  // Two parts: who won, why and the scores; then the hands laid open and the share (side by
  // side on a phone on its side).
  byId("result-body").replaceChildren(h("div", { class: "result-main" }, main),
    h("div", { class: "result-more" }, parts));

  const buttons = [];
  if (st.watching) {
    // A watcher only looks: nothing to deal, play again or review.
  } else if (!st.over) {
    const next = h("button", { type: "button", class: "primary", id: "next-hand", text: LABELS.nextHand });
    next.addEventListener("click", () => {
      if (next.getAttribute("aria-disabled") !== "true") nextHand();
    });
    buttons.push(next);
  } else if (st.table) {
    const again = h("button", { type: "button", class: "primary", id: "play-again", text: LABELS.playAgain });
    again.addEventListener("click", () => {
      if (again.getAttribute("aria-disabled") !== "true") playAgain(g);
    });
    buttons.push(again);
    buttons.push(recordLink(g, st));
  } else {
    const again = h("button", { type: "button", class: "primary", text: st.daily ? LABELS.newGame : LABELS.playAgain });
    again.addEventListener("click", async () => {
      closeDialog("result-dialog");
      if (st.daily) {
        navigate("/");
        return;
      }
      const setup = readJSON(SETUP_KEY);
      const { variant, players, target, set } = st.rules;
      const values = ruleValues(st.rules);
      /** @type {Record<string, string|number|boolean>} */
      const options = {};
      for (const o of state.options?.options || []) options[o.name] = values[o.name];
      /** @type {Setup} */
      const same = { ...setup, variant, players, target, set, options,
        opponents: st.kinds.filter((_, i) => i !== st.me) };
      try {
        await startGame(same);
      } catch (err) {
        toast(failed(LABELS.startFailed, err));
      }
    });
    buttons.push(again);
    buttons.push(recordLink(g, st));
  }
  // The expert's review of this person's moves: the hand just ended, or the whole game.
  const oneHand = !st.rules.target;
  const review = h("button", { type: "button", id: "review-button",
    text: st.over ? (oneHand ? LABELS.reviewTheHand : LABELS.reviewTheGame) : LABELS.reviewThisHand });
  review.addEventListener("click", () => openReview({ gameId: st.game_id || g.id, token: g.token,
    hand: st.over ? null : st.hand_number + 1 }));
  // A review for every hand that ended (a resignation between hands leaves the hands before it).
  if (st.scoresheet.length && !st.watching) buttons.push(review);
  const look = h("button", { type: "button", text: LABELS.lookAtTheTable });
  look.addEventListener("click", () => closeDialog("result-dialog"));
  buttons.push(look);
  const status = st.table && st.over ? [h("p", { id: "again-status", class: "again-status" })] : [];
  byId("result-actions").replaceChildren(...status, ...buttons);
  updateResultActions(g);
  // Not announced: the hand's end and the game's were said as they came (their events), and
  // the dialog's title is read as the focus enters it.
  byId("show-result").hidden = true;
  openDialog("result-dialog");
  showSheetEnd(byId("result-dialog"));
  // Focus the first action without scrolling the dialog down to it: it stays in view at the
  // bottom (sticky), and the dialog opens at its top, on who won.
  buttons[0].focus({ preventScroll: true });
  byId("result-dialog").scrollTop = 0;
}

/** The link that downloads the game's record. @param {GameSession} g @param {Picture} st */
function recordLink(g, st) {
  return h("a", { class: "button", href: `/api/games/${encodeURIComponent(st.game_id || g.id)}/record?token=${encodeURIComponent(g.token)}`,
    download: `doublesix-${g.id}.json`, text: LABELS.downloadRecord });
}

/** Ask to play again with the same seats. @param {GameSession} g */
function playAgain(g) {
  if (send(g, { type: "again" })) {
    g.sentAgain = true;
    announce(LABELS.askedAgain);
  }
  updateResultActions(g);
}

/** "Next hand" only while it can be sent, and not twice; "Play again" and who wants to. @param {GameSession} g */
export function updateResultActions(g) {
  const again = document.getElementById("play-again");
  const st = g.picture;
  if (again && st?.table) {
    // Everyone else agreed while this seat was away: "Play again" goes to the new game (the
    // server answers `again` at once).
    const started = !!st.table.next_game;
    const mine = !started && (g.sentAgain || !!st.table.seats[st.me]?.again);
    again.setAttribute("aria-disabled", String(!g.connected || mine));
    again.textContent = started ? LABELS.goToNewGame : mine ? LABELS.waitingForOthers : LABELS.playAgain;
    // Who wants to play again: the server's words, as the table is now, or as it will be once
    // this seat's asking (sent, not yet answered) arrives.
    const said = st.table.words;
    const status = document.getElementById("again-status");
    if (status) status.textContent = (mine ? said?.again_asked : said?.again) || "";
  }
  // "Next hand" in the dialog, and on the table once the dialog is closed without it.
  const onTable = byId("table-next-hand");
  const open = /** @type {HTMLDialogElement} */ (byId("result-dialog")).open;
  onTable.hidden = open || !st?.result || st.over || !!st.watching;
  for (const next of [document.getElementById("next-hand"), onTable]) {
    if (!next) continue;
    // aria-disabled rather than disabled: a focused button keeps its focus.
    next.setAttribute("aria-disabled", String(!g.connected || g.sentNext));
    next.textContent = g.sentNext ? LABELS.dealingNextHand : LABELS.nextHand;
    next.title = g.connected ? "" : LABELS.waitingForConnectionBack;
  }
}

/**
 * The result closed without what it asks for (Escape, a phone's back gesture, "Look at the
 * table"): the way on goes to the table, in view and focused: "Next hand", or after the game
 * "Show the result".
 */
function resultClosed() {
  const g = state.game;
  const st = g?.picture;
  if (!g || !st || !(st.result || st.over) || byId("game").hidden) return;
  updateResultActions(g);
  const show = byId("show-result");
  show.hidden = false;
  const onTable = byId("table-next-hand");
  const way = onTable.hidden ? show : onTable;
  way.scrollIntoView({ block: "nearest" });
  way.focus({ preventScroll: true });
}

byId("result-dialog").addEventListener("close", resultClosed);
byId("table-next-hand").addEventListener("click", () => {
  if (byId("table-next-hand").getAttribute("aria-disabled") !== "true") nextHand();
});

byId("show-result").addEventListener("click", () => {
  const g = state.game;
  if (g?.picture) showResult(g, g.picture);
});
