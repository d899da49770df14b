//! The main loop every bot runs: read the setup lines, learn the seat from the first line, then
//! move and read moves until the game is over, `Quit` arrives or input ends. Bad lines (a person
//! typing by hand) get one line on stderr and change nothing.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use crate::bot::Bot;
use crate::clock::{Clock, TurnClock};
use crate::flags::{Flags, JURY_TIME_VARIABLE};
use crate::game::{Engine, Game, MoveError, SearchGame, Seat};
use crate::input::{clip, Line, LineReader, Reports, QUOTED_CHARS};
use crate::rng::Rng;
use crate::tune::Tunables;

/// How a game's dialogue ended. Both are clean exits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Quit,
    EndOfInput,
}

/// Everything [`play`] needs besides the engine and the streams.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    pub total_time: Duration,
    pub show: bool,
    /// When the process started: start-up work before the dialogue counts against the clock.
    pub launched: Instant,
    /// Moves played from the start before the dialogue begins (`--opening`).
    pub opening: Vec<String>,
}

impl PlayOptions {
    /// The official clock, no drawing, no opening, launched now.
    pub fn official<G: Game>() -> PlayOptions {
        PlayOptions { total_time: G::TIME_LIMIT, show: false, launched: Instant::now(), opening: Vec::new() }
    }
}

