//! Human names for grammar rules, used in parse errors.
//!
//! Every rule has a name here: a rule without one reads as "a token" in
//! an error, which the syntax-error snapshots of `tests/diagnostics.rs`
//! would show.

use super::Rule;

/// The name of any rule: its keyword, or what it stands for.
pub(super) fn human(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "the end of the expression",
        Rule::WHITESPACE | Rule::COMMENT => "a space",
        Rule::ident_char => "a letter or digit",
        Rule::pos_passes => "`passes N`",
        Rule::pos_huffable => "`huffable SITE`",
        Rule::state_repetitions => "`repetitions OP N`",
        Rule::state_since => "`since(...) OP N`",
        Rule::state_perpetual => "`perpetual check`",
        Rule::pos_counters => "`counters N ...`",
        Rule::pos_plies => "`plies N`",
        Rule::pos_history => "`history HASH/SIDE ...`",
        Rule::pos_seen => "a position seen, `HASH/SIDE`",
        Rule::check_mark => "`+`",
        Rule::site_has => "`has(FLAG)`",
        Rule::site_sees => "`sees(DIRS, COND)`",
        Rule::state_somewhere => "`somewhere(COND)`",
        Rule::site_last_to => "`last_to(...)`",
        Rule::site_last_over => "`last_over(...)`",
        Rule::seg_capture_last => "`capture last`",
        Rule::pos_flags => "`flags FLAG SITES`",
        Rule::pos_flag => "a flag and the sites of its pieces: `unmoved e1 h1`",
        Rule::pos_last => "`last FROM TO`",
        Rule::effect_entry | Rule::effect => {
            "an effect such as `capture(orth, 1) over enemy to friend`"
        }
        Rule::effect_clause => {
            "`over CONDITION`, `to CONDITION`, `surrounded by CONDITION` or `as KIND`"
        }
        Rule::effect_as => "`as KIND`",
        Rule::effect_by => "`surrounded by CONDITION`",
        Rule::site_attacks => "`attacks(...) >= N`",
        Rule::site_threatens => "`threatens(...) >= N`",
        Rule::site_line => "`line(N, DIRS)`",
        Rule::seg_spend => "`spend TOKEN`",
        Rule::move_spends => "`spends(TOKEN)`",
        Rule::site_given => "`given(...)`",
        Rule::state_last => "`last(...)`",
        Rule::state_line => "`line(OWNER KIND, N, DIRS)`",
        Rule::line_through => "`through last`",
        Rule::state_can => "`can(...)`",
        Rule::site_covered => "`covered(...)`",
        Rule::site_backed => "`backed(...)`",
        Rule::action_fill => "`fill KIND in REGION`",
        Rule::action_remove => "`remove COND`",
        Rule::phase_when => "a phase's condition `COND:`",
        Rule::move_entry | Rule::move_cond | Rule::move_and | Rule::move_not | Rule::move_atom => {
            "a move condition such as `from(in fortress)` or `captures`"
        }
        Rule::move_from => "`from(...)`",
        Rule::move_to => "`to(...)`",
        Rule::site_nearer => "`nearer REGION`",
        Rule::guard => "a condition on the starting site, such as `in fortress:`",
        Rule::part => "a segment or a repeated group",
        Rule::repeat => "a repeated group `( ... )+`",
        Rule::region_color => "`color dark` or `color light`",
        Rule::name => "a name",
        Rule::number => "a number",
        Rule::range | Rule::range_dots => "a range such as `2` or `1..3`",
        Rule::dir_set => "a direction such as `orth` or `n | e`",
        Rule::site_cond
        | Rule::site_and
        | Rule::site_not
        | Rule::site_atom
        | Rule::site_occupant => "a site condition such as `empty` or `enemy`",
        Rule::site_ahead => "`ahead(...)`",
        Rule::site_edge => "`edge(DIRECTIONS)`",
        Rule::state_connected => "`connected(DIRECTIONS)`",
        Rule::site_in => "`in REGION`",
        Rule::pattern_entry | Rule::pattern => "a move pattern such as `step(orth)`",
        Rule::segment | Rule::segment_kind => "a segment such as `step(orth)`",
        Rule::leap_vector => "a leap such as `leap(1, 2)`",
        Rule::seg_clause => "`to CONDITION`, `over CONDITION`, `capture`, `capture last` or `spend TOKEN`",
        Rule::seg_to => "`to CONDITION`",
        Rule::seg_over => "`over CONDITION`",
        Rule::region_entry | Rule::region | Rule::region_term | Rule::region_names => {
            "a region such as `rank 9` or `d11 h11`"
        }
        Rule::region_op => "`|`, `&` or `-`",
        Rule::region_rank => "`rank N`",
        Rule::region_file => "`file X`",
        Rule::state_entry
        | Rule::state_cond
        | Rule::state_and
        | Rule::state_not
        | Rule::state_atom => "a condition such as `count(own pawn in goal) >= 1`",
        Rule::state_compare => "a count tested against a number or a count, such as `count(...) >= 1`",
        Rule::compare_op => "an operator such as `>=` or `==`",
        Rule::state_count => "`count(...)`",
        Rule::state_reach => "`reach(PIECES, REGION, DIRECTIONS)`",
        Rule::piece_filter => "pieces such as `own pawn` or `any piece`",
        Rule::phase_entry | Rule::phase | Rule::action => {
            "an action such as `move` or `place wall`"
        }
        Rule::action_move => "`move`",
        Rule::action_place => "`place KIND`",
        Rule::place_falling => "`falling DIRECTION`",
        Rule::placement_entry | Rule::placement => "a placement such as `pawn: e1 e2`",
        Rule::position_entry | Rule::pos_section => {
            "a position section (`pieces`, `barriers`, `reserves`, `turn`, `passes`, `demanded` or `huffable`)"
        }
        Rule::pos_pieces | Rule::pos_piece => "a piece such as `white pawn e1`",
        Rule::pos_barriers | Rule::pos_slot => "a barrier slot such as `e3h`",
        Rule::pos_reserves | Rule::pos_reserve => "a reserve such as `white wall 10`",
        keyword => keyword_name(keyword),
    }
}

