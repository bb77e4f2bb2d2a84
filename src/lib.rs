//! tavoliere: a board-game rules interpreter whose games are data files.
pub mod syntax;
pub mod diag;
pub mod raw;
pub mod board;
pub mod compile;
pub mod engine;
pub mod rules;
pub mod notation;
pub mod perft;
pub mod playout;
pub mod render;
pub mod scenario;
