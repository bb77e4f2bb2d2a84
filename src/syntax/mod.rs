//! The syntax layer: parses rule expressions with the pest grammar in `grammar/rules.pest`.
//!
//! This is the only module that knows pest. Each public function parses one
//! kind of field and returns its AST, or a [`SyntaxError`] whose span is a
//! byte range in the expression text and whose message uses the human names
//! of `names.rs`.

pub mod ast;
mod family;
mod names;
mod numbers;
mod syntax_errors;

use ast::*;
use pest::iterators::Pair;
use pest::Parser;
use syntax_errors::{check_nesting, syntax_error};

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/rules.pest"]
struct RuleParser;

/// A keyword rule of the grammar: `kw_WORD` matches `WORD` (and refuses a
/// longer word), so its name says its word; a unit test parses each word
/// with its rule.
struct Keyword {
    rule: Rule,
    word: String,
    /// The word in backquotes, as error messages name it.
    quoted: String,
}

/// Every keyword rule of `grammar/rules.pest`, in the grammar's order,
/// read off the rules pest derives from it: the grammar is the one list.
fn keyword_rules() -> &'static [Keyword] {
    static KEYWORDS: std::sync::LazyLock<Vec<Keyword>> = std::sync::LazyLock::new(|| {
        Rule::all_rules()
            .iter()
            .filter_map(|&rule| {
                let word = format!("{rule:?}").strip_prefix("kw_")?.to_string();
                let quoted = format!("`{word}`");
                Some(Keyword { rule, word, quoted })
            })
            .collect()
    });
    &KEYWORDS
}

/// The keywords of the rule language (`to`, `capture`, `stuck`, ...), in
/// the grammar's order: every `kw_*` rule of `grammar/rules.pest`.
pub fn keywords() -> impl Iterator<Item = &'static str> {
    keyword_rules().iter().map(|k| k.word.as_str())
}

/// A parse error inside one expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub span: Span,
    pub message: String,
}

type Result<T> = std::result::Result<T, SyntaxError>;

fn parse_entry(rule: Rule, text: &str) -> Result<Pair<'_, Rule>> {
    check_nesting(text)?;
    match RuleParser::parse(rule, text) {
        Ok(mut pairs) => Ok(pairs.next().expect("an entry rule yields one pair")),
        Err(err) => Err(syntax_error(err, text)),
    }
}

/// A pair the AST builder has no arm for, where it reads `what`: the
/// grammar has a construct this file does not read. An error naming the
/// construct, never a panic.
fn unexpected(pair: &Pair<'_, Rule>, what: &str) -> SyntaxError {
    SyntaxError {
        span: span(pair),
        message: format!(
            "{} is not understood in {what} (the grammar and tavoliere's reader disagree: a bug)",
            names::human(pair.as_rule())
        ),
    }
}

fn span(pair: &Pair<'_, Rule>) -> Span {
    let s = pair.as_span();
    s.start()..s.end()
}

fn name(pair: Pair<'_, Rule>) -> Name {
    Name {
        text: pair.as_str().to_string(),
        span: span(&pair),
    }
}

fn number(pair: Pair<'_, Rule>) -> Result<u32> {
    pair.as_str().parse().map_err(|_| SyntaxError {
        span: span(&pair),
        message: format!("the number `{}` is too large", pair.as_str()),
    })
}

fn range(pair: Pair<'_, Rule>) -> Result<Range> {
    let sp = span(&pair);
    let mut inner = pair.into_inner();
    let min = number(inner.next().expect("range starts with a number"))?;
    let max = match inner.next() {
        None => Some(min),
        Some(_dots) => match inner.next() {
            Some(n) => Some(number(n)?),
            None => None,
        },
    };
    if let Some(max) = max {
        if max < min {
            return Err(SyntaxError {
                span: sp,
                message: format!("the range {min}..{max} is empty: its end is below its start"),
            });
        }
    }
    Ok(Range { min, max, span: sp })
}

fn dir_set(pair: Pair<'_, Rule>) -> Vec<Name> {
    pair.into_inner().map(name).collect()
}

// ---------------------------------------------------------------- site conditions

