//! The raw layer: serde structs that mirror a game file, nothing more.
//!
//! Every value that a diagnostic may point at is [`Located`]: it keeps its
//! file and byte span. Variant files name a base with `extends`; [`load`]
//! reads the chain through a caller-supplied loader (the library never
//! touches the file system) and merges it (`merge.rs`): the variant drops
//! what its `[remove]` names from the base, then overrides the rest field
//! by field and table entry by table entry.

use crate::diag::{Diagnostic, FileId, Loc, Sources};
use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use std::cell::Cell;
use std::fmt;
use std::marker::PhantomData;
use std::ops::Range;

mod fields;
mod merge;
mod unset;

pub use merge::Merge;

thread_local! {
    static CURRENT_FILE: Cell<FileId> = const { Cell::new(0) };
}

/// A value with the file and byte span it was read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located<T> {
    pub value: T,
    pub file: FileId,
    pub span: Range<usize>,
}

impl<T> Located<T> {
    pub fn loc(&self) -> Loc {
        Loc {
            file: self.file,
            span: self.span.clone(),
        }
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Located<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let spanned = toml::Spanned::<T>::deserialize(d)?;
        let span = spanned.span();
        Ok(Located {
            value: spanned.into_inner(),
            file: CURRENT_FILE.with(Cell::get),
            span,
        })
    }
}

impl Located<String> {
    /// The location of a byte range inside this string's text, for errors in
    /// rule expressions. Exact for literal strings and for basic strings
    /// without escapes; otherwise the whole string is pointed at.
    pub fn inner_loc(&self, sources: &Sources, inner: Range<usize>) -> Loc {
        let raw = &sources.text(self.file)[self.span.clone()];
        let quote = if raw.starts_with("'''") || raw.starts_with("\"\"\"") {
            3
        } else if raw.starts_with('\'') || raw.starts_with('"') {
            1
        } else {
            return self.loc();
        };
        let body = &raw[quote..raw.len().saturating_sub(quote)];
        // A multi-line string drops a newline right after the opening quotes.
        let skip = if quote == 3 && body.starts_with('\n') {
            1
        } else if quote == 3 && body.starts_with("\r\n") {
            2
        } else {
            0
        };
        if &body[skip..] != self.value.as_str() {
            return self.loc();
        }
        let start = self.span.start + quote + skip;
        Loc {
            file: self.file,
            span: start + inner.start..start + inner.end.max(inner.start),
        }
    }
}

/// A TOML table whose entry order is kept, with located keys.
#[derive(Clone, Debug)]
pub struct Table<V>(pub Vec<(Located<String>, V)>);

impl<V> Default for Table<V> {
    fn default() -> Self {
        Table(Vec::new())
    }
}

impl<V> Table<V> {
    pub fn get(&self, key: &str) -> Option<&V> {
        self.0.iter().find(|(k, _)| k.value == key).map(|(_, v)| v)
    }
    pub fn iter(&self) -> impl Iterator<Item = (&Located<String>, &V)> {
        self.0.iter().map(|(k, v)| (k, v))
    }
    pub fn keys(&self) -> impl Iterator<Item = &str> + Clone {
        self.0.iter().map(|(k, _)| k.value.as_str())
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Table<V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct TableVisitor<V>(PhantomData<V>);
        impl<'de, V: Deserialize<'de>> Visitor<'de> for TableVisitor<V> {
            type Value = Table<V>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a table")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut entries = Vec::new();
                while let Some(key) = map.next_key::<Located<String>>()? {
                    let value = map.next_value::<V>()?;
                    entries.push((key, value));
                }
                Ok(Table(entries))
            }
        }
        d.deserialize_map(TableVisitor(PhantomData))
    }
}

pub type Str = Located<String>;

