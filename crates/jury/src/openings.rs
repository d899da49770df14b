//! Where the games of a series start: the setup lines and the moves played before the dialogue.
//!
//! Both games of a colour-swapped pair start from the same position, and pair `p` starts from the
//! same position in every match and every pairing of a tournament with the same seed: line
//! `p mod n` of an openings file (if given), then `--opening-plies` random legal plies from there.
//!
//! An openings file has one opening per line, its moves separated by spaces or commas, as the logs
//! and the bots' `--opening` write them. Blank lines and lines starting with `#` are skipped. A
//! game with setup lines (Pillars' pillars) gives its setup first, separated from the moves by
//! `|`, as `Aa Bc Cb Dd Ee Fg Gf Hh Ij Ji | AcBd`; the moves may then be empty.

use protocol::search::random_opening;
use protocol::{Contest, Rng};

/// A position as text: the setup lines and the moves from there, as the dialogue writes them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Position {
    pub setup: Vec<String>,
    pub moves: Vec<String>,
}

fn words(text: &str) -> Vec<String> {
    text.split(|c: char| c == ',' || c.is_whitespace()).filter(|w| !w.is_empty()).map(String::from).collect()
}

/// The openings of a file's text, each checked with the rules: its setup valid, every move legal,
/// and the game not over after them. An error names the line; a file without any opening is one.
pub fn parse_openings<G: Contest>(text: &str) -> Result<Vec<Position>, String> {
    let mut openings = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let position = parse_line::<G>(line).map_err(|e| format!("line {}: {e}", index + 1))?;
        openings.push(position);
    }
    if openings.is_empty() {
        return Err("no openings in it (one move list per line; # starts a comment)".to_string());
    }
    Ok(openings)
}

fn parse_line<G: Contest>(line: &str) -> Result<Position, String> {
    let (setup, moves) = match line.split_once('|') {
        Some((setup, moves)) => (words(setup), words(moves)),
        None => (Vec::new(), words(line)),
    };
    if setup.len() != G::SETUP_LINES {
        return Err(match G::SETUP_LINES {
            0 => format!("{} has no setup, so a line is just its moves (no '|')", G::NAME),
            lines => format!("{} needs its {lines} setup lines first, then '|' and the moves", G::NAME),
        });
    }
    let mut game = G::from_setup(&setup).map_err(|e| format!("the setup: {e}"))?;
    for (ply, text) in moves.iter().enumerate() {
        if game.is_over() {
            return Err(format!("the game is over before ply {} '{text}'", ply + 1));
        }
        let mv = game.parse_move(text).map_err(|e| format!("ply {} '{text}': {e}", ply + 1))?;
        game.apply(mv);
    }
    if game.is_over() {
        return Err("the game is over after these moves".to_string());
    }
    Ok(Position { setup, moves })
}

/// The start of pair `pair`: its book line (`book[pair mod n]`, or a random setup when the book is
/// empty), then `random_plies` random legal plies, all drawn from `seed` and `pair` alone.
pub fn pair_start<G: Contest>(seed: u64, pair: usize, book: &[Position], random_plies: u32) -> Position {
    let mut rng = Rng::new(seed ^ (pair as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut start = match book {
        [] => Position { setup: G::random_setup(&mut rng), moves: Vec::new() },
        lines => lines[pair % lines.len()].clone(),
    };
    if random_plies > 0 {
        let mut game = G::from_setup(&start.setup).expect("a checked or random setup is valid");
        for text in &start.moves {
            let mv = game.parse_move(text).expect("a checked opening is legal");
            game.apply(mv);
        }
        start.moves.extend(random_opening(&game, random_plies, &mut rng));
    }
    start
}
