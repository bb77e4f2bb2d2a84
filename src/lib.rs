//! tavoliere: a board-game rules interpreter whose games are data files.
pub mod syntax;