/// A whole game file.
#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawGame {
    /// The base file this variant extends, relative to this file.
    pub extends: Option<Str>,
    #[serde(default)]
    pub game: RawMeta,
    #[serde(default)]
    pub board: RawBoard,
    #[serde(default)]
    pub regions: Table<RawRegion>,
    #[serde(default)]
    pub sides: Table<RawSide>,
    #[serde(default)]
    pub pieces: Table<RawPiece>,
    #[serde(default)]
    pub barriers: Table<RawBarrier>,
    #[serde(default)]
    pub setup: Table<Str>,
    #[serde(default)]
    pub turn: RawTurn,
    pub end: Option<Located<Vec<RawEnd>>>,
    pub constraint: Option<Located<Vec<RawConstraint>>>,
    pub priority: Option<Located<Vec<RawPriority>>>,
    pub demand: Option<RawDemand>,
    /// Token name -> how many each side starts with (spent by `spend`).
    #[serde(default)]
    pub tokens: Table<Located<i64>>,
    /// Counter name -> the moves that raise or lower it, per side.
    #[serde(default)]
    pub counters: Table<RawCounter>,
    /// Seat name -> the sides it moves. A variant replaces the whole table.
    pub seats: Option<Located<Table<Located<Vec<Str>>>>>,
    /// Flag name -> which pieces carry it and what moving does to it.
    #[serde(default)]
    pub flags: Table<RawFlag>,
    /// `[fen]`: what FEN's castling and en passant fields stand for.
    pub fen: Option<RawFen>,
    /// `[notation]`: how moves are written beyond coordinates (SAN).
    pub notation: Option<RawNotation>,
    /// `[seeds]`: sites hold counts of seeds, sown along tracks.
    pub seeds: Option<RawSeeds>,
    /// `[columns]`: sites hold ordered stacks of mixed pieces.
    pub columns: Option<RawColumns>,
    /// `[chance.NAME]`: random events rolled in a `roll NAME` phase.
    #[serde(default)]
    pub chance: Table<RawChance>,
    /// `[tracks.NAME]`: routes that `advance` moves pieces along.
    #[serde(default)]
    pub tracks: Table<RawTrack>,
    /// What a variant drops from its base before merging over it.
    #[serde(default)]
    pub remove: RawRemove,
    /// What the `[remove]` tables of the chain dropped, for the errors
    /// about a use left behind (filled by [`load`], not read from a file).
    #[serde(skip)]
    pub removed: Vec<Removed>,
}

/// `[remove]`: names of the base's entries a variant drops.
#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRemove {
    #[serde(default)]
    pub pieces: Vec<Str>,
    #[serde(default)]
    pub barriers: Vec<Str>,
    #[serde(default)]
    pub regions: Vec<Str>,
    #[serde(default)]
    pub tokens: Vec<Str>,
    /// `[[end]]` entries, by their `name`.
    #[serde(default)]
    pub end: Vec<Str>,
    /// `[[constraint]]` entries, by their `name`.
    #[serde(default)]
    pub constraint: Vec<Str>,
    /// `[[priority]]` entries, by their `name`.
    #[serde(default)]
    pub priority: Vec<Str>,
    /// Keys the base sets, by their dotted path (`turn.no_moves_in_check`).
    #[serde(default)]
    pub keys: Vec<Str>,
}

/// What kind of thing a `[remove]` entry drops.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Removable {
    Piece,
    Barrier,
    Region,
    Token,
    End,
    Constraint,
    Priority,
}

impl Removable {
    /// "piece", "end rule", ... as a message says it.
    pub fn noun(self) -> &'static str {
        match self {
            Removable::Piece => "piece",
            Removable::Barrier => "barrier",
            Removable::Region => "region",
            Removable::Token => "token",
            Removable::End => "end rule",
            Removable::Constraint => "constraint",
            Removable::Priority => "priority",
        }
    }

    /// The key of `[remove]` that names it.
    pub fn key(self) -> &'static str {
        match self {
            Removable::Piece => "pieces",
            Removable::Barrier => "barriers",
            Removable::Region => "regions",
            Removable::Token => "tokens",
            Removable::End => "end",
            Removable::Constraint => "constraint",
            Removable::Priority => "priority",
        }
    }

    /// An entry of an array of tables, named by its `name` key.
    pub fn is_entry(self) -> bool {
        matches!(
            self,
            Removable::End | Removable::Constraint | Removable::Priority
        )
    }
}

