// @ts-check
/**
 * The shapes the browser works with: what the server sends (docs/protocol.md) and the one state
 * object of the page (state.js). Types only; nothing here runs.
 */

/** @typedef {{move: string, tile: string|null, end: string|null}} Legal */
/** An end button's words, from the server: its long name and its short label. @typedef {{name: string, short: string}} LayWords */
/** @typedef {{move: string, end: string|null, shows: number|null, count_after: number, points: number, words: LayWords|null}} Lay */
/** The words of a choice that asks which end. @typedef {{where: string, question: string, keys: string, choose: string}} ChoiceWords */
/** @typedef {{tile: string, asks: boolean, lays: Lay[], words: ChoiceWords|null}} Choice */
/**
 * What the server says of one tile of the hand (a picture's `words.tiles`): its accessible name
 * now, what a press says before your turn, what a drag let go off every end says, the engine's
 * refusal of the tile and of each open end it does not fit (on your turn).
 * @typedef {{tile: string, label: string, wait: string, drop: string, refused: string|null,
 *   ends: Record<string, string>}} TileWords
 */
/** @typedef {{tile: string, outer: number}} Placed */
/** @typedef {{left: Placed[], right: Placed[], up: Placed[], down: Placed[], spinner: string|null}} Layout */

/**
 * The rules as the picture carries them: the variant it started from and every option.
 * @typedef {{variant: string, players: number, set: number, hand_size: number, target: number,
 *   drawing: boolean, scoring: string, spinner: boolean, spinner_arms: string, rounding: string,
 *   blocked_minus_own: boolean, blocked_tie: string, lead: string, teams: boolean,
 *   team_points: string, [option: string]: string|number|boolean}} RulesJSON
 */

/**
 * @typedef {{winner: number|null, winners: number[], points: number, blocked: boolean,
 *   reached: boolean, ending: string, scored: number[], hands: string[][], pips: number[]}} HandResult
 */
/**
 * @typedef {{hand: number, winner: number|null, points: number, blocked: boolean,
 *   reached: boolean, ending: string, scored?: number[], scores: number[], how: string}} SheetRow
 */
/**
 * The rules in the catalogue's words (a picture's `words.rules`, `POST /api/rules`).
 * @typedef {{name: string, caption: string, lines: string[]}} RulesWords
 */
/** One seat's line in the waiting room. @typedef {{name: string, who: string, badge: string, kind: string}} RoomSeat */
/**
 * The waiting room's words for this seat (tabletalk.room_words).
 * @typedef {{title: string, seats: RoomSeat[], start_help: string, share: string, asking: string[]}} RoomWords
 */
/**
 * A picture's sentences, spoken to its seat (docs/protocol.md, "words"): the page shows and
 * says them, and composes none of its own about the game.
 * @typedef {{caption: string, rules: RulesWords, status: (string|null)[], turn: string|null,
 *   ends: string|null, hand: string|null, scores: string|null, totals: string,
 *   heading: string|null, result: string[]|null, game_over: string[]|null,
 *   waiting: string|null, last: string|null, last_short?: string|null, rating?: string[]|null, reason?: string|null,
 *   tiles?: TileWords[], room?: RoomWords|null}} PictureWords
 */
/** @typedef {{date: string, first_attempt: boolean, share: string|null}} Daily */

/**
 * The whole picture for one seat (the server's `state`).
 * @typedef {{game_id: string, revision: number, me: number, names: string[], kinds: string[],
 *   difficulties: (string|null)[], rules: RulesJSON, hand_number: number, hand: string[],
 *   legal: Legal[], choices: Choice[], layout: Layout, open_ends: Record<string, number>,
 *   board_count: number, count_scores: boolean, scores: number[], hand_sizes: number[],
 *   boneyard_size: number, turn: number|null, played: string[], log: string[],
 *   result: HandResult|null, scoresheet: SheetRow[], over: boolean, winner: number|null,
 *   winners: number[], sides: number[][], partner: number|null,
 *   resigned: number|null, daily: Daily|null, table?: Table|null, words: PictureWords}} Picture
 */

/**
 * The server's sentences about a person's seat while they are away (tabletalk.seat_words).
 * @typedef {{away: string, away_turn: string, stand_in: string|null, playing_for: string|null,
 *   hand_over: string, hand_over_text: string, asking: string, waiting_away: string,
 *   waiting_stand_in: string}} SeatWords
 */
/**
 * One seat at a table for people (docs/protocol.md, "Tables for people"); `words` only for a
 * person's seat.
 * @typedef {{seat: number, name: string, person: boolean, joined: boolean, connected: boolean,
 *   away: number, stand_in: string|null, again: boolean, words?: SeatWords|null}} TableSeat
 */
/** The table's own sentences: who is away (for this seat), and when a computer may play for them. @typedef {{away: string, later: string}} TableWords */
/** @typedef {{seat: number, url: string}} Invite */
/**
 * A table for people (the picture's `table`; null for a game against computers only).
 * @typedef {{stage: "waiting"|"playing"|"over", host: number, you_host: boolean, seats: TableSeat[],
 *   can_start: boolean, handover_after: number, invites: Invite[], next_game: string|null,
 *   words?: TableWords}} Table
 */
