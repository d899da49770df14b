//! `jury`: the local CodeCup jury. See `jury --help`.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use jury::log::parse_log;
use jury::referee::Rules;
use jury::{MatchConfig, MatchGame};
use protocol::flags::parse_seconds;
use protocol::Seat;
use registry::{find, GAMES};

const USAGE: &str = "\
usage:
  jury match GAME 'COMMAND A' 'COMMAND B' [options]
      Plays A against B. Each command is a program and its arguments, split at spaces.
      --games N        number of games, played in pairs with colours swapped on the same setup (default 100)
      --jobs N         games at once (default: the number of cores)
      --time SECONDS   total thinking time per player per game (default: the game's official limit)
      --seed N         seed for the random setups (default 1)
      --log-dir DIR    where per-game logs go (default matches/GAME-SEED)
      --no-final-relay do not relay the game-ending move before Quit (default: relay it)
      --no-suspend     let programs run between their turns (default: stopped with SIGSTOP from
                       their reply until their next line, as CodeCup's jury did)
      --opening-plies N start each pair of games from the same N random legal plies, given to both
                       programs as --opening (our bots understand it; default 0, none)
  jury replay LOGFILE
      Checks a game log move by move, draws the board after each move, and checks the recorded
      scores and failures against the rules (exit status 1 on a mismatch).
  jury games [--bots]
      Lists the registered games (with --bots: only their bot names, one a line).
  jury soak [GAME...] [--random-games N] [--self-games N] [--jobs N] [--seed N]
      The soak series, at the official clock, for the given games (default: all registered), with
      the bots found beside this jury executable (target/release after cargo build --release):
      N games (default 1000) of the bot against its random engine and N (default 200) against
      itself, half with the final move relayed and half without. Logs go to matches/soak-*;
      exit status 1 if any program failed.
GAME is one of the registered games (see 'jury games').";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("match") => command_match(&args[1..]),
        Some("replay") => command_replay(&args[1..]),
        Some("games") => command_games(&args[1..]),
        Some("soak") => command_soak(&args[1..]),
        Some("--help") | Some("-h") | Some("help") => {
            println!("{USAGE}");
            Ok(true)
        }
        _ => Err(format!("expected 'match', 'replay' or 'games'\n{USAGE}")),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("jury: {e}");
            ExitCode::from(2)
        }
    }
}

fn number<T: std::str::FromStr>(flag: &str, value: Option<&String>) -> Result<T, String> {
    let value = value.ok_or_else(|| format!("{flag} needs a value"))?;
    value.parse().map_err(|_| format!("{flag}: '{value}' is not a valid number"))
}

/// A count that must be at least 1 (`--games`, `--jobs`).
fn at_least_one(flag: &str, count: usize) -> Result<usize, String> {
    if count == 0 {
        Err(format!("{flag} must be at least 1"))
    } else {
        Ok(count)
    }
}