/// An entry of an array of tables that a `[remove]` names by its `name`.
pub trait Named {
    fn name(&self) -> Option<&Str>;
}

macro_rules! named {
    ($($ty:ident),*) => {
        $(impl Named for $ty {
            fn name(&self) -> Option<&Str> {
                self.name.as_ref()
            }
        })*
    };
}
named!(RawEnd, RawConstraint, RawPriority);

/// The names of the entries of an array of tables that have one.
pub fn entry_names<T: Named>(list: &Option<Located<Vec<T>>>) -> Vec<&Str> {
    list.iter()
        .flat_map(|l| &l.value)
        .filter_map(T::name)
        .collect()
}

/// A name dropped by a `[remove]`, and where it was written.
#[derive(Clone, Debug)]
pub struct Removed {
    pub what: Removable,
    pub name: Str,
}

#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawMeta {
    pub name: Option<Str>,
    pub description: Option<Str>,
}

#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawBoard {
    /// Number of files (columns) of the grid generator.
    pub files: Option<Located<i64>>,
    /// Number of ranks (rows) of the grid generator.
    pub ranks: Option<Located<i64>>,
    /// Sites of the grid that do not exist: a region expression.
    pub holes: Option<Str>,
    /// Diagonal lines join only sites of this region (all, by default).
    pub diagonals: Option<Str>,
    /// Sites beyond the grid, each drawn on a square: `W = "d8"`.
    pub sites: Option<Table<Str>>,
    /// Labelled lines: `gate = "c8-W c9-W"`.
    pub links: Option<Table<Str>>,
    /// How pictures draw the board: `squares` (the default) or `points`
    /// joined by their lines.
    pub style: Option<Str>,
    /// Regions pictures shade.
    pub shade: Option<Located<Vec<Str>>>,
    /// Pictures draw a diagonal line only between two sites of this region.
    pub drawn_diagonals: Option<Str>,
    /// Lines pictures leave out: `b5-b6 c5-c6`.
    pub gaps: Option<Str>,
}

/// A region is one expression for every side, or one per side.
pub type RawRegion = Located<RegionValue>;

#[derive(Clone, Debug)]
pub enum RegionValue {
    /// `fortress = "c5 d5 e5"`.
    Shared(String),
    /// `goal = { white = "rank 9", black = "rank 1" }`.
    PerSide(Table<Str>),
    /// A family of regions, listed: `arms = ["file a..c", "file e..g"]`.
    Family(Vec<Str>),
    /// A family of the board's blocks: `boards = { blocks = "3x3" }` (a
    /// table whose one key is `blocks`).
    Blocks(Str),
}

impl<'de> Deserialize<'de> for RegionValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct RegionVisitor;
        impl<'de> Visitor<'de> for RegionVisitor {
            type Value = RegionValue;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(
                    "a region expression, a table of one expression per side, \
                     a list of regions or `{ blocks = \"3x3\" }`",
                )
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Self::Value, E> {
                Ok(RegionValue::Shared(v.to_string()))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
                let table: Table<Str> =
                    Table::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
                match &table.0[..] {
                    [(key, blocks)] if key.value == "blocks" => {
                        Ok(RegionValue::Blocks(blocks.clone()))
                    }
                    _ => Ok(RegionValue::PerSide(table)),
                }
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                seq: A,
            ) -> Result<Self::Value, A::Error> {
                let list = Vec::deserialize(serde::de::value::SeqAccessDeserializer::new(seq))?;
                Ok(RegionValue::Family(list))
            }
        }
        d.deserialize_any(RegionVisitor)
    }
}

