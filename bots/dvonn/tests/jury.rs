//! The jury plays the `dvonn` executable against the random engine: the whole dialogue, White's
//! two-line turn at plies 49 and 50 included, with and without the final move relayed.

use dvonn::Dvonn;

const BOT: &str = env!("CARGO_BIN_EXE_dvonn");

#[test]
fn the_jury_plays_the_bot_against_random_without_failures() {
    testkit::check_short_match::<Dvonn>(BOT, |game| {
        // 49 placements, then the movement phase.
        assert!(game.record.plies.len() > 49, "{} plies", game.record.plies.len());
    });
}
