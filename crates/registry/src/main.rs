//! `jury`: the local CodeCup jury. See `jury --help` and `jury help SUBCOMMAND`.
//!
//! The command line is clap's builder API: clap's derive macros are proc macros, and the
//! workspace links every executable statically (`crt-static` in `.cargo/config.toml`), which
//! leaves no way to build a proc macro.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{value_parser, Arg, ArgAction, ArgMatches, Command};
use indicatif::{ProgressBar, ProgressStyle};
use jury::log::{parse_log, seat_name};
use jury::referee::{GameRecord, Rules};
use jury::registry::GameEntry;
use jury::sprt::Sprt;
use jury::summary::Summary;
use jury::tournament::{ranking, Format, Standings, TournamentConfig, TournamentGame};
use jury::tune::{show_value, Schedule, TuneConfig, TuneParam};
use jury::view::{html_page, GameView};
use jury::{MatchConfig, MatchGame, Series, Shard};
use protocol::flags::{parse_seconds, JURY_TIME_VARIABLE};
use protocol::Seat;
use registry::{find, GAMES};

fn jobs_arg() -> Arg {
    Arg::new("jobs")
        .long("jobs")
        .value_name("N")
        .value_parser(value_parser!(u32).range(1..))
        .help("games at once [default: the number of cores]")
}

/// The options a match and a tournament share: how many at once, the clock, the starts, the logs.
fn series_args() -> Vec<Arg> {
    vec![
        jobs_arg(),
        Arg::new("time").long("time").value_name("SECONDS").value_parser(|text: &str| parse_seconds("--time", text)).help("total thinking time per player per game [default: the official limit]"),
        Arg::new("seed").long("seed").value_name("N").value_parser(value_parser!(u64)).default_value("1").help("seed for the random setups and openings"),
        Arg::new("log-dir").long("log-dir").value_name("DIR").value_parser(value_parser!(PathBuf)).help("where per-game logs go [default: matches/GAME-SEED, or matches/tournament-GAME-SEED]"),
        Arg::new("no-final-relay").long("no-final-relay").action(ArgAction::SetTrue).help("do not relay the game-ending move before Quit"),
        Arg::new("no-suspend").long("no-suspend").action(ArgAction::SetTrue).help("let programs run between their turns (default: stopped from their reply until their next line, as CodeCup's jury did)"),
        Arg::new("openings").long("openings").value_name("FILE").value_parser(value_parser!(PathBuf)).help("start pair p from line p (cycling) of FILE: one opening a line, moves separated by spaces or commas (Pillars: the setup first, then '|'), given to both programs as --opening"),
        Arg::new("opening-plies").long("opening-plies").value_name("N").value_parser(value_parser!(u32)).default_value("0").help("then N random legal plies, the same for both games of a pair, also given as --opening"),
    ]
}

fn shard_arg() -> Arg {
    Arg::new("shard").long("shard").value_name("K/N").help("play only the pairs whose number is K modulo N (0 <= K < N), with the starts, seats and log names of the whole series; auto/N reads K from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX. `jury report` sums the shards' folders up")
}

