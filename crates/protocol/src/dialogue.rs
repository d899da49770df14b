//! The main loop every bot runs: read the setup lines, learn the seat from the first line, then
//! move and read moves until the game is over, `Quit` arrives or input ends. Bad lines (a person
//! typing by hand) get one line on stderr and change nothing.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use crate::clock::Clock;
use crate::flags::Flags;
use crate::game::{Engine, Game, Seat};
use crate::rng::Rng;

/// How a game's dialogue ended. Both are clean exits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Quit,
    EndOfInput,
}

/// Builds the engine of a given name with a given RNG seed; `None` for an unknown name.
pub type MakeEngine<G> = fn(name: &str, seed: u64) -> Option<Box<dyn Engine<G>>>;

/// The engines a bot offers: `(name, description)` pairs, the first being the default, and a
/// constructor taking the name and the RNG seed.
pub struct EngineFactory<G: Game> {
    pub engines: &'static [(&'static str, &'static str)],
    pub make: MakeEngine<G>,
}

/// Everything [`play`] needs besides the engine and the streams.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    pub total_time: Duration,
    pub show: bool,
    /// When the process started: start-up work before the dialogue counts against the clock.
    pub launched: Instant,
}

/// The whole bot: flags, engine, dialogue on stdin/stdout. Call it from `main`.
pub fn run_bot<G: Game>(factory: &EngineFactory<G>) -> ExitCode {
    let launched = Instant::now();
    let flags = match Flags::parse(std::env::args().skip(1)) {
        Ok(flags) => flags,
        Err(e) => {
            eprintln!("{}: {e}", G::NAME);
            return ExitCode::from(2);
        }
    };
    if flags.help {
        print!("{}", Flags::usage(G::NAME, G::TIME_LIMIT, factory.engines));
        return ExitCode::SUCCESS;
    }
    let name = flags.engine.clone().unwrap_or_else(|| factory.engines[0].0.to_string());
    let seed = flags.seed.unwrap_or_else(Rng::seed_from_entropy);
    let Some(mut engine) = (factory.make)(&name, seed) else {
        let names: Vec<&str> = factory.engines.iter().map(|e| e.0).collect();
        eprintln!("{}: unknown engine '{name}' (engines: {})", G::NAME, names.join(", "));
        return ExitCode::from(2);
    };
    let options = PlayOptions { total_time: flags.time.unwrap_or(G::TIME_LIMIT), show: flags.show, launched };
    let stdin = io::stdin();
    let stdout = io::stdout();
    let result =
        play::<G>(engine.as_mut(), &options, &mut stdin.lock(), &mut stdout.lock(), &mut io::stderr());
    match result {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{}: {e}", G::NAME);
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

/// Interprets the first line after the setup: `Start`, `Quit`, or the first player's move.
fn opening<G: Game>(game: &mut G, line: &str) -> Result<Opening, String> {
    match line {
        "Start" => Ok(Opening::Seat(Seat::First)),
        "Quit" => Ok(Opening::Ended(Ending::Quit)),
        _ => {
            let mv = game.parse_move(line).map_err(|e| format!("ignored '{line}': {e}"))?;
            game.apply(mv);
            Ok(Opening::Seat(Seat::Second))
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
