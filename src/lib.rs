//! tavoliere: a board-game rules interpreter whose games are data files.
pub mod board;
pub mod compile;
pub mod diag;
pub mod engine;
pub mod notation;
pub mod perft;
pub mod playout;
pub mod raw;
pub mod render;
pub mod rules;
pub mod scenario;
pub mod syntax;
