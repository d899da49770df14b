//! Move-by-move transcripts of the jury dialogue for both colours (rules §6), through the shared
//! loop with a scripted engine; a bad line refused; both endings; and the real player answering
//! every turn legally.

use protocol::{Ending, Game, Rng, SearchGame};
use symple::engine::Player;
use symple::settings::Settings;
use symple::Symple;
use testkit::{transcript, Scripted};

fn scripted(moves: &[&str]) -> Scripted<Symple> {
    Scripted::new(moves.iter().map(|m| m.to_string()).collect())
}

#[test]
fn white_reads_start_and_moves_first() {
    // The rule page's sample game: White's moves, Black's relayed, Black's special move included.
    let t = transcript(&mut scripted(&["M13", "D12", "J12"]), "Start\nM10\nM11-C11\nQuit\n");
    assert_eq!(t.output, "M13\nD12\nJ12\n");
    assert!(matches!(t.ending, Ending::Quit));
    assert!(t.errors.is_empty(), "{}", t.errors);
}

#[test]
fn black_learns_its_colour_from_the_first_move_and_may_play_its_special_move() {
    let t = transcript(&mut scripted(&["M10", "C11-M11", "G3"]), "M13\nD12\nJ12\n");
    // Written as the notation orders it: the expansion stone first.
    assert_eq!(t.output, "M10\nM11-C11\nG3\n");
    assert!(matches!(t.ending, Ending::EndOfInput));
}

#[test]
fn a_bad_line_is_refused_and_the_game_goes_on() {
    // Lower case and a doubled stone before White's first move, then two stones growing White's
    // one group twice: each refused with one line on stderr, the real moves relayed and answered.
    let t = transcript(&mut scripted(&["M10", "G3"]), "m13\nM13-M13\nM13\nM12-M14\nD12\n");
    assert_eq!(t.output, "M10\nG3\n");
    assert_eq!(t.errors.lines().count(), 3, "{}", t.errors);
}

/// A whole random game, split into what each colour plays.
fn random_game() -> (Vec<String>, Vec<String>) {
    let mut rng = Rng::new(5);
    let mut game = Symple::new();
    let (mut white, mut black) = (Vec::new(), Vec::new());
    while !game.is_over() {
        let mv = game.random_move(&mut rng).expect("a move");
        let text = game.format_move(mv);
        if game.plies() % 2 == 0 {
            white.push(text);
        } else {
            black.push(text);
        }
        game.apply(mv);
    }
    (white, black)
}

#[test]
fn a_whole_game_ends_with_or_without_the_final_move_relayed() {
    let (white, black) = random_game();
    // "Theirs" is the side that filled the board: its last line may or may not be relayed.
    let white_filled = white.len() > black.len();
    let (ours, theirs, opening) = if white_filled { (black, white, "") } else { (white, black, "Start\n") };
    for (relayed, ending) in [(theirs.len(), "Quit\n"), (theirs.len() - 1, "Quit\n"), (theirs.len(), "")] {
        let input = format!("{opening}{}{ending}", testkit::lines(&theirs[..relayed]));
        let t = transcript(&mut Scripted::<Symple>::new(ours.clone()), &input);
        assert_eq!(t.output, testkit::lines(&ours), "relayed {relayed} of {}", theirs.len());
        assert!(t.errors.is_empty(), "{}", t.errors);
    }
}

#[test]
fn the_player_answers_every_turn_with_a_legal_move() {
    // A fixed budget, so that the moves (and so the test) are the same on any machine.
    let settings = Settings { playouts_per_move: 64, ..Settings::DEFAULT };
    let mut player = Player::new(1, &settings);
    // Black keeps to the border, where the player's first moves never go (they are roomy or grow
    // its own groups), so every relayed move stays legal whatever the player chose.
    let t = transcript(&mut player, "Start\nA1\nA3\nA2\nQuit\n");
    let moves: Vec<&str> = t.output.lines().collect();
    assert_eq!(moves.len(), 4, "{}{}", t.output, t.errors);
    let mut game = Symple::new();
    for text in [moves[0], "A1", moves[1], "A3", moves[2], "A2", moves[3]] {
        let mv = game.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}\n{}", game.render()));
        game.apply(mv);
    }
    assert!(t.errors.lines().all(|l| l.starts_with("symple: ply")), "{}", t.errors);
}
