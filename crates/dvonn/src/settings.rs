//! Every tunable of the Dvonn engines, in one place: sizes and units fixed at compile time as
//! constants, choices a match may override (`--set NAME=VALUE`) in [`Settings`]. Each says what it
//! is, and in a line the measurement that chose its value, with its entry in the lab journal
//! `docs/journal/dvonn.md` (every run, kept and dropped; ideas tried and removed are only there).
//! "PrimaDvonna at 5 s" means the CodeCup 2011 winner, 64-bit, `--time=4.7`, players not suspended
//! (`--no-suspend`), ours at the official 5 s; "the 2 s screen" means ours at 2 s against it at
//! `--time=1.9`, seed 101 (see `docs/journal/dvonn.md#conditions`).

/// log2 of the transposition-table entries (16 bytes each): 2^20 entries = 16 MiB, far below the
/// 64,000,000-byte limit.
// 2^21 entries measured no gain: with proven entries reused, 57.5% over 100 games at 5 s, as the
// defaults over 200 (2026-11-23); 1.5% less time to depth (session 84). 2 MiB pages changed
// nothing (session 86). `docs/journal/dvonn.md#table-size`.
pub const TABLE_BITS: u32 = 20;

/// The search looks at the clock once every this many nodes (a power of two).
// Not measured: about a quarter of a millisecond of search at 4.4 M nodes a second.
pub const CLOCK_CHECK_NODES: u64 = 1 << 10;

/// Deepest iteration the search can start (the `max_depth` setting is capped by it).
// Not measured: far above what the clock reaches (depth 17 on average at the first proof).
pub const MAX_DEPTH: i32 = 60;

// Evaluation, in hundredths: 100 is one stack on a plain field (or one piece at the end).

/// One piece in a controlled stack.
pub const PIECE: i32 = 100;
/// A finished game's score: the CodeCup point difference (pieces + the 90-point bonus) times this.
pub const FINAL_SCALE: i32 = 100;

protocol::tunables! {
    /// The choices of the Dvonn player that a match may override.
    pub struct Settings {
        /// Deepest iteration the search will start (at most [`MAX_DEPTH`]).
        // Not measured: no cap by default; `--set max_depth=N` fixes the depth for screens.
        max_depth: i32 = MAX_DEPTH,

        // Search: reductions, pruning and move ordering.
        /// Late-move reductions: from this depth on, quiet moves (no capture, not the table move
        /// or a killer) from this index in the ordered list are searched one ply shallower, and
        /// re-searched at full depth if they beat alpha.
        // These four against none, 1 s self-play, 200 games: 59.8%, Elo +69 (+20 to +118); more
        // (from the third move, two plies from depth 5) 49.0%; always two plies at 5 s no better.
        // `docs/journal/dvonn.md#lmr`, `#parity-and-placement-5s`.
        lmr_min_depth: i32 = 3,
        /// The first move index that late-move reductions apply to.
        lmr_first_move: usize = 3,
        /// From this depth and index on, two plies shallower.
        lmr_deep_depth: i32 = 6,
        /// The first move index reduced by two plies.
        lmr_deep_move: usize = 10,
        /// Captures (moves onto an enemy stack) from this index in the ordered list on are
        /// reduced as well (`usize::MAX`: never).
        // 12, with `eval_order_depth` 4: 2.1 times faster to depth; on the 2 s screen 75.2% (from
        // the 20th 70.8%), at 5 s 72-74%, the range before. `docs/journal/dvonn.md#eval-order`.
        lmr_capture_move: usize = 12,
        /// Late-move pruning: in null-window nodes up to this depth (0: never; never at the root
        /// or in a proof), quiet moves from index `lmp_moves` × depth in the ordered list on are
        /// not searched, and the node's result does not count as proven.
        // 3 and 8 (29% fewer nodes to depth): PrimaDvonna at 5 s, 800 games, seeds 3402-3404,
        // 640-25-135, 81.6%, Elo about +258 (+230 to +290), against 79.6% over 1,000 without;
        // depth 5 with 6 a ply the same, 82.0% over 400. `docs/journal/dvonn.md#lmp`.
        lmp_depth: i32 = 3,
        /// Quiet moves searched per ply of depth before late-move pruning skips the rest.
        lmp_moves: usize = 8,
        /// From this depth on a node orders its moves by the evaluation after each (captures and
        /// killers first, then the quiet moves) instead of by stack height and history.
        // 4: time to depth 84.6 s became 60.8 s (from 3 65.0 s, 5 65.7 s, 2 88.8 s); at 5 s 73.5%,
        // where the defaults had 69-72%: no clear gain, kept for the speed.
        // `docs/journal/dvonn.md#eval-order`.
        eval_order_depth: i32 = 4,

