//! Zobrist hashing, shared by the games: SplitMix64 as `const fn`s, so that key tables are built at
//! compile time, and the usual table of one key per place and colour.

const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's finaliser: mixes 64 bits so that near inputs land far apart.
pub const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One step of SplitMix64: the next state and the number it gives.
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(GOLDEN_GAMMA);
    (state, mix64(state))
}

/// One key per place for each of two colours (or seats), drawn from SplitMix64 seeded with
/// `seed`: the first colour's `N` keys, then the second's.
pub const fn keys_per_colour<const N: usize>(seed: u64) -> [[u64; N]; 2] {
    let mut keys = [[0; N]; 2];
    let mut state = seed;
    let mut i = 0;
    while i < 2 * N {
        let (next, key) = splitmix64(state);
        state = next;
        keys[i / N][i % N] = key;
        i += 1;
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_gives_the_reference_sequence() {
        // The first outputs of SplitMix64 from state 0, as its reference implementation prints them.
        let (state, first) = splitmix64(0);
        assert_eq!(first, 0xE220_A839_7B1D_CDAF);
        assert_eq!(splitmix64(state).1, 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn keys_are_distinct_and_follow_the_stream() {
        let keys: [[u64; 50]; 2] = keys_per_colour(7);
        let mut all: Vec<u64> = keys.iter().flatten().copied().collect();
        assert_eq!(all[50], keys[1][0]);
        assert_eq!(keys[0][0], splitmix64(7).1);
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 100);
    }
}
