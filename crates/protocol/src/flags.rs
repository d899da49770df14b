//! The flags every bot understands. Parsed by hand: bots depend on nothing but std.

use std::fmt;
use std::time::Duration;

use crate::tune::{plain_text, TunableInfo};

/// The shortest and longest total time per game a bot or the jury accepts, in seconds: a
/// millisecond (anything shorter cannot hold a move) to a day.
pub const TIME_RANGE_SECONDS: (f64, f64) = (0.001, 86_400.0);

/// The environment variable through which the local jury (`jury match --time`) tells a bot its
/// total time per game, in seconds. CodeCup's jury never sets it; `--time` wins over it.
pub const JURY_TIME_VARIABLE: &str = "CODECUP_TIME";

/// The widest line `--help` writes, in characters.
pub const HELP_WIDTH: usize = 100;

/// One flag as the parser knows it and `--help` lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlagSpec {
    /// `--time`.
    pub name: &'static str,
    /// What follows it (`SECONDS`), empty for a switch.
    pub value: &'static str,
    /// Whether it may be given more than once (`--set`).
    pub repeats: bool,
    /// Whether only a game with setup lines offers it (`--setup`).
    pub setup_only: bool,
    /// Its line in `--help`; `{time}` stands for the official time in seconds.
    pub about: &'static str,
}

const fn flag(name: &'static str, value: &'static str, about: &'static str) -> FlagSpec {
    FlagSpec { name, value, repeats: false, setup_only: false, about }
}

/// Every flag a bot may accept, in the order `--help` lists them. The parser accepts exactly
/// these (those with `setup_only` only for a game with setup lines), and `-h` for `--help`.
pub const FLAGS: &[FlagSpec] = &[
    flag(
        "--time",
        "SECONDS",
        "total thinking time for the game (default {time}; the local jury's clock when it sets \
         CODECUP_TIME)",
    ),
    flag("--seed", "N", "seed for every random choice (default: from the clock)"),
    flag("--show", "", "draw the board on stderr after every move"),
    flag(
        "--opening",
        "MOVES",
        "moves played from the start before the dialogue begins, separated by commas or spaces \
         (a log's moves: line)",
    ),
    flag(
        "--analyze",
        "MOVES",
        "choose a move after these moves (commas or spaces; \"\" for the start), write it and exit; \
         with --time as the time left in the game",
    ),
    FlagSpec {
        setup_only: true,
        ..flag("--setup", "LINES", "comma-separated setup lines of the position to analyse")
    },
    flag("--help", "", "this text (also -h)"),
    flag("--engine", "NAME", "move chooser, one of:"),
    FlagSpec {
        repeats: true,
        ..flag(
            "--set",
            "NAME=VALUE",
            "override a tunable (for matches and tuning; the compiled default otherwise):",
        )
    },
];

/// The flags a bot accepts: all of [`FLAGS`], `--setup` only if its game has setup lines.
pub fn offered(has_setup: bool) -> impl Iterator<Item = &'static FlagSpec> {
    FLAGS.iter().filter(move |spec| has_setup || !spec.setup_only)
}

/// The items of a comma-separated list, trimmed, empty ones dropped.
fn list(text: &str) -> Vec<String> {
    text.split(',').map(str::trim).filter(|item| !item.is_empty()).map(String::from).collect()
}

/// The moves of `--opening` or `--analyze`: separated by commas if there is one, else by
/// whitespace, so that both `A1,B2` and a log's `moves: A1 B2` read alike. No game's notation
/// holds a comma or a space (the registry's tests check every game's moves).
pub fn move_list(text: &str) -> Vec<String> {
    match text.contains(',') {
        true => list(text),
        false => text.split_whitespace().map(String::from).collect(),
    }
}

/// `text` broken into lines of at most `width` characters at spaces: the first starts with
/// `first` (already padded to where the text begins), the others with `indent` spaces. A word
/// longer than a line stays whole. Every line ends with a newline.
pub fn wrap(first: &str, indent: usize, text: &str, width: usize) -> String {
    wrap_words(first, indent, text.split_whitespace(), width)
}

