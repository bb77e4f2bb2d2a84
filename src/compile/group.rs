//! Groups: `group(DIRS) MEASURE OP N` on a site, `group(OWNER KIND, DIRS)
//! MEASURE OP N [through last]` and `groups(OWNER KIND, DIRS) OP N` on a
//! position, and `adjacent(DIRS, COND)`.

use super::condition::compare;
use super::{Compiler, Res, Scope};
use crate::board::{Board, SiteId};
use crate::diag::Diagnostic;
use crate::raw::{RawGame, Str};
use crate::rules::{Compare, Cond, GroupMeasure, GroupTest, StateCond};
use crate::syntax::ast;

/// The most regions `touches(...)` may list: one bit each.
const MAX_TOUCHED: usize = 64;

impl Compiler<'_> {
    /// The site conditions `adjacent(DIRS, COND)` and `group(DIRS) MEASURE
    /// OP N`.
    pub(super) fn near(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        c: &ast::SiteCond,
    ) -> Res<Cond> {
        Ok(match c {
            ast::SiteCond::Adjacent(names, inner) => {
                let dirs = self.dirs(&scope.board, s, names, true)?;
                Cond::Adjacent(dirs, Box::new(self.cond(raw, scope, s, inner)?))
            }
            ast::SiteCond::Group(test) => {
                Cond::Group(Box::new(self.group_test(raw, scope, s, test)?))
            }
            _ => unreachable!("not a condition on the sites around"),
        })
    }

    /// The position conditions `group(...)` and `groups(...)`.
    pub(super) fn groups(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        c: &ast::StateCond,
    ) -> Res<StateCond> {
        match c {
            ast::StateCond::Group {
                filter,
                test,
                through_last,
                span,
            } => self.state_group(raw, scope, s, filter, test, *through_last, span),
            ast::StateCond::Groups {
                filter,
                dirs,
                op,
                value,
                ..
            } => self.state_groups(scope, s, filter, dirs, *op, *value),
            _ => unreachable!("not a condition on groups"),
        }
    }

    /// The directions, measure and comparison of a `group(...)`.
    fn group_test(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        test: &ast::GroupTest,
    ) -> Res<GroupTest> {
        let dirs = self.group_dirs(&scope.board, s, &test.dirs);
        let measure = match &test.measure {
            ast::GroupMeasure::Size => GroupMeasure::Size,
            ast::GroupMeasure::Liberties => GroupMeasure::Liberties,
            ast::GroupMeasure::Encloses => GroupMeasure::Encloses,
            ast::GroupMeasure::Touches(names, list) => {
                GroupMeasure::Touches(self.touched(raw, scope, s, names, list, test)?)
            }
        };
        Ok(GroupTest {
            dirs: dirs?,
            measure,
            op: compare(test.op),
            value: test.value.0,
        })
    }

    /// The regions of `touches(...)`: at most 64, and a count asked of
    /// them that some group could reach.
    fn touched(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        names: &[ast::Name],
        list: &ast::Span,
        test: &ast::GroupTest,
    ) -> Res<Box<[u16]>> {
        if names.len() > MAX_TOUCHED {
            let loc = s.inner_loc(self.sources, list.clone());
            self.error(
                Diagnostic::error(
                    "group-count",
                    format!("`touches(...)` lists {} regions", names.len()),
                )
                .at(loc)
                .label(format!("at most {MAX_TOUCHED}"))
                .hint("join regions that count as one into a region of `[regions]`"),
            );
            return Err(());
        }
        let regions: Vec<Res<u16>> = names
            .iter()
            .map(|n| self.region_ref(raw, scope, s, n))
            .collect();
        let regions = regions.into_iter().collect::<Res<Vec<u16>>>()?;
        let n = names.len() as u32;
        let value = test.value.0;
        let never = match compare(test.op) {
            Compare::Ge | Compare::Eq => value > n,
            Compare::Gt => value >= n,
            Compare::Le | Compare::Lt | Compare::Ne => false,
        };
        if never {
            let loc = s.inner_loc(self.sources, test.value.1.clone());
            self.error(
                Diagnostic::error(
                    "group-count",
                    format!("a group touches at most the {n} regions listed"),
                )
                .at(loc)
                .label(format!("more than {n}: this never holds"))
                .hint(format!(
                    "count at most {n}: `touches(...) == {n}` is a group that touches every one"
                )),
            );
            return Err(());
        }
        Ok(regions.into_boxed_slice())
    }

    /// The directions a group's pieces are joined along: compass words,
    /// groups and link labels, each compass direction with its opposite;
    /// none relative to a heading, and at least one the board has.
    pub(super) fn group_dirs(&mut self, board: &Board, s: &Str, names: &[ast::Name]) -> Res<u32> {
        let mask = self.dirs(board, s, names, false)?.absolute;
        let compass = mask & 0xff;
        let mask = mask | ((compass << 4 | compass >> 4) & 0xff);
        let present = (0..board.n_sites()).any(|i| {
            (0..board.n_dirs() as u8)
                .any(|d| mask >> d & 1 == 1 && board.has_neighbor(SiteId(i as u16), d))
        });
        if !present {
            let span = match (names.first(), names.last()) {
                (Some(a), Some(b)) => a.span.start..b.span.end,
                _ => 0..s.value.len(),
            };
            let loc = s.inner_loc(self.sources, span);
            self.error(
                Diagnostic::error(
                    "group-direction",
                    "the board has no line along these directions: every group is one piece",
                )
                .at(loc)
                .label("no two sites are beside each other this way")
                .hint("name directions the board has: `orth`, or `diag` on a board with diagonal lines"),
            );
            return Err(());
        }
        Ok(mask)
    }

    /// `group(OWNER KIND, DIRS) MEASURE OP N [through last]`.
    #[allow(clippy::too_many_arguments)]
    fn state_group(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        filter: &ast::PieceFilter,
        test: &ast::GroupTest,
        through_last: bool,
        span: &ast::Span,
    ) -> Res<StateCond> {
        let owner = self.owner(s, &filter.owner, scope);
        let kind = self.kind_ref(s, &filter.kind, scope);
        let test = self.group_test(raw, scope, s, test);
        if through_last && !self.allow_last {
            let loc = s.inner_loc(self.sources, span.clone());
            self.error(
                Diagnostic::error(
                    "last-outside-end",
                    "`group(...) through last` is read only in an end rule's `when`",
                )
                .at(loc)
                .label("no move has just been played here")
                .hint("drop `through last` to read every group, or use it in `[[end]] when`"),
            );
            return Err(());
        }
        let (owner, named) = owner?;
        Ok(StateCond::Group {
            owner,
            named,
            kind: kind?,
            test: Box::new(test?),
            through_last,
        })
    }

    /// `groups(OWNER KIND, DIRS) OP N`.
    #[allow(clippy::too_many_arguments)]
    fn state_groups(
        &mut self,
        scope: &mut Scope,
        s: &Str,
        filter: &ast::PieceFilter,
        dirs: &[ast::Name],
        op: ast::CompareOp,
        value: u32,
    ) -> Res<StateCond> {
        let owner = self.owner(s, &filter.owner, scope);
        let kind = self.kind_ref(s, &filter.kind, scope);
        let dirs = self.group_dirs(&scope.board, s, dirs);
        let (owner, named) = owner?;
        Ok(StateCond::Groups {
            owner,
            named,
            kind: kind?,
            dirs: dirs?,
            op: compare(op),
            value,
        })
    }
}
