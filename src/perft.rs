//! perft: the number of legal move sequences of a given length.
//!
//! A position where the game is over has no legal moves, so a move that ends
//! the game counts at its own depth and adds nothing below it. As chess
//! engines' perft does, it leaves out the draw rules that read the game's
//! history (`repetitions`, `since(...)`, `perpetual check`): the tree
//! counted is that of the moves, whatever was played before.

use crate::rules::{Move, Rules, State};

/// perft(depth) from `st`, counting the last level in bulk.
pub fn perft(rules: &Rules, st: &State, depth: u32) -> u64 {
    let mut bufs: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(256)).collect();
    count(rules, &without_history(st), depth, &mut bufs)
}

/// `st` without the history its draw rules read.
fn without_history(st: &State) -> State {
    let mut root = st.clone();
    root.history = None;
    root
}

fn count(rules: &Rules, st: &State, depth: u32, bufs: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (buf, rest) = bufs.split_first_mut().expect("one buffer per level");
    rules.legal_moves(st, buf);
    if depth == 1 {
        return buf.len() as u64;
    }
    let mut total = 0;
    for &mv in buf.iter() {
        let mut next = st.clone();
        rules.play(&mut next, mv);
        total += count(rules, &next, depth - 1, rest);
    }
    total
}

/// perft(depth - 1) after each legal first move.
pub fn divide(rules: &Rules, st: &State, depth: u32) -> Vec<(Move, u64)> {
    divide_telling(rules, st, depth, &mut |_, _| {})
}

/// [`divide`], telling `done` the number of first moves counted so far and
/// how many there are, after each one: for a progress bar.
pub fn divide_telling(
    rules: &Rules,
    st: &State,
    depth: u32,
    done: &mut dyn FnMut(usize, usize),
) -> Vec<(Move, u64)> {
    let st = &without_history(st);
    let mut moves = Vec::new();
    rules.legal_moves(st, &mut moves);
    let n_moves = moves.len();
    moves
        .into_iter()
        .enumerate()
        .map(|(i, mv)| {
            let mut next = st.clone();
            rules.play(&mut next, mv);
            let n = perft(rules, &next, depth.saturating_sub(1));
            done(i + 1, n_moves);
            (mv, n)
        })
        .collect()
}
