//! The local CodeCup jury: plays two programs against each other for many games under the official
//! dialogue and clock, checks every move with the game crate, scores as CodeCup does and sums up.

pub mod elo;
pub mod fuzz;
pub mod log;
pub mod process;
pub mod referee;
pub mod registry;
pub mod replay;
pub mod sprt;
pub mod summary;
pub mod view;

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

use protocol::search::random_opening;
use protocol::{Contest, Rng, Seat};

use crate::referee::{play_game, GameRecord, Rules};
use crate::sprt::{Pentanomial, Sprt, SprtState, Verdict};
use crate::summary::Summary;

/// A series of games between two programs, `A` and `B`.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Program and arguments of A and B.
    pub commands: [Vec<String>; 2],
    pub games: usize,
    pub jobs: usize,
    pub rules: Rules,
    pub seed: u64,
    pub log_dir: PathBuf,
    /// Random plies played before each pair of games (the same for both games of a pair), given to
    /// the programs as `--opening`; 0 for none.
    pub opening_plies: u32,
    /// Stop as soon as this test decides (after a whole pair); `games` is then the most played.
    pub sprt: Option<Sprt>,
}

/// One finished game of a match: which program sat first, and what happened.
pub struct MatchGame {
    pub index: usize,
    /// 0 when A sat first, 1 when B did.
    pub first_player: usize,
    pub record: GameRecord,
}

impl MatchGame {
    /// A's result: 1 for a win, ½ for a draw, 0 for a loss (by CodeCup points).
    pub fn score_of_a(&self) -> f64 {
        let [a, b] = self.points();
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        }
    }

    /// Points of `[A, B]`.
    pub fn points(&self) -> [u32; 2] {
        let [first, second] = self.record.scores;
        if self.first_player == 0 {
            [first, second]
        } else {
            [second, first]
        }
    }

    /// The seat program `player` (0 = A) sat in.
    pub fn seat_of(&self, player: usize) -> Seat {
        if player == self.first_player {
            Seat::First
        } else {
            Seat::Second
        }
    }
}

/// Plays the match, games in parallel, calling `on_game` (in order of completion) for each with
/// the summary so far. Games come in pairs on the same setup: A first in the even game, B first in
/// the odd one. With an SPRT, no new game starts once it has decided (games under way finish).
pub fn run_match<G: Contest>(config: &MatchConfig, mut on_game: impl FnMut(&MatchGame, &Summary)) -> Summary {
    std::fs::create_dir_all(&config.log_dir)
        .unwrap_or_else(|e| panic!("cannot create the log folder {}: {e}", config.log_dir.display()));
    let next = AtomicUsize::new(0);
    let decided = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel();
    let mut summary = Summary::new(config.commands.clone(), config.rules.time_limit);
    let mut pairs = PairTally::default();
    thread::scope(|scope| {
        for _ in 0..config.jobs.max(1) {
            let sender = sender.clone();
            let (next, decided) = (&next, &decided);
            scope.spawn(move || loop {
                if decided.load(Ordering::SeqCst) {
                    return;
                }
                let index = next.fetch_add(1, Ordering::SeqCst);
                if index >= config.games {
                    return;
                }
                let game = play_one::<G>(config, index);
                if sender.send(game).is_err() {
                    return;
                }
            });
        }
        drop(sender);
        for game in receiver {
            summary.add(&game);
            pairs.add(&game);
            if let Some(sprt) = config.sprt {
                let state = SprtState::new(sprt, pairs.pentanomial);
                if state.verdict != Verdict::Continue {
                    decided.store(true, Ordering::SeqCst);
                }
                summary.sprt = Some(state);
            }
            on_game(&game, &summary);
        }
    });
    summary
}

/// Pair results as they complete: a pair counts once both of its games are in.
#[derive(Default)]
struct PairTally {
    halves: HashMap<usize, f64>,
    pentanomial: Pentanomial,
}

impl PairTally {
    fn add(&mut self, game: &MatchGame) {
        let score = game.score_of_a();
        if let Some(other) = self.halves.remove(&(game.index / 2)) {
            // 0, ½, 1, 1½ or 2 points of the pair: the bucket is twice that.
            self.pentanomial[((score + other) * 2.0).round() as usize] += 1;
        } else {
            self.halves.insert(game.index / 2, score);
        }
    }
}

fn play_one<G: Contest>(config: &MatchConfig, index: usize) -> MatchGame {
    let pair = index / 2;
    let mut rng = Rng::new(config.seed ^ (pair as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let setup = G::random_setup(&mut rng);
    let opening = if config.opening_plies == 0 {
        Vec::new()
    } else {
        let start = G::from_setup(&setup).expect("the jury's own setup is valid");
        random_opening(&start, config.opening_plies, &mut rng)
    };
    let first_player = index % 2;
    let order = [first_player, 1 - first_player];
    let with_opening = |command: &[String]| -> Vec<String> {
        let mut command = command.to_vec();
        if !opening.is_empty() {
            command.extend(["--opening".to_string(), opening.join(",")]);
        }
        command
    };
    let owned = [with_opening(&config.commands[order[0]]), with_opening(&config.commands[order[1]])];
    let commands = [owned[0].as_slice(), owned[1].as_slice()];
    let stem = config.log_dir.join(format!("game-{:04}", index + 1));
    let stderr_first = stem.with_extension("first.stderr");
    let stderr_second = stem.with_extension("second.stderr");
    let record = play_game::<G>(&setup, &opening, commands, [&stderr_first, &stderr_second], &config.rules);
    let title = format!("{}, game {} of {}", G::NAME, index + 1, config.games);
    let joined = [commands[0].join(" "), commands[1].join(" ")];
    let text = log::format_log(G::NAME, &title, [&joined[0], &joined[1]], &record);
    if let Err(e) = std::fs::write(stem.with_extension("log"), text) {
        eprintln!("jury: cannot write the log of game {}: {e}", index + 1);
    }
    MatchGame { index, first_player, record }
}
