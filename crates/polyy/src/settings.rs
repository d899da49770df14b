//! Every tunable of the Poly-Y engines, in one place: sizes fixed at compile time as constants,
//! choices a match may override (`--set NAME=VALUE`) in [`Settings`].

/// The most tree edges the player keeps (16 bytes each: 1.5 M edges = 24 MB, well below the
/// 64,000,000-byte limit). When it is full the tree stops growing and batches go on from its
/// leaves. Not larger: 2.8 M edges (50 MB peak) measured no better (see below).
pub const MAX_EDGES: usize = 1_500_000;

/// The most edges a search may take, each with a 16-byte record of its real results. A search
/// takes about one edge for each block it makes, and a block has one edge per empty field (40 or
/// more while a game is open), so `MAX_EDGES` leads to far fewer than this.
pub const MAX_FOLLOWED: usize = 200_000;

/// The deepest descent: a game has at most 107 plies.
pub const MAX_TREE_DEPTH: usize = 108;

/// Descents (each a batch of playouts) between two looks at the clock.
pub const CLOCK_CHECK_ITERATIONS: u32 = 4;

// How the defaults were chosen. Self-play A/B matches in the jury, 100 games each at a reduced
// 3 s per player per game (the same for both), colours swapped; score of the first variant, Elo
// with its 95% interval:
//
// | variant against the rest of the defaults             | score | Elo (95%)         |
// |------------------------------------------------------|-------|-------------------|
// | expand_after 1 vs 0 (max_edges 150,000 for both)     | 56.0% | +42 (-26..+110)   |
// | reuse_tree on vs off (max_edges 150,000 for both)    | 64.0% | +100 (+30..+170)  |
// | deep_templates on vs off                             | 69.0% | +139 (+66..+212)  |
// | leaf_playouts 16 vs 32 (not adopted: not significant, |       |                   |
// |   and twice the blocks at the official clock)        | 56.0% | +42 (-26..+110)   |
// | amaf_weight 0.6 vs 0.75 (not adopted: not significant) | 55.0% | +35 (-33..+103) |
// | inherit_amaf 64 vs 0 (not adopted: not significant)   | 55.0% | +35 (-33..+103)   |
// | inherit_amaf 256 vs 0                                 | 48.0% | -14 (-82..+54)    |
// | AMAF weight fading as sqrt(k / (3 visits + k)), k =   |       |                   |
// |   20,000 (removed: the fixed blend is better)          | 37.0% | -92 (-163..-22)   |
// | UCB bonus 0.05 sqrt(ln(block batches) / (edge batches |       |                   |
// |   + 1)) (removed: greedy selection is better)          | 21.0% | -230 (-313..-147) |
//
// Against Lynx3 (CodeCup 2014 winner) at a reduced 10 s per player per game (Lynx3 budgeting
// 6.5 s of it, as it budgets 20 s of the official 30), 40 games each: the first AMAF player
// 30.0%, Elo -147 (-263..-32); with tree reuse and the deep templates 52.5%, +17 (-89..+124);
// the same never swapping (swap_policy 2) 37.5%, -89 (-198..+21). At the official 30 s, 100
// games (seed 2015): 36.0%, -100 (-170..-30); the same player at 10 s again, 40 games (seed
// 2016): 47.5%, -17 (-124..+89), so the gap grows with the clock.
// The same 10 s match (seed 2016, 40 games) rerun with these defaults: 32.5%, -127 (-240..-14),
// so 40 games at 10 s swing by 15 points. Variants on that anchor, not adopted: max_edges 100,000
// (about the size of Lynx3's capped tree in our scratch build) 30.0%, -147 (-263..-32);
// time_share 0.06 (more time in the middle game) 35.0%, -108 (-219..+3).
// Tried and removed: AMAF only from the fields the playouts filled, not those the tree filled
// below a block: 0 of 100 at 3 s, since the edge a block follows then never learns AMAF, keeps
// its first-visit priority and is followed for ever (Lynx3 counts the whole final board too).
// max_edges 150,000 at 3 s mimics the arena filling up at the official 30 s.
//
// Per playout Lynx3 searched better than we did. Our player at 10 s (about 1.4 times Lynx3's
// playouts per second, 9.4 s used) against Lynx3 budgeting only 2 s (5.0 s used, with its 0.1 s
// floor per move) scored 52.5% in 40 games; against itself at 3 s it scored 65.0%. So the three
// ways our player still differed from Lynx3's were measured against it (10 s, Lynx3 6.5 s,
// seed 2016, 60 games each): expand_after 0 alone 36.7%, -95 (-185..-5); expand_after 1 with
// the ladder replies and answer_tree_move off 38.3%, -83 (-172..+7); all three together 51.7%,
// +12 (-75..+99). Those three are the defaults now. At the official 30 s, 100 games (seed 2015,
// as for the 36.0% above): 49.0%, -7 (-75..+61), ours at most 28.4 s and 37.9 MB; with
// expand_after 0 the arena is full (1.5 M edges) for most of each search until ply 20 or so.
// A 2.1 M-edge arena (51 MB peak) on the same seed, stopped after 46 games for time: 22-24,
// 47.8%, where the 1.5 M arena had 20-26 on those 46; not significant, not adopted.
// Screens tried and removed (10 s, Lynx3 6.5 s, seed 2016, 60 games, max_edges 500,000 for a
// 30 s-like fill; the same player without them 58.3%, +58 (-30..+147)): once the tree is full,
// stop at half the move's budget and save the rest, 43.3%, -47 (-134..+41); an even split of the
// time left over our moves until ply 80 (at least 6), 45.0%, -35 (-122..+53); time_share 0.13
// (more time in the opening), 40.0%, -70 (-159..+18). Self-play at 3 s
// (max_edges 150,000, 200 games): last-good-reply-with-forgetting in the playouts when no
// pattern applies, 46.0%, -28 (-76..+20), and 20% fewer playouts per second.
// Edges shrank from 24 to 16 bytes (real results and child links kept apart, for the 1% of edges
// a descent takes). With the room that freed, 2.8 M edges (tree about 1.9 times as large at the
// official clock, 49.7 MB peak) against Lynx3 at 30 s, 100 games, seed 2015: 47.0%, -21
// (-89..+47), where 1.5 M edges had 49.0% on the same seed; no gain, so the arena stays at
// 1.5 M edges and the smaller edges only save memory.
// Tried and removed: an opening book. Every game against Lynx3 starts 11 -1 (each side opens 11
// and the other swaps it), and six 20 s searches of each of our first two positions chose six
// different fields at about equal win rates, while our earlier 30 s matches hinted at better
// replies (after 11 -1 our 66 had won 14 of 25 games, other replies 41%; after 11 -1 29 our 20
// had won 26 of 48, others 40%). Those two replies as a fixed book, against Lynx3 at 30 s, 100
// games, seed 2015: 43.0%, -49 (-117..+19); no gain, so the search chooses.
// Playouts 13-19% faster (same picks), against Lynx3 at 30 s, seed 2024, stopped after 76 games
// for time: 44.7%, -37 (-119..+41).
// At 30 s the arena was full in every move until about ply 25 (at ply 13 the kept subtree alone
// held 1.4 M edges), so the tree stopped growing early in most searches. prune_batches 2 drops
// the blocks under edges judged by fewer than two batches whenever it fills: self-play at 3 s,
// max_edges 150,000 for both, 200 games, seed 42: 56.5%, +45 (-3..+94). Against Lynx3 at the
// official 30 s, 100 games, seed 2015: 58-42, 58.0%, +56 (-12..+125), 30/50 as first and 28/50
// as second, 0 failures, ours at most 28.4 s and 29.1 MB. Adopted. Combining three earlier
// self-play tweaks (amaf_weight 0.6, leaf_playouts 16, inherit_amaf 64) scored 31-82 (27.4%)
// over 113 games at 3 s (seed 41, stopped), so each of their small edges was noise.
//
// Learned priors (`crate::knowledge`, held-out top-1 20.2%, top-5 37.9%), screened at a fixed
// 20,000 playouts per move for both sides (`playouts_per_move`, clock out of the way), 200 games
// each: prior_visits 20, prior_scale 0.05 against none, seed 7: 114-86, 57.0%, +49 (+0..+97);
// the same, seed 8: 104-96, 52.0%, +14 (-34..+62); together 54.5% over 400, about +31. A
// stronger prior, 60 visits at scale 0.1, seed 7: 51.5%, +10 (-38..+58). Each search is about 5%
// slower with the prior (most time in a game 2.28 s against 2.17 s). Not adopted yet: not
// significant, and not measured against Lynx3 or at the official clock; prior_visits stays 0.
//
// The same prior against Lynx3 at fixed work for both: ours 20,000 playouts per move, Lynx3 625
// iterations of 32 playouts (its scratch build with a fixed iteration count; 25 s budget, tree
// capped at 26,400 nodes, 50 MiB), 100 games a variant and seed (gauntlets):
//
// | variant                               | seed 11 | seed 12 | seed 13 | together          |
// |---------------------------------------|---------|---------|---------|-------------------|
// | no prior (the default)                | 33.0%   |         | 43.0%   | 76/200, 38.0%     |
// | prior_visits 20, prior_scale 0.05     | 47.0%   | 35.0%   |         | 82/200, 41.0%     |
// | prior_visits 40, prior_scale 0.05     |         | 48.0%   | 35.0%   | 83/200, 41.5%     |
// | prior_visits 20 and opening 6 (a      |         | 40.0%   |         | 40/100            |
// |   field Lynx3 does not swap)          |         |         |         |                   |
//
// One variant's seeds differ by up to 13 points; pooled, the prior (165/400, 41.3%) against none
// (76/200, 38.0%) is worth about +24 Elo against Lynx3 (95%: about -37..+84), not significant,
// so it stays off. Opening 6 instead of
// 11 (Lynx3 swaps 11 but not 6): 19/50 as first player against 18/50 for opening 11 on that
// seed, no sign of a gain. At equal playouts Lynx3 is the stronger searcher (61-62%); at the
// official clock our 1.8 times its playouts per second turn that into 58%.
//
// A screen calibrated to the official clock: ours at 40,000 playouts per move against Lynx3 at
// 625 iterations (twice its playouts, as at 30 s where we run 1.8 times as fast and think 28 s to
// its 25), 200 games, seed 14: 117-83, 58.5%, +60 (+11..+108), 68/100 as first and 49/100 as
// second, 0 failures; the official 30 s gave 58.0%. It takes about 15 minutes on 2 cores, load
// does not change it, and it is the screen to run against Lynx3 before a 30 s confirmation.
// On it, prior_visits 40 (seed 14 as above): 119-81, 59.5%, +67 (+18..+116), one game more than
// without the prior; it stays off.
// Session 46, on the faster machine (5 minutes for 200 games), gauntlets in which both variants
// meet Lynx3 at 625 iterations turn about: seed 47, prior_visits 40 112-88, 56.0%, Elo +42
// (+/-48), without 92-108, 46.0%, -28 (+/-48); seed 48, with 103-97, 51.5%, without 93-107,
// 46.5%. Together 215/400, 53.8%, against 185/400, 46.3%: about +50 Elo at equal playouts, in
// the same direction on all three seeds screened (600 games with, 800 without, 55.7% against
// 50.6%). The prior costs about 5% of the playouts. Not yet confirmed at the official 30 s, so
// still off; that confirmation (100 or more games against Lynx3) is the next thing to run. A
// first 40 at 30 s (seed 2037): 22-18, 55.0%, Elo +35 (-72..+141), 0 failures, ours at most
// 27.9 s and 28.7 MB; the same score as without it over 100, so too few games to tell.
// Session 47, the confirmation at the official 30 s, seed 2038, 100 games: 53-47, 53.0%, Elo
// +21 (-47..+89), 28/50 as first and 25/50 as second, 0 failures, ours at most 28.0 s and
// 28.6 MB. With the 40 above, 75/140, 53.6%, against 55.0% over 100 without the prior on the
// same machine: the gain at equal playouts does not show at 30 s, where a million playouts a
// move at the root swamp 40 virtual ones. It stays off.
// The model with the shape of the six neighbours (up to symmetry) in place of their counts
// (held-out top-1 21.9%, top-5 41.6%, from 20.2% and 37.9%), prior_visits 40, gauntlet against
// Lynx3 at 625 iterations, ours at 40,000 playouts, seed 49, 200 games an arm: with the shapes
// 123-77, 61.5%, against 111-89, 55.5%, for the model before them (the two about +81 and +38
// Elo over Lynx3 at this work, +/-49 each). At the official 30 s, seed 2039, 80 games: 41-39,
// 51.2%, Elo +9 (-67..+84), 19/40 as first and 22/40 as second, 0 failures, ours at most
// 28.3 s and 28.7 MB. Again no gain at 30 s: the prior stays off. Knowledge that is to count at
// the official clock has to change the judgement of the heavily visited nodes, that is the
// playouts, not the first visits of new ones.
// Tried and dropped, the same session: the shape weights in the playouts. A random pick was kept
// with probability (w / w0)^e (at most 1, at least 1/16), w the learned weight of the shape of
// its neighbours for the mover and w0 that of six empty neighbours, else drawn again. It costs
// 28% of the playouts (630,000 in 2 s against 871,000 from a ply-9 position). At equal playouts
// (ours 40,000, Lynx3 625 iterations, gauntlet seed 50, 150 games an arm): e = 0.5 83-67,
// 55.3%; e = 1 82-68, 54.7%; uniform picks 74-76, 49.3%. At equal time (a reduced 10 s, Lynx3
// rebuilt to a third as for the arena screen, max_edges 500,000 for ours, seed 51, 100 games an
// arm): e = 0.5 47-53, 47.0%, uniform 54-46, 54.0%. The gain per playout does not pay for the
// playouts it costs.