fn cli() -> Command {
    let games: Vec<&'static str> = GAMES.iter().map(|entry| entry.name).collect();
    let game_arg = || Arg::new("game").value_parser(games.clone());
    let count = || value_parser!(u32).range(1..);
    Command::new("jury")
        .about("The local CodeCup jury: plays bots against each other under the official dialogue and clock")
        .subcommand_required(true)
        .arg_required_else_help(true)
        .subcommand(
            Command::new("match")
                .about("Plays A against B, games in pairs with colours swapped on the same setup")
                .arg(game_arg().required(true).help("the game"))
                .arg(Arg::new("a").required(true).value_name("COMMAND A").help("a program and its arguments, split at spaces"))
                .arg(Arg::new("b").required(true).value_name("COMMAND B"))
                .arg(Arg::new("games").long("games").value_name("N").value_parser(count()).default_value("100").help("number of games, even (the most, with --sprt)"))
                .args(series_args())
                .arg(Arg::new("resume").long("resume").action(ArgAction::SetTrue).help("continue the match whose logs the log folder holds (the same game, settings and commands; more --games extend it): count its games and play only the missing ones. Without it a folder that holds game logs is refused"))
                .arg(Arg::new("sprt").long("sprt").value_name("PARAM").num_args(2..=4).help("stop when the SPRT decides: elo0=A elo1=B [alpha=0.05] [beta=0.05] (logistic, pentanomial); a shard does not stop, its report gives the test's state"))
                .arg(shard_arg()),
        )
        .subcommand(
            Command::new("tournament")
                .about("Plays every engine against every other (or the first against the rest), pairs of games with colours swapped on the same starts; prints a crosstable and ratings. Run it again on the same --log-dir to resume it")
                .arg(game_arg().required(true).help("the game"))
                .arg(Arg::new("engines").required(true).num_args(2..).value_name("COMMAND").help("each engine: a program and its arguments, split at spaces"))
                .arg(Arg::new("games").long("games").value_name("N").value_parser(count()).default_value("20").help("games of each pairing, even"))
                .arg(Arg::new("gauntlet").long("gauntlet").action(ArgAction::SetTrue).help("the first engine against each of the others only"))
                .arg(Arg::new("anchor").long("anchor").value_name("K").value_parser(count()).default_value("1").help("the engine (1 = the first) whose rating is fixed at 0"))
                .args(series_args())
                .arg(shard_arg()),
        )
        .subcommand(
            Command::new("report")
                .about("Sums up a match or tournament from its log folders (one run's, or every shard's): each log checked again with the rules and against the series; prints what the whole run prints")
                .arg(Arg::new("dirs").required(true).num_args(1..).value_name("DIR").value_parser(value_parser!(PathBuf)))
                .arg(Arg::new("anchor").long("anchor").value_name("K").value_parser(count()).default_value("1").help("a tournament's engine (1 = the first) whose rating is fixed at 0")),
        )
        .subcommand(
            Command::new("tune")
                .about("Tunes a bot's tunables by SPSA: pairs of games, colours swapped, of the bot with theta+c*delta against theta-c*delta through --set, theta moved after each pair (fishtest's schedule); resumes from its trace")
                .arg(game_arg().required(true).help("the game"))
                .arg(Arg::new("bot").required(true).value_name("BOT").help("the bot's program and arguments, split at spaces; --set NAME=VALUE (and --seed) are added"))
                .arg(Arg::new("param").long("param").required(true).action(ArgAction::Append).value_name("NAME=START,MIN,MAX,STEP[,R_END]").help("a numeric tunable of the bot: its start, range, the perturbation at the end (fishtest's c_end; at least 1 for a whole number) and optionally r_end"))
                .arg(Arg::new("pairs").long("pairs").required(true).value_name("N").value_parser(count()).help("pairs of games to play"))
                .arg(Arg::new("r-end").long("r-end").value_name("R").value_parser(value_parser!(f64)).default_value("0.002").help("fishtest's r_end (a_end / c_end^2) for parameters that give none"))
                .arg(Arg::new("alpha").long("alpha").value_name("X").value_parser(value_parser!(f64)).default_value("0.602").help("exponent of the step's decay, a_k = a / (A + k)^alpha"))
                .arg(Arg::new("gamma").long("gamma").value_name("X").value_parser(value_parser!(f64)).default_value("0.101").help("exponent of the perturbation's decay, c_k = c / k^gamma"))
                .arg(Arg::new("a-ratio").long("a-ratio").value_name("X").value_parser(value_parser!(f64)).default_value("0.1").help("the stability constant A as a share of the pairs"))
                .arg(Arg::new("trace").long("trace").value_name("FILE").value_parser(value_parser!(PathBuf)).help("one row a pair, read back to resume [default: LOG-DIR/trace.tsv]"))
                .args(series_args()),
        )
        .subcommand(
            Command::new("blunders")
                .about("Searches the positions of the games a program lost again, at a multiple of the time it had left (its own --analyze), and lists the plies where the long search chooses another move than the one played")
                .arg(Arg::new("logs").required(true).num_args(1..).value_name("LOG or DIR").value_parser(value_parser!(PathBuf)).help("game logs, or folders of them"))
                .arg(Arg::new("ours").long("ours").required(true).allow_hyphen_values(true).value_name("TAG").help("a part of our program's command line, found in one of each log's 'first:' and 'second:' lines"))
                .arg(Arg::new("factor").long("factor").value_name("X").value_parser(value_parser!(f64)).default_value("10").help("the long search's time as a multiple of the time left (1 shows how often a search disagrees with itself)"))
                .arg(Arg::new("plies").long("plies").value_name("A-B").default_value("1-1000").help("only the positions of these plies (1-based, both included)"))
                .arg(Arg::new("time").long("time").value_name("SECONDS").value_parser(|text: &str| parse_seconds("--time", text)).help("each player's total time in the logged games [default: the official limit]"))
                .arg(Arg::new("bot").long("bot").value_name("COMMAND").help("our program and its arguments instead of the logged command, split at spaces"))
                .arg(jobs_arg()),
        )
        .subcommand(
            Command::new("replay")
                .about("Checks a game log move by move, draws the board after each move, and checks the recorded scores and failures (exit status 1 on a mismatch)")
                .arg(Arg::new("log").required(true).value_name("LOGFILE").value_parser(value_parser!(PathBuf))),
        )
        .subcommand(
            Command::new("view")
                .about("Writes one self-contained HTML page showing the games of the logs, board by board")
                .arg(Arg::new("logs").required(true).num_args(1..).value_name("LOG or DIR").value_parser(value_parser!(PathBuf)).help("game logs, or folders of them (a series' folder, a tournament's with its pairings)"))
                .arg(Arg::new("output").short('o').long("output").value_name("FILE").value_parser(value_parser!(PathBuf)).help("the page [default: games.html in the logs' folder (the folder the logs share), else in matches/]")),
        )
        .subcommand(
            Command::new("games")
                .about("Lists the registered games")
                .arg(Arg::new("bots").long("bots").action(ArgAction::SetTrue).help("only the bot names, one a line")),
        )
        .subcommand(
            Command::new("soak")
                .about("The soak series at the official clock: each bot (found beside this executable) against its random engine and against itself, both end-of-game styles")
                .arg(game_arg().num_args(0..).help("the games [default: all registered]"))
                .arg(Arg::new("random-games").long("random-games").value_name("N").value_parser(count()).default_value("1000"))
                .arg(Arg::new("self-games").long("self-games").value_name("N").value_parser(count()).default_value("200"))
                .arg(jobs_arg())
                .arg(Arg::new("seed").long("seed").value_name("N").value_parser(value_parser!(u64)).default_value("1")),
        )
}