        // Time.
        /// Time for a movement-phase move: what is left divided by `max(min_moves_left, live stacks
        /// / stacks_per_move − moves_offset)` (rules §11: about half the live stacks minus 10).
        // 2: not measured upwards; 1 scored 65.2% at 5 s where the defaults scored 70.8%
        // (session 60). `docs/journal/dvonn.md#time-shift`.
        min_moves_left: u32 = 2,
        /// Live stacks per move still to play, in the time share.
        // Not measured: every move puts one stack onto another, so each side has about half the
        // live stacks' moves left.
        stacks_per_move: u32 = 2,
        /// Count only stacks up to this height in the moves still to play (0: every stack):
        /// PrimaDvonna counts those of at most 5, so that its later moves get more time.
        // 0: 5 scored 74.2% on the 2 s screen, the defaults 72.5-74.8% (session 51).
        // `docs/journal/dvonn.md#time-share-2s`.
        moves_left_max_height: u32 = 0,
        /// Subtracted from the moves still to play, in the time share.
        // 11 (with `place_noise` 2): 1,000 games at 5 s, 79.6%, Elo about +236 (+211 to +264); 9
        // scored 79.2% over 200, 13 74.6% over 400. `docs/journal/dvonn.md#moves-offset-11`.
        moves_offset: u32 = 11,
        /// The hard deadline of a move is this many soft shares (never more than half of what is
        /// left).
        // 3: on the 2 s screen 1 scored 65.8%, 2 68.8%, 5 66.2%, where 3 scored 72.5-74.8%
        // (session 51). `docs/journal/dvonn.md#time-share-2s`.
        hard_shares: u32 = 3,
        /// Trust a proven table entry (every line below it reached the end of the game) at any
        /// depth, and keep it ahead of unproven ones.
        // On with the late share: 76.0% against 73.2% at 5 s, seed 3002, 200 games (session 83).
        // `docs/journal/dvonn.md#late-share`.
        trust_proven: bool = true,
        /// From this many live stacks down, a move's share is `late_share` times the even one
        /// (0: never).
        // 36 and 1.5, where 8 times the clock paid most: at 5 s 79.0% against 74.2% (seed 3001),
        // 2.0 72.5%; 76.8% over 800 as the defaults of session 83.
        // `docs/journal/dvonn.md#late-share`.
        late_stacks: u32 = 36,
        /// The factor of the late moves' share.
        late_share: f64 = 1.5,
        /// Score finished games by their outcome only (any win alike) in the deepening; once that
        /// proves a win or a loss, search the point margin with what is left of the move's time.
        // On: proofs 1.3 to 2 times sooner on 80 late positions; at 5 s 81.0% and 74.0% against
        // 79.8% and 74.5% without (400 games, session 83). `docs/journal/dvonn.md#outcome-first`.
        outcome_first: bool = true,
        /// Do not start another iteration once this fraction of the soft share has gone.
        // 0.5: 0.8 scored 73.0% on the 2 s screen (session 51); spending more time never paid.
        // `docs/journal/dvonn.md#time-share-2s`, `#spend-more`, `#first-match`.
        next_iteration_fraction: f64 = 0.5,

