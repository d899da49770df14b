//! Every registered bot's command line as people use it: `--help` fits in 100 columns, its usage
//! line names every flag the bot accepts (`--setup` exactly where the game has setup lines) and it
//! shows no rustdoc markup; `--analyze` and `--opening` read moves separated by commas or by
//! spaces (a log's `moves:` line); and `--show` numbers the plies as the per-move lines do.
//!
//! The bot executables belong to other packages, so this test builds them once itself (see
//! [`testkit::built_bots`]).

use std::path::Path;

use jury::registry::{GameEntry, Position};
use protocol::flags::{FLAGS, HELP_WIDTH};
use protocol::Rng;
use registry::GAMES;
use testkit::{run_executable, text};

/// The path of `entry`'s bot executable, built if needed.
fn bot(entry: &GameEntry) -> String {
    let path = testkit::built_bots(Path::new(env!("CARGO_BIN_EXE_jury"))).join(entry.name);
    assert!(path.is_file(), "{} was not built", path.display());
    path.to_string_lossy().into_owned()
}

/// Whether the game starts from setup lines: its random positions have them.
fn has_setup(entry: &GameEntry) -> bool {
    !(entry.random_position)(&mut Rng::new(1), 0).setup.is_empty()
}

/// Whether `bot` accepts `flag` (with a value it can read): asked with `--help` after it, which
/// prints the help and exits 0 once every flag parsed, and refuses the command line otherwise.
fn accepts(bot: &str, flag: &str, value: Option<&str>) -> bool {
    let mut args = vec![flag];
    args.extend(value);
    args.push("--help");
    run_executable(bot, &args, "").status.success()
}

/// A value each flag can read in any game, `None` for a switch.
fn sample_value(flag: &str) -> Option<&'static str> {
    match flag {
        "--show" | "--help" => None,
        "--time" | "--seed" => Some("1"),
        "--engine" => Some("random"),
        "--set" => Some("nonesuch=1"),
        _ => Some(""),
    }
}

#[test]
fn every_bots_help_fits_in_100_columns_and_its_usage_line_names_every_flag_it_accepts() {
    assert!(FLAGS.len() >= 9, "the parser's flags: {FLAGS:?}");
    let mut with_setup = 0;
    for entry in GAMES {
        let bot = bot(entry);
        let out = run_executable(&bot, &["--help"], "");
        assert!(out.status.success(), "{}", entry.name);
        let help = text(&out.stdout);
        for line in help.lines() {
            let width = line.chars().count();
            assert!(width <= HELP_WIDTH, "{}: {width} characters: {line}", entry.name);
        }
        // The usage line and its continuation lines, up to the first line that does not hang.
        let mut lines = help.lines();
        let first = lines.next().unwrap_or_default();
        assert!(first.starts_with(&format!("usage: {} [", entry.name)), "{}:\n{help}", entry.name);
        let usage: Vec<&str> =
            std::iter::once(first).chain(lines.take_while(|line| line.starts_with(' '))).collect();
        let usage = usage.join(" ");
        let setup = has_setup(entry);
        with_setup += usize::from(setup);
        for spec in FLAGS {
            let accepted = accepts(&bot, spec.name, sample_value(spec.name));
            assert_eq!(accepted, setup || !spec.setup_only, "{}: does it accept {}?", entry.name, spec.name);
            let listed = usage.contains(&format!("[{}", spec.name));
            assert_eq!(
                listed, accepted,
                "{}: {} accepted {accepted}, in the usage line {listed}",
                entry.name, spec.name
            );
            let described = help.contains(&format!("\n  {}", spec.name));
            assert_eq!(described, accepted, "{}: {} described", entry.name, spec.name);
        }
        assert!(accepts(&bot, "-h", None), "{}", entry.name);
        assert!(!accepts(&bot, "--verbose", None), "{}", entry.name);
        // Every flag the text describes is one the parser knows.
        for line in help.lines().filter(|line| line.starts_with("  --")) {
            let flag = line.split_whitespace().next().unwrap_or_default();
            assert!(FLAGS.iter().any(|spec| spec.name == flag), "{}: {line}", entry.name);
        }
        for markup in ["[`", "`]", "](", "crate::"] {
            assert!(!help.contains(markup), "{}: '{markup}' in:\n{help}", entry.name);
        }
        // Every engine and tunable is there, the default engine marked.
        let engines = (entry.engines)();
        assert!(help.contains(&format!("    {:<14}", engines[0].0)), "{}", entry.name);
        for (name, _) in &engines {
            assert!(help.contains(&format!("\n    {name} ")), "{}: engine {name}", entry.name);
        }
        assert_eq!(help.matches(" (default)\n").count(), 1, "{}", entry.name);
        for tunable in (entry.tunables)() {
            let line = format!("\n    {} = {}: ", tunable.name, tunable.default);
            assert!(help.contains(&line), "{}: {line}", entry.name);
        }
    }
    assert!(with_setup > 0 && with_setup < GAMES.len(), "games with and without setup lines are checked");
}