#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSide {
    /// The compass direction this side calls forward.
    pub forward: Option<Str>,
    /// Pieces and barriers in hand at the start: `{ wall = 10 }`.
    pub reserve: Option<Table<Located<i64>>>,
    /// Symbols of this side's pieces on the terminal board: `{ pawn = "1" }`.
    pub symbols: Option<Table<Str>>,
    /// Per piece kind, the glyph pictures write on this side's pieces.
    pub glyphs: Option<Table<Str>>,
    /// Sides that name the same team win and lose together.
    pub team: Option<Str>,
    /// `pass`, `lose` or `draw` for this side, overriding `[turn] no_moves`.
    pub no_moves: Option<Str>,
    /// `lose` or `draw` for this side when it has no move and is in check,
    /// overriding `[turn] no_moves_in_check`.
    pub no_moves_in_check: Option<Str>,
    /// The side's score, a sum of numbers read with the side as `own`:
    /// `"count(own stone) + territory(own stone, orth) + 7.5"`.
    pub score: Option<Str>,
}

#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPiece {
    pub symbol: Option<Str>,
    /// What pictures write on the piece's disc instead of its symbol (a
    /// character: a kanji, a Chinese character).
    pub glyph: Option<Str>,
    /// What pictures draw instead of a disc: a Unicode figurine, filled in
    /// the side's colour.
    pub figurine: Option<Str>,
    pub moves: Option<Located<Vec<Str>>>,
    /// Classes this kind belongs to, usable wherever a kind is: `["officer"]`.
    pub classes: Option<Located<Vec<Str>>>,
    /// Becomes another kind on ending a move in a region.
    pub promote: Option<RawPromote>,
    /// Becomes another kind by a move of its own.
    pub promote_moves: Option<RawPromoteMoves>,
    /// A royal piece: the `[turn] check` rule protects it.
    pub royal: Option<Located<bool>>,
    /// What the piece is worth, for computer players' judgement.
    pub value: Option<Located<f64>>,
    /// The piece's number, read by `nearest(EVENT)`.
    pub number: Option<Located<i64>>,
    /// What the piece does to other pieces when it lands: captures or
    /// conversions, each an effect expression.
    pub effects: Option<Located<Vec<Str>>>,
    /// Captured, it goes to the captor's hand as this kind.
    pub to_hand: Option<Str>,
    /// Captured, it goes back to its owner's hand, as it is.
    pub returns: Option<Located<bool>>,
    /// Pieces of the kind, of one side, stand several on one site.
    pub stacks: Option<Located<bool>>,
    /// Where and how it may be dropped from the hand.
    pub drop: Option<RawDrop>,
    /// What a move of it may leave on the site it starts from, from the
    /// hand (gating).
    pub leave: Option<Located<RawLeave>>,
}

/// What a move may leave behind on its origin: a piece of one of `kinds`
/// from the mover's hand, when the mover carries `flag`.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawLeave {
    /// The kinds the side may take from its hand and leave.
    pub kinds: Located<Vec<Str>>,
    /// A flag the mover must carry (before the move) to leave anything.
    pub flag: Option<Str>,
}

/// The restrictions on dropping a piece kind from the hand.
#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDrop {
    /// A region (the dropping side's part) it may not be dropped in.
    pub not_in: Option<Str>,
    /// How many pieces of this kind of the dropping side a file may hold.
    pub file_limit: Option<Located<i64>>,
    /// Whether a drop may checkmate (`false`: it may not).
    pub mate: Option<Located<bool>>,
}

/// A promotion as a move of its own: the patterns it moves by, the kind it
/// becomes, how many of that kind a side may have, and a move condition.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPromoteMoves {
    pub to: Str,
    pub moves: Located<Vec<Str>>,
    /// The side may promote only while it has fewer pieces of `to`.
    pub limit: Option<Located<i64>>,
    /// A move condition each promotion must meet: `not gives_check`.
    #[serde(rename = "if")]
    pub cond: Option<Str>,
}

