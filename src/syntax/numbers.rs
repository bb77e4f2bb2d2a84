//! Numbers in position conditions: sums compared (`count(own stone) +
//! territory(own stone, orth) + 7.5 > score(enemy)`), decimal constants,
//! the seeds on a region, and `repeated [within N]`.

use super::ast::{self, NumExpr, NumTerm, StateCond};
use super::{compare_op, dir_set, name, number, piece_filter, span, Result, Rule, SyntaxError};
use crate::rules::NUM_SCALE;
use pest::iterators::Pair;

/// `seeds(OWNER REGION) OP N|seeds(OWNER REGION)`.
pub(super) fn seeds_compare(pair: Pair<'_, Rule>) -> Result<StateCond> {
    let sp = span(&pair);
    let mut inner = pair.into_inner();
    let owned = |p: Pair<'_, Rule>| {
        let mut it = p.into_inner().skip(1);
        (name(it.next().unwrap()), name(it.next().unwrap()))
    };
    let left = owned(inner.next().unwrap());
    let op = compare_op(inner.next().unwrap())?;
    let rhs = inner.next().unwrap();
    let right = if rhs.as_rule() == Rule::state_seeds {
        let (o, r) = owned(rhs);
        ast::SeedsRhs::Seeds(o, r)
    } else {
        ast::SeedsRhs::Number(number(rhs)?)
    };
    Ok(StateCond::Seeds {
        left,
        op,
        right,
        span: sp,
    })
}

/// `repeated [within N]`.
pub(super) fn repeated(pair: Pair<'_, Rule>) -> Result<StateCond> {
    let sp = span(&pair);
    let within = match pair.into_inner().nth(2) {
        Some(n) => Some((number(n.clone())?, span(&n))),
        None => None,
    };
    Ok(StateCond::Repeated { within, span: sp })
}

/// `SUM OP SUM`.
pub(super) fn arith(pair: Pair<'_, Rule>) -> Result<StateCond> {
    let sp = span(&pair);
    let mut inner = pair.into_inner();
    let left = num_expr(inner.next().unwrap())?;
    let op = compare_op(inner.next().unwrap())?;
    let right = num_expr(inner.next().unwrap())?;
    Ok(StateCond::Arith {
        left,
        op,
        right,
        span: sp,
    })
}

/// A sum of numbers: `count(own stone) + territory(own stone, orth) - 7.5`.
pub(super) fn num_expr(pair: Pair<'_, Rule>) -> Result<NumExpr> {
    let mut terms = Vec::new();
    let mut minus = false;
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::num_sign => minus = p.as_str() == "-",
            _ => {
                terms.push((minus, num_term(p.into_inner().next().unwrap())?));
                minus = false;
            }
        }
    }
    Ok(terms)
}

/// One number of a sum.
fn num_term(pair: Pair<'_, Rule>) -> Result<NumTerm> {
    let sp = span(&pair);
    Ok(match pair.as_rule() {
        Rule::state_count => {
            let mut inner = pair.into_inner().skip(1);
            let filter = piece_filter(inner.next().unwrap());
            NumTerm::Count(filter, inner.nth(1).map(name))
        }
        Rule::num_value => {
            let mut inner = pair.into_inner().skip(1);
            let filter = piece_filter(inner.next().unwrap());
            NumTerm::Value(filter, inner.nth(1).map(name))
        }
        Rule::num_territory => {
            let mut inner = pair.into_inner().skip(1);
            let filter = piece_filter(inner.next().unwrap());
            NumTerm::Territory(filter, dir_set(inner.next().unwrap()), sp)
        }
        Rule::num_score => NumTerm::Score(name(pair.into_inner().nth(1).unwrap())),
        _ => NumTerm::Const(decimal(&pair)?, sp),
    })
}

/// A constant in thousandths: `7.5` is 7500.
fn decimal(pair: &Pair<'_, Rule>) -> Result<i64> {
    let text = pair.as_str();
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    let error = |message: String| SyntaxError {
        span: span(pair),
        message,
    };
    if frac.len() > 3 {
        return Err(error(format!(
            "`{text}` has {} decimals: at most 3",
            frac.len()
        )));
    }
    let whole: i64 = whole
        .parse()
        .ok()
        .filter(|&w: &i64| w <= 1_000_000_000)
        .ok_or_else(|| error(format!("the number `{text}` is too large")))?;
    let frac: i64 = format!("{frac:0<3}").parse().unwrap_or(0);
    Ok(whole * NUM_SCALE + frac)
}
