//! Move-by-move transcripts of the jury dialogue for both colours (rules §7), through the shared
//! loop with a scripted engine; and the real player answering every turn legally.

use ayu::engine::Player;
use ayu::settings::Settings;
use ayu::Ayu;
use protocol::{Ending, Game};
use testkit::{transcript, Scripted};

fn scripted(moves: &[&str]) -> Scripted<Ayu> {
    Scripted::new(moves.iter().map(|m| m.to_string()).collect())
}

#[test]
fn white_reads_start_and_moves_first() {
    // The rule page's opening: J1-I1, A2-A3, B1-C1, A3-A5 (a group move).
    let t = transcript(&mut scripted(&["J1-I1", "B1-C1", "F1-E1"]), "Start\nA2-A3\nA3-A5\nQuit\n");
    assert_eq!(t.output, "J1-I1\nB1-C1\nF1-E1\n");
    assert!(matches!(t.ending, Ending::Quit));
    assert!(t.errors.is_empty(), "{}", t.errors);
}

#[test]
fn black_learns_its_colour_from_the_first_move() {
    let t = transcript(&mut scripted(&["A2-A3", "A3-A5"]), "J1-I1\nB1-C1\n");
    assert_eq!(t.output, "A2-A3\nA3-A5\n");
    assert!(matches!(t.ending, Ending::EndOfInput));
}

#[test]
fn a_bad_line_is_refused_and_the_game_goes_on() {
    // Lower case, a move of the wrong colour and a step onto a piece: each refused on stderr,
    // then the real move is relayed and answered.
    let t = transcript(&mut scripted(&["A2-A3"]), "j1-i1\nA2-A3\nB1-D1\nJ1-I1\n");
    assert_eq!(t.output, "A2-A3\n");
    assert_eq!(t.errors.lines().count(), 3, "{}", t.errors);
}

#[test]
fn the_player_answers_every_turn_with_a_legal_move() {
    // A fixed depth on a clock that never binds (the whole 30 s a move): the same moves on any
    // machine.
    let settings = Settings { max_depth: 2, early_divider: 1, late_divider: 1, ..Settings::DEFAULT };
    let mut player = Player::new(1, &settings);
    let t = transcript(&mut player, "Start\nA2-A3\nA3-A5\nQuit\n");
    let moves: Vec<&str> = t.output.lines().collect();
    assert_eq!(moves.len(), 3, "{}", t.output);
    let mut game = Ayu::new();
    for text in [moves[0], "A2-A3", moves[1], "A3-A5", moves[2]] {
        let mv = game.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}\n{}", game.render()));
        game.apply(mv);
    }
    assert!(t.errors.lines().all(|l| l.starts_with("ayu: ply")), "{}", t.errors);
}

/// The first contest record that ends with its winner to move, split into what each colour plays.
fn finished_record() -> Vec<String> {
    let text = testkit::data_file("ayu-games-2015.txt");
    let line = text.lines().find(|l| l.split_whitespace().count() < 100).expect("a finished game");
    line.split_whitespace().map(String::from).collect()
}

#[test]
fn a_whole_game_ends_with_or_without_the_final_move_relayed() {
    let moves = finished_record();
    // The side to move at the end is the winner; it never moves again.
    let winner_is_white = moves.len() % 2 == 0;
    let (ours, theirs): (Vec<String>, Vec<String>) = {
        let white: Vec<String> = moves.iter().step_by(2).cloned().collect();
        let black: Vec<String> = moves.iter().skip(1).step_by(2).cloned().collect();
        if winner_is_white {
            (white, black)
        } else {
            (black, white)
        }
    };
    let opening = if winner_is_white { "Start\n".to_string() } else { String::new() };
    for (relayed, ending) in [(theirs.len(), "Quit\n"), (theirs.len() - 1, "Quit\n"), (theirs.len(), "")] {
        let input = format!("{opening}{}{ending}", testkit::lines(&theirs[..relayed]));
        let t = transcript(&mut Scripted::<Ayu>::new(ours.clone()), &input);
        assert_eq!(t.output, testkit::lines(&ours), "relayed {relayed} of {}", theirs.len());
        assert!(t.errors.is_empty(), "{}", t.errors);
    }
}