#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPromote {
    /// The region (the mover's part of it) where the piece changes.
    #[serde(rename = "in")]
    pub region: Str,
    /// The kind it becomes, or the kinds the mover chooses among.
    pub to: Located<OneOrMany>,
    /// The mover may also decline, and stay what it is.
    pub optional: Option<Located<bool>>,
    /// A region where an optional promotion may not be declined.
    pub forced: Option<Str>,
    /// A move that starts in the region promotes too.
    pub leaving: Option<Located<bool>>,
    /// A region whose (first) site the piece is moved to as it changes, when
    /// that site is empty.
    pub at: Option<Str>,
    /// The kind it becomes instead, where it stands, when `at` is taken.
    #[serde(rename = "else")]
    pub otherwise: Option<Str>,
    /// How many pieces of each kind offered the side may have on the board
    /// and still promote to it.
    pub limit: Option<Located<RawLimit>>,
}

/// A promotion's `limit`: one number for every kind offered (`limit = 1`),
/// `"start"` (each kind: as many as the side starts with on the board), or
/// a number per kind (`limit = { queen = 1, rook = 2 }`).
#[derive(Clone, Debug)]
pub enum RawLimit {
    Count(i64),
    Word(String),
    Kinds(Table<Located<i64>>),
}

impl<'de> Deserialize<'de> for RawLimit {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct LimitVisitor;
        impl<'de> Visitor<'de> for LimitVisitor {
            type Value = RawLimit;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a number, \"start\", or a table of numbers by piece kind")
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Self::Value, E> {
                Ok(RawLimit::Count(v))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Self::Value, E> {
                Ok(RawLimit::Word(v.to_string()))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut entries = Vec::new();
                while let Some(key) = map.next_key::<Located<String>>()? {
                    entries.push((key, map.next_value::<Located<i64>>()?));
                }
                Ok(RawLimit::Kinds(Table(entries)))
            }
        }
        d.deserialize_any(LimitVisitor)
    }
}

/// `[fen]`: the flag and the kinds FEN's castling field speaks of, the
/// kind whose double step its en passant field records, the sides'
/// letters, the fields' order, the hands' place and the halfmove counter.
#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawFen {
    pub castling: Option<RawFenCastling>,
    pub en_passant: Option<Str>,
    /// `side_to_move = { red = "w", black = "b" }`: each side's letter in
    /// FEN's side-to-move field.
    pub side_to_move: Option<Table<Str>>,
    /// `fields = ["board", "side", "hands", "ply"]`: the fields in order.
    pub fields: Option<Located<Vec<Str>>>,
    /// `hands = "brackets"` or `"field"`: where the pieces in hand go.
    pub hands: Option<Str>,
    /// `halfmove = "fifty-moves"`: the end rule whose `since(...)` counter
    /// is FEN's halfmove clock.
    pub halfmove: Option<Str>,
}

/// `[notation]`: `style = "san"` writes and reads moves as standard
/// algebraic notation (`"wxf"`, `"hodges"`: the others); `pawns` are the
/// kinds SAN writes without a letter, `letters` the notation's own letters.
#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawNotation {
    pub style: Option<Str>,
    pub pawns: Option<Located<Vec<Str>>>,
    /// Piece name -> the letter the notation writes for it.
    pub letters: Option<Table<Str>>,
}

/// `[seeds]`: the game's sites hold counts of identical seeds.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSeeds {
    /// Region or site name -> the seeds each of its sites starts with.
    #[serde(default)]
    pub start: Table<Located<i64>>,
    /// The route sowing follows, round and round: site names in order,
    /// one list for every side or one per side.
    pub track: RawRegion,
    /// Sowing passes over the site it started from.
    pub skip_origin: Option<Located<bool>>,
    /// The region whose part of a side (one site) holds what it captures.
    pub store: Option<Str>,
    /// What the last seed sown captures, tried in order.
    pub capture: Option<Located<Vec<RawSowCapture>>>,
    /// A site condition on the site the last seed fell on: the same side
    /// moves again.
    pub again: Option<Str>,
}

/// `[columns]`: a site holds an ordered stack of pieces of any kinds and
/// sides, commanded by its top piece.
#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawColumns {
    /// What a move carries: `"whole"` (the default) or `"top"`.
    pub moves: Option<Str>,
    /// What a capture takes: `"all"`, `"top"` or `"top-under"` (the default).
    pub captures: Option<Str>,
}

