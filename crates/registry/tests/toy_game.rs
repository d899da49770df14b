//! The path a new CodeCup game takes, walked by a toy: Connect Four in a few dozen lines of rules.
//! It states its rules once through the traits, declares a bot whose engines come from the search
//! kit, gets a jury entry the way the registered games do, and then passes what they pass: perft
//! against the known counts, the engines checked move by move, the dialogue fuzzed, and a real
//! jury match between two processes.
//!
//! The test binary is its own bot: run with `TOY_BOT` set in its environment it speaks the
//! dialogue instead of testing (the jury starts it that way), so the toy needs no crate of its own.
//! Its one engine of its own, `greedy`, is weaker the larger its tunable `blunder`, which makes it
//! the known target of a test of `jury tune`.

use std::fmt;
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::str::FromStr;
use std::time::Duration;

use jury::registry::GameEntry;
use jury::tune::{Schedule, TuneConfig, TuneParam};
use jury::{MatchConfig, Series};
use protocol::zobrist::keys_per_colour;
use protocol::{Contest, Engine, EngineSpec, Game, MoveError, Outcome, Rng, SearchGame, Seat, TurnClock};

const COLUMNS: usize = 7;
const ROWS: usize = 6;
/// Bits per column: one above the top row, so that no line wraps from one column to the next.
const STRIDE: usize = ROWS + 1;
const KEYS: [[u64; COLUMNS * STRIDE]; 2] = keys_per_colour(0x0004_0c0f_0041_2026);

/// Connect Four: the seats drop discs into seven columns of six; four in a line wins.
#[derive(Clone, Debug, Default)]
struct ConnectFour {
    discs: [u64; 2],
    heights: [u8; COLUMNS],
    plies: u32,
    hash: u64,
}

/// A column, `1` to `7` in the notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Drop(u8);

impl FromStr for Drop {
    type Err = String;

    fn from_str(text: &str) -> Result<Drop, String> {
        match text.parse::<u8>() {
            Ok(column @ 1..=7) => Ok(Drop(column - 1)),
            _ => Err(format!("'{text}' is not a column 1-7")),
        }
    }
}

impl fmt::Display for Drop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0 + 1)
    }
}

impl ConnectFour {
    fn mover(&self) -> usize {
        self.plies as usize % 2
    }

    /// Whether the seat that just moved has four in a line.
    fn last_mover_won(&self) -> bool {
        let discs = self.discs[1 - self.mover()];
        [1, STRIDE, STRIDE - 1, STRIDE + 1].iter().any(|&step| {
            let pairs = discs & (discs >> step);
            pairs & (pairs >> (2 * step)) != 0
        })
    }
}

impl Game for ConnectFour {
    type Move = Drop;
    const NAME: &'static str = "connect4";
    const TIME_LIMIT: Duration = Duration::from_secs(2);

    fn from_setup(lines: &[String]) -> Result<ConnectFour, String> {
        protocol::game::no_setup(lines)
    }
    fn seat_to_move(&self) -> Seat {
        Seat::BOTH[self.mover()]
    }
    fn is_over(&self) -> bool {
        self.plies as usize == COLUMNS * ROWS || self.last_mover_won()
    }
    fn check(&self, mv: Drop) -> Result<(), MoveError> {
        match (self.is_over(), self.heights[usize::from(mv.0)] as usize) {
            (true, _) => Err(MoveError::illegal("the game is over")),
            (false, ROWS) => Err(MoveError::illegal(format!("column {mv} is full"))),
            _ => Ok(()),
        }
    }
    fn apply(&mut self, mv: Drop) {
        let column = usize::from(mv.0);
        let place = column * STRIDE + usize::from(self.heights[column]);
        self.discs[self.mover()] |= 1 << place;
        self.hash ^= KEYS[self.mover()][place];
        self.heights[column] += 1;
        self.plies += 1;
    }
    fn render(&self) -> String {
        let mut text = String::new();
        for row in (0..ROWS).rev() {
            for column in 0..COLUMNS {
                let bit = 1 << (column * STRIDE + row);
                text.push(if self.discs[0] & bit != 0 {
                    'X'
                } else if self.discs[1] & bit != 0 {
                    'O'
                } else {
                    '.'
                });
            }
            text.push('\n');
        }
        text + "1234567"
    }
}

