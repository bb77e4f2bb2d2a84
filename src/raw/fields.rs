//! The keys of each keyed table, listed once: how a variant merges each
//! over its base ([`Merge`]) and which `[remove] keys` may unset
//! ([`Unset`]). Each list destructures its struct whole, so a key added to
//! a struct and not listed here does not compile.

use super::merge::{merge_entries, Merge};
use super::unset::Unset;
use super::*;

/// `keyed_fields!(Ty { a, b by entries })`: `Merge` key by key (`by
/// entries`: an optional table merged entry by entry) and `Unset` by name.
macro_rules! keyed_fields {
    ($ty:ident { $($field:ident $(by $how:ident)?),* $(,)? }) => {
        impl Merge for $ty {
            fn merge(&mut self, over: Self) {
                let $ty { $($field),* } = over;
                $( keyed_fields!(@merge $($how)? self.$field, $field); )*
            }
        }
        impl Unset for $ty {
            const KEYS: &'static [&'static str] = &[$(stringify!($field)),*];
            fn unset(&mut self, key: &str) -> Option<bool> {
                match key {
                    $(stringify!($field) => Some(self.$field.take().is_some()),)*
                    _ => None,
                }
            }
        }
    };
    (@merge $base:expr, $over:ident) => { $base.merge($over) };
    (@merge entries $base:expr, $over:ident) => { merge_entries(&mut $base, $over) };
}

keyed_fields!(RawMeta { name, description });
keyed_fields!(RawBoard {
    files,
    ranks,
    holes,
    diagonals,
    sites,
    links,
    style,
    shade,
    drawn_diagonals,
    gaps
});
keyed_fields!(RawTurn {
    order,
    phases,
    no_moves,
    no_moves_in_check,
    captures,
    huff,
    huff_claim,
    prelude,
    check,
    check_exempt,
    pass_in_check,
    again
});
keyed_fields!(RawFen {
    castling,
    en_passant,
    side_to_move,
    fields,
    hands,
    halfmove
});
keyed_fields!(RawCounter { counts, start, add });
keyed_fields!(RawNotation { style, pawns, letters by entries });
keyed_fields!(RawSide {
    forward,
    reserve by entries,
    symbols by entries,
    glyphs by entries,
    team,
    no_moves,
    no_moves_in_check,
    score
});
keyed_fields!(RawPiece {
    symbol,
    glyph,
    figurine,
    moves,
    classes,
    promote,
    promote_moves,
    royal,
    value,
    number,
    effects,
    to_hand,
    returns,
    stacks,
    drop,
    leave
});
keyed_fields!(RawBarrier {
    length,
    orientations,
    symbol,
    rim,
    claim
});
keyed_fields!(RawFlag { pieces, moved });
keyed_fields!(RawTrack {
    sites,
    enter,
    off,
    home,
    over,
    enter_first
});
keyed_fields!(RawChance {
    faces,
    weights,
    dice,
    apart,
    doubles,
    most,
    larger,
    opening
});