fn main() -> ExitCode {
    let matches = cli().get_matches();
    let result = match matches.subcommand() {
        Some(("match", args)) => command_match(args),
        Some(("tournament", args)) => command_tournament(args),
        Some(("report", args)) => command_report(args),
        Some(("tune", args)) => command_tune(args),
        Some(("blunders", args)) => command_blunders(args),
        Some(("replay", args)) => command_replay(args),
        Some(("view", args)) => command_view(args),
        Some(("games", args)) => command_games(args),
        Some(("soak", args)) => command_soak(args),
        _ => unreachable!("clap requires a subcommand"),
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

fn default_jobs(args: &ArgMatches) -> usize {
    args.get_one::<u32>("jobs")
        .map(|&n| n as usize)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// A command line as words, its program checked: a path that names an executable file, or a name
/// found on the PATH.
fn split(command: &str) -> Result<Vec<String>, String> {
    let words: Vec<String> = command.split_whitespace().map(String::from).collect();
    let program = words.first().ok_or("a command is empty")?;
    match unrunnable(program) {
        None => Ok(words),
        Some(why) => Err(format!("cannot run '{program}': {why}")),
    }
}

/// Why `program` cannot be run, if it cannot: a path must name an executable file, a bare name
/// must be found on the PATH. For a relative path that is missing, the folder it was looked for
/// in is named when it is not the workspace the jury was built in.
fn unrunnable(program: &str) -> Option<String> {
    use std::os::unix::fs::PermissionsExt;
    let executable = |path: &std::path::Path| {
        std::fs::metadata(path).is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
    };
    if !program.contains('/') {
        let found = std::env::var_os("PATH")
            .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| executable(&dir.join(program))));
        return match (found, std::path::Path::new(program).is_file()) {
            (true, _) => None,
            (false, true) => Some(format!("no such program on the PATH (the file here is ./{program})")),
            (false, false) => Some("no such program on the PATH".into()),
        };
    }
    let path = std::path::Path::new(program);
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_dir() => Some("a folder, not a program".into()),
        Ok(_) if !executable(path) => Some("not executable (chmod +x)".into()),
        Ok(_) => None,
        Err(_) => {
            let here = std::env::current_dir().ok();
            let workspace = workspace_root();
            match (path.is_relative(), here) {
                (true, Some(here)) if workspace.as_ref() != Some(&here) => {
                    Some(format!("no such file in {}", here.display()))
                }
                _ => Some("no such file".into()),
            }
        }
    }
}

/// The workspace whose `target/PROFILE/` holds this executable, if it is there.
fn workspace_root() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let root = exe.parent()?.parent()?.parent()?;
    root.join("Cargo.toml").is_file().then(|| root.to_path_buf())
}

/// What a match and a tournament share, read from the command line, with the log folder
/// `default_log_dir` unless `--log-dir` is given; and the `--time` given, if any.
fn series(
    args: &ArgMatches,
    entry: &GameEntry,
    default_log_dir: String,
) -> Result<(Series, Option<Duration>), String> {
    let time = args.get_one::<Duration>("time").copied();
    let openings = match args.get_one::<PathBuf>("openings") {
        None => Vec::new(),
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            (entry.parse_openings)(&text).map_err(|e| format!("{}: {e}", path.display()))?
        }
    };
    let rules = Rules {
        relay_final_move: !args.get_flag("no-final-relay"),
        suspend_between_turns: !args.get_flag("no-suspend"),
        ..Rules::new(time.unwrap_or(entry.time_limit))
    };
    let series = Series {
        jobs: default_jobs(args),
        rules,
        seed: *args.get_one::<u64>("seed").expect("defaulted"),
        log_dir: args
            .get_one::<PathBuf>("log-dir")
            .cloned()
            .unwrap_or_else(|| PathBuf::from(default_log_dir)),
        opening_plies: *args.get_one::<u32>("opening-plies").expect("defaulted"),
        openings,
        shard: match args.try_get_one::<String>("shard").ok().flatten() {
            Some(text) => Shard::parse(text, |name| std::env::var(name).ok())?,
            None => Shard::WHOLE,
        },
    };
    Ok((series, time))
}

/// `--games`, which must be even: games come in colour-swapped pairs.
fn even_games(args: &ArgMatches) -> Result<usize, String> {
    let games = *args.get_one::<u32>("games").expect("defaulted") as usize;
    if games % 2 != 0 {
        return Err(format!(
            "--games {games}: games come in pairs with colours swapped, so give an even number"
        ));
    }
    Ok(games)
}

/// Plays a match; `Ok(false)` when any program failed, so scripts can notice.
fn command_match(args: &ArgMatches) -> Result<bool, String> {
    let entry = find(GAMES, args.get_one::<String>("game").expect("required"))?;
    let commands = [
        split(args.get_one::<String>("a").expect("required"))?,
        split(args.get_one::<String>("b").expect("required"))?,
    ];
    let seed = *args.get_one::<u64>("seed").expect("defaulted");
    let (series, time) = series(args, entry, format!("matches/{}-{seed}", entry.name))?;
    let log_dir = series.log_dir.clone();
    let sprt = match args.get_many::<String>("sprt") {
        Some(words) => Some(Sprt::parse(&words.cloned().collect::<Vec<_>>())?),
        None => None,
    };
    let config = MatchConfig {
        sprt,
        resume: args.get_flag("resume"),
        ..MatchConfig::new(commands.clone(), even_games(args)?, series)
    };
    let named = [("A".to_string(), &commands[0]), ("B".to_string(), &commands[1])];
    if let Some(note) = clock_note(time, entry.time_limit, &named) {
        eprintln!("jury: note: {note}");
    }
    let mut progress: Option<Progress> = None;
    let summary = (entry.run_match)(&config, &mut |game, summary| {
        let progress = progress.get_or_insert_with(|| {
            let resumed = summary.resumed as usize;
            if resumed > 0 {
                eprintln!(
                    "jury: resuming: {resumed} of {} games counted from the logs in {}",
                    config.games,
                    log_dir.display()
                );
            }
            Progress::new(config.games - resumed)
        });
        let line = game_line(game, summary.games as usize, config.games);
        progress.game(line, game.record.any_failure(), || status_line(summary))
    })?;
    if let Some(progress) = &progress {
        progress.finish();
    }
    println!("{}", summary.report());
    println!("logs: {}", log_dir.display());
    Ok(summary.failures() == 0)
}

