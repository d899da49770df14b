//! One player program as the jury runs it: its pipes, its clock and its peak memory.
//!
//! A reader thread turns the program's stdout into timestamped lines, so the jury can wait for a
//! reply with a timeout and charge exactly the time from the line it sent to the reply it got.
//! The program runs in a process group of its own: its memory is the group's, the jury can stop
//! the whole group between turns (as CodeCup's did), and kills the whole group at the end.

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStderr, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use protocol::flags::JURY_TIME_VARIABLE;
use protocol::input::clip;

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

/// How much of a program's stderr the jury keeps per game, as CodeCup did (about the first
/// 10,000 characters); the rest is read and dropped, and a last line says how much.
pub const STDERR_KEPT_BYTES: usize = 10_000;

/// The longest line of a program's stdout the jury keeps (no move of any game is near it); a
/// longer line is bad output.
pub const MAX_REPLY_BYTES: usize = 4096;

/// How often memory is sampled while a program thinks. Each sample scans `/proc` for the
/// program's process group, so not too often; `VmHWM` is a high-water mark, so a process that
/// lives on between samples is never under-reported.
const MEMORY_SAMPLE_INTERVAL: Duration = Duration::from_millis(250);

pub struct PlayerProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    output: Receiver<Output>,
    /// Thinking time charged so far in this game.
    pub used: Duration,
    /// Largest resident set size seen, in bytes: the sum over the program's process group of each
    /// process's `VmHWM`, so a wrapper script is charged for the program it starts.
    pub peak_memory: u64,
    /// When the current turn started: the moment the line that gave it the move was sent.
    turn_started: Instant,
    /// Stop the program outside its turns (SIGSTOP / SIGCONT), as CodeCup's jury did.
    suspend_between_turns: bool,
    suspended: bool,
    stderr_copier: Option<thread::JoinHandle<()>>,
}