impl SearchGame for ConnectFour {
    fn for_each_move<F: FnMut(Drop) -> ControlFlow<()>>(&self, mut visit: F) -> ControlFlow<()> {
        if self.is_over() {
            return ControlFlow::Continue(());
        }
        for column in 0..COLUMNS as u8 {
            if usize::from(self.heights[usize::from(column)]) < ROWS {
                visit(Drop(column))?;
            }
        }
        ControlFlow::Continue(())
    }
    fn outcome(&self) -> Option<Outcome> {
        match (self.last_mover_won(), self.is_over()) {
            (true, _) => Some(Outcome::Loss),
            (false, true) => Some(Outcome::Draw),
            (false, false) => None,
        }
    }
    fn position_hash(&self) -> u64 {
        self.hash
    }
}

/// CodeCup-style points: 2 for a win, 1 each for a draw.
impl Contest for ConnectFour {
    fn final_scores(&self) -> [u32; 2] {
        match (self.last_mover_won(), self.mover()) {
            (false, _) => [1, 1],
            (true, 1) => [2, 0],
            (true, _) => [0, 2],
        }
    }
    fn render_svg(&self) -> String {
        format!("<svg viewBox=\"0 0 100 20\"><text x=\"0\" y=\"15\">ply {}</text></svg>", self.plies)
    }
}

/// The kit's engines need nothing more than the rules (the alpha-beta one knows no evaluation).
/// The MCTS plays a fixed number of iterations a move, so that what it plays (and the match it
/// must win) is the same on any machine.
impl kit::Playouts for ConnectFour {
    const MCTS: kit::MctsConfig = kit::MctsConfig { iterations: 1000, ..kit::MctsConfig::DEFAULT };
}
impl kit::Evaluate for ConnectFour {
    fn evaluate(&self) -> i32 {
        0
    }
}

protocol::tunables! {
    /// The toy's one tunable, for the greedy engine.
    pub struct Settings {
        /// Greedy: the chance of a random move instead of the greedy one.
        blunder: f64 = 0.0,
    }
}

/// One ply of sense: a winning drop if there is one, else one that stops the opponent's, else a
/// random drop; and with chance `blunder` a random drop whatever the board.
struct Greedy {
    rng: Rng,
    blunder: f64,
}

impl Engine<ConnectFour> for Greedy {
    fn choose(&mut self, game: &ConnectFour, _clock: &TurnClock) -> Drop {
        let mut moves = Vec::new();
        let _ = game.for_each_move(|mv| {
            moves.push(mv);
            ControlFlow::Continue(())
        });
        let random = moves[self.rng.below(moves.len())];
        if self.rng.chance(self.blunder) {
            return random;
        }
        let wins_for_mover = |board: &ConnectFour, mv: Drop| {
            let mut next = board.clone();
            next.apply(mv);
            next.last_mover_won()
        };
        if let Some(&win) = moves.iter().find(|&&mv| wins_for_mover(game, mv)) {
            return win;
        }
        // The opponent's winning drops, as if it were to move now.
        let mut passed = game.clone();
        passed.plies += 1;
        moves.into_iter().find(|&mv| wins_for_mover(&passed, mv)).unwrap_or(random)
    }
}

protocol::bot! {
    /// The toy's bot: its greedy engine and every engine from the kit.
    struct ToyBot plays ConnectFour, tuned by Settings, with engines [
        EngineSpec::new("greedy", "a winning drop, else a blocking one, else random; `blunder` of random drops", |seed, settings| {
            Box::new(Greedy { rng: Rng::new(seed), blunder: settings.blunder })
        }),
        kit::uct_engine(),
        kit::alphabeta_engine(),
        EngineSpec::RANDOM,
    ]
}

