//! The flags every bot understands. Parsed by hand: bots depend on nothing but std.

use std::fmt;
use std::time::Duration;

use crate::tune::TunableInfo;

/// The shortest and longest total time per game a bot or the jury accepts, in seconds: a
/// millisecond (anything shorter cannot hold a move) to a day.
pub const TIME_RANGE_SECONDS: (f64, f64) = (0.001, 86_400.0);

/// The environment variable through which the local jury (`jury match --time`) tells a bot its
/// total time per game, in seconds. CodeCup's jury never sets it; `--time` wins over it.
pub const JURY_TIME_VARIABLE: &str = "CODECUP_TIME";

/// The items of a comma-separated list, trimmed, empty ones dropped.
fn list(text: &str) -> Vec<String> {
    text.split(',').map(str::trim).filter(|item| !item.is_empty()).map(String::from).collect()
}

/// Reads a total time per game in seconds, refusing what is not a number in
/// [`TIME_RANGE_SECONDS`] with a message that says so.
pub fn parse_seconds(flag: &str, text: &str) -> Result<Duration, String> {
    let (shortest, longest) = TIME_RANGE_SECONDS;
    match text.trim().parse::<f64>() {
        Ok(seconds) if (shortest..=longest).contains(&seconds) => Ok(Duration::from_secs_f64(seconds)),
        _ => Err(format!("{flag}: '{text}' is not a number of seconds from {shortest} to {longest}")),
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Flags {
    /// `--time SECONDS`: the total thinking time for the game, instead of the official limit.
    pub time: Option<Duration>,
    /// `--seed N`: makes every random choice repeatable.
    pub seed: Option<u64>,
    /// `--show`: draw the board on stderr after every move.
    pub show: bool,
    /// `--engine NAME`: which move chooser plays (the game's default when absent).
    pub engine: Option<String>,
    /// `--set NAME=VALUE`, repeatable: overrides of the game's tunables, in order.
    pub set: Vec<(String, String)>,
    /// `--opening MOVES`: comma-separated moves played from the start before the dialogue begins
    /// (the jury's random openings); the side to move after them is the one that reads `Start`.
    pub opening: Vec<String>,
    /// `--analyze MOVES`: comma-separated moves from the start (none for the start itself); the bot
    /// chooses a move in that position, writes it and exits, instead of playing a game.
    pub analyze: Option<Vec<String>>,
    /// `--setup LINES`: the setup lines (comma-separated) of the position to analyse (Pillars).
    pub setup: Vec<String>,
    /// `--help`.
    pub help: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlagsError(pub String);

impl fmt::Display for FlagsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Flags {
    /// Parses the arguments after the program name. Accepts `--flag value` and `--flag=value`.
    pub fn parse<I: IntoIterator<Item = String>>(args: I) -> Result<Flags, FlagsError> {
        let mut flags = Flags::default();
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            let (name, inline_value) = match arg.split_once('=') {
                Some((name, value)) if name.starts_with("--") => (name.to_string(), Some(value.to_string())),
                _ => (arg.clone(), None),
            };
            let mut value = |what: &str| -> Result<String, FlagsError> {
                match inline_value.clone().or_else(|| args.next()) {
                    Some(v) => Ok(v),
                    None => Err(FlagsError(format!("{name} needs {what}"))),
                }
            };
            match name.as_str() {
                "--time" => {
                    let text = value("a number of seconds")?;
                    flags.time = Some(parse_seconds("--time", &text).map_err(FlagsError)?);
                }
                "--seed" => {
                    let text = value("a number")?;
                    let seed = text
                        .parse()
                        .map_err(|_| FlagsError(format!("--seed: '{text}' is not a whole number")))?;
                    flags.seed = Some(seed);
                }
                "--engine" => flags.engine = Some(value("an engine name")?),
                "--set" => {
                    let text = value("NAME=VALUE")?;
                    let (setting, setting_value) = text
                        .split_once('=')
                        .ok_or_else(|| FlagsError(format!("--set: '{text}' is not NAME=VALUE")))?;
                    flags.set.push((setting.to_string(), setting_value.to_string()));
                }
                "--opening" => flags.opening = list(&value("comma-separated moves")?),
                "--analyze" => flags.analyze = Some(list(&value("comma-separated moves")?)),
                "--setup" => flags.setup = list(&value("comma-separated setup lines")?),
                "--show" if inline_value.is_none() => flags.show = true,
                "--help" | "-h" if inline_value.is_none() => flags.help = true,
                _ => return Err(FlagsError(format!("unknown argument '{arg}' (try --help)"))),
            }
        }
        Ok(flags)
    }

    /// The total thinking time for the game: `--time` if given, else the local jury's clock
    /// (`jury_time`, the value of [`JURY_TIME_VARIABLE`] if set), else the `official` limit.
    pub fn total_time(&self, jury_time: Option<&str>, official: Duration) -> Result<Duration, FlagsError> {
        match (self.time, jury_time) {
            (Some(time), _) => Ok(time),
            (None, Some(text)) => parse_seconds(JURY_TIME_VARIABLE, text).map_err(FlagsError),
            (None, None) => Ok(official),
        }
    }

    /// The `--help` text for a game's bot.
    pub fn usage(
        game: &str,
        default_time: Duration,
        engines: &[(&str, &str)],
        tunables: &[TunableInfo],
    ) -> String {
        let mut text = format!(
            "usage: {game} [--time SECONDS] [--seed N] [--show] [--engine NAME] [--set NAME=VALUE]... [--help]\n\
             Plays one game of {game} with the CodeCup jury dialogue on stdin/stdout.\n\n\
             \x20 --time SECONDS  total thinking time for the game (default {:.0}; the local jury's clock\n\
             \x20                 when it sets {JURY_TIME_VARIABLE})\n\
             \x20 --seed N        seed for every random choice (default: from the clock)\n\
             \x20 --show          draw the board on stderr after every move\n\
             \x20 --opening MOVES comma-separated moves played before the dialogue starts\n\
             \x20 --analyze MOVES choose a move after these comma-separated moves (\"\" for the start),\n\
             \x20                 write it and exit; with --time as the time left in the game\n\
             \x20 --setup LINES   comma-separated setup lines of the position to analyse\n\
             \x20 --engine NAME   move chooser:\n",
            default_time.as_secs_f64()
        );
        for (i, (name, about)) in engines.iter().enumerate() {
            let default = if i == 0 { " (default)" } else { "" };
            text.push_str(&format!("                    {name:<10}{about}{default}\n"));
        }
        if tunables.is_empty() {
            return text;
        }
        text.push_str("  --set NAME=VALUE override a tunable (for matches and tuning; the compiled default otherwise):\n");
        for tunable in tunables {
            text.push_str(&format!(
                "                    {} = {}: {}\n",
                tunable.name, tunable.default, tunable.about
            ));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Flags, FlagsError> {
        Flags::parse(args.iter().map(|s| s.to_string()))
    }

    #[test]
    fn every_flag_in_both_spellings() {
        let flags = parse(&[
            "--time",
            "2.5",
            "--seed=9",
            "--show",
            "--engine",
            "random",
            "--set",
            "a=1",
            "--set=b=2,3",
            "--opening",
            "A1,B2",
            "--analyze=",
            "--setup",
            "Aa, Bb",
        ])
        .unwrap();
        assert_eq!(flags.analyze, Some(Vec::new()));
        assert_eq!(flags.setup, ["Aa", "Bb"]);
        assert_eq!(flags.set, [("a".to_string(), "1".to_string()), ("b".to_string(), "2,3".to_string())]);
        assert_eq!(flags.opening, ["A1", "B2"]);
        assert_eq!(flags.time, Some(Duration::from_millis(2500)));
        assert_eq!(flags.seed, Some(9));
        assert!(flags.show);
        assert_eq!(flags.engine.as_deref(), Some("random"));
        assert!(!flags.help);
        assert!(parse(&["-h"]).unwrap().help);
        assert_eq!(parse(&[]).unwrap(), Flags::default());
    }

    #[test]
    fn the_time_flag_wins_over_the_jury_clock_which_wins_over_the_official_limit() {
        let official = Duration::from_secs(30);
        let with_flag = parse(&["--time", "2"]).unwrap();
        assert_eq!(with_flag.total_time(Some("1"), official), Ok(Duration::from_secs(2)));
        assert_eq!(with_flag.total_time(None, official), Ok(Duration::from_secs(2)));
        let plain = parse(&[]).unwrap();
        assert_eq!(plain.total_time(Some("0.5"), official), Ok(Duration::from_millis(500)));
        assert_eq!(plain.total_time(None, official), Ok(official));
        let error = plain.total_time(Some("soon"), official).unwrap_err().0;
        assert!(error.contains(JURY_TIME_VARIABLE) && error.contains("'soon'"), "{error}");
    }

    #[test]
    fn bad_arguments_are_named() {
        assert_eq!(parse(&["--time"]).unwrap_err().0, "--time needs a number of seconds");
        assert!(parse(&["--time", "-1"]).unwrap_err().0.contains("'-1'"));
        assert!(parse(&["--time", "NaN"]).is_err());
        for meaningless in ["1e-300", "0", "1e6", "inf"] {
            let message = parse(&["--time", meaningless]).unwrap_err().0;
            assert!(message.contains(meaningless) && message.contains("from 0.001 to 86400"), "{message}");
        }
        assert_eq!(parse(&["--time", "0.05"]).unwrap().time, Some(Duration::from_millis(50)));
        assert!(parse(&["--seed", "x"]).unwrap_err().0.contains("'x'"));
        assert!(parse(&["--bogus"]).unwrap_err().0.contains("--bogus"));
        assert!(parse(&["--show=yes"]).is_err());
        assert!(parse(&["--set", "nonsense"]).unwrap_err().0.contains("NAME=VALUE"));
    }
}
