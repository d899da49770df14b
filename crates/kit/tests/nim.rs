//! The kit's engines on Nim (take any number of counters from one heap; who takes the last wins),
//! whose every position is solved by the nim-sum: zero is lost for the side to move, and a
//! winning move makes it zero. Both engines must find such moves and the solver must prove them.

use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;
use std::time::Duration;

use kit::alphabeta::{AlphaBetaConfig, WIN};
use kit::{AlphaBeta, Evaluate, Limits, Mcts, MctsConfig, Playouts};
use protocol::{Engine, Game, MoveError, Outcome, SearchGame, Seat, TurnClock};

#[derive(Clone, Debug, PartialEq, Eq)]
struct Nim {
    heaps: [u8; 3],
    to_move: Seat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Take {
    heap: u8,
    count: u8,
}

impl FromStr for Take {
    type Err = String;

    fn from_str(text: &str) -> Result<Take, String> {
        let (heap, count) = text.split_once(':').ok_or("a move is HEAP:COUNT")?;
        Ok(Take {
            heap: heap.parse().map_err(|_| "bad heap")?,
            count: count.parse().map_err(|_| "bad count")?,
        })
    }
}

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.heap, self.count)
    }
}

impl Nim {
    fn new(heaps: [u8; 3]) -> Nim {
        Nim { heaps, to_move: Seat::First }
    }

    fn nim_sum(&self) -> u8 {
        self.heaps.iter().fold(0, |sum, &heap| sum ^ heap)
    }
}

impl Game for Nim {
    type Move = Take;
    const NAME: &'static str = "nim";
    const TIME_LIMIT: Duration = Duration::from_secs(1);

    fn from_setup(_lines: &[String]) -> Result<Nim, String> {
        Ok(Nim::new([3, 4, 5]))
    }
    fn seat_to_move(&self) -> Seat {
        self.to_move
    }
    fn is_over(&self) -> bool {
        self.heaps == [0; 3]
    }
    fn check(&self, mv: Take) -> Result<(), MoveError> {
        match self.heaps.get(usize::from(mv.heap)) {
            Some(&heap) if mv.count >= 1 && mv.count <= heap => Ok(()),
            _ => Err(MoveError::illegal(format!("cannot take {mv}"))),
        }
    }
    fn apply(&mut self, mv: Take) {
        self.heaps[usize::from(mv.heap)] -= mv.count;
        self.to_move = self.to_move.other();
    }
    fn render(&self) -> String {
        format!("{:?}", self.heaps)
    }
}

impl SearchGame for Nim {
    fn for_each_move<F: FnMut(Take) -> ControlFlow<()>>(&self, mut visit: F) -> ControlFlow<()> {
        for heap in 0..3u8 {
            for count in 1..=self.heaps[usize::from(heap)] {
                visit(Take { heap, count })?;
            }
        }
        ControlFlow::Continue(())
    }
    /// The side to move faces empty heaps: the other side took the last counter.
    fn outcome(&self) -> Option<Outcome> {
        self.is_over().then_some(Outcome::Loss)
    }
    fn position_hash(&self) -> u64 {
        protocol::zobrist::mix64(u64::from_le_bytes([
            self.heaps[0],
            self.heaps[1],
            self.heaps[2],
            0,
            0,
            0,
            0,
            self.to_move.index() as u8,
        ]))
    }
}

impl Playouts for Nim {}

/// Knows nothing: the search must read the game to its end.
impl Evaluate for Nim {
    fn evaluate(&self) -> i32 {
        0
    }
}

fn winning(game: &Nim, mv: Take) -> bool {
    let mut after = game.clone();
    after.apply(mv);
    after.nim_sum() == 0
}

/// Positions with a win for the side to move (nim-sum not zero), small enough to solve.
const WON: [[u8; 3]; 5] = [[3, 4, 5], [1, 2, 4], [5, 5, 1], [0, 6, 2], [7, 3, 1]];

#[test]
fn alpha_beta_solves_nim_and_plays_a_winning_move() {
    for heaps in WON {
        let game = Nim::new(heaps);
        let mut search = AlphaBeta::<Nim>::new(AlphaBetaConfig::DEFAULT);
        let clock = TurnClock::with_available(Duration::from_secs(10));
        let result = search
            .search(&game, Limits::new(clock.deadline(Duration::from_secs(5), Duration::from_secs(5)), 64));
        assert!(result.exact, "{heaps:?}: not solved ({result:?})");
        assert!(result.score > WIN / 2, "{heaps:?}: a won position scored {}", result.score);
        assert!(winning(&game, result.best), "{heaps:?}: {} does not win", result.best);
    }
    // A lost position scores as lost.
    let lost = Nim::new([1, 2, 3]);
    let clock = TurnClock::with_available(Duration::from_secs(10));
    let result = AlphaBeta::<Nim>::new(AlphaBetaConfig::DEFAULT)
        .search(&lost, Limits::new(clock.deadline(Duration::from_secs(5), Duration::from_secs(5)), 64));
    assert!(result.exact && result.score < -WIN / 2, "{result:?}");
}

#[test]
fn mcts_proves_nim_wins_with_and_without_rave() {
    for rave_equivalence in [0.0, 50.0] {
        for heaps in WON {
            let game = Nim::new(heaps);
            let config = MctsConfig { iterations: 200_000, rave_equivalence, ..MctsConfig::DEFAULT };
            let mut search = Mcts::<Nim>::new(7, config);
            let mv = search.choose(&game, &TurnClock::with_available(Duration::from_secs(20)));
            assert!(winning(&game, mv), "{heaps:?}, rave {rave_equivalence}: {mv} does not win");
        }
    }
}

#[test]
fn mcts_keeps_the_subtree_across_moves_and_still_wins() {
    // The engine plays both sides of [3, 4, 5] from the start; the first side must win every time,
    // and every move of the winning side keeps the nim-sum zero behind it.
    let mut game = Nim::new([3, 4, 5]);
    let config = MctsConfig { iterations: 200_000, ..MctsConfig::DEFAULT };
    let mut engines = [Mcts::<Nim>::new(1, config), Mcts::<Nim>::new(2, config)];
    while !game.is_over() {
        let seat = game.seat_to_move();
        let mv = engines[seat.index()].choose(&game, &TurnClock::with_available(Duration::from_secs(20)));
        assert!(game.is_legal(mv));
        if seat == Seat::First {
            assert!(winning(&game, mv), "{:?}: {mv} does not win", game.heaps);
        }
        game.apply(mv);
    }
    assert_eq!(game.seat_to_move(), Seat::Second, "the first seat took the last counter");
}

#[test]
fn mcts_with_a_tiny_arena_prunes_and_still_finds_the_win() {
    // A few thousand nodes hold a small part of the tree the search builds here.
    let game = Nim::new([3, 4, 5]);
    let config =
        MctsConfig { iterations: 200_000, arena_bytes: 100_000, max_children: 32, ..MctsConfig::DEFAULT };
    let mut search = Mcts::<Nim>::new(3, config);
    let mv = search.choose(&game, &TurnClock::with_available(Duration::from_secs(20)));
    assert!(winning(&game, mv), "{mv} does not win");
}
