# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled search core: :func:`doublesix.ai.search.run_pure` in C, built with Cython.

It mirrors the pure Python search function by function, in the same order, each function
naming its Python twin: the generator (:mod:`doublesix.ai.rng`), the rules of a hand on a
board (:mod:`doublesix.ai.board`, with the end of a hand as :mod:`doublesix.engine.state`
rules it), the playout policy (:mod:`doublesix.ai.playout`), the guesses and their weights
(:mod:`doublesix.ai.sampling`) and the search (:mod:`doublesix.ai.search`).  It draws the same
numbers, plays the same moves and adds the same doubles in the same order, so a job gives the
same values to the last bit on both paths; ``tests/test_ai_core.py`` compares them on over a
thousand decisions.  A change to one is a change to both.  Its constants (the tile tables, the
layout's modes, the sampler's tries) are read from the Python modules at import.

A hand is a 128-bit mask (the double-twelve set has 91 tiles).
"""

from libc.math cimport exp, log, INFINITY
from libc.stdlib cimport malloc, free
from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC

from doublesix.ai import sampling as _sampling
from doublesix.engine import layout as _layout
from doublesix.engine import tiles as _tiles

cdef extern from *:
    """
    typedef unsigned __int128 ds_mask;
    static inline int ds_popcount(ds_mask x) {
        return __builtin_popcountll((unsigned long long)x)
             + __builtin_popcountll((unsigned long long)(x >> 64));
    }
    static inline int ds_top(ds_mask x) {
        unsigned long long hi = (unsigned long long)(x >> 64);
        return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll((unsigned long long)x);
    }
    static inline ds_mask ds_bit(int t) { return ((ds_mask)1) << t; }
    static inline ds_mask ds_join(unsigned long long hi, unsigned long long lo) {
        return (((ds_mask)hi) << 64) | lo;
    }
    """
    ctypedef unsigned long long mask_t "ds_mask"
    int popcount "ds_popcount"(mask_t x) noexcept nogil
    int top_bit "ds_top"(mask_t x) noexcept nogil
    mask_t bit "ds_bit"(int t) noexcept nogil
    mask_t join "ds_join"(unsigned long long hi, unsigned long long lo) noexcept nogil

ctypedef unsigned long long u64

cdef enum:
    MAXT = 91  # the tiles of the double-twelve set
    MAXP = 13  # the numbers 0 to 12
    SEATS = 4

# The sampler's constants, taken from it (doublesix.ai.sampling), not written again.
cdef int TRIES = _sampling.TRIES
cdef int BISECTIONS = _sampling.BISECTIONS

# The tile tables of doublesix.engine.tiles and the layout modes, taken from them once.
cdef int PIPS[MAXT]
cdef int IS_DOUBLE[MAXT]
cdef int HIGH[MAXT]
cdef int LOW[MAXT]
cdef mask_t SUIT[MAXP]
cdef int ARMS_AFTER_SIDES = _layout.ARMS_AFTER_SIDES
cdef int ARMS_IMMEDIATE = _layout.ARMS_IMMEDIATE

cdef mask_t to_mask(object value) except *:
    # a Python mask (an int) as a C one
    if value < 0 or value >> 128:
        raise ValueError("a mask must fit 128 bits")
    return join(<u64>(value >> 64), <u64>(value & 0xFFFFFFFFFFFFFFFF))

cdef int _i
for _i in range(_tiles.tile_count(_tiles.MAX_PIPS)):
    PIPS[_i] = _tiles.PIPS[_i]
    IS_DOUBLE[_i] = _tiles.IS_DOUBLE[_i]
    HIGH[_i] = _tiles.HIGH[_i]
    LOW[_i] = _tiles.LOW[_i]
for _i in range(MAXP):
    SUIT[_i] = to_mask(_tiles.SUIT[_i])



# -- doublesix.ai.rng ------------------------------------------------------------------------

cdef inline u64 rng_next(u64* state) noexcept nogil:
    # Rng.next
    state[0] += <u64>0x9E3779B97F4A7C15
    cdef u64 z = state[0]
    z = (z ^ (z >> 30)) * <u64>0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <u64>0x94D049BB133111EB
    return z ^ (z >> 31)

cdef inline int rng_below(u64* state, int n) noexcept nogil:
    # Rng.below
    return <int>(((rng_next(state) >> 32) * <u64>n) >> 32)

cdef inline double rng_random(u64* state) noexcept nogil:
    # Rng.random
    return <double>(rng_next(state) >> 11) * (1.0 / 9007199254740992.0)

cdef inline void rng_shuffle(u64* state, int* items, int size) noexcept nogil:
    # Rng.shuffle
    cdef int i, j, keep
    for i in range(size - 1, 0, -1):
        j = rng_below(state, i + 1)
        keep = items[i]
        items[i] = items[j]
        items[j] = keep

cdef inline mask_t rng_pick(u64* state, int* pool, int size, int need) noexcept nogil:
    # Rng.pick
    cdef mask_t found = 0
    cdef int i, j, keep
    for i in range(need):
        j = i + rng_below(state, size - i)
        keep = pool[i]
        pool[i] = pool[j]
        pool[j] = keep
        found |= bit(pool[i])
    return found

cdef inline int indices(mask_t m, int* out) noexcept nogil:
    # doublesix.engine.tiles.indices: highest first
    cdef int n = 0, t
    while m:
        t = top_bit(m)
        out[n] = t
        n += 1
        m ^= bit(t)
    return n


# -- doublesix.ai.board ----------------------------------------------------------------------

cdef struct Cfg:
    # doublesix.engine.state.Config, the fields a board reads
    int players
    bint drawing
    bint fives
    int target
    bint tie_fewer
    bint teams
    bint team_points_all
    bint minus_own
    bint round_down
    bint track_lays
    int mates[SEATS]  # per seat, the seats its scores go to, as bits
    mask_t whole

cdef struct Brd:
    # Board
    mask_t hands[SEATS]
    int* bone
    int size
    int pos
    int turn
    int scores[SEATS]
    int ends[4]
    int contrib[4]
    int count
    mask_t played
    bint single
    int spinner
    int spin_sides
    int mode
    int nopen  # Board.opened: how many ends are open (0, 2 or 4)
    mask_t fit
    int last_lay[SEATS]
    bint has_result
    int winner  # -1: a drawn hand
    bint over


cdef inline int count_after(Brd* b, int t, int e) noexcept nogil:
    # Board.count_after
    cdef int outer, count
    if e < 0:
        return PIPS[t]
    outer = PIPS[t] - b.ends[e]
    count = b.count - b.contrib[e] + (outer + outer if IS_DOUBLE[t] else outer)
    if e < 2 and b.single and b.ends[0] == b.ends[1]:
        count += b.ends[1 - e]
    return count

cdef void play(Brd* b, Cfg* cfg, int t, int e) noexcept nogil:
    # Board.play
    cdef int seat = b.turn, s, count
    cdef mask_t left
    if t < 0:
        if e == -1:
            b.hands[seat] |= bit(b.bone[b.pos])
            b.pos += 1
            if b.pos == b.size:
                block_check(b, cfg)
        else:
            b.turn = (seat + 1) % cfg.players
            block_check(b, cfg)
        return
    place(b, t, e)
    left = b.hands[seat] ^ bit(t)
    b.hands[seat] = left
    if cfg.track_lays:
        b.last_lay[seat] = popcount(b.played)
    if cfg.fives:
        count = b.count
        if count and not count % 5:
            for s in range(cfg.players):
                if cfg.mates[seat] >> s & 1:
                    b.scores[s] += count
            if cfg.target and b.scores[seat] >= cfg.target:
                b.turn = -1
                b.has_result = True
                b.winner = seat
                b.over = True
                return
    b.turn = (seat + 1) % cfg.players
    if not left:
        finish(b, cfg, seat, going_out_points(b, seat, cfg), False)
    elif not (cfg.drawing and b.pos < b.size):
        block_check(b, cfg)

cdef void place(Brd* b, int t, int e) noexcept nogil:
    # Board.place
    cdef int high, double, mode = b.mode, old, outer, spin_sides
    b.played |= bit(t)
    if e >= 0 and not b.single and not mode:
        outer = PIPS[t] - b.ends[e]
        b.ends[e] = outer
        b.contrib[e] = outer + outer if IS_DOUBLE[t] else outer
        b.count = b.contrib[0] + b.contrib[1]
        b.fit = SUIT[outer] | SUIT[b.ends[1 - e]]
        return
    high = HIGH[t]
    double = IS_DOUBLE[t]
    if e < 0:
        b.ends[0] = high
        b.ends[1] = LOW[t]
        b.contrib[0] = high
        b.contrib[1] = LOW[t]
        b.single = True
        if double and mode:
            b.spinner = high
            b.spin_sides = 3
            if mode == ARMS_IMMEDIATE:
                b.ends[2] = high
                b.ends[3] = high
    else:
        old = b.ends[e]
        outer = PIPS[t] - old
        b.ends[e] = outer
        b.contrib[e] = outer + outer if double else outer
        if e < 2:
            if b.single:
                b.single = False
                if b.ends[1 - e] == old:
                    b.contrib[1 - e] = old + old
            spin_sides = b.spin_sides
            if spin_sides >> e & 1:
                spin_sides &= ~(1 << e)
                b.spin_sides = spin_sides
                if spin_sides == 0 and mode == ARMS_AFTER_SIDES:
                    b.ends[2] = b.spinner
                    b.ends[3] = b.spinner
            if double and b.spinner < 0 and mode:
                b.spinner = high
                b.spin_sides = 1 << e
                if mode == ARMS_IMMEDIATE:
                    b.ends[2] = high
                    b.ends[3] = high
    recount(b)

cdef inline void recount(Brd* b) noexcept nogil:
    # Board.recount
    cdef int e, count = 0
    for e in range(4):
        if b.ends[e] >= 0:
            count += b.contrib[e]
    b.count = count
    b.nopen = open_ends(b.ends, &b.fit)

cdef void block_check(Brd* b, Cfg* cfg) noexcept nogil:
    # Board.block_check
    cdef int s, winner, points
    for s in range(cfg.players):
        if b.hands[s] & b.fit:
            return
    blocked_outcome(b, cfg, &winner, &points)
    finish(b, cfg, winner, points, True)

cdef void finish(Brd* b, Cfg* cfg, int winner, int points, bint blocked) noexcept nogil:
    # Board.finish
    cdef int s, top
    if winner >= 0 and points:
        for s in range(cfg.players):
            if cfg.mates[winner] >> s & 1:
                b.scores[s] += points
    b.turn = -1
    b.has_result = True
    b.winner = winner
    top = b.scores[0]
    for s in range(1, cfg.players):
        if b.scores[s] > top:
            top = b.scores[s]
    b.over = cfg.target == 0 or top >= cfg.target

cdef inline int open_ends(int* ends, mask_t* fit) noexcept nogil:
    # board.open_ends: how many ends are open (0, 2 or 4) and the tiles that fit them
    if ends[0] < 0:
        fit[0] = 0
        return 0
    if ends[2] < 0:
        fit[0] = SUIT[ends[0]] | SUIT[ends[1]]
        return 2
    fit[0] = SUIT[ends[0]] | SUIT[ends[1]] | SUIT[ends[2]] | SUIT[ends[3]]
    return 4


# The end of a hand as the engine rules it (doublesix.engine.state), which Board.play calls.

cdef inline int hand_points(int pips, Cfg* cfg) noexcept nogil:
    # doublesix.engine.state.hand_points
    if not cfg.fives:
        return pips
    if cfg.round_down:
        return pips // 5 * 5
    return (pips + 2) // 5 * 5

cdef inline int pips_of(mask_t m) noexcept nogil:
    # the pips of the tiles of a mask (doublesix.engine.state sums them inline)
    cdef int total = 0, t
    while m:
        t = top_bit(m)
        total += PIPS[t]
        m ^= bit(t)
    return total

cdef int going_out_points(Brd* b, int seat, Cfg* cfg) noexcept nogil:
    # doublesix.engine.state.going_out_points
    cdef int s, pips = 0
    for s in range(cfg.players):
        if cfg.teams and not cfg.team_points_all and cfg.mates[seat] >> s & 1:
            continue
        pips += pips_of(b.hands[s])
    return hand_points(pips, cfg)

cdef void blocked_outcome(Brd* b, Cfg* cfg, int* winner, int* points) noexcept nogil:
    # doublesix.engine.state.blocked_outcome and blocked_team_outcome
    cdef int pips[SEATS]
    cdef int s, total = 0, lightest = 1 << 30, fewest, latest, tied, count, last
    cdef int team0, team1, lighter, found
    for s in range(cfg.players):
        pips[s] = pips_of(b.hands[s])
        total += pips[s]
    if cfg.teams:
        team0 = pips[0] + pips[2]
        team1 = pips[1] + pips[3]
        if team0 == team1:
            winner[0] = -1
            points[0] = 0
            return
        lighter = 0 if team0 < team1 else 1
        if cfg.team_points_all:
            found = hand_points(total, cfg)
        else:
            found = hand_points(team1 if lighter == 0 else team0, cfg)
            if cfg.minus_own:
                found = found - (team0 if lighter == 0 else team1)
                if found < 0:
                    found = 0
        last = 0
        for s in range(1, cfg.players):
            if b.last_lay[s] > b.last_lay[last]:
                last = s
        winner[0] = last if last % 2 == lighter else (last + 1) % 4
        points[0] = found
        return
    for s in range(cfg.players):
        if pips[s] < lightest:
            lightest = pips[s]
    tied = 0  # as bits
    for s in range(cfg.players):
        if pips[s] == lightest:
            tied |= 1 << s
    if tied & (tied - 1) and cfg.tie_fewer:
        fewest = 1 << 30
        for s in range(cfg.players):
            if tied >> s & 1 and popcount(b.hands[s]) < fewest:
                fewest = popcount(b.hands[s])
        for s in range(cfg.players):
            if tied >> s & 1 and popcount(b.hands[s]) != fewest:
                tied &= ~(1 << s)
        if tied & (tied - 1):
            latest = 0
            for s in range(cfg.players):
                if tied >> s & 1 and b.last_lay[s] > latest:
                    latest = b.last_lay[s]
            if latest:
                for s in range(cfg.players):
                    if tied >> s & 1 and b.last_lay[s] != latest:
                        tied &= ~(1 << s)
            else:
                tied = 0
    if tied == 0 or tied & (tied - 1):
        winner[0] = -1
        points[0] = 0
        return
    found = hand_points(total - lightest, cfg)
    if cfg.minus_own:
        found = found - lightest
        if found < 0:
            found = 0
    for s in range(cfg.players):
        if tied >> s & 1:
            winner[0] = s
    points[0] = found



# -- doublesix.ai.playout --------------------------------------------------------------------

cdef struct Plan:
    # Plan
    int follow
    int lock
    int unseen_open
    int keep_fits
    int unseen_fits
    int double

cdef inline double reading_key(double* reading, int t, int outer, int count, int laid,
                               bint closes) noexcept nogil:
    # reading_key
    cdef int points = count if count % 5 == 0 else 0
    return (reading[0] * PIPS[t] + reading[1] * IS_DOUBLE[t] + reading[2] * points
            + reading[3] * outer + reading[4] * laid + reading[5] * (1.0 if closes else 0.0))

cdef inline int rollout_key(int points, int t) noexcept nogil:
    # rollout_key
    return points * 64 + PIPS[t] * 2 + IS_DOUBLE[t]

cdef inline bint wins_tie(Brd* b, int t, int e, int bt, int be) noexcept nogil:
    # wins_tie, with tie_rank's fields compared one by one
    cdef int x, y
    if t != bt:
        return t > bt
    x = PIPS[t] - b.ends[e]
    y = PIPS[bt] - b.ends[be]
    if x != y:
        return x > y
    x = count_after(b, t, e)
    y = count_after(b, bt, be)
    if x != y:
        return x > y
    if (e < 2) != (be < 2):
        return e < 2
    return (b.spin_sides >> e & 1) > (b.spin_sides >> be & 1)

cdef void rollout(Brd* b, Cfg* cfg, int planner, int* lacks, Plan* plan,
                  double* reading) noexcept nogil:
    # rollout; ``reading`` NULL for none
    cdef int turn = b.turn, players = cfg.players, t, e, tt, ee, o, n, other, outer, after
    cdef int best, key, lock = 0, numbers, s, drew = 0, readers = 0
    cdef bint fives = cfg.fives, plans, reads, closes
    cdef mask_t hand, m, rest, suit, fitting, played, unseen = 0
    cdef mask_t others[4]
    cdef double read, best_read
    if turn < 0:
        return
    if reading != NULL and planner >= 0:
        for s in range(players):
            if not cfg.mates[s] >> planner & 1:
                readers |= 1 << s
    while turn >= 0:
        hand = b.hands[turn]
        if hand & b.fit:
            played = b.played
            t = -1
            e = -1
            best = -(1 << 30)
            best_read = -INFINITY
            reads = readers >> turn & 1
            plans = turn == planner
            if plans:
                lock = lacks[(turn + 1) % players]
                unseen = cfg.whole & ~(played | hand)
                for ee in range(4):
                    others[ee] = 0
                for ee in range(b.nopen):
                    for other in range(b.nopen):
                        if other != ee:
                            others[ee] |= SUIT[b.ends[other]]
            for ee in range(b.nopen):
                n = b.ends[ee]
                m = hand & SUIT[n]
                while m:
                    tt = top_bit(m)
                    m ^= bit(tt)
                    outer = PIPS[tt] - n
                    after = count_after(b, tt, ee) if fives else 0
                    if reads:
                        closes = True
                        for o in range(b.nopen):
                            if o != ee and b.ends[o] != outer:
                                closes = False
                        read = reading_key(reading, tt, outer, after,
                                           popcount((played | bit(tt)) & SUIT[outer]), closes)
                        if read > best_read or (read == best_read and wins_tie(b, tt, ee, t, e)):
                            best_read = read
                            t = tt
                            e = ee
                        continue
                    key = PIPS[tt] * 2 + IS_DOUBLE[tt]
                    if fives and after % 5 == 0:
                        key += after * 64
                    if plans:
                        rest = hand ^ bit(tt)
                        suit = SUIT[outer]
                        fitting = suit | others[ee]
                        key += (plan.follow * popcount(rest & suit)
                                + plan.unseen_open * popcount(suit & unseen)
                                + plan.keep_fits * popcount(rest & fitting)
                                + plan.unseen_fits * popcount(fitting & unseen))
                        if lock >> outer & 1:
                            key += plan.lock
                        if outer == n:
                            key += plan.double
                    if key > best or (key == best and wins_tie(b, tt, ee, t, e)):
                        best = key
                        t = tt
                        e = ee
            drew &= ~(1 << turn)
            play(b, cfg, t, e)
        elif not b.played:  # the opening tile: the heaviest, points first
            best = -(1 << 30)
            t = -1
            m = hand
            while m:
                tt = top_bit(m)
                m ^= bit(tt)
                key = rollout_key(PIPS[tt] if fives and PIPS[tt] % 5 == 0 else 0, tt)
                if key > best:
                    best = key
                    t = tt
            play(b, cfg, t, -1)
        else:  # nothing to lay: the seat lacks every open number
            numbers = 0
            for ee in range(b.nopen):
                numbers |= 1 << b.ends[ee]
            lacks[turn] = numbers if drew >> turn & 1 else lacks[turn] | numbers
            if cfg.drawing and b.pos < b.size:
                drew |= 1 << turn
                play(b, cfg, -1, -1)
            else:
                drew &= ~(1 << turn)
                play(b, cfg, -1, -2)
        turn = b.turn

cdef void outcome(Brd* end, Brd* start, Cfg* cfg, int me, double* value, double* won) noexcept nogil:
    # outcome
    cdef int s, gain, best_other = -(1 << 30), top
    for s in range(cfg.players):
        if not cfg.mates[me] >> s & 1:
            gain = end.scores[s] - start.scores[s]
            if gain > best_other:
                best_other = gain
    won[0] = 0.5
    if end.has_result and end.winner >= 0:
        won[0] = 1.0 if cfg.mates[me] >> end.winner & 1 else 0.0
    gain = end.scores[me] - start.scores[me]
    if cfg.fives:
        value[0] = 0.5 + <double>(gain - best_other) / 100.0
        if cfg.target and end.over:
            top = end.scores[0]
            for s in range(1, cfg.players):
                if end.scores[s] > top:
                    top = end.scores[s]
            value[0] += 1.0 if end.scores[me] == top else -1.0
        return
    value[0] = won[0] + <double>(gain - best_other) / 400.0


# -- doublesix.ai.sampling -------------------------------------------------------------------

cdef struct Smp:
    # Sampler
    int players
    int seat
    mask_t own
    mask_t unseen
    int sizes[SEATS]
    mask_t allowed[SEATS]
    int order[SEATS]
    int norder
    bint dealt
    bint drawing

cdef void sampler_hands(Smp* sp, u64* state, mask_t* hands, int* pool) noexcept nogil:
    # Sampler.hands
    cdef int k
    for k in range(TRIES):
        if sp.dealt:
            if sampler_try_dealt(sp, state, hands, pool):
                return
        elif sampler_try(sp, state, True, hands, pool):
            return
    sampler_try(sp, state, False, hands, pool)

cdef bint sampler_try_dealt(Smp* sp, u64* state, mask_t* hands, int* pool) noexcept nogil:
    # Sampler._try_dealt
    cdef mask_t left = sp.unseen
    cdef int k, seat, need, size, last
    for k in range(sp.players):
        hands[k] = 0
    hands[sp.seat] = sp.own
    for k in range(sp.norder - 1):
        seat = sp.order[k]
        need = sp.sizes[seat]
        size = indices(sp.allowed[seat] & left, pool)
        if size < need:
            return False
        hands[seat] = rng_pick(state, pool, size, need)
        left &= ~hands[seat]
    last = sp.order[sp.norder - 1]
    if left & ~sp.allowed[last]:
        return False
    hands[last] = left
    return True

cdef bint sampler_try(Smp* sp, u64* state, bint constrained, mask_t* hands, int* pool) noexcept nogil:
    # Sampler._try
    cdef mask_t left = sp.unseen
    cdef int k, seat, need, size
    for k in range(sp.players):
        hands[k] = 0
    hands[sp.seat] = sp.own
    for k in range(sp.norder):
        seat = sp.order[k]
        need = sp.sizes[seat]
        size = indices((sp.allowed[seat] if constrained else sp.unseen) & left, pool)
        if size < need:
            return False
        hands[seat] = rng_pick(state, pool, size, need)
        left &= ~hands[seat]
    return True

cdef int sampler_boneyard(Smp* sp, u64* state, mask_t* hands, int* bone) noexcept nogil:
    # Sampler.boneyard
    cdef mask_t left = sp.unseen
    cdef int k, size
    for k in range(sp.norder):
        left &= ~hands[sp.order[k]]
    size = indices(left, bone)
    if sp.drawing:
        rng_shuffle(state, bone, size)
    return size




# -- the weights of the guesses (Inference, temper) ----------------------------------------------

cdef double effective_size(double* weights, int n) noexcept nogil:
    # effective_size
    cdef double total = 0.0, squares = 0.0
    cdef int i
    for i in range(n):
        total += weights[i]
        squares += weights[i] * weights[i]
    return total * total / squares if squares > 0.0 else 0.0

cdef void powered(double* logs, int n, double top, double power, double* out) noexcept nogil:
    # temper's powered
    cdef int i
    for i in range(n):
        out[i] = exp(power * (logs[i] - top)) if logs[i] > -INFINITY else 0.0

cdef void temper(double* weights, int n, double share, double* logs) noexcept nogil:
    # temper, in place (logs: room for n doubles)
    cdef double top = -INFINITY, need, low, high, middle
    cdef int i, k
    for i in range(n):
        logs[i] = log(weights[i]) if weights[i] > 0.0 else -INFINITY
        if logs[i] > top:
            top = logs[i]
    if top == -INFINITY:
        return
    need = share * n
    powered(logs, n, top, 1.0, weights)
    if effective_size(weights, n) >= need:
        return
    low = 0.0
    high = 1.0
    for k in range(BISECTIONS):
        middle = (low + high) / 2
        powered(logs, n, top, middle, weights)
        if effective_size(weights, n) >= need:
            low = middle
        else:
            high = middle
    powered(logs, n, top, low, weights)


cdef struct Inf:
    # Inference.decisions, flattened: decision k's candidates are start[k] to start[k + 1]
    int ndec
    int* seat
    mask_t* later
    double* chosen
    int* start
    int* tile
    double* weight

cdef double inference_weight(Inf* inf, mask_t* hands) noexcept nogil:
    # Inference.weight
    cdef double total = 1.0, norm
    cdef mask_t held
    cdef int k, j
    for k in range(inf.ndec):
        held = hands[inf.seat[k]] | inf.later[k]
        norm = 0.0
        for j in range(inf.start[k], inf.start[k + 1]):
            if held & bit(inf.tile[j]):
                norm += inf.weight[j]
        total *= inf.chosen[k] / norm
    return total


# -- doublesix.ai.search ---------------------------------------------------------------------

cdef double now() noexcept nogil:
    # time.perf_counter, for a job's deadline
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec + ts.tv_nsec * 1e-9



def run(search):
    """Run a :class:`~doublesix.ai.search.Search`: each move's total value, total wins, and
    how many guesses were played, as :func:`~doublesix.ai.search.run_pure` (its twin)."""
    base_board = search.base
    py_cfg = base_board.cfg
    cdef Cfg cfg
    cdef Brd base, board
    cdef Smp sp
    cdef Plan plan
    cdef Inf inf
    cdef int s, k, i, j, nmoves, worlds, ncand, ndec, played, total_cands
    cdef int players = py_cfg.players, size, planner = search.planner, me = search.me
    cdef double spread = search.spread
    cdef double value, won, deadline
    cdef u64 state = search.seed
    if not 2 <= players <= SEATS:
        raise ValueError("2 to 4 seats")
    cfg.players = players
    cfg.drawing = py_cfg.drawing
    cfg.fives = py_cfg.fives
    cfg.target = py_cfg.target
    cfg.tie_fewer = py_cfg.tie_fewer
    cfg.teams = py_cfg.teams
    cfg.team_points_all = py_cfg.rules.team_points == "all"
    cfg.minus_own = py_cfg.minus_own
    cfg.round_down = py_cfg.round_down
    cfg.track_lays = py_cfg.track_lays
    cfg.whole = to_mask(_tiles.full_set(py_cfg.rules.set))
    for s in range(players):
        cfg.mates[s] = 0
        for k in py_cfg.mates[s]:
            cfg.mates[s] |= 1 << k
    # The base position (Board.from_view).
    for s in range(SEATS):
        base.hands[s] = 0
        base.scores[s] = 0
        base.last_lay[s] = 0
    for s in range(players):
        base.hands[s] = to_mask(base_board.hands[s])
        base.scores[s] = base_board.scores[s]
        if cfg.track_lays:
            base.last_lay[s] = base_board.last_lay[s]
    for k in range(4):
        base.ends[k] = base_board.ends[k]
        base.contrib[k] = base_board.contrib[k]
    base.pos = 0
    base.turn = base_board.turn
    base.count = base_board.count
    base.played = to_mask(base_board.played)
    base.single = base_board.single
    base.spinner = base_board.spinner
    base.spin_sides = base_board.spin_sides
    base.mode = base_board.mode
    base.nopen = len(base_board.opened)
    base.fit = to_mask(base_board.fit)
    base.has_result = False
    base.winner = -1
    base.over = False
    # The sampler.
    py_sampler = search.sampler
    sp.players = players
    sp.seat = py_sampler.seat
    sp.own = to_mask(py_sampler.own)
    sp.unseen = to_mask(py_sampler.unseen)
    for s in range(players):
        sp.sizes[s] = py_sampler.sizes[s]
        sp.allowed[s] = to_mask(py_sampler.allowed[s])
    sp.norder = len(py_sampler.order)
    for k in range(sp.norder):
        sp.order[k] = py_sampler.order[k]
    sp.dealt = py_sampler.dealt
    sp.drawing = py_sampler.drawing
    size = popcount(sp.unseen)
    for s in range(players):
        if s != sp.seat:
            size -= sp.sizes[s]
    base.size = size
    # The plan, the reading and what each seat is known to lack.
    py_plan = search.plan
    plan.follow, plan.lock, plan.unseen_open = py_plan.follow, py_plan.lock, py_plan.unseen_open
    plan.keep_fits, plan.unseen_fits, plan.double = (
        py_plan.keep_fits, py_plan.unseen_fits, py_plan.double)
    cdef double reading[8]
    py_reading = search.reading
    cdef int nreading = len(py_reading)
    if nreading not in (0, 6):
        raise ValueError("a reading has 6 weights")
    for k in range(nreading):
        reading[k] = py_reading[k]
    cdef int known[SEATS]
    cdef int lacks[SEATS]
    for s in range(players):
        known[s] = search.known[s]
    moves = search.moves
    nmoves = len(moves)
    cdef int* move_t = <int*>malloc(nmoves * sizeof(int))
    cdef int* move_e = <int*>malloc(nmoves * sizeof(int))
    for i in range(nmoves):
        move_t[i], move_e[i] = moves[i]
    worlds = search.worlds
    inference = search.inference
    cdef int pool_size = search.pool
    cdef Inf* infp = NULL if inference is None else &inf
    ncand = worlds if inference is None else worlds * pool_size
    # The inference's decisions, flattened.
    ndec = 0 if inference is None else len(inference.decisions)
    total_cands = 0
    if inference is not None:
        for k, (seat, later, candidates, chosen) in enumerate(inference.decisions):
            total_cands += len(candidates)
    inf.ndec = ndec
    inf.seat = <int*>malloc((ndec + 1) * sizeof(int))
    inf.later = <mask_t*>malloc((ndec + 1) * sizeof(mask_t))
    inf.chosen = <double*>malloc((ndec + 1) * sizeof(double))
    inf.start = <int*>malloc((ndec + 2) * sizeof(int))
    inf.tile = <int*>malloc((total_cands + 1) * sizeof(int))
    inf.weight = <double*>malloc((total_cands + 1) * sizeof(double))
    cdef mask_t* candidates_hands = <mask_t*>malloc(ncand * SEATS * sizeof(mask_t))
    cdef double* weights = <double*>malloc((ncand + 1) * sizeof(double))
    cdef double* logs = <double*>malloc((ncand + 1) * sizeof(double))
    cdef int* chosen_index = <int*>malloc(worlds * sizeof(int))
    cdef int* bones = <int*>malloc(worlds * (size + 1) * sizeof(int))
    cdef int pool[MAXT]
    cdef double* totals = <double*>malloc(nmoves * sizeof(double))
    cdef double* wins = <double*>malloc(nmoves * sizeof(double))
    try:
        if inference is not None:
            j = 0
            for k, (seat, later, candidates, chosen) in enumerate(inference.decisions):
                inf.seat[k] = seat
                inf.later[k] = to_mask(later)
                inf.chosen[k] = chosen
                inf.start[k] = j
                for tile_bit, w in candidates:
                    inf.tile[j] = tile_bit.bit_length() - 1
                    inf.weight[j] = w
                    j += 1
            inf.start[ndec] = j
        deadline = -1.0 if search.seconds is None else now() + search.seconds
        with nogil:
            guesses(&sp, infp, &state, worlds, pool_size, spread, candidates_hands, weights,
                    logs, chosen_index, bones, size + 1, pool)
            for k in range(nmoves):
                totals[k] = 0.0
                wins[k] = 0.0
            played = 0
            for i in range(worlds):
                for k in range(nmoves):
                    board = base
                    for s in range(players):
                        board.hands[s] = candidates_hands[chosen_index[i] * SEATS + s]
                    board.bone = &bones[i * (size + 1)]
                    play(&board, &cfg, move_t[k], move_e[k])
                    for s in range(players):
                        lacks[s] = known[s]
                    rollout(&board, &cfg, planner, lacks, &plan, reading if nreading else NULL)
                    outcome(&board, &base, &cfg, me, &value, &won)
                    totals[k] += value
                    wins[k] += won
                played += 1
                if deadline >= 0.0 and now() > deadline:
                    break
        return [totals[k] for k in range(nmoves)], [wins[k] for k in range(nmoves)], played
    finally:
        free(move_t)
        free(move_e)
        free(inf.seat)
        free(inf.later)
        free(inf.chosen)
        free(inf.start)
        free(inf.tile)
        free(inf.weight)
        free(candidates_hands)
        free(weights)
        free(logs)
        free(chosen_index)
        free(bones)
        free(totals)
        free(wins)


cdef void guesses(Smp* sp, Inf* inf, u64* state, int worlds, int pool, double spread,
                  mask_t* candidates, double* weights, double* logs, int* chosen, int* bones,
                  int stride, int* pool_room) noexcept nogil:
    # guesses: the hands of guess i are candidates[chosen[i] * SEATS:], its boneyard
    # bones[i * stride:]; inf NULL for no weights
    cdef int i, ncand = worlds if inf == NULL else worlds * pool, index
    cdef double total, step, mark, running
    for i in range(ncand):
        sampler_hands(sp, state, &candidates[i * SEATS], pool_room)
    if inf == NULL:
        for i in range(worlds):
            chosen[i] = i
    else:
        for i in range(ncand):
            weights[i] = inference_weight(inf, &candidates[i * SEATS])
        if spread > 0.0:
            temper(weights, ncand, spread, logs)
        total = 0.0
        for i in range(ncand):
            total += weights[i]
        if total <= 0.0:
            for i in range(worlds):
                chosen[i] = i
        else:  # systematic resampling
            step = total / worlds
            mark = rng_random(state) * step
            running = 0.0
            index = -1
            for i in range(worlds):
                while running <= mark and index + 1 < ncand:
                    index += 1
                    running += weights[index]
                chosen[i] = index
                mark += step
    for i in range(worlds):
        sampler_boneyard(sp, state, &candidates[chosen[i] * SEATS], &bones[i * stride])
