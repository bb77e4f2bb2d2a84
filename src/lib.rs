//! tavoliere: a board-game rules interpreter whose games are data files.
//!
//! Load a game with [`compile::load`] (or [`compile::from_source`]), then
//! play it through [`rules::Rules`]: `legal_moves`, `play`, `outcome`.

// Diagnostics are large, and only ever built on the way out of a failed
// load: boxing them would cost clarity for no speed that matters.
#![allow(clippy::result_large_err)]
pub mod actions;
pub mod agent;
pub mod analyze;
pub mod board;
pub mod compile;
pub mod diag;
pub mod engine;
pub mod notation;
pub mod observe;
pub mod perft;
pub mod playout;
pub mod raw;
pub mod render;
pub mod rules;
pub mod scenario;
pub mod search;
pub mod svg;
pub mod syntax;
