//! A competitor's first hour with the jury: a program that cannot play stops the series at once
//! with its own words (in a match, a tournament and a tune), while a program that fails later is
//! scored and the series goes on; notes only where they are true; `jury replay` ends with its
//! verdict in words; every usage error exits with status 2.
//!
//! The games are Dvonn's random engine under fixed seeds: nothing here depends on the machine's
//! speed.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use testkit::{text, ScratchDir};

fn jury() -> &'static str {
    env!("CARGO_BIN_EXE_jury")
}

fn dvonn() -> String {
    testkit::built_bots(Path::new(jury())).join("dvonn").to_string_lossy().into_owned()
}

fn run(args: &[&str], dir: &Path) -> Output {
    Command::new(jury()).args(args).current_dir(dir).output().unwrap()
}

/// The files of `dir` whose names end with `suffix`, sorted.
fn files(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .flat_map(|path| if path.is_dir() { files(&path, suffix) } else { vec![path] })
        .filter(|path| path.to_string_lossy().ends_with(suffix))
        .collect();
    found.sort();
    found
}

/// Checks a stop: status 2, the headline naming the program and the game, then the program's
/// own last stderr lines (a few, each short), and no game log left behind.
fn assert_stopped(out: &Output, headline: &str, stderr_line: &str, log_dir: &Path) {
    let message = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{message}");
    // The lines of the games played before it (and a tune's start), then the stop, last.
    let lines: Vec<&str> = message.lines().skip_while(|line| !line.starts_with("jury: stopped: ")).collect();
    assert!(!lines.is_empty(), "{message}");
    assert!(lines[0].starts_with("jury: stopped: ") && lines[0].contains(headline), "{message}");
    assert!(lines[0].contains("before its first move"), "{message}");
    assert!(lines[1..].iter().any(|line| line.contains(stderr_line)), "{message}");
    assert!(lines.len() <= 1 + jury::gate::STDERR_TAIL_LINES, "{message}");
    assert!(
        lines[1..].iter().all(|line| line.starts_with("  ") && line.chars().count() <= 2 + 160),
        "{message}"
    );
    assert_eq!(files(log_dir, ".log"), Vec::<PathBuf>::new(), "a stopped run leaves no game log");
}

#[test]
fn a_program_that_cannot_play_stops_a_match_at_once_in_its_own_words() {
    let _alone = testkit::timed_games_lock();
    let dir = ScratchDir::new("jury-first-hour-stop");
    let dvonn = dvonn();
    let good = format!("{dvonn} --engine random --seed 1");
    let nope = format!("{dvonn} --engine nope");
    let out = run(&["match", "dvonn", &good, &nope, "--games", "100", "--jobs", "2"], &dir);
    let log_dir = dir.join("matches/dvonn-1");
    assert_stopped(&out, &format!("B cannot play: '{nope}' as "), "unknown engine 'nope'", &log_dir);
    // Two games at once: no third game was started.
    let started = files(&log_dir, ".first.stderr");
    assert!(started.len() <= 2, "{started:?}");
    assert!(!text(&out.stdout).contains("games,"), "no summary of games that did not happen");

    // The corrected command runs in the same folder: the stopped run left nothing to refuse.
    let fixed = format!("{dvonn} --engine random --seed 2");
    let out = run(&["match", "dvonn", &good, &fixed, "--games", "2", "--jobs", "1"], &dir);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(files(&log_dir, ".log").len(), 2);
}

#[test]
fn a_program_that_cannot_play_in_one_seat_stops_the_series_though_it_played_the_other() {
    let _alone = testkit::timed_games_lock();
    let dir = ScratchDir::new("jury-first-hour-seat");
    let dvonn = dvonn();
    let good = format!("{dvonn} --engine random --seed 1");
    // Plays when second (its first line is a move); as first (its first line is Start) it exits.
    let script = dir.join("second-only.sh");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\nread l\nif [ \"$l\" = Start ]; then echo cannot play first >&2; exit 1; fi\n(echo \"$l\"; cat) | {dvonn} --engine random --seed 2\n"
        ),
    )
    .unwrap();
    make_executable(&script);
    let script = script.display().to_string();
    let out = run(&["match", "dvonn", &good, &script, "--games", "4", "--jobs", "1"], &dir);
    assert_stopped(
        &out,
        &format!("B cannot play: '{script}' as first player in dvonn, game 2 of 4"),
        "cannot play first",
        &dir.join("matches/dvonn-1"),
    );
}