/// A `[[seeds.capture]]` rule.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSowCapture {
    /// Site condition on the site of the last seed, after sowing.
    pub when: Str,
    /// Then the sites before it along the track, while each meets `when`.
    pub back: Option<Located<bool>>,
    /// Also the sites one step along these directions (a direction set).
    pub also: Option<Str>,
    /// No capture when it would leave no seed on the enemy's part of this
    /// region.
    pub spare: Option<Str>,
}

/// `castling = { flag = "unmoved", king = "king", rook = "rook" }`.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawFenCastling {
    pub flag: Str,
    pub king: Str,
    pub rook: Str,
    /// A file letter names the piece of any kind on that file of the
    /// side's back rank, which alone gets the flag (gating rights).
    pub any_piece: Option<Located<bool>>,
}

/// A `[counters]` entry: `checks = { counts = "gives_check" }`, with
/// `start` (each side's value at the start) and `add` (what a counted move
/// adds: `-1` counts down).
#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawCounter {
    pub counts: Option<Str>,
    pub start: Option<Located<i64>>,
    pub add: Option<Located<i64>>,
}

/// A `[flags]` entry: `unmoved = { pieces = ["king", "rook"], moved = "clear" }`.
#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawFlag {
    /// The kinds (or classes) whose pieces carry the flag in the setup
    /// (default: every kind).
    pub pieces: Option<Located<Vec<Str>>>,
    /// What a move of the piece does to its flag: `clear` (the default),
    /// `set` or `keep`.
    pub moved: Option<Str>,
}

/// A `[chance.NAME]` event: `faces = [1, 2, 3, 4, 5, 6]`, with
/// `weights` per face, `dice` of them summed.
#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawChance {
    pub faces: Option<Located<Vec<Located<i64>>>>,
    pub weights: Option<Located<Vec<Located<i64>>>>,
    pub dice: Option<Located<i64>>,
    pub apart: Option<Located<bool>>,
    pub doubles: Option<Located<i64>>,
    pub most: Option<Located<bool>>,
    pub larger: Option<Located<bool>>,
    pub opening: Option<Located<bool>>,
}

/// A `[tracks.NAME]` route: `sites` in order (one list for every side, or
/// one per side), whether pieces `enter` from the hand and go `off` past
/// its end.
#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawTrack {
    pub sites: Option<RawRegion>,
    pub enter: Option<Located<bool>>,
    pub off: Option<Located<bool>>,
    pub home: Option<Str>,
    pub over: Option<Located<bool>>,
    pub enter_first: Option<Located<bool>>,
}

/// A string, or a list of strings (`to = "queen"`, `to = ["queen", "rook"]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OneOrMany {
    One(String),
    Many(Vec<Str>),
}

impl<'de> Deserialize<'de> for OneOrMany {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct OneOrManyVisitor;
        impl<'de> Visitor<'de> for OneOrManyVisitor {
            type Value = OneOrMany;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string or a list of strings")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Self::Value, E> {
                Ok(OneOrMany::One(v.to_string()))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Self::Value, A::Error> {
                let mut items = Vec::new();
                while let Some(item) = seq.next_element::<Str>()? {
                    items.push(item);
                }
                Ok(OneOrMany::Many(items))
            }
        }
        d.deserialize_any(OneOrManyVisitor)
    }
}

impl Located<OneOrMany> {
    /// Each string, located (a lone string at the whole value).
    pub fn items(&self) -> Vec<Str> {
        match &self.value {
            OneOrMany::One(s) => vec![Located {
                value: s.clone(),
                file: self.file,
                span: self.span.clone(),
            }],
            OneOrMany::Many(items) => items.clone(),
        }
    }
}