fn site_cond(pair: Pair<'_, Rule>) -> Result<SiteCond> {
    Ok(match pair.as_rule() {
        Rule::site_cond => {
            let mut parts: Vec<SiteCond> = pair
                .into_inner()
                .filter(|p| p.as_rule() != Rule::kw_or)
                .map(site_cond)
                .collect::<Result<_>>()?;
            if parts.len() == 1 {
                parts.pop().unwrap()
            } else {
                SiteCond::Or(parts)
            }
        }
        Rule::site_and => {
            let mut parts: Vec<SiteCond> = pair
                .into_inner()
                .filter(|p| p.as_rule() != Rule::kw_and)
                .map(site_cond)
                .collect::<Result<_>>()?;
            if parts.len() == 1 {
                parts.pop().unwrap()
            } else {
                SiteCond::And(parts)
            }
        }
        Rule::site_not => {
            let mut inner = pair.into_inner();
            let first = inner.next().unwrap();
            if first.as_rule() == Rule::kw_not {
                SiteCond::Not(Box::new(site_cond(inner.next().unwrap())?))
            } else {
                site_cond(first)?
            }
        }
        Rule::site_atom => site_cond(pair.into_inner().next().unwrap())?,
        Rule::site_ahead => {
            let inner = pair.into_inner().nth(1).unwrap();
            SiteCond::Ahead(Box::new(site_cond(inner)?))
        }
        Rule::site_edge => SiteCond::Edge(dir_set(pair.into_inner().nth(1).unwrap())),
        Rule::site_covered => {
            let inner = pair.into_inner().nth(1).unwrap();
            SiteCond::Covered(Box::new(site_cond(inner)?))
        }
        Rule::site_backed => {
            let inner = pair.into_inner().nth(1).unwrap();
            SiteCond::Backed(Box::new(site_cond(inner)?))
        }
        Rule::site_attacks => {
            let mut inner = pair.into_inner().skip(1);
            let cond = site_cond(inner.next().unwrap())?;
            let op = compare_op(inner.next().unwrap())?;
            let n = number(inner.next().unwrap())?;
            SiteCond::Attacks(Box::new(cond), op, n)
        }
        Rule::site_threatens => {
            let mut inner = pair.into_inner().skip(1);
            let cond = site_cond(inner.next().unwrap())?;
            let op = compare_op(inner.next().unwrap())?;
            let n = number(inner.next().unwrap())?;
            SiteCond::Threatens(Box::new(cond), op, n)
        }
        Rule::kw_stuck => SiteCond::Stuck,
        Rule::kw_attacked => SiteCond::Attacked,
        Rule::site_has => SiteCond::Has(name(pair.into_inner().nth(1).unwrap())),
        Rule::site_sees => {
            let mut inner = pair.into_inner().skip(1);
            let dirs = dir_set(inner.next().unwrap());
            SiteCond::Sees(dirs, Box::new(site_cond(inner.next().unwrap())?))
        }
        Rule::site_last_to => {
            let inner = pair.into_inner().nth(1).unwrap();
            SiteCond::LastTo(Box::new(site_cond(inner)?))
        }
        Rule::site_last_over => {
            let inner = pair.into_inner().nth(1).unwrap();
            SiteCond::LastOver(Box::new(site_cond(inner)?))
        }
        Rule::site_line => {
            let mut inner = pair.into_inner().skip(1);
            let n = inner.next().unwrap();
            let length = (number(n.clone())?, span(&n));
            SiteCond::Line(length, dir_set(inner.next().unwrap()))
        }
        Rule::site_adjacent => {
            let mut inner = pair.into_inner().skip(1);
            let dirs = dir_set(inner.next().unwrap());
            SiteCond::Adjacent(dirs, Box::new(site_cond(inner.next().unwrap())?))
        }
        Rule::site_group => {
            let mut inner = pair.into_inner().skip(1);
            let dirs = dir_set(inner.next().unwrap());
            SiteCond::Group(group_test(dirs, &mut inner)?)
        }
        Rule::site_given => {
            let inner = pair.into_inner().nth(1).unwrap();
            SiteCond::Given(Box::new(state_cond(inner)?))
        }
        Rule::site_seeds => {
            let sp = span(&pair);
            let mut inner = pair.into_inner().skip(1);
            let op = compare_op(inner.next().unwrap())?;
            SiteCond::Seeds(op, number(inner.next().unwrap())?, sp)
        }
        Rule::site_height => {
            let mut inner = pair.into_inner().skip(1);
            let op = compare_op(inner.next().unwrap())?;
            SiteCond::Height(op, number(inner.next().unwrap())?)
        }
        Rule::site_nearest => SiteCond::Nearest(name(pair.into_inner().nth(1).unwrap())),
        Rule::site_in => family::site_in(pair)?,
        Rule::site_nearer => SiteCond::Nearer(name(pair.into_inner().nth(1).unwrap())),
        Rule::site_occupant => {
            let mut inner = pair.into_inner();
            let word = name(inner.next().unwrap());
            let kind = inner.next().map(name);
            SiteCond::Occupant { word, kind }
        }
        _ => return Err(unexpected(&pair, "a site condition")),
    })
}

