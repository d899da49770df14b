//! `jury report DIR...`: one summary from the log folders of a series, whether one run wrote them
//! or many shards did (on any machines, started by any scheduler). Each folder's manifest must
//! name the same series (the shard aside), and every log is checked again: it must carry the
//! series' name, be played by the commands its place in the series gives, appear once, and replay
//! with the rules. The summary is then made as the run makes it, so one whole run and its report
//! print the same.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use protocol::Contest;

use crate::log::{parse_log, LoggedGame};
use crate::referee::{GameRecord, Rules};
use crate::replay::record_from_log;
use crate::sprt::{Sprt, SprtState};
use crate::summary::Summary;
use crate::tournament::{Format, Standings, TournamentConfig, TournamentGame, MANIFEST};
use crate::{series_id, MatchGame, PairTally, Series, MATCH_MANIFEST};

/// What a report sums up: a match or a tournament.
pub enum SeriesReport {
    Match(Summary),
    Tournament(Standings),
}

impl SeriesReport {
    /// The summary exactly as the run prints it.
    pub fn text(&self) -> String {
        match self {
            SeriesReport::Match(summary) => summary.report(),
            SeriesReport::Tournament(standings) => standings.report(),
        }
    }

    pub fn failures(&self) -> u32 {
        match self {
            SeriesReport::Match(summary) => summary.failures(),
            SeriesReport::Tournament(standings) => standings.failures(),
        }
    }
}

/// A folder's manifest: which kind of series, and its `key: value` lines.
struct Manifest {
    path: PathBuf,
    tournament: bool,
    lines: Vec<String>,
}

impl Manifest {
    fn read(dir: &Path) -> Result<Manifest, String> {
        for (name, tournament) in [(MATCH_MANIFEST, false), (MANIFEST, true)] {
            let path = dir.join(name);
            if let Ok(text) = std::fs::read_to_string(&path) {
                let lines = text.lines().filter(|l| !l.starts_with('#')).map(String::from).collect();
                return Ok(Manifest { path, tournament, lines });
            }
        }
        Err(format!(
            "{}: no {MATCH_MANIFEST} or {MANIFEST} in it: not the log folder of a jury match or tournament",
            dir.display()
        ))
    }

    fn value(&self, key: &str) -> Result<&str, String> {
        self.lines
            .iter()
            .find_map(|line| line.strip_prefix(key).and_then(|rest| rest.strip_prefix(':')))
            .map(str::trim)
            .ok_or_else(|| format!("{}: no '{key}:' line", self.path.display()))
    }

    fn number<T: std::str::FromStr>(&self, key: &str) -> Result<T, String> {
        let text = self.value(key)?;
        text.parse().map_err(|_| format!("{}: '{key}: {text}' is not a number", self.path.display()))
    }

    /// The lines every shard of the series shares: all but the shard's own.
    fn series_lines(&self) -> Vec<&String> {
        self.lines.iter().filter(|line| !line.starts_with("shard:")).collect()
    }

    /// The lines that name the series (see [`series_id`]): those before the first line that only
    /// says how far it runs or who plays.
    fn identity_lines(&self) -> Vec<String> {
        let ends = ["games:", "games a pairing:", "sprt:", "shard:", "engine "];
        self.lines.iter().take_while(|line| !ends.iter().any(|end| line.starts_with(end))).cloned().collect()
    }

    /// The engines' commands, in the order of their `engine` lines.
    fn engines(&self) -> Vec<Vec<String>> {
        self.lines
            .iter()
            .filter_map(|line| line.strip_prefix("engine ").and_then(|rest| rest.split_once(": ")))
            .map(|(_, command)| command.split_whitespace().map(String::from).collect())
            .collect()
    }
}

/// The game whose series the folder `dir` holds, by its manifest.
pub fn series_game(dir: &Path) -> Result<String, String> {
    Ok(Manifest::read(dir)?.value("game")?.to_string())
}

