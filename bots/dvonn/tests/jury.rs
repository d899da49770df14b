//! The jury plays the `dvonn` executable against the random engine: the whole dialogue, White's
//! two-line turn at plies 49 and 50 included, with and without the final move relayed.

use std::time::Duration;

use dvonn::Dvonn;
use jury::referee::{Rules, MEMORY_LIMIT};
use jury::{run_match, MatchConfig};

const BOT: &str = env!("CARGO_BIN_EXE_dvonn");

#[test]
fn the_jury_plays_the_bot_against_random_without_failures() {
    let log_dir = std::env::temp_dir().join(format!("dvonn-bot-match-{}", std::process::id()));
    for relay_final_move in [true, false] {
        let config = MatchConfig {
            commands: [
                vec![BOT.to_string(), "--time".into(), "1".into()],
                vec![BOT.to_string(), "--engine".into(), "random".into()],
            ],
            games: 4,
            jobs: 2,
            rules: Rules { time_limit: Duration::from_secs(1), relay_final_move },
            seed: 3,
            log_dir: log_dir.clone(),
        };
        let summary = run_match::<Dvonn>(&config, |game| {
            // 49 placements, then the movement phase.
            assert!(game.record.plies.len() > 49, "{} plies", game.record.plies.len());
        });
        assert_eq!(summary.games, 4);
        assert_eq!(summary.failures(), 0, "{}", summary.report());
        for player in &summary.players {
            assert_eq!(player.unclean_exits, 0, "{}", summary.report());
            assert!(player.max_time <= Duration::from_secs(1));
            assert!(player.max_memory < MEMORY_LIMIT);
        }
        assert_eq!(summary.players[0].games_by_seat, [2, 2]);
    }
}
