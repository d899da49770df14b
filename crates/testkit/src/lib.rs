//! Helpers shared by every game's tests, so that each game's tests say only what is particular
//! to that game: the repository's reference data (`data/`) and its generic runners ([`data`]),
//! dialogue transcripts through the shared loop with a scripted engine, running a bot executable,
//! and a short jury match. It knows games only through the protocol traits.

pub mod data;
pub mod grid;

/// The dialogue fuzzer lives with the jury, so that the registry can fuzz every game.
pub use jury::fuzz;

/// The jury library, for tests that referee games of their own.
pub use jury;

use std::io::Write;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

use jury::referee::{Rules, MEMORY_LIMIT};
use jury::registry::GameEntry;
use jury::summary::Summary;
use jury::{MatchConfig, Series};
use protocol::{play, Contest, Ending, Engine, Game, PlayOptions, SearchGame, TurnClock};

/// The text of the file `name` in the repository's reference data folder, `data/` at the workspace
/// root (see its README): found from this crate's manifest, so tests, examples and tools read it
/// wherever the clone lives.
pub fn data_file(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// Called where a test finds that `what` (say `/proc`) is missing on this machine: fails the test,
/// saying why and that `.ci/run` installs what it can. A check whose program most machines lack
/// (Chromium) is `#[ignore]`d with its reason instead, so that a run reports it as ignored.
pub fn missing_prerequisite(what: &str, why: &str) -> ! {
    panic!("{why}: this check needs {what} (`.ci/run` installs what it can)")
}

/// An engine that plays a fixed list of moves, given as text.
pub struct Scripted<G> {
    moves: Vec<String>,
    next: usize,
    game: PhantomData<G>,
}

impl<G> Scripted<G> {
    pub fn new(moves: Vec<String>) -> Scripted<G> {
        Scripted { moves, next: 0, game: PhantomData }
    }
}

impl<G: Game> Engine<G> for Scripted<G> {
    fn choose(&mut self, game: &G, _clock: &TurnClock) -> G::Move {
        let text = &self.moves[self.next];
        let mv = game.parse_move(text).unwrap_or_else(|e| panic!("scripted move '{text}': {e}"));
        self.next += 1;
        mv
    }
}

/// What a bot wrote while playing one dialogue.
pub struct Transcript {
    pub ending: Ending,
    pub output: String,
    pub errors: String,
}

/// Plays the dialogue `input` (all the lines the jury would send) with `engine`, in memory.
pub fn transcript<G: SearchGame>(engine: &mut dyn Engine<G>, input: &str) -> Transcript {
    let options = PlayOptions::official::<G>();
    let mut output = Vec::new();
    let mut errors = Vec::new();
    let ending = play::<G>(engine, &options, &mut input.as_bytes(), &mut output, &mut errors)
        .expect("in-memory streams do not fail");
    Transcript {
        ending,
        output: String::from_utf8(output).expect("moves are text"),
        errors: String::from_utf8(errors).expect("diagnostics are text"),
    }
}

/// The items as lines, each ending in `\n`.
pub fn lines(items: &[String]) -> String {
    items.iter().map(|l| format!("{l}\n")).collect()
}

/// Starts `program` with `args`, all three streams piped.
fn spawn_piped(program: &str, args: &[&str]) -> std::process::Child {
    Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {program}: {e}"))
}

/// Runs a bot executable with `args`, feeding it `input` (any bytes) and closing its stdin.
pub fn run_executable_bytes(program: &str, args: &[&str], input: &[u8]) -> Output {
    let mut child = spawn_piped(program, args);
    child.stdin.take().expect("stdin is piped").write_all(input).expect("the bot reads");
    child.wait_with_output().expect("the bot ends")
}

/// Runs a bot executable with `args`, feeding it `input` and closing its stdin.
pub fn run_executable(program: &str, args: &[&str], input: &str) -> Output {
    run_executable_bytes(program, args, input.as_bytes())
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("text")
}

/// Checks that `bot --help` succeeds and names every word in `words`, and that an unknown flag,
/// engine or setting, or a setting's bad value, is refused with exit status 2 and a message naming
/// it.
pub fn check_help_and_bad_flags(bot: &str, words: &[&str]) {
    let out = run_executable(bot, &["--help"], "");
    assert!(out.status.success());
    let help = text(&out.stdout);
    for word in words {
        assert!(help.contains(word), "{word} missing from:\n{help}");
    }
    for (args, named) in [
        (&["--frobnicate"][..], "--frobnicate"),
        (&["--engine", "nonesuch"][..], "nonesuch"),
        (&["--set", "nonesuch=1"][..], "nonesuch"),
        (&["--set", "nonesuch"][..], "NAME=VALUE"),
    ] {
        let out = run_executable(bot, args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(text(&out.stderr).contains(named), "{args:?}: {}", text(&out.stderr));
    }
}

/// A fresh, empty folder for one test's files (`NAME-PID` in the system's temporary folder),
/// removed when dropped unless the test is failing: then it stays, with its logs, for a look.
pub struct ScratchDir(PathBuf);

impl ScratchDir {
    pub fn new(name: &str) -> ScratchDir {
        let path = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap_or_else(|e| panic!("cannot create {}: {e}", path.display()));
        ScratchDir(path)
    }
}

impl std::ops::Deref for ScratchDir {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for ScratchDir {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

/// Builds every bot of the workspace (once per test process) with the profile and into the
/// target folder of `jury`, the test's own `CARGO_BIN_EXE_jury`, and returns the folder they land
/// in, beside it. Tests of a package cannot depend on other packages' executables, so they build
/// them like this.
pub fn built_bots(jury: &Path) -> &'static Path {
    static FOLDER: OnceLock<PathBuf> = OnceLock::new();
    FOLDER.get_or_init(|| {
        let folder = jury.parent().expect("a folder").to_path_buf();
        let target = folder.parent().expect("the target folder");
        let profile = match folder.file_name().and_then(|name| name.to_str()) {
            Some("debug") => "dev".to_string(),
            Some(other) => other.to_string(),
            None => panic!("no profile folder in {}", folder.display()),
        };
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| env!("CARGO").to_string());
        let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../Cargo.toml");
        let out = Command::new(&cargo)
            .args(["build", "--quiet", "--workspace", "--bins", "--profile", &profile])
            .arg("--manifest-path")
            .arg(&manifest)
            .arg("--target-dir")
            .arg(target)
            .output()
            .unwrap_or_else(|e| panic!("cannot run {cargo} to build the bots: {e}"));
        assert!(out.status.success(), "building the bots failed:\n{}", text(&out.stderr));
        folder
    })
}

/// Held while a test plays timed games, so that the tests of one binary (which cargo runs in
/// parallel) do not run several matches at once: bots on a short clock must not be starved of CPU
/// by other tests, or a timeout would say more about the test than about the bot.
pub fn timed_games_lock() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The thinking time a bot is given for a whole game of the short matches (`--time 1`).
pub const SHORT_MATCH_BUDGET: Duration = Duration::from_secs(1);

/// The jury's clock in the short matches: twice the bots' budget, so that the jury's overhead of a
/// slow, loaded machine (which the bot cannot see) does not time out a bot that kept its budget.
pub const SHORT_MATCH_CLOCK: Duration = Duration::from_secs(2);

/// A short match of `games` games between `bot` (its default engine) on [`SHORT_MATCH_BUDGET`]
/// and `bot --engine random`, 2 at a time, on the jury's [`SHORT_MATCH_CLOCK`], logging to
/// `log_dir`: the short matches the tests play. (A bot without `--time` plays to the jury's clock,
/// which it sets in its environment.)
pub fn short_match_config(bot: &str, games: usize, log_dir: &std::path::Path) -> MatchConfig {
    let budget = SHORT_MATCH_BUDGET.as_secs_f64().to_string();
    let commands = [
        vec![bot.to_string(), "--time".into(), budget],
        vec![bot.to_string(), "--engine".into(), "random".into()],
    ];
    let series = Series { jobs: 2, seed: 11, ..Series::new(Rules::new(SHORT_MATCH_CLOCK), log_dir) };
    MatchConfig::new(commands, games, series)
}

/// Plays `bot --engine engine` (on its 1 s budget, see [`short_match_config`]) against `bot
/// --engine random` for `games` games (an even number) with the jury of `entry`, with the final
/// move relayed or not, and checks that nothing failed: no illegal move, no timeout, no crash,
/// clean exits, at most twice its budget used, memory under the limit, colours swapped in pairs,
/// every game's stderr under 10 KB and no illegal move replaced by the dialogue loop. Returns the
/// summary. The caller holds [`timed_games_lock`], so
/// that nothing else in its test binary competes for the CPU.
pub fn check_short_match(
    entry: &GameEntry,
    bot: &str,
    engine: &str,
    games: usize,
    relay_final_move: bool,
) -> Summary {
    let ending = if relay_final_move { "relayed" } else { "unrelayed" };
    let log_dir = ScratchDir::new(&format!("{}-{engine}-{ending}-match", entry.name));
    let mut config = short_match_config(bot, games, &log_dir);
    config.commands[0].extend(["--engine".to_string(), engine.to_string()]);
    config.series.rules.relay_final_move = relay_final_move;
    let context = format!("{} {engine} against random", entry.name);
    let summary = (entry.run_match)(&config, &mut |_, _| {}).unwrap_or_else(|e| panic!("{context}: {e}"));
    assert_eq!(summary.games as usize, games, "{context}");
    assert_eq!(summary.failures(), 0, "{context}: {}", summary.report());
    for player in &summary.players {
        assert_eq!(player.unclean_exits, 0, "{context}: {}", summary.report());
        assert!(player.max_time <= 2 * SHORT_MATCH_BUDGET, "{context}: {}", summary.report());
        assert!(player.max_memory < MEMORY_LIMIT, "{context}: {}", summary.report());
    }
    assert_eq!(
        summary.players[0].games_by_seat.map(|n| n as usize),
        [games / 2; 2],
        "{context}: colours swap in pairs"
    );
    let log = std::fs::read_to_string(log_dir.join("game-0001.log")).expect("a game log");
    assert!(log.contains("failure: none"), "{context}: {log}");
    // Every bot writes one terse line per move: a whole game stays under 10 KB of stderr. And no
    // engine proposed an illegal move (the dialogue loop would have played another in its place).
    for entry in std::fs::read_dir(&log_dir).expect("the log folder") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "stderr") {
            let errors = std::fs::read_to_string(&path).expect("a stderr log");
            assert!(errors.len() < 10_000, "{context}: {}: {} bytes of stderr", path.display(), errors.len());
            assert!(!errors.contains("proposed the illegal move"), "{context}: {}: {errors}", path.display());
        }
    }
    summary
}

