//! Landing effects read for every site at once: the board's steps as
//! shifts of site bitsets, and the converting effects that can be read
//! that way (derived when the game is compiled, see `engine/flank.rs`).

use super::{KindId, Kinds, SideSet};

/// The most words of site bitsets a [`Flanks`] reads: boards of at most
/// 256 sites.
pub const FLANK_WORDS: usize = 4;

/// A board direction along which every site's neighbour is the site
/// `offset` indices on: one step of every site at once is a bit shift.
#[derive(Clone, Debug)]
pub struct Shift {
    pub offset: i32,
    /// The sites with a neighbour in the direction.
    pub has: [u64; FLANK_WORDS],
}

/// A converting line effect whose sites are found with bitsets: its
/// conditions are each the pieces of some sides, whatever their kind, and
/// no site meets both.
#[derive(Clone, Debug)]
pub struct FlankRun {
    pub dirs: u32,
    /// The least and the most sites in a run (the least at least 1).
    pub min: u32,
    pub max: u32,
    /// Per mover side: the sides whose pieces the run passes over.
    pub over: Box<[SideSet]>,
    /// Per mover side: the sides whose pieces close the run; `None`
    /// when nothing needs to close it.
    pub to: Option<Box<[SideSet]>>,
    /// The kind a converted piece becomes (else it keeps its own).
    pub kind: Option<KindId>,
}

/// What reads landing effects with bitsets (empty when the board cannot).
#[derive(Clone, Debug, Default)]
pub struct Flanks {
    /// Per board direction, its shift, if the direction is one.
    pub shifts: Vec<Option<Shift>>,
    /// Per piece kind: its converting effects, when every one of them is
    /// read with bitsets (and it has some).
    pub kinds: Vec<Option<Box<[FlankRun]>>>,
    /// The kinds whose every landing effect is one of their runs, so
    /// that a landing is applied from the runs alone.
    pub encloses: Kinds,
}
