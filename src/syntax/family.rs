//! Families of regions in conditions: `count(boards where C) OP N`,
//! `line(boards where C, N, DIRS)`, `in boards where (C)` and `in boards
//! matching last`; and a row of pieces inside a region, `line(own mark in
//! boards, 3, all)`.

use super::ast::{SiteCond, StateCond};
use super::{compare_op, dir_set, name, number, piece_filter, span, state_cond, Result, Rule};
use pest::iterators::Pair;

/// `in REGION`, `in FAMILY where (C)` or `in FAMILY matching last`.
pub(super) fn site_in(pair: Pair<'_, Rule>) -> Result<SiteCond> {
    let mut inner = pair.into_inner().skip(1);
    let region = name(inner.next().unwrap());
    Ok(match inner.next() {
        None => SiteCond::In(region),
        Some(word) if word.as_rule() == Rule::kw_where => {
            SiteCond::InWhere(region, Box::new(state_cond(inner.next().unwrap())?))
        }
        Some(_) => SiteCond::InMatchingLast(region),
    })
}

/// `count(FAMILY where C) OP N`.
pub(super) fn members(pair: Pair<'_, Rule>) -> Result<StateCond> {
    let mut inner = pair.into_inner().skip(1);
    let family = name(inner.next().unwrap());
    let cond = Box::new(state_cond(inner.nth(1).unwrap())?);
    let op = compare_op(inner.next().unwrap())?;
    let value = number(inner.next().unwrap())?;
    Ok(StateCond::Members {
        family,
        cond,
        op,
        value,
    })
}

/// `line(FAMILY where C, N, DIRS)`.
pub(super) fn member_line(pair: Pair<'_, Rule>) -> Result<StateCond> {
    let sp = span(&pair);
    let mut inner = pair.into_inner().skip(1);
    let family = name(inner.next().unwrap());
    let cond = Box::new(state_cond(inner.nth(1).unwrap())?);
    let n = inner.next().unwrap();
    let length = (number(n.clone())?, span(&n));
    let dirs = dir_set(inner.next().unwrap());
    Ok(StateCond::MemberLine {
        family,
        cond,
        length,
        dirs,
        span: sp,
    })
}

/// `line(OWNER KIND [in REGION], N, DIRS) [through last]`.
pub(super) fn line(pair: Pair<'_, Rule>) -> Result<StateCond> {
    let sp = span(&pair);
    let mut inner = pair.into_inner().skip(1);
    let filter = piece_filter(inner.next().unwrap());
    let mut n = inner.next().unwrap();
    let mut region = None;
    if n.as_rule() == Rule::kw_in {
        region = Some(name(inner.next().unwrap()));
        n = inner.next().unwrap();
    }
    let length = (number(n.clone())?, span(&n));
    let dirs = dir_set(inner.next().unwrap());
    Ok(StateCond::Line {
        filter,
        region,
        length,
        dirs,
        through_last: inner.next().is_some(),
        span: sp,
    })
}
