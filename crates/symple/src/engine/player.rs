//! The Symple player: flat Monte-Carlo over a handful of candidate moves, chosen by UCB1. The
//! candidates are the decisions that matter (spec §10): expand now (the greedy expansion and noisy
//! variants, with Black's special move while it lasts) or explore at one of the roomiest points.
//! Each playout finishes the game with the fixed-rule policy for both sides, each with a group
//! target drawn at random, and is judged by the CodeCup points margin, so the search maximises
//! the margin and not only the win.

use arrayvec::ArrayVec;
use protocol::{Engine, Game, Rng, TurnClock};

use crate::engine::policy::{exploration_candidates, fixed_rule_move, greedy_expansion};
use crate::game::{Move, Symple, Turn};
use crate::settings::{Settings, CLOCK_CHECK_PLAYOUTS, MAX_CANDIDATES};

/// Points margin that maps to a reward of 0 or 1 (a win by 100 bonus + 150 points is about the
/// most a game gives).
const MARGIN_SCALE: f64 = 500.0;

pub struct Player {
    rng: Rng,
    settings: Settings,
}

#[derive(Clone, Copy)]
struct Candidate {
    mv: Move,
    playouts: u32,
    reward: f64,
    margin: f64,
}

impl Player {
    pub fn new(seed: u64, settings: &Settings) -> Player {
        Player { rng: Rng::new(seed), settings: *settings }
    }

    /// The moves worth comparing: expansions first, then the roomiest explorations.
    fn candidates(&mut self, game: &Symple) -> ArrayVec<Move, MAX_CANDIDATES> {
        let turn = Turn::new(game);
        let mut moves: ArrayVec<Move, MAX_CANDIDATES> = ArrayVec::new();
        let add = |mv: Move, moves: &mut ArrayVec<Move, MAX_CANDIDATES>| {
            if !moves.contains(&mv) && !moves.is_full() {
                moves.push(mv);
            }
        };
        let explorations = exploration_candidates(game, &turn, self.settings.explore_candidates as usize);
        if !turn.all_liberties.is_empty() {
            for variant in 0..self.settings.expand_candidates.max(1) {
                let noise = if variant == 0 { 0.0 } else { self.settings.playout_noise };
                let stones = greedy_expansion(game, &turn, &self.settings, noise, &mut self.rng);
                add(Move { stones }, &mut moves);
                if turn.special && variant == 0 {
                    for &(spot, _) in explorations.iter().take(2) {
                        if !(stones | stones.neighbours()).contains(spot) {
                            let mut with = stones;
                            with.insert(spot);
                            add(Move { stones: with }, &mut moves);
                        }
                    }
                }
            }
        }
        for &(point, _) in &explorations {
            add(Move::single(point), &mut moves);
        }
        if moves.is_empty() {
            // No group can grow and no point is roomy: any exploration.
            let point = turn.explorations.first().expect("a vacant point");
            moves.push(Move::single(point));
        }
        moves
    }

    /// Finishes the game from `game` with the fixed-rule policy; the points margin of `colour`.
    fn playout(&mut self, game: &Symple, colour: crate::Colour) -> f64 {
        let mut game = game.clone();
        let (low, high) = (
            self.settings.playout_groups_min,
            self.settings.playout_groups_max.max(self.settings.playout_groups_min),
        );
        let targets = [0; 2].map(|_| low + self.rng.below((high - low + 1) as usize) as u32);
        while !game.is_full() {
            let target = targets[game.to_move().index()];
            let mv =
                fixed_rule_move(&game, target, &self.settings, self.settings.playout_noise, &mut self.rng);
            game.apply(mv);
        }
        let points = game.points();
        f64::from(points[colour.index()]) - f64::from(points[colour.other().index()])
    }
}

impl Engine<Symple> for Player {
    fn choose(&mut self, game: &Symple, clock: &TurnClock) -> Move {
        let moves = self.candidates(game);
        if moves.len() == 1 {
            eprintln!("symple: ply {} forced {}", game.plies() + 1, game.format_move(moves[0]));
            return moves[0];
        }
        let mut candidates: ArrayVec<Candidate, MAX_CANDIDATES> =
            moves.iter().map(|&mv| Candidate { mv, playouts: 0, reward: 0.0, margin: 0.0 }).collect();
        let share = clock.available().mul_f64(self.settings.time_share);
        let deadline = clock.deadline(share, share);
        let me = game.to_move();
        let mut total = 0u32;
        'search: loop {
            for _ in 0..CLOCK_CHECK_PLAYOUTS {
                let log_total = f64::from(total.max(1)).ln();
                let pick = (0..candidates.len())
                    .max_by(|&a, &b| {
                        let ucb = |c: &Candidate| {
                            if c.playouts == 0 {
                                f64::MAX
                            } else {
                                let n = f64::from(c.playouts);
                                c.reward / n + self.settings.exploration * (log_total / n).sqrt()
                            }
                        };
                        ucb(&candidates[a]).total_cmp(&ucb(&candidates[b]))
                    })
                    .expect("a candidate");
                let mut after = game.clone();
                after.apply(candidates[pick].mv);
                let margin = self.playout(&after, me);
                let candidate = &mut candidates[pick];
                candidate.playouts += 1;
                candidate.margin += margin;
                candidate.reward += (0.5 + margin / MARGIN_SCALE).clamp(0.0, 1.0);
                total += 1;
            }
            if std::time::Instant::now() >= deadline.soft {
                break 'search;
            }
        }
        let best = candidates.iter().max_by_key(|c| c.playouts).expect("a candidate");
        eprintln!(
            "symple: ply {} candidates {} playouts {} margin {:+.1} {} {:.0} ms",
            game.plies() + 1,
            candidates.len(),
            total,
            best.margin / f64::from(best.playouts.max(1)),
            game.format_move(best.mv),
            clock.elapsed().as_secs_f64() * 1e3
        );
        best.mv
    }
}