fn make_executable(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn a_program_that_fails_after_its_first_move_is_scored_and_the_series_goes_on() {
    let _alone = testkit::timed_games_lock();
    let dir = ScratchDir::new("jury-first-hour-later");
    let dvonn = dvonn();
    let good = format!("{dvonn} --engine random --seed 1");
    // Three moves, then it kills itself: a crash at its fourth move, every game.
    let short = dir.join("three-moves.sh");
    std::fs::write(
        &short,
        format!("#!/bin/sh\n{dvonn} --engine random --seed 2 | {{ for i in 1 2 3; do read m; echo $m; done; kill -9 0; }}\n"),
    )
    .unwrap();
    // Plays its first two games, then exits at once: it has played in both seats by then.
    let tired = dir.join("two-games.sh");
    std::fs::write(
        &tired,
        format!(
            "#!/bin/sh\nn=$(cat {count} 2>/dev/null || echo 0)\necho $((n + 1)) > {count}\n[ $n -ge 2 ] && exit 1\nexec {dvonn} --engine random --seed 3\n",
            count = dir.join("count").display()
        ),
    )
    .unwrap();
    for (script, crashes) in [(&short, 4), (&tired, 2)] {
        make_executable(script);
        let name = script.file_stem().unwrap().to_string_lossy().into_owned();
        let log_dir = dir.join(&name);
        let log_dir = log_dir.display().to_string();
        let script = script.display().to_string();
        let out = run(
            &["match", "dvonn", &good, &script, "--games", "4", "--jobs", "1", "--log-dir", &log_dir],
            &dir,
        );
        let report = text(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{name}: failures exit 1: {}{report}", text(&out.stderr));
        assert!(report.starts_with("4 games,"), "{name}: {report}");
        assert!(
            report.contains(&format!("failures B: illegal 0, timeout 0, crash {crashes},")),
            "{name}: {report}"
        );
        assert_eq!(files(Path::new(&log_dir), ".log").len(), 4, "{name}");
    }
}

#[test]
fn a_tournament_and_a_tune_stop_for_a_program_that_cannot_play() {
    let _alone = testkit::timed_games_lock();
    let dir = ScratchDir::new("jury-first-hour-tournament");
    let dvonn = dvonn();
    let engines = [
        format!("{dvonn} --engine random --seed 1"),
        format!("{dvonn} --engine random --seed 2"),
        format!("{dvonn} --engine nope"),
    ];
    let mut args = vec!["tournament", "dvonn"];
    args.extend(engines.iter().map(String::as_str));
    args.extend(["--games", "2", "--jobs", "1"]);
    let out = run(&args, &dir);
    let log_dir = dir.join("matches/tournament-dvonn-1");
    assert_stopped(
        &out,
        &format!(
            "engine 3 cannot play: '{}' as second player in dvonn tournament, engines 1 and 3, game 1",
            engines[2]
        ),
        "unknown engine 'nope'",
        &log_dir,
    );
    // The same tournament with the engine mended runs in the same folder.
    let mended = format!("{dvonn} --engine random --seed 3");
    args[4] = &mended;
    let out = run(&args, &dir);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(files(&log_dir, ".log").len(), 6);

    let tune_dir = dir.join("tune").display().to_string();
    let nope = format!("{dvonn} --engine nope");
    let tune = |bot: &str| {
        run(
            &[
                "tune",
                "dvonn",
                bot,
                "--param",
                "mobility=5,0,10,1",
                "--pairs",
                "1",
                "--jobs",
                "1",
                "--log-dir",
                &tune_dir,
            ],
            &dir,
        )
    };
    let out = tune(&nope);
    assert_stopped(
        &out,
        &format!("the tuned bot cannot play: '{nope} --set mobility="),
        "unknown engine",
        Path::new(&tune_dir),
    );
    // Its trace holds no pair: the mended tune starts afresh on it.
    let out = tune(&format!("{dvonn} --engine random"));
    assert!(out.status.success(), "{}", text(&out.stderr));
}

#[test]
fn the_clock_note_is_for_foreign_programs_only_and_said_once() {
    let _alone = testkit::timed_games_lock();
    let dir = ScratchDir::new("jury-first-hour-note");
    let dvonn = dvonn();
    let random = |seed: &str| format!("{dvonn} --engine random --seed {seed}");
    let out = run(&["match", "dvonn", &random("1"), &random("2"), "--games", "2", "--time", "0.5"], &dir);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(!text(&out.stderr).contains("note:"), "our bots read the clock: {}", text(&out.stderr));

    // The same bot under another name is a foreign program to the jury: one note for both.
    let foreign = dir.join("their-bot");
    std::os::unix::fs::symlink(&dvonn, &foreign).unwrap();
    let foreign = format!("{} --engine random", foreign.display());
    let out = run(
        &[
            "match",
            "dvonn",
            &foreign,
            &format!("{foreign} --seed 3"),
            "--games",
            "2",
            "--time",
            "0.5",
            "--log-dir",
            "other",
        ],
        &dir,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let notes: Vec<String> =
        text(&out.stderr).lines().filter(|l| l.contains("note:")).map(String::from).collect();
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(notes[0].starts_with("jury: note: A, B: the match clock is 0.500 s"), "{notes:?}");
}

#[test]
fn a_replay_ends_with_its_verdict_in_words() {
    let _alone = testkit::timed_games_lock();
    let dir = ScratchDir::new("jury-first-hour-replay");
    let dvonn = dvonn();
    let random = |seed: &str| format!("{dvonn} --engine random --seed {seed}");
    let out = run(&["match", "dvonn", &random("1"), &random("2"), "--games", "2", "--log-dir", "logs"], &dir);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let log = "logs/game-0001.log";
    let logged = jury::log::parse_log(&std::fs::read_to_string(dir.join(log)).unwrap()).unwrap();
    let [first, second] = logged.scores.unwrap();
    let out = run(&["replay", log], &dir);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let last = text(&out.stdout).lines().last().unwrap().to_string();
    assert_eq!(
        last,
        format!("{log}: checked out: {} moves legal, scores {first} {second} as logged", logged.moves.len())
    );

    // Scores that are not the rules' are said in words, in one last line, with status 1.
    let original = std::fs::read_to_string(dir.join(log)).unwrap();
    let edited = original.replace(&format!("scores: {first} {second}"), &format!("scores: {second} {first}"));
    assert_ne!(edited, original);
    std::fs::write(dir.join(log), edited).unwrap();
    let out = run(&["replay", log], &dir);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        format!(
            "jury: {log}: does not check out: recorded scores {second} {first} differ from the rules' {first} {second}\n"
        )
    );
    // A move the rules refuse: status 2, the verdict in one line.
    let bad = original.replacen("moves: ", "moves: zz9 ", 1);
    std::fs::write(dir.join(log), bad).unwrap();
    let out = run(&["replay", log], &dir);
    assert_eq!(out.status.code(), Some(2));
    let message = text(&out.stderr);
    assert!(message.starts_with(&format!("jury: {log}: does not check out: ply 1: 'zz9'")), "{message}");
    assert_eq!(message.lines().count(), 1, "{message}");
}

#[test]
fn every_usage_error_exits_with_status_2() {
    let dir = ScratchDir::new("jury-first-hour-usage");
    let subcommands =
        ["match", "tournament", "report", "tune", "blunders", "replay", "view", "games", "soak"];
    for subcommand in subcommands {
        let out = run(&[subcommand, "--no-such-flag"], &dir);
        assert_eq!(out.status.code(), Some(2), "jury {subcommand} --no-such-flag: {}", text(&out.stderr));
    }
    // Missing arguments (`games` and `soak` need none), no subcommand, an unknown one.
    let missing: Vec<&[&str]> = vec![
        &["match"],
        &["match", "dvonn", "sh"],
        &["tournament", "dvonn", "sh"],
        &["report"],
        &["tune", "dvonn", "sh"],
        &["blunders", "logs"],
        &["replay"],
        &["view"],
        &[],
        &["chess"],
    ];
    for args in missing {
        let out = run(args, &dir);
        assert_eq!(out.status.code(), Some(2), "jury {args:?}: {}", text(&out.stderr));
    }
    assert!(!dir.join("matches").exists(), "nothing began");
}
