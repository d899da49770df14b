//! One source file per bot, for the CodeCup jury: it takes a single `.rs` file and compiles it with
//! bare `rustc -O --edition 2021` (an old one: 1.75 in recent seasons), so the bot, its game crate,
//! the protocol crate and every library they use (`arrayvec`) are inlined as modules of one crate.
//!
//! How a crate becomes a module of the bundle:
//! * its `mod x;` declarations are replaced by the files they name, recursively;
//! * `crate::` becomes `crate::<name>::` and a macro's `$crate::` becomes `$crate::<name>::`;
//! * every module imports the crates it depends on (`use crate::{protocol, arrayvec};`), so that
//!   their paths resolve as they did across crates;
//! * its `#[macro_export]` macros, which a crate exports from its root, are re-exported from its
//!   module, so `protocol::tunables!` still names them;
//! * `#[cfg(test)]` items, crate attributes (`#![...]`) and `extern crate` lines are dropped.
//!
//! The crates to inline are the bot's normal dependencies, found with `cargo metadata`.

pub mod json;
pub mod source;

use std::path::{Path, PathBuf};
use std::process::Command;

use json::Json;

/// The largest source file the CodeCup jury accepts.
pub const SIZE_LIMIT: usize = 1_474_560;

/// A library to inline: its name in paths, its root file and the libraries it uses.
#[derive(Clone, Debug)]
pub struct Library {
    pub name: String,
    pub root: PathBuf,
    pub uses: Vec<String>,
}

/// What one bot's bundle is made of: the bot's `main` and the libraries, each after those it uses.
#[derive(Debug)]
pub struct Plan {
    pub game: String,
    /// The bot's package (`cargo build -p` builds it).
    pub package: String,
    pub main: PathBuf,
    pub libraries: Vec<Library>,
}

/// Runs `cargo metadata` for the workspace at `workspace`.
pub fn metadata(workspace: &Path) -> Result<Json, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let output = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--manifest-path"])
        .arg(workspace.join("Cargo.toml"))
        .output()
        .map_err(|e| format!("cannot run cargo metadata: {e}"))?;
    if !output.status.success() {
        return Err(format!("cargo metadata failed: {}", String::from_utf8_lossy(&output.stderr).trim()));
    }
    Json::parse(&String::from_utf8_lossy(&output.stdout))
}

fn package<'a>(metadata: &'a Json, wanted: impl Fn(&Json) -> bool, what: &str) -> Result<&'a Json, String> {
    let mut found = metadata.get("packages").items().iter().filter(|p| wanted(p));
    match (found.next(), found.next()) {
        (Some(package), None) => Ok(package),
        (None, _) => Err(format!("cargo metadata lists no package {what}")),
        (Some(_), Some(_)) => {
            Err(format!("cargo metadata lists {what} twice (two versions cannot be inlined)"))
        }
    }
}

/// The target of `package` of the kind `kind` (`lib` or `bin`): its name and root file.
fn target(package: &Json, kind: &str) -> Option<(String, PathBuf)> {
    package.get("targets").items().iter().find_map(|t| {
        let is_kind = t.get("kind").items().iter().any(|k| k.as_str() == Some(kind));
        let name = t.get("name").as_str()?;
        let root = t.get("src_path").as_str()?;
        is_kind.then(|| (name.replace('-', "_"), PathBuf::from(root)))
    })
}

/// The packages `package` depends on to run (not for tests or build scripts). Optional ones are
/// left out: only a feature enables them, and a library built with features is refused.
fn normal_dependencies(package: &Json) -> Vec<String> {
    let deps = package.get("dependencies").items().iter();
    deps.filter(|d| d.get("kind") == &Json::Null && d.get("optional") != &Json::Bool(true))
        .filter_map(|d| d.get("name").as_str().map(String::from))
        .collect()
}

