//! `jury view` end to end: logs of a Pillars and a Dvonn game become one self-contained page, which
//! headless Chromium renders: the board is drawn and the moves are listed. The browser check is
//! ignored by default, since most machines that build Rust have no Chromium; `.ci/run` installs
//! Debian's `chromium` and runs it with `--include-ignored`, where a missing browser fails it.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use jury::log::format_log;
use jury::referee::{GameRecord, Ply};
use protocol::{Contest, Rng};

/// The log of a random game of `G`, as the jury would write it.
fn random_game_log<G: Contest>(seed: u64, path: &Path) -> usize {
    let mut rng = Rng::new(seed);
    let setup = G::random_setup(&mut rng);
    let mut game = G::from_setup(&setup).unwrap();
    let mut plies = Vec::new();
    while let Some(mv) = game.random_move(&mut rng) {
        let ply = Ply {
            seat: game.seat_to_move(),
            text: game.format_move(mv),
            time: Duration::from_millis(3),
            by_jury: false,
        };
        plies.push(ply);
        game.apply(mv);
    }
    let record = GameRecord {
        setup,
        opening: Vec::new(),
        plies,
        scores: game.final_scores(),
        failures: [None, None],
        time_used: [Duration::from_millis(100); 2],
        peak_memory: [1 << 20; 2],
        clean_exit: [true; 2],
    };
    let moves = record.plies.len();
    std::fs::write(path, format_log(G::NAME, &format!("{} test game", G::NAME), ["./a", "./b"], &record))
        .unwrap();
    moves
}

fn chromium() -> Option<&'static str> {
    ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|name| Command::new(name).arg("--version").output().is_ok_and(|out| out.status.success()))
}

fn headless(browser: &str, profile: &Path) -> Command {
    let mut command = Command::new(browser);
    command.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
        "--virtual-time-budget=2000",
    ]);
    command.arg(format!("--user-data-dir={}", profile.display()));
    command
}

/// Writes the page of one random Pillars game and one random Dvonn game into `dir`, checks that it
/// is one file that loads nothing, and returns its path and the Pillars game's number of moves.
fn page_of_two_games(dir: &Path) -> (PathBuf, usize) {
    let pillars_log = dir.join("pillars.log");
    let dvonn_log = dir.join("dvonn.log");
    let pillars_moves = random_game_log::<pillars::Pillars>(9, &pillars_log);
    random_game_log::<dvonn::Dvonn>(11, &dvonn_log);
    let page = dir.join("games.html");
    let out = Command::new(env!("CARGO_BIN_EXE_jury"))
        .arg("view")
        .args([&pillars_log, &dvonn_log])
        .arg("-o")
        .arg(&page)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("pillars test game") && html.contains("dvonn test game"));
    assert!(!html.contains("src=") && !html.contains("href="), "the page loads nothing");
    (page, pillars_moves)
}

#[test]
fn the_page_is_one_file_naming_both_games() {
    let dir = testkit::ScratchDir::new("jury-view-file");
    page_of_two_games(&dir);
}

#[test]
#[ignore = "needs Chromium: run .ci/run or cargo test -- --include-ignored"]
fn the_page_shows_boards_and_moves_in_a_browser() {
    let dir = testkit::ScratchDir::new("jury-view");
    let (page, pillars_moves) = page_of_two_games(&dir);

    let Some(browser) = chromium() else {
        testkit::missing_prerequisite(
            "Chromium",
            "no chromium, chromium-browser or google-chrome on the PATH",
        );
    };
    let out = headless(browser, &dir.join("profile"))
        .arg("--dump-dom")
        .arg(format!("file://{}", page.display()))
        .output()
        .unwrap();
    let dom = String::from_utf8_lossy(&out.stdout);
    assert!(dom.contains("<svg") && dom.contains("Pillars board"), "no board in the rendered page");
    let listed = dom.matches("<li class=\"side").count();
    assert_eq!(listed, pillars_moves, "the first game's moves are listed");
    assert!(dom.contains(&format!("ply {pillars_moves} of {pillars_moves}")), "the page opens at the end");

    let screenshot = Path::new(env!("CARGO_TARGET_TMPDIR")).join("jury-view.png");
    let _ = std::fs::remove_file(&screenshot);
    let out = headless(browser, &dir.join("profile"))
        .arg(format!("--screenshot={}", screenshot.display()))
        .arg("--window-size=1100,720")
        .arg(format!("file://{}", page.display()))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let png = std::fs::read(&screenshot).expect("a screenshot");
    assert!(png.starts_with(b"\x89PNG") && png.len() > 20_000, "{} bytes", png.len());
    eprintln!("screenshot: {}", screenshot.display());
}

#[test]
fn the_page_goes_beside_the_logs_or_into_matches_never_into_the_current_folder() {
    let dir = testkit::ScratchDir::new("jury-view-where");
    for folder in ["logs/1-2", "logs/1-3", "other"] {
        std::fs::create_dir_all(dir.join(folder)).unwrap();
    }
    random_game_log::<pillars::Pillars>(1, &dir.join("logs/1-2/game-0001.log"));
    random_game_log::<dvonn::Dvonn>(2, &dir.join("logs/1-3/game-0001.log"));
    random_game_log::<dvonn::Dvonn>(3, &dir.join("other/game-0001.log"));
    let view = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_jury"))
            .arg("view")
            .args(args)
            .current_dir(&dir)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    // A folder (its subfolders too), or logs that share one: the page goes there.
    for (args, page, games) in [
        (&["logs"][..], "logs/games.html", 2),
        (&["logs/1-2/game-0001.log", "logs/1-3/game-0001.log"][..], "logs/games.html", 2),
        (&["./other/game-0001.log"][..], "other/games.html", 1),
        // Logs that share no folder: into matches/, which .gitignore covers.
        (&["logs/1-2/game-0001.log", "other/game-0001.log"][..], "matches/games.html", 2),
        // -o as before.
        (&["other", "-o", "mine.html"][..], "mine.html", 1),
    ] {
        let (code, stdout, stderr) = view(args);
        assert_eq!(code, Some(0), "{args:?}: {stderr}");
        assert_eq!(stdout, format!("wrote {page}: {games} game(s)\n"), "{args:?}");
        assert!(dir.join(page).is_file(), "{args:?}: no {page}");
    }
    assert!(!dir.join("games.html").exists(), "nothing in the current folder");
    let ignored =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../.gitignore")).unwrap();
    assert!(ignored.lines().any(|line| line == "/matches"), "matches/ is ignored by git");

    // Logs of two series in one folder are refused: one folder holds one series.
    let log = dir.join("other/game-0001.log");
    let text = std::fs::read_to_string(&log).unwrap();
    std::fs::write(&log, format!("{text}series: 0123456789abcdef\n")).unwrap();
    random_game_log::<dvonn::Dvonn>(4, &dir.join("other/game-0002.log"));
    let (code, _, stderr) = view(&["other"]);
    assert_eq!(code, Some(2));
    assert_eq!(
        stderr,
        "jury: other mixes two series: other/game-0001.log is of series 0123456789abcdef, other/game-0002.log of series none; view each series' logs apart\n"
    );
}
