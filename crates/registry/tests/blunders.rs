//! `jury blunders` on a real series: Dvonn's random engine loses two games to a depth-2 search,
//! and its positions are searched again by that search. The engines are deterministic (fixed
//! seeds, a fixed depth far inside the clock), so what the tool reports can be checked one
//! position at a time against the bot's own `--analyze`.

use std::path::Path;
use std::process::Command;

use jury::log::parse_log;
use protocol::Game;
use testkit::{text, ScratchDir};

fn jury() -> &'static str {
    env!("CARGO_BIN_EXE_jury")
}

fn dvonn() -> String {
    testkit::built_bots(Path::new(jury())).join("dvonn").to_string_lossy().into_owned()
}

#[test]
fn the_lost_games_positions_are_searched_again_and_each_difference_is_the_bots_own_choice() {
    let dir = ScratchDir::new("jury-blunders");
    let random = format!("{} --engine random --seed 1", dvonn());
    let search = format!("{} --set max_depth=2 --seed 3", dvonn());
    let log_dir = dir.join("match");
    let played = Command::new(jury())
        .args(["match", "dvonn", &random, &search, "--games", "2", "--jobs", "2", "--seed", "7"])
        .arg("--log-dir")
        .arg(&log_dir)
        .output()
        .unwrap();
    assert!(played.status.success(), "{}", text(&played.stderr));

    // The random engine's moves at plies 50 to 60 of the games it lost.
    let mut expected = Vec::new();
    let mut logs: Vec<_> = std::fs::read_dir(&log_dir).unwrap().flatten().map(|e| e.path()).collect();
    logs.sort();
    for path in logs.iter().filter(|p| p.extension().is_some_and(|e| e == "log")) {
        let logged = parse_log(&std::fs::read_to_string(path).unwrap()).unwrap();
        let ours = if logged.players[0].contains("--engine random") { 0 } else { 1 };
        let scores = logged.scores.unwrap();
        if scores[ours] >= scores[1 - ours] {
            continue;
        }
        let mut game = dvonn::Dvonn::from_setup(&logged.setup).unwrap();
        for (index, text) in logged.moves.iter().enumerate() {
            let mover = game.seat_to_move().index();
            if mover == ours && (50..=60).contains(&(index + 1)) {
                expected.push((path.clone(), index + 1, logged.moves[..index].join(","), text.clone()));
            }
            let mv = game.parse_move(text).unwrap();
            game.apply(mv);
        }
    }
    assert!(!expected.is_empty(), "the random engine lost no game with a move at plies 50-60");

    let out = Command::new(jury())
        .args(["blunders", "--ours", "--engine random", "--plies", "50-60", "--factor", "10", "--jobs", "2"])
        .args(["--bot", &search])
        .arg(&log_dir)
        .output()
        .unwrap();
    let report = text(&out.stdout);
    assert!(out.status.success(), "{report}{}", text(&out.stderr));
    let lines: Vec<&str> = report.lines().filter(|l| l.contains(" ply ")).collect();
    assert_eq!(lines.len(), expected.len(), "{report}");
    let mut differ = 0;
    for (line, (path, ply, before, played)) in lines.iter().zip(&expected) {
        let name = path.file_name().unwrap().to_string_lossy();
        assert!(line.starts_with(&format!("{name} ply {ply} ")), "{line}");
        assert!(line.contains(&format!("played {played},")), "{line}");
        // The long search's move is the one the bot gives for that position by itself.
        let own = Command::new(dvonn())
            .args(["--set", "max_depth=2", "--seed", "3", "--analyze", before, "--time", "50"])
            .output()
            .unwrap();
        let own = text(&own.stdout).trim().to_string();
        assert!(line.contains(&format!("long search {own} ")), "{line} (the bot alone: {own})");
        let differs = own != *played;
        assert_eq!(line.contains(" DIFFERS "), differs, "{line}");
        differ += usize::from(differs);
    }
    assert!(differ > 0, "a depth-2 search agreed with every random move:\n{report}");
    let total = report.lines().find(|l| l.starts_with("all ")).expect("a total line");
    let words: Vec<&str> = total.split_whitespace().collect();
    assert_eq!(words[..4], ["all", &expected.len().to_string(), &format!("{differ};"), "0"], "{total}");

    // A tag both commands contain is refused in one line.
    let out = Command::new(jury())
        .args(["blunders", "--ours", "dvonn", "--bot", &search])
        .arg(&log_dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("in both players' commands"), "{}", text(&out.stderr));
}
