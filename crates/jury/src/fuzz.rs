//! Fuzzing the dialogue loop the way a hostile or clumsy sender would: random bytes, random lines,
//! and whole games whose legal moves are interleaved with lines the rules refuse. The bot runs
//! [`protocol::play`] in a thread of its own, talking through channels, while the fuzzer plays the
//! opponent on a shadow copy of the game: every line the bot writes must be a legal move there, so
//! a refused line that changed the bot's state shows up as a move that is not legal (or as a game
//! that ends at a different ply).
//!
//! Seeds are fixed, so a failure repeats. `FUZZ_SCALE=N` in the environment multiplies the number
//! of games and cases, for a longer run than CI's.

use std::io::{self, BufRead, Read, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::Duration;

use protocol::search::legal_moves;
use protocol::{play, Contest, Ending, Game, PlayOptions, RandomEngine, Rng, SearchGame};

/// How long the fuzzer waits for one move of the (random) bot before calling it hung.
const MOVE_WAIT: Duration = Duration::from_secs(10);

/// The multiplier from `FUZZ_SCALE` (1 when unset).
pub fn scale() -> usize {
    std::env::var("FUZZ_SCALE").ok().and_then(|v| v.parse().ok()).unwrap_or(1).max(1)
}

/// Bytes arriving in chunks from a channel; the end of input when the sender is dropped.
struct ChannelReader {
    chunks: Receiver<Vec<u8>>,
    current: Vec<u8>,
    position: usize,
}

impl Read for ChannelReader {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(out.len());
        out[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for ChannelReader {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        while self.position == self.current.len() {
            match self.chunks.recv() {
                Ok(chunk) => {
                    self.current = chunk;
                    self.position = 0;
                }
                Err(_) => return Ok(&[]),
            }
        }
        Ok(&self.current[self.position..])
    }

    fn consume(&mut self, amount: usize) {
        self.position = (self.position + amount).min(self.current.len());
    }
}

/// Bytes written, sent on a channel.
struct ChannelWriter(Sender<Vec<u8>>);

impl Write for ChannelWriter {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.send(bytes.to_vec()).map_err(|_| io::Error::from(io::ErrorKind::BrokenPipe))?;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The bot's side of one fuzzed game: `play` in a thread.
struct BotThread {
    input: Option<Sender<Vec<u8>>>,
    output: Receiver<Vec<u8>>,
    pending: Vec<u8>,
    handle: thread::JoinHandle<io::Result<Ending>>,
}

impl BotThread {
    fn start<G: SearchGame + Send + 'static>(seed: u64) -> BotThread {
        let (to_bot, bot_input) = mpsc::channel();
        let (bot_output, from_bot) = mpsc::channel();
        let handle = thread::spawn(move || {
            let mut engine = RandomEngine::<G>::new(seed);
            let mut reader = ChannelReader { chunks: bot_input, current: Vec::new(), position: 0 };
            let mut writer = ChannelWriter(bot_output);
            let options =
                PlayOptions { total_time: Duration::from_secs(3600), ..PlayOptions::official::<G>() };
            play::<G>(&mut engine, &options, &mut reader, &mut writer, &mut io::sink())
        });
        BotThread { input: Some(to_bot), output: from_bot, pending: Vec::new(), handle }
    }

    fn send(&self, bytes: &[u8]) {
        if let Some(input) = &self.input {
            let _ = input.send(bytes.to_vec());
        }
    }

    /// The bot's next line of output.
    fn next_line(&mut self) -> String {
        loop {
            if let Some(end) = self.pending.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.pending.drain(..=end).collect();
                return String::from_utf8(line[..end].to_vec()).expect("moves are text");
            }
            match self.output.recv_timeout(MOVE_WAIT) {
                Ok(bytes) => self.pending.extend(bytes),
                Err(RecvTimeoutError::Timeout) => panic!("the bot did not move within {MOVE_WAIT:?}"),
                Err(RecvTimeoutError::Disconnected) => panic!("the bot stopped instead of moving"),
            }
        }
    }

    /// Ends the input (or not, after `Quit`), waits for the loop to end and returns how it ended
    /// and whatever it wrote that was not read yet.
    fn finish(mut self) -> (io::Result<Ending>, Vec<u8>) {
        self.input = None;
        let ending = self.handle.join().expect("the dialogue loop does not panic");
        let mut rest = self.pending;
        while let Ok(bytes) = self.output.try_recv() {
            rest.extend(bytes);
        }
        (ending, rest)
    }
}

/// A line the rules refuse in `game`, whose legal moves are written `legal`: junk, raw bytes, an
/// over-long line, a word of the dialogue out of place, a legal move mangled, lower-cased or
/// doubled. Never `Quit`, never `Start` as the first line after the setup (where it is the
/// dialogue's word for "you move first"), and never a line the shadow game would accept.
fn refused_line<G: Game>(game: &G, legal: &[String], first_line: bool, rng: &mut Rng) -> Vec<u8> {
    loop {
        let mut line: Vec<u8> = match rng.below(8) {
            0 => b"banana".to_vec(),
            1 => (0..rng.below(12)).map(|_| rng.below(256) as u8).filter(|&b| b != b'\n').collect(),
            2 => vec![b'x'; 5000 + rng.below(5000)],
            3 => b"Start".to_vec(),
            4 => b"quit".to_vec(),
            _ if legal.is_empty() => b"-".to_vec(),
            5 => legal[rng.below(legal.len())].to_lowercase().into_bytes(),
            6 => {
                let mut text = legal[rng.below(legal.len())].clone().into_bytes();
                let at = rng.below(text.len());
                text[at] = b"019AZaz!-?"[rng.below(10)];
                text
            }
            _ => format!("{}{}", legal[rng.below(legal.len())], legal[rng.below(legal.len())]).into_bytes(),
        };
        let text = String::from_utf8_lossy(&line).trim().to_string();
        let meaningful = text == "Quit" || (first_line && text == "Start");
        if !text.is_empty() && !meaningful && game.parse_move(&text).is_err() {
            if rng.chance(0.2) {
                line.push(b'\r');
            }
            line.push(b'\n');
            return line;
        }
    }
}

/// Plays `games` fuzzed games of `G` against the random engine through the dialogue loop, as
/// first or second seat at random, the final move relayed or not, with refused lines before about
/// half of the opponent's moves. Panics on the first fault.
pub fn fuzz_games<G: Contest + Send + 'static>(seed: u64, games: usize) {
    let mut rng = Rng::new(seed);
    for index in 0..games * scale() {
        let setup_lines = G::random_setup(&mut rng);
        let mut shadow = G::from_setup(&setup_lines).expect("a random setup is valid");
        let mut bot = BotThread::start::<G>(rng.next_u64());
        let context = |ply: usize| format!("game {index} (seed {seed}), ply {ply}");

        // The setup, with refused lines in between (each refused whatever came before it).
        for (i, line) in setup_lines.iter().enumerate() {
            if rng.chance(0.3) {
                let junk = setup_junk::<G>(&setup_lines[..i], &mut rng);
                bot.send(&junk);
            }
            bot.send(format!("{line}\n").as_bytes());
        }

        let me = if rng.chance(0.5) { protocol::Seat::First } else { protocol::Seat::Second };
        if me == protocol::Seat::First {
            bot.send(b"Start\n");
        }
        let mut plies = 0;
        while !shadow.is_over() {
            if shadow.seat_to_move() == me {
                let text = bot.next_line();
                let mv = shadow
                    .parse_move(&text)
                    .unwrap_or_else(|e| panic!("{}: the bot wrote '{text}': {e}", context(plies)));
                shadow.apply(mv);
            } else {
                if rng.chance(0.5) {
                    let legal: Vec<String> =
                        legal_moves(&shadow).into_iter().map(|mv| shadow.relay_text(mv)).collect();
                    for _ in 0..1 + rng.below(3) {
                        bot.send(&refused_line(&shadow, &legal, plies == 0, &mut rng));
                    }
                }
                let mv = shadow.random_move(&mut rng).expect("a game that is not over has a move");
                let text = shadow.relay_text(mv);
                shadow.apply(mv);
                let last = shadow.is_over();
                if !last || rng.chance(0.5) {
                    bot.send(format!("{text}\n").as_bytes());
                }
            }
            plies += 1;
        }
        if rng.chance(0.5) {
            bot.send(b"Quit\n");
        }
        let (ending, rest) = bot.finish();
        let ending = ending.unwrap_or_else(|e| panic!("{}: the loop failed: {e}", context(plies)));
        assert!(matches!(ending, Ending::Quit | Ending::EndOfInput));
        assert!(
            rest.is_empty(),
            "{}: the bot wrote after the end: {:?}",
            context(plies),
            String::from_utf8_lossy(&rest)
        );
    }
}

