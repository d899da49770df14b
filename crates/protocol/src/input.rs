//! Input as a hostile or clumsy sender may give it: lines of any length, any bytes, any number
//! of them. The bot keeps at most [`MAX_LINE_BYTES`] of a line (the rest is read and dropped up to
//! its newline), so memory stays flat whatever arrives, and every message about a bad line quotes
//! a short, escaped prefix only. Diagnostics stop after [`MAX_REPORTS`] refusals.

use std::io::{self, BufRead, Write};

/// The longest line kept. Every move of every game fits in a few dozen bytes (a Symple expansion
/// names at most a few dozen points), so this is far beyond any legal line.
pub const MAX_LINE_BYTES: usize = 4096;

/// How many characters of a refused line a message quotes.
pub const QUOTED_CHARS: usize = 24;

/// How many characters of a rules error a message keeps (errors may quote the line themselves).
pub const REASON_CHARS: usize = 120;

/// How many refused lines are reported on stderr; the rest are refused silently.
pub const MAX_REPORTS: usize = 20;

/// One line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A non-blank line, trimmed (a trailing `\r` included); bytes that are not UTF-8 are kept as
    /// replacement characters, so no parser accepts them.
    Text(String),
    /// A line longer than [`MAX_LINE_BYTES`]: its first bytes (as [`Line::Text`] would give them)
    /// and its full length in bytes.
    TooLong(String, u64),
}

/// Reads lines with a bounded buffer.
pub struct LineReader<'a> {
    input: &'a mut dyn BufRead,
    kept: Vec<u8>,
}

impl<'a> LineReader<'a> {
    pub fn new(input: &'a mut dyn BufRead) -> LineReader<'a> {
        LineReader { input, kept: Vec::with_capacity(256) }
    }

    /// The next non-blank line; `None` at the end of input (a last line without a newline counts).
    pub fn next_line(&mut self) -> io::Result<Option<Line>> {
        loop {
            self.kept.clear();
            let mut length: u64 = 0;
            let mut ended = false;
            loop {
                let available = match self.input.fill_buf() {
                    Ok(bytes) => bytes,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(e),
                };
                if available.is_empty() {
                    ended = true;
                    break;
                }
                let (chunk, found_newline) = match available.iter().position(|&b| b == b'\n') {
                    Some(end) => (&available[..end], true),
                    None => (available, false),
                };
                let room = MAX_LINE_BYTES.saturating_sub(self.kept.len());
                self.kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
                length += chunk.len() as u64;
                let used = chunk.len() + usize::from(found_newline);
                self.input.consume(used);
                if found_newline {
                    break;
                }
            }
            if ended && length == 0 {
                return Ok(None);
            }
            let text = String::from_utf8_lossy(&self.kept);
            let text = text.trim();
            if length > MAX_LINE_BYTES as u64 {
                return Ok(Some(Line::TooLong(text.to_string(), length)));
            }
            if !text.is_empty() {
                return Ok(Some(Line::Text(text.to_string())));
            }
            if ended {
                return Ok(None);
            }
        }
    }
}

/// At most `max_chars` characters of `text`, control and other unprintable characters escaped
/// (`\0`, `\u{1b}`), with `…` when something was cut.
pub fn clip(text: &str, max_chars: usize) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == max_chars {
            out.push('…');
            break;
        }
        if c == '\u{fffd}' {
            // The stand-in for bytes that were not UTF-8.
            out.extend(c.escape_unicode());
        } else if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}

/// The bot's messages about refused input: one short line each, and silence after
/// [`MAX_REPORTS`] of them, so that stderr stays small whatever arrives.
pub struct Reports<'a> {
    prefix: &'static str,
    out: &'a mut dyn Write,
    refused: usize,
}

impl<'a> Reports<'a> {
    pub fn new(prefix: &'static str, out: &'a mut dyn Write) -> Reports<'a> {
        Reports { prefix, out, refused: 0 }
    }

    /// Reports a refused line: `what` says where it was refused, `line` is quoted short.
    pub fn refused(&mut self, what: &str, line: &Line, reason: &str) {
        self.refused += 1;
        if self.refused > MAX_REPORTS + 1 {
            return;
        }
        let message = if self.refused > MAX_REPORTS {
            format!("more than {MAX_REPORTS} lines refused; no more are reported")
        } else {
            match line {
                Line::Text(text) => {
                    format!("ignored {what} '{}': {}", clip(text, QUOTED_CHARS), clip(reason, REASON_CHARS))
                }
                Line::TooLong(prefix, length) => format!(
                    "ignored {what} of {length} bytes (at most {MAX_LINE_BYTES}) starting '{}'",
                    clip(prefix, QUOTED_CHARS)
                ),
            }
        };
        self.note(&message);
    }

    /// Writes one line of diagnostics (best effort: a closed stderr must not stop the game).
    pub fn note(&mut self, message: &str) {
        let _ = writeln!(self.out, "{}: {message}", self.prefix);
    }

    /// The stream itself, for drawings the user asked for (`--show`).
    pub fn stream(&mut self) -> &mut dyn Write {
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<Line> {
        let mut bytes = input;
        let mut reader = LineReader::new(&mut bytes);
        let mut out = Vec::new();
        while let Some(line) = reader.next_line().unwrap() {
            out.push(line);
        }
        out
    }

    #[test]
    fn lines_are_trimmed_blank_ones_skipped_and_the_last_needs_no_newline() {
        let text = |s: &str| Line::Text(s.to_string());
        assert_eq!(lines(b" A1 \r\n\n\r\nB2\nC3"), [text("A1"), text("B2"), text("C3")]);
        assert_eq!(lines(b""), []);
        assert_eq!(lines(b"\n\n  \n"), []);
        assert_eq!(lines(b"\xff\x00x\n"), [text("\u{fffd}\0x")]);
    }

    #[test]
    fn an_over_long_line_is_cut_and_the_next_one_read_whole() {
        let mut input = vec![b'x'; 3 * MAX_LINE_BYTES];
        input.extend_from_slice(b"\nStart\n");
        let read = lines(&input);
        assert_eq!(read.len(), 2);
        match &read[0] {
            Line::TooLong(prefix, length) => {
                assert_eq!(prefix.len(), MAX_LINE_BYTES);
                assert_eq!(*length, 3 * MAX_LINE_BYTES as u64);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(read[1], Line::Text("Start".to_string()));
        // Exactly the limit is still a line.
        assert!(matches!(lines(&vec![b'y'; MAX_LINE_BYTES])[0], Line::Text(_)));
    }

    #[test]
    fn clipping_escapes_and_marks_the_cut() {
        assert_eq!(clip("abc", 5), "abc");
        assert_eq!(clip("abcdef", 3), "abc…");
        assert_eq!(clip("a\0b\x1b\u{fffd}", 10), "a\\0b\\u{1b}\\u{fffd}");
    }

    #[test]
    fn reports_stop_after_the_limit() {
        let mut out = Vec::new();
        let mut reports = Reports::new("game", &mut out);
        let long = Line::TooLong("z".repeat(MAX_LINE_BYTES), 1 << 30);
        for _ in 0..1000 {
            reports.refused("line", &long, "unused");
            reports.refused("move", &Line::Text("q".repeat(4000)), &"r".repeat(4000));
        }
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), MAX_REPORTS + 1, "{text}");
        assert!(text.len() < 6000, "{} bytes", text.len());
        assert!(text.lines().last().unwrap().contains("no more are reported"));
        assert!(text.lines().next().unwrap().contains("1073741824 bytes"));
    }
}