#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawBarrier {
    /// How many cells a barrier spans.
    pub length: Option<Located<i64>>,
    /// Allowed orientations: `["h", "v"]`.
    pub orientations: Option<Located<Vec<Str>>>,
    pub symbol: Option<Str>,
    /// Whether it may also lie on the board's rim (a square's side with no
    /// square beyond).
    pub rim: Option<Located<bool>>,
    /// The piece kind put, for the side that placed it, on each square its
    /// placement closes (every side barred).
    pub claim: Option<Str>,
}

#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawTurn {
    /// Sides in playing order; a side may appear more than once.
    pub order: Option<Located<Vec<Str>>>,
    /// What a side does in one turn, phase by phase.
    pub phases: Option<Located<Vec<Str>>>,
    /// `pass`, `lose` or `draw`: what happens to a side with no legal move.
    pub no_moves: Option<Str>,
    /// `lose` or `draw`: what happens to a side with no legal move that is
    /// in check (else as `no_moves`).
    pub no_moves_in_check: Option<Str>,
    /// `free`, `compulsory` or `maximum`: which moves are legal by what they capture.
    pub captures: Option<Str>,
    /// `below-maximum` or `no-capture`: when a piece is huffed.
    pub huff: Option<Str>,
    /// `automatic`, `before-move` or `as-move`: who huffs, and when.
    pub huff_claim: Option<Str>,
    /// Turns played once before the turn order, such as setup placements.
    pub prelude: Option<Located<Vec<RawPrelude>>>,
    /// `every-royal` or `sole-royal`: which royal pieces a move may not
    /// leave attacked.
    pub check: Option<Str>,
    /// `adjacent-royals`, `no-enemy-royal`: where the check rule does not
    /// apply.
    pub check_exempt: Option<Located<Vec<Str>>>,
    /// A position condition under which the side to move may pass though
    /// in check (janggi's bikjang).
    pub pass_in_check: Option<Str>,
    /// A position condition read after a turn's last action: while it
    /// holds, the same side plays another turn.
    pub again: Option<Str>,
}

/// One entry of `[[turn.prelude]]`.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPrelude {
    pub side: Str,
    /// The actions of the turn, as in `phases`.
    pub phase: Str,
    /// How many such turns in a row (1 by default).
    pub times: Option<Located<i64>>,
}

#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawEnd {
    /// A name a variant's `[remove]` can drop the entry by.
    pub name: Option<Str>,
    /// A position condition, evaluated for each side in turn.
    pub when: Str,
    /// `win`, `loss` or `draw` for the side the condition holds for.
    pub result: Str,
    /// Only evaluate this condition for these sides.
    pub sides: Option<Located<Vec<Str>>>,
    /// What players are told when this rule ends the game.
    pub message: Option<Str>,
    /// How many points the win (or the loss) is worth.
    pub points: Option<Located<i64>>,
}

#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawConstraint {
    /// A name a variant's `[remove]` can drop the entry by.
    pub name: Option<Str>,
    /// A position condition that every legal move must leave true.
    pub rule: Str,
    /// The sides it is seen from (`own`, `enemy`); the mover when absent.
    pub sides: Option<Located<Vec<Str>>>,
    /// A position condition, read before the move: the constraint binds
    /// only moves made where it holds.
    pub when: Option<Str>,
}

#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDemand {
    /// The sides whose moves may demand.
    pub sides: Located<Vec<Str>>,
    /// A move condition the next move must meet when a legal move does.
    pub rule: Str,
}

#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPriority {
    /// A name a variant's `[remove]` can drop the entry by.
    pub name: Option<Str>,
    /// The sides whose moves it filters.
    pub sides: Located<Vec<Str>>,
    /// A position condition, seen from the side to move; always when absent.
    pub when: Option<Str>,
    /// Move conditions, most preferred first.
    pub prefer: Located<Vec<Str>>,
}

/// Reads one TOML text into a raw game, or a diagnostic.
pub fn parse(sources: &Sources, file: FileId) -> Result<RawGame, Diagnostic> {
    parse_as(sources, file)
}

