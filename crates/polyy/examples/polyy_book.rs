//! Builds the opening book `crates/polyy/src/book_table.rs`, by self-play of the player or, with
//! `--replies`, by its long searches alone.
//!
//! For each book position: a long search names the candidates (its most played root moves), then
//! the player plays itself from the position after each candidate at a fixed number of playouts
//! per move, in two rounds (every candidate, then the two best of them again, with twice the
//! games); the reply is the candidate whose mover won the largest share. Each game's seeds follow
//! from the position, the candidate and the game's number, so a run gives the same book on any
//! machine and with any number of threads.
//!
//! `cargo run --release -p polyy --example polyy_book -- [--playouts N] [--games N]
//! [--candidates N] [--search N] [--threads N] [--depth N] [--replies N] [--line "MOVES"]...
//! 2>/dev/null`
//!
//! The positions: the principal line from `11 -1` (the first player's favourite opening, swapped)
//! to `--depth` positions, each the last one and its reply, and every `--line` given (by default
//! `11 -1 29`, the 2014 winner's answer after that swap).
//!
//! With `--replies K` the book is written by long searches alone, no self-play: the reply in each
//! position is the move the player itself would choose after `--search` playouts. From `11 -1` the
//! tree of positions alternates: our reply, then the opponent's `K` most searched answers to it
//! (its position gets a line too, for the side that owns the stone on 11), then our reply to each,
//! and so on for `--depth` moves of ours. This saves the first searches' time in every game
//! that follows the book, and puts a search many times as long into their moves; against Lynx3 it
//! did not pay (see the `book` setting). Searches depend only on the position and `--search`, so a
//! run gives the same book on any machine.

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use polyy::book::position_after;
use polyy::engine::Player;
use polyy::settings::Settings;
use polyy::{Move, PolyY};
use protocol::{Engine, Game, TurnClock};

struct Options {
    playouts: u32,
    games: usize,
    candidates: usize,
    search: u32,
    threads: usize,
    depth: usize,
    /// The opponent's answers followed in each of our book positions; 0: the self-play book.
    replies: usize,
    lines: Vec<String>,
    output: Option<String>,
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        playouts: 10_000,
        games: 48,
        candidates: 6,
        search: 2_000_000,
        threads: 2,
        depth: 2,
        replies: 0,
        lines: Vec::new(),
        output: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
        let number = |text: String| text.parse::<usize>().map_err(|e| format!("{text}: {e}"));
        match flag.as_str() {
            "--playouts" => options.playouts = number(value()?)? as u32,
            "--games" => options.games = number(value()?)?,
            "--candidates" => options.candidates = number(value()?)?.max(1),
            "--search" => options.search = number(value()?)? as u32,
            "--threads" => options.threads = number(value()?)?.max(1),
            "--depth" => options.depth = number(value()?)?,
            "--replies" => options.replies = number(value()?)?,
            "--line" => options.lines.push(value()?),
            "--output" => options.output = Some(value()?),
            _ => return Err(format!("unknown flag {flag}")),
        }
    }
    if options.lines.is_empty() && options.replies == 0 {
        options.lines.push("11 -1 29".to_string());
    }
    Ok(options)
}

/// A seed from the position, the candidate and the game's number.
fn seed_of(line: &str, candidate: Move, game: usize) -> u64 {
    let text = format!("{line} {candidate} {game}");
    text.bytes()
        .fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x1000_0000_01b3))
}

/// Plays the player against itself from `start` to the end; the winner's seat.
fn self_play(start: &PolyY, seed: u64, settings: &Settings) -> protocol::Seat {
    let mut players = [Player::new(seed, settings), Player::new(seed ^ 0x5eed, settings)];
    let mut game = start.clone();
    while !game.is_finished() {
        let clock = TurnClock::with_available(Duration::from_secs(30));
        let mv = players[game.to_move().index()].choose(&game, &clock);
        game.apply(mv);
    }
    game.winner().expect("a finished game has a winner")
}

/// Wins of the mover of `position` after each of `candidates`, over `games` games each (numbered
/// from `first_game`).
fn play_candidates(
    line: &str,
    position: &PolyY,
    candidates: &[Move],
    first_game: usize,
    games: usize,
    options: &Options,
) -> Vec<usize> {
    let settings = Settings {
        book: false,
        playouts_per_move: options.playouts,
        max_edges: 200_000,
        ..Settings::DEFAULT
    };
    let mover = position.to_move();
    let wins = Mutex::new(vec![0; candidates.len()]);
    for_each_job(candidates.len() * games, options.threads, |job| {
        let (index, game_number) = (job % candidates.len(), first_game + job / candidates.len());
        let mut start = position.clone();
        start.apply(candidates[index]);
        let winner = self_play(&start, seed_of(line, candidates[index], game_number), &settings);
        if winner == mover {
            wins.lock().expect("no thread panicked")[index] += 1;
        }
    });
    wins.into_inner().expect("no thread panicked")
}

