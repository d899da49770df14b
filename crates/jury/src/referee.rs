//! One game between two programs, refereed exactly as the CodeCup jury does: setup lines to both,
//! `Start` to the first seat, every move checked with the game crate and relayed (as the opponent
//! must read it), each player's clock running from the line sent to the reply read, `Quit` to both
//! at the end.

use std::fmt;
use std::fs::File;
use std::path::Path;
use std::time::Duration;

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
}

/// One ply as it happened.
#[derive(Clone, Debug)]
pub struct Ply {
    pub seat: Seat,
    /// Exactly what the player wrote.
    pub text: String,
    pub time: Duration,
}

/// Everything about a finished game, by seat (`[first, second]`).
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub setup: Vec<String>,
    pub plies: Vec<Ply>,
    pub scores: [u32; 2],
    /// Who failed, how, and the jury's explanation.
    pub failure: Option<(Seat, Failure, String)>,
    pub time_used: [Duration; 2],
    pub peak_memory: [u64; 2],
    /// Whether each program exited by itself, status 0, after `Quit`.
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
}

/// Plays one game of `G` from `setup` between `commands[0]` (first seat) and `commands[1]`; their
/// stderr goes to `stderr_logs`.
pub fn play_game<G: Contest>(
    setup: &[String],
    commands: [&[String]; 2],
    stderr_logs: [&Path; 2],
    rules: &Rules,
) -> GameRecord {
    let mut record = GameRecord {
        setup: setup.to_vec(),
        plies: Vec::new(),
        scores: [0; 2],
        failure: None,
        time_used: [Duration::ZERO; 2],
        peak_memory: [0; 2],
        clean_exit: [false; 2],
    };
    let mut game = G::from_setup(setup).expect("the jury's own setup is valid");

    let mut players: Vec<PlayerProcess> = Vec::with_capacity(2);
    for seat in [Seat::First, Seat::Second] {
        let started = File::create(stderr_logs[seat.index()])
            .and_then(|log| PlayerProcess::spawn(commands[seat.index()], log));
        match started {
            Ok(player) => players.push(player),
            Err(e) => {
                let reason = format!("cannot start '{}': {e}", commands[seat.index()].join(" "));
                record.failure = Some((seat, Failure::Crash, reason));
                record.scores = game.irregular_scores(seat);
                for player in players {
                    player.finish(Duration::from_millis(100));
                }
                return record;
            }
        }
    }

    for player in players.iter_mut() {
        for line in setup {
            player.send(line);
        }
    }
    players[0].send("Start");
    players[0].start_turn();

    while !game.is_over() {
        let seat = game.seat_to_move();
        let player = &mut players[seat.index()];
        let (reply, replied_at) = player.await_line(rules.time_limit);
        let failure = match reply {
            Reply::Timeout => Some((Failure::Timeout, format!("over {:?} in total", rules.time_limit))),
            Reply::Closed => Some((Failure::Crash, "exited or closed its output instead of moving".into())),
            Reply::Line(_, _) if player.peak_memory > MEMORY_LIMIT => {
                Some((Failure::Memory, format!("peak memory {} bytes", player.peak_memory)))
            }
            Reply::Line(text, time) => match game.parse_move(&text) {
                Ok(mv) => {
                    record.plies.push(Ply { seat, text, time });
                    let relay = game.relay_text(mv);
                    game.apply(mv);
                    if !game.is_over() || rules.relay_final_move {
                        players[seat.other().index()].send(&relay);
                    }
                    if game.is_over() {
                        None
                    } else if game.seat_to_move() == seat {
                        players[seat.index()].continue_turn(replied_at);
                        None
                    } else {
                        players[seat.other().index()].start_turn();
                        None
                    }
                }
                Err(e) => {
                    let kind = match e.kind {
                        MoveErrorKind::Syntax => Failure::BadOutput,
                        MoveErrorKind::Illegal => Failure::Illegal,
                    };
                    record.plies.push(Ply { seat, text: text.clone(), time });
                    Some((kind, format!("'{text}': {e}")))
                }
            },
        };
        if let Some((kind, reason)) = failure {
            record.failure = Some((seat, kind, reason));
            break;
        }
    }

    record.scores = match &record.failure {
        Some((seat, _, _)) => game.irregular_scores(*seat),
        None => game.final_scores(),
    };
    for (i, mut player) in players.into_iter().enumerate() {
        player.sample_memory();
        record.time_used[i] = player.used;
        record.peak_memory[i] = player.peak_memory;
        record.clean_exit[i] = player.finish(Duration::from_secs(2));
    }
    record
}