        // Proofs and the guard (off at 5 s, kept for longer clocks and for the tests).
        /// Try to prove a win (then a draw) to the end of the game from this many live stacks
        /// down, before the iterative deepening.
        // 0 (off): 22 scored 75.5% against 72.5% without over 400 games at 5 s, within the noise
        // (session 82). `docs/journal/dvonn.md#prove-stacks-22`, `#prove-coverage-partial`.
        prove_stacks: u32 = 0,
        /// Fraction of the move's time share the proofs may take.
        // Not measured apart from `prove_stacks`; 0.5 in every run of it.
        prove_share: f64 = 0.5,
        /// From this many live stacks down (0: never), a move the deepening chose without an exact
        /// result is checked by a proof that the opponent cannot force a win after it; one proven
        /// to lose is replaced, by a move proven to hold if one is found (`Searcher::guard`).
        // 0 (off): 32 with `guard_reserve` 0.15 scored 79.4% over 600 games at 5 s, where the
        // defaults have 79.6% over 1,000 (session 85). `docs/journal/dvonn.md#guard`.
        guard_stacks: u32 = 0,
        /// The guard's check may take this many of the move's shares after the deepening's time.
        // Not measured apart from the guard; 0.5 in its runs.
        guard_share: f64 = 0.5,
        /// Once the check proved the chosen move to lose, the search for a move that holds may go
        /// on until this many shares after the deepening's time.
        // Not measured apart from the guard; 3 in its runs.
        guard_rescue_share: f64 = 3.0,
        /// This fraction of the time left at the first movement move is kept back until the
        /// guard's moves (more than `guard_stacks` live stacks share the rest).
        // 0: 0.15 (with the guard) 82.0% over 400, then 74.2% over the 200 of its declared
        // confirmation (session 85). `docs/journal/dvonn.md#guard`.
        guard_reserve: f64 = 0.0,
        /// When the deadline cuts an iteration short, play the best move it had finished, which
        /// beat the previous iteration's move at the deeper depth.
        // Off: 66.8% on the 2 s screen, 72.5% without (session 51).
        // `docs/journal/dvonn.md#prove-coverage-partial`.
        partial_iterations: bool = false,

        // Evaluation, in hundredths of a stack on a plain field; a field is worth 64 plus
        // `dvonn_proximity` by distance for each Dvonn piece, in 64ths of a plain field.
        /// Extra value of a field near each Dvonn piece, in 64ths of a plain field, by distance
        /// (0 = the stack carries it): 64 >> (2·distance), as in rules §11 and PrimaDvonna.
        // PrimaDvonna's values; flatter [64, 32, 16, 8] scored 68.0% at 5 s against the defaults'
        // 69.8-72.0% (session 64). `docs/journal/dvonn.md#dvonn-proximity-flat`.
        dvonn_proximity: [i32; 4] = [64, 16, 4, 1],
        /// Each stacking move available now (own counts plus, the opponent's minus), in hundredths.
        // 0: 10 scored 47.5% against 51.9% at a fixed depth 5 (2026-11-24); fits never paid.
        // `docs/journal/dvonn.md#threatened-piece`, `#texel-fit`.
        mobility: i32 = 0,
        /// Each own stack a mobile enemy stack can land on now, per piece in it (pieces it may
        /// lose), in hundredths.
        // 15: at a fixed depth 6 against PrimaDvonna 64.2% against 47.8% without (200 games);
        // 8, 25, 10 and 20 lower (2026-11-24, session 65).
        // `docs/journal/dvonn.md#threatened-piece`, `#threatened-piece-65`.
        threatened_piece: i32 = 15,
        /// The pieces term (pieces weighted by their field), in percent.
        // 0: 25 scored 39.2% and -15 41.0% against 51.9% at a fixed depth 5; late or fading in,
        // lower at 5 s. `docs/journal/dvonn.md#threatened-piece`, `#late-pieces`, `#piece-fade`.
        piece_scale: i32 = 0,
        /// Each controlled stack, weighted by its field (100: one stack on a plain field).
        // PrimaDvonna's weights for this and the next three (2026-11-23), which fits to results
        // and to deeper search did not beat. `docs/journal/dvonn.md#stack-evaluation`.
        stack_value: i32 = 100,
        /// Each field an own stack could land on, surrounded stacks included (the moves they will
        /// have), weighted by that field (hundredths).
        // 25: 35 scored 48.9% and 15 50.2% against 51.9% at a fixed depth 5.
        // `docs/journal/dvonn.md#threatened-piece`.
        reach_value: i32 = 25,
        /// Each move of a mobile stack onto a Dvonn-carrying stack, weighted by its field
        /// (hundredths).
        // 20 with `onto_enemy`: both 40 scored 49.0% and both 0 31.8% against 51.9% at depth 5.
        // `docs/journal/dvonn.md#threatened-piece`.
        onto_dvonn: i32 = 20,
        /// Each move of a mobile stack onto an enemy stack, weighted by its field (hundredths).
        onto_enemy: i32 = 20,
        /// Added for the side to move (hundredths): having the move is worth about this much, and
        /// without it leaves at odd and even depths (reduced moves, finished lines) compare
        /// unevenly.
        // 0: 180 (which evens out odd and even depths) scored 53.5% over 100 games at 5 s, and
        // 50.1% over 1,000 in self-play (session 84). `docs/journal/dvonn.md#stack-evaluation`.
        tempo: i32 = 0,
        /// The learned correction ([`crate::engine::learned`]), in percent of its table's values
        /// (0: off).
        // 100: at a fixed depth 5 against PrimaDvonna `--depth=5`, seed 22, 400 games, 65.4%
        // against 52.5% off (50: 63.1%, 70: 71.5%); at 5 s, seed 9907, 400 games, 84.4%, Elo +293
        // (+246 to +340), where 70 scored 79.8% over 200; at depth 5 on seed 23, 67.9% against
        // 70's 69.0%. `docs/journal/dvonn.md#learned-table`, `#table-data-and-stages`.
        learned_weight: i32 = 100,

