//! The reference data files, read by one generic runner per kind (as shakmaty reads its test
//! files): a game supplies only how a block names its position.
//!
//! Two formats cover every file in the repository's `data/` folder:
//! * **blocks** (perft and example files): `key: value` lines, blocks separated by a blank line,
//!   `#` lines as comments (a comment right before a block describes it);
//! * **records** (contest game files): one game per line, moves separated by spaces.

use protocol::{Colour, Game, SearchGame};

/// One block of a `key: value` file.
#[derive(Clone, Debug)]
pub struct Block {
    /// 1-based line number of its first `key:` line, for messages.
    pub line: usize,
    /// The `#` lines just before it, without the `#`.
    pub comments: Vec<String>,
    pub fields: Vec<(String, String)>,
}

impl Block {
    /// The value of the first `key:` line, trimmed.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.fields.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// Like [`Block::get`], but a missing key is a test failure naming the block.
    pub fn require(&self, key: &str) -> &str {
        self.get(key).unwrap_or_else(|| panic!("block at line {} has no '{key}:'", self.line))
    }

    /// The value of `key:` split at white space (empty when the value is empty).
    pub fn words(&self, key: &str) -> Vec<String> {
        self.require(key).split_whitespace().map(String::from).collect()
    }

    /// Every value of a key that may repeat (`move:` lines), in order.
    pub fn all(&self, key: &str) -> Vec<&str> {
        self.fields.iter().filter(|(k, _)| k == key).map(|(_, v)| v.as_str()).collect()
    }
}

/// Splits a `key: value` file into blocks.
pub fn blocks(text: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut current: Option<Block> = None;
    let mut comments = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if line.trim().is_empty() {
            blocks.extend(current.take());
            comments.clear();
        } else if let Some(comment) = line.strip_prefix('#') {
            comments.push(comment.trim().to_string());
        } else {
            let (key, value) = line
                .split_once(':')
                .unwrap_or_else(|| panic!("line {}: not 'key: value': {line}", index + 1));
            let block = current.get_or_insert_with(|| Block {
                line: index + 1,
                comments: std::mem::take(&mut comments),
                fields: Vec::new(),
            });
            block.fields.push((key.trim().to_string(), value.trim().to_string()));
        }
    }
    blocks.extend(current);
    blocks
}

/// One game of a records file: its 1-based line number and its moves.
#[derive(Clone, Debug)]
pub struct Record {
    pub line: usize,
    pub moves: Vec<String>,
}

/// Splits a records file into games (blank lines skipped).
pub fn records(text: &str) -> Vec<Record> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(index, line)| Record {
            line: index + 1,
            moves: line.split_whitespace().map(String::from).collect(),
        })
        .collect()
}

/// Plays `moves` from the position of `setup` through the dialogue's parser: each must be legal,
/// the game must not have ended before it, and writing it back must give the same text.
pub fn replay<G: Game, S: AsRef<str>>(setup: &[String], moves: &[S]) -> Result<G, String> {
    let mut game = G::from_setup(setup)?;
    for (ply, text) in moves.iter().enumerate() {
        let text = text.as_ref();
        if game.is_over() {
            return Err(format!("ply {} '{text}': the game ended before it", ply + 1));
        }
        let mv = game.parse_move(text).map_err(|e| format!("ply {} '{text}': {e}", ply + 1))?;
        let written = game.format_move(mv);
        if written != text {
            return Err(format!("ply {} '{text}' is written back as '{written}'", ply + 1));
        }
        game.apply(mv);
    }
    Ok(game)
}

/// A block's position for a game without setup lines whose White moves first (Ayu, Dvonn): its
/// `moves:` replayed from the start through [`replay`], with the side to move checked against the
/// block's `next:` (`white` or `black`).
pub fn position_after_moves<G: Game>(block: &Block) -> Result<G, String> {
    let moves = block.words("moves");
    let game: G = replay(&[], &moves)?;
    let next = match block.require("next") {
        "white" => Colour::White,
        "black" => Colour::Black,
        other => return Err(format!("next: '{other}' is neither white nor black")),
    };
    if game.seat_to_move() != next.seat() {
        return Err(format!(
            "{:?} to move after {} plies, {next:?} listed",
            game.seat_to_move(),
            moves.len()
        ));
    }
    Ok(game)
}

/// A position of a perft file with its counts: `counts[d - 1]` is perft(d).
pub struct PerftCase<G> {
    pub line: usize,
    pub game: G,
    pub counts: Vec<u64>,
}

/// Reads every block of a perft file: `position` builds (and checks) the block's position, the
/// `perft:` line gives the counts.
pub fn perft_cases<G>(text: &str, position: impl Fn(&Block) -> Result<G, String>) -> Vec<PerftCase<G>> {
    blocks(text)
        .iter()
        .map(|block| {
            let game = position(block).unwrap_or_else(|e| panic!("block at line {}: {e}", block.line));
            let counts = block
                .words("perft")
                .iter()
                .map(|n| n.parse().unwrap_or_else(|_| panic!("line {}: perft '{n}'", block.line)))
                .collect();
            PerftCase { line: block.line, game, counts }
        })
        .collect()
}

/// Checks every listed perft count of at most `max_leaves` leaves with [`SearchGame::perft`];
/// returns how many counts it checked.
pub fn check_perft<G: SearchGame>(cases: &[PerftCase<G>], max_leaves: u64) -> usize {
    let mut checked = 0;
    for case in cases {
        for (depth, &expected) in case.counts.iter().enumerate() {
            if expected > max_leaves {
                continue;
            }
            let depth = depth as u32 + 1;
            assert_eq!(case.game.perft(depth), expected, "perft({depth}) of the block at line {}", case.line);
            checked += 1;
        }
    }
    checked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_keep_their_comments_lines_and_repeated_keys() {
        let text = "# header\n\n# first\nmoves: A1 B2\nperft: 1 2\n\nmoves:\nmove: x\nmove: y\n";
        let blocks = blocks(text);
        assert_eq!(blocks.len(), 2);
        assert_eq!(blocks[0].line, 4);
        assert_eq!(blocks[0].comments, ["first"]);
        assert_eq!(blocks[0].words("moves"), ["A1", "B2"]);
        assert_eq!(blocks[1].words("moves"), Vec::<String>::new());
        assert_eq!(blocks[1].all("move"), ["x", "y"]);
        assert_eq!(blocks[1].get("perft"), None);
    }

    #[test]
    fn records_are_numbered_by_line() {
        let records = records("1 2 3\n\n4 -1\n");
        assert_eq!(records.len(), 2);
        assert_eq!((records[1].line, records[1].moves.clone()), (3, vec!["4".to_string(), "-1".to_string()]));
    }
}