/// Plays or resumes a tournament; `Ok(false)` when any program failed.
fn command_tournament(args: &ArgMatches) -> Result<bool, String> {
    let entry = find(GAMES, args.get_one::<String>("game").expect("required"))?;
    let engines: Vec<Vec<String>> =
        args.get_many::<String>("engines").expect("required").map(|c| split(c)).collect::<Result<_, _>>()?;
    for (index, engine) in engines.iter().enumerate() {
        if let Some(earlier) = engines[..index].iter().position(|other| other == engine) {
            return Err(format!(
                "engines {} and {} are the same command '{}': give each engine once",
                earlier + 1,
                index + 1,
                engine.join(" ")
            ));
        }
    }
    let anchor = *args.get_one::<u32>("anchor").expect("defaulted") as usize;
    if anchor > engines.len() {
        return Err(format!("--anchor {anchor}: there are only {} engines", engines.len()));
    }
    let seed = *args.get_one::<u64>("seed").expect("defaulted");
    let (series, time) = series(args, entry, format!("matches/tournament-{}-{seed}", entry.name))?;
    let log_dir = series.log_dir.clone();
    let config = TournamentConfig {
        engines,
        format: if args.get_flag("gauntlet") { Format::Gauntlet } else { Format::RoundRobin },
        games_per_pairing: even_games(args)?,
        anchor: anchor - 1,
        series,
    };
    let named: Vec<(String, &Vec<String>)> = config
        .engines
        .iter()
        .enumerate()
        .map(|(index, command)| (format!("engine {}", index + 1), command))
        .collect();
    if let Some(note) = clock_note(time, entry.time_limit, &named) {
        eprintln!("jury: note: {note}");
    }
    let total = config.pairings().len() * config.games_per_pairing;
    let mut progress: Option<Progress> = None;
    let standings = (entry.run_tournament)(&config, &mut |game, standings| {
        let progress = progress.get_or_insert_with(|| {
            let resumed = standings.resumed as usize;
            if resumed > 0 {
                eprintln!(
                    "jury: resuming: {resumed} of {total} games counted from the logs in {}",
                    log_dir.display()
                );
            }
            Progress::new(total - resumed)
        });
        let line = tournament_game_line(game, standings, progress.done + 1, progress.total);
        progress.game(line, game.record.any_failure(), || tournament_status(standings))
    })?;
    if let Some(progress) = &progress {
        progress.finish();
    }
    println!("{}", standings.report());
    println!("logs: {}", log_dir.display());
    Ok(standings.failures() == 0)
}

/// Sums a series up from its log folders; `Ok(false)` when any program failed.
fn command_report(args: &ArgMatches) -> Result<bool, String> {
    let dirs: Vec<PathBuf> = args.get_many::<PathBuf>("dirs").expect("required").cloned().collect();
    let entry = find(GAMES, &jury::report::series_game(&dirs[0])?)?;
    let anchor = *args.get_one::<u32>("anchor").expect("defaulted") as usize;
    let report = (entry.report)(&dirs, anchor - 1)?;
    println!("{}", report.text());
    let shown: Vec<String> = dirs.iter().map(|dir| dir.display().to_string()).collect();
    println!("logs: {}", shown.join(" "));
    Ok(report.failures() == 0)
}

