//! The main loop every bot runs: read the setup lines, learn the seat from the first line, then
//! move and read moves until the game is over, `Quit` arrives or input ends. Bad lines (a person
//! typing by hand) get one line on stderr and change nothing.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use crate::bot::Bot;
use crate::clock::Clock;
use crate::flags::Flags;
use crate::game::{Engine, Game, Seat};
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
    let flags = match Flags::parse(std::env::args().skip(1)) {
        Ok(flags) => flags,
        Err(e) => {
            eprintln!("{name}: {e}");
            return ExitCode::from(2);
        }
    };
    if flags.help {
        let usage = Flags::usage(name, B::Game::TIME_LIMIT, &B::engine_names(), &B::Settings::describe());
        print!("{usage}");
        return ExitCode::SUCCESS;
    }
    let engine_name = flags.engine.clone().unwrap_or_else(|| B::ENGINES[0].name.to_string());
    let Some(spec) = B::engine(&engine_name) else {
        let names: Vec<&str> = B::ENGINES.iter().map(|e| e.name).collect();
        eprintln!("{name}: unknown engine '{engine_name}' (engines: {})", names.join(", "));
        return ExitCode::from(2);
    };
    let settings = match B::Settings::with_overrides(&flags.set) {
        Ok(settings) => settings,
        Err(e) => {
            eprintln!("{name}: {e}");
            return ExitCode::from(2);
        }
    };
    let seed = flags.seed.unwrap_or_else(Rng::seed_from_entropy);
    let mut engine = (spec.make)(seed, &settings);
    let options = PlayOptions {
        total_time: flags.time.unwrap_or(B::Game::TIME_LIMIT),
        show: flags.show,
        launched,
        opening: flags.opening.clone(),
    };
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

/// Reads the next non-blank line, trimmed (a trailing `\r` included). `None` at end of input.
/// Bytes that are not UTF-8 are kept as replacement characters, so the move parser refuses them.
fn next_line(input: &mut dyn BufRead) -> io::Result<Option<String>> {
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            return Ok(None);
        }
        let line = String::from_utf8_lossy(&bytes);
        let line = line.trim();
        if !line.is_empty() {
            return Ok(Some(line.to_string()));
        }
    }
}

/// What the first line after the setup told us.
enum Opening {
    Seat(Seat),
    Ended(Ending),
}

/// Plays one game. Returns how it ended; an `Err` only for a broken stream that is not simply
/// closed (a closed stdout counts as the end of the game).
pub fn play<G: Game>(
    engine: &mut dyn Engine<G>,
    options: &PlayOptions,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
    diagnostics: &mut dyn Write,
) -> io::Result<Ending> {
    let mut clock = Clock::new(options.total_time);
    clock.charge(options.launched.elapsed());
    let mut warn = |message: String| {
        // Diagnostics are best effort: a closed stderr must not stop the game.
        let _ = writeln!(diagnostics, "{}: {message}", G::NAME);
    };

    let mut setup: Vec<String> = Vec::with_capacity(G::SETUP_LINES);
    while setup.len() < G::SETUP_LINES {
        let Some(line) = next_line(input)? else { return Ok(Ending::EndOfInput) };
        if line == "Quit" {
            return Ok(Ending::Quit);
        }
        setup.push(line);
        if let Err(e) = G::check_setup(&setup) {
            let line = setup.pop().unwrap_or_default();
            warn(format!("ignored setup line '{line}': {e}"));
        }
    }
    let mut game = G::from_setup(&setup).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
    for (ply, text) in options.opening.iter().enumerate() {
        let mv = game.parse_move(text).map_err(|e| {
            let message = format!("opening move {} '{text}': {e}", ply + 1);
            io::Error::new(io::ErrorKind::InvalidInput, message)
        })?;
        game.apply(mv);
    }

    let (me, mut turn_started) = loop {
        let Some(line) = next_line(input)? else { return Ok(Ending::EndOfInput) };
        let read_at = Instant::now();
        match opening::<G>(&mut game, &line) {
            Ok(Opening::Seat(seat)) => break (seat, read_at),
            Ok(Opening::Ended(ending)) => return Ok(ending),
            Err(e) => warn(e),
        }
    };
    let show = |game: &G, diagnostics: &mut dyn Write| {
        let _ = writeln!(diagnostics, "{}", game.render());
    };
    if options.show {
        show(&game, diagnostics);
    }

    loop {
        if game.is_over() {
            return drain_until_quit(input);
        }
        if game.seat_to_move() == me {
            let turn = clock.start_turn(turn_started);
            let mut mv = engine.choose(&game, &turn);
            if !game.is_legal(mv) {
                let fallback = game.any_legal_move().expect("a game that is not over has a legal move");
                let _ = writeln!(
                    diagnostics,
                    "{}: engine proposed the illegal move {mv:?}; playing {} instead",
                    G::NAME,
                    game.format_move(fallback)
                );
                mv = fallback;
            }
            let text = game.format_move(mv);
            let written = writeln!(output, "{text}").and_then(|_| output.flush());
            if let Err(e) = written {
                return if e.kind() == io::ErrorKind::BrokenPipe { Ok(Ending::EndOfInput) } else { Err(e) };
            }
            clock.end_turn(&turn);
            game.apply(mv);
            // If we move again at once (Dvonn's ply 50, Poly-Y after a swap), that turn starts now.
            turn_started = Instant::now();
        } else {
            let Some(line) = next_line(input)? else { return Ok(Ending::EndOfInput) };
            turn_started = Instant::now();
            if line == "Quit" {
                return Ok(Ending::Quit);
            }
            match game.parse_move(&line) {
                Ok(mv) => game.apply(mv),
                Err(e) => {
                    let _ = writeln!(diagnostics, "{}: ignored '{line}': {e}", G::NAME);
                    continue;
                }
            }
        }
        if options.show {
            show(&game, diagnostics);
        }
    }
}

/// Interprets the first line after the setup (and any `--opening`): `Start` (we are the side to
/// move: the first seat unless an opening was played), `Quit`, or the other side's move.
fn opening<G: Game>(game: &mut G, line: &str) -> Result<Opening, String> {
    match line {
        "Start" => Ok(Opening::Seat(game.seat_to_move())),
        "Quit" => Ok(Opening::Ended(Ending::Quit)),
        _ => {
            let mover = game.seat_to_move();
            let mv = game.parse_move(line).map_err(|e| format!("ignored '{line}': {e}"))?;
            game.apply(mv);
            Ok(Opening::Seat(mover.other()))
        }
    }
}

/// After the game is over: the jury may still relay the last move; wait for `Quit` or the end.
fn drain_until_quit(input: &mut dyn BufRead) -> io::Result<Ending> {
    while let Some(line) = next_line(input)? {
        if line == "Quit" {
            return Ok(Ending::Quit);
        }
    }
    Ok(Ending::EndOfInput)
}
