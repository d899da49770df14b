//! The checks every registered bot gets by being registered, driven by `registry::GAMES`: its
//! command line, hostile input, clean jury games against its random engine with every engine it
//! offers, the dialogue loop fuzzed with its game, analysis of a position, and the jury's handling
//! of an opponent that fails. A new game gets all of them from its line in the table.
//!
//! The bot executables belong to other packages, so this test builds them once itself, with the
//! profile and target folder of the `jury` executable beside which they land. The tests take turns
//! (each holds `timed_games_lock`): a bot on a 1-second clock must not share the CPU with a fuzzer.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use jury::log::parse_log;
use jury::referee::{Failure, Rules};
use jury::registry::{GameEntry, Position};
use jury::{MatchConfig, Series};
use protocol::flags::JURY_TIME_VARIABLE;
use protocol::Rng;
use registry::GAMES;
use testkit::{check_help_and_bad_flags, check_hostile_input, check_short_match, text};

/// The folder the bots are built in: beside this package's `jury`.
fn bot_folder() -> &'static Path {
    testkit::built_bots(Path::new(env!("CARGO_BIN_EXE_jury")))
}

/// The path of `entry`'s bot executable, built if needed.
fn bot(entry: &GameEntry) -> String {
    let path = bot_folder().join(entry.name);
    assert!(path.is_file(), "{} was not built", path.display());
    path.to_string_lossy().into_owned()
}

/// The engines a bot offers besides the shared random one, the default first.
fn engines(entry: &GameEntry) -> Vec<&'static str> {
    (entry.engines)().into_iter().map(|(name, _)| name).filter(|&name| name != "random").collect()
}

#[test]
fn every_bot_lists_its_flags_engines_and_settings_and_refuses_bad_ones() {
    let _alone = testkit::timed_games_lock();
    for entry in GAMES {
        let default_time = format!("(default {};", entry.time_limit.as_secs());
        let tunables: Vec<String> =
            (entry.tunables)().iter().map(|t| format!("{} = {}", t.name, t.default)).collect();
        let mut words =
            vec![entry.name, "--time", "--seed", "--show", "--engine", "--set", "--opening", "--analyze"];
        // Only a game with setup lines (its random positions have them) offers --setup.
        if !(entry.random_position)(&mut Rng::new(1), 0).setup.is_empty() {
            words.push("--setup");
        }
        words.push(&default_time);
        words.extend((entry.engines)().iter().map(|(name, _)| *name));
        words.extend(tunables.iter().map(String::as_str));
        check_help_and_bad_flags(&bot(entry), &words);
    }
}

#[test]
fn every_bot_refuses_hostile_input_in_little_memory_and_few_words() {
    let _alone = testkit::timed_games_lock();
    for entry in GAMES {
        let setup = (entry.random_position)(&mut Rng::new(1), 0).setup;
        let opening: String =
            setup.iter().map(|line| format!("{line}\n")).chain(["Start\n".to_string()]).collect();
        eprintln!("{}: a 100 MB line, NUL, escape and invalid bytes", entry.name);
        check_hostile_input(&bot(entry), &opening);
    }
}

#[test]
fn every_engine_of_every_bot_plays_clean_games_against_random() {
    let _alone = testkit::timed_games_lock();
    for entry in GAMES {
        let bot = bot(entry);
        for (i, engine) in engines(entry).into_iter().enumerate() {
            // The default engine plays both end-of-game styles, four games each; the others two.
            let relays: &[bool] = if i == 0 { &[true, false] } else { &[true] };
            for &relay in relays {
                let games = if i == 0 { 4 } else { 2 };
                let summary = check_short_match(entry, &bot, engine, games, relay);
                eprintln!(
                    "{} {engine} against random, final move relayed {relay}: {}",
                    entry.name,
                    summary.report()
                );
            }
        }
    }
}

#[test]
fn every_engine_of_every_bot_chooses_only_legal_moves() {
    let _alone = testkit::timed_games_lock();
    for (i, entry) in GAMES.iter().enumerate() {
        for engine in engines(entry) {
            let plies = (entry.check_engine)(engine, 100 + i as u64, 4, Duration::from_millis(300))
                .unwrap_or_else(|e| panic!("{} {engine}: {e}", entry.name));
            eprintln!(
                "{} {engine}: 4 games against random moves, {plies} plies, every move legal",
                entry.name
            );
        }
    }
}

#[test]
fn every_game_dialogue_is_fuzzed() {
    let _alone = testkit::timed_games_lock();
    for (i, entry) in GAMES.iter().enumerate() {
        eprintln!("{}: fuzzing the dialogue loop", entry.name);
        (entry.fuzz)(2009 + i as u64, 12, 300);
    }
}