/// Reads one TOML text into any raw structure, or a diagnostic.
pub fn parse_as<T: serde::de::DeserializeOwned>(
    sources: &Sources,
    file: FileId,
) -> Result<T, Diagnostic> {
    CURRENT_FILE.with(|c| c.set(file));
    toml::from_str::<T>(sources.text(file)).map_err(|e| {
        let message = e.message().trim().to_string();
        let (message, hint) = match message.split_once(", expected") {
            Some((m, rest)) => (
                m.to_string(),
                Some(format!("expected{}", plain_types(rest))),
            ),
            None => (message, None),
        };
        let d = Diagnostic::error("toml", message)
            .at_opt(e.span().map(|span| Loc { file, span }))
            .label("here");
        match hint {
            Some(h) => d.hint(h),
            None => d,
        }
    })
}

/// Reads a base file: given the name of the file that names it and the path
/// it names, returns the base's name and text, or why it cannot be read.
pub type ReadBase<'a> = dyn FnMut(&str, &str) -> Result<(String, String), String> + 'a;

/// The longest `extends` chain accepted, against runaway or circular bases.
pub const MAX_EXTENDS_DEPTH: usize = 16;

/// Loads a game file and the chain of bases it extends, and merges them.
///
/// `read_base(from_file, path)` returns the name and text of the base named
/// by `path` in the file called `from_file`, or a message saying why it
/// cannot be read.
pub fn load(
    sources: &mut Sources,
    file: FileId,
    read_base: &mut ReadBase,
) -> Result<RawGame, Vec<Diagnostic>> {
    let mut chain = vec![parse(sources, file).map_err(|d| vec![d])?];
    let mut names = vec![sources.name(file).to_string()];
    while let Some(ext) = chain.last().unwrap().extends.clone() {
        if chain.len() > MAX_EXTENDS_DEPTH {
            return Err(vec![Diagnostic::error(
                "extends-depth",
                format!("more than {MAX_EXTENDS_DEPTH} files extend one another"),
            )
            .at(ext.loc())
            .label("the chain is too long here")]);
        }
        let from = sources.name(ext.file).to_string();
        let (name, text) = read_base(&from, &ext.value).map_err(|why| {
            vec![Diagnostic::error(
                "missing-base",
                format!("cannot read the base file `{}`: {why}", ext.value),
            )
            .at(ext.loc())
            .label("named here")
            .hint("`extends` is a path relative to the file that names it")]
        })?;
        if names.contains(&name) {
            return Err(vec![Diagnostic::error(
                "circular-base",
                format!("`{name}` extends itself through its bases"),
            )
            .at(ext.loc())
            .label("this closes the circle")]);
        }
        let id = sources.add(name.clone(), text);
        names.push(name.clone());
        // A base that is not a game file (not named `.toml`) is named,
        // never quoted: `extends` may name any file, and its text is not
        // for an error to show. A game file's own mistakes are reported
        // where they are.
        let game_file = name.ends_with(".toml");
        let base = parse(sources, id).map_err(|d| {
            if game_file {
                return vec![d];
            }
            vec![Diagnostic::error(
                "missing-base",
                format!("the base file `{name}` is not a game file"),
            )
            .at(ext.loc())
            .label("named here")
            .hint("`extends` names another game file; check that one on its own")]
        })?;
        chain.push(base);
    }
    let mut merged = chain.pop().unwrap();
    let mut diags = merge::remove(&mut RawGame::default(), &merged.remove, false);
    while let Some(over) = chain.pop() {
        diags.extend(merge::remove(&mut merged, &over.remove, true));
        merged.merge(over);
    }
    if diags.is_empty() {
        Ok(merged)
    } else {
        diags.sort_by_key(|d| d.loc.as_ref().map(|l| (l.file, l.span.start)));
        Err(diags)
    }
}

/// Serde's names of types in words a game author knows.
fn plain_types(text: &str) -> String {
    text.replace("i64", "a whole number")
        .replace("a sequence", "a list `[...]`")
        .replace("a boolean", "`true` or `false`")
        .replace("bool", "`true` or `false`")
        .replace("a map", "a table")
}
