//! The player's choices that can be checked exactly: the joker and proven wins.

use std::time::Duration;

use pillars::engine::{Outcome, Player, Solver};
use pillars::settings::Settings;
use pillars::{Field, Move, Pillars, Rect};
use protocol::{Engine, Game, Rng, TurnClock};

fn diagonal() -> Pillars {
    let lines: Vec<String> = "Aa Bb Cc Dd Ee Ff Gg Hh Ii Jj".split(' ').map(String::from).collect();
    Pillars::from_setup(&lines).unwrap()
}

fn clock() -> TurnClock {
    TurnClock::with_available(Duration::from_secs(2))
}

/// A clock that never binds where the solver and the guide finish their work (20 empty fields or
/// fewer): they search to the end, so the choice is the same on any machine.
fn far() -> TurnClock {
    TurnClock::with_available(Duration::from_secs(600))
}

#[test]
fn first_moves_claim_as_the_settings_say() {
    for claim in [true, false] {
        let settings = Settings { claim_on_first_move: claim, ..Settings::DEFAULT };
        let mut game = diagonal();
        let red = Player::new(1, &settings).choose(&game, &clock());
        assert!(game.is_legal(red));
        assert_eq!(red.joker, claim);
        game.apply(red);
        let blue = Player::new(2, &settings).choose(&game, &clock());
        assert!(game.is_legal(blue));
        assert_eq!(blue.joker, claim);
        game.apply(blue);
        let expected = if claim { Some(9) } else { None };
        assert_eq!(game.joker(pillars::Colour::Red), expected);
        assert_eq!(game.joker(pillars::Colour::Blue), expected);
    }
}

#[test]
fn proven_wins_are_played_and_claimed() {
    let mut rng = Rng::new(31);
    let mut solver = Solver::new();
    let mut checked = 0;
    while checked < 20 {
        // Fill the diagonal board with plain single fields until 12 to 20 are left.
        let mut game = diagonal();
        let target = 12 + rng.below(9) as u32;
        while game.board().empty_count() > target {
            let empty = game.board().empty();
            let mut fields: Vec<usize> = (0..100).filter(|&i| empty >> i & 1 == 1).collect();
            rng.shuffle(&mut fields);
            game.apply(Move::plain(Rect::single(Field::from_index(fields[0]))));
        }
        let Outcome::Win(_) = solver.solve(game.board(), None).unwrap() else { continue };
        let mut player = Player::new(rng.next_u64(), &Settings::DEFAULT);
        let chosen = player.choose(&game, &far());
        assert!(game.is_legal(chosen));
        assert!(chosen.joker, "a proven win is claimed");
        let after = game.board().fill(chosen.rect);
        assert!(!after.is_full() && !solver.wins_board(after), "{} does not win", chosen.rect);
        checked += 1;
    }
}