/// The bundle plan of the bot `bots/<game>` of the workspace `metadata` describes.
pub fn plan(metadata: &Json, workspace: &Path, game: &str) -> Result<Plan, String> {
    let manifest = workspace.join("bots").join(game).join("Cargo.toml");
    let manifest = manifest.canonicalize().map_err(|e| format!("{}: {e}", manifest.display()))?;
    let bot = package(
        metadata,
        |p| p.get("manifest_path").as_str().is_some_and(|m| Path::new(m) == manifest),
        &format!("at {}", manifest.display()),
    )?;
    let (_, main) =
        target(bot, "bin").ok_or_else(|| format!("{} builds no executable", manifest.display()))?;
    let mut libraries = Vec::new();
    for dep in normal_dependencies(bot) {
        add_library(metadata, &dep, &mut libraries, &mut Vec::new())?;
    }
    let package = bot.get("name").as_str().unwrap_or(game).to_string();
    Ok(Plan { game: game.to_string(), package, main, libraries })
}

/// Adds the library of package `name` to `libraries` after the libraries it uses (depth first),
/// unless it is there already, and returns its name in paths. `path` is the chain of packages
/// that led here, to report a cycle.
fn add_library(
    metadata: &Json,
    name: &str,
    libraries: &mut Vec<Library>,
    path: &mut Vec<String>,
) -> Result<String, String> {
    if path.iter().any(|p| p == name) {
        return Err(format!("dependency cycle through {name}"));
    }
    let package = package(metadata, |p| p.get("name").as_str() == Some(name), name)?;
    let (lib_name, root) = target(package, "lib").ok_or_else(|| format!("package {name} has no library"))?;
    if libraries.iter().any(|l| l.name == lib_name) {
        return Ok(lib_name);
    }
    // Bare rustc sets no cargo features: a library built with some would not be the same.
    let id = package.get("id");
    let nodes = metadata.get("resolve").get("nodes").items();
    if let Some(node) = nodes.iter().find(|n| n.get("id") == id) {
        let features: Vec<&str> = node.get("features").items().iter().filter_map(Json::as_str).collect();
        if !features.is_empty() {
            return Err(format!("{name} is built with features {features:?}, which a bundle cannot set"));
        }
    }
    path.push(name.to_string());
    let mut uses = Vec::new();
    for dep in normal_dependencies(package) {
        uses.push(add_library(metadata, &dep, libraries, path)?);
    }
    path.pop();
    libraries.push(Library { name: lib_name.clone(), root, uses });
    Ok(lib_name)
}

/// The folder that holds the modules declared in `file` (`a/` for `a.rs`, the file's own folder
/// for `lib.rs`, `main.rs` and `mod.rs`).
fn module_folder(file: &Path, is_root: bool) -> PathBuf {
    let folder = file.parent().unwrap_or(Path::new(".")).to_path_buf();
    let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    if is_root || stem == "mod" {
        folder
    } else {
        folder.join(stem)
    }
}

/// A `mod name;` line: its visibility prefix and name.
fn module_declaration(line: &str) -> Option<(&str, &str)> {
    let trimmed = line.trim();
    let rest = trimmed.strip_suffix(';')?;
    let at = rest.find("mod ")?;
    let (visibility, name) = (&rest[..at], rest[at + 4..].trim());
    let visibility_ok = visibility.is_empty() || visibility.trim_end().starts_with("pub");
    let name_ok = !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_');
    (visibility_ok && name_ok).then_some((visibility, name))
}

