//! What FEN's fields stand for (`[fen]`): their order, castling rights as
//! a flag on a king kind and a rook kind, the en passant square as the last
//! move of a kind, the sides' letters, where the pieces in hand are
//! written, and which `since(...)` counter is the halfmove clock.

/// One field of a FEN, as `[fen] fields` names it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FenField {
    Board,
    Side,
    Castling,
    EnPassant,
    /// Plies since the last capture or pawn move: a `since(...)` counter.
    Halfmove,
    /// FEN's move number: 1 at the start, one more after the last side of
    /// the turn order has moved.
    Fullmove,
    /// SFEN's move number: 1 at the start, one more after every ply.
    Ply,
    /// The pieces in hand as a field of their own (SFEN: `2P3pS`, `-`).
    Hands,
    /// A counter of `[counters]`, by index: each side's value, in side
    /// order, joined by `+` (`3+3`); read also as `+W+B`, the moves each
    /// side counted (lichess's form), anywhere after the board.
    Counter(u16),
}

impl FenField {
    /// Every field, with its name in `[fen] fields`.
    pub const NAMES: [(&'static str, FenField); 8] = [
        ("board", FenField::Board),
        ("side", FenField::Side),
        ("castling", FenField::Castling),
        ("en_passant", FenField::EnPassant),
        ("halfmove", FenField::Halfmove),
        ("fullmove", FenField::Fullmove),
        ("ply", FenField::Ply),
        ("hands", FenField::Hands),
    ];

    /// The fields of FEN when `[fen] fields` is not given.
    pub const FEN: [FenField; 6] = [
        FenField::Board,
        FenField::Side,
        FenField::Castling,
        FenField::EnPassant,
        FenField::Halfmove,
        FenField::Fullmove,
    ];

    /// The index of the counter the field is, if it is one.
    pub fn counter(&self) -> Option<u16> {
        match self {
            FenField::Counter(i) => Some(*i),
            _ => None,
        }
    }

    /// The field's name in `[fen] fields` (empty for a counter's).
    pub fn name(self) -> &'static str {
        (Self::NAMES.iter())
            .find(|(_, f)| *f == self)
            .map_or("", |(n, _)| n)
    }
}

/// Where a FEN writes the pieces in hand.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum HandPlace {
    /// In brackets after the board (crazyhouse: `.../RNBQKBNR[QRbpp]`),
    /// each piece by its letter, repeated.
    Brackets,
    /// In the `hands` field (SFEN: `2P3pS`, `-` for none), a count before
    /// a letter for more than one.
    Field,
}

/// What FEN's fields stand for (`[fen]`).
#[derive(Clone, Debug, Default)]
pub struct Fen {
    /// The flag's bit, the castling kind, its partners' kind.
    pub castling: Option<(u8, super::KindId, super::KindId)>,
    /// `castling = { ..., any_piece = true }`: a file letter gives the flag
    /// to the piece of any kind on that file of the king's rank, alone.
    pub castling_any: bool,
    pub en_passant: Option<super::KindId>,
    /// Per side, its letter in the side-to-move field when `[fen]
    /// side_to_move` gives one (empty: none given).
    pub side_to_move: Vec<Option<String>>,
    /// The fields in order, when `[fen] fields` gives them (empty: FEN's).
    pub order: Vec<FenField>,
    /// Where the pieces in hand are written; `None`: nowhere, the hands
    /// stay as the game starts them.
    pub hands: Option<HandPlace>,
    /// The `since(...)` counter FEN's halfmove clock is, if any.
    pub halfmove: Option<u32>,
    /// Whether the game has a `[fen]` table.
    pub table: bool,
}

impl Fen {
    /// Whether the game says anything of FEN (`[fen]`).
    pub fn given(&self) -> bool {
        self.table
    }

    /// The side's letter in FEN's side-to-move field, if `[fen]` gives one.
    pub fn side_letter(&self, side: usize) -> Option<&str> {
        self.side_to_move.get(side).and_then(Option::as_deref)
    }

    /// The fields of this game's FEN, in order.
    pub fn fields(&self) -> &[FenField] {
        if self.order.is_empty() {
            &FenField::FEN
        } else {
            &self.order
        }
    }
}

/// How moves are written beyond coordinates (`[notation]`).
#[derive(Clone, Debug, Default)]
pub struct Notation {
    pub style: NotationStyle,
    /// The kinds SAN writes without a letter (`pawns`); their captures
    /// name the file they come from.
    pub pawns: super::Kinds,
    /// Per kind, the letter the notation writes where it is not the
    /// piece's symbol (`letters = { horse = "H" }`).
    pub letters: Vec<Option<String>>,
}

/// The players' notation a game declares (`[notation] style`), written and
/// read beside the coordinate text, which stays the engine's own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum NotationStyle {
    /// Coordinates only.
    #[default]
    Coordinates,
    /// Standard algebraic notation (`Nf3`, `exd5`, `O-O`, `e8=Q+`).
    San,
    /// The World Xiangqi Federation's: the piece, its file counted from the
    /// mover's right, `+` forward, `-` back or `=` across, and the steps
    /// taken along the file or the file reached (`C2=5`, `H8+7`).
    Wxf,
    /// Hodges's western notation for boards counted from the top right:
    /// the piece, its origin where another could go there, `-`, `x` or
    /// `*` (a drop), the square (file number, rank letter: `P-7f`), and
    /// `+` or `=` where promotion is taken or declined.
    Hodges,
}

impl Notation {
    /// Whether moves are written in a players' notation, not coordinates
    /// alone.
    pub fn written(&self) -> bool {
        self.style != NotationStyle::Coordinates
    }
}