/// Checks a game's search-facing trait against its dialogue view along `games` random games from
/// `start`, and returns the number of positions checked. In every position: each generated move
/// is accepted by `is_legal` and by the parser (written and read back unchanged) and is listed
/// once; there is a move exactly when the game is not over; `first_legal_move` is the first one
/// listed and `random_move` one of them; a clone hashes alike. At each end: the outcome agrees
/// with the CodeCup scores (a win scores more, a draw the same). The shared playout driver ends
/// games too.
pub fn check_search_game<G: Contest>(start: &G, games: usize, seed: u64) -> usize {
    use protocol::search::{legal_moves, random_playout};
    use protocol::{Outcome, Rng};

    let mut rng = Rng::new(seed);
    let mut positions = 0;
    for game_index in 0..games {
        let mut game = start.clone();
        loop {
            positions += 1;
            let moves = legal_moves(&game);
            let at = || format!("game {game_index}, position {positions}");
            assert_eq!(moves.is_empty(), game.is_over(), "{}: moves exist exactly while not over", at());
            assert_eq!(game.has_legal_move(), !moves.is_empty(), "{}", at());
            assert_eq!(game.first_legal_move(), moves.first().copied(), "{}", at());
            assert_eq!(game.clone().position_hash(), game.position_hash(), "{}", at());
            for (i, &mv) in moves.iter().enumerate() {
                assert!(game.is_legal(mv), "{}: generated {mv:?} is not legal", at());
                let text = game.format_move(mv);
                assert_eq!(game.parse_move(&text), Ok(mv), "{}: '{text}' does not read back", at());
                assert!(!moves[..i].contains(&mv), "{}: {mv:?} listed twice", at());
            }
            if game.is_over() {
                let outcome = game.outcome().unwrap_or_else(|| panic!("{}: over without an outcome", at()));
                let scores = game.final_scores();
                let me = game.seat_to_move().index();
                let expected = match scores[me].cmp(&scores[1 - me]) {
                    std::cmp::Ordering::Greater => Outcome::Win,
                    std::cmp::Ordering::Equal => Outcome::Draw,
                    std::cmp::Ordering::Less => Outcome::Loss,
                };
                assert_eq!(outcome, expected, "{}: outcome against scores {scores:?}", at());
                break;
            }
            assert_eq!(game.outcome(), None, "{}", at());
            let mv = game.random_move(&mut rng).expect("a game that is not over has a move");
            assert!(moves.contains(&mv), "{}: random move {mv:?} is not listed", at());
            game.apply(mv);
        }
        let mut playout = start.clone();
        let result = random_playout(&mut playout, &mut rng, u32::MAX);
        assert!(result.outcome.is_some() && playout.is_over() && result.plies > 0);
    }
    positions
}