/// The measure, operator and value of a `group(...)` after its directions.
fn group_test<'a>(
    dirs: Vec<Name>,
    inner: &mut impl Iterator<Item = Pair<'a, Rule>>,
) -> Result<GroupTest> {
    let measure = inner.next().unwrap().into_inner().next().unwrap();
    let measure = match measure.as_rule() {
        Rule::kw_size => GroupMeasure::Size,
        Rule::kw_liberties => GroupMeasure::Liberties,
        Rule::kw_encloses => GroupMeasure::Encloses,
        Rule::group_touches => {
            let sp = span(&measure);
            let names = measure.into_inner().skip(1).map(name).collect();
            GroupMeasure::Touches(names, sp)
        }
        _ => {
            return Err(unexpected(
                &measure,
                "`size`, `liberties`, `encloses` or `touches(...)`",
            ))
        }
    };
    let op = compare_op(inner.next().unwrap())?;
    let n = inner.next().unwrap();
    Ok(GroupTest {
        dirs,
        measure,
        op,
        value: (number(n.clone())?, span(&n)),
    })
}

fn compare_op(pair: Pair<'_, Rule>) -> Result<CompareOp> {
    Ok(match pair.as_str() {
        ">=" => CompareOp::Ge,
        "<=" => CompareOp::Le,
        "==" => CompareOp::Eq,
        "!=" => CompareOp::Ne,
        ">" => CompareOp::Gt,
        "<" => CompareOp::Lt,
        _ => return Err(unexpected(&pair, "a comparing operator")),
    })
}

// ---------------------------------------------------------------- patterns

fn segment(seg: Pair<'_, Rule>) -> Result<Segment> {
    let sp = span(&seg);
    let mut inner = seg.into_inner();
    let head = inner.next().unwrap();
    let is_swap = head.as_rule() == Rule::kw_swap;
    let is_jump = head.as_rule() == Rule::kw_jump;
    let is_castle = head.as_rule() == Rule::kw_castle;
    let is_stay = head.as_rule() == Rule::kw_stay;
    let kind = if is_swap || is_jump || is_castle || is_stay {
        name(head)
    } else {
        name(head.into_inner().next().unwrap())
    };
    // `stay` has no argument: its clauses follow at once.
    let (mut partner, mut jump, mut castle) = (None, None, None);
    let (dirs, vector) = if is_stay {
        (Vec::new(), None)
    } else {
        let what = inner.next().unwrap();
        if is_castle {
            let partner = site_cond(inner.next().unwrap())?;
            castle = Some((partner, name(inner.next().unwrap())));
            (dir_set(what), None)
        } else if is_swap {
            partner = Some(site_cond(what)?);
            (Vec::new(), None)
        } else if is_jump {
            jump = Some(site_cond(what)?);
            (Vec::new(), None)
        } else if what.as_rule() == Rule::leap_vector {
            let sp = span(&what);
            let mut n = what.into_inner();
            let a = number(n.next().unwrap())?;
            let b = number(n.next().unwrap())?;
            (Vec::new(), Some((a, b, sp)))
        } else {
            (dir_set(what), None)
        }
    };
    let mut segment = Segment {
        kind,
        dirs,
        vector,
        partner,
        jump,
        castle,
        capture_last: false,
        spend: None,
        range: None,
        line: None,
        to: None,
        over: None,
        capture: false,
        span: sp,
    };
    for part in inner {
        match part.as_rule() {
            Rule::range => segment.range = Some(range(part)?),
            Rule::seg_line => {
                let sp = span(&part);
                let cond = site_cond(part.into_inner().nth(1).unwrap())?;
                segment.line = Some((cond, sp));
            }
            Rule::seg_clause => {
                let clause = part.into_inner().next().unwrap();
                let clause_span = span(&clause);
                let is_to = match clause.as_rule() {
                    Rule::kw_capture => {
                        segment.capture = true;
                        continue;
                    }
                    Rule::seg_capture_last => {
                        segment.capture_last = true;
                        continue;
                    }
                    Rule::seg_spend => {
                        segment.spend = Some(name(clause.into_inner().nth(1).unwrap()));
                        continue;
                    }
                    Rule::seg_to => true,
                    Rule::seg_over => false,
                    _ => return Err(unexpected(&clause, "a segment's clause")),
                };
                let cond = site_cond(clause.into_inner().nth(1).unwrap())?;
                let slot = if is_to {
                    &mut segment.to
                } else {
                    &mut segment.over
                };
                if slot.is_some() {
                    return Err(SyntaxError {
                        span: clause_span,
                        message: format!(
                            "this segment already has a `{}` clause",
                            if is_to { "to" } else { "over" }
                        ),
                    });
                }
                *slot = Some(cond);
            }
            _ => return Err(unexpected(&part, "a segment")),
        }
    }
    Ok(segment)
}

