//! The registry is the one place a game is named: every registered game has its bot, its game
//! crate and its reference data, every bot folder is registered, and the `jury` command lists
//! exactly the registered games. Every registered game's position hash is checked here too, since
//! the kit's searches all trust it.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use registry::GAMES;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

#[test]
fn every_registered_game_has_its_bot_crate_and_data() {
    let root = workspace();
    let members = read(&root.join("Cargo.toml"));
    for entry in GAMES {
        let bot_manifest = read(&root.join(entry.bot_dir()).join("Cargo.toml"));
        assert!(
            bot_manifest.contains(&format!("name = \"{}\"", entry.name)),
            "{}/Cargo.toml must build an executable named {}",
            entry.bot_dir(),
            entry.name
        );
        assert!(root.join(entry.bot_dir()).join("src/main.rs").is_file(), "{} has no main", entry.bot_dir());
        for folder in [entry.bot_dir(), format!("crates/{}", entry.name)] {
            assert!(members.contains(&format!("\"{folder}\"")), "{folder} is not a workspace member");
        }
        assert!(!entry.data.is_empty(), "{} names no reference data", entry.name);
        for file in entry.data {
            let path = root.join("data").join(file);
            assert!(path.is_file(), "{}: {} is missing", entry.name, path.display());
        }
        let rules = root.join(format!("docs/rules/{}.md", entry.name));
        assert!(rules.is_file(), "{}: its rules page {} is missing", entry.name, rules.display());
    }
}

/// The text files of the repository, `target` and hidden folders left out.
fn repository_text_files(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            if !name.starts_with('.') && name != "target" && name != "matches" && name != "dist" {
                repository_text_files(&path, files);
            }
        } else if [".rs", ".md", ".toml", ".txt", ".yml"].iter().any(|ext| name.ends_with(ext)) {
            files.push(path);
        }
    }
}

#[test]
fn nothing_refers_to_a_folder_beside_the_repository() {
    // A clone stands alone: data and rules live inside it, so no path may climb out of it.
    let outside = concat!("..", "/shared");
    let root = workspace();
    let mut files = Vec::new();
    repository_text_files(&root, &mut files);
    for extra in [".ci/run", ".github/workflows/ci.yml"] {
        files.push(root.join(extra));
    }
    assert!(files.len() > 100, "only {} files found under {}", files.len(), root.display());
    for file in files {
        let text = read(&file);
        if let Some(line) = text.lines().position(|line| line.contains(outside)) {
            panic!("{}:{} refers to {outside}", file.display(), line + 1);
        }
    }
}

#[test]
fn every_bot_folder_is_registered() {
    let registered: HashSet<String> = GAMES.iter().map(|entry| entry.bot_dir()).collect();
    for dir in std::fs::read_dir(workspace().join("bots")).unwrap() {
        let name = dir.unwrap().file_name().into_string().unwrap();
        assert!(registered.contains(&format!("bots/{name}")), "bots/{name} is not in registry::GAMES");
    }
}

#[test]
fn names_engines_and_tunables_are_unique_and_the_random_engine_is_offered() {
    let mut names = HashSet::new();
    for entry in GAMES {
        assert!(names.insert(entry.name), "{} registered twice", entry.name);
        assert!(entry.time_limit.as_secs() == 5 || entry.time_limit.as_secs() == 30);
        let engines = (entry.engines)();
        let engine_names: HashSet<&str> = engines.iter().map(|(name, _)| *name).collect();
        assert_eq!(engine_names.len(), engines.len(), "{}: an engine name repeats", entry.name);
        assert!(engine_names.contains("random"), "{} offers no random engine", entry.name);
        let tunables = (entry.tunables)();
        let tunable_names: HashSet<&str> = tunables.iter().map(|t| t.name).collect();
        assert_eq!(tunable_names.len(), tunables.len(), "{}: a tunable repeats", entry.name);
    }
}

#[test]
fn the_jury_lists_exactly_the_registered_games() {
    let out = Command::new(env!("CARGO_BIN_EXE_jury")).args(["games", "--bots"]).output().unwrap();
    assert!(out.status.success());
    let listed: Vec<String> = String::from_utf8(out.stdout).unwrap().lines().map(String::from).collect();
    let registered: Vec<String> = GAMES.iter().map(|entry| entry.name.to_string()).collect();
    assert_eq!(listed, registered);

    let out = Command::new(env!("CARGO_BIN_EXE_jury")).args(["match", "chess", "a", "b"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let message = String::from_utf8(out.stderr).unwrap();
    assert!(message.contains("invalid value 'chess'") && message.contains("pillars, dvonn"), "{message}");
}

#[test]
fn a_command_that_cannot_run_and_an_odd_number_of_games_are_refused_before_any_game() {
    let jury = env!("CARGO_BIN_EXE_jury");
    for (args, expected) in [
        (
            &["match", "pillars", "./no-such-bot", "sh"][..],
            // Tests run in the package's folder, not the workspace's: the message names it.
            format!("cannot run './no-such-bot': no such file in {}", env!("CARGO_MANIFEST_DIR")),
        ),
        (
            &["match", "pillars", "sh", "no-such-program-on-the-path --x"][..],
            "cannot run 'no-such-program-on-the-path': no such program on the PATH".into(),
        ),
        (&["match", "pillars", "sh", "sh", "--games", "3"][..], "--games 3: games come in pairs".into()),
    ] {
        let out = Command::new(jury).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let message = String::from_utf8(out.stderr).unwrap();
        assert!(message.starts_with("jury: ") && message.contains(&expected), "{args:?}: {message}");
        assert_eq!(message.lines().count(), 1, "{args:?}: one line: {message}");
    }
    // From the workspace's own folder, where `./target/...` paths are meant, the file alone.
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap();
    let out = Command::new(jury)
        .args(["match", "pillars", "./no-such-bot --x", "sh"])
        .current_dir(&workspace)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8(out.stderr).unwrap(), "jury: cannot run './no-such-bot': no such file\n");
}

#[test]
fn meaningless_counts_and_times_are_refused_with_a_clear_message() {
    for (args, expected) in [
        (&["--games", "0"][..], "invalid value '0' for '--games <N>'"),
        (&["--jobs", "0"][..], "invalid value '0' for '--jobs <N>'"),
        (&["--time", "1e6"][..], "'1e6' is not a number of seconds from 0.001 to 86400"),
        (&["--time", "1e-300"][..], "'1e-300' is not a number of seconds from 0.001 to 86400"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_jury"))
            .args(["match", "pillars", "a", "b"])
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let message = String::from_utf8(out.stderr).unwrap();
        assert!(message.contains(expected), "{args:?}: {message}");
    }
}

#[test]
fn every_game_hash_tells_apart_positions_that_play_differently() {
    for (i, entry) in GAMES.iter().enumerate() {
        let started = std::time::Instant::now();
        let positions =
            (entry.check_hashes)(40 + i as u64, 12).unwrap_or_else(|e| panic!("{}: {e}", entry.name));
        eprintln!(
            "{}: {positions} positions, hashes consistent ({:.1} s)",
            entry.name,
            started.elapsed().as_secs_f64()
        );
        assert!(positions > 1000, "{}: only {positions} positions checked", entry.name);
    }
}