/// Feeds `bot` the lines of `opening` (say the setup and `Start`), then a line of 100 MB without a
/// newline, and then ends its input; checks that it stays under 20 MB of memory (sampled from
/// `/proc` once all was sent), writes under 1 KB to stderr and exits 0. Then feeds it NUL, invalid
/// UTF-8 and escape bytes and checks that stderr quotes them escaped, never raw.
pub fn check_hostile_input(bot: &str, opening: &str) {
    use std::io::Read;

    let mut child = spawn_piped(bot, &["--time", "1"]);
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let mut stderr = child.stderr.take().expect("stderr is piped");
    let errors = std::thread::spawn(move || {
        let mut text = Vec::new();
        stderr.read_to_end(&mut text).expect("stderr reads");
        text
    });
    stdin.write_all(opening.as_bytes()).expect("the bot reads its opening");
    let chunk = vec![b'x'; 1 << 20];
    for _ in 0..100 {
        stdin.write_all(&chunk).expect("the bot keeps reading");
    }
    stdin.flush().expect("flushed");
    let peak_kib = std::fs::read_to_string(format!("/proc/{}/status", child.id())).ok().and_then(|status| {
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?.to_string();
        line.split_whitespace().nth(1)?.parse::<u64>().ok()
    });
    drop(stdin);
    let status = child.wait().expect("the bot ends");
    let errors = errors.join().expect("stderr thread");
    assert!(status.success(), "exit status {status}");
    assert!(errors.len() < 1024, "{} bytes of stderr: {}", errors.len(), String::from_utf8_lossy(&errors));
    match peak_kib {
        Some(kib) => assert!(kib < 20 * 1024, "peak memory {kib} KiB"),
        None if std::fs::metadata("/proc/self/status").is_err() => {
            missing_prerequisite("/proc", "no /proc/self/status: the bot's peak memory cannot be read")
        }
        None => panic!("the bot's /proc status could not be read: it ended before its input did"),
    }

    let out = run_executable(bot, &["--time", "1"], &format!("{opening}\0\u{1b}[2J junk\n"));
    let errors = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success());
    assert!(!out.stderr.contains(&0) && !out.stderr.contains(&0x1b), "raw bytes on stderr: {errors}");
    assert!(errors.contains("\\0\\u{1b}[2J junk"), "{errors}");

    let mut invalid = opening.as_bytes().to_vec();
    invalid.extend_from_slice(b"\xff\xfe\n");
    let out = run_executable_bytes(bot, &["--time", "1"], &invalid);
    let errors = String::from_utf8(out.stderr).expect("stderr is UTF-8 whatever came in");
    assert!(errors.contains("\\u{fffd}\\u{fffd}"), "{errors}");
}

