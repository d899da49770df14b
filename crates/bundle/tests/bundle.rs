//! Every registered bot bundles into one source file under the CodeCup size limit, that file
//! compiles with bare `rustc -O --edition 2021`, and the executable it gives plays exactly like
//! the cargo-built bot: under the same seeds the same moves, move for move (with the random engine,
//! whose moves depend on the seed alone), and a game with its default engine without a failure.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use jury::referee::Rules;
use jury::{MatchConfig, Series};
use registry::GAMES;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("the workspace")
}

/// Builds the bots of `packages` with cargo, as a user does, into a target folder of their own (the
/// workspace's is busy with this test run), and returns the folder of the executables.
fn cargo_built_bots(root: &Path, packages: &[String]) -> PathBuf {
    let target = root.join("target/bundle-reference");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    // Its output is shown only if it fails: a passing test keeps stderr quiet.
    let out = Command::new(cargo)
        .args(["build", "--quiet"])
        .args(packages.iter().flat_map(|p| ["-p", p.as_str()]))
        .env("CARGO_TARGET_DIR", &target)
        .current_dir(root)
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "cargo build {packages:?} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    target.join("debug")
}

/// The moves of one game between `a` (first) and `b`, and the jury's report.
fn play(
    game: &str,
    a: Vec<String>,
    b: Vec<String>,
    seconds: u64,
    log_dir: &Path,
) -> (Vec<String>, String, u32) {
    let entry = registry::find(GAMES, game).expect("a registered game");
    let series = Series { seed: 5, ..Series::new(Rules::new(Duration::from_secs(seconds)), log_dir) };
    let config = MatchConfig::new([a, b], 1, series);
    let mut moves = Vec::new();
    let summary = (entry.run_match)(&config, &mut |played, _| {
        moves = played.record.plies.iter().map(|ply| ply.text.clone()).collect();
    })
    .unwrap_or_else(|e| panic!("{game}: {e}"));
    (moves, summary.report(), summary.failures())
}

/// The random engine's flags with `seed`.
fn random(seed: &'static str) -> [&'static str; 4] {
    ["--engine", "random", "--seed", seed]
}

fn command(program: &Path, args: &[&str]) -> Vec<String> {
    std::iter::once(program.display().to_string()).chain(args.iter().map(|a| a.to_string())).collect()
}

#[test]
fn every_bot_bundles_compiles_and_plays_like_the_cargo_built_one() {
    let root = workspace();
    let metadata = bundle::metadata(&root).expect("cargo metadata");
    let scratch = std::env::temp_dir().join(format!("bundle-test-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let rustc = vec!["rustc".to_string()];

    // Bundle every bot, then compile them all at once (each rustc is one process).
    let mut compiles = Vec::new();
    let mut packages = Vec::new();
    for entry in GAMES {
        let plan = bundle::plan(&metadata, &root, entry.name).expect("a bundle plan");
        let libraries: Vec<&str> = plan.libraries.iter().map(|l| l.name.as_str()).collect();
        assert!(
            libraries.contains(&"protocol") && libraries.contains(&entry.name),
            "{}: {libraries:?}",
            entry.name
        );
        packages.push(plan.package.clone());
        let text = bundle::bundle_text(&plan).expect("a bundle");
        assert!(text.len() <= bundle::SIZE_LIMIT, "{}: {} bytes", entry.name, text.len());
        for left_over in ["extern crate", "#[cfg(test)]", "mod tests", "#[test]"] {
            assert!(!text.contains(left_over), "{}: the bundle still has `{left_over}`", entry.name);
        }
        let file = scratch.join(format!("{}.rs", entry.name));
        std::fs::write(&file, text).unwrap();
        let executable = scratch.join(entry.name);
        let rustc = rustc.clone();
        compiles.push((
            entry.name,
            executable.clone(),
            std::thread::spawn(move || bundle::compile(&rustc, &file, &executable)),
        ));
    }
    let cargo_built = cargo_built_bots(&root, &packages);
    for (name, executable, compile) in compiles {
        let warnings = compile.join().expect("the compile thread").unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(warnings.trim().is_empty(), "{name}: the bundle compiles with warnings:\n{warnings}");

        let cargo = cargo_built.join(name);
        // A log folder holds one series: each game its own.
        let logs = |series: &str| scratch.join(format!("{name}-{series}-logs"));
        let bundled = play(
            name,
            command(&executable, &random("7")),
            command(&cargo, &random("8")),
            10,
            &logs("bundled"),
        );
        let reference =
            play(name, command(&cargo, &random("7")), command(&cargo, &random("8")), 10, &logs("reference"));
        assert_eq!(bundled.2, 0, "{name}: {}", bundled.1);
        assert!(bundled.0.len() > 4, "{name}: a game of {} plies", bundled.0.len());
        assert_eq!(
            bundled.0, reference.0,
            "{name}: the bundled bot played other moves than the cargo-built one"
        );

        // The bundle on a 1 s budget, the jury's clock twice that (its overhead on a loaded
        // machine is not the bot's to see).
        let (_, report, failures) = play(
            name,
            command(&executable, &["--time", "1"]),
            command(&cargo, &random("9")),
            2,
            &logs("timed"),
        );
        assert_eq!(failures, 0, "{name}: {report}");
    }
    std::fs::remove_dir_all(&scratch).ok();
}