/// Parses a move pattern such as `step(orth) to occupied then step(same) to empty`.
pub fn parse_pattern(text: &str) -> Result<Pattern> {
    let entry = parse_entry(Rule::pattern_entry, text)?;
    let mut out = Pattern {
        guard: None,
        segments: Vec::new(),
        repeat: None,
    };
    for item in entry.into_inner() {
        match item.as_rule() {
            Rule::guard => out.guard = Some(site_cond(item.into_inner().next().unwrap())?),
            Rule::pattern => {
                for part in item.into_inner().filter(|p| p.as_rule() == Rule::part) {
                    let part = part.into_inner().next().unwrap();
                    if part.as_rule() == Rule::repeat {
                        let sp = span(&part);
                        if out.repeat.is_some() {
                            return Err(SyntaxError {
                                span: sp,
                                message: "a pattern may have one repeated group".into(),
                            });
                        }
                        let start = out.segments.len();
                        for seg in part.into_inner().filter(|p| p.as_rule() == Rule::segment) {
                            out.segments.push(segment(seg)?);
                        }
                        out.repeat = Some((start, out.segments.len(), sp));
                    } else {
                        out.segments.push(segment(part)?);
                    }
                }
            }
            Rule::EOI => {}
            _ => return Err(unexpected(&item, "a move pattern")),
        }
    }
    Ok(out)
}

// ---------------------------------------------------------------- effects

/// Parses a landing effect such as `capture(orth, 1) over enemy to friend`.
pub fn parse_effect(text: &str) -> Result<Effect> {
    let entry = parse_entry(Rule::effect_entry, text)?;
    let effect = entry.into_inner().next().unwrap();
    let sp = span(&effect);
    let mut inner = effect.into_inner().peekable();
    let mut out = Effect {
        convert: false,
        dirs: Vec::new(),
        range: None,
        over: None,
        to: None,
        by: None,
        kind: None,
        mover: false,
        guard: None,
        span: sp,
    };
    if inner.peek().map(|p| p.as_rule()) == Some(Rule::effect_mover) {
        inner.next();
        out.mover = true;
    } else {
        out.convert = inner.next().unwrap().as_rule() == Rule::kw_convert;
        out.dirs = dir_set(inner.next().unwrap());
    }
    for item in inner {
        match item.as_rule() {
            Rule::range => out.range = Some(range(item)?),
            Rule::effect_if => {
                let guard_span = span(&item);
                let cond = item.into_inner().nth(1).unwrap();
                out.guard = Some((move_cond(cond)?, guard_span));
            }
            Rule::effect_clause => {
                let clause = item.into_inner().next().unwrap();
                let clause_span = span(&clause);
                let rule = clause.as_rule();
                let arg = clause.clone().into_inner().last().unwrap();
                let taken = match rule {
                    Rule::seg_over => out.over.replace(site_cond(arg)?).is_some(),
                    Rule::seg_to => out.to.replace(site_cond(arg)?).is_some(),
                    Rule::effect_by => out
                        .by
                        .replace((site_cond(arg)?, clause_span.clone()))
                        .is_some(),
                    Rule::effect_as => out.kind.replace(name(arg)).is_some(),
                    _ => return Err(unexpected(&clause, "an effect's clause")),
                };
                if taken {
                    return Err(SyntaxError {
                        span: clause_span,
                        message: "this effect already has such a clause".into(),
                    });
                }
            }
            _ => return Err(unexpected(&item, "an effect")),
        }
    }
    Ok(out)
}

// ---------------------------------------------------------------- regions

fn region(pair: Pair<'_, Rule>) -> Result<Region> {
    match pair.as_rule() {
        Rule::region => {
            let mut inner = pair.into_inner();
            let first = region(inner.next().unwrap())?;
            let mut rest = Vec::new();
            while let Some(op) = inner.next() {
                let op = match op.as_str() {
                    "|" => RegionOp::Union,
                    "&" => RegionOp::Intersection,
                    "-" => RegionOp::Difference,
                    _ => return Err(unexpected(&op, "a region")),
                };
                rest.push((op, region(inner.next().unwrap())?));
            }
            Ok(if rest.is_empty() {
                first
            } else {
                Region::Chain(Box::new(first), rest)
            })
        }
        Rule::region_term => region(pair.into_inner().next().unwrap()),
        Rule::region_rank => Ok(Region::Rank(range(pair.into_inner().nth(1).unwrap())?)),
        Rule::region_color => Ok(Region::Color(name(pair.into_inner().nth(1).unwrap()))),
        Rule::region_file => {
            let mut inner = pair.into_inner().skip(1);
            let from = name(inner.next().unwrap());
            let to = inner.nth(1).map(name);
            Ok(Region::File { from, to })
        }
        Rule::region_names => Ok(Region::Names(pair.into_inner().map(name).collect())),
        _ => Err(unexpected(&pair, "a region")),
    }
}