const ENTRY: GameEntry = GameEntry::of::<ToyBot>(&[]);

/// Perft of Connect Four from the empty board (OEIS A212693): no game ends before ply 7, and a
/// column holds six discs, so 7^7 less the seven sequences that fill one column seven times.
const PERFT: [u64; 9] = [1, 7, 49, 343, 2_401, 16_807, 117_649, 823_536, 5_673_234];

fn perft_matches_the_known_counts() {
    let start = ConnectFour::default();
    for (depth, &count) in PERFT.iter().enumerate() {
        assert_eq!(start.perft(depth as u32), count, "perft({depth})");
    }
}

fn notation_and_legality_come_from_the_traits() {
    let mut game = ConnectFour::default();
    for _ in 0..ROWS {
        let mv = game.parse_move("4").expect("column 4 has room");
        assert_eq!(game.format_move(mv), "4");
        game.apply(mv);
    }
    assert!(game.parse_move("4").is_err(), "a full column");
    assert!(game.parse_move("8").is_err() && game.parse_move("").is_err(), "not columns");
    assert_eq!(game.first_legal_move(), Some(Drop(0)));
    // X on 1, 2, 3, O on top of them, X on 4: four in a row for the first seat.
    let mut game = ConnectFour::default();
    for text in ["1", "1", "2", "2", "3", "3", "4"] {
        assert!(!game.is_over());
        let mv = game.parse_move(text).expect("legal");
        game.apply(mv);
    }
    assert_eq!(game.outcome(), Some(Outcome::Loss), "the side to move has lost");
    assert_eq!(game.final_scores(), [2, 0]);
    assert_eq!(game.irregular_scores([false, true]), [2, 0]);
}

fn kit_engines_play_only_legal_moves() {
    for engine in ["uct", "alphabeta"] {
        let plies = (ENTRY.check_engine)(engine, 5, 4, ConnectFour::TIME_LIMIT).expect("legal moves");
        assert!(plies > 4 * 7, "{engine}: {plies} plies in four games");
    }
}

fn dialogue_survives_fuzzing() {
    (ENTRY.fuzz)(11, 4, 200);
}

/// A jury match between two processes of this very binary: the kit's MCTS against random moves.
fn jury_match_between_processes() {
    let me = std::env::current_exe().expect("the test binary").display().to_string();
    let logs = std::env::temp_dir().join(format!("toy-game-{}", std::process::id()));
    std::env::set_var("TOY_BOT", "1");
    let commands =
        [vec![me.clone(), "--engine".into(), "uct".into()], vec![me, "--engine".into(), "random".into()]];
    // Ten times the toy's clock: the MCTS plays its fixed iterations in a small part of it even on
    // a slow, loaded machine, and random moves take no time.
    let series = Series::new(jury::referee::Rules::new(10 * ConnectFour::TIME_LIMIT), &logs);
    let summary = (ENTRY.run_match)(&MatchConfig::new(commands, 4, series), &mut |_, _| {}).expect("a match");
    std::env::remove_var("TOY_BOT");
    let _ = std::fs::remove_dir_all(&logs);
    assert_eq!(summary.games, 4);
    assert_eq!(summary.failures(), 0, "no illegal move, timeout or crash:\n{}", summary.report());
    assert!(summary.players[0].score() >= 0.75, "the kit's MCTS against random:\n{}", summary.report());
}

