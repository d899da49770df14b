//! Fits the move priors of `ayu::knowledge` to the winners' moves of the 2015 contest records and
//! writes `crates/ayu/src/knowledge_table.rs`; prints the model's accuracy on the held-out records.
//!
//! `cargo run --release -p ayu --example ayu_learn`

use std::path::Path;
use std::time::Instant;

fn main() {
    let records = testkit::data_file("ayu-games-2015.txt");
    let started = Instant::now();
    let (table, accuracy) = ayu::knowledge::learn(&records).unwrap_or_else(|e| panic!("{e}"));
    let table_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/knowledge_table.rs");
    std::fs::write(&table_path, table)
        .unwrap_or_else(|e| panic!("cannot write {}: {e}", table_path.display()));
    println!("wrote {} in {:.1} s", table_path.display(), started.elapsed().as_secs_f64());
    println!("held-out records: {accuracy}");
}