/// Parses a region such as `rank 9`, `file a..c - d2` or `d11 h11`.
pub fn parse_region(text: &str) -> Result<Region> {
    let entry = parse_entry(Rule::region_entry, text)?;
    region(entry.into_inner().next().unwrap())
}

// ---------------------------------------------------------------- state conditions

fn piece_filter(pair: Pair<'_, Rule>) -> PieceFilter {
    let mut inner = pair.into_inner();
    PieceFilter {
        owner: name(inner.next().unwrap()),
        kind: name(inner.next().unwrap()),
    }
}

fn state_cond(pair: Pair<'_, Rule>) -> Result<StateCond> {
    Ok(match pair.as_rule() {
        Rule::state_cond | Rule::state_and => {
            let is_or = pair.as_rule() == Rule::state_cond;
            let mut parts = pair
                .into_inner()
                .filter(|p| !matches!(p.as_rule(), Rule::kw_or | Rule::kw_and))
                .map(state_cond)
                .collect::<Result<Vec<_>>>()?;
            if parts.len() == 1 {
                parts.pop().unwrap()
            } else if is_or {
                StateCond::Or(parts)
            } else {
                StateCond::And(parts)
            }
        }
        Rule::state_not => {
            let mut inner = pair.into_inner();
            let first = inner.next().unwrap();
            if first.as_rule() == Rule::kw_not {
                StateCond::Not(Box::new(state_cond(inner.next().unwrap())?))
            } else {
                state_cond(first)?
            }
        }
        Rule::state_atom => state_cond(pair.into_inner().next().unwrap())?,
        Rule::kw_true => StateCond::Const(true),
        Rule::kw_false => StateCond::Const(false),
        Rule::state_can => {
            let sp = span(&pair);
            StateCond::Can(move_cond(pair.into_inner().nth(1).unwrap())?, sp)
        }
        Rule::state_last => {
            let sp = span(&pair);
            StateCond::Last(move_cond(pair.into_inner().nth(1).unwrap())?, sp)
        }
        Rule::kw_check => StateCond::Check,
        Rule::state_somewhere => {
            let sp = span(&pair);
            StateCond::Somewhere(site_cond(pair.into_inner().nth(1).unwrap())?, sp)
        }
        Rule::kw_stalled => StateCond::Stalled(span(&pair)),
        Rule::state_compare => {
            let sp = span(&pair);
            let mut inner = pair.into_inner();
            let count = |pair: Pair<'_, Rule>| {
                let mut count = pair.into_inner().skip(1);
                let filter = piece_filter(count.next().unwrap());
                (filter, count.nth(1).map(name))
            };
            let (filter, region) = count(inner.next().unwrap());
            let op = compare_op(inner.next().unwrap())?;
            let rhs = inner.next().unwrap();
            if rhs.as_rule() == Rule::state_count {
                return Ok(StateCond::Compare {
                    left: (filter, region),
                    op,
                    right: count(rhs),
                    span: sp,
                });
            }
            StateCond::Count {
                filter,
                region,
                op,
                value: number(rhs)?,
                span: sp,
            }
        }
        Rule::state_reach => {
            let sp = span(&pair);
            let mut inner = pair.into_inner().skip(1);
            let filter = piece_filter(inner.next().unwrap());
            let region = name(inner.next().unwrap());
            let dirs = dir_set(inner.next().unwrap());
            StateCond::Reach {
                filter,
                region,
                dirs,
                span: sp,
            }
        }
        Rule::state_line => family::line(pair)?,
        Rule::state_members => family::members(pair)?,
        Rule::state_member_line => family::member_line(pair)?,
        Rule::state_group | Rule::state_groups => state_groups(pair)?,
        Rule::state_connected => StateCond::Connected(dir_set(pair.into_inner().nth(1).unwrap())),
        Rule::state_repetitions => {
            let sp = span(&pair);
            let mut inner = pair.into_inner().skip(1);
            let op = compare_op(inner.next().unwrap())?;
            let n = inner.next().unwrap();
            let value = (number(n.clone())?, span(&n));
            StateCond::Repetitions {
                op,
                value,
                span: sp,
            }
        }
        Rule::state_since => {
            let sp = span(&pair);
            let mut inner = pair.into_inner().skip(1);
            let cond = move_cond(inner.next().unwrap())?;
            let op = compare_op(inner.next().unwrap())?;
            let value = number(inner.next().unwrap())?;
            StateCond::Since {
                cond,
                op,
                value,
                span: sp,
            }
        }
        Rule::state_perpetual => StateCond::PerpetualCheck(span(&pair)),
        Rule::state_seeds_compare => numbers::seeds_compare(pair)?,
        Rule::state_rolled => {
            let mut inner = pair.into_inner().skip(1);
            let event = name(inner.next().unwrap());
            let op = compare_op(inner.next().unwrap())?;
            let value = number(inner.next().unwrap())?;
            StateCond::Rolled { event, op, value }
        }
        Rule::state_repeated => numbers::repeated(pair)?,
        Rule::state_arith => numbers::arith(pair)?,
        _ => return Err(unexpected(&pair, "a position condition")),
    })
}