/// One log of the folders, with its number in the series (from its file name).
struct FoundLog {
    path: PathBuf,
    /// For a tournament, the pairing folder's engines (1-based, as in `1-2`).
    pairing: Option<(usize, usize)>,
    /// The game's number from 0.
    index: usize,
}

/// `game-0007.log` is game 6.
fn game_number(path: &Path) -> Option<usize> {
    let name = path.file_name()?.to_str()?;
    let digits = name.strip_prefix("game-")?.strip_suffix(".log")?;
    digits.parse::<usize>().ok().filter(|&n| n > 0).map(|n| n - 1)
}

fn logs_in(dir: &Path, pairing: Option<(usize, usize)>, found: &mut Vec<FoundLog>) -> Result<(), String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut paths: Vec<PathBuf> = entries.filter_map(|entry| entry.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            let engines = name.split_once('-').and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)));
            match (pairing, engines) {
                (None, Some(engines)) => logs_in(&path, Some(engines), found)?,
                _ => return Err(format!("{}: a folder a series does not write", path.display())),
            }
        } else if path.extension().is_some_and(|e| e == "log") {
            let index = game_number(&path)
                .ok_or_else(|| format!("{}: not a game log of a series (game-NNNN.log)", path.display()))?;
            found.push(FoundLog { path, pairing, index });
        }
    }
    Ok(())
}

/// The expected commands as the log writes them: the seat's engine, with `--opening` when the
/// game starts from one.
fn seat_command(command: &[String], logged: &LoggedGame) -> String {
    let mut words = command.to_vec();
    if !logged.opening.is_empty() {
        words.extend(["--opening".to_string(), logged.opening.join(",")]);
    }
    words.join(" ")
}

