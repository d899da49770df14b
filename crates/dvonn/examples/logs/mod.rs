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

/// The moves of a jury log's game from its first ply, if it ended without a failure: the opening
/// the jury gave both programs (`--openings`, `--opening-plies`), then the moves they played.
pub fn clean_game_moves(text: &str) -> Option<Vec<String>> {
    let clean = text.lines().any(|line| line.trim() == "failure: none");
    let line = |name: &str| text.lines().find_map(|line| line.strip_prefix(name));
    let opening = line("opening:").unwrap_or("");
    let moves = line("moves:")?;
    clean.then(|| opening.split_whitespace().chain(moves.split_whitespace()).map(str::to_string).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_opening_comes_before_the_moves_played() {
        let log = "opening: F2 A3\nmoves: B3 C4\nfailure: none\n";
        assert_eq!(clean_game_moves(log), Some(vec!["F2".into(), "A3".into(), "B3".into(), "C4".into()]));
        assert_eq!(clean_game_moves("moves: B3\nfailure: none\n"), Some(vec!["B3".into()]));
        assert_eq!(clean_game_moves("moves: B3\nfailure: timeout A\n"), None);
    }
}