/// Runs `bot --time 1 --analyze` on the position after `moves` (from `setup`) and checks that it
/// exits 0 having written exactly one line; returns that line (the move) and its stderr.
pub fn analysis(bot: &str, setup: &[String], moves: &[String]) -> (String, String) {
    let mut args = vec!["--time".to_string(), "1".to_string(), "--analyze".to_string(), moves.join(",")];
    if !setup.is_empty() {
        args.extend(["--setup".to_string(), setup.join(",")]);
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = run_executable(bot, &args, "");
    let errors = text(&out.stderr);
    assert!(out.status.success(), "{bot} after {moves:?}: {errors}");
    let reply = text(&out.stdout);
    assert_eq!(reply.lines().count(), 1, "{bot} after {moves:?}: one move, not '{reply}'");
    (reply.trim_end().to_string(), errors)
}

/// [`analysis`], and the move written is legal there; returns the bot's stderr.
pub fn check_analysis<G: Game>(bot: &str, setup: &[String], moves: &[String]) -> String {
    let (reply, errors) = analysis(bot, setup, moves);
    let game: G = data::replay(setup, moves).expect("the moves are legal");
    let mv = game.parse_move(&reply).unwrap_or_else(|e| panic!("'{reply}': {e}"));
    assert!(game.is_legal(mv));
    errors
}