/** A page's notice: its title and text, the server's words. @typedef {{title: string, text: string}} NoticeWords */
/**
 * What an invitation's page says (tabletalk.invitation_words): its title, the lead, each seat's
 * line, why it can seat nobody now (or null), and what a refused joining says.
 * @typedef {{title: string, lead: string, seats: string[], refusal: NoticeWords|null,
 *   taken: NoticeWords, unusable: NoticeWords}} InvitationWords
 */
/**
 * What an invitation shows (`GET /api/join/{game_id}/{code}`).
 * @typedef {{game_id: string, seat: number, partner: number|null, rules: RulesJSON, table: Table,
 *   taken: boolean, yours: boolean, words: InvitationWords, rules_words: RulesWords}} Invitation
 */

/**
 * @typedef {{kind: string, seat: number|null, tile: string|null, end: string|null,
 *   points: number, number: number, blocked: boolean}} GameEvent
 */
/** @typedef {{type: "hint", move: string, tile: string|null, end: string|null, reason: string, words: string}} HintMessage */
/**
 * A message from the server.
 * @typedef {{type: "state", state: Picture}
 *   | {type: "event", event: GameEvent, text: string, short?: string, state: Picture}
 *   | {type: "thinking", seat: number}
 *   | HintMessage
 *   | {type: "error", message: string}
 *   | {type: "notice", notice: string, message: string}
 *   | {type: "table", table: Table, text: string|null, room?: RoomWords|null}
 *   | {type: "again", game_id: string, text: string}} ServerMessage
 */

/** @typedef {{value: string|number|boolean, label: string, short: string, words: string}} OptionChoice */
/**
 * One rule option of the form's Custom rules (`GET /api/options`' `options`).
 * @typedef {{name: string, label: string, choices: OptionChoice[], applies?: Record<string, string|number|boolean>,
 *   number?: boolean, min?: number, max?: number}} RuleOption
 */
/**
 * @typedef {{name: string, label: string, preset_label: string, rules: RulesJSON}} VariantInfo
 */
/**
 * A computer opponent as the new-game form offers it; `choice` is the menu's words for it, its
 * step on the ladder included (`GET /api/options`).
 * @typedef {{level: number, level_name: string, rating: number, interval: number}} LadderStep
 * @typedef {{name: string, label: string, difficulty: string, style: string,
 *   ladder: LadderStep|null, choice: string}} OpponentInfo
 */
/**
 * The table protocol's constants (doublesix.wire.constants()).
 * @typedef {{cookie: string, close: Record<string, number>, final_closes: number[],
 *   max_message: number, max_name: number, kinds: Record<string, string>, stages: string[]}} Wire
 */
/**
 * @typedef {{variants: VariantInfo[], opponents: OpponentInfo[], options: RuleOption[],
 *   sets: number[], targets: number[], wire: Wire}} Options
 */

/**
 * What the new-game form sends (`POST /api/games`), as remembered in localStorage; `name` is
 * the host's display name when a seat is for a person (`opponents` holds "person").
 * @typedef {{variant: string, players: number, target: number, set: number, opponents: string[],
 *   options: Record<string, string|number|boolean>, name?: string}} Setup
 */

/** @typedef {{delay: number, sound: boolean, shortcuts: boolean, reduceMotion: boolean}} Settings */

/**
 * Where a piece of motion starts: a screen rectangle, and what travels.
 * @typedef {{kind: "lay"|"draw", tile: string|null, seat: number, from: DOMRect|null}} Travel
 */

/**
 * One game being played in this page.
 * @typedef {{
 *   id: string, token: string,
 *   ws: WebSocket|null, connected: boolean, lost: boolean, retries: number, closed: boolean,
 *   stopped: boolean, notice: string,
 *   picture: Picture|null,
 *   queue: ServerMessage[], pumping: boolean,
 *   ready: boolean,
 *   pending: boolean, sentNext: boolean,
 *   selected: string|null, focusTile: string|null, focusHand: boolean, hint: HintMessage|null,
 *   status: Record<number, string>,
 *   turnKey: string, resultShownFor: string,
 *   heard: {hand: number, lines: number},
 *   travel: Travel|null,
 *   tableAt: number, otherTurnKey: string, sentAgain: boolean,
 *   drawRun: number,
 *   handoverTimer: ReturnType<typeof setTimeout>|undefined,
 *   nextFrom: number, nextAt: number,
 * }} GameSession
 */

/**
 * A tile being dragged from the hand.
 * @typedef {{tile: string|null, pointer: number, x: number, y: number, active: boolean,
 *   suppressClick: boolean, ghost: HTMLElement|null, source: HTMLElement|null}} Drag
 */

/**
 * The page's one state object (state.js): every module reads and changes the page's state
 * here, and nowhere else.
 * @typedef {{settings: Settings, options: Options|null, optionsLoading: Promise<Options>|null,
 *   game: GameSession|null, drag: Drag, setupBuilt: boolean}} AppState
 */

export {};