/// The name of a keyword rule (`kw_to` is "`to`").
fn keyword_name(rule: Rule) -> &'static str {
    match rule {
        Rule::kw_to => "`to`",
        Rule::kw_over => "`over`",
        Rule::kw_then => "`then`",
        Rule::kw_and => "`and`",
        Rule::kw_or => "`or`",
        Rule::kw_not => "`not`",
        Rule::kw_in => "`in`",
        Rule::kw_ahead => "`ahead`",
        Rule::kw_count => "`count`",
        Rule::kw_reach => "`reach`",
        Rule::kw_rank => "`rank`",
        Rule::kw_file => "`file`",
        Rule::kw_move => "`move`",
        Rule::kw_place => "`place`",
        Rule::kw_pass => "`pass`",
        Rule::kw_true => "`true`",
        Rule::kw_false => "`false`",
        Rule::kw_pieces => "`pieces`",
        Rule::kw_barriers => "`barriers`",
        Rule::kw_reserves => "`reserves`",
        Rule::kw_turn => "`turn`",
        Rule::kw_phase => "`phase`",
        Rule::kw_passes => "`passes`",
        Rule::kw_capture => "`capture`",
        Rule::kw_nearer => "`nearer`",
        Rule::kw_color => "`color`",
        Rule::kw_covered => "`covered`",
        Rule::kw_backed => "`backed`",
        Rule::kw_from => "`from`",
        Rule::kw_captures => "`captures`",
        Rule::kw_fill => "`fill`",
        Rule::kw_can => "`can`",
        Rule::kw_demanded => "`demanded`",
        Rule::kw_given => "`given`",
        Rule::kw_last => "`last`",
        Rule::kw_check => "`check`",
        Rule::kw_swap => "`swap`",
        Rule::kw_jump => "`jump`",
        Rule::kw_attacks => "`attacks`",
        Rule::kw_stuck => "`stuck`",
        Rule::kw_edge => "`edge`",
        Rule::kw_connected => "`connected`",
        Rule::kw_huffable => "`huffable`",
        Rule::kw_line => "`line`",
        Rule::kw_through => "`through`",
        Rule::kw_falling => "`falling`",
        Rule::kw_remove => "`remove`",
        Rule::kw_convert => "`convert`",
        Rule::kw_converts => "`converts`",
        Rule::kw_stalled => "`stalled`",
        Rule::kw_repetitions => "`repetitions`",
        Rule::kw_since => "`since`",
        Rule::kw_perpetual => "`perpetual`",
        Rule::kw_counters => "`counters`",
        Rule::kw_history => "`history`",
        Rule::kw_plies => "`plies`",
        Rule::kw_as => "`as`",
        Rule::kw_has => "`has`",
        Rule::kw_last_to => "`last_to`",
        Rule::kw_last_over => "`last_over`",
        Rule::kw_attacked => "`attacked`",
        Rule::kw_castle => "`castle`",
        Rule::kw_flags => "`flags`",
        Rule::kw_sees => "`sees`",
        Rule::kw_somewhere => "`somewhere`",
        Rule::kw_surrounded => "`surrounded`",
        Rule::kw_by => "`by`",
        Rule::kw_threatens => "`threatens`",
        Rule::kw_spend => "`spend`",
        Rule::kw_spends => "`spends`",
        _ => "a token",
    }
}

/// `a`, `a or b`, `a, b or c`.
pub(super) fn one_of(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}
