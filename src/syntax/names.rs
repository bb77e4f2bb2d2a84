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
        Rule::state_repetitions => "`repetitions OP N`",
        Rule::state_since => "`since(...) OP N`",
        Rule::state_repeated => "`repeated` or `repeated within N`",
        Rule::state_members => "`count(FAMILY where CONDITION) OP N`",
        Rule::state_member_line => "`line(FAMILY where CONDITION, N, DIRECTIONS)`",
        Rule::state_arith => "numbers compared, such as `score(own) > score(enemy)`",
        Rule::num_entry | Rule::num_expr | Rule::num_term => {
            "a number such as `count(own stone)`, `territory(own stone, orth)`, `score(own)` or `7.5`"
        }
        Rule::num_sign => "`+` or `-`",
        Rule::decimal => "a number such as `7` or `7.5`",
        Rule::num_territory => "`territory(PIECES, DIRECTIONS)`",
        Rule::num_score => "`score(SIDE)`",
        Rule::num_value => "`value(PIECES)`",
        Rule::state_perpetual => "`perpetual check`",
        Rule::kw_seeds => "`seeds`",
        Rule::site_entry => "a site condition",
        Rule::dirs_entry => "a set of directions",
        Rule::kw_sow => "`sow`",
        Rule::kw_roll => "`roll`",
        Rule::kw_advance => "`advance`",
        Rule::kw_bears_off => "`bears_off`",
        Rule::kw_rolled => "`rolled`",
        Rule::kw_nearest => "`nearest`",
        Rule::kw_stay => "`stay`",
        Rule::site_nearest => "`nearest(EVENT)`",
        Rule::state_rolled => "`rolled(EVENT) OP N`",
        Rule::action_roll => "`roll EVENT`",
        Rule::action_advance => "`advance TRACK by EVENT`",
        Rule::site_seeds => "`seeds OP N`",
        Rule::site_height => "`height OP N`",
        Rule::kw_height => "`height`",
        Rule::kw_stacks => "`stacks`",
        Rule::kw_under => "`under`",
        Rule::kw_dice => "`dice`",
        Rule::state_seeds => "`seeds(OWNER REGION)`",
        Rule::state_seeds_compare => "`seeds(OWNER REGION) OP N`",
        Rule::action_sow => "`sow REGION`",
        Rule::check_mark => "`+`",
        Rule::site_has => "`has(FLAG)`",
        Rule::site_sees => "`sees(DIRS, COND)`",
        Rule::state_somewhere => "`somewhere(COND)`",
        Rule::site_last_to => "`last_to(...)`",
        Rule::site_last_over => "`last_over(...)`",
        Rule::seg_capture_last => "`capture last`",
        Rule::effect_entry | Rule::effect => {
            "an effect such as `capture(orth, 1) over enemy to friend`"
        }
        Rule::effect_clause => {
            "`over CONDITION`, `to CONDITION`, `surrounded by CONDITION` or `as KIND`"
        }
        Rule::effect_as => "`as KIND`",
        Rule::effect_by => "`surrounded by CONDITION`",
        Rule::effect_mover => "`capture mover`",
        Rule::effect_if => "`if MOVE_CONDITION`",
        Rule::site_attacks => "`attacks(...) >= N`",
        Rule::site_threatens => "`threatens(...) >= N`",
        Rule::site_line => "`line(N, DIRS)`",
        Rule::site_adjacent => "`adjacent(DIRS, COND)`",
        Rule::site_group => "`group(DIRS) MEASURE OP N`",
        Rule::group_measure => "`size`, `liberties`, `encloses` or `touches(REGIONS)`",
        Rule::group_touches => "`touches(REGION, ...)`",
        Rule::state_group => "`group(OWNER KIND, DIRS) MEASURE OP N`",
        Rule::state_groups => "`groups(OWNER KIND, DIRS) OP N`",
        Rule::place_to => "`to CONDITION`",
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
        Rule::site_in => "`in REGION`, `in FAMILY where (...)` or `in FAMILY matching last`",
        Rule::pattern_entry | Rule::pattern => "a move pattern such as `step(orth)`",
        Rule::segment | Rule::segment_kind => "a segment such as `step(orth)`",
        Rule::leap_vector => "a leap such as `leap(1, 2)`",
        Rule::seg_clause => "`to CONDITION`, `over CONDITION`, `capture`, `capture last` or `spend TOKEN`",
        Rule::seg_to => "`to CONDITION`",
        Rule::seg_over => "`over CONDITION`",
        Rule::seg_line => "a distance `line(CONDITION)`",
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
        other => position_name(other).unwrap_or_else(|| keyword_name(other)),
    }
}