impl PlayerProcess {
    /// Starts `command` (program and arguments) in a process group of its own, its stderr going
    /// to `stderr_log` (the first [`STDERR_KEPT_BYTES`] of it), told the match clock `time_limit`
    /// in [`JURY_TIME_VARIABLE`] (our bots play to it unless given `--time`; other programs
    /// ignore it). With `suspend_between_turns`, the program is stopped from its reply until the
    /// jury sends it its next line.
    pub fn spawn(
        command: &[String],
        stderr_log: File,
        suspend_between_turns: bool,
        time_limit: Duration,
    ) -> std::io::Result<PlayerProcess> {
        let (program, args) = command.split_first().expect("a command has a program");
        let mut child = Command::new(program)
            .args(args)
            .env(JURY_TIME_VARIABLE, time_limit.as_secs_f64().to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let stderr = child.stderr.take().expect("stderr is piped");
        let (sender, output) = mpsc::channel();
        thread::spawn(move || read_lines(stdout, sender));
        let stderr_copier = Some(thread::spawn(move || copy_capped(stderr, stderr_log)));
        let stdin = child.stdin.take();
        Ok(PlayerProcess {
            child,
            stdin,
            output,
            used: Duration::ZERO,
            peak_memory: 0,
            turn_started: Instant::now(),
            suspend_between_turns,
            suspended: false,
            stderr_copier,
        })
    }

    /// Sends one line, continuing the program first if it was stopped. A program that has gone
    /// away cannot be written to; that is noticed when its move is awaited, so the error is
    /// ignored here.
    pub fn send(&mut self, line: &str) {
        self.resume();
        if let Some(stdin) = self.stdin.as_mut() {
            if writeln!(stdin, "{line}").and_then(|_| stdin.flush()).is_err() {
                self.stdin = None;
            }
        }
    }

    /// Its turn is over: stop it until its next line (when suspension is on).
    pub fn end_turn(&mut self) {
        if self.suspend_between_turns && !self.suspended {
            self.signal(libc::SIGSTOP);
            self.suspended = true;
        }
    }

    fn resume(&mut self) {
        if self.suspended {
            self.signal(libc::SIGCONT);
            self.suspended = false;
        }
    }

    /// Sends `signal` to the program's whole process group.
    fn signal(&self, signal: libc::c_int) {
        let group = self.child.id() as libc::pid_t;
        // SAFETY: kill(2) with a negative pid signals that process group; it touches no memory.
        unsafe {
            libc::kill(-group, signal);
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

    /// Waits for its next line, charging the time, within `limit` total for the game; samples its
    /// memory while it thinks.
    pub fn await_line(&mut self, limit: Duration) -> (Reply, Instant) {
        self.resume();
        let left = limit.saturating_sub(self.used);
        let deadline = self.turn_started + left;
        loop {
            let wait = deadline.saturating_duration_since(Instant::now()).min(MEMORY_SAMPLE_INTERVAL);
            match self.output.recv_timeout(wait) {
                Ok(Output::Line(line, at)) => {
                    let spent = at.saturating_duration_since(self.turn_started);
                    self.used += spent;
                    self.sample_memory();
                    let reply = if self.used > limit { Reply::Timeout } else { Reply::Line(line, spent) };
                    return (reply, at);
                }
                Ok(Output::Closed) | Err(RecvTimeoutError::Disconnected) => {
                    self.used += self.turn_started.elapsed().min(left);
                    return (Reply::Closed, Instant::now());
                }
                Err(RecvTimeoutError::Timeout) if Instant::now() >= deadline => {
                    self.used = limit.max(self.used);
                    return (Reply::Timeout, Instant::now());
                }
                Err(RecvTimeoutError::Timeout) => self.sample_memory(),
            }
        }
    }

    /// Reads the peak resident size of every process in the program's group from `/proc` (where
    /// there is one) and keeps the largest sum seen. `VmHWM` is a high-water mark, so a sample
    /// sees the largest size each living process ever had up to then.
    pub fn sample_memory(&mut self) {
        let group = self.child.id();
        let total: u64 = group_members(group).into_iter().filter_map(peak_resident_bytes).sum();
        self.peak_memory = self.peak_memory.max(total);
    }

    /// Sends `Quit`, closes stdin and waits a little for the program to exit; then kills its whole
    /// process group. Returns whether it exited by itself with status 0.
    pub fn finish(mut self, grace: Duration) -> bool {
        self.send("Quit");
        self.stdin = None;
        let until = Instant::now() + grace;
        let clean = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break status.success(),
                Ok(None) if Instant::now() < until => thread::sleep(Duration::from_millis(2)),
                _ => break false,
            }
        };
        // Whatever it left behind in its group goes too.
        self.signal(libc::SIGKILL);
        let _ = self.child.kill();
        let _ = self.child.wait();
        if let Some(copier) = self.stderr_copier.take() {
            let _ = copier.join();
        }
        clean
    }
}

/// Turns a program's stdout into timestamped lines, keeping at most [`MAX_REPLY_BYTES`] of each
/// (a longer line arrives cut, with a note that cannot be a move).
fn read_lines(stdout: ChildStdout, sender: Sender<Output>) {
    let mut reader = BufReader::new(stdout);
    let mut kept = Vec::new();
    loop {
        kept.clear();
        let mut length = 0usize;
        let mut newline = false;
        while !newline {
            let available = match reader.fill_buf() {
                Ok([]) | Err(_) => break,
                Ok(bytes) => bytes,
            };
            let chunk = match available.iter().position(|&b| b == b'\n') {
                Some(end) => {
                    newline = true;
                    &available[..end]
                }
                None => available,
            };
            let room = MAX_REPLY_BYTES.saturating_sub(kept.len());
            kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
            length += chunk.len();
            let used = chunk.len() + usize::from(newline);
            reader.consume(used);
        }
        if !newline && length == 0 {
            let _ = sender.send(Output::Closed);
            return;
        }
        let at = Instant::now();
        let text = String::from_utf8_lossy(&kept);
        let mut line = text.strip_suffix('\r').unwrap_or(&text).to_string();
        if length > MAX_REPLY_BYTES {
            line = format!("{} [a line of {length} bytes]", clip(&line, 40));
        }
        if sender.send(Output::Line(line, at)).is_err() || !newline {
            // A last line without a newline is still a line; the end of output follows.
            let _ = sender.send(Output::Closed);
            return;
        }
    }
}

/// Copies a program's stderr to its log, the first [`STDERR_KEPT_BYTES`] bytes only, and notes
/// how much was dropped. Keeps reading to the end so that the program never blocks on a full pipe.
fn copy_capped(mut stderr: ChildStderr, mut log: File) {
    let mut buffer = [0u8; 8192];
    let (mut kept, mut dropped) = (0usize, 0u64);
    loop {
        let n = match stderr.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        let keep = n.min(STDERR_KEPT_BYTES - kept);
        if keep > 0 && log.write_all(&buffer[..keep]).is_err() {
            return;
        }
        kept += keep;
        dropped += (n - keep) as u64;
    }
    if dropped > 0 {
        let _ = writeln!(
            log,
            "\n[jury: stderr cut after {STDERR_KEPT_BYTES} bytes; {dropped} more bytes dropped]"
        );
    }
}

/// The processes in process group `group` (from `/proc/*/stat`).
fn group_members(group: u32) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else { return vec![group] };
    entries
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|&pid| {
            let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { return false };
            // After the command name in parentheses: state, parent, process group.
            let fields: Vec<&str> =
                stat.rsplit_once(')').map_or("", |(_, rest)| rest).split_whitespace().collect();
            fields.get(2).and_then(|g| g.parse::<u32>().ok()) == Some(group)
        })
        .collect()
}

/// A process's peak resident size (`VmHWM`), in bytes.
fn peak_resident_bytes(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let kib = status.lines().find_map(|l| l.strip_prefix("VmHWM:"))?.trim().trim_end_matches("kB").trim();
    kib.parse::<u64>().ok().map(|kib| kib * 1024)
}