/// Reads and checks one log: the game, the series' name, the seats' commands, the rules.
fn checked_record<G: Contest>(
    found: &FoundLog,
    id: &str,
    seats: [&[String]; 2],
) -> Result<GameRecord, String> {
    let path = found.path.display();
    let text = std::fs::read_to_string(&found.path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let logged = parse_log(&text).map_err(|e| format!("{path}: {e}"))?;
    if logged.game != G::NAME {
        return Err(format!("{path}: a game of {}, not of this series' {}", logged.game, G::NAME));
    }
    match logged.series.as_deref() {
        Some(theirs) if theirs == id => {}
        Some(theirs) => {
            return Err(format!(
                "{path}: a game of another series (series {theirs}, these folders' {id}): other settings, seed or clock"
            ))
        }
        None => return Err(format!("{path}: the log names no series (written by an older jury or by hand)")),
    }
    let expected = seats.map(|command| seat_command(command, &logged));
    if logged.players != expected {
        return Err(format!(
            "{path}: played by '{}' and '{}', where this series has '{}' and '{}'",
            logged.players[0], logged.players[1], expected[0], expected[1]
        ));
    }
    record_from_log::<G>(&logged).map_err(|e| format!("{path}: {e}"))
}

/// Sums up the series whose logs are in `dirs` (see the module's documentation); `anchor` is the
/// tournament engine whose rating is fixed at 0.
pub fn report_series<G: Contest>(dirs: &[PathBuf], anchor: usize) -> Result<SeriesReport, String> {
    let first_dir = dirs.first().ok_or("no log folder given")?;
    let manifest = Manifest::read(first_dir)?;
    for dir in &dirs[1..] {
        let other = Manifest::read(dir)?;
        let (ours, theirs) = (manifest.series_lines(), other.series_lines());
        if other.tournament != manifest.tournament || ours != theirs {
            let differing = (0..ours.len().max(theirs.len())).find(|&i| ours.get(i) != theirs.get(i));
            let show = |line: Option<&&String>| line.map_or("nothing".to_string(), |l| l.to_string());
            let (here, there) = differing
                .map_or((String::new(), String::new()), |i| (show(ours.get(i)), show(theirs.get(i))));
            return Err(format!(
                "{}: another series than {} ('{there}' there, '{here}' in the first)",
                other.path.display(),
                manifest.path.display()
            ));
        }
    }
    if manifest.value("game")? != G::NAME {
        return Err(format!(
            "{}: a series of {}, not {}",
            manifest.path.display(),
            manifest.value("game")?,
            G::NAME
        ));
    }
    let id = series_id(&manifest.identity_lines());
    let time = Duration::from_millis(manifest.number("time-ms")?);
    let engines = manifest.engines();
    let mut found = Vec::new();
    for dir in dirs {
        logs_in(dir, None, &mut found)?;
    }
    let mut seen: HashMap<(Option<(usize, usize)>, usize), PathBuf> = HashMap::new();
    for log in &found {
        if let Some(earlier) = seen.insert((log.pairing, log.index), log.path.clone()) {
            return Err(format!("{}: the same game as {}", log.path.display(), earlier.display()));
        }
    }
    if manifest.tournament {
        report_tournament::<G>(&manifest, &id, time, engines, anchor, &found).map(SeriesReport::Tournament)
    } else {
        report_match::<G>(&manifest, &id, time, engines, &found).map(SeriesReport::Match)
    }
}

fn report_match<G: Contest>(
    manifest: &Manifest,
    id: &str,
    time: Duration,
    engines: Vec<Vec<String>>,
    found: &[FoundLog],
) -> Result<Summary, String> {
    let commands: [Vec<String>; 2] = engines
        .try_into()
        .map_err(|_| format!("{}: a match names two engines, A and B", manifest.path.display()))?;
    let games: usize = manifest.number("games")?;
    let sprt = match manifest.value("sprt")? {
        "none" => None,
        words => {
            let words: Vec<String> = words.split_whitespace().map(String::from).collect();
            Some(Sprt::parse(&words).map_err(|e| format!("{}: {e}", manifest.path.display()))?)
        }
    };
    let mut ordered: Vec<&FoundLog> = found.iter().collect();
    ordered.sort_by_key(|log| log.index);
    let mut summary = Summary::new(commands.clone(), time);
    let mut pairs = PairTally::default();
    for log in ordered {
        if log.pairing.is_some() || log.index >= games {
            return Err(format!("{}: not one of the match's {games} games", log.path.display()));
        }
        let first_player = log.index % 2;
        let seats = [commands[first_player].as_slice(), commands[1 - first_player].as_slice()];
        let record = checked_record::<G>(log, id, seats)?;
        let game = MatchGame { index: log.index, first_player, record };
        summary.add(&game);
        pairs.add(&game);
    }
    summary.sprt = sprt.map(|sprt| SprtState::new(sprt, pairs.pentanomial));
    Ok(summary)
}

fn report_tournament<G: Contest>(
    manifest: &Manifest,
    id: &str,
    time: Duration,
    engines: Vec<Vec<String>>,
    anchor: usize,
    found: &[FoundLog],
) -> Result<Standings, String> {
    let format = match manifest.value("format")? {
        "gauntlet" => Format::Gauntlet,
        _ => Format::RoundRobin,
    };
    if anchor >= engines.len() {
        return Err(format!("--anchor {}: there are only {} engines", anchor + 1, engines.len()));
    }
    let config = TournamentConfig {
        engines,
        format,
        games_per_pairing: manifest.number("games a pairing")?,
        anchor,
        series: Series::new(Rules::new(time), PathBuf::new()),
    };
    let pairings = config.pairings();
    let mut standings = Standings::new(G::NAME, &config);
    for log in found {
        let pairing = log
            .pairing
            .map(|(a, b)| (a.wrapping_sub(1), b.wrapping_sub(1)))
            .filter(|pairing| pairings.contains(pairing) && log.index < config.games_per_pairing)
            .ok_or_else(|| format!("{}: not a game of the tournament's pairings", log.path.display()))?;
        let (low, high) = pairing;
        let seats = if log.index % 2 == 0 { [low, high] } else { [high, low] };
        let commands = seats.map(|engine| config.engines[engine].as_slice());
        let record = checked_record::<G>(log, id, commands)?;
        standings.add(&TournamentGame { pairing, index: log.index, seats, record, resumed: false });
    }
    Ok(standings)
}
