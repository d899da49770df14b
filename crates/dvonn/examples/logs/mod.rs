//! The games of a jury match, read back from its log directories (shared by the examples).

use std::path::PathBuf;

/// The `.log` files of these directories, each directory's in name order (game order).
pub fn log_files(dirs: &[String]) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for dir in dirs {
        let mut names: Vec<_> = std::fs::read_dir(dir)
            .map_err(|e| format!("{dir}: {e}"))?
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .filter(|path| path.extension().is_some_and(|ext| ext == "log"))
            .collect();
        names.sort();
        files.extend(names);
    }
    Ok(files)
}

/// The moves of a jury log's game, if it ended without a failure.
pub fn clean_game_moves(text: &str) -> Option<Vec<String>> {
    let clean = text.lines().any(|line| line.trim() == "failure: none");
    let moves = text.lines().find_map(|line| line.strip_prefix("moves:"))?;
    clean.then(|| moves.split_whitespace().map(str::to_string).collect())
}
