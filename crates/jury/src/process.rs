//! One player program as the jury runs it: its pipes, its clock and its peak memory.
//!
//! A reader thread turns the program's stdout into timestamped lines, so the jury can wait for a
//! reply with a timeout and charge exactly the time from the line it sent to the reply it got.

use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// What a player's stdout produced.
enum Output {
    Line(String, Instant),
    Closed,
}

/// The answer to "your move, please".
#[derive(Debug)]
pub enum Reply {
    /// A line (without its line ending) and the thinking time it cost.
    Line(String, Duration),
    /// The total time ran out before a line came.
    Timeout,
    /// The program closed stdout (exited or crashed) before answering.
    Closed,
}

pub struct PlayerProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    output: Receiver<Output>,
    /// Thinking time charged so far in this game.
    pub used: Duration,
    /// Largest resident set size seen, in bytes (`VmHWM`).
    pub peak_memory: u64,
    /// When the current turn started: the moment the line that gave it the move was sent.
    turn_started: Instant,
}

impl PlayerProcess {
    /// Starts `command` (program and arguments), its stderr going to `stderr_log`.
    pub fn spawn(command: &[String], stderr_log: File) -> std::io::Result<PlayerProcess> {
        let (program, args) = command.split_first().expect("a command has a program");
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::from(stderr_log))
            .spawn()?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let (sender, output) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut bytes = Vec::new();
            loop {
                bytes.clear();
                match reader.read_until(b'\n', &mut bytes) {
                    Ok(0) | Err(_) => {
                        let _ = sender.send(Output::Closed);
                        return;
                    }
                    Ok(_) => {
                        let at = Instant::now();
                        let text = String::from_utf8_lossy(&bytes);
                        let line = text.strip_suffix('\n').unwrap_or(&text);
                        let line = line.strip_suffix('\r').unwrap_or(line).to_string();
                        if sender.send(Output::Line(line, at)).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        let stdin = child.stdin.take();
        Ok(PlayerProcess {
            child,
            stdin,
            output,
            used: Duration::ZERO,
            peak_memory: 0,
            turn_started: Instant::now(),
        })
    }

    /// Sends one line. A program that has gone away cannot be written to; that is noticed when
    /// its move is awaited, so the error is ignored here.
    pub fn send(&mut self, line: &str) {
        if let Some(stdin) = self.stdin.as_mut() {
            if writeln!(stdin, "{line}").and_then(|_| stdin.flush()).is_err() {
                self.stdin = None;
            }
        }
    }

    /// Its turn starts now (we just sent the line it must answer).
    pub fn start_turn(&mut self) {
        self.turn_started = Instant::now();
    }

    /// Its turn continues from `at` (it moves again at once, as Dvonn's White at ply 50).
    pub fn continue_turn(&mut self, at: Instant) {
        self.turn_started = at;
    }

    /// Waits for its next line, charging the time, within `limit` total for the game.
    pub fn await_line(&mut self, limit: Duration) -> (Reply, Instant) {
        let left = limit.saturating_sub(self.used);
        let waited = left.saturating_sub(self.turn_started.elapsed());
        let reply = match self.output.recv_timeout(waited) {
            Ok(Output::Line(line, at)) => {
                let spent = at.saturating_duration_since(self.turn_started);
                self.used += spent;
                self.sample_memory();
                let reply = if self.used > limit { Reply::Timeout } else { Reply::Line(line, spent) };
                return (reply, at);
            }
            Ok(Output::Closed) | Err(RecvTimeoutError::Disconnected) => Reply::Closed,
            Err(RecvTimeoutError::Timeout) => {
                self.used = limit.max(self.used);
                Reply::Timeout
            }
        };
        (reply, Instant::now())
    }

    /// Reads the peak resident size from `/proc` (where there is one); a high-water mark, so a
    /// sample after each reply sees the largest size the program ever had up to then.
    pub fn sample_memory(&mut self) {
        let path = format!("/proc/{}/status", self.child.id());
        if let Ok(status) = std::fs::read_to_string(path) {
            let kib = status
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok());
            if let Some(kib) = kib {
                self.peak_memory = self.peak_memory.max(kib * 1024);
            }
        }
    }

    /// Sends `Quit`, closes stdin and waits a little for the program to exit; kills it otherwise.
    /// Returns whether it exited by itself with status 0.
    pub fn finish(mut self, grace: Duration) -> bool {
        self.send("Quit");
        self.stdin = None;
        let until = Instant::now() + grace;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return status.success(),
                Ok(None) if Instant::now() < until => thread::sleep(Duration::from_millis(2)),
                _ => {
                    let _ = self.child.kill();
                    let _ = self.child.wait();
                    return false;
                }
            }
        }
    }
}
