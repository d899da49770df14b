//! `jury replay`: a game log checked move by move with the game crate, drawn after every move, and
//! its recorded scores and failures checked against what the rules give.

use protocol::{Contest, Seat};

use crate::log::LoggedGame;
use crate::referee::{GameRecord, Ply};

/// What a replay found: the drawing of every position, who made each move, and every way the log
/// disagrees with the rules (empty when it agrees).
pub struct Replay {
    pub text: String,
    /// The seat that made each move of the log (after the opening).
    pub movers: Vec<Seat>,
    pub mismatches: Vec<String>,
}

impl Replay {
    /// In words, whether the log checked out: `checked out: 57 moves legal, scores 18 9 as
    /// logged`, or `does not check out: ` and what disagrees.
    pub fn verdict(&self, logged: &LoggedGame) -> String {
        if !self.mismatches.is_empty() {
            return format!("does not check out: {}", self.mismatches.join("; "));
        }
        let mut text = format!("checked out: {} moves legal", logged.moves.len());
        if !logged.opening.is_empty() {
            text.push_str(&format!(" after an opening of {}", logged.opening.len()));
        }
        if !logged.by_jury.is_empty() {
            text.push_str(&format!(" ({} of them the jury's, for a failed program)", logged.by_jury.len()));
        }
        if let Some([first, second]) = logged.scores {
            text.push_str(&format!(", scores {first} {second} as logged"));
        }
        for seat in Seat::BOTH {
            if let Some(failure) = &logged.seat_failures[seat.index()] {
                text.push_str(&format!(
                    ", with the {} seat's {} at ply {}",
                    crate::log::seat_name(seat),
                    failure.kind,
                    failure.ply + 1
                ));
            }
        }
        text
    }
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
    let mut movers = Vec::with_capacity(logged.moves.len());
    for (ply, text) in logged.moves.iter().enumerate() {
        let mv = game.parse_move(text).map_err(|e| format!("ply {}: '{text}': {e}", ply + 1))?;
        movers.push(game.seat_to_move());
        game.apply(mv);
        out.push_str(&format!("\nply {}: {text}\n{}\n", ply + 1, game.render()));
    }

    let failed = [logged.seat_failures[0].is_some(), logged.seat_failures[1].is_some()];
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
    Ok(Replay { text: out, movers, mismatches })
}

/// The record of a logged game, as the jury recorded it, once the rules agree with the log (a
/// series that resumes from its logs counts them as played). Move times are the logged ones; who
/// made each move comes from the replay.
pub fn record_from_log<G: Contest>(logged: &LoggedGame) -> Result<GameRecord, String> {
    let replay = replay_log::<G>(logged)?;
    if let Some(mismatch) = replay.mismatches.first() {
        return Err(mismatch.clone());
    }
    let plies = (logged.moves.iter().zip(&replay.movers).enumerate())
        .map(|(index, (text, &seat))| {
            let ms = logged.move_ms.get(index).copied().unwrap_or(0.0).max(0.0);
            Ply {
                seat,
                text: text.clone(),
                time: std::time::Duration::from_secs_f64(ms / 1000.0),
                by_jury: logged.by_jury.contains(&(index + 1)),
            }
        })
        .collect();
    Ok(GameRecord {
        setup: logged.setup.clone(),
        opening: logged.opening.clone(),
        plies,
        scores: logged.scores.ok_or("the log records no scores")?,
        failures: logged.seat_failures.clone(),
        time_used: logged.time_used,
        peak_memory: logged.peak_memory,
        clean_exit: logged.clean_exit,
    })
}