/// The setup lines and `Start`: what the first seat reads.
fn start_input(position: &Position) -> String {
    position.setup.iter().map(|line| format!("{line}\n")).chain(["Start\n".to_string()]).collect()
}

#[test]
fn every_bot_reads_the_moves_of_analyze_and_opening_separated_by_commas_or_spaces() {
    let mut rng = Rng::new(115);
    for entry in GAMES {
        // No move of the game holds a comma or a space, so that either one separates moves.
        for _ in 0..20 {
            let Position { moves, .. } = (entry.random_position)(&mut rng, 500);
            for mv in moves {
                assert!(!mv.contains(|c: char| c == ',' || c.is_whitespace()), "{}: '{mv}'", entry.name);
            }
        }
        let bot = bot(entry);
        let position = (entry.random_position)(&mut rng, 7);
        assert_eq!(position.moves.len(), 7, "{}", entry.name);
        let setup = position.setup.join(",");
        // The jury's commas, a log's `moves:` line, and both.
        for separator in [",", " ", ", "] {
            let moves = position.moves.join(separator);
            let context = format!("{} with '{moves}'", entry.name);
            let mut args = vec!["--engine", "random", "--seed", "1", "--analyze", &moves];
            if !position.setup.is_empty() {
                args.extend(["--setup", &setup]);
            }
            let out = run_executable(&bot, &args, "");
            assert!(out.status.success(), "{context}: {}", text(&out.stderr));
            let reply = text(&out.stdout);
            (entry.check_reply)(&position, reply.trim_end()).unwrap_or_else(|e| panic!("{context}: {e}"));

            let args = ["--engine", "random", "--seed", "1", "--opening", &moves];
            let out = run_executable(&bot, &args, &start_input(&position));
            assert!(out.status.success(), "{context}: {}", text(&out.stderr));
            let reply = text(&out.stdout);
            assert_eq!(reply.lines().count(), 1, "{context}: {reply}");
            (entry.check_reply)(&position, reply.trim_end()).unwrap_or_else(|e| panic!("{context}: {e}"));
        }
    }
}

/// The number after the first `ply ` in `line`.
fn ply_number(line: &str) -> Option<u32> {
    let rest = &line[line.find("ply ")? + 4..];
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

#[test]
fn show_numbers_each_board_by_the_move_just_played_as_the_per_move_line_numbers_that_move() {
    let mut rng = Rng::new(4);
    for entry in GAMES {
        let bot = bot(entry);
        let mut position = (entry.random_position)(&mut rng, 6);
        assert_eq!(position.moves.len(), 6, "{}", entry.name);
        let sixth = position.moves.pop().expect("six moves");
        // First the bot reads `Start` after five plies, then (in the other seat) the sixth ply.
        for (input, first_board) in [
            (start_input(&position), 5),
            (
                format!(
                    "{}{sixth}\n",
                    position.setup.iter().map(|line| format!("{line}\n")).collect::<String>()
                ),
                6,
            ),
        ] {
            let opening = position.moves.join(",");
            let args = ["--show", "--time", "2", "--seed", "1", "--opening", &opening];
            let out = run_executable(&bot, &args, &input);
            let errors = text(&out.stderr);
            assert!(out.status.success(), "{}: {errors}", entry.name);
            let own = format!("{}:", entry.name);
            let per_move: Vec<Option<u32>> =
                errors.lines().filter(|line| line.starts_with(&own)).map(ply_number).collect();
            let boards: Vec<Option<u32>> = errors
                .lines()
                .filter(|line| !line.starts_with(&own) && line.contains("ply "))
                .map(ply_number)
                .collect();
            let context = format!("{} after {first_board} plies:\n{errors}", entry.name);
            // The board before our move, our move's line, the board after it.
            assert_eq!(boards, [Some(first_board), Some(first_board + 1)], "{context}");
            assert_eq!(per_move, [Some(first_board + 1)], "{context}");
        }
    }
}
