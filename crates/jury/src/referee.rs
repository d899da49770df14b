//! One game between two programs, refereed exactly as the CodeCup jury does: setup lines to both,
//! `Start` to the first seat, every move checked with the game crate and relayed (as the opponent
//! must read it), each player's clock running from the line sent to the reply read, `Quit` to both
//! at the end.

use std::fmt;
use std::fs::File;
use std::path::Path;
use std::time::{Duration, Instant};

use protocol::input::clip;
use protocol::{Contest, MoveErrorKind, Seat};

use crate::process::{PlayerProcess, Reply};

/// How a program can lose irregularly (score 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Failure {
    /// A readable move that the rules do not allow.
    Illegal,
    /// The total time ran out.
    Timeout,
    /// The program exited or closed its output before answering, or could not be started.
    Crash,
    /// A line that is not a move at all (or an empty line).
    BadOutput,
    /// Peak memory above the 64 MB limit.
    Memory,
}

impl Failure {
    pub const ALL: [Failure; 5] =
        [Failure::Illegal, Failure::Timeout, Failure::Crash, Failure::BadOutput, Failure::Memory];
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Failure::Illegal => "illegal",
            Failure::Timeout => "timeout",
            Failure::Crash => "crash",
            Failure::BadOutput => "bad output",
            Failure::Memory => "memory",
        })
    }
}

/// The memory limit as the 2011 jury enforced it: 64,000,000 bytes.
pub const MEMORY_LIMIT: u64 = 64_000_000;

/// How the jury runs a game.
#[derive(Clone, Debug)]
pub struct Rules {
    /// Total thinking time per player per game.
    pub time_limit: Duration,
    /// Relay the game-ending move to the other player before `Quit` (juries differ; bots must
    /// cope with both).
    pub relay_final_move: bool,
    /// Stop each program (SIGSTOP) from its reply until its next line, as CodeCup's jury did, so
    /// that nothing thinks on the opponent's time.
    pub suspend_between_turns: bool,
}

impl Rules {
    /// `time_limit` per player per game, the final move relayed, programs stopped between turns.
    pub fn new(time_limit: Duration) -> Rules {
        Rules { time_limit, relay_final_move: true, suspend_between_turns: true }
    }
}

/// One ply as it happened.
#[derive(Clone, Debug)]
pub struct Ply {
    pub seat: Seat,
    /// Exactly what the player wrote (or what the jury played for it).
    pub text: String,
    pub time: Duration,
    /// Played by the jury for a program that had failed.
    pub by_jury: bool,
}

/// How one program failed, and when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatFailure {
    pub kind: Failure,
    /// The jury's explanation (the offending line, the time used).
    pub reason: String,
    /// Plies played (after the opening) when it failed.
    pub ply: usize,
}

/// Everything about a finished game, by seat (`[first, second]`).
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub setup: Vec<String>,
    /// Moves played before the dialogue (given to the programs as `--opening`).
    pub opening: Vec<String>,
    pub plies: Vec<Ply>,
    pub scores: [u32; 2],
    /// How each seat failed, if it did.
    pub failures: [Option<SeatFailure>; 2],
    pub time_used: [Duration; 2],
    pub peak_memory: [u64; 2],
    /// Whether each program exited by itself, status 0, after `Quit` (always false for a program
    /// that failed, which the jury stops).
    pub clean_exit: [bool; 2],
}

