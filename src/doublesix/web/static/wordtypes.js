// @ts-check
/**
 * The server's words that `types.js` does not describe yet (issue 39 moved the last sentences
 * the browser wrote to the server; the protocol's models take these shapes over): each shape,
 * and one function that reads it, so no other module casts.
 */

/** @typedef {import("./types.js").Picture} Picture */
/** @typedef {import("./types.js").Table} Table */
/** @typedef {import("./types.js").RulesWords} RulesWords */
/** @typedef {import("./types.js").RoomWords} RoomWords */
/** @typedef {import("./types.js").Invitation} Invitation */
/** @typedef {import("./types.js").Options} Options */

/**
 * A seat's card beside its name: its difficulty ("(easy)", null for a person), the tiles it
 * holds, its score marked around the number (`["team ", "45", " points"]`), and the same for a
 * narrow card.
 * @typedef {{difficulty: string|null, tiles: string, score: string[], score_short: string[]}} CardWords
 */
/** The table's short facts ("Ends 6 · 4", "Count 10 scores", "Boneyard 14"). @typedef {{ends: string, count: string, boneyard: string}} InfoWords */
/** The tiles-played dialog: its count ("(12 of 28)") and its sentences. @typedef {{count: string, lines: string[]}} TrackerWords */
/**
 * A picture's words for the page besides the game's: the page's title (and on your turn), your
 * row's name (marked) and status line, the Draw button's title, each seat's card, the table's
 * facts and description, the tiles played.
 * @typedef {import("./types.js").PictureWords & {title: string, title_turn: string,
 *   me_name: string[]|null, me_status: string|null, draw: string|null, cards: CardWords[],
 *   info: InfoWords|null, board: string|null, tracker: TrackerWords|null}} PageWords
 */
/** @param {Picture} st @returns {PageWords} */
export const pageWords = (st) => /** @type {PageWords} */ (st.words);

/**
 * A table's words with who wants to play again: as this seat is told it now, and once it has
 * asked.
 * @typedef {import("./types.js").TableWords & {again: string, again_asked: string}} AgainWords
 */
/** @param {Table} table @returns {AgainWords|undefined} */
export const againWords = (table) => /** @type {AgainWords|undefined} */ (table.words);

/**
 * The host's controls for one seat's invitation, by their full names.
 * @typedef {{number: string, link: string, copy: string, copied: string, share: string,
 *   computer: string, copied_said: string}} InviteWords
 * @typedef {RoomWords & {page_title: string, caption: string, invites: InviteWords[]}} RoomPageWords
 */
/** @param {RoomWords} room @returns {RoomPageWords} */
export const roomWords = (room) => /** @type {RoomPageWords} */ (room);

/**
 * An invitation's words with its page's title, each seat's number ("Seat 2:") and the button
 * that takes the seat ("Take seat 2").
 * @typedef {import("./types.js").InvitationWords & {page_title: string, numbers: string[], take: string}} JoinWords
 */
/** @param {Invitation} inv @returns {JoinWords} */
export const joinWords = (inv) => /** @type {JoinWords} */ (inv.words);

/**
 * The rules in words with the dialog's title ("Rules: Draw"); `POST /api/rules` adds `custom`,
 * what the form's Custom rules say of them.
 * @typedef {RulesWords & {title: string}} TitledRules
 * @typedef {TitledRules & {custom: string}} FormRules
 */
/** @param {RulesWords} words @returns {TitledRules} */
export const titledRules = (words) => /** @type {TitledRules} */ (words);

/** The new-game form's fields for the seats after yours ("Opponent 1"). @param {Options} opts @returns {string[]} */
export const opponentLabels = (opts) => /** @type {Options & {opponent_labels: string[]}} */ (opts).opponent_labels;
