//! Fits the move priors of `polyy::knowledge` to the 2014 contest records and writes
//! `crates/polyy/src/knowledge_table.rs`; prints the model's accuracy on the held-out records.
//!
//! `cargo run --release -p polyy --example polyy_learn` (twice after a change to the feature
//! groups: the first run writes the field classes the second one's table depends on).

use std::path::Path;
use std::time::Instant;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let records = testkit::data_file("polyy-games-2014.txt");
    let started = Instant::now();
    let (table, accuracy) = polyy::knowledge::learn(&records).unwrap_or_else(|e| panic!("{e}"));
    let table_path = root.join("src/knowledge_table.rs");
    std::fs::write(&table_path, table)
        .unwrap_or_else(|e| panic!("cannot write {}: {e}", table_path.display()));
    println!("wrote {} in {:.1} s", table_path.display(), started.elapsed().as_secs_f64());
    println!("held-out records: {accuracy}");
}