/// The whole bot: flags, engine, dialogue on stdin/stdout. Call it from `main`.
pub fn run_bot<B: Bot>() -> ExitCode {
    let launched = Instant::now();
    let name = B::Game::NAME;
    let has_setup = B::Game::SETUP_LINES > 0;
    let flags = match Flags::parse(std::env::args().skip(1), has_setup) {
        Ok(flags) => flags,
        Err(e) => {
            eprintln!("{name}: {e}");
            return ExitCode::from(2);
        }
    };
    if flags.help {
        print!("{}", help::<B>());
        return ExitCode::SUCCESS;
    }
    let engine_name = flags.engine.clone().unwrap_or_else(|| B::ENGINES[0].name.to_string());
    let spec = match B::find_engine(&engine_name) {
        Ok(spec) => spec,
        Err(e) => {
            eprintln!("{name}: {e}");
            return ExitCode::from(2);
        }
    };
    let settings = match B::Settings::with_overrides(&flags.set) {
        Ok(settings) => settings,
        Err(e) => {
            eprintln!("{name}: {e}");
            return ExitCode::from(2);
        }
    };
    let jury_time = std::env::var(JURY_TIME_VARIABLE).ok();
    let total_time = match flags.total_time(jury_time.as_deref(), B::Game::TIME_LIMIT) {
        Ok(time) => time,
        Err(e) => {
            eprintln!("{name}: {e}");
            return ExitCode::from(2);
        }
    };
    let seed = flags.seed.unwrap_or_else(Rng::seed_from_entropy);
    let mut engine = (spec.make)(seed, &settings);
    if let Some(moves) = &flags.analyze {
        return match analyze::<B::Game>(engine.as_mut(), &flags.setup, moves, total_time) {
            Ok(text) => {
                println!("{text}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("{name}: --analyze: {e}");
                ExitCode::from(2)
            }
        };
    }
    let options = PlayOptions { total_time, show: flags.show, launched, opening: flags.opening.clone() };
    let stdin = io::stdin();
    let stdout = io::stdout();
    let result =
        play::<B::Game>(engine.as_mut(), &options, &mut stdin.lock(), &mut stdout.lock(), &mut io::stderr());
    match result {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{name}: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The bot's `--help` text.
pub fn help<B: Bot>() -> String {
    let has_setup = B::Game::SETUP_LINES > 0;
    Flags::usage(B::Game::NAME, has_setup, B::Game::TIME_LIMIT, &B::engine_names(), &B::Settings::describe())
}

/// The move `engine` chooses after `moves` from the position of `setup`, with `time` left in the
/// game: for reading a lost game afterwards, one position at a time.
pub fn analyze<G: Game>(
    engine: &mut dyn Engine<G>,
    setup: &[String],
    moves: &[String],
    time: Duration,
) -> Result<String, String> {
    let mut game = G::from_setup(setup)?;
    for (ply, text) in moves.iter().enumerate() {
        if game.is_over() {
            return Err(format!("the game is over before move {} '{}'", ply + 1, clip(text, QUOTED_CHARS)));
        }
        let mv = game
            .parse_move(text)
            .map_err(|e| format!("move {} '{}': {e}", ply + 1, clip(text, QUOTED_CHARS)))?;
        game.apply(mv);
    }
    if game.is_over() {
        return Err("the game is over in that position".to_string());
    }
    let mv = engine.choose(&game, &TurnClock::with_available(time));
    if !game.is_legal(mv) {
        return Err(format!("the engine chose the illegal move {mv:?}"));
    }
    Ok(game.format_move(mv))
}

/// What the first line after the setup told us.
enum Opening {
    Seat(Seat),
    Ended(Ending),
}

/// Plays one game. Returns how it ended; an `Err` only for a broken stream that is not simply
/// closed (a closed stdout counts as the end of the game). Lines it cannot use get one short line
/// on `diagnostics` (see [`Reports`]) and change nothing.
pub fn play<G: SearchGame>(
    engine: &mut dyn Engine<G>,
    options: &PlayOptions,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
    diagnostics: &mut dyn Write,
) -> io::Result<Ending> {
    let mut clock = Clock::new(options.total_time);
    clock.charge(options.launched.elapsed());
    let mut input = LineReader::new(input);
    let mut reports = Reports::new(G::NAME, diagnostics);

    let mut setup: Vec<String> = Vec::with_capacity(G::SETUP_LINES);
    while setup.len() < G::SETUP_LINES {
        let line = match input.next_line()? {
            None => return Ok(Ending::EndOfInput),
            Some(Line::Text(text)) if text == "Quit" => return Ok(Ending::Quit),
            Some(line @ Line::TooLong(..)) => {
                reports.refused("setup line", &line, "");
                continue;
            }
            Some(Line::Text(text)) => text,
        };
        setup.push(line);
        if let Err(e) = G::check_setup(&setup) {
            let line = Line::Text(setup.pop().unwrap_or_default());
            reports.refused("setup line", &line, &e);
        }
    }
    let mut game = G::from_setup(&setup).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
    for (ply, text) in options.opening.iter().enumerate() {
        let mv = game.parse_move(text).map_err(|e| {
            let message = format!("opening move {} '{}': {e}", ply + 1, clip(text, QUOTED_CHARS));
            io::Error::new(io::ErrorKind::InvalidInput, message)
        })?;
        game.apply(mv);
    }

    let (me, mut turn_started) = loop {
        let line = match input.next_line()? {
            None => return Ok(Ending::EndOfInput),
            Some(Line::Text(text)) => text,
            Some(line) => {
                reports.refused("line", &line, "");
                continue;
            }
        };
        let read_at = Instant::now();
        match opening::<G>(&mut game, &line) {
            Ok(Opening::Seat(seat)) => break (seat, read_at),
            Ok(Opening::Ended(ending)) => return Ok(ending),
            Err(e) => reports.refused("line", &Line::Text(line), &e.to_string()),
        }
    };
    if options.show {
        let _ = writeln!(reports.stream(), "{}", game.render());
    }

    loop {
        if game.is_over() {
            return drain_until_quit(&mut input);
        }
        if game.seat_to_move() == me {
            let turn = clock.start_turn(turn_started);
            let mut mv = engine.choose(&game, &turn);
            if !game.is_legal(mv) {
                let fallback = game.first_legal_move().expect("a game that is not over has a legal move");
                reports.note(&format!(
                    "engine proposed the illegal move {mv:?}; playing {} instead",
                    game.format_move(fallback)
                ));
                mv = fallback;
            }
            let text = game.format_move(mv);
            // The turn ends before the write: once the jury has our line it may stop us at once.
            let replied = Instant::now();
            let written = writeln!(output, "{text}").and_then(|_| output.flush());
            if let Err(e) = written {
                return if e.kind() == io::ErrorKind::BrokenPipe { Ok(Ending::EndOfInput) } else { Err(e) };
            }
            clock.end_turn(&turn, replied);
            game.apply(mv);
            // If we move again at once (Dvonn's ply 50, Poly-Y after a swap), that turn starts now.
            turn_started = Instant::now();
        } else {
            let line = match input.next_line()? {
                None => return Ok(Ending::EndOfInput),
                Some(line) => line,
            };
            turn_started = Instant::now();
            let text = match &line {
                Line::Text(text) if text == "Quit" => return Ok(Ending::Quit),
                Line::Text(text) => text,
                Line::TooLong(..) => {
                    reports.refused("move", &line, "");
                    continue;
                }
            };
            match game.parse_move(text) {
                Ok(mv) => game.apply(mv),
                Err(e) => {
                    reports.refused("move", &line, &e.to_string());
                    continue;
                }
            }
        }
        if options.show {
            let _ = writeln!(reports.stream(), "{}", game.render());
        }
    }
}

/// Interprets the first line after the setup (and any `--opening`): `Start` (we are the side to
/// move: the first seat unless an opening was played), `Quit`, or the other side's move.
fn opening<G: Game>(game: &mut G, line: &str) -> Result<Opening, MoveError> {
    match line {
        "Start" => Ok(Opening::Seat(game.seat_to_move())),
        "Quit" => Ok(Opening::Ended(Ending::Quit)),
        _ => {
            let mover = game.seat_to_move();
            let mv = game.parse_move(line)?;
            game.apply(mv);
            Ok(Opening::Seat(mover.other()))
        }
    }
}

/// After the game is over: the jury may still relay the last move; wait for `Quit` or the end.
fn drain_until_quit(input: &mut LineReader) -> io::Result<Ending> {
    while let Some(line) = input.next_line()? {
        if line == Line::Text("Quit".to_string()) {
            return Ok(Ending::Quit);
        }
    }
    Ok(Ending::EndOfInput)
}