        // Placement policy (points per field; higher is better).
        /// Placement of the Dvonn pieces: spread to cover the board (the least sum over all fields
        /// of the squared distance to the nearest Dvonn piece) instead of near the centre.
        // Off: 74.8% on the 2 s screen against the centre's 72.5%, no gain at 5 s (session 51);
        // alone at 5 s 76.3% over 135 games where the defaults scored 84.4% (session 112).
        // `docs/journal/dvonn.md#coverage-5s`, `#prove-coverage-partial`, `#second-dvonn-piece`.
        place_dvonn_coverage: bool = false,
        /// Placement: a Dvonn piece at distance 1 / 2 from the field.
        // Set by hand with the first rule; [0, 45, 20] scored 72.5% on the 2 s screen, within the
        // noise of these (session 52). `docs/journal/dvonn.md#placement-weights`.
        place_near_dvonn: [i32; 3] = [0, 30, 14],
        /// Placement: per unit of distance to the nearest Dvonn piece (0 since
        /// `place_total_distance` counts every Dvonn piece).
        // 0 since session 50 (it was -6). `docs/journal/dvonn.md#summed-distance`.
        place_distance: i32 = 0,
        /// Placement: per unit of distance to each Dvonn piece (all of them, not the nearest).
        // -3: PrimaDvonna at 5 s, seed 2027, 200 games, 148-6-46, 75.5%, Elo +196 (+140 to +251),
        // where -6 to the nearest scored 67.0%; -4 and -2 flat.
        // `docs/journal/dvonn.md#summed-distance`.
        place_total_distance: i32 = -3,
        /// Placement: per own piece already next to the field beyond the first two (clusters are
        /// easy to cut off).
        // Set by hand with the first rule; -16, -4 and 0 scored lower on the 2 s screen
        // (session 52). `docs/journal/dvonn.md#placement-weights`.
        place_crowded: i32 = -8,
        /// Placement: per enemy piece next to the field (targets to land on later).
        // Set by hand with the first rule; 8 scored lower and 0 within the noise on the 2 s screen.
        // `docs/journal/dvonn.md#placement-weights`.
        place_enemy_neighbour: i32 = 4,
        /// Placement: per border piece we would have more (or fewer, negated) than the opponent.
        // Set by hand with the first rule; -10 and 0 scored lower on the 2 s screen.
        // `docs/journal/dvonn.md#placement-weights`.
        place_border_balance: i32 = -5,
        /// Placement: random noise added to each field's score, so that games differ.
        // 2: PrimaDvonna at 5 s, seed 3104, 400 games, 322-6-72, 81.2%, Elo +255 (+211 to +298),
        // where 6 scored 79.5% (seed 3103). `docs/journal/dvonn.md#place-noise-2`.
        place_noise: i32 = 2,
    }
}
