//! A log folder holds one series. A match and a tournament take their folder the same way: a
//! folder without game logs is theirs (its manifest written anew); a folder with logs is theirs
//! only to resume the series that wrote them (a tournament always resumes, a match when given
//! `--resume`), which its manifest must name with the same settings and engines; anything else is
//! refused in one line before any game, naming the folder and the ways on. A resumed series then
//! counts every log of its schedule again (the series' name, the commands, the rules) and refuses
//! a log its schedule does not have, so that `jury report` and `jury view` never meet a mixed
//! folder.

use std::path::{Path, PathBuf};

use protocol::Contest;

use crate::log::parse_log;
use crate::referee::GameRecord;
use crate::replay::record_from_log;
use crate::ScheduledGame;

/// How a series takes its log folder.
pub(crate) struct Claim<'a> {
    /// `match` or `tournament`, as the messages name it.
    pub kind: &'static str,
    pub dir: &'a Path,
    /// The manifest's file name in the folder, and its text for this run.
    pub manifest_name: &'static str,
    pub manifest: &'a str,
    /// Manifest lines that say how far a run goes or which share it plays, not which series it
    /// is (the games, the SPRT, the shard): they may change between runs of one series.
    pub run_lines: &'a [&'a str],
    /// Engines may be added at the end of the list (a tournament).
    pub more_engines: bool,
    /// Continue a series the folder holds; without it a folder with game logs is refused.
    pub resume: bool,
    /// The other way on than another folder, as a refusal of another series says it.
    pub resume_hint: &'a str,
}

/// The game logs in `dir` and in its subfolders (a tournament's pairings), in name order.
pub(crate) fn logs_in(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else { return found };
    for path in entries.flatten().map(|entry| entry.path()) {
        if path.is_dir() {
            found.extend(logs_in(&path));
        } else if path.extension().is_some_and(|e| e == "log") {
            found.push(path);
        }
    }
    found.sort();
    found
}

/// `1 game log`, `4 game logs`.
fn game_logs(count: usize) -> String {
    format!("{count} game log{}", if count == 1 { "" } else { "s" })
}

impl Claim<'_> {
    /// Whether the run may use the folder; fails, in one line naming the folder and the ways on,
    /// when it holds game logs of another series, or of this one without `resume`. Writes nothing.
    pub(crate) fn check(&self) -> Result<(), String> {
        let logs = logs_in(self.dir).len();
        if logs == 0 {
            return Ok(());
        }
        let dir = self.dir.display();
        let held = game_logs(logs);
        let manifest_path = self.dir.join(self.manifest_name);
        let existing = match std::fs::read_to_string(&manifest_path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let (other, name) = match self.kind {
                    "match" => ("tournament", crate::tournament::MANIFEST),
                    _ => ("match", crate::MATCH_MANIFEST),
                };
                return Err(match self.dir.join(name).exists() {
                    true => format!(
                        "{dir} holds {held} of a {other}, not of a {}: give another --log-dir, or resume that {other} with its own command",
                        self.kind
                    ),
                    false => format!(
                        "{dir} holds {held} but no {}, so of another series: give another --log-dir",
                        self.manifest_name
                    ),
                });
            }
            Err(e) => return Err(format!("cannot read {}: {e}", manifest_path.display())),
        };
        if let Some((there, here)) =
            differing_line(&existing, self.manifest, self.run_lines, self.more_engines)
        {
            return Err(format!(
                "{dir} holds {held} of another series ('{there}' there, '{here}' here): give another --log-dir, or {}",
                self.resume_hint
            ));
        }
        if !self.resume {
            return Err(format!(
                "{dir} already holds {held} of this {}: give another --log-dir, or --resume to play only the missing games",
                self.kind
            ));
        }
        Ok(())
    }

    /// Creates the folder and writes this run's manifest (once the run has been checked).
    pub(crate) fn write_manifest(&self) -> Result<(), String> {
        std::fs::create_dir_all(self.dir)
            .map_err(|e| format!("cannot create {}: {e}", self.dir.display()))?;
        let path = self.dir.join(self.manifest_name);
        if std::fs::read_to_string(&path).ok().as_deref() != Some(self.manifest) {
            std::fs::write(&path, self.manifest)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
        Ok(())
    }

    /// Fails on a log in the folder that none of `schedule`'s games writes (a longer run's), before
    /// any game: the folder would no longer be one series.
    pub(crate) fn check_schedule(&self, schedule: &[ScheduledGame]) -> Result<(), String> {
        let expected: std::collections::HashSet<PathBuf> = schedule.iter().map(|g| g.log_path()).collect();
        match logs_in(self.dir).into_iter().find(|path| !expected.contains(path)) {
            None => Ok(()),
            Some(stray) => Err(format!(
                "{} is not one of the {} games of this {}: resume it with at least as many --games as wrote it, or give another --log-dir",
                stray.display(),
                schedule.len(),
                self.kind
            )),
        }
    }
}