// November 2026, session 44. The calibrated screen (200 games, as above). The defaults again on
// seed 15 (faster playouts, same picks, so the same as at seed 14's run): 106-94, 53.0%, Elo +21
// (-27..+69); pooled with seed 14, 223/400, 55.8%. On seed 14:
// * swap_policy 2 (never swap: against Lynx3, which always opens 11, we play on against its 11
//   instead of taking it): 111-89, 55.5%, Elo +38 (-10..+87), against 58.5% with the default
//   policy; 53/100 as first and 58/100 as second, against 68 and 49. The seat split of one run
//   of 100 swings by about 15 points, so it says little about field 11. Not adopted.
// * Lynx3 with its opening book switched off past ply 1 (it still opens 11 and swaps by its
//   rule; every later move searched): 127-73, 63.5%, Elo +96 (+46..+146), 5 points above the
//   58.5% against the whole of Lynx3 on that seed and 8 above the pooled 55.8%. Its book
//   (replies for the first three plies, from 256 self-play games of 5 s each per position) is
//   worth about 35 to 55 Elo to it at this work, and an opening book of our own is the
//   knowledge most likely to pay next.
// Speed, same picks: a batch's playouts copy one list of the empty fields made for the batch
// (`PlayoutStart`) instead of reading the position's bits each, and a field's bit comes from a
// table instead of a shift of a u128. The player's playouts in 2 s from the empty board went
// from 386,000 to 428,000 (+11%, two runs each, alternating), policy playouts from 200,000 to
// 212,000/s; the bench's win shares and the player's choice are unchanged. Tried and dropped:
// checking the replies of an intrusion in groups, one per stone they need, only when the mover
// holds that stone: 16% fewer instructions but 17% slower (branches the flat loop avoids).
// Also dropped: counting a batch's AMAF with bit-sliced counters (one ripple-carry add over all
// fields per playout) instead of an increment per owned field: 428,900 playouts in 2 s on both.
// November 2026, session 46: an intrusion's replies are checked in a 64-field window of the
// board (`ReplyWindow`, u64 masks shifted once per move) instead of on the whole u128 board; the
// same picks (the bench's win shares unchanged, a unit test compares both checks on random
// boards). Run alternately with the build before it, twice each: policy playouts from 360,000 to
// 408,000/s (+13%), the player's playouts in 2 s from 711,000-726,000 to 811,000-817,000 (+13%).
// Measured the same session on a machine about 1.9 times as fast as the one of the 58% above
// (ours 407,000 playouts a second, Lynx3 about 215,000), Lynx3 rebuilt as before (25 s budget,
// 26,400-node cap): at the official 30 s, seed 2036, 100 games: 55-45, 55.0%, Elo +35
// (-33..+103), 30/50 as first and 25/50 as second, 0 failures, ours at most 28.4 s and 29.0 MB
// (Lynx3 25.3 s, 56.4 MB). A first run on seed 2035, stopped after 30 games to check the
// screens, stood at 11-19; both runs together 66/130, 50.8%, Elo +5 (-55..+66). The calibrated
// screen (seed 14) gave 103-97, 51.5%, Elo +10 (-38..+58), where it gave 58.5% before. So the
// 13% and the 11% before it bought nothing measurable: on a faster machine both sides search
// about twice as much per move and our lead did not grow. In lost games our own estimate never
// rose above 49-64% and then fell to 0 within one or two moves around ply 40: Lynx3's plan
// is found, ours is judged by playouts that do not see it.
// Arena size against the clock, on the same machine: a reduced 10 s for ours against Lynx3
// rebuilt to a third of everything (8.33 s budget, 8,800 nodes, 0.033 s floor per move), 100
// games each, seed 46 (gauntlet): max_edges 500,000 (a third of the arena, as at 30 s) 58-42,
// 58.0%, Elo +56 (+/-69); max_edges 1,000,000 51-49, 51.0%, +7 (+/-68). A larger arena does not
// pay, so edges of 12 bytes (field and record link in one u32: a quarter less memory, the same
// picks) were tried and dropped: the player made 759,000 playouts in 2 s against 778,000
// (five runs each, alternating), no faster, and the memory is not needed.

