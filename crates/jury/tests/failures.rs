//! The jury against misbehaving players (small shell scripts): each way of failing is caught,
//! named and scored as CodeCup does.

use std::path::PathBuf;
use std::time::Duration;

use jury::log::{format_log, parse_log};
use jury::process::STDERR_KEPT_BYTES;
use jury::referee::{play_game, Failure, GameRecord, Rules};
use jury::replay::replay_log;
use pillars::Pillars;
use protocol::Seat;

fn diagonal() -> Vec<String> {
    "Aa Bb Cc Dd Ee Ff Gg Hh Ii Jj".split(' ').map(String::from).collect()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jury-test-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A player that reads its 10 pillar lines (and `Start` when first), then runs `script`.
fn script_player(script: &str) -> Vec<String> {
    let program = format!("for i in 1 2 3 4 5 6 7 8 9 10 11; do read line; done; {script}");
    vec!["sh".into(), "-c".into(), program]
}

/// A player that reads the pillars and then answers each line with the next field of `fields`.
fn field_player(fields: &[&str]) -> Vec<String> {
    let moves: Vec<String> = fields.iter().map(|f| format!("{f}{f}")).collect();
    let program = format!(
        "for i in 1 2 3 4 5 6 7 8 9 10; do read line; done; for m in {}; do read line; echo $m; done; read line",
        moves.join(" ")
    );
    vec!["sh".into(), "-c".into(), program]
}

fn referee(name: &str, first: Vec<String>, second: Vec<String>, time_limit: Duration) -> GameRecord {
    let dir = scratch(name);
    let rules = Rules::new(time_limit);
    play_game::<Pillars>(
        &diagonal(),
        &[],
        [&first, &second],
        [&dir.join("first.stderr"), &dir.join("second.stderr")],
        &rules,
    )
}

fn quiet() -> Vec<String> {
    script_player("while read line; do :; done")
}

fn assert_failure(record: &GameRecord, seat: Seat, kind: Failure) {
    let failure = record.failures[seat.index()].as_ref().expect("a failure");
    assert_eq!(failure.kind, kind, "{}", failure.reason);
    assert!(record.failures[seat.other().index()].is_none(), "{:?}", record.failures);
}

#[test]
fn an_illegal_move_scores_zero_and_the_opponent_wins_as_if_it_claimed() {
    let record = referee("illegal", script_player("echo AaBb; read line"), quiet(), Duration::from_secs(5));
    assert_failure(&record, Seat::First, Failure::Illegal);
    // Blue never claimed: 18 + 90 empty fields / 10.
    assert_eq!(record.scores, [0, 27]);
    assert_eq!(record.winner(), Some(Seat::Second));
}

#[test]
fn unreadable_output_is_bad_output() {
    let record =
        referee("bad", script_player("echo 'hello world'; read line"), quiet(), Duration::from_secs(5));
    assert_failure(&record, Seat::First, Failure::BadOutput);
    let record = referee("empty", script_player("echo; read line"), quiet(), Duration::from_secs(5));
    assert_failure(&record, Seat::First, Failure::BadOutput);
}

#[test]
fn exiting_instead_of_moving_is_a_crash() {
    let record = referee("crash2", field_player(&["Ab"]), script_player("exit 3"), Duration::from_secs(5));
    assert_failure(&record, Seat::Second, Failure::Crash);
    assert_eq!(record.plies.len(), 1);
    // Red did not claim: 18 + 89 / 10.
    assert_eq!(record.scores, [26, 0]);
    let missing = vec!["/nonexistent/player".to_string()];
    let record = referee("missing", missing, quiet(), Duration::from_secs(5));
    assert_failure(&record, Seat::First, Failure::Crash);
    // The healthy program still gets its `Quit` and exits cleanly: it is not blamed.
    assert_eq!(record.clean_exit, [false, true]);
}

#[test]
fn thinking_past_the_total_time_is_a_timeout() {
    let record = referee("slow", script_player("sleep 3; echo AbAb"), quiet(), Duration::from_millis(300));
    assert_failure(&record, Seat::First, Failure::Timeout);
    assert_eq!(record.scores, [0, 27]);
    assert!(record.time_used[0] >= Duration::from_millis(300));
}

/// A whole regular game on the diagonal board: the players fill its 90 fields one by one, Red
/// the even-numbered ones of the list, Blue the others, so Blue fills the last field and loses.
/// Each reads a line before each move: `Start` for Red, the opponent's move otherwise.
fn whole_game(name: &str) -> GameRecord {
    let fields: Vec<String> = (0..100)
        .map(|i| format!("{}{}", (b'A' + i / 10) as char, (b'a' + i % 10) as char))
        .filter(|f| f.as_bytes()[0] - b'A' != f.as_bytes()[1] - b'a')
        .collect();
    let red: Vec<&str> = fields.iter().step_by(2).map(String::as_str).collect();
    let blue: Vec<&str> = fields.iter().skip(1).step_by(2).map(String::as_str).collect();
    referee(name, field_player(&red), field_player(&blue), Duration::from_secs(5))
}

#[test]
fn a_whole_game_between_scripted_players_is_scored_and_logged() {
    let record = whole_game("whole");
    assert!(!record.any_failure(), "{:?}", record.failures);
    assert_eq!(record.plies.len(), 90);
    // Blue fills the 90th and last field: Blue loses.
    assert_eq!(record.scores, [18, 9]);
    assert_eq!(record.clean_exit, [true, true], "{:?}", record.failures);
    assert!(record.peak_memory[0] > 0, "memory is sampled from /proc");

    let log = format_log("pillars", "test", ["red", "blue"], &record);
    let parsed = parse_log(&log).unwrap();
    assert_eq!(parsed.game, "pillars");
    assert_eq!(parsed.setup, diagonal());
    assert_eq!(parsed.moves.len(), 90);
    assert_eq!(parsed.moves[0], "AbAb");
}

#[test]
fn replay_checks_the_recorded_scores_and_end() {
    let record = whole_game("replayed");
    let log = format_log("pillars", "test", ["red", "blue"], &record);
    let replay = replay_log::<Pillars>(&parse_log(&log).unwrap()).unwrap();
    assert!(replay.mismatches.is_empty(), "{:?}", replay.mismatches);
    assert!(replay.text.contains("ply 90: "), "every ply is drawn");

    let wrong_scores = log.replace("scores: 18 9", "scores: 9 18");
    let replay = replay_log::<Pillars>(&parse_log(&wrong_scores).unwrap()).unwrap();
    assert_eq!(replay.mismatches.len(), 1, "{:?}", replay.mismatches);
    assert!(replay.mismatches[0].contains("recorded scores 9 18"), "{:?}", replay.mismatches);

    let moves_line = log.lines().find(|l| l.starts_with("moves:")).unwrap();
    let shortened = moves_line.rsplit_once(' ').unwrap().0;
    let truncated = log.replace(moves_line, shortened);
    let replay = replay_log::<Pillars>(&parse_log(&truncated).unwrap()).unwrap();
    assert!(replay.mismatches.iter().any(|m| m.contains("stops before the end")), "{:?}", replay.mismatches);

    let illegal = log.replace(moves_line, &moves_line.replace("moves: AbAb", "moves: AaAa"));
    assert!(replay_log::<Pillars>(&parse_log(&illegal).unwrap()).is_err());
}

#[test]
fn an_irregular_end_replays_with_its_failure() {
    let record = referee("irregular", field_player(&["Ab"]), script_player("exit 3"), Duration::from_secs(5));
    let log = format_log("pillars", "test", ["red", "blue"], &record);
    assert!(log.contains("failure: second crash at ply 2: "), "{log}");
    let replay = replay_log::<Pillars>(&parse_log(&log).unwrap()).unwrap();
    assert!(replay.mismatches.is_empty(), "{:?}", replay.mismatches);
    let no_failure = log.replace(log.lines().find(|l| l.starts_with("failure:")).unwrap(), "failure: none");
    let replay = replay_log::<Pillars>(&parse_log(&no_failure).unwrap()).unwrap();
    assert!(!replay.mismatches.is_empty());
}

#[test]
fn stderr_is_kept_to_its_first_ten_thousand_bytes() {
    let dir = scratch("flood");
    // A second for the shell to start `yes`, which a loaded machine may take its time over.
    let rules = Rules::new(Duration::from_secs(1));
    let flooder = script_player("yes 'a line of diagnostics' >&2");
    let record = play_game::<Pillars>(
        &diagonal(),
        &[],
        [&flooder, &quiet()],
        [&dir.join("first.stderr"), &dir.join("second.stderr")],
        &rules,
    );
    assert_failure(&record, Seat::First, Failure::Timeout);
    let kept = std::fs::read_to_string(dir.join("first.stderr")).unwrap();
    assert!(kept.len() <= STDERR_KEPT_BYTES + 100, "{} bytes kept", kept.len());
    assert!(kept.starts_with("a line of diagnostics\n"));
    assert!(kept.contains("[jury: stderr cut after 10000 bytes;"), "{}", &kept[kept.len() - 100..]);
}

#[test]
fn programs_are_told_the_match_clock_in_their_environment() {
    let red = script_player("echo \"clock $CODECUP_TIME\" >&2; echo AbAb; read line; exit 0");
    referee("clock", red, quiet(), Duration::from_millis(2500));
    let errors = std::fs::read_to_string(scratch("clock").join("first.stderr")).unwrap();
    assert!(errors.contains("clock 2.5\n"), "{errors}");
}

/// Set to a file's path, this makes [`memory_hog`] (run by this test binary in a child process)
/// hold 200 MB and then create the file.
const HOG_READY: &str = "JURY_TEST_HOG_READY";

/// Not a check: the child process of [`memory_is_the_whole_process_group_s`], which re-runs this
/// test binary for this one test with [`HOG_READY`] set. Without it, it does nothing.
#[test]
#[ignore = "run as a child process by memory_is_the_whole_process_group_s"]
fn memory_hog() {
    let Ok(ready) = std::env::var(HOG_READY) else { return };
    // Written to, so that every page is really held.
    let held = vec![1u8; 200_000_000];
    std::fs::write(&ready, b"").unwrap();
    std::thread::sleep(Duration::from_secs(10));
    assert_eq!(held.iter().step_by(4096).map(|&b| usize::from(b)).sum::<usize>(), held.len().div_ceil(4096));
}

#[test]
fn memory_is_the_whole_process_group_s() {
    // A wrapper that answers itself, once a child it started holds 200 MB.
    let ready = scratch("wrapper").join("allocated");
    let _ = std::fs::remove_file(&ready);
    let me = std::env::current_exe().expect("the test binary");
    let wrapper = script_player(&format!(
        "{HOG_READY}={0} {1} --exact memory_hog --ignored >/dev/null 2>&1 & \
         while [ ! -e {0} ]; do sleep 0.05; done; echo AbAb; read line",
        ready.display(),
        me.display()
    ));
    // 30 s for the child to start and fill its 200 MB, however loaded the machine.
    let record = referee("wrapper", wrapper, quiet(), Duration::from_secs(30));
    assert_failure(&record, Seat::First, Failure::Memory);
    assert!(record.peak_memory[0] > 200_000_000, "{}", record.peak_memory[0]);
}

/// The ticks a background loop of a player writes while the game goes on: with the player stopped
/// between its turns, the loop stops too, so the longest pause covers the opponent's thinking.
fn longest_pause_of_a_ticking_player(suspend: bool) -> Duration {
    let dir = scratch(if suspend { "ticks-stopped" } else { "ticks-running" });
    let ticks = dir.join("ticks");
    let _ = std::fs::remove_file(&ticks);
    let ticker = format!(
        "(while :; do date +%s%N >> {}; sleep 0.01; done) </dev/null >/dev/null 2>&1 &",
        ticks.display()
    );
    let red = script_player(&format!(
        "{ticker} sleep 0.3; echo AbAb; for m in AcAc AdAd; do read line; sleep 0.3; echo $m; done; read line; exit 0"
    ));
    let blue = script_player("for m in BaBa CaCa DaDa; do sleep 1.2; echo $m; read line; done");
    let record = play_game::<Pillars>(
        &diagonal(),
        &[],
        [&red, &blue],
        [&dir.join("first.stderr"), &dir.join("second.stderr")],
        // Blue sleeps 3.6 s in all: 20 s leaves it room on a loaded machine.
        &Rules { suspend_between_turns: suspend, ..Rules::new(Duration::from_secs(20)) },
    );
    assert!(record.plies.len() >= 5, "{:?}", record.failures);
    let text = std::fs::read_to_string(&ticks).unwrap();
    let times: Vec<u64> = text.lines().filter_map(|l| l.trim().parse().ok()).collect();
    assert!(times.len() > 3, "{} ticks", times.len());
    let longest = times.windows(2).map(|w| w[1].saturating_sub(w[0])).max().unwrap();
    Duration::from_nanos(longest)
}

#[test]
fn players_are_stopped_between_their_turns_unless_told_not_to() {
    let stopped = longest_pause_of_a_ticking_player(true);
    assert!(stopped >= Duration::from_millis(1100), "longest pause {stopped:?}");
    // Ticks every 10 ms or so: a pause of a second is starvation even on a loaded machine, and
    // still short of Blue's 1.2 s of thinking that a stopped player sleeps through.
    let running = longest_pause_of_a_ticking_player(false);
    assert!(running < Duration::from_millis(1000), "longest pause {running:?}");
}
