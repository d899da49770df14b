//! `cargo run --release -p bundle -- <game>|all`: writes `dist/<game>.rs`, the one source file the
//! CodeCup jury compiles, and checks it: the size limit, and a compile with `rustc -O --edition
//! 2021` into `target/bundle/<game>`. A usage error exits with status 2, a bundle that fails
//! with 1.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "usage: bundle <game>|all [--out DIR] [--rustc COMMAND] [--no-compile]
Writes DIR/<game>.rs (default DIR: dist), the bot as one source file for the CodeCup jury, and
compiles it with `COMMAND -O --edition 2021` (default COMMAND: rustc; for example
--rustc \"rustup run 1.75 rustc\") into target/bundle/<game>.";

struct Options {
    games: Vec<String>,
    out: PathBuf,
    rustc: Option<Vec<String>>,
}

fn parse(args: &[String], workspace: &Path) -> Result<Options, String> {
    let known: Vec<&str> = registry::GAMES.iter().map(|g| g.name).collect();
    let mut games = Vec::new();
    let mut out = workspace.join("dist");
    let mut rustc = Some(vec!["rustc".to_string()]);
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--out" => out = PathBuf::from(args.next().ok_or("--out needs a folder")?),
            "--rustc" => {
                let command = args.next().ok_or("--rustc needs a command")?;
                rustc = Some(command.split_whitespace().map(String::from).collect());
            }
            "--no-compile" => rustc = None,
            "all" => games.extend(known.iter().map(|g| g.to_string())),
            name if known.contains(&name) => games.push(name.to_string()),
            other => {
                return Err(format!("unknown game or flag '{other}' (games: {}, all)", known.join(", ")))
            }
        }
    }
    if games.is_empty() {
        return Err("name a game or all".to_string());
    }
    Ok(Options { games, out, rustc })
}

fn run(options: &Options, workspace: &Path) -> Result<(), String> {
    let metadata = bundle::metadata(workspace)?;
    std::fs::create_dir_all(&options.out).map_err(|e| format!("{}: {e}", options.out.display()))?;
    let compiler = match &options.rustc {
        Some(rustc) => Some((rustc, bundle::compiler_version(rustc)?)),
        None => None,
    };
    for game in &options.games {
        let plan = bundle::plan(&metadata, workspace, game)?;
        let text = bundle::bundle_text(&plan)?;
        let file = options.out.join(format!("{game}.rs"));
        std::fs::write(&file, &text).map_err(|e| format!("{}: {e}", file.display()))?;
        let share = 100.0 * text.len() as f64 / bundle::SIZE_LIMIT as f64;
        let shown = file.strip_prefix(workspace).unwrap_or(&file).display().to_string();
        let mut report =
            format!("{shown}: {} bytes, {share:.1}% of the {} allowed", text.len(), bundle::SIZE_LIMIT);
        if text.len() > bundle::SIZE_LIMIT {
            return Err(format!("{report}: too large for the CodeCup jury"));
        }
        if let Some((rustc, version)) = &compiler {
            let folder = workspace.join("target/bundle");
            std::fs::create_dir_all(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
            let executable = folder.join(game);
            let warnings = bundle::compile(rustc, &file, &executable)?;
            let shown = executable.strip_prefix(workspace).unwrap_or(&executable).display().to_string();
            report.push_str(&format!("; compiled by {version} into {shown}"));
            if !warnings.trim().is_empty() {
                report.push_str(&format!("\n{warnings}"));
            }
        }
        println!("{report}");
    }
    Ok(())
}

fn main() -> ExitCode {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let workspace = workspace.canonicalize().unwrap_or(workspace);
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    // A usage error exits with status 2, as the bots' and the jury's do; a bundle that fails
    // (too large, does not compile) with 1.
    let options = match parse(&args, &workspace) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("bundle: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run(&options, &workspace) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("bundle: {message}");
            ExitCode::FAILURE
        }
    }
}