// November 2026, session 45. An opening book of our own (`crate::book`, written by the
// `polyy_book` example): for `11 -1`, `11 -1 54` (the principal line) and `11 -1 29` (Lynx3's
// reply after the swap), the six most played moves of a 2 M-playout search, each played out by
// the player against itself at 10,000 playouts a move, 40 games, then 80 more for the best two
// (17 minutes on 2 cores). Self-play was clear at the first position: 54 won 76 of 120 for its
// mover, the search's other favourites 38-55%. On the calibrated screen (seed 14, 200 games):
// 107-93, 53.5%, Elo +24 (-24..+72), against 58.5% without the book on that seed and 55.8% pooled;
// 56/100 as first (11 -1 54, then Lynx3's book answer 28, every game) against 68 and 59 without,
// 51/100 as second (11 -1 29 57) against 49 and 47. No gain: self-play at a quarter of the
// screen's playouts is not better knowledge than the search at 40,000. `book` stays off; the
// tool and the table stay, for a book from stronger self-play.

// November 2026, session 48: proofs (`crate::proof`, the `proofs` setting). A pairing of empty
// fields that proves a win ends a descent there (judged won without playouts) and, at the root,
// is played out by its pairs. They cost nothing measurable (the player's playouts in 2 s from the
// empty board 772,000-794,000 with them, 778,000-791,000 before). Gauntlet against Lynx3 at a
// reduced 10 s (rebuilt to a third, as for the arena screen; max_edges 500,000), seed 52, 100
// games an arm: with proofs 55-45, 55.0%, Elo +35 (+/-68); without 52-48, 52.0%, +14 (+/-68).
// Not significant, in the right direction, and sound (tests/proof.rs): on. In 54 of the 55 games
// won with them the player had proven its win before the end, the earliest at ply 35, and it won
// every game in which it held a proof.

// November 2026, session 61, on the calibrated screen (ours 40,000 playouts a move, Lynx3 625
// iterations; seed 61, 200 games; the defaults 92-108, 46.0%, Elo -28 (-76..+20)):
// * An exploration bonus 0.01 sqrt(ln(block batches + 1) / (edge batches + 1)) in the selection
//   score: 78-122, 39.0%, Elo -78 (-127..-29). Removed; greedy selection stays.
// * Openings Lynx3 does not swap, in self-play without the swap (20,000 playouts a move, seed
//   62, 54 games each): the first seat won after 11 32 (59%), after 3 22 (41%), after 8 23
//   (43%), after 6 19 (35%). Every field Lynx3 lets stand is worse for the opener than answering
//   a swapped 11, so the opening stays 11.
// * The tree as a solver. A decided leaf (finished game or pairing) runs no playouts, so it adds
//   no AMAF to the blocks above it. Below a move that lets the opponent refute it, the opponent's
//   tried replies were all proven losses, their frozen AMAF blends stayed above the AMAF of the
//   untried refutation, and greedy selection never tried it: in 6 of the 108 losses of the run
//   above our estimate stood at 99.0-99.9% one move before it fell to 0-39%. Now an edge records
//   who wins after it once a finished game, a pairing or its block shows it (a move proven to
//   win, or every move proven to lose), selection takes a proven win at once and a proven loss
//   only when all are lost, and the root plays a proven win or the most visited move not proven
//   lost (`solver`). Same seed: 91-109, 45.5%, Elo -31 (-80..+17), and no loss after an
//   estimate of 90% or more. At the official 30 s against Lynx3 (25 s budget, 26,400-node cap;
//   this machine ran our player at 290,000-370,000 playouts a second), seed 2070, 100 games each,
//   one run after the other: with the solver 48-52, 48.0%, Elo -14 (-82..+54), 28/50 as first;
//   the build before it (c8d7aef, the play of `solver` off) 55-45, 55.0%, Elo +35 (-33..+103),
//   33/50 as first; 0 failures, ours at most 28.4 s and 29.0 MB. At 30 s neither run lost a
//   game after an estimate above 64%: the trees are large enough that the blind spot did not
//   show. A likely cost: a move that leaves the opponent few good replies no longer scores the
//   proven wins behind its bad ones, though an opponent without proofs may well miss the good
//   ones. Not significant, but no gain: off by default, kept as a setting with its exhaustive
//   test. In both 30 s runs most losses were behind early: our estimate never again reached 50%
//   after ply 20 in 38 of the 52 losses with the solver and 32 of 45 without (in 11 and 12 of
//   them it was below 50% from our first search on).

