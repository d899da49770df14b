//! Slow references for games on a square grid with orthogonal steps (Symple, Ayu), written from
//! coordinates and lists alone, so that a test compares the crate's bit sets and flood fills with
//! an independent reading of the rules.

/// The points orthogonally next to column `col`, row `row` on a `size`×`size` board, each made
/// by `at(col, row)` (the game's own point type, or a pair).
pub fn neighbours<P>(col: usize, row: usize, size: usize, at: impl Fn(usize, usize) -> P) -> Vec<P> {
    let mut around = Vec::with_capacity(4);
    if col > 0 {
        around.push(at(col - 1, row));
    }
    if col + 1 < size {
        around.push(at(col + 1, row));
    }
    if row > 0 {
        around.push(at(col, row - 1));
    }
    if row + 1 < size {
        around.push(at(col, row + 1));
    }
    around
}

/// Everything reachable from `seeds` by steps to `neighbours` inside `within` (the seeds
/// included, first), breadth first over plain lists.
pub fn flood<P: Copy + PartialEq>(seeds: &[P], within: &[P], neighbours: impl Fn(P) -> Vec<P>) -> Vec<P> {
    let mut reached = seeds.to_vec();
    let mut next = 0;
    while next < reached.len() {
        for neighbour in neighbours(reached[next]) {
            if within.contains(&neighbour) && !reached.contains(&neighbour) {
                reached.push(neighbour);
            }
        }
        next += 1;
    }
    reached
}

/// The connected parts of `points`, in the order of their first point.
pub fn parts<P: Copy + PartialEq>(points: &[P], neighbours: impl Fn(P) -> Vec<P>) -> Vec<Vec<P>> {
    let mut parts: Vec<Vec<P>> = Vec::new();
    for &point in points {
        if !parts.iter().any(|part| part.contains(&point)) {
            parts.push(flood(&[point], points, &neighbours));
        }
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_have_two_neighbours_and_parts_split_where_the_grid_does() {
        let pair = |c, r| (c, r);
        assert_eq!(neighbours(0, 0, 3, pair), [(1, 0), (0, 1)]);
        assert_eq!(neighbours(1, 1, 3, pair).len(), 4);
        let step = |(c, r): (usize, usize)| neighbours(c, r, 3, pair);
        let points = [(0, 0), (1, 0), (2, 2), (2, 1), (0, 2)];
        assert_eq!(parts(&points, step), [vec![(0, 0), (1, 0)], vec![(2, 2), (2, 1)], vec![(0, 2)]]);
    }
}