/// Plays a match; `Ok(false)` when any program failed, so scripts can notice.
fn command_match(args: &[String]) -> Result<bool, String> {
    let mut positional = Vec::new();
    let mut games = 100;
    let mut jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut time = None;
    let mut seed = 1u64;
    let mut log_dir = None;
    let mut relay_final_move = true;
    let mut suspend_between_turns = true;
    let mut opening_plies = 0;
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].as_str();
        let value = args.get(i + 1);
        match flag {
            "--games" => games = at_least_one(flag, number(flag, value)?)?,
            "--jobs" => jobs = at_least_one(flag, number(flag, value)?)?,
            "--time" => time = Some(parse_seconds(flag, value.ok_or("--time needs a value")?)?),
            "--seed" => seed = number(flag, value)?,
            "--opening-plies" => opening_plies = number(flag, value)?,
            "--log-dir" => log_dir = Some(PathBuf::from(value.ok_or("--log-dir needs a folder")?)),
            "--no-final-relay" => {
                relay_final_move = false;
                i += 1;
                continue;
            }
            "--no-suspend" => {
                suspend_between_turns = false;
                i += 1;
                continue;
            }
            _ if flag.starts_with("--") => return Err(format!("unknown option {flag}\n{USAGE}")),
            _ => {
                positional.push(flag.to_string());
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    let [game, a, b] = positional.as_slice() else {
        return Err(format!("match needs GAME, COMMAND A and COMMAND B\n{USAGE}"));
    };
    let split = |command: &str| -> Result<Vec<String>, String> {
        let words: Vec<String> = command.split_whitespace().map(String::from).collect();
        if words.is_empty() {
            Err("a command is empty".into())
        } else {
            Ok(words)
        }
    };
    let commands = [split(a)?, split(b)?];
    let log_dir = log_dir.unwrap_or_else(|| PathBuf::from(format!("matches/{game}-{seed}")));
    let entry = find(GAMES, game)?;
    let official = entry.time_limit;
    let config = MatchConfig {
        commands: commands.clone(),
        games,
        jobs,
        rules: Rules { relay_final_move, suspend_between_turns, ..Rules::new(time.unwrap_or(official)) },
        seed,
        log_dir: log_dir.clone(),
        opening_plies,
    };
    for (name, command) in ["A", "B"].iter().zip(&commands) {
        if let Some(warning) = clock_warning(time, official, command) {
            eprintln!("jury: warning: {name}: {warning}");
        }
    }
    let total = config.games;
    let mut done = 0;
    let summary = (entry.run_match)(&config, &mut |game: &MatchGame| {
        done += 1;
        eprintln!("{}", progress_line(game, done, total));
    });
    println!("{}", summary.report());
    println!("logs: {}", log_dir.display());
    Ok(summary.failures() == 0)
}

/// The jury never tells a program its time; a bot that is not given `--time` plans for the official
/// limit and overruns a shorter match clock. Says so when that looks like what is about to happen.
fn clock_warning(time: Option<Duration>, official: Duration, command: &[String]) -> Option<String> {
    let time = time?;
    if time == official || command.iter().any(|word| word == "--time") {
        return None;
    }
    Some(format!(
        "the match clock is {:.3} s but the command has no --time, so the bot will plan for the official {:.3} s",
        time.as_secs_f64(),
        official.as_secs_f64()
    ))
}

/// One line per finished game: points, who sat first, length, and any failure.
fn progress_line(game: &MatchGame, done: usize, total: usize) -> String {
    let points = game.points();
    let first = if game.first_player == 0 { "A" } else { "B" };
    let mut failures = String::new();
    for seat in Seat::BOTH {
        if let Some(failure) = &game.record.failures[seat.index()] {
            let who = if game.seat_of(0) == seat { "A" } else { "B" };
            failures.push_str(&format!(
                ", {who} {} at ply {}: {}",
                failure.kind,
                failure.ply + 1,
                failure.reason
            ));
        }
    }
    format!(
        "game {:>4} ({done}/{total}): A {:>3} - {:<3} B, {} first, {} plies{failures}",
        game.index + 1,
        points[0],
        points[1],
        first,
        game.record.plies.len()
    )
}

/// Replays a log; `Ok(false)` when the log disagrees with the rules.
fn command_replay(args: &[String]) -> Result<bool, String> {
    let [path] = args else { return Err(format!("replay needs one log file\n{USAGE}")) };
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let logged = parse_log(&text)?;
    let entry = find(GAMES, &logged.game)?;
    let replay = (entry.replay)(&logged)?;
    print!("{}", replay.text);
    for mismatch in &replay.mismatches {
        eprintln!("jury: {path}: {mismatch}");
    }
    Ok(replay.mismatches.is_empty())
}

/// The soak series (see the usage text): every game's bot against random and against itself,
/// both end-of-game styles, at the official clock.
fn command_soak(args: &[String]) -> Result<bool, String> {
    let mut names = Vec::new();
    let (mut random_games, mut self_games, mut seed) = (1000, 200, 1u64);
    let mut jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].as_str();
        let value = args.get(i + 1);
        match flag {
            "--random-games" => random_games = at_least_one(flag, number(flag, value)?)?,
            "--self-games" => self_games = at_least_one(flag, number(flag, value)?)?,
            "--jobs" => jobs = at_least_one(flag, number(flag, value)?)?,
            "--seed" => seed = number(flag, value)?,
            _ if flag.starts_with("--") => return Err(format!("unknown option {flag}\n{USAGE}")),
            _ => {
                names.push(flag.to_string());
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    let entries: Vec<_> = if names.is_empty() {
        GAMES.iter().collect()
    } else {
        names.iter().map(|name| find(GAMES, name)).collect::<Result<_, _>>()?
    };
    let folder = std::env::current_exe()
        .map_err(|e| format!("cannot find the jury executable: {e}"))?
        .parent()
        .map(PathBuf::from)
        .ok_or("the jury executable has no folder")?;
    let mut all_clean = true;
    for entry in entries {
        let bot = folder.join(entry.name);
        if !bot.is_file() {
            return Err(format!("{} not found (build the bots first: cargo build --release)", bot.display()));
        }
        let bot = bot.display().to_string();
        let series = [("random", random_games, "--engine random"), ("self", self_games, "")];
        for (opponent, games, engine) in series {
            for relay_final_move in [true, false] {
                let ending = if relay_final_move { "relayed" } else { "not-relayed" };
                let config = MatchConfig {
                    commands: [
                        vec![bot.clone()],
                        format!("{bot} {engine}").split_whitespace().map(String::from).collect(),
                    ],
                    games: (games / 2).max(1),
                    jobs,
                    rules: Rules { relay_final_move, ..Rules::new(entry.time_limit) },
                    seed,
                    log_dir: PathBuf::from(format!("matches/soak-{}-{opponent}-{ending}", entry.name)),
                    opening_plies: 0,
                };
                println!("== {}: {} games against {opponent}, final move {ending}", entry.name, config.games);
                let summary = (entry.run_match)(&config, &mut |_| {});
                println!("{}", summary.report());
                let unclean: u32 = summary.players.iter().map(|p| p.unclean_exits).sum();
                all_clean &= summary.failures() == 0 && unclean == 0;
            }
        }
    }
    Ok(all_clean)
}

/// Lists the registered games: name, clock, bot and engines; or with `--bots` the bot names only.
fn command_games(args: &[String]) -> Result<bool, String> {
    match args {
        [] => {
            for entry in GAMES {
                let engines: Vec<&str> = (entry.engines)().iter().map(|(name, _)| *name).collect();
                println!(
                    "{:<8} {:>4.0} s  {:<14} engines: {}",
                    entry.name,
                    entry.time_limit.as_secs_f64(),
                    entry.bot_dir(),
                    engines.join(", ")
                );
            }
        }
        [flag] if flag == "--bots" => GAMES.iter().for_each(|entry| println!("{}", entry.name)),
        _ => return Err(format!("games takes only --bots\n{USAGE}")),
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(command: &str) -> Vec<String> {
        command.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn warns_only_when_a_bot_would_plan_for_the_wrong_clock() {
        let official = Duration::from_secs(5);
        let short = Some(Duration::from_secs(1));
        assert!(clock_warning(short, official, &words("./dvonn")).is_some());
        assert!(clock_warning(short, official, &words("./dvonn --time 1")).is_none());
        assert!(clock_warning(None, official, &words("./dvonn")).is_none());
        assert!(clock_warning(Some(official), official, &words("./dvonn")).is_none());
    }
}