// November 2026, session 62: the swap of field 11. Every game against Lynx3 opened 11 and the
// second player swapped it, so one seat always owned 11 with Lynx3 to move and the other answered
// Lynx3's stone on 11. Split by seat, our runs against it with swap_policy 1: at the official 30 s
// (seeds 2015, 2036, 2038, 2039 and both arms of 2070, whatever the variant) 168/290, 57.9%, as the
// first player, answering Lynx3's 11, and 142/290, 49.0%, as the second, owning 11; on the
// calibrated screen (seed 61, defaults and solver) 97/200, 48.5%, against 86/200, 43.0%. Self-play
// rates owning 11 at 59% (above), yet against Lynx3 the side that answers it did better. Lynx3's
// book may be why: after the swap it plays two book moves (29, then a reply), when it owns 11 only
// one. Not swapping 11 puts both seats on the side that did better. Calibrated screen, seed 63,
// never swapping (opening 11): 104/200, 52.0%, every game answering Lynx3's 11. Other first-seat
// openings, which Lynx3 swaps (we answer its stone there), same screen and seed, the second seat
// never swapping: 7 60/100 (second seat 58/100), 12 2/17 (stopped), 19 38/100 (47/100). Answering
// 11 over those three runs: 209/400, 52.3%. Opening 7 again with swap_policy 3, seed 64: 55/100 as
// first, 51/100 as second (answering 11); opening 7 over both runs 115/200, 57.5%, against 260/500,
// 52.0%, answering 11: not significant (about 1.3 standard errors), so the opening stays 11 until a
// 30 s run says otherwise. swap_policy 3 keeps the swap of every field two or more steps in (worth
// 65% against never swapping from random first moves, see docs/polyy.md) and answers the class of
// 15, 11 among them. At the official 30 s, seeds 2072 and 2073, 100 games each: 47-53 and 52-48,
// together 99-101, 49.5%, Elo -3 (-52..+45), 0 failures, ours at most 28.4 s and 29.1 MB. By seat:
// 57/100 as second (now answering 11) and 42/100 as first, a seat the change does not touch (its
// play is the same, move for move at fixed playouts and seed) and that had 168/290 before. So these
// 200 games ran about 13 points under the earlier runs in the untouched seat, and the changed seat
// gained 8 points on its history. All 30 s games answering 11: 267/490, 54.5%, against 142/290,
// 49.0%, owning it. Adopted as the default.
// Session 63, opening 7 at the official 30 s (`--set opening=7`), seed 2074, 100 games: 53-47,
// 53.0%, Elo +21 (-47..+89), 0 failures, ours at most 28.4 s and 29.0 MB. As first, opening 7,
// 24/50 (48%; opening 11 as first at 30 s: 210/390, 53.8%, over the runs above); as second,
// answering Lynx3's 11, 29/50. The screen's 57.5% for opening 7 did not hold at the clock: the
// opening stays 11.
// Session 64, the playouts' early restrictions, on the calibrated screen (ours 40,000 playouts a
// move, Lynx3 625 iterations), 200 games each, 0 failures: seed 65, the defaults 100-100, 50.0%,
// Elo +0 (-48..+48); inner_only_above 70 (no border fields for 20 plies more) 92-108, 46.0%;
// inner_only_above 30 105-95, 52.5%, Elo +17 (-31..+65); deep_only_above 80 (fields two or more
// steps in for 16 plies more) 110-90, 55.0%, Elo +35 (-13..+83); both 30 and 80 102-98, 51.0%.
// Seed 66: the defaults 101-99, 50.5%; deep_only_above 80 105-95, 52.5%. deep_only_above 80 over
// both seeds 215/400, 53.8%, against 201/400, 50.3%: about one standard error, not adopted.
// Session 65, Lynx3's two search constants with our twice its playouts, same screen, seed 65
// (defaults 50.0%), 200 games each, 0 failures: amaf_weight 0.65 101-99, 50.5%, Elo +3
// (-45..+51); 0.85 93-107, 46.5%, -24 (-72..+24); leaf_playouts 16 89-111, 44.5%, -38
// (-87..+10); 64 108-92, 54.0%, +28 (-20..+76), and on seed 66 (defaults 50.5%) 99-101, 49.5%;
// 128 69-131, 34.5%, -111 (-162..-61). Lynx3's 0.75 and 32 stay: the batch of 32 is at its
// optimum, and the AMAF blend is flat around it. deep_only_above 80 on a third seed, 67: the
// defaults 103-97, 51.5%, Elo +10 (-38..+58); deep_only_above 80 118-82, 59.0%, +63 (+14..+112).
// Over seeds 65-67 333/600, 55.5%, against the defaults' 304/600, 50.7%, ahead on each seed
// (+5, +2, +7.5 points): about 1.7 standard errors. Session 66, at the official 30 s against
// Lynx3 (25 s budget, 26,400-node cap), seed 660, 200 games: 114-86, 57.0%, Elo +49 (95%:
// +0..+97), 56/100 as first and 58/100 as second, 0 failures, ours at most 28.4 s and 28.8 MB;
// the defaults before it scored 99-101, 49.5%, over the 200 games of session 62 at 30 s.
// Adopted: 80. Further, 70 on the calibrated screen, seed 67: 106-94, 53.0%, Elo +21 (-27..+69),
// where 80 had 59.0%: 80 stays. With 80, inner_only_above 40 (no border fields for 10 plies more),
// same seed: 107-93, 53.5%, Elo +24 (-24..+72): 50 stays.
// Session 66, must-play pruning, knowledge Lynx3 lacks: the opponent's threats are the empty
// fields after which a pairing (`crate::proof`) proves its win, and a move off a threat and its
// pairs loses to it, so once the edge into a block had led to two batches, the block's moves off
// the fields common to every threat and its pairs were followed only when no other was open (and
// never played at the root). Sound: checked against exhaustive play on 150 nearly full boards
// with threats (903 moves refuted, every one lost). On the calibrated screen (deep_only_above
// 80, 200 games a seed): seed 67 109-91, 54.5%, seed 65 116-84, 58.0%; together 225/400, 56.3%,
// where deep_only_above 80 alone had 228/400, 57.0%, on those seeds. The checks cost about 10% of
// the time per move. No gain; code removed.
// Session 67, calibrated screen (ours 40,000 playouts a move unless said, Lynx3 625 iterations),
// seed 67, 200 games each, 0 failures, where the defaults (deep_only_above 80) scored 118-82,
// 59.0%, Elo +63 (+14..+112):
// * What more playouts are worth: ours at 80,000 a move 148-52, 74.0%, Elo +182 (+127..+236).
//   Twice the playouts is worth about 15 points, so speed (or idle time turned into playouts)
//   is the lever at 30 s; every knowledge term has to beat what its cost in playouts loses.
// * A third tier, only fields three or more steps in (31 of them) while more than
//   center_only_above are empty: 92 118-82, 59.0%; 86 112-88, 56.0%, Elo +42 (-6..+90). Code
//   removed.
// * How the game's work is shared out (`playouts_per_game` 1,240,000, 31 moves of 40,000, shared
//   as the clock is): time_share 0.1 118-82, 59.0%; 0.07 123-77, 61.5%, Elo +81 (+32..+130);
//   0.14 115-85, 57.5%, Elo +53 (+4..+101). As even as the fixed 40,000 a move: how the time is
//   spread over the game does not matter here, how much there is does. At 30 s the median game
//   used 26.8 s of our 30 (session 66's 200 games; the share leaves the rest when the game ends).
// * The learned shape weights in the playouts again (a drawn field kept with probability
//   (w / w0)^0.5, ring codes kept up to date during the playout, one draw for field and test),
//   costing 13-15% of the playouts, so given 34,400 playouts a move to match: 106-94, 53.0%,
//   Elo +21 (-27..+69). Code removed.
// Speed, same picks: the intrusions' reply windows in one flat list (15 KB) instead of a fixed-
// capacity list each (62 KB, more than the L1 cache): the player's playouts in 2 s from the empty
// board 565,000-588,000 against 502,000-535,000 (three alternating runs each), policy playouts
// about 8% faster. Tried and not kept, each under 2% and within the machine's noise: the replies
// checked as three masks without a variable shift; the border restriction's thresholds hoisted
// out of the pick loop. At the official 30 s against Lynx3 (as above), seed 670, 100 games:
// 56-44, 56.0%, Elo +42 (-26..+110), 0 failures, ours at most 28.4 s and 28.7 MB.
// Session 68, calibrated screen (ours 40,000 playouts a move unless said, Lynx3 625 iterations,
// Lynx3 rebuilt as before), 200 games each, 0 failures:
// * The defaults: seed 67 103-97, 51.5%, Elo +10 (-38..+58) (59.0% on that seed last session:
//   Lynx3 seeds itself from the clock, so a seed does not repeat its games); seed 68 122-78,
//   61.0%; seed 69 124-76, 62.0%; together 349/600, 58.2%, Elo +58 (+29..+86).
// * Where Lynx3's strength per playout comes from. At equal playouts (ours 20,000 a move, seed
//   68) 74-126, 37.0%, Elo -92 (-142..-43); the same against Lynx3 with its book off past its
//   first move 102-98, 51.0%, Elo +7 (-41..+55). Its book (one reply, to our answer to its 11)
//   is worth about 14 points to it; without it the two searches are even per playout. At the
//   screen's ratio (ours 40,000, seed 70) against Lynx3 without its book 125-75, 62.5%, Elo +89
//   (+39..+138), about 4 points over the defaults' 58.2% against the whole of it: with twice
//   the playouts our reply search makes up most of what its book knows, so even a book as good
//   as Lynx3's would not reach 70% on this screen.
// * A book is not a longer search: our first two searched moves (plies 1-4) at 1,000,000
//   playouts each, the rest at 40,000, seed 67: 114-86, 57.0%, Elo +49 (+0..+97). At 25 times the
//   playouts our answer to 11 spread over 66, 54, 45, 30, 41, 67 and 57, as it does at 40,000.
//   Over this session's three runs against Lynx3's book (about 600 games) those answers won
//   41 53/82, 45 48/80, 54 46/82, 66 62/116, 30 14/40: a book tuned on these results would be
//   tuned on Lynx3's book, not on the game, so none is kept.
// * A decided leaf (finished game or pairing) still running its batch for the AMAF, each
//   playout counted won by the winner, as Lynx3 does (its tree never stops at a win): seeds
//   67-69 115-85, 122-78, 125-75, together 362/600, 60.3%, Elo +73 (+45..+101), 2 points over
//   the defaults on the same seeds, within the noise, and it spends playouts where the result
//   is known. Code removed.
// * The AMAF weight falling as an edge's real playouts k grow, `amaf_weight` times
//   sqrt(rave_k / (rave_k + k)) (Lynx3 keeps it fixed): rave_k 20,000, seed 71 126-74, 63.0%,
//   Elo +92 (+43..+142); seed 72 122-78, 61.0%, where the defaults had 114-86, 57.0%, in the
//   same hour; seed 73 110-90, 55.0%, the defaults 106-94, 53.0%. Together 358/600, 59.7%,
//   Elo +68 (+40..+97), against the defaults' 569/1000, 56.9%, over seeds 67-69, 72 and 73:
//   +3 points, about 1.1 standard errors. Kept off until more seeds or a 30 s run decide.
// Speed: two playouts of a batch interleaved in one loop (independent generators, so that the
// processor overlaps their picks): 13% slower (user time 1.03 s against 0.91 s for 300,000
// playouts, the best of six alternating runs): one chain's latency is not what bounds the picks.
// Session 69, calibrated screen (as above), 200 games each, 0 failures, against the defaults'
// 569/1000, 56.9%, of session 68:
// * rave_k 5,000, seed 74: 123-77, 61.5%, Elo +81 (+32..+131).
// * rave_k 20,000 with the learned prior (prior_visits 40, prior_scale 0.05): seed 74 125-75,
//   62.5%, Elo +89 (+39..+138); seed 75 131-69, 65.5%, Elo +111 (+61..+162). Together 256/400,
//   64.0%, Elo +100 (+65..+137): 7 points over the defaults (about 2.5 standard errors) and 4
//   over rave_k 20,000 alone (358/600, 59.7%).
// * rave_k 5,000 with the prior, seed 75: 113-87, 56.5%, Elo +45 (-3..+94).
// Speed, same picks: the applicable replies of an intrusion as a bitmask (one bit a reply, the
// n-th set bit taken) instead of a list of their fields: 14% slower (user time 1.00 s against
// 0.88 s for 300,000 playouts, the best of five alternating runs). Dropped.
// At the official 30 s against Lynx3 (25 s budget, 26,400-node cap), seed 690, 200 games:
// rave_k 20,000 with prior_visits 40 127-73, 63.5%, Elo +96 (95%: +46..+146), 71/100 as first
// and 56/100 as second, 0 failures, ours at most 28.4 s and 28.8 MB; the defaults before had
// 170/300, 56.7%, at 30 s (seeds 660 and 670). Adopted: both are the defaults now.
// The prior costs about 5% of the playouts (session 46); the 30 s result pays for it. Around
// the new defaults on the calibrated screen, seed 76, 200 games each: rave_k 40,000 133-67,
// 66.5%, Elo +119 (+68..+170); prior_visits 80 132-68, 66.0%, Elo +115 (+65..+166). Both
// within the noise of the new defaults' 64.0% over 400 games; to be settled on more seeds.
// Session 70, same screen, 200 games each, 0 failures, against the defaults' 256/400, 64.0%:
// * amaf_weight 0.85, seed 77: 134-66, 67.0%, Elo +123 (+72..+174). rave_k 40,000, seed 77:
//   124-76, 62.0%; with seed 76 257/400, 64.3%, the defaults' score: rave_k stays 20,000.
// * A richer move model: four feature groups more (the sides each seat's group through the
//   field would touch, the corners it would gain, the mover's own previous stone, each seat's
//   stones two steps away; held-out top-1 24.2% and top-5 46.5%, from 21.9% and 41.6%), the
//   prior otherwise as now, no slower in user time (1.01 s against 1.06 s for 300,000 playouts,
//   best of six alternating runs, timed while screens ran): seed 78 132-68, 66.0%; seed 79
//   135-65, 67.5%; together 267/400, 66.8%, Elo +121 (+85..+159), 2.8 points over the defaults,
//   under one standard error. With amaf_weight 0.85 too, seed 79: 133-67, 66.5%; with
//   prior_scale 0.1, seed 80: 124-76, 62.0%. At the official 30 s against Lynx3 (as above),
//   seed 700, 200 games: 113-87, 56.5%, Elo +45 (-3..+94), 53/100 as first and 60/100 as
//   second, 0 failures, ours at most 28.4 s and 28.9 MB, where the defaults had 63.5% on seed
//   690: as in session 47, a better prior that pays at equal playouts does not show at the
//   clock. Code not kept.
// Session 71, how a move's time is ended (`early_stop`, `extend_unstable`). Calibrated screen with
// the work shared as the clock is (`playouts_per_game` 1,240,000, Lynx3 625 iterations), seed 81,
// 200 games each, 0 failures: the defaults 142-58, 71.0%, Elo +156 (+103..+208), using 90% of
// the game's playouts (the rest is left when the game ends); early_stop 0.5 with extend_unstable 1
// 149-51, 74.5%, Elo +186 (+131..+241), using 66%; the same with time_share 0.2 143-57, 71.5%,
// using 86%; early_stop 1 (never before the choice is settled) with extend_unstable 1 and
// time_share 0.15 148-52, 74.0%, Elo +182 (+127..+236), using 85%. As strong with a quarter less
// work, but the moves' average playouts by ply hardly moved. At the official 30 s against Lynx3
// (as above) that last variant, seed 710, stopped after 78 games: 42-36, 53.8%, Elo +27 (about
// -51..+107), 18/39 as first, 0 failures, ours at most 28.6 s and 25.4 s a game on average
// (the defaults 26.9 s). At 30 s the reused subtree often leads by more than the whole new share:
// 17% of the searches stopped after their first 128 playouts, against 3 of 5,254 on the screen,
// where the trees are 17 times smaller. No gain: early_stop off.
// The extension alone (extend_unstable 1, time_share 0.1) at the official 30 s against Lynx3, seed
// 711, 100 games: 69-31, 69.0%, Elo +139 (95%: +66..+212), 34/50 as first and 35/50 as second,
// 0 failures, ours at most 28.5 s and 28.2 MB; the defaults before it had 63.5% over 200 (seed
// 690). Not significant (5.5 points, about one standard error), no cost seen: adopted. The
// adopted build again, seed 712, stopped after 66 games for time: 48-18, 72.7%, Elo +170 (about
// +85..+281), 23/33 as first, 0 failures, ours at most 28.5 s and 27.6 MB. Both runs together
// 117/166, 70.5%, Elo +151 (about +97..+214). Session 72, the full run, seed 713, 200 games:
// 135-65, 67.5%, Elo +127 (95%: +76..+178), 68/100 as first and 67/100 as second, 0 failures
// either side, ours at most 28.6 s and 28.7 MB (Lynx3 25.8 s, 56.5 MB). The three runs of the
// setting together: 252/366, 68.9%, Elo +138 (about +101..+178). Session 73, the same build
// again, seed 714, 200 games: 139-61, 69.5%, Elo +143 (95%: +91..+195), 67/100 as first and
// 72/100 as second, 0 failures either side, ours at most 28.5 s and 28.9 MB (Lynx3 25.4 s,
// 56.5 MB). All four runs: 391/566, 69.1%, Elo +140 (about +110..+172). Session 74 below.
// Session 72, the calibrated screen again (as above, seed 81, 200 games each, 0 failures), beside
// session 71's 71.0% without the extension: extend_unstable 1 (now the default) 150-50, 75.0%,
// Elo +191 (+135..+246); 0.5 72.0%; 2 69.0%; time_share 0.12 with 1 74.5%; and an early stop
// that counts only the lead built in the current search (so that a kept subtree cannot end it
// at once; code not kept), with extend_unstable 1: early_stop 0.5 68.5%, using 74% of the game's
// playouts (93% without, and 92% for session 71's baseline counted the same way from its
// logs); early_stop 1 72.0%, using 81%. All within one run's noise (about 6
// points) and none above extend_unstable 1 alone: none was taken to the clock. In the 65 losses
// of the seed-713 run our win rate last stood at 50% or more at ply 18 (median; quartiles 10
// and 35): the games are lost early, not in the endgame.
// Session 73, speed, same picks: the batch's playouts compiled a second time for the
// bit-manipulation instructions (popcnt, lzcnt, BMI1, BMI2) and chosen at run time when the
// processor has them (the jury compiles for any x86-64): the player's playouts in 2 s from the
// empty board 545,000 and 509,000 without, 556,000 and 523,000 with (two alternating runs), 2-3%;
// the whole build for this machine's processor (`-C target-cpu=native`) 551,000 and 570,000,
// within the spread of runs of one build.
// The 128-bit shifts and bit scans are not what bounds a playout. Code not kept.
// Session 73, the calibrated screen with the work shared as the clock is (`playouts_per_game`
// 1,240,000, Lynx3 625 iterations), seed 82, 200 games each, run together, 0 failures: the
// defaults 149-51, 74.5%, Elo +186 (+131..+241); the opening book on (`book`) 152-48, 76.0%,
// Elo +200 (+144..+256); amaf_weight 0.85 148-52, 74.0%. All three alike: none changed.
// Session 74, the same build (extend_unstable 1) at the official 30 s against Lynx3, seed 715,
// stopped after 84 games (70% then needed 86 of the 116 left; the session's time went to the
// trial below): 54-30, 64.3%, Elo +102 (about +28..+187), 29/42 as first, 0 failures. All five
// runs of the build (seeds 711-715): 445/650, 68.5%, Elo +135 (about +107..+164).
// Session 74, the learned shapes in the playouts once more, now at the official clock, where a
// million playouts a move might make a less biased policy worth more than the playouts it costs:
// a drawn field (no reply applying) kept with chance (w / w0)^0.5, between 1/16 and 1, w the
// learned Shape weight of its six neighbours as the mover sees them (the ring code read from the
// stones at each draw, one random number for field and test). The player's playouts in 2 s from
// the empty board 363,000-482,000 against 496,000-601,000 without (three alternating runs):
// about 20% fewer. Against Lynx3 at 30 s (as above), seed 740, 200 games: 123-77, 61.5%, Elo +81
// (95%: +32..+131), 65/100 as first and 58/100 as second, 0 failures, ours at most 28.6 s and
// 28.5 MB: 7 points under the build's 68.5%. Code not kept. Also tried, speed: the empty fields
// kept in three segments by border distance so that a restricted pick draws once: the player's
// playouts in 2 s 440,000-502,000 against 490,000-558,000 (three alternating runs), slower again.
// Session 75, a book of the player's own long searches (`polyy_book --replies 6 --depth 2 --search
// 20000000 --line "11 -1 30 29"`, 16 lines, 10 minutes on 2 cores): every game against Lynx3 opens
// with its stone on 11 and us to move, and our first searches (about 2.9 s each of the 28.7 s)
// choose among answers the search rates alike, so a book would hand their time to later moves.
// The 20 M-playout search answers 11 with 30; `11 -1 30 29` was added because Lynx3's own book
// answers 30 with 29 (in all 77 such games of seeds 711-715; 29 is not among our search's six),
// and Lynx3's answers to our 41 there were 13, 40 or 21 in 46 of the 47 games, all three in the
// book. So the book played our first three answers in nearly every game. At the official 30 s
// against Lynx3 (as above), seed 750, stopped after 47 games: 23-24, 48.9%, Elo -8 (about
// -111..+94), 14/24 as first and 9/23 as second, 0 failures; after 11 30 29 41 13 53 (the book's
// line when Lynx3 answers 13) 8 of 22.
// Without the book our search had answered 11 with 30 in 77 games and won 51 (66%), and after
// 11 30 29 played 41 in 65 of them and won 42. One fixed line lets a single misjudgement of the
// long search decide a whole match; the time it saves does not make up for it. Off. Also tried,
// speed: every intrusion's replies padded to nine (a fixed-length scan without a loop exit to
// mispredict): 6.15 s against 6.20 s of user time for two 1,000,000-playout searches (five
// alternating runs each), within the noise. Not kept.
// Session 75, what twice the time is worth at the clock: the same build given 60 s (the jury's
// clock doubled; Lynx3 keeps its own 25 s budget), seed 751, 100 games: 68-32, 68.0%, Elo +131
// (95%: +58..+203), 35/50 as first and 33/50 as second, 0 failures, ours at most 57.3 s and
// 28.7 MB; at 30 s the build has 68.5% over 650 games. On the calibrated screen twice the
// playouts was worth 15 points (session 67), but at the clock, where a move already has 600,000
// to 800,000 playouts, it is worth nothing measurable. Speed is no longer the lever against
// Lynx3: the games we lose are not lost for want of playouts.
// Session 76, playouts that learn their own replies ("last good reply with forgetting", LGRF-1):
// per seat and per field the other seat just took, the answer that seat last played there in a
// playout it won, forgotten when a playout that plays it is lost; picked when no bridge or ladder
// reply applies and the field is empty, the table kept from move to move. Its figures grow with
// the playouts in Go, and at the clock playouts are cheap (above), so a policy that adapts to
// the position might judge the early middle game better. It cost 10-20% of the playouts (user
// time for two 1,000,000-playout searches, two runs each: 3.6-4.0 s and 3.5 s against 3.4-3.6 s
// and 2.8-2.9 s). Calibrated screen with the work shared as the clock is (`playouts_per_game`
// 1,240,000, Lynx3 625 iterations), seed 82, 200 games: 145-55, 72.5%, Elo +168 (95%:
// +115..+222), where the defaults had 74.5% on that seed. At the official 30 s against Lynx3 (as
// above), seed 760, stopped after 102 games: 64-38, 62.7%, Elo +91 (about +23..+165), 31/51 as
// first and 33/51 as second, 0 failures, ours at most 28.6 s and 27.3 MB: 6 points under the
// build's 68.5%. Code not kept.
// Session 76, exploration: selection is greedy, so a move whose AMAF rate is low (an urgent move
// worth less when played later) may never get a real playout, and twice the time gains nothing
// at the clock. A bonus of 0.01 sqrt(ln(block batches) / (edge batches + 1)) on every open
// edge's score (about 0.03 for an edge not yet followed at the clock's root, 0.003 after 100
// batches; about 5% fewer playouts for summing the block's visits). Calibrated screen (as
// above), seed 82, 200 games: 147-53, 73.5%, Elo +177 (95%: +123..+232), the defaults 74.5%.
// At the official 30 s against Lynx3 (as above), seed 761, stopped after 104 games for time:
// 70-34, 67.3%, Elo +125 (about +58..+203), 33/52 as first and 37/52 as second, 0 failures,
// ours at most 28.5 s and 26.9 MB: as the build's 68.5%. Code not kept.
// Session 77, pruning that never gives up: at 30 s the arena was full at the end of half our moves
// to ply 21 in one game, and once a prune frees less than a quarter of it the tree stops growing
// for the rest of the move (at ply 9 the kept subtree alone held 1.45 M edges). Escalating instead,
// each such prune doubling the batches a kept block needs for the rest of the move, kept it growing
// (one game: up to 64,000 blocks a move at plies 15-21, against 28,000-45,000 in a game of the
// defaults). Calibrated screen with the arena cut to 150,000 edges for both builds (so that it
// fills as at the clock), seed 82, 200 games: the defaults 145-55, 72.5%, Elo +168 (95%:
// +115..+222), escalating 144-56, 72.0%. At the official 30 s against Lynx3 (rebuilt as above),
// seed 770, stopped after 64 games: 34-30, 53.1%, Elo +22 (about -64..+110), 16/32 as first and
// 18/32 as second, 0 failures, ours at most 28.6 s and 28.1 MB; the defaults beside it, seed 771,
// 64 games: 45-19, 70.3%, Elo +150 (95%: +58..+242), 20/32 and 25/32, 0 failures, at most 28.5 s
// and 28.6 MB. Dropping blocks with two or more batches throws away what the search learned there.
// Code not kept.
// The opposite, keeping more: MAX_EDGES 2,800,000 (about the most the memory check allows), same
// clock, seed 772, 100 games: 70-30, 70.0%, Elo +147 (95%: +73..+221), 35/50 in each seat, 0
// failures, ours at most 28.5 s and 51.9 MB: as the defaults beside it (70.3% over 64), so the
// frozen tree costs nothing measurable either. Not kept: no gain for most of the memory margin.
// Session 79, more time after a surprise. In the 164 games of seeds 771 and 772 our win rate fell
// more than 8 points from one of our moves to the next (Lynx3's answer stronger than foreseen) by
// ply 40 in 47 games, and 29 of them were lost; a fall of more than 5 points came in 45 of the 49
// losses. So a search whose move, once its share was spent, promised more than 6 points less than
// our previous search had expected after its move went on for one share more before the unstable
// check (up to four shares with it). Calibrated screen with the work shared as the clock is
// (`playouts_per_game` 1,240,000, Lynx3 625 iterations), seed 82, 200 games, 0 failures: 153-47,
// 76.5%, Elo +205 (95%: +149..+262), 195 of 5,186 searches surprised; a fall of 4 points and two
// shares more 152-48, 76.0%, Elo +200 (+144..+256), 473 of 5,263; the defaults had 149-51, 74.5%,
// on that seed (session 73; 145-55 with the arena cut, session 77). At the official 30 s against
// Lynx3 (25 s budget, 26,400-node cap), the first variant, seed 790, stopped after 134 games (70%
// was out of reach): 84-50, 62.7%, Elo +90 (about +31..+154), 39/67 as first and 45/67 as second, 0
// failures, ours at most 28.6 s and 29.0 MB, 202 of 3,939 searches surprised; 6 points under the
// build's 68.6%. A guess, not measured: after such a fall the game is often lost already, and
// the time spent there is taken from later moves. Code not kept.
// Session 80, a playout judged by corners: with chance c the playout counts as won with chance (own
// corners) / 5 instead of by the three-of-five rule, so that a side's rate leans towards its
// corners (one random draw; the counts stay whole). Calibrated screen (`playouts_per_game`
// 1,240,000, Lynx3 625 iterations), 200 games each, 0 failures: seed 82, c 0.25 144-56, 72.0%, Elo
// +164 (95%: +111..+217); c 0 (the same build) 140-60, 70.0%, +147 (+95..+200); c 0.5 129-71,
// 64.5%, +104 (+54..+154); seed 83, c 0.25 150-50, 75.0%, +191 (+135..+246). The defaults had
// 149-51 on seed 82 in session 73: no gain. Code not kept.
// Session 80, lock-in (`explore_big_blocks`). The position before our move at ply 17 of seed 772's
// game 47, searched six times at 800,000 playouts: three searches made 3 their most visited move
// (28-99% of the playouts) at a rate of 53-60%, the other three 29 (44-70%) at 44-47%, and in two
// of those 3 had only 416 and 640 playouts, at 38-41%. In another (seed 771, game 34, ply 20) four
// searches all chose 39, at 41.4-54.2%. Greedy selection settles on the first reply that looks
// good, at the root and in the blocks below it, so a move's rate depends on which replies happened
// to be settled on, and more time does not undo it. An exploration bonus 0.3 sqrt(ln(block
// playouts) / (edge playouts + 1)) only in blocks with 100,000 real playouts or more (the root and
// a few blocks below it at the clock; none on the calibrated screen) in six searches of the first
// position: 3 most visited in four, at 45.8-47.0%, 76 in two at 45.3-47.6%. At the official 30 s
// against Lynx3 (25 s budget, 26,400-node cap), seed 800, stopped after 130 games for the session's
// time: 96-34, 73.8%, Elo +180 (about +117..+256), 51/65 as first and 45/65 as second, 0 failures,
// ours at most 28.6 s and 28.2 MB; the build has 68.6% over 714. 5 points up, about 1.2 standard
// errors: not yet adopted (default 0); the confirmation over 200 games is the next run.
// Session 81, the confirmation: the same build with `--set explore_big_blocks=0.3`, official 30 s,
// seed 801, 200 games: 154-46, 77.0%, Elo +210 (95%: +153..+267), 68/100 as first and 86/100 as
// second, 0 failures on either side, ours at most 28.6 s and 27.9 MB. Adopted (default 0.3).
// Its cost: the benchmark's 2 s search from the empty board makes about 2% fewer playouts (822,000
// against 838,000, two runs each), the sum over a block in every selection above the threshold.
// C 0.5, the same build, 30 s, seed 810, 100 games: 70-30, 70.0%, Elo +147 (95%: +73..+221), 35/50
// as first and 35/50 as second, 0 failures, ours at most 28.5 s and 28.0 MB: not better than 0.3.

