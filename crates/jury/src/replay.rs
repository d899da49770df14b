//! `jury replay`: a game log checked move by move with the game crate, drawn after every move, and
//! its recorded scores and failures checked against what the rules give.

use protocol::{Contest, Seat};

use crate::log::LoggedGame;

/// What a replay found: the drawing of every position, and every way the log disagrees with the
/// rules (empty when it agrees).
pub struct Replay {
    pub text: String,
    pub mismatches: Vec<String>,
}

/// Replays `logged`; `Err` when a move cannot be played (the log is not a game of `G`).
pub fn replay_log<G: Contest>(logged: &LoggedGame) -> Result<Replay, String> {
    let mut game = G::from_setup(&logged.setup)?;
    for (ply, text) in logged.opening.iter().enumerate() {
        let mv = game.parse_move(text).map_err(|e| format!("opening ply {}: '{text}': {e}", ply + 1))?;
        game.apply(mv);
    }
    let mut out = game.render();
    out.push('\n');
    for (ply, text) in logged.moves.iter().enumerate() {
        let mv = game.parse_move(text).map_err(|e| format!("ply {}: '{text}': {e}", ply + 1))?;
        game.apply(mv);
        out.push_str(&format!("\nply {}: {text}\n{}\n", ply + 1, game.render()));
    }

    let failed = failed_seats(&logged.failures)?;
    let mut mismatches = Vec::new();
    let expected = if failed.contains(&true) {
        if G::PLAYS_ON_AFTER_FAILURE && failed.contains(&false) && !game.is_over() {
            mismatches
                .push("the jury plays on after a failure, but the log stops before the end".to_string());
        }
        out.push_str(&format!("\nirregular end: {}\n", logged.failures.join("; ")));
        Some(game.irregular_scores(failed))
    } else if game.is_over() {
        Some(game.final_scores())
    } else {
        mismatches.push("the log stops before the end of the game but records no failure".to_string());
        None
    };
    if let Some(expected) = expected {
        out.push_str(&format!("\nscores: first {}, second {}\n", expected[0], expected[1]));
        match logged.scores {
            Some(recorded) if recorded != expected => mismatches.push(format!(
                "recorded scores {} {} differ from the rules' {} {}",
                recorded[0], recorded[1], expected[0], expected[1]
            )),
            Some(_) => {}
            None => mismatches.push("the log records no scores".to_string()),
        }
    }
    Ok(Replay { text: out, mismatches })
}

/// The seats named by `failure: first …` / `failure: second …` lines.
fn failed_seats(lines: &[String]) -> Result<[bool; 2], String> {
    let mut failed = [false; 2];
    for line in lines {
        let rest = line.trim_start_matches("failure:").trim_start();
        let seat = if rest.starts_with("first ") {
            Seat::First
        } else if rest.starts_with("second ") {
            Seat::Second
        } else {
            return Err(format!("cannot read the seat of '{line}'"));
        };
        failed[seat.index()] = true;
    }
    Ok(failed)
}