/// Runs `work` on every job number in `0..jobs`, `threads` at a time, each thread taking the
/// next job left.
fn for_each_job(jobs: usize, threads: usize, work: impl Fn(usize) + Sync) {
    let next_job = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let job = next_job.fetch_add(1, Ordering::Relaxed);
                if job >= jobs {
                    break;
                }
                work(job);
            });
        }
    });
}

/// A search's root moves, most visited first, as (move, visits, wins).
type RootMoves = Vec<(Move, u32, u32)>;

/// The player's own choice after a long search from the position of `line`, and the root moves
/// of that search.
fn searched_reply(line: &str, playouts: u32) -> Result<(Move, RootMoves), String> {
    let position = position_after(line).ok_or_else(|| format!("'{line}' is not a legal game"))?;
    let settings = Settings { book: false, playouts_per_move: playouts, ..Settings::DEFAULT };
    let mut searcher = Player::new(seed_of(line, Move::Swap, 0), &settings);
    let reply = searcher.search(&position, &TurnClock::with_available(Duration::from_secs(3600)));
    Ok((reply, searcher.root_moves()))
}

/// A comment on a searched reply: the most visited root moves with their visits and win rates.
fn search_summary(root_moves: &[(Move, u32, u32)]) -> String {
    let shown: Vec<String> = root_moves
        .iter()
        .take(5)
        .map(|&(mv, visits, wins)| {
            format!("{mv} {}k {:.1}%", visits / 1000, share((wins as usize, visits as usize)) * 100.0)
        })
        .collect();
    shown.join(", ")
}

/// The book written by long searches (see the module's comment): every line with its reply and
/// the comment on it, in the order searched.
fn searched_book(options: &Options) -> Vec<(String, Move, String)> {
    let mut entries: Vec<(String, Move, String)> = Vec::new();
    let mut ours: Vec<String> = vec!["11 -1".to_string()];
    ours.extend(options.lines.iter().cloned());
    for depth in 0..options.depth.max(1) {
        // Our positions at this depth, searched `--threads` at a time.
        let results = search_all(&ours, options);
        let mut theirs = Vec::new();
        for (line, (reply, root_moves)) in ours.iter().zip(results) {
            let summary = search_summary(&root_moves);
            println!("{line}: {reply} ({summary})");
            entries.push((line.clone(), reply, summary));
            theirs.push(format!("{line} {reply}"));
        }
        if depth + 1 == options.depth.max(1) {
            break;
        }
        let results = search_all(&theirs, options);
        ours = Vec::new();
        for (line, (reply, root_moves)) in theirs.iter().zip(results) {
            let summary = search_summary(&root_moves);
            println!("{line}: {reply} ({summary})");
            entries.push((line.clone(), reply, summary));
            ours.extend(root_moves.iter().take(options.replies).map(|&(mv, _, _)| format!("{line} {mv}")));
        }
    }
    entries
}

/// [`searched_reply`] for every line, `--threads` at a time; exits on an illegal line.
fn search_all(lines: &[String], options: &Options) -> Vec<(Move, RootMoves)> {
    let results = Mutex::new(vec![None; lines.len()]);
    for_each_job(lines.len(), options.threads, |job| {
        let result = searched_reply(&lines[job], options.search).unwrap_or_else(|e| {
            eprintln!("polyy_book: {e}");
            std::process::exit(2)
        });
        results.lock().expect("no thread panicked")[job] = Some(result);
    });
    results.into_inner().expect("no thread panicked").into_iter().map(|r| r.expect("searched")).collect()
}

