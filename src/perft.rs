//! perft: the number of legal move sequences of a given length.
//!
//! A position where the game is over has no legal moves, so a move that ends
//! the game counts at its own depth and adds nothing below it. As chess
//! engines' perft does, it leaves out the draw rules that read the game's
//! history (`repetitions`, `since(...)`, `perpetual check`): the tree
//! counted is that of the moves, whatever was played before. A game whose
//! phase conditions read the history is the exception: its moves depend on
//! it, so perft keeps it, move by move, as play does; so is a game whose
//! constraint or end rule reads `repeated` (a board seen before ends its
//! tree, or refuses a move).

use crate::rules::{Move, Rules, State};

/// perft(depth) from `st`, counting the last level in bulk.
pub fn perft(rules: &Rules, st: &State, depth: u32) -> u64 {
    let mut root = perft_root(rules, st);
    // One list of moves and one position per level, reused for every
    // move made there: nothing is allocated per move (but the history,
    // where it is kept).
    let mut levels: Vec<(Vec<Move>, State)> = (0..depth)
        .map(|_| (Vec::with_capacity(256), root.clone()))
        .collect();
    count(rules, &mut root, depth, &mut levels)
}

/// `st` as perft reads it: without the history its draw rules read,
/// unless a phase condition reads it.
fn perft_root(rules: &Rules, st: &State) -> State {
    let mut root = st.clone();
    if !rules.phases_read_history {
        root.history = None;
    }
    root
}

/// The leaves `depth` plies below `st`, a position played without asking
/// whether its side to move has a legal move ([`Rules::play_unsettled`]): the
/// moves listed here answer that ([`Rules::list_settling`]).
fn count(rules: &Rules, st: &mut State, depth: u32, levels: &mut [(Vec<Move>, State)]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let ((buf, next), rest) = levels.split_first_mut().expect("one level per depth");
    rules.list_settling(st, buf);
    if depth == 1 {
        return buf.len() as u64;
    }
    let mut total = 0;
    for &mv in buf.iter() {
        // The history's buffers are kept from one move to the next.
        let history = next.history.take();
        next.copy_from(st);
        if let Some(h) = &st.history {
            let mut kept = history.unwrap_or_else(|| h.clone());
            kept.clone_from(h);
            next.history = Some(kept);
        }
        rules.play_unsettled(next, mv);
        total += count(rules, next, depth - 1, rest);
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
    let st = &perft_root(rules, st);
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