/// [`wrap`] for words given one by one, each kept whole even if it holds spaces.
fn wrap_words<'a>(first: &str, indent: usize, words: impl Iterator<Item = &'a str>, width: usize) -> String {
    let mut out = String::new();
    let mut line = first.to_string();
    let mut empty = true;
    for word in words {
        if !empty && line.chars().count() + 1 + word.chars().count() > width {
            out.push_str(line.trim_end());
            out.push('\n');
            line = " ".repeat(indent);
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(word);
        empty = false;
    }
    out.push_str(line.trim_end());
    out.push('\n');
    out
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
    /// Parses the arguments after the program name, for a game with setup lines if `has_setup`
    /// (only then is `--setup` accepted). Accepts `--flag value` and `--flag=value`.
    pub fn parse<I: IntoIterator<Item = String>>(args: I, has_setup: bool) -> Result<Flags, FlagsError> {
        let mut flags = Flags::default();
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            let (name, inline_value) = match arg.split_once('=') {
                Some((name, value)) if name.starts_with("--") => (name.to_string(), Some(value.to_string())),
                _ if arg == "-h" => ("--help".to_string(), None),
                _ => (arg.clone(), None),
            };
            let Some(spec) = FLAGS.iter().find(|spec| spec.name == name) else {
                return Err(FlagsError(format!("unknown argument '{arg}' (try --help)")));
            };
            if spec.setup_only && !has_setup {
                return Err(FlagsError(format!("{name}: this game has no setup lines (try --help)")));
            }
            if spec.value.is_empty() {
                if inline_value.is_some() {
                    return Err(FlagsError(format!("{name} takes no value: '{arg}'")));
                }
                match spec.name {
                    "--show" => flags.show = true,
                    _ => flags.help = true,
                }
                continue;
            }
            let text = match inline_value.or_else(|| args.next()) {
                Some(text) => text,
                None => return Err(FlagsError(format!("{name} needs {}", spec.value))),
            };
            match spec.name {
                "--time" => flags.time = Some(parse_seconds("--time", &text).map_err(FlagsError)?),
                "--seed" => {
                    let seed = text
                        .parse()
                        .map_err(|_| FlagsError(format!("--seed: '{text}' is not a whole number")))?;
                    flags.seed = Some(seed);
                }
                "--engine" => flags.engine = Some(text),
                "--set" => {
                    let (setting, setting_value) = text
                        .split_once('=')
                        .ok_or_else(|| FlagsError(format!("--set: '{text}' is not NAME=VALUE")))?;
                    flags.set.push((setting.to_string(), setting_value.to_string()));
                }
                "--opening" => flags.opening = move_list(&text),
                "--analyze" => flags.analyze = Some(move_list(&text)),
                _ => flags.setup = list(&text),
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

    /// The `--help` text for a game's bot, every line at most [`HELP_WIDTH`] characters: the
    /// usage line with every flag the bot accepts, then each flag, its engines (the default
    /// first) and its tunables with their defaults.
    pub fn usage(
        game: &str,
        has_setup: bool,
        default_time: Duration,
        engines: &[(&str, &str)],
        tunables: &[TunableInfo],
    ) -> String {
        let width = HELP_WIDTH;
        let words: Vec<String> = offered(has_setup)
            .map(|spec| {
                let value = if spec.value.is_empty() { String::new() } else { format!(" {}", spec.value) };
                let more = if spec.repeats { "..." } else { "" };
                format!("[{}{value}]{more}", spec.name)
            })
            .collect();
        let lead = format!("usage: {game} ");
        let mut text = wrap_words(&lead, lead.chars().count(), words.iter().map(String::as_str), width);
        text.push_str(&wrap(
            "",
            0,
            &format!("Plays one game of {game} with the CodeCup jury dialogue on stdin/stdout."),
            width,
        ));
        text.push('\n');
        let time = format!("{:.0}", default_time.as_secs_f64());
        for spec in offered(has_setup) {
            let flag = if spec.value.is_empty() {
                spec.name.to_string()
            } else {
                format!("{} {}", spec.name, spec.value)
            };
            let first = format!("  {flag:<16}  ");
            let indent = first.chars().count();
            text.push_str(&wrap(&first, indent, &spec.about.replace("{time}", &time), width));
            match spec.name {
                "--engine" => {
                    let column =
                        engines.iter().map(|(name, _)| name.chars().count()).max().unwrap_or(0).max(14);
                    for (i, (name, about)) in engines.iter().enumerate() {
                        let default = if i == 0 { " (default)" } else { "" };
                        let first = format!("    {name:<column$}  ");
                        let about = format!("{}{default}", plain_text(about));
                        text.push_str(&wrap(&first, first.chars().count(), &about, width));
                    }
                }
                "--set" if tunables.is_empty() => text.push_str("    (this bot has none)\n"),
                "--set" => {
                    for tunable in tunables {
                        let first = format!("    {} = {}: ", tunable.name, tunable.default);
                        text.push_str(&wrap(&first, 8, &plain_text(&tunable.about), width));
                    }
                }
                _ => {}
            }
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Flags, FlagsError> {
        Flags::parse(args.iter().map(|s| s.to_string()), true)
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
        assert_eq!(parse(&["--time"]).unwrap_err().0, "--time needs SECONDS");
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
        assert!(parse(&["--help=me"]).is_err());
    }

    #[test]
    fn setup_lines_are_a_flag_only_of_games_that_have_them() {
        let args = || ["--setup".to_string(), "Aa".to_string()];
        assert_eq!(Flags::parse(args(), true).unwrap().setup, ["Aa"]);
        let error = Flags::parse(args(), false).unwrap_err().0;
        assert!(error.contains("--setup") && error.contains("no setup lines"), "{error}");
        let names = |has_setup| offered(has_setup).map(|spec| spec.name).collect::<Vec<_>>();
        assert!(names(true).contains(&"--setup") && !names(false).contains(&"--setup"));
        assert_eq!(names(true).len(), FLAGS.len());
    }

    #[test]
    fn every_listed_flag_parses_and_nothing_else_does() {
        for spec in FLAGS {
            let value = match spec.name {
                "--time" | "--seed" => "1",
                "--set" => "a=1",
                _ => "x",
            };
            let args: Vec<&str> =
                if spec.value.is_empty() { vec![spec.name] } else { vec![spec.name, value] };
            assert!(parse(&args).is_ok(), "{args:?}");
            if !spec.value.is_empty() {
                assert!(parse(&[spec.name]).unwrap_err().0.contains(spec.value), "{}", spec.name);
            }
        }
        assert!(parse(&["--verbose"]).unwrap_err().0.contains("--verbose"));
    }

    #[test]
    fn moves_are_separated_by_commas_or_else_by_whitespace() {
        for text in ["A1,B2", " A1 , B2 ,", "A1 B2", "  A1\tB2  "] {
            assert_eq!(parse(&["--opening", text]).unwrap().opening, ["A1", "B2"], "{text:?}");
            assert_eq!(parse(&["--analyze", text]).unwrap().analyze.unwrap(), ["A1", "B2"], "{text:?}");
        }
        // With a comma the commas alone separate, so a move could hold a space.
        assert_eq!(move_list("a b,c"), ["a b", "c"]);
        for start in ["", " ", ","] {
            assert_eq!(parse(&["--analyze", start]).unwrap().analyze, Some(Vec::new()), "{start:?}");
        }
    }

    /// A help text in the shape of Ayu's: long tunable descriptions, rustdoc markup, engines.
    fn example_help(has_setup: bool) -> String {
        let tunable = |name: &'static str, about: &str| TunableInfo {
            name,
            ty: "u32",
            default: "100".to_string(),
            about: about.to_string(),
        };
        let long = "Monte-Carlo: in the tree's choice, the playouts' value of a child's move (its side's \
                    share of won playouts that played it, [`crate::engine::playout::MoveValues`]) counts \
                    as this many playouts of the child (0: off; unvisited children then go first).";
        Flags::usage(
            "example",
            has_setup,
            Duration::from_secs(30),
            &[
                ("player", "the default engine"),
                ("alphabeta-eval", "alpha-beta on the joining cost"),
                ("random", "r"),
            ],
            &[tunable("mcts_value_prior", long), tunable("tempo", "Evaluation: the bonus [x](y).")],
        )
    }

    #[test]
    fn help_fits_in_its_width_names_every_flag_in_the_usage_line_and_shows_no_markup() {
        for has_setup in [false, true] {
            let help = example_help(has_setup);
            for line in help.lines() {
                assert!(line.chars().count() <= HELP_WIDTH, "{} characters: {line}", line.chars().count());
            }
            let usage: String = help.lines().take_while(|line| !line.starts_with("Plays")).collect();
            assert!(usage.starts_with("usage: example ["), "{help}");
            for spec in FLAGS {
                let listed = format!("[{}", spec.name);
                assert_eq!(usage.contains(&listed), has_setup || !spec.setup_only, "{}:\n{help}", spec.name);
                assert_eq!(
                    help.contains(&format!("\n  {}", spec.name)),
                    usage.contains(&listed),
                    "{}",
                    spec.name
                );
            }
            assert!(!help.contains('`') && !help.contains("[x]") && !help.contains("crate::"), "{help}");
            assert!(help.contains("(default 30;"), "{help}");
            // Engine and flag descriptions start in one column; a tunable's further lines hang.
            assert!(help.contains("\n  --set NAME=VALUE  override"), "{help}");
            assert!(help.contains("\n  --time SECONDS    total"), "{help}");
            assert!(help.contains("\n    player          the default engine (default)\n"), "{help}");
            assert!(help.contains("\n    alphabeta-eval  alpha-beta"), "{help}");
            assert!(help.contains("\n    mcts_value_prior = 100: Monte-Carlo: in the tree's"), "{help}");
            assert!(help.contains("\n        "), "a wrapped tunable hangs: {help}");
            assert!(help.contains("engine::playout::MoveValues"), "{help}");
            assert!(help.contains("tempo = 100: Evaluation: the bonus x.\n"), "{help}");
        }
    }

    #[test]
    fn wrapping_breaks_at_spaces_and_keeps_long_words_whole() {
        assert_eq!(wrap("> ", 2, "aa bb cc dd", 8), "> aa bb\n  cc dd\n");
        assert_eq!(wrap("> ", 2, "abcdefghij x", 8), "> abcdefghij\n  x\n");
        assert_eq!(wrap("> ", 2, "", 8), ">\n");
    }
}