/// `group(OWNER KIND, DIRS) MEASURE OP N [through last]` or
/// `groups(OWNER KIND, DIRS) OP N`.
fn state_groups(pair: Pair<'_, Rule>) -> Result<StateCond> {
    let sp = span(&pair);
    let one = pair.as_rule() == Rule::state_group;
    let mut inner = pair.into_inner().skip(1);
    let filter = piece_filter(inner.next().unwrap());
    let dirs = dir_set(inner.next().unwrap());
    if one {
        let test = group_test(dirs, &mut inner)?;
        return Ok(StateCond::Group {
            filter,
            test,
            through_last: inner.next().is_some(),
            span: sp,
        });
    }
    let op = compare_op(inner.next().unwrap())?;
    let value = number(inner.next().unwrap())?;
    Ok(StateCond::Groups {
        filter,
        dirs,
        op,
        value,
        span: sp,
    })
}

/// Parses a site condition alone, such as `in pits and seeds == 1`.
pub fn parse_site_cond(text: &str) -> Result<SiteCond> {
    let entry = parse_entry(Rule::site_entry, text)?;
    site_cond(entry.into_inner().next().unwrap())
}

/// Parses a set of directions alone, such as `n | s`.
pub fn parse_dirs(text: &str) -> Result<Vec<Name>> {
    let entry = parse_entry(Rule::dirs_entry, text)?;
    Ok(dir_set(entry.into_inner().next().unwrap()))
}

/// Parses a position condition such as `count(own pawn in goal) >= 1`.
pub fn parse_state_cond(text: &str) -> Result<StateCond> {
    let entry = parse_entry(Rule::state_entry, text)?;
    state_cond(entry.into_inner().next().unwrap())
}

/// Parses a sum of numbers such as `count(own stone) + 7.5` (a side's
/// `score`).
pub fn parse_num_expr(text: &str) -> Result<NumExpr> {
    let entry = parse_entry(Rule::num_entry, text)?;
    numbers::num_expr(entry.into_inner().next().unwrap())
}

// ---------------------------------------------------------------- move conditions

/// Parses a condition on a move such as `from(in fortress) and captures`.
pub fn parse_move_cond(text: &str) -> Result<MoveCond> {
    let entry = parse_entry(Rule::move_entry, text)?;
    move_cond(entry.into_inner().next().unwrap())
}

fn move_cond(pair: Pair<'_, Rule>) -> Result<MoveCond> {
    Ok(match pair.as_rule() {
        Rule::move_cond | Rule::move_and => {
            let or = pair.as_rule() == Rule::move_cond;
            let mut parts: Vec<MoveCond> = pair
                .into_inner()
                .filter(|p| !matches!(p.as_rule(), Rule::kw_or | Rule::kw_and))
                .map(move_cond)
                .collect::<Result<_>>()?;
            match (parts.len(), or) {
                (1, _) => parts.pop().unwrap(),
                (_, true) => MoveCond::Or(parts),
                (_, false) => MoveCond::And(parts),
            }
        }
        Rule::move_not => {
            let mut inner = pair.into_inner();
            let first = inner.next().unwrap();
            if first.as_rule() == Rule::kw_not {
                MoveCond::Not(Box::new(move_cond(inner.next().unwrap())?))
            } else {
                move_cond(first)?
            }
        }
        Rule::move_atom => move_cond(pair.into_inner().next().unwrap())?,
        Rule::move_from => MoveCond::From(site_cond(pair.into_inner().nth(1).unwrap())?),
        Rule::move_to => MoveCond::To(site_cond(pair.into_inner().nth(1).unwrap())?),
        Rule::kw_captures => MoveCond::Captures,
        Rule::kw_converts => MoveCond::Converts,
        Rule::kw_closes => MoveCond::Closes,
        Rule::kw_gives_check => MoveCond::GivesCheck,
        Rule::kw_bears_off => MoveCond::BearsOff,
        Rule::move_spends => MoveCond::Spends(name(pair.into_inner().nth(1).unwrap())),
        Rule::kw_true => MoveCond::True,
        _ => return Err(unexpected(&pair, "a move condition")),
    })
}

// ---------------------------------------------------------------- phases