#[test]
fn every_bot_analyses_a_position_given_as_moves() {
    let _alone = testkit::timed_games_lock();
    let mut rng = Rng::new(33);
    for entry in GAMES {
        for plies in [0, 9] {
            let position = (entry.random_position)(&mut rng, plies);
            let (reply, errors) = testkit::analysis(&bot(entry), &position.setup, &position.moves);
            let context = format!("{} after {plies} plies", entry.name);
            (entry.check_reply)(&position, &reply).unwrap_or_else(|e| panic!("{context}: {e}"));
            // One terse line about the search.
            let lines = errors.lines().count();
            assert!((1..=2).contains(&lines) && errors.len() < 1000, "{context}: {errors}");
        }
    }
}

#[test]
fn an_explicit_time_flag_wins_over_the_jury_clock_in_the_environment() {
    let _alone = testkit::timed_games_lock();
    let mut rng = Rng::new(34);
    for entry in GAMES {
        // Deep enough for every game's search to be driven by its clock (Dvonn past placement).
        let Position { setup, moves } = (entry.random_position)(&mut rng, 60);
        let mut command = Command::new(bot(entry));
        command.args(["--time", "0.2", "--analyze", &moves.join(",")]);
        if !setup.is_empty() {
            command.args(["--setup", &setup.join(",")]);
        }
        // A day of jury clock: a bot that listened to it instead of --time would think for hours.
        command.env(JURY_TIME_VARIABLE, "86400").stdout(Stdio::piped()).stderr(Stdio::piped());
        let mut child = command.spawn().expect("the bot starts");
        let started = Instant::now();
        while child.try_wait().expect("the bot can be waited for").is_none() {
            if started.elapsed() > Duration::from_secs(10) {
                let _ = child.kill();
                panic!("{}: still thinking after 10 s with --time 0.2", entry.name);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let out = child.wait_with_output().expect("the bot ends");
        assert!(out.status.success(), "{}: {}", entry.name, text(&out.stderr));
        // 25 times the flag's 0.2 s, start-up included: room for a slow, loaded machine, and still
        // nothing like the hours of a bot that listened to the day.
        assert!(started.elapsed() < Duration::from_secs(5), "{}: {:?}", entry.name, started.elapsed());
    }
}

/// A program that never answers: it times out on its first move.
fn sleeper() -> Vec<String> {
    ["sh", "-c", "exec sleep 30"].iter().map(|s| s.to_string()).collect()
}

#[test]
fn after_an_opponent_fails_the_game_ends_as_the_codecup_jury_ended_it() {
    let _alone = testkit::timed_games_lock();
    for entry in GAMES {
        let log_dir = testkit::ScratchDir::new(&format!("registry-failure-{}", entry.name));
        // The bot on 1.5 s, the jury's clock twice that: where the jury plays on for the sleeper,
        // our debug build plays a whole game, and on its own clock alone (1 s then) it once ran
        // out of time in CI (1 run in 26) under load, the jury's overhead being more than the
        // bot's margin.
        let commands =
            [vec![bot(entry), "--seed".into(), "3".into(), "--time".into(), "1.5".into()], sleeper()];
        let series =
            Series { seed: 5, ..Series::new(Rules::new(Duration::from_secs(3)), log_dir.to_path_buf()) };
        let config = MatchConfig::new(commands, 1, series);
        let summary =
            (entry.run_match)(&config, &mut |_, _| {}).unwrap_or_else(|e| panic!("{}: {e}", entry.name));
        let context = format!("{}: {}", entry.name, summary.report());
        let [ours, sleeper] = &summary.players;
        let timeouts =
            sleeper.failures[Failure::ALL.iter().position(|&f| f == Failure::Timeout).expect("listed")];
        assert_eq!((ours.failure_count(), sleeper.failure_count(), timeouts), (0, 1, 1), "{context}");
        assert_eq!(ours.unclean_exits, 0, "{context}");
        let log = std::fs::read_to_string(log_dir.join("game-0001.log")).expect("a game log");
        let logged = parse_log(&log).unwrap_or_else(|e| panic!("{context}: {e}"));
        let scores = logged.scores.expect("the log records scores");
        assert_eq!(scores[1], 0, "{context}: the failed program scores 0");
        if entry.plays_on_after_failure {
            // The jury moved for the sleeper from its first turn (ply 2) to the end; the bot
            // played on: the plies the jury made are at most about half of them.
            assert_eq!(logged.by_jury.first(), Some(&2), "{context}: {:?}", logged.by_jury);
            assert!(logged.moves.len() > 2 * logged.by_jury.len() - 2, "{context}: {:?}", logged.by_jury);
        } else {
            assert!(logged.by_jury.is_empty(), "{context}: the game stops at the failure");
            assert!(logged.moves.len() <= 1, "{context}: {} plies", logged.moves.len());
        }
        // The rules agree with every ply and with the recorded (irregular) scores.
        let replay = (entry.replay)(&logged).unwrap_or_else(|e| panic!("{context}: {e}"));
        assert!(replay.mismatches.is_empty(), "{context}: {:?}", replay.mismatches);
    }
}