protocol::tunables! {
    /// The choices of the Poly-Y engines that a match may override.
    pub struct Settings {
        /// The share of the time left that one move may use (rules §11: about a tenth).
        time_share: f64 = 0.1,
        /// Player: the weight of the AMAF win rate in the selection score, the rest real results.
        amaf_weight: f64 = 0.75,
        /// Player: a new block starts with the AMAF counts of the block two plies up (the same
        /// mover), scaled down to at most this many playouts per edge (0: starts empty).
        inherit_amaf: u32 = 0,
        /// Player: playouts that judge each new position.
        leaf_playouts: u32 = 32,
        /// Player's playouts: answer intrusions into bridges and edge templates.
        playout_replies: bool = true,
        /// Player's playouts: the first pick may answer the last move of the tree. Off (as in
        /// Lynx3), the field that answers it is picked at random in the first step, so the AMAF
        /// counts of the block below learn how much that answer matters.
        answer_tree_move: bool = false,
        /// Player's playouts: the ladder set of replies (Lynx3's rule), else the adjacent one.
        ladder_replies: bool = true,
        /// Player's playouts: also answer intrusions into templates from two or more steps in.
        deep_templates: bool = true,
        /// Player's playouts: only fields two or more steps in while more are empty than this.
        deep_only_above: u32 = 80,
        /// Player's playouts: no border fields while more are empty than this.
        inner_only_above: u32 = 50,
        /// Player: 0 lets the search judge the swap; 1 swaps every first move two or more steps
        /// from the border and the class of field 15 (the policy rules §11 reports), else plays
        /// on; 2 never swaps; 3 swaps every first move two or more steps from the border only,
        /// so field 11 (Lynx3's opening) is answered, not taken (see above).
        swap_policy: u32 = 3,
        /// Player: batches an edge must have led to before the position after it gets a block
        /// of its own (0: at once).
        expand_after: u32 = 0,
        /// Player: the most tree edges, up to `MAX_EDGES` (to mimic a long clock's memory limit
        /// on a short one).
        max_edges: u32 = MAX_EDGES as u32,
        /// Player: when the tree is full, drop the blocks whose edge has led to fewer than this
        /// many batches and let it grow again (0: never; the tree then stops growing). Pruning
        /// stops for the move once it frees less than a quarter of the arena.
        prune_batches: u32 = 2,
        /// Player: keep the subtree of the position reached from one move to the next.
        reuse_tree: bool = true,
        /// Player: the first move as first player (a CodeCup number; 0 lets the search choose).
        opening: u32 = 11,
        /// Player: play the opening book's reply where it has one ([`crate::book`]). Off: the
        /// self-play book scored 53.5% on the calibrated screen where the search alone had
        /// 58.5% (76.0% against 74.5% with the player of late November 2026), and the book of
        /// 20,000,000-playout searches 23 of 47 against Lynx3 at 30 s (see above).
        book: bool = false,
        /// Player: virtual AMAF playouts each field of a new block starts with, at a win rate
        /// from the learned move weights ([`crate::knowledge`]); 0 for none. 40, with `rave_k`
        /// 20,000: 63.5% against Lynx3 at 30 s (see above).
        prior_visits: u32 = 40,
        /// Player: the prior's win rate above 0.5 per unit of log-weight above the block's mean.
        prior_scale: f64 = 0.05,
        /// Player: positions a pairing of empty fields decides ([`crate::proof`]) are leaves
        /// judged won without playouts, and a proven win is played out by its pairs (see
        /// above: 55.0% against 52.0% without, at 10 s against Lynx3).
        proofs: bool = true,
        /// Player: the tree keeps who wins after an edge once a finished game, a pairing or the
        /// moves below prove it, and follows proven wins at once and proven losses only when all
        /// are lost (MCTS-solver). Off: sound, but 48.0% against 55.0% without at 30 s (see
        /// above).
        solver: bool = false,
        /// Player: stop each search after this many playouts instead of by the clock (the hard
        /// deadline still holds), for screens that do not depend on the machine's load; 0: by
        /// the clock.
        playouts_per_move: u32 = 0,
        /// Like `playouts_per_move`, but a budget for the whole game, shared out as the clock is
        /// (`time_share` of what is left at each search); 0: off. For screens of time shares
        /// that do not depend on the machine's load.
        playouts_per_game: u32 = 0,
        /// Player: the AMAF weight of an edge through which k real playouts have passed is
        /// `amaf_weight` times sqrt(rave_k / (rave_k + k)); 0 keeps it fixed (see above).
        rave_k: u32 = 20_000,
        /// Player: stop a search once the most visited root move leads the second by more than
        /// this share of the playouts still to come in the move's share (1: only when none of
        /// them could change the choice); 0: off. Off: no gain at 30 s (see above).
        early_stop: f64 = 0.0,
        /// Player: when the move's share is spent while the move the search would follow next
        /// at the root is not the most visited, search on, up to this multiple of the share
        /// more; 0: off. 1: 69.5% against Lynx3 at 30 s over 200 games, 68.6% over all 714 of
        /// its runs (see above).
        extend_unstable: f64 = 1.0,
        /// Player: in blocks through which `explore_min_playouts` real playouts or more have
        /// passed, each edge's score gains this times sqrt(ln(block playouts) / (edge playouts +
        /// 1)); 0: off (greedy everywhere). 0.3: 77.0% against Lynx3 at 30 s over 200 games
        /// (73.8% over 130 in an earlier run; the build without it 68.6% over 714, see above).
        explore_big_blocks: f64 = 0.3,
        /// Player: see `explore_big_blocks`.
        explore_min_playouts: u32 = 100_000,
    }
}
