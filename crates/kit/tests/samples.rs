//! The sample file: what is written is read back, a series resumes after its last whole game,
//! and a file of another game or cut inside a record is handled as its page says.

use std::path::PathBuf;

use kit::samples::{Header, Sample, SampleReader, SampleWriter};

fn header() -> Header {
    Header { game: "toy".to_string(), position_bytes: 3 }
}

fn sample(game: u32, ply: u16) -> Sample {
    Sample {
        game,
        ply,
        score: -300 + i16::try_from(ply).unwrap(),
        result: [1, 0, -1][ply as usize % 3],
        position: vec![game as u8, ply as u8, 0xff],
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kit-samples-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

fn write_games(path: &std::path::Path, games: std::ops::Range<u32>) -> Vec<u32> {
    let (mut writer, done) = SampleWriter::append(path, header()).unwrap();
    for game in games {
        for ply in 0..5 {
            writer.push(&sample(game, ply));
        }
        writer.end_game().unwrap();
    }
    done
}

fn read_all(path: &std::path::Path) -> Vec<Sample> {
    let mut reader = SampleReader::open(path).unwrap();
    assert_eq!(reader.header(), &header());
    let mut samples = Vec::new();
    while let Some(sample) = reader.next_sample().unwrap() {
        samples.push(sample);
    }
    samples
}

#[test]
fn samples_are_read_back_as_written() {
    let path = scratch("plain.samples");
    assert_eq!(write_games(&path, 0..3), Vec::<u32>::new());
    let expected: Vec<Sample> = (0..3).flat_map(|g| (0..5).map(move |p| sample(g, p))).collect();
    assert_eq!(read_all(&path), expected);
    assert_eq!(std::fs::metadata(&path).unwrap().len(), 8 + 1 + 3 + 2 + 15 * (9 + 3));
}

#[test]
fn a_resumed_series_keeps_its_whole_games_and_plays_the_last_again() {
    let path = scratch("resumed.samples");
    write_games(&path, 0..3);
    // Cut the file inside game 2's fourth record, as a killed writer could leave it.
    let cut = std::fs::metadata(&path).unwrap().len() - 12 - 5;
    std::fs::OpenOptions::new().write(true).open(&path).unwrap().set_len(cut).unwrap();
    assert_eq!(read_all(&path).len(), 13, "the reader stops before the broken record");

    // Game 2 is dropped whole, then played again with game 3.
    assert_eq!(write_games(&path, 2..4), vec![0, 1]);
    let expected: Vec<Sample> = (0..4).flat_map(|g| (0..5).map(move |p| sample(g, p))).collect();
    assert_eq!(read_all(&path), expected);
}

#[test]
fn a_file_of_another_game_or_no_samples_at_all_is_refused() {
    let path = scratch("other.samples");
    write_games(&path, 0..2);
    let other = Header { game: "dvonn".to_string(), position_bytes: 3 };
    let error = SampleWriter::append(&path, other).err().map(|e| e.to_string()).unwrap();
    assert!(error.contains("holds toy positions of 3 bytes, not dvonn"), "{error}");

    let junk = scratch("junk.samples");
    std::fs::write(&junk, b"moves: a1 b2\n").unwrap();
    let error = SampleReader::open(&junk).err().unwrap();
    assert!(error.contains("not a sample file"), "{error}");
}