/// The first line by which a manifest `existing` names another series than `ours` (lines that
/// start with one of `run_lines` aside), as `(there, here)`; `None` for the same series. With
/// `more_engines`, `ours` may go on with more `engine` lines.
pub(crate) fn differing_line(
    existing: &str,
    ours: &str,
    run_lines: &[&str],
    more_engines: bool,
) -> Option<(String, String)> {
    let identity = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|line| !run_lines.iter().any(|start| line.starts_with(start)))
            .map(String::from)
            .collect()
    };
    let (theirs, ours) = (identity(existing), identity(ours));
    let extends = theirs.len() <= ours.len()
        && theirs.iter().zip(&ours).all(|(a, b)| a == b)
        && (theirs.len() == ours.len() || more_engines)
        && ours[theirs.len()..].iter().all(|line| line.starts_with("engine "));
    if extends {
        return None;
    }
    let differing = (0..theirs.len().max(ours.len()))
        .find(|&i| theirs.get(i) != ours.get(i))
        .expect("different texts differ in a line");
    let show = |lines: &[String]| lines.get(differing).map_or("nothing".to_string(), String::clone);
    Some((show(&theirs), show(&ours)))
}

/// The record of a game an earlier run played, if its log is this game's (its game, its series'
/// name, its commands) and the rules agree with it.
pub(crate) fn resumed_record<G: Contest>(
    scheduled: &ScheduledGame,
    path: &Path,
) -> Result<GameRecord, String> {
    let checked = || -> Result<GameRecord, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read it: {e}"))?;
        let logged = parse_log(&text)?;
        if logged.game != G::NAME {
            return Err(format!("a game of {}, not {}", logged.game, G::NAME));
        }
        if !scheduled.series.is_empty() && logged.series.as_deref() != Some(scheduled.series.as_str()) {
            return Err(format!(
                "a game of another series (series {}, this one's {})",
                logged.series.as_deref().unwrap_or("none"),
                scheduled.series
            ));
        }
        let expected = scheduled.run_commands().map(|command| command.join(" "));
        if logged.players != expected {
            return Err(format!(
                "played by '{}' and '{}', not by this series' '{}' and '{}'",
                logged.players[0], logged.players[1], expected[0], expected[1]
            ));
        }
        record_from_log::<G>(&logged)
    };
    checked().map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_series_is_its_manifest_less_the_lines_of_one_run() {
        let runs = ["games:", "shard:"];
        let base = "seed: 1\ngames: 4\nshard: 0/1\nengine A: a\nengine B: b\n";
        assert_eq!(
            differing_line(base, "seed: 1\ngames: 8\nshard: 1/2\nengine A: a\nengine B: b\n", &runs, false),
            None
        );
        assert_eq!(
            differing_line(base, "seed: 2\ngames: 4\nengine A: a\nengine B: b\n", &runs, false),
            Some(("seed: 1".into(), "seed: 2".into()))
        );
        let more = format!("{base}engine C: c\n");
        assert_eq!(differing_line(base, &more, &runs, true), None);
        assert_eq!(differing_line(base, &more, &runs, false), Some(("nothing".into(), "engine C: c".into())));
        assert_eq!(differing_line(&more, base, &runs, true), Some(("engine C: c".into(), "nothing".into())));
    }
}