/// The book's reply for the position of `line`, with a comment on how it was chosen.
fn choose_reply(line: &str, options: &Options) -> Result<(Move, String), String> {
    let position = position_after(line).ok_or_else(|| format!("'{line}' is not a legal game"))?;
    let (_, root_moves) = searched_reply(line, options.search)?;
    let candidates: Vec<Move> = root_moves.iter().take(options.candidates).map(|&(mv, _, _)| mv).collect();
    let mut totals: Vec<(usize, usize)> = vec![(0, 0); candidates.len()];
    for (total, won) in
        totals.iter_mut().zip(play_candidates(line, &position, &candidates, 0, options.games, options))
    {
        *total = (won, options.games);
    }
    // Round two: the two best of round one, twice the games each.
    let mut order: Vec<usize> = (0..candidates.len()).collect();
    order.sort_by(|&a, &b| share(totals[b]).total_cmp(&share(totals[a])));
    let finalists: Vec<usize> = order.iter().copied().take(2).collect();
    let finalist_moves: Vec<Move> = finalists.iter().map(|&i| candidates[i]).collect();
    let round_two =
        play_candidates(line, &position, &finalist_moves, options.games, 2 * options.games, options);
    for (&index, won) in finalists.iter().zip(round_two) {
        totals[index].0 += won;
        totals[index].1 += 2 * options.games;
    }
    let best = finalists
        .iter()
        .copied()
        .max_by(|&a, &b| share(totals[a]).total_cmp(&share(totals[b])))
        .expect("a candidate");
    let summary: Vec<String> =
        (0..candidates.len()).map(|i| format!("{} {}/{}", candidates[i], totals[i].0, totals[i].1)).collect();
    Ok((candidates[best], summary.join(", ")))
}

fn share((won, played): (usize, usize)) -> f64 {
    won as f64 / played.max(1) as f64
}

fn main() {
    let options = parse_options().unwrap_or_else(|e| {
        eprintln!("polyy_book: {e}");
        std::process::exit(2)
    });
    let started = Instant::now();
    if options.replies > 0 {
        let entries = searched_book(&options);
        let header = format!(
            "//! Each reply is the player's own choice after a search of {} playouts. From each start\n\
             //! ({}): our reply, then the opponent's {} most searched answers to it, and\n\
             //! our reply to each, {} moves of ours deep. Above each line: the search's most visited\n\
             //! root moves (thousands of playouts, the mover's win rate).\n\n",
            options.search,
            std::iter::once("11 -1")
                .chain(options.lines.iter().map(String::as_str))
                .map(|line| format!("`{line}`"))
                .collect::<Vec<_>>()
                .join(" "),
            options.replies,
            options.depth.max(1)
        );
        write_book(&options, &header, &entries);
        println!("done in {:.0} s", started.elapsed().as_secs_f64());
        return;
    }
    let mut entries: Vec<(String, Move, String)> = Vec::new();
    let mut principal = "11 -1".to_string();
    let mut lines: Vec<String> = Vec::new();
    for depth in 0..options.depth + options.lines.len() {
        let line = if depth < options.depth {
            principal.clone()
        } else {
            options.lines[depth - options.depth].clone()
        };
        if lines.contains(&line) {
            continue;
        }
        let (reply, summary) = choose_reply(&line, &options).unwrap_or_else(|e| {
            eprintln!("polyy_book: {e}");
            std::process::exit(2)
        });
        println!("{line}: {reply} ({summary}) at {:.0} s", started.elapsed().as_secs_f64());
        if depth < options.depth {
            principal = format!("{line} {reply}");
        }
        lines.push(line.clone());
        entries.push((line, reply, summary));
    }
    let header = format!(
        "//! Self-play at {} playouts a move; the candidates are the {} most played moves of a {}-playout\n\
         //! search; {} games each, then {} more for the best two. Mover's wins per candidate below.\n\n",
        options.playouts,
        options.candidates,
        options.search,
        options.games,
        2 * options.games
    );
    write_book(&options, &header, &entries);
    println!("done in {:.0} s", started.elapsed().as_secs_f64());
}

/// Writes the book's entries to `book_table.rs` (or `--output`) under the header's comment.
fn write_book(options: &Options, header: &str, entries: &[(String, Move, String)]) {
    let mut text =
        String::from("//! Written by `cargo run --release -p polyy --example polyy_book`; do not edit.\n");
    text.push_str(header);
    text.push_str("use crate::book::BookLine;\n\npub const BOOK: &[BookLine] = &[\n");
    for (line, reply, summary) in entries {
        text.push_str(&format!("    // {summary}\n    BookLine {{ moves: \"{line}\", reply: {reply} }},\n"));
    }
    text.push_str("];\n");
    let path = match &options.output {
        Some(path) => Path::new(path).to_path_buf(),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("src/book_table.rs"),
    };
    std::fs::write(&path, text).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    println!("wrote {}", path.display());
}
