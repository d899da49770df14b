//! `bundle`'s usage errors exit with status 2, as the bots' and the jury's do, with the usage;
//! a bundle that cannot be made (here: a compiler that does not run) exits with status 1.

use std::process::Command;

fn bundle(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_bundle")).args(args).output().unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn a_usage_error_exits_with_status_2_and_a_failed_bundle_with_1() {
    for (args, expected) in [
        (&[][..], "bundle: name a game or all"),
        (&["chess"][..], "bundle: unknown game or flag 'chess' (games: pillars, dvonn"),
        (&["dvonn", "--frobnicate"][..], "bundle: unknown game or flag '--frobnicate'"),
        (&["dvonn", "--out"][..], "bundle: --out needs a folder"),
        (&["dvonn", "--rustc"][..], "bundle: --rustc needs a command"),
    ] {
        let (code, stderr) = bundle(args);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert!(stderr.starts_with(expected) && stderr.contains("usage: bundle"), "{args:?}: {stderr}");
    }
    let (code, _) = bundle(&["--help"]);
    assert_eq!(code, Some(0));
    let out = std::env::temp_dir().join(format!("bundle-usage-{}", std::process::id()));
    let (code, stderr) =
        bundle(&["dvonn", "--out", &out.display().to_string(), "--rustc", "/nonexistent/rustc"]);
    let _ = std::fs::remove_dir_all(&out);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(!stderr.contains("usage:"), "not a usage error: {stderr}");
}