/// The name of a rule of the position text, if `rule` is one.
fn position_name(rule: Rule) -> Option<&'static str> {
    Some(match rule {
            Rule::pos_turn => "`turn SIDE`",
            Rule::pos_passes => "`passes N`",
            Rule::pos_huffable => "`huffable SITE`",
            Rule::pos_rolled => "`rolled EVENT N`",
            Rule::pos_stacks => "`stacks SITE N, ...`",
            Rule::pos_under => "`under SITE SIDE KIND ..., ...`",
            Rule::pos_dice => "`dice N ...`",
            Rule::pos_seeds => "`seeds SITE N, ...`",
            Rule::pos_seed => "`SITE N`",
            Rule::pos_counters => "`counters N ...`",
            Rule::pos_plies => "`plies N`",
            Rule::pos_history => "`history HASH/SIDE ...`",
            Rule::pos_seen => "a position seen, `HASH/SIDE`",
            Rule::pos_flags => "`flags FLAG SITES`",
            Rule::pos_flag => "a flag and the sites of its pieces: `unmoved e1 h1`",
            Rule::pos_last => "`last FROM TO`",
            Rule::position_entry | Rule::pos_section => {
                "a position section (`pieces`, `barriers`, `reserves`, `turn`, `passes`, `demanded` or `huffable`)"
            }
            Rule::pos_pieces | Rule::pos_piece => "a piece such as `white pawn e1`",
            Rule::pos_barriers | Rule::pos_slot => "a barrier slot such as `e3h`",
            Rule::pos_reserves | Rule::pos_reserve => "a reserve such as `white wall 10`",
            _ => return None,
    })
}

/// The name of a keyword rule (`kw_to` is "`to`"), from the grammar's
/// keywords; "a token" for any other rule.
fn keyword_name(rule: Rule) -> &'static str {
    super::keyword_rules()
        .iter()
        .find(|k| k.rule == rule)
        .map_or("a token", |k| k.quoted.as_str())
}

/// `a`, `a or b`, `a, b or c`.
pub(super) fn one_of(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pest::Parser;

    /// Every rule of the grammar has a name of its own in messages.
    #[test]
    fn every_rule_has_a_human_name() {
        let nameless: Vec<Rule> = Rule::all_rules()
            .iter()
            .copied()
            .filter(|&rule| human(rule) == "a token")
            .collect();
        assert!(nameless.is_empty(), "rules without a name: {nameless:?}");
    }

    /// Each keyword rule matches the word its name says, and not that word
    /// run into a longer name: the list of keywords read off the rules'
    /// names is the grammar's.
    #[test]
    fn keyword_rules_match_their_words() {
        let keywords = super::super::keyword_rules();
        assert!(keywords.len() >= 70, "{} keywords", keywords.len());
        for k in keywords {
            let pairs = super::super::RuleParser::parse(k.rule, &k.word)
                .unwrap_or_else(|e| panic!("{:?} does not match `{}`: {e}", k.rule, k.word));
            let end = pairs.last().map_or(0, |p| p.as_span().end());
            assert_eq!(
                end,
                k.word.len(),
                "{:?} matches part of `{}`",
                k.rule,
                k.word
            );
            let longer = format!("{}x", k.word);
            assert!(
                super::super::RuleParser::parse(k.rule, &longer).is_err(),
                "{:?} matches the start of `{longer}`",
                k.rule
            );
        }
    }
}