/// `jury tune` on the greedy engine, started at a blunder rate of 0.8: SPSA moves it down, and a tune
/// interrupted half way and resumed from its trace ends where the uninterrupted one does (the tune
/// gives every game's programs seeds, and the greedy engine reads no clock).
fn tuning_lowers_the_blunder_rate_and_resumes_exactly() {
    let me = std::env::current_exe().expect("the test binary").display().to_string();
    let dir = std::env::temp_dir().join(format!("toy-tune-{}", std::process::id()));
    let param = TuneParam {
        name: "blunder".into(),
        start: 0.8,
        min: 0.0,
        max: 1.0,
        c_end: 0.15,
        r_end: 1.0,
        integer: false,
    };
    let config = |name: &str| TuneConfig {
        command: vec![me.clone(), "--engine".into(), "greedy".into()],
        params: vec![param.clone()],
        pairs: 60,
        schedule: Schedule::default(),
        series: Series {
            jobs: 2,
            seed: 3,
            ..Series::new(jury::referee::Rules::new(ConnectFour::TIME_LIMIT), dir.join(name))
        },
        trace: dir.join(format!("{name}.tsv")),
    };
    std::env::set_var("TOY_BOT", "1");
    let whole = (ENTRY.run_tune)(&config("whole"), &mut |_, _| {}).expect("the tune runs");
    // An interruption after 30 pairs leaves the header and their rows in the trace.
    let trace = std::fs::read_to_string(dir.join("whole.tsv")).unwrap();
    let header_lines = trace.lines().take_while(|l| l.starts_with('#')).count();
    let cut: String = trace.lines().take(header_lines + 30).map(|l| format!("{l}\n")).collect();
    std::fs::write(dir.join("resumed.tsv"), &cut).unwrap();
    let mut played = 0;
    let resumed = (ENTRY.run_tune)(&config("resumed"), &mut |_, _| played += 1).expect("the tune resumes");
    std::env::remove_var("TOY_BOT");
    let resumed_trace = std::fs::read_to_string(dir.join("resumed.tsv")).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    println!("blunder rate after 60 pairs: {:.3} (from 0.8)", whole.theta[0]);
    assert_eq!((whole.failures, whole.pairs_done), (0, 60));
    assert!(whole.theta[0] < 0.5, "the blunder rate went from 0.8 to {} only", whole.theta[0]);
    assert_eq!((resumed.resumed, played), (30, 30));
    assert_eq!(resumed.theta, whole.theta);
    assert_eq!(resumed_trace, trace, "the resumed trace is the uninterrupted one");
}

/// Set to the name of a check, this runs that check alone. Each check runs so, in a child process,
/// and what it wrote is shown only when it fails, as the standard harness does (the kit's engines
/// write a line per move to stderr).
const CHECK_VARIABLE: &str = "TOY_CHECK";

fn main() -> ExitCode {
    if std::env::var_os("TOY_BOT").is_some() {
        return protocol::run_bot::<ToyBot>();
    }
    let checks: [(&str, fn()); 6] = [
        ("perft_matches_the_known_counts", perft_matches_the_known_counts),
        ("notation_and_legality_come_from_the_traits", notation_and_legality_come_from_the_traits),
        ("kit_engines_play_only_legal_moves", kit_engines_play_only_legal_moves),
        ("dialogue_survives_fuzzing", dialogue_survives_fuzzing),
        ("jury_match_between_processes", jury_match_between_processes),
        (
            "tuning_lowers_the_blunder_rate_and_resumes_exactly",
            tuning_lowers_the_blunder_rate_and_resumes_exactly,
        ),
    ];
    if let Some(name) = std::env::var_os(CHECK_VARIABLE) {
        let (_, check) = checks.iter().find(|(n, _)| name == *n).expect("a check of this binary");
        check();
        return ExitCode::SUCCESS;
    }
    let me = std::env::current_exe().expect("the test binary");
    let mut failed = 0;
    for (name, _) in checks {
        let out = std::process::Command::new(&me)
            .env(CHECK_VARIABLE, name)
            .stdin(std::process::Stdio::null())
            .output()
            .expect("the test binary runs a check");
        if out.status.success() {
            println!("test {name} ... ok");
        } else {
            failed += 1;
            println!("test {name} ... FAILED ({})", out.status);
            println!("---- {name} stdout ----\n{}", String::from_utf8_lossy(&out.stdout));
            println!("---- {name} stderr ----\n{}", String::from_utf8_lossy(&out.stderr));
        }
    }
    let passed = checks.len() - failed;
    let verdict = if failed == 0 { "ok" } else { "FAILED" };
    println!("test result: {verdict}. {passed} passed; {failed} failed");
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
