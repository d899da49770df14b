//! Labelled positions from self-play, in a compact binary file any game can write and any trainer
//! can read: the game encodes a position in a fixed number of bytes of its own choosing, and each
//! record adds what a learned evaluation is fitted to, from the side to move's point of view.
//!
//! ```text
//! header:  "SAMPLES1", game name length (u8), game name, position bytes (u16 LE)
//! record:  game (u32 LE), ply (u16 LE), score (i16 LE), result (i8), position bytes
//! ```
//!
//! `game` is the game's number in the self-play series (so that a held-out set is whole games
//! and a resumed series knows where it stopped), `score` the search's score in the game's units
//! and `result` +1, 0 or -1 for a win, a draw or a loss of the side to move. Records of one game
//! are written together and flushed, so a file cut short holds whole games but for the last,
//! which [`SampleWriter::append`] drops when it resumes.

use std::fs::{File, OpenOptions};
use std::io::{self, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::Path;

const MAGIC: &[u8; 8] = b"SAMPLES1";
/// Bytes of a record besides the position.
const RECORD_HEAD: usize = 4 + 2 + 2 + 1;

/// One labelled position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    pub game: u32,
    pub ply: u16,
    /// The search's score for the side to move, in the game's units.
    pub score: i16,
    /// +1 won, 0 drawn, -1 lost, for the side to move.
    pub result: i8,
    pub position: Vec<u8>,
}

/// What a sample file holds: whose positions, and how many bytes each takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub game: String,
    pub position_bytes: usize,
}

impl Header {
    fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        bytes.push(self.game.len() as u8);
        bytes.extend_from_slice(self.game.as_bytes());
        bytes.extend_from_slice(&(self.position_bytes as u16).to_le_bytes());
        bytes
    }

    fn read(reader: &mut impl Read) -> Result<Header, String> {
        let mut magic = [0u8; 8];
        reader.read_exact(&mut magic).map_err(|_| "not a sample file: too short".to_string())?;
        if &magic != MAGIC {
            return Err("not a sample file: it does not start with SAMPLES1".to_string());
        }
        let mut length = [0u8; 1];
        reader.read_exact(&mut length).map_err(|e| e.to_string())?;
        let mut name = vec![0u8; usize::from(length[0])];
        reader.read_exact(&mut name).map_err(|e| e.to_string())?;
        let mut size = [0u8; 2];
        reader.read_exact(&mut size).map_err(|e| e.to_string())?;
        Ok(Header {
            game: String::from_utf8(name).map_err(|_| "the game's name is not UTF-8")?,
            position_bytes: usize::from(u16::from_le_bytes(size)),
        })
    }

    fn len(&self) -> usize {
        MAGIC.len() + 1 + self.game.len() + 2
    }

    fn record_len(&self) -> usize {
        RECORD_HEAD + self.position_bytes
    }
}

/// Reads the records of a sample file one by one.
pub struct SampleReader<R> {
    reader: R,
    header: Header,
    record: Vec<u8>,
}

impl SampleReader<BufReader<File>> {
    pub fn open(path: &Path) -> Result<Self, String> {
        let file = File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        SampleReader::new(BufReader::new(file)).map_err(|e| format!("{}: {e}", path.display()))
    }
}

impl<R: Read> SampleReader<R> {
    pub fn new(mut reader: R) -> Result<Self, String> {
        let header = Header::read(&mut reader)?;
        let record = vec![0u8; header.record_len()];
        Ok(SampleReader { reader, header, record })
    }

    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The next whole record; `None` at the end of the file or before a record cut short.
    pub fn next_sample(&mut self) -> Result<Option<Sample>, String> {
        let mut filled = 0;
        while filled < self.record.len() {
            match self.reader.read(&mut self.record[filled..]) {
                Ok(0) => return Ok(None),
                Ok(n) => filled += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e.to_string()),
            }
        }
        let r = &self.record;
        Ok(Some(Sample {
            game: u32::from_le_bytes([r[0], r[1], r[2], r[3]]),
            ply: u16::from_le_bytes([r[4], r[5]]),
            score: i16::from_le_bytes([r[6], r[7]]),
            result: r[8] as i8,
            position: r[RECORD_HEAD..].to_vec(),
        }))
    }
}

/// Appends games of records to a sample file.
pub struct SampleWriter {
    file: BufWriter<File>,
    header: Header,
    pending: Vec<u8>,
}

impl SampleWriter {
    /// Opens `path` to add to it, creating it with `header` if it does not exist. Returns the
    /// writer and the numbers of the games the file already holds whole: every game but the last
    /// one in the file, which may have been cut short and is dropped (the series plays it again).
    pub fn append(path: &Path, header: Header) -> Result<(SampleWriter, Vec<u32>), String> {
        let shown = path.display();
        let mut games = Vec::new();
        let mut keep = header.len() as u64;
        if path.exists() {
            let mut reader = SampleReader::open(path)?;
            if reader.header() != &header {
                return Err(format!(
                    "{shown} holds {} positions of {} bytes, not {} positions of {} bytes",
                    reader.header().game,
                    reader.header().position_bytes,
                    header.game,
                    header.position_bytes
                ));
            }
            // Whole games end where the next game starts.
            let mut offset = header.len() as u64;
            let mut current = None;
            while let Some(sample) = reader.next_sample().map_err(|e| format!("{shown}: {e}"))? {
                if current != Some(sample.game) {
                    if let Some(game) = current {
                        games.push(game);
                        keep = offset;
                    }
                    current = Some(sample.game);
                }
                offset += header.record_len() as u64;
            }
        }
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(|e| format!("cannot write {shown}: {e}"))?;
        let io_error = |e: io::Error| format!("{shown}: {e}");
        if games.is_empty() {
            file.set_len(0).map_err(io_error)?;
            file.write_all(&header.to_bytes()).map_err(io_error)?;
        } else {
            file.set_len(keep).map_err(io_error)?;
            file.seek(SeekFrom::End(0)).map_err(io_error)?;
        }
        Ok((SampleWriter { file: BufWriter::new(file), header, pending: Vec::new() }, games))
    }

    /// Adds a record to the current game (written by [`SampleWriter::end_game`]).
    pub fn push(&mut self, sample: &Sample) {
        debug_assert_eq!(sample.position.len(), self.header.position_bytes);
        self.pending.extend_from_slice(&sample.game.to_le_bytes());
        self.pending.extend_from_slice(&sample.ply.to_le_bytes());
        self.pending.extend_from_slice(&sample.score.to_le_bytes());
        self.pending.push(sample.result as u8);
        self.pending.extend_from_slice(&sample.position);
    }

    /// Writes the current game's records and flushes them.
    pub fn end_game(&mut self) -> Result<(), String> {
        self.file.write_all(&self.pending).map_err(|e| e.to_string())?;
        self.file.flush().map_err(|e| e.to_string())?;
        self.pending.clear();
        Ok(())
    }
}