/// Parses one phase of a turn, such as `move | place wall`, with its
/// condition if it has one (`line(own man, 3, orth) through last: remove
/// enemy man`).
pub fn parse_phase(text: &str) -> Result<Phase> {
    let entry = parse_entry(Rule::phase_entry, text)?;
    let phase = entry.into_inner().next().unwrap();
    let mut out = Phase {
        when: None,
        actions: Vec::new(),
    };
    for part in phase.into_inner() {
        let sp = span(&part);
        match part.as_rule() {
            Rule::phase_when => {
                out.when = Some((state_cond(part.into_inner().next().unwrap())?, sp));
            }
            Rule::action => out
                .actions
                .push((phase_action(part.into_inner().next().unwrap())?, sp)),
            _ => return Err(unexpected(&part, "a phase")),
        }
    }
    Ok(out)
}

/// One action of a phase.
fn phase_action(inner: Pair<'_, Rule>) -> Result<Action> {
    Ok(match inner.as_rule() {
        Rule::action_move => Action::Move(inner.into_inner().nth(1).map(name)),
        Rule::action_place => {
            let (mut region, mut falling, mut to) = (None, None, None);
            let mut it = inner.into_inner().skip(1);
            let kind = name(it.next().unwrap());
            for p in it {
                match p.as_rule() {
                    Rule::name => region = Some(name(p)),
                    Rule::place_falling => {
                        falling = p.into_inner().nth(1).map(name);
                    }
                    Rule::place_to => {
                        let sp = span(&p);
                        to = Some((site_cond(p.into_inner().nth(1).unwrap())?, sp));
                    }
                    Rule::kw_in => {}
                    _ => return Err(unexpected(&p, "`place`")),
                }
            }
            Action::Place(kind, region, falling, to)
        }
        Rule::action_fill => {
            let mut it = inner.into_inner();
            let kind = name(it.nth(1).unwrap());
            Action::Fill(kind, name(it.nth(1).unwrap()))
        }
        Rule::action_remove => Action::Remove(site_cond(inner.into_inner().nth(1).unwrap())?),
        Rule::action_sow => Action::Sow(name(inner.into_inner().nth(1).unwrap())),
        Rule::action_roll => Action::Roll(name(inner.into_inner().nth(1).unwrap())),
        Rule::action_advance => {
            let mut it = inner.into_inner();
            let track = name(it.nth(1).unwrap());
            let event = name(it.nth(1).unwrap());
            let to = match it.next() {
                Some(p) => Some(site_cond(p.into_inner().nth(1).unwrap())?),
                None => None,
            };
            Action::Advance(track, event, to)
        }
        Rule::kw_pass => Action::Pass,
        _ => return Err(unexpected(&inner, "a phase's action")),
    })
}

// ---------------------------------------------------------------- placements

/// Parses the initial pieces of a side: `pawn: d4 h4; rook: a1`.
pub fn parse_placements(text: &str) -> Result<Vec<Placement>> {
    let entry = parse_entry(Rule::placement_entry, text)?;
    Ok(entry
        .into_inner()
        .filter(|p| p.as_rule() == Rule::placement)
        .map(|p| {
            let mut inner = p.into_inner();
            let kind = name(inner.next().unwrap());
            Placement {
                kind,
                sites: inner.map(name).collect(),
            }
        })
        .collect())
}

// ---------------------------------------------------------------- positions

/// Parses the textual form of a position into its sections.
/// A position's section of sites with a number each (`seeds a1 4, ...`,
/// `stacks a1 2, ...`): the sites, their numbers and the numbers' spans.
fn site_counts(section: Pair<'_, Rule>) -> Result<Vec<(Name, u32, Span)>> {
    (section.into_inner().skip(1))
        .map(|p| {
            let mut it = p.into_inner();
            let site = name(it.next().unwrap());
            let n = it.next().unwrap();
            let sp = span(&n);
            Ok((site, number(n)?, sp))
        })
        .collect()
}

