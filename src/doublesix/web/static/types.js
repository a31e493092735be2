// @ts-check
/**
 * The shapes the browser works with: what the server sends (docs/protocol.md: generated from
 * the server's models, protocol.d.ts) and the one state object of the page (state.js). Types
 * only; nothing here runs.
 */

/*
 * The protocol's shapes: generated from the server's models into protocol.d.ts (scripts/types;
 * docs/protocol.md), named here for the modules.
 */
/** @typedef {import("./protocol.js").Picture} Picture */
/** @typedef {import("./protocol.js").PictureWords} PictureWords */
/** @typedef {import("./protocol.js").Legal} Legal */
/** @typedef {import("./protocol.js").Lay} Lay */
/** @typedef {import("./protocol.js").LayWords} LayWords */
/** @typedef {import("./protocol.js").Choice} Choice */
/** @typedef {import("./protocol.js").ChoiceWords} ChoiceWords */
/** @typedef {import("./protocol.js").TileWords} TileWords */
/** @typedef {import("./protocol.js").Placed} Placed */
/** @typedef {import("./protocol.js").Layout} Layout */
/** @typedef {import("./protocol.js").RulesJSON} RulesJSON */
/** @typedef {import("./protocol.js").RulesWords} RulesWords */
/** @typedef {import("./protocol.js").RulesAnswer} RulesAnswer */
/** @typedef {import("./protocol.js").HandResult} HandResult */
/** @typedef {import("./protocol.js").SheetRow} SheetRow */
/** @typedef {import("./protocol.js").Daily} Daily */
/** @typedef {import("./protocol.js").RoomSeat} RoomSeat */
/** @typedef {import("./protocol.js").RoomWords} RoomWords */
/** @typedef {import("./protocol.js").Table} Table */
/** @typedef {import("./protocol.js").AccountInfo} AccountInfo */
/** @typedef {import("./protocol.js").SignedIn} SignedIn */
/** @typedef {import("./protocol.js").Lobby} Lobby */
/** @typedef {import("./protocol.js").LobbyTable} LobbyTable */
/** @typedef {import("./protocol.js").QuickMatchTicket} QuickMatchTicket */
/** @typedef {import("./protocol.js").TableSeat} TableSeat */
/** @typedef {import("./protocol.js").TableWords} TableWords */
/** @typedef {import("./protocol.js").SeatWords} SeatWords */
/** @typedef {import("./protocol.js").Invite} Invite */
/** @typedef {import("./protocol.js").GameEvent} GameEvent */
/** @typedef {import("./protocol.js").ServerMessage} ServerMessage */
/** @typedef {import("./protocol.js").ClientMessage} ClientMessage */
/** @typedef {import("./protocol.js").HintMessage} HintMessage */
/** @typedef {import("./protocol.js").ChatMessage} ChatMessage */
/** @typedef {import("./protocol.js").CoachMessage} CoachMessage */
/** @typedef {import("./protocol.js").Options} Options */
/** @typedef {import("./protocol.js").RuleOption} RuleOption */
/** @typedef {import("./protocol.js").OptionChoice} OptionChoice */
/** @typedef {import("./protocol.js").VariantInfo} VariantInfo */
/** @typedef {import("./protocol.js").OpponentInfo} OpponentInfo */
/** @typedef {import("./protocol.js").LadderStep} LadderStep */
/** @typedef {import("./protocol.js").Wire} Wire */
/** @typedef {import("./protocol.js").Invitation} Invitation */
/** @typedef {import("./protocol.js").InvitationWords} InvitationWords */
/** @typedef {import("./protocol.js").NoticeWords} NoticeWords */
/** @typedef {import("./protocol.js").Stats} Stats */
/** @typedef {import("./protocol.js").FinishedGames} FinishedGames */
/** @typedef {import("./protocol.js").ReviewJob} ReviewJob */
/** @typedef {import("./protocol.js").Review} Review */

/**
 * What the new-game form sends (`POST /api/games`), as remembered in localStorage; `name` is
 * the host's display name when a seat is for a person (`opponents` holds "person").
 * @typedef {{variant: string, players: number, target: number, set: number, opponents: string[],
 *   options: Record<string, string|number|boolean>, name?: string, public?: boolean,
 *   rated?: boolean}} Setup
 */

/** @typedef {{delay: number, sound: boolean, shortcuts: boolean, reduceMotion: boolean, autodraw: boolean, muteChat: boolean}} Settings */

/**
 * Where a piece of motion starts: a screen rectangle, and what travels.
 * @typedef {{kind: "lay"|"draw", tile: string|null, seat: number, from: DOMRect|null}} Travel
 */

/**
 * One game being played in this page. A lesson (issue 44) is one too: `lesson` names its
 * variant ("" in a game), and `coach` is what its coach said last.
 * @typedef {{
 *   id: string, token: string, watching: boolean,
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
 *   travel: Travel|null, openingDue: boolean,
 *   tableAt: number, otherTurnKey: string, sentAgain: boolean,
 *   drawRun: number,
 *   handoverTimer: ReturnType<typeof setTimeout>|undefined,
 *   nextFrom: number, nextAt: number,
 *   lesson: string, coach: CoachMessage|null,
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
