//! The `pillars` executable as a person or the jury uses it.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use jury::referee::Rules;
use jury::{run_match, MatchConfig};
use pillars::Pillars;
use protocol::Game;

const BOT: &str = env!("CARGO_BIN_EXE_pillars");
const PILLARS: &str = "Aa\nBb\nCc\nDd\nEe\nFf\nGg\nHh\nIi\nJj\n";

fn run(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(BOT)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the bot starts");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

#[test]
fn help_lists_the_flags_and_engines() {
    let out = run(&["--help"], "");
    assert!(out.status.success());
    let help = text(&out.stdout);
    for word in ["--time", "--seed", "--show", "--engine", "player", "random"] {
        assert!(help.contains(word), "{word} missing from:\n{help}");
    }
    let out = run(&["--frobnicate"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--frobnicate"));
    let out = run(&["--engine", "nonesuch"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("nonesuch"));
}

#[test]
fn piping_the_pillars_and_start_gets_a_legal_move() {
    for engine in ["player", "random"] {
        let out = run(&["--engine", engine, "--seed", "7"], &format!("{PILLARS}Start\n"));
        assert!(out.status.success(), "{engine}: {}", text(&out.stderr));
        let reply = text(&out.stdout);
        let setup: Vec<String> = PILLARS.lines().map(String::from).collect();
        let game = Pillars::from_setup(&setup).unwrap();
        assert_eq!(reply.lines().count(), 1, "{engine}: {reply}");
        assert!(game.parse_move(reply.trim_end()).is_ok(), "{engine}: '{reply}'");
        assert!(reply.ends_with('\n'));
    }
}

#[test]
fn garbage_gets_one_clear_line_and_the_bot_keeps_going() {
    let input = "Aa\nBb\nCc\nDd\nEe\nFf\nGg\nHh\nIi\nbanana\nJj\nStart\nXyZ\nQuit\n";
    let out = run(&["--seed", "1", "--show"], input);
    assert!(out.status.success());
    let errors = text(&out.stderr);
    assert!(errors.lines().any(|l| l.contains("'banana'")), "{errors}");
    // Our move and then the opponent's garbage: refused, and the bot waits for more.
    assert!(errors.lines().any(|l| l.contains("'XyZ'")), "{errors}");
    assert_eq!(text(&out.stdout).lines().count(), 1);
    // --show draws the board for people, on stderr only.
    assert!(errors.contains("a b c d e f g h i j"), "{errors}");
}

#[test]
fn the_jury_plays_the_bot_against_random_without_failures() {
    let log_dir: PathBuf = std::env::temp_dir().join(format!("pillars-bot-match-{}", std::process::id()));
    for relay_final_move in [true, false] {
        let config = MatchConfig {
            commands: [
                vec![BOT.to_string(), "--time".into(), "1".into()],
                vec![BOT.to_string(), "--engine".into(), "random".into()],
            ],
            games: 4,
            jobs: 2,
            rules: Rules { time_limit: Duration::from_secs(1), relay_final_move },
            seed: 11,
            log_dir: log_dir.clone(),
        };
        let summary = run_match::<Pillars>(&config, |_| {});
        assert_eq!(summary.games, 4);
        assert_eq!(summary.failures(), 0, "{}", summary.report());
        for player in &summary.players {
            assert_eq!(player.unclean_exits, 0, "{}", summary.report());
            assert!(player.max_time <= Duration::from_secs(1));
            assert!(player.max_memory < jury::referee::MEMORY_LIMIT);
        }
        // Games come in pairs with colours swapped.
        assert_eq!(summary.players[0].games_by_seat, [2, 2]);
        let game_log = std::fs::read_to_string(log_dir.join("game-0001.log")).unwrap();
        assert!(game_log.contains("failure: none"), "{game_log}");
    }
}
