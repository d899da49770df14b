//! Series through the `jury` command: a tournament interrupted and resumed from its logs ends as an
//! uninterrupted one does, its games open in `jury view`, openings come from a file, and bad
//! tournament input is refused in one line before any game.
//!
//! The engines are deterministic (Dvonn's random engine with fixed seeds and its player at a fixed
//! depth, far inside its clock), so two runs of one tournament play the same games.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use jury::log::parse_log;
use jury::referee::Rules;
use jury::tournament::{Format, Standings, TournamentConfig};
use jury::Series;
use registry::{find, GAMES};
use testkit::{text, ScratchDir};

fn jury() -> &'static str {
    env!("CARGO_BIN_EXE_jury")
}

fn bot(name: &str) -> String {
    testkit::built_bots(Path::new(jury())).join(name).to_string_lossy().into_owned()
}

fn fresh_dir(name: &str) -> ScratchDir {
    ScratchDir::new(&format!("jury-series-{name}"))
}

/// The logs of a series folder (a tournament keeps one folder per pairing).
fn logs(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(logs(&path));
        } else if path.extension().is_some_and(|e| e == "log") {
            found.push(path);
        }
    }
    found.sort();
    found
}

const GAMES_PER_PAIRING: usize = 8;

fn dvonn_engines() -> Vec<String> {
    let dvonn = bot("dvonn");
    vec![
        format!("{dvonn} --engine random --seed 1"),
        format!("{dvonn} --engine random --seed 2"),
        format!("{dvonn} --set max_depth=2 --seed 3"),
    ]
}

/// The tournament as `jury tournament dvonn ENGINES --games 8 --jobs 2 --log-dir DIR` builds it
/// (programs stopped between their turns, as by default).
fn dvonn_tournament(log_dir: &Path) -> TournamentConfig {
    let entry = find(GAMES, "dvonn").unwrap();
    TournamentConfig {
        engines: dvonn_engines().iter().map(|c| c.split_whitespace().map(String::from).collect()).collect(),
        format: Format::RoundRobin,
        games_per_pairing: GAMES_PER_PAIRING,
        anchor: 0,
        series: Series { jobs: 2, ..Series::new(Rules::new(entry.time_limit), log_dir) },
    }
}

/// What must not depend on how the tournament was run: per engine its results, points and
/// failures, and the crosstable.
fn totals(standings: &Standings) -> Vec<String> {
    let mut lines: Vec<String> = standings
        .totals
        .iter()
        .map(|t| {
            format!("{}-{}-{} {} points, {} failures", t.wins, t.draws, t.losses, t.points, t.failure_count())
        })
        .collect();
    lines.push(format!("{:?} {:?}", standings.score, standings.games));
    lines
}

/// Whether any program still runs with these exact arguments.
fn still_running(command: &str) -> bool {
    let wanted: Vec<&str> = command.split_whitespace().collect();
    std::fs::read_dir("/proc").into_iter().flatten().flatten().any(|entry| {
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        let words: Vec<String> = cmdline
            .split(|&b| b == 0)
            .filter(|w| !w.is_empty())
            .map(|w| String::from_utf8_lossy(w).into())
            .collect();
        words.starts_with(&wanted.iter().map(|w| w.to_string()).collect::<Vec<_>>())
    })
}