pub fn parse_position(text: &str) -> Result<Vec<(PosSection, Span)>> {
    let entry = parse_entry(Rule::position_entry, text)?;
    let mut out = Vec::new();
    for section in entry
        .into_inner()
        .filter(|p| p.as_rule() == Rule::pos_section)
    {
        let sp = span(&section);
        let inner = section.into_inner().next().unwrap();
        let parsed = match inner.as_rule() {
            Rule::pos_pieces => PosSection::Pieces(
                inner
                    .into_inner()
                    .skip(1)
                    .map(|p| {
                        let mut it = p.into_inner().map(name);
                        let side = it.next().unwrap();
                        let kind = it.next().unwrap();
                        (side, kind, it.collect())
                    })
                    .collect(),
            ),
            Rule::pos_barriers => PosSection::Barriers(
                inner
                    .into_inner()
                    .skip(1)
                    .map(|slot| {
                        let mut names: Vec<Name> = slot.into_inner().map(name).collect();
                        let last = names.pop().unwrap();
                        (names.pop(), last)
                    })
                    .collect(),
            ),
            Rule::pos_reserves => PosSection::Reserves(
                inner
                    .into_inner()
                    .skip(1)
                    .map(|r| {
                        let sp = span(&r);
                        let mut it = r.into_inner();
                        let side = name(it.next().unwrap());
                        let kind = name(it.next().unwrap());
                        let n = number(it.next().unwrap())?;
                        Ok((side, kind, n, sp))
                    })
                    .collect::<Result<_>>()?,
            ),
            Rule::pos_turn => {
                let mut it = inner.into_inner().skip(1);
                let side = name(it.next().unwrap());
                let phase = match it.nth(1) {
                    Some(n) => {
                        let sp = span(&n);
                        Some((number(n)?, sp))
                    }
                    None => None,
                };
                PosSection::Turn { side, phase }
            }
            Rule::pos_passes => {
                let n = inner.into_inner().nth(1).unwrap();
                let sp = span(&n);
                PosSection::Passes(number(n)?, sp)
            }
            Rule::kw_demanded => PosSection::Demanded,
            Rule::pos_huffable => PosSection::Huffable(name(inner.into_inner().nth(1).unwrap())),
            Rule::pos_flags => PosSection::Flags(
                inner
                    .into_inner()
                    .skip(1)
                    .map(|f| {
                        let mut it = f.into_inner().map(name);
                        let flag = it.next().unwrap();
                        (flag, it.collect())
                    })
                    .collect(),
            ),
            Rule::pos_last => {
                let mut it = inner.into_inner().skip(1).map(name);
                PosSection::Last(it.next().unwrap(), it.next().unwrap())
            }
            Rule::pos_counters => PosSection::Counters(
                inner
                    .into_inner()
                    .skip(1)
                    .map(|n| {
                        let sp = span(&n);
                        Ok((number(n)?, sp))
                    })
                    .collect::<Result<_>>()?,
            ),
            Rule::pos_rolled => {
                let mut it = inner.into_inner().skip(1);
                let event = name(it.next().unwrap());
                let n = it.next().unwrap();
                let sp = span(&n);
                PosSection::Rolled(event, number(n)?, sp)
            }
            Rule::pos_stacks => PosSection::Stacks(site_counts(inner)?),
            Rule::pos_under => PosSection::Under(
                (inner.into_inner().skip(1))
                    .map(|f| {
                        let mut it = f.into_inner().map(name);
                        let site = it.next().unwrap();
                        (site, it.collect())
                    })
                    .collect(),
            ),
            Rule::pos_dice => PosSection::Dice(
                (inner.into_inner().skip(1))
                    .map(|n| {
                        let sp = span(&n);
                        Ok((number(n)?, sp))
                    })
                    .collect::<Result<_>>()?,
            ),
            Rule::pos_seeds => PosSection::Seeds(site_counts(inner)?),
            Rule::pos_plies => PosSection::Plies(number(inner.into_inner().nth(1).unwrap())?),
            Rule::pos_history => PosSection::History(
                inner
                    .into_inner()
                    .skip(1)
                    .map(|seen| {
                        let mut it = seen.into_inner();
                        let hash = name(it.next().unwrap());
                        let mover = name(it.next().unwrap());
                        (hash, mover, it.next().is_some())
                    })
                    .collect(),
            ),
            _ => return Err(unexpected(&inner, "a position")),
        };
        out.push((parsed, sp));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pattern_with_lookahead_parses() {
        let p = parse_pattern(
            "step(orth) to occupied and not ahead(empty) then step(left | right) to empty",
        )
        .unwrap();
        assert_eq!(p.segments.len(), 2);
        assert_eq!(p.segments[1].dirs.len(), 2);
        assert!(matches!(p.segments[0].to, Some(SiteCond::And(_))));
    }

    #[test]
    fn errors_name_what_was_expected() {
        let err = parse_pattern("step(orth) to").unwrap_err();
        assert!(err.message.starts_with("expected"), "{}", err.message);
        assert_eq!(err.span.start, 13);
        let err = parse_region("rank 5..2").unwrap_err();
        assert!(err.message.contains("empty"), "{}", err.message);
    }

    #[test]
    fn regions_combine_left_to_right() {
        let r = parse_region("rank 1..3 - file a | d4").unwrap();
        match r {
            Region::Chain(_, rest) => {
                let ops: Vec<RegionOp> = rest.iter().map(|(op, _)| *op).collect();
                assert_eq!(ops, [RegionOp::Difference, RegionOp::Union]);
            }
            _ => panic!("{r:?}"),
        }
    }
}