impl GameRecord {
    /// The seat that scored more; `None` for a draw.
    pub fn winner(&self) -> Option<Seat> {
        match self.scores[0].cmp(&self.scores[1]) {
            std::cmp::Ordering::Greater => Some(Seat::First),
            std::cmp::Ordering::Less => Some(Seat::Second),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// Which seats failed.
    pub fn failed(&self) -> [bool; 2] {
        [self.failures[0].is_some(), self.failures[1].is_some()]
    }

    pub fn any_failure(&self) -> bool {
        self.failed().contains(&true)
    }
}

/// Plays one game of `G` from `setup` and `opening` between `commands[0]` (first seat) and
/// `commands[1]`; their stderr goes to `stderr_logs`. The commands must already carry the opening
/// (`--opening`) if there is one; the seat to move after it reads `Start`.
///
/// A program that fails (illegal or unreadable move, crash, timeout, memory) is stopped and
/// scores 0. Where the official jury played on ([`Contest::PLAYS_ON_AFTER_FAILURE`]) the jury
/// then plays the failed seat's first legal move at each of its turns, the other program plays on
/// to the end, and the finished game is scored; otherwise the game stops there.
pub fn play_game<G: Contest>(
    setup: &[String],
    opening: &[String],
    commands: [&[String]; 2],
    stderr_logs: [&Path; 2],
    rules: &Rules,
) -> GameRecord {
    play_watched_game::<G>(setup, opening, commands, stderr_logs, rules, &|_| false)
        .expect("a game nobody abandons ends")
}

/// [`play_game`], with `abandon` asked before each ply and once the game is over: when it answers
/// true, the programs are stopped at once and the game is dropped (`None`, no scores).
pub fn play_watched_game<G: Contest>(
    setup: &[String],
    opening: &[String],
    commands: [&[String]; 2],
    stderr_logs: [&Path; 2],
    rules: &Rules,
    abandon: &dyn Fn(&GameRecord) -> bool,
) -> Option<GameRecord> {
    let mut record = GameRecord {
        setup: setup.to_vec(),
        opening: opening.to_vec(),
        plies: Vec::new(),
        scores: [0; 2],
        failures: [None, None],
        time_used: [Duration::ZERO; 2],
        peak_memory: [0; 2],
        clean_exit: [false; 2],
    };
    let mut game = G::from_setup(setup).expect("the jury's own setup is valid");
    for text in opening {
        let mv = game.parse_move(text).expect("the jury's own opening is legal");
        game.apply(mv);
    }

    let mut players: [Option<PlayerProcess>; 2] = [None, None];
    for seat in Seat::BOTH {
        let started = File::create(stderr_logs[seat.index()]).and_then(|log| {
            PlayerProcess::spawn(commands[seat.index()], log, rules.suspend_between_turns, rules.time_limit)
        });
        match started {
            Ok(mut player) => {
                for line in setup {
                    player.send(line);
                }
                players[seat.index()] = Some(player);
            }
            Err(e) => {
                let reason = format!("cannot start '{}': {e}", commands[seat.index()].join(" "));
                record.failures[seat.index()] = Some(SeatFailure { kind: Failure::Crash, reason, ply: 0 });
            }
        }
    }
    let first = game.seat_to_move();
    if let Some(player) = players[first.index()].as_mut() {
        player.send("Start");
        player.start_turn();
    }

    let plays_on = |record: &GameRecord| G::PLAYS_ON_AFTER_FAILURE && record.failed().contains(&false);
    let mut abandoned = false;
    while !game.is_over() && (!record.any_failure() || plays_on(&record)) {
        if abandon(&record) {
            abandoned = true;
            break;
        }
        let seat = game.seat_to_move();
        let (mv, ply, replied_at) = match players[seat.index()].as_mut() {
            // A failed seat: the jury moves for it, at once.
            None => {
                let mv = game.first_legal_move().expect("a game that is not over has a legal move");
                let text = game.format_move(mv);
                (mv, Ply { seat, text, time: Duration::ZERO, by_jury: true }, Instant::now())
            }
            Some(player) => match await_move(&game, player, rules) {
                Ok(moved) => moved,
                Err((kind, reason)) => {
                    let ply = record.plies.len();
                    record.failures[seat.index()] = Some(SeatFailure { kind, reason, ply });
                    if let Some(player) = players[seat.index()].take() {
                        retire(player, seat, &mut record, Duration::from_millis(100));
                    }
                    continue;
                }
            },
        };
        let relay = game.relay_text(mv);
        record.plies.push(ply);
        game.apply(mv);
        let other = seat.other();
        if let Some(opponent) = players[other.index()].as_mut() {
            if !game.is_over() || rules.relay_final_move {
                opponent.send(&relay);
            }
        }
        if game.is_over() {
            break;
        }
        let next = game.seat_to_move();
        if next != seat {
            if let Some(player) = players[seat.index()].as_mut() {
                player.end_turn();
            }
        }
        if let Some(player) = players[next.index()].as_mut() {
            if next == seat {
                // It moves again at once (Dvonn's ply 50): its turn goes on from its reply.
                player.continue_turn(replied_at);
            } else {
                player.start_turn();
            }
        }
    }

    if abandoned || abandon(&record) {
        for player in players.into_iter().flatten() {
            player.finish(Duration::ZERO);
        }
        return None;
    }
    let failed = record.failed();
    record.scores = if failed.contains(&true) { game.irregular_scores(failed) } else { game.final_scores() };
    for seat in Seat::BOTH {
        if let Some(player) = players[seat.index()].take() {
            retire(player, seat, &mut record, Duration::from_secs(2));
        }
    }
    Some(record)
}

/// Waits for the program's move and checks it: the move, its ply and when it was read, or how the
/// program failed.
fn await_move<G: Contest>(
    game: &G,
    player: &mut PlayerProcess,
    rules: &Rules,
) -> Result<(G::Move, Ply, Instant), (Failure, String)> {
    let seat = game.seat_to_move();
    let (reply, replied_at) = player.await_line(rules.time_limit);
    match reply {
        Reply::Timeout => Err((Failure::Timeout, format!("over {:?} in total", rules.time_limit))),
        Reply::Closed => Err((Failure::Crash, "exited or closed its output instead of moving".into())),
        Reply::Line(_, _) if player.peak_memory > MEMORY_LIMIT => {
            Err((Failure::Memory, format!("peak memory {} bytes", player.peak_memory)))
        }
        Reply::Line(text, time) => match game.parse_move(&text) {
            Ok(mv) => Ok((mv, Ply { seat, text, time, by_jury: false }, replied_at)),
            Err(e) => {
                let kind = match e.kind {
                    MoveErrorKind::Syntax => Failure::BadOutput,
                    MoveErrorKind::Illegal => Failure::Illegal,
                };
                Err((kind, format!("'{}': {}", clip(&text, 60), clip(&e.to_string(), 120))))
            }
        },
    }
}

/// Ends a program's part in the game (`Quit`, then a kill after `grace`) and records its time,
/// memory and exit.
fn retire(mut player: PlayerProcess, seat: Seat, record: &mut GameRecord, grace: Duration) {
    player.sample_memory();
    record.time_used[seat.index()] = player.used;
    record.peak_memory[seat.index()] = player.peak_memory;
    let clean = player.finish(grace);
    record.clean_exit[seat.index()] = clean && record.failures[seat.index()].is_none();
}