#[test]
fn an_interrupted_tournament_resumed_from_its_logs_ends_as_an_uninterrupted_one() {
    let _alone = testkit::timed_games_lock();
    let entry = find(GAMES, "dvonn").unwrap();
    let total = 3 * GAMES_PER_PAIRING;

    let whole_dir = fresh_dir("whole");
    let whole = (entry.run_tournament)(&dvonn_tournament(&whole_dir), &mut |_, _| {}).unwrap();
    assert_eq!(whole.games_played() as usize, total);
    assert_eq!((whole.resumed, whole.failures()), (0, 0));

    // The same tournament from the command line, killed once three games are in.
    let dir = fresh_dir("interrupted");
    let mut args = vec!["tournament".to_string(), "dvonn".into()];
    args.extend(dvonn_engines());
    let games = GAMES_PER_PAIRING.to_string();
    args.extend(["--games", &games, "--jobs", "2", "--log-dir"].map(String::from));
    args.push(dir.display().to_string());
    let mut child =
        Command::new(jury()).args(&args).stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
    let started = Instant::now();
    while logs(&dir).len() < 3 {
        assert!(started.elapsed() < Duration::from_secs(60), "no games logged in a minute");
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let logged = logs(&dir).len();
    assert!((3..total).contains(&logged), "interrupted after {logged} of {total} games: too late to test");
    // The programs die with the jury: those waiting for a line read the end of their input, and
    // those stopped between turns are woken with SIGHUP by the kernel once their group is orphaned.
    // Watched for up to 10 s, not a fixed pause: on a loaded machine they may wait to be scheduled.
    let killed = Instant::now();
    for engine in dvonn_engines() {
        while still_running(&engine) {
            assert!(killed.elapsed() < Duration::from_secs(10), "'{engine}' outlived the killed jury");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    let mut played = 0;
    let resumed = (entry.run_tournament)(&dvonn_tournament(&dir), &mut |_, _| played += 1).unwrap();
    assert_eq!(resumed.resumed as usize, logged);
    assert_eq!(played, total - logged);
    assert_eq!(totals(&resumed), totals(&whole));
    assert_eq!(logs(&dir).len(), total);

    // Run once more, it plays nothing and prints the same standings.
    let out = Command::new(jury()).args(&args).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    assert!(report.contains(&format!("{total} of {total} games played")), "{report}");
    assert!(report.contains(&format!("{total} of the games were counted from the logs")), "{report}");
    for engine in 1..=3 {
        assert!(report.contains(&format!("  {engine}: ")), "engine {engine} has no row: {report}");
    }
    assert!(report.contains("anchor") && report.contains("ratings: logistic Elo"), "{report}");

    // Its games open in the viewer.
    let page = dir.join("games.html");
    let out = Command::new(jury()).arg("view").args(logs(&dir)).arg("-o").arg(&page).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).trim(), format!("wrote {}: {total} game(s)", page.display()));

    // A different tournament may not use these logs: refused in one line naming the ways on.
    let out = Command::new(jury()).args(&args).args(["--seed", "2"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let message = text(&out.stderr);
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(
        message.contains(&format!(
            "{} holds {total} game logs of another series ('seed: 1' there, 'seed: 2' here): give another --log-dir, or the command that wrote them",
            dir.display()
        )),
        "{message}"
    );
}

#[test]
fn a_match_starts_its_pairs_from_the_lines_of_an_openings_file() {
    let _alone = testkit::timed_games_lock();
    let dir = fresh_dir("openings");
    let pillars = bot("pillars");
    // Two Pillars openings: a setup with two moves, and a setup alone.
    let lines = ["Aa Bc Cb Dd Ee Fg Gf Hh Ij Ji | AcAd BaBb", "Ab Ba Cc Dd Ee Ff Gg Hh Ii Jj |"];
    let file = dir.join("openings.txt");
    std::fs::write(&file, format!("# pillars\n{}\n{}\n", lines[0], lines[1])).unwrap();
    let log_dir = dir.join("logs");
    let out = Command::new(jury())
        .args([
            "match",
            "pillars",
            &pillars,
            &format!("{pillars} --engine random"),
            "--games",
            "4",
            "--time",
            "1",
        ])
        .arg("--openings")
        .arg(&file)
        .arg("--log-dir")
        .arg(&log_dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let games: Vec<_> =
        logs(&log_dir).iter().map(|p| parse_log(&std::fs::read_to_string(p).unwrap()).unwrap()).collect();
    assert_eq!(games.len(), 4);
    for (index, game) in games.iter().enumerate() {
        let (setup, moves) = lines[index / 2].split_once('|').unwrap();
        assert_eq!(game.setup.join(" "), setup.trim(), "game {}", index + 1);
        assert_eq!(game.opening.join(" "), moves.trim(), "game {}", index + 1);
        assert!(game.failures.is_empty(), "game {}: {:?}", index + 1, game.failures);
    }
}

#[test]
fn bad_tournament_input_is_refused_in_one_line_before_any_game() {
    let dir = fresh_dir("refusals");
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "# nothing yet\n\n").unwrap();
    let illegal = dir.join("illegal.txt");
    std::fs::write(&illegal, "Aa Bc Cb Dd Ee Fg Gf Hh Ij Ji | AaAa\n").unwrap();
    let (empty, illegal) = (empty.display().to_string(), illegal.display().to_string());
    let log_dir = dir.join("logs").display().to_string();
    for (args, expected) in [
        (&["sh", "sh -x", "sh"][..], "engines 1 and 3 are the same command 'sh': give each engine once"),
        (&["sh", "./no-such-engine"][..], "cannot run './no-such-engine'"),
        (&["sh", "sh -x", "--games", "5"][..], "--games 5: games come in pairs"),
        (&["sh", "sh -x", "--anchor", "3"][..], "--anchor 3: there are only 2 engines"),
        (&["sh", "sh -x", "--openings", &empty][..], "empty.txt: no openings in it"),
        (&["sh", "sh -x", "--openings", &illegal][..], "illegal.txt: line 1: ply 1 'AaAa': "),
    ] {
        let out = Command::new(jury())
            .args(["tournament", "pillars"])
            .args(args)
            .args(["--log-dir", &log_dir])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let message = text(&out.stderr);
        assert!(message.starts_with("jury: ") && message.contains(expected), "{args:?}: {message}");
        assert_eq!(message.lines().count(), 1, "{args:?}: one line: {message}");
        assert!(!Path::new(&log_dir).exists(), "{args:?}: refused, yet it began");
    }
}

/// The standings' rows without the columns that depend on the machine (the most time and memory
/// a game took): ranks, ratings, results, points, failures and the crosstable.
fn results_of(report: &str, engines: usize) -> Vec<String> {
    report
        .lines()
        .filter(|line| line.split_whitespace().next().is_some_and(|rank| rank.parse::<u32>().is_ok()))
        .map(|line| {
            let mut words: Vec<&str> = line.split_whitespace().collect();
            let cells = words.len() - engines;
            words.drain(cells - 2..cells);
            words.join(" ")
        })
        .collect()
}

fn run_jury(args: &[String]) -> String {
    let out = Command::new(jury()).args(args).output().unwrap();
    assert!(out.status.success(), "jury {args:?}: {}", text(&out.stderr));
    text(&out.stdout)
}

/// `jury tournament` of the three Dvonn engines into `dir`, the whole series or one shard.
fn tournament_args(dir: &Path, shard: Option<&str>) -> Vec<String> {
    let mut args = vec!["tournament".to_string(), "dvonn".into()];
    args.extend(dvonn_engines());
    args.extend(["--games", &GAMES_PER_PAIRING.to_string(), "--jobs", "1", "--log-dir"].map(String::from));
    args.push(dir.display().to_string());
    if let Some(shard) = shard {
        args.extend(["--shard".to_string(), shard.to_string()]);
    }
    args
}

/// The report of shard folders against the whole tournament's own summary, and refusals of games
/// that do not belong.
fn check_shards_against_the_whole(whole: &str, shards: [PathBuf; 2], scratch: &Path) {
    let dirs = || shards.iter().map(|d| d.display().to_string()).collect::<Vec<_>>();
    let mut args = vec!["report".to_string()];
    args.extend(dirs());
    let report = run_jury(&args);
    let total = 3 * GAMES_PER_PAIRING;
    assert!(report.contains(&format!("{total} of {total} games played")), "{report}");
    assert_eq!(results_of(&report, 3), results_of(whole, 3), "shards:\n{report}\nwhole:\n{whole}");
    assert_eq!(results_of(&report, 3).len(), 3);
    let shard_logs: Vec<usize> = shards.iter().map(|dir| logs(dir).len()).collect();
    assert_eq!(shard_logs, [total / 2, total / 2], "each shard played its half");

    // A copy of the first shard with one game edited: other engines, then another series.
    let foreign = scratch.join("foreign");
    let copied = Command::new("cp").arg("-r").arg(&shards[0]).arg(&foreign).status().unwrap();
    assert!(copied.success());
    let victim = logs(&foreign)[2].clone();
    let original = std::fs::read_to_string(&victim).unwrap();
    let refused = |expected: &str| {
        let out = Command::new(jury()).arg("report").arg(&foreign).arg(&shards[1]).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        let message = text(&out.stderr);
        assert_eq!(message.lines().count(), 1, "{message}");
        assert!(message.contains(&victim.display().to_string()) && message.contains(expected), "{message}");
    };
    let seed_flag = if original.contains("--seed 1") { "--seed 1" } else { "--seed 2" };
    std::fs::write(&victim, original.replacen(seed_flag, "--seed 7", 1)).unwrap();
    refused("played by");
    let series_line =
        original.lines().find(|l| l.starts_with("series: ")).expect("a series line").to_string();
    std::fs::write(&victim, original.replace(&series_line, "series: 0123456789abcdef")).unwrap();
    refused("a game of another series");
    std::fs::write(&victim, &original).unwrap();
    let out = Command::new(jury()).arg("report").arg(&foreign).arg(&shards[0]).output().unwrap();
    assert!(text(&out.stderr).contains("the same game as"), "{}", text(&out.stderr));
}

#[test]
fn a_tournament_played_as_two_shards_reports_as_the_whole_one() {
    let _alone = testkit::timed_games_lock();
    let dir = fresh_dir("shards");
    let whole = run_jury(&tournament_args(&dir.join("whole"), None));
    let mut again = vec!["report".to_string(), dir.join("whole").display().to_string()];
    let report = run_jury(&again);
    let without_logs =
        |text: &str| text.lines().filter(|l| !l.starts_with("logs:")).collect::<Vec<_>>().join("\n");
    assert_eq!(without_logs(&report), without_logs(&whole), "a whole run's report is what it printed");

    let shards = [dir.join("shard-0"), dir.join("shard-1")];
    let children: Vec<_> = (0..2)
        .map(|k| {
            Command::new(jury())
                .args(tournament_args(&shards[k], Some(&format!("{k}/2"))))
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    for mut child in children {
        assert!(child.wait().unwrap().success());
    }
    check_shards_against_the_whole(&whole, shards, &dir);

    // Shards of another series are not summed with these.
    again.push(dir.join("shard-0").display().to_string());
    let other = dir.join("other");
    let mut args = tournament_args(&other, Some("1/2"));
    args.extend(["--time".to_string(), "4".to_string()]);
    run_jury(&args);
    let out = Command::new(jury()).arg("report").arg(dir.join("shard-0")).arg(&other).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("another series than"), "{}", text(&out.stderr));
}

#[test]
#[ignore = "needs GNU parallel: run .ci/run or cargo test -- --include-ignored"]
fn shards_started_by_gnu_parallel_report_as_the_whole_tournament() {
    let _alone = testkit::timed_games_lock();
    let dir = fresh_dir("parallel");
    let whole = run_jury(&tournament_args(&dir.join("whole"), None));
    let mut args: Vec<String> =
        ["--will-cite", "-q", "--halt", "now,fail=1", jury()].map(String::from).to_vec();
    args.extend(tournament_args(&dir.join("shard-{}"), Some("{}/2")));
    args.extend([":::", "0", "1"].map(String::from));
    let out = Command::new("parallel").args(&args).output().expect("GNU parallel on the PATH");
    assert!(out.status.success(), "parallel: {}", text(&out.stderr));
    check_shards_against_the_whole(&whole, [dir.join("shard-0"), dir.join("shard-1")], &dir);
}

#[test]
fn a_tune_refuses_what_the_bot_cannot_take_in_one_line() {
    let dir = fresh_dir("tune-refusals");
    let dvonn = bot("dvonn");
    let log_dir = dir.join("logs").display().to_string();
    for (param, expected) in [
        ("no_such=1,0,2,1", "the dvonn bot has no tunable 'no_such' (it has: max_depth, "),
        ("mobility=500,0,100,5", "START 500 is outside its range 0 to 100"),
        ("mobility=5,10,0,1", "MIN 10 must be below MAX 0"),
        ("partial_iterations=1,0,1,1", "'partial_iterations' is a bool tunable; SPSA tunes numbers"),
        ("lmr_first_move=5,-1,9,1", "'lmr_first_move' is a usize and cannot go below 0"),
        ("mobility=5,0,10", "expected NAME=START,MIN,MAX,STEP[,R_END]"),
    ] {
        let out = Command::new(jury())
            .args(["tune", "dvonn", &dvonn, "--pairs", "2", "--param", param, "--log-dir", &log_dir])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{param}");
        let message = text(&out.stderr);
        assert!(message.starts_with("jury: --param ") && message.contains(expected), "{param}: {message}");
        assert_eq!(message.lines().count(), 1, "{param}: one line: {message}");
        assert!(!Path::new(&log_dir).exists(), "{param}: refused, yet it began");
    }
}

/// `jury match dvonn` between Dvonn's random engine under two seeds, into `dir`, `games` games.
fn random_match(dir: &Path, games: usize, more: &[&str]) -> Vec<String> {
    let dvonn = bot("dvonn");
    let mut args = vec![
        "match".to_string(),
        "dvonn".into(),
        format!("{dvonn} --engine random --seed 1"),
        format!("{dvonn} --engine random --seed 2"),
    ];
    args.extend(["--games", &games.to_string(), "--jobs", "1", "--log-dir"].map(String::from));
    args.push(dir.display().to_string());
    args.extend(more.iter().map(|word| word.to_string()));
    args
}

/// The summary's lines that a resumed run and a report share (not where the games came from).
fn results(summary: &str) -> Vec<String> {
    summary
        .lines()
        .filter(|line| !line.starts_with("logs:") && !line.contains("counted from the logs"))
        .map(String::from)
        .collect()
}

#[test]
fn a_match_folder_holds_one_series_which_only_resume_continues() {
    let _alone = testkit::timed_games_lock();
    let scratch = fresh_dir("match-folder");
    let dir = scratch.join("logs");
    let shown = dir.display().to_string();
    let four = run_jury(&random_match(&dir, 4, &[]));
    assert!(four.starts_with("4 games,"), "{four}");
    let before: Vec<String> = logs(&dir).iter().map(|p| std::fs::read_to_string(p).unwrap()).collect();
    assert_eq!(before.len(), 4);

    // Run again into the same folder: refused in one line naming it and the ways on, whether
    // the same match, a shorter one (whose report would have met the longer one's logs), or
    // another series; the logs are untouched.
    let refused = |args: Vec<String>, expected: &str| {
        let out = Command::new(jury()).args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", text(&out.stdout));
        let message = text(&out.stderr);
        assert_eq!(message.lines().count(), 1, "{args:?}: one line: {message}");
        assert!(message.starts_with("jury: ") && message.contains(expected), "{args:?}: {message}");
        assert!(message.contains("--log-dir"), "{message}");
        let after: Vec<String> = logs(&dir).iter().map(|p| std::fs::read_to_string(p).unwrap()).collect();
        assert_eq!(after, before, "{args:?}: refused, yet it played");
    };
    let same = format!("{shown} already holds 4 game logs of this match: give another --log-dir, or --resume to play only the missing games");
    refused(random_match(&dir, 4, &[]), &same);
    refused(random_match(&dir, 2, &[]), &same);
    let other = "holds 4 game logs of another series ('seed: 1' there, 'seed: 2' here): give another --log-dir, or --resume with the command that wrote them";
    refused(random_match(&dir, 4, &["--seed", "2"]), other);
    refused(random_match(&dir, 4, &["--seed", "2", "--resume"]), other);
    let mut swapped = random_match(&dir, 4, &["--resume"]);
    swapped.swap(2, 3);
    refused(swapped, "of another series ('engine A: ");
    refused(
        random_match(&dir, 2, &["--resume"]),
        &format!("{shown}/game-0003.log is not one of the 2 games of this match"),
    );

    // Resumed with more games, it plays only the missing ones; its summary covers them all and is
    // the report's.
    let out = Command::new(jury()).args(random_match(&dir, 6, &["--resume"])).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let six = text(&out.stdout);
    let progress = text(&out.stderr);
    let played: Vec<&str> = progress.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(played.len(), 2, "only the missing games: {}", text(&out.stderr));
    assert!(played[0].starts_with("game    5 (5/6)"), "{played:?}");
    assert!(text(&out.stderr).contains("jury: resuming: 4 of 6 games counted from the logs in"));
    assert!(
        six.starts_with("6 games,") && six.contains("4 of the games were counted from the logs"),
        "{six}"
    );
    let report = run_jury(&["report".to_string(), shown.clone()]);
    assert_eq!(results(&report), results(&six));
    let logged: Vec<String> = logs(&dir).iter().map(|p| std::fs::read_to_string(p).unwrap()).collect();
    assert_eq!(logged[..4], before[..], "the first run's logs are kept as they were");

    // The same 6 games played in one run: the same results (the engines play by their seeds).
    let whole = run_jury(&random_match(&scratch.join("whole"), 6, &[]));
    // Results, seats and points, without the times and memory the machine decides.
    let body = |summary: &str| -> Vec<String> {
        let rows = summary.lines().filter(|l| l.starts_with("A ") || l.starts_with("B "));
        rows.map(|l| l.split_whitespace().take(7).collect::<Vec<_>>().join(" ")).collect()
    };
    assert_eq!(body(&six), body(&whole));
    // Resumed once more, nothing is left to play.
    let again = run_jury(&random_match(&dir, 6, &["--resume"]));
    assert!(again.contains("6 of the games were counted from the logs"), "{again}");

    // A folder mixed by hand (a game of another series among these) is refused by the report,
    // the viewer and a resumed match alike.
    let foreign = scratch.join("foreign");
    run_jury(&random_match(&foreign, 2, &["--seed", "3"]));
    std::fs::copy(foreign.join("game-0001.log"), dir.join("game-0007.log")).unwrap();
    for (args, expected) in [
        (vec!["report".to_string(), shown.clone()], "game-0007.log: not one of the match's 6 games"),
        (vec!["view".to_string(), shown.clone()], "mixes two series"),
        (random_match(&dir, 8, &["--resume"]), "game-0007.log: a game of another series"),
    ] {
        let out = Command::new(jury()).args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let message = text(&out.stderr);
        assert_eq!(message.lines().count(), 1, "{args:?}: {message}");
        assert!(message.contains(expected), "{args:?}: {message}");
    }
}