/// A setup line that `check_setup` refuses after `before` (nothing for a game without setup).
fn setup_junk<G: Game>(before: &[String], rng: &mut Rng) -> Vec<u8> {
    if G::SETUP_LINES == 0 {
        return Vec::new();
    }
    loop {
        let candidate: String = match rng.below(4) {
            0 => "banana".to_string(),
            1 => (0..1 + rng.below(3)).map(|_| (b'A' + rng.below(60) as u8) as char).collect(),
            2 => "Start".to_string(),
            _ => "x".repeat(5000),
        };
        let mut lines = before.to_vec();
        lines.push(candidate.clone());
        if G::check_setup(&lines).is_err() {
            return format!("{candidate}\n").into_bytes();
        }
    }
}

/// Feeds `cases` random byte sequences (and sequences of random lines from the game's own
/// vocabulary) to the dialogue loop in one go: it must end cleanly, never panic, and write at most
/// one line per line it read.
pub fn fuzz_bytes<G: Contest + Send + 'static>(seed: u64, cases: usize) {
    let mut rng = Rng::new(seed);
    for index in 0..cases * scale() {
        let mut input: Vec<u8> = Vec::new();
        if rng.chance(0.5) {
            input = (0..rng.below(3000)).map(|_| rng.below(256) as u8).collect();
        } else {
            let setup = G::random_setup(&mut rng);
            let game = G::from_setup(&setup).expect("a random setup is valid");
            let moves: Vec<String> = legal_moves(&game).into_iter().map(|mv| game.format_move(mv)).collect();
            for _ in 0..rng.below(60) {
                let word = match rng.below(6) {
                    0 if !setup.is_empty() => setup[rng.below(setup.len())].clone(),
                    1 => "Start".to_string(),
                    2 if !moves.is_empty() => moves[rng.below(moves.len())].clone(),
                    3 => "\r".to_string(),
                    4 => String::from_utf8_lossy(&[rng.below(256) as u8]).to_string(),
                    _ => "Quit".chars().take(1 + rng.below(4)).collect(),
                };
                input.extend(word.into_bytes());
                input.push(b'\n');
            }
        }
        let lines = input.iter().filter(|&&b| b == b'\n').count() + 1;
        let mut engine = RandomEngine::<G>::new(rng.next_u64());
        let mut output = Vec::new();
        let options = PlayOptions { total_time: Duration::from_secs(3600), ..PlayOptions::official::<G>() };
        let ending = play::<G>(&mut engine, &options, &mut input.as_slice(), &mut output, &mut io::sink());
        assert!(ending.is_ok(), "case {index} (seed {seed}): {ending:?}");
        let written = output.iter().filter(|&&b| b == b'\n').count();
        assert!(written <= lines + 1, "case {index}: {written} lines written for {lines} read");
    }
}