/// The game logs named on the command line: files as given, folders as the `*.log` files in them
/// and in their subfolders (a tournament's pairings), in name order.
fn log_paths(given: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut paths = Vec::new();
    for path in given {
        if path.is_dir() {
            let entries =
                std::fs::read_dir(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let mut inside: Vec<PathBuf> =
                entries.filter_map(|entry| entry.ok().map(|entry| entry.path())).collect();
            inside.sort();
            let (folders, files): (Vec<PathBuf>, Vec<PathBuf>) = inside.into_iter().partition(|p| p.is_dir());
            paths.extend(files.into_iter().filter(|file| file.extension().is_some_and(|ext| ext == "log")));
            paths.extend(log_paths(&folders)?);
        } else {
            paths.push(path.clone());
        }
    }
    Ok(paths)
}

fn command_blunders(args: &ArgMatches) -> Result<bool, String> {
    use jury::blunders::{by_bucket, positions_of_logs, search_all, BlundersConfig};
    let given: Vec<PathBuf> = args.get_many::<PathBuf>("logs").expect("required").cloned().collect();
    let paths = log_paths(&given)?;
    let plies = args.get_one::<String>("plies").expect("defaulted");
    let bad_plies = || format!("--plies {plies}: expected A-B, two plies from 1 with A <= B");
    let (from, to) = plies.split_once('-').ok_or_else(bad_plies)?;
    let plies = match (from.trim().parse::<usize>(), to.trim().parse::<usize>()) {
        (Ok(from), Ok(to)) if from >= 1 && from <= to => (from, to),
        _ => return Err(bad_plies()),
    };
    let factor = *args.get_one::<f64>("factor").expect("defaulted");
    if !(factor.is_finite() && factor > 0.0) {
        return Err(format!("--factor {factor}: expected a positive number"));
    }
    let bot = match args.get_one::<String>("bot") {
        Some(command) => Some(split(command)?),
        None => None,
    };
    let first = paths.first().ok_or("no game logs in the folders given")?;
    let text = std::fs::read_to_string(first).map_err(|e| format!("cannot read {}: {e}", first.display()))?;
    let entry = find(GAMES, &parse_log(&text).map_err(|e| format!("{}: {e}", first.display()))?.game)?;
    let config = BlundersConfig {
        ours: args.get_one::<String>("ours").expect("required").clone(),
        factor,
        plies,
        clock: args.get_one::<Duration>("time").copied().unwrap_or(entry.time_limit),
        jobs: default_jobs(args),
        bot,
    };
    let positions = positions_of_logs(&paths, entry.name, entry.replay, &config)?;
    let games = positions.iter().map(|p| &p.log).collect::<std::collections::BTreeSet<_>>().len();
    println!(
        "{} positions of ours in {games} lost games of {} logs, searched again at {factor}x the time left",
        positions.len(),
        paths.len()
    );
    let mut seen: Vec<(usize, bool)> = Vec::new();
    let mut failed = 0;
    search_all(positions, factor, config.jobs, &mut |verdict| {
        let position = &verdict.position;
        let name = position.log.file_name().map_or(String::new(), |n| n.to_string_lossy().into_owned());
        let seat = seat_name(position.seat);
        match &verdict.chosen {
            Ok(mv) => {
                let mark = if verdict.disagrees() { "DIFFERS" } else { "same" };
                println!(
                    "{name} ply {} {seat}: played {}, long search {mv} {mark} | {}",
                    position.ply, position.played, verdict.line
                );
                seen.push((position.ply, verdict.disagrees()));
            }
            Err(e) => {
                println!("{name} ply {} {seat}: {e}", position.ply);
                failed += 1;
            }
        }
    });
    println!("plies      searched  differ");
    for (first, searched, differ) in by_bucket(&seen) {
        let share = 100.0 * differ as f64 / searched as f64;
        println!("{:>4}-{:<4}  {searched:>8}  {differ:>6} ({share:.0}%)", first, first + 9);
    }
    let differ = seen.iter().filter(|(_, d)| *d).count();
    println!("all        {:>8}  {differ:>6}; {failed} searches failed", seen.len());
    Ok(failed == 0)
}

/// `NAME=START,MIN,MAX,STEP[,R_END]`, checked against the bot's tunables.
fn tune_param(text: &str, entry: &GameEntry, r_end: f64) -> Result<TuneParam, String> {
    let bad = |why: &str| format!("--param {text}: {why}");
    let (name, numbers) =
        text.split_once('=').ok_or_else(|| bad("expected NAME=START,MIN,MAX,STEP[,R_END]"))?;
    let tunables = (entry.tunables)();
    let Some(tunable) = tunables.iter().find(|t| t.name == name) else {
        let names: Vec<&str> = tunables.iter().map(|t| t.name).collect();
        return Err(bad(&format!(
            "the {} bot has no tunable '{name}' (it has: {})",
            entry.name,
            names.join(", ")
        )));
    };
    let integer = match tunable.ty {
        "f64" => false,
        "i32" | "i64" | "u32" | "u64" | "usize" => true,
        other => return Err(bad(&format!("'{name}' is a {other} tunable; SPSA tunes numbers"))),
    };
    let values: Vec<f64> = numbers
        .split(',')
        .map(|v| v.trim().parse::<f64>().ok().filter(|v| v.is_finite()))
        .collect::<Option<_>>()
        .ok_or_else(|| bad("START, MIN, MAX, STEP and R_END must be numbers"))?;
    let (start, min, max, step, r_end) = match values[..] {
        [start, min, max, step] => (start, min, max, step, r_end),
        [start, min, max, step, r_end] => (start, min, max, step, r_end),
        _ => return Err(bad("expected NAME=START,MIN,MAX,STEP[,R_END]")),
    };
    if min >= max {
        return Err(bad(&format!("MIN {min} must be below MAX {max}")));
    }
    if !(min..=max).contains(&start) {
        return Err(bad(&format!("START {start} is outside its range {min} to {max}")));
    }
    if tunable.ty.starts_with('u') && min < 0.0 {
        return Err(bad(&format!("'{name}' is a {} and cannot go below 0", tunable.ty)));
    }
    if step <= 0.0 || r_end <= 0.0 {
        return Err(bad("STEP and R_END must be above 0"));
    }
    Ok(TuneParam { name: name.to_string(), start, min, max, c_end: step, r_end, integer })
}

/// Runs or resumes an SPSA tune; `Ok(false)` when any game had a failure.
fn command_tune(args: &ArgMatches) -> Result<bool, String> {
    let entry = find(GAMES, args.get_one::<String>("game").expect("required"))?;
    let command = split(args.get_one::<String>("bot").expect("required"))?;
    let r_end = *args.get_one::<f64>("r-end").expect("defaulted");
    let params: Vec<TuneParam> = args
        .get_many::<String>("param")
        .expect("required")
        .map(|text| tune_param(text, entry, r_end))
        .collect::<Result<_, _>>()?;
    for (index, param) in params.iter().enumerate() {
        if params[..index].iter().any(|p| p.name == param.name) {
            return Err(format!("--param {}: given twice", param.name));
        }
    }
    let seed = *args.get_one::<u64>("seed").expect("defaulted");
    let (series, time) = series(args, entry, format!("matches/tune-{}-{seed}", entry.name))?;
    let trace = args.get_one::<PathBuf>("trace").cloned().unwrap_or_else(|| series.log_dir.join("trace.tsv"));
    let schedule = Schedule {
        alpha: *args.get_one::<f64>("alpha").expect("defaulted"),
        gamma: *args.get_one::<f64>("gamma").expect("defaulted"),
        a_ratio: *args.get_one::<f64>("a-ratio").expect("defaulted"),
    };
    let pairs = *args.get_one::<u32>("pairs").expect("defaulted") as usize;
    let config = TuneConfig { command, params, pairs, schedule, series, trace };
    if let Some(note) = clock_note(time, entry.time_limit, &[("the bot".to_string(), &config.command)]) {
        eprintln!("jury: note: {note}");
    }
    for (param, gains) in config.params.iter().zip(config.gains()) {
        eprintln!(
            "jury: tune {}: start {}, range {} to {}, c_end {}, r_end {}: a {:.4}, c {:.4}, A {:.1}, alpha {}, gamma {}",
            param.name,
            show_value(param.start, param.integer),
            param.min,
            param.max,
            param.c_end,
            param.r_end,
            gains.a,
            gains.c,
            gains.big_a,
            config.schedule.alpha,
            config.schedule.gamma
        );
    }
    let mut progress: Option<Progress> = None;
    let state = (entry.run_tune)(&config, &mut |row, state| {
        let progress = progress.get_or_insert_with(|| {
            if state.resumed > 0 {
                eprintln!(
                    "jury: resuming: {} of {pairs} pairs replayed from {}",
                    state.resumed,
                    config.trace.display()
                );
            }
            Progress::new(pairs - state.resumed)
        });
        let line = format!(
            "pair {}/{pairs}: plus {:+}, theta {}{}",
            row.k,
            row.result,
            config.set_flags(&state.theta),
            if row.failures > 0 { format!(", {} failures", row.failures) } else { String::new() }
        );
        let theta = config.set_flags(&state.theta);
        progress.game(line, row.failures > 0, || format!("theta {theta}"));
    })?;
    if let Some(progress) = &progress {
        progress.finish();
    }
    println!(
        "{} tune of '{}': {} pairs ({} replayed from the trace), plus sides {:+} in all, {} failures",
        entry.name,
        config.command.join(" "),
        state.pairs_done,
        state.resumed,
        state.total_result,
        state.failures
    );
    println!("trace: {}", config.trace.display());
    println!("tuned: {}", config.set_flags(&state.theta));
    Ok(state.failures == 0)
}

/// What a series shows while it runs: on a terminal one updating line (games done of total, the
/// standing, games per minute, time left) with a line per failure above it; elsewhere (logs, CI)
/// one plain line per game.
struct Progress {
    bar: Option<ProgressBar>,
    total: usize,
    done: usize,
    started: Instant,
}

impl Progress {
    fn new(total: usize) -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new(total as u64);
            bar.set_style(ProgressStyle::with_template("{pos}/{len} {msg}").expect("a valid template"));
            bar
        });
        Progress { bar, total, done: 0, started: Instant::now() }
    }

    /// One more game done: its `line`, and the standing from `status`.
    fn game(&mut self, line: String, failed: bool, status: impl FnOnce() -> String) {
        self.done += 1;
        let Some(bar) = &self.bar else {
            eprintln!("{line}");
            return;
        };
        if failed {
            bar.println(line);
        }
        bar.set_message(format!("{}{}", status(), self.pace()));
        bar.set_position(self.done as u64);
    }

    /// `, 14.2 games/min, 3m20s left`.
    fn pace(&self) -> String {
        let minutes = self.started.elapsed().as_secs_f64() / 60.0;
        if minutes <= 0.0 {
            return String::new();
        }
        let rate = self.done as f64 / minutes;
        let left = (self.total - self.done) as f64 / rate.max(1e-9);
        format!(", {rate:.1} games/min, {}m{:02}s left", (left as u64) / 60, (left * 60.0) as u64 % 60)
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// `W-D-L 12-1-7, score 62.5%, Elo +89 (-31..+209)`, with the SPRT's LLR.
fn status_line(summary: &Summary) -> String {
    let a = &summary.players[0];
    let mut line = format!("W-D-L {}-{}-{}", a.wins, a.draws, a.losses);
    if let Some(elo) = summary.elo() {
        // The interval as a range: one end is infinite after a clean sweep.
        line.push_str(&format!(
            ", score {:.1}%, Elo {:+.0} ({:+.0}..{:+.0})",
            elo.score * 100.0,
            elo.elo,
            elo.low,
            elo.high
        ));
    }
    if let Some(sprt) = &summary.sprt {
        line.push_str(&format!(", LLR {:.2}", sprt.llr));
    }
    line
}

/// `leader 2: dvonn (+180 ±120), 3 failures`.
fn tournament_status(standings: &Standings) -> String {
    let ratings = standings.ratings();
    let leader = ranking(&ratings)[0];
    let mut line = format!(
        "leader {}: {} ({:+.0} ±{:.0})",
        leader + 1,
        standings.names[leader],
        ratings[leader].elo,
        ratings[leader].margin
    );
    if standings.failures() > 0 {
        line.push_str(&format!(", {} failures", standings.failures()));
    }
    line
}

/// Whether `command` runs one of our bots: its program's file name is a registered game's (as
/// `cargo build` and `bundle` name them), so it reads the jury's clock from the environment.
fn is_our_bot(command: &[String]) -> bool {
    let name = command.first().and_then(|program| std::path::Path::new(program).file_name());
    name.and_then(|name| name.to_str()).is_some_and(|name| GAMES.iter().any(|entry| entry.name == name))
}

/// The jury tells a program its clock only in the environment ([`JURY_TIME_VARIABLE`]), which our
/// bots read and other programs ignore: a program that is not one of ours ([`is_our_bot`]) and
/// has no `--time` plans for its own limit and may overrun a shorter match clock. Says so once,
/// for all the `named` commands it concerns (`A, B: ...`).
fn clock_note(
    time: Option<Duration>,
    official: Duration,
    named: &[(String, &Vec<String>)],
) -> Option<String> {
    let time = time.filter(|&time| time != official)?;
    let concerned: Vec<&str> = named
        .iter()
        .filter(|(_, command)| !is_our_bot(command) && !command.iter().any(|word| word == "--time"))
        .map(|(name, _)| name.as_str())
        .collect();
    if concerned.is_empty() {
        return None;
    }
    Some(format!(
        "{}: the match clock is {:.3} s and the command has no --time: our bots read it from {JURY_TIME_VARIABLE}, other programs must be told with their own flag",
        concerned.join(", "),
        time.as_secs_f64()
    ))
}

/// `, A timeout at ply 12: over 1s` for each failed seat, the seats named by `names`.
fn failure_notes(record: &GameRecord, names: [&str; 2]) -> String {
    let mut notes = String::new();
    for seat in Seat::BOTH {
        if let Some(failure) = &record.failures[seat.index()] {
            notes.push_str(&format!(
                ", {} {} at ply {}: {}",
                names[seat.index()],
                failure.kind,
                failure.ply + 1,
                failure.reason
            ));
        }
    }
    notes
}

/// One line per finished game of a tournament: the engines with their points, first seat first.
fn tournament_game_line(game: &TournamentGame, standings: &Standings, done: usize, total: usize) -> String {
    let [first, second] = game.seats;
    let failures = failure_notes(&game.record, [&format!("#{}", first + 1), &format!("#{}", second + 1)]);
    format!(
        "game {} of {}-{} ({done}/{total}): #{} {} {} - {} #{} {}, {} plies{failures}",
        game.index + 1,
        game.pairing.0 + 1,
        game.pairing.1 + 1,
        first + 1,
        standings.names[first],
        game.record.scores[0],
        game.record.scores[1],
        second + 1,
        standings.names[second],
        game.record.plies.len()
    )
}

/// One line per finished game: points, who sat first, length, and any failure.
fn game_line(game: &MatchGame, done: usize, total: usize) -> String {
    let points = game.points();
    let first = if game.first_player == 0 { "A" } else { "B" };
    let seats = if game.first_player == 0 { ["A", "B"] } else { ["B", "A"] };
    let failures = failure_notes(&game.record, seats);
    format!(
        "game {:>4} ({done}/{total}): A {:>3} - {:<3} B, {} first, {} plies{failures}",
        game.index + 1,
        points[0],
        points[1],
        first,
        game.record.plies.len()
    )
}

fn read_log(path: &PathBuf) -> Result<jury::log::LoggedGame, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    parse_log(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Replays a log; `Ok(false)` when the log disagrees with the rules.
fn command_replay(args: &ArgMatches) -> Result<bool, String> {
    let path = args.get_one::<PathBuf>("log").expect("required");
    let logged = read_log(path)?;
    let entry = find(GAMES, &logged.game)?;
    let replay =
        (entry.replay)(&logged).map_err(|e| format!("{}: does not check out: {e}", path.display()))?;
    print!("{}", replay.text);
    // The last line says in words how it went.
    let verdict = format!("{}: {}", path.display(), replay.verdict(&logged));
    match replay.mismatches.is_empty() {
        true => println!("{verdict}"),
        false => eprintln!("jury: {verdict}"),
    }
    Ok(replay.mismatches.is_empty())
}

/// Writes the HTML page of the given logs (files, or folders of them), refusing a folder whose
/// logs are of two series.
fn command_view(args: &ArgMatches) -> Result<bool, String> {
    let given: Vec<PathBuf> = args.get_many::<PathBuf>("logs").expect("required").cloned().collect();
    let paths = log_paths(&given)?;
    if paths.is_empty() {
        return Err("no game logs in the folders given".to_string());
    }
    let mut views: Vec<GameView> = Vec::new();
    // The series of the first log read in each folder: one folder holds one series.
    let mut series_of: Vec<(PathBuf, PathBuf, Option<String>)> = Vec::new();
    for path in &paths {
        let logged = read_log(path)?;
        let folder = path.parent().map(PathBuf::from).unwrap_or_default();
        match series_of.iter().find(|(dir, _, _)| *dir == folder) {
            Some((_, first, series)) if *series != logged.series => {
                let name = |series: &Option<String>| series.clone().unwrap_or_else(|| "none".to_string());
                return Err(format!(
                    "{} mixes two series: {} is of series {}, {} of series {}; view each series' logs apart",
                    if folder.as_os_str().is_empty() { ".".into() } else { folder.display().to_string() },
                    first.display(),
                    name(series),
                    path.display(),
                    name(&logged.series)
                ));
            }
            Some(_) => {}
            None => series_of.push((folder, path.clone(), logged.series.clone())),
        }
        let entry = find(GAMES, &logged.game)?;
        let view = (entry.view)(&logged).map_err(|e| format!("{}: {e}", path.display()))?;
        views.push(view);
    }
    let output = match args.get_one::<PathBuf>("output") {
        Some(output) => output.clone(),
        None => {
            let places: Vec<PathBuf> = given
                .iter()
                .map(|path| match path.is_dir() {
                    true => path.clone(),
                    false => path.parent().map(PathBuf::from).unwrap_or_default(),
                })
                .collect();
            let shared = common_folder(&places);
            let folder = if shared.as_os_str().is_empty() { PathBuf::from("matches") } else { shared };
            std::fs::create_dir_all(&folder)
                .map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
            folder.join("games.html")
        }
    };
    std::fs::write(&output, html_page(&views))
        .map_err(|e| format!("cannot write {}: {e}", output.display()))?;
    println!("wrote {}: {} game(s)", output.display(), views.len());
    Ok(true)
}

/// The deepest folder that holds all of `folders` (as written: empty when they share none).
fn common_folder(folders: &[PathBuf]) -> PathBuf {
    let mut shared: Vec<std::path::Component> = match folders.first() {
        Some(first) => first.components().collect(),
        None => return PathBuf::new(),
    };
    for folder in &folders[1..] {
        let same = shared.iter().zip(folder.components()).take_while(|(a, b)| **a == *b).count();
        shared.truncate(same);
    }
    shared.into_iter().filter(|c| *c != std::path::Component::CurDir).collect()
}

/// Lists the registered games: name, clock, bot and engines; or with `--bots` the bot names only.
fn command_games(args: &ArgMatches) -> Result<bool, String> {
    for entry in GAMES {
        if args.get_flag("bots") {
            println!("{}", entry.name);
            continue;
        }
        let engines: Vec<&str> = (entry.engines)().iter().map(|(name, _)| *name).collect();
        println!(
            "{:<8} {:>4.0} s  {:<14} engines: {}",
            entry.name,
            entry.time_limit.as_secs_f64(),
            entry.bot_dir(),
            engines.join(", ")
        );
    }
    Ok(true)
}

/// The soak series: every game's bot against random and against itself, both end-of-game
/// styles, at the official clock.
fn command_soak(args: &ArgMatches) -> Result<bool, String> {
    let entries: Vec<_> = match args.get_many::<String>("game") {
        Some(names) => names.map(|name| find(GAMES, name)).collect::<Result<_, _>>()?,
        None => GAMES.iter().collect(),
    };
    let random_games = *args.get_one::<u32>("random-games").expect("defaulted") as usize;
    let self_games = *args.get_one::<u32>("self-games").expect("defaulted") as usize;
    let seed = *args.get_one::<u64>("seed").expect("defaulted");
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
        let series = [
            ("random", random_games, vec![bot.clone(), "--engine".into(), "random".into()]),
            ("self", self_games, vec![bot.clone()]),
        ];
        for (opponent, games, command) in series {
            for relay_final_move in [true, false] {
                let ending = if relay_final_move { "relayed" } else { "not-relayed" };
                let rules = Rules { relay_final_move, ..Rules::new(entry.time_limit) };
                let log_dir = format!("matches/soak-{}-{opponent}-{ending}", entry.name);
                // The soak's own folder: each soak replaces the last one's logs.
                if std::path::Path::new(&log_dir).exists() {
                    std::fs::remove_dir_all(&log_dir).map_err(|e| format!("cannot empty {log_dir}: {e}"))?;
                }
                let series = Series { jobs: default_jobs(args), seed, ..Series::new(rules, log_dir) };
                let config =
                    MatchConfig::new([vec![bot.clone()], command.clone()], (games / 2).max(1), series);
                println!("== {}: {} games against {opponent}, final move {ending}", entry.name, config.games);
                let summary = (entry.run_match)(&config, &mut |_, _| {})?;
                println!("{}", summary.report());
                let unclean: u32 = summary.players.iter().map(|p| p.unclean_exits).sum();
                all_clean &= summary.failures() == 0 && unclean == 0;
            }
        }
    }
    Ok(all_clean)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(command: &str) -> Vec<String> {
        command.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn notes_a_short_clock_once_and_only_for_a_foreign_command_without_time() {
        let official = Duration::from_secs(5);
        let short = Some(Duration::from_secs(1));
        let note = |time, commands: &[&str]| {
            let words: Vec<Vec<String>> = commands.iter().map(|c| words(c)).collect();
            let named: Vec<(String, &Vec<String>)> =
                ["A", "B"].iter().map(|n| n.to_string()).zip(&words).collect();
            clock_note(time, official, &named)
        };
        let ours = ["./target/release/dvonn", "target/bundle/dvonn --engine random"];
        assert_eq!(note(short, &ours), None, "our bots read the clock");
        let foreign = note(short, &["./primadvonna", "./target/release/dvonn"]).expect("a note");
        assert!(foreign.starts_with("A: the match clock is 1.000 s"), "{foreign}");
        let both = note(short, &["./primadvonna", "python3 bot.py"]).expect("a note");
        assert!(both.starts_with("A, B: the match clock"), "one note for both: {both}");
        assert_eq!(note(short, &["./primadvonna --time 1", "./dvonn"]), None);
        assert_eq!(note(None, &["./primadvonna", "./x"]), None);
        assert_eq!(note(Some(official), &["./primadvonna", "./x"]), None);
    }

    #[test]
    fn the_command_line_is_consistent() {
        cli().debug_assert();
    }
}