/// The text of one source file as a module body of library `library` (or of the bundle's root
/// when `library` is `None`), its own submodules inlined.
fn module_text(
    file: &Path,
    is_root: bool,
    library: Option<&Library>,
    macros: &[String],
) -> Result<String, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let text = source::strip_test_items(&text).map_err(|e| format!("{}: {e}", file.display()))?;
    let text = match library {
        Some(library) => source::map_code(&text, |code| {
            let code = source::replace_word(code, "$crate", "::", &format!("$crate::{}", library.name));
            source::replace_word(&code, "crate", "::", &format!("crate::{}", library.name))
        }),
        None => text,
    };
    // What every module of a library starts with: the libraries it uses, and at its root the
    // macros it exports (which rustc puts at the bundle's root).
    let mut header = String::new();
    if let Some(library) = library {
        if !library.uses.is_empty() {
            header += &format!("#[allow(unused_imports)]\nuse crate::{{{}}};\n", library.uses.join(", "));
        }
        if is_root && !macros.is_empty() {
            header += &format!("pub use crate::{{{}}};\n", macros.join(", "));
        }
    }
    let mut out = String::with_capacity(text.len() + header.len());
    let mut header_done = false;
    // Where the attribute on the line before starts in `out`, if that line was one.
    let mut attribute_at: Option<usize> = None;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim();
        // Crate attributes belong to the bundle, not to a module.
        if trimmed.starts_with("#![") {
            continue;
        }
        // The header goes after the file's inner doc comments, before its first item.
        if !(header_done || trimmed.starts_with("//!") || trimmed.is_empty()) {
            header_done = true;
            out.push_str(&header);
        }
        if trimmed.starts_with("extern crate ") {
            // An `extern crate` and the attribute that made it conditional both go.
            if let Some(at) = attribute_at.take() {
                out.truncate(at);
            }
            continue;
        }
        attribute_at = trimmed.starts_with("#[").then_some(out.len());
        match module_declaration(line) {
            Some((visibility, name)) => {
                let folder = module_folder(file, is_root);
                let candidates = [folder.join(format!("{name}.rs")), folder.join(name).join("mod.rs")];
                let child = candidates
                    .iter()
                    .find(|c| c.is_file())
                    .ok_or_else(|| format!("{}: no file for `mod {name};`", file.display()))?;
                let indent = &line[..line.len() - line.trim_start().len()];
                out.push_str(&format!("{indent}{visibility}mod {name} {{\n"));
                out.push_str(&module_text(child, false, library, macros)?);
                out.push_str(&format!("\n{indent}}}\n"));
            }
            None => out.push_str(line),
        }
    }
    if !header_done {
        out.push_str(&header);
    }
    Ok(out)
}

/// The whole bundle of `plan`: one source file.
pub fn bundle_text(plan: &Plan) -> Result<String, String> {
    let mut out = String::new();
    out.push_str(&format!(
        "// The {} bot for the CodeCup jury: one file, compiled with `rustc -O --edition 2021`.\n\
         // Written by `cargo run --release -p bundle -- {}` from the workspace; edit the crates, not this.\n\
         #![allow(dead_code, unused_imports, unused_macros)]\n",
        plan.game, plan.game
    ));
    out.push_str(&module_text(&plan.main, true, None, &[])?);
    for library in &plan.libraries {
        let macros = exported_macros(library.root.parent().unwrap_or(Path::new(".")))?;
        out.push_str(&format!("\npub mod {} {{\n", library.name));
        out.push_str(&module_text(&library.root, true, Some(library), &macros)?);
        out.push_str("}\n");
    }
    if out.contains("extern crate") {
        return Err("an `extern crate` is left in the bundle".to_string());
    }
    Ok(out)
}

/// The `#[macro_export]` macros of every source file under `folder`, sorted.
fn exported_macros(folder: &Path) -> Result<Vec<String>, String> {
    let mut files = Vec::new();
    rust_files(folder, &mut files)?;
    let mut names = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
        names.extend(source::exported_macros(&text));
    }
    names.sort();
    names.dedup();
    Ok(names)
}

fn rust_files(folder: &Path, files: &mut Vec<PathBuf>) -> Result<(), String> {
    let entries = std::fs::read_dir(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.is_dir() {
            rust_files(&path, files)?;
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    Ok(())
}

/// Compiles `source` into `executable` as the CodeCup jury does (`rustc -O --edition 2021`) with
/// the compiler `rustc`; returns the compiler's warnings, if any.
pub fn compile(rustc: &[String], source: &Path, executable: &Path) -> Result<String, String> {
    let (program, args) = rustc.split_first().ok_or("no compiler given")?;
    let output = Command::new(program)
        .args(args)
        .args(["-O", "--edition", "2021", "-o"])
        .arg(executable)
        .arg(source)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", rustc.join(" ")))?;
    let messages = String::from_utf8_lossy(&output.stderr).into_owned();
    if output.status.success() {
        Ok(messages)
    } else {
        Err(format!("{} failed on {}:\n{messages}", rustc.join(" "), source.display()))
    }
}

/// The version line of the compiler `rustc`.
pub fn compiler_version(rustc: &[String]) -> Result<String, String> {
    let (program, args) = rustc.split_first().ok_or("no compiler given")?;
    let output = Command::new(program)
        .args(args)
        .arg("--version")
        .output()
        .map_err(|e| format!("cannot run {program}: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "{} --version failed: {}",
            rustc.join(" "),
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    Ok(String::from_utf8_lossy(&output.stdout).trim().to_string())
}
