//! Families of regions: `[regions]` entries that name several regions at
//! once (`boards = { blocks = "3x3" }`, `arms = ["file a..c", "file e..g"]`),
//! and the conditions that read them: `count(FAMILY where C)`, `line(FAMILY
//! where C, N, DIRS)`, `in FAMILY where (C)`, `in FAMILY matching last`.

use super::{Compiler, Res, Scope};
use crate::board::compass_step;
use crate::diag::Diagnostic;
use crate::raw::{Located, RawGame, RegionValue, Str};
use crate::rules::{Family, Region, RegionId, SideId, SiteSet, StateCond, NO_MEMBER};
use crate::syntax::ast;

/// The most regions a family has (conditions keep them in 64-bit masks).
const MAX_MEMBERS: usize = 64;

/// The sites of each region of a family, and the grid its blocks form.
pub(super) type FamilySets = (Vec<SiteSet>, Option<(i32, i32)>);

/// A family as compiled: the region of all its sites, its regions, and the
/// grid its blocks form (`None` for a listed family).
#[derive(Clone, Debug)]
pub(super) struct FamilyDraft {
    pub name: String,
    pub region: RegionId,
    pub members: Vec<RegionId>,
    pub grid: Option<(i32, i32)>,
}

impl Compiler<'_> {
    /// The sites of each region of a family, and the grid of its blocks.
    pub(super) fn family_sets(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        value: &Located<RegionValue>,
        stack: &mut Vec<RegionId>,
    ) -> Res<FamilySets> {
        let (sets, grid) = match &value.value {
            RegionValue::Blocks(size) => {
                let (sets, grid) = self.blocks(scope, size)?;
                (sets, Some(grid))
            }
            RegionValue::Family(list) => (self.listed(raw, scope, list, stack)?, None),
            RegionValue::Shared(_) | RegionValue::PerSide(_) => unreachable!("not a family"),
        };
        if sets.len() > MAX_MEMBERS || sets.is_empty() {
            self.error(
                Diagnostic::error(
                    "family-form",
                    format!(
                        "a family has 1 to {MAX_MEMBERS} regions, not {}",
                        sets.len()
                    ),
                )
                .at(value.loc())
                .label("this family"),
            );
            return Err(());
        }
        Ok((sets, grid))
    }

    /// `{ blocks = "WxH" }`: the board cut into blocks of W files by H
    /// ranks, from a1, along the ranks first.
    fn blocks(&mut self, scope: &Scope, size: &Str) -> Res<(Vec<SiteSet>, (i32, i32))> {
        let board = &scope.board;
        let parsed = size.value.split_once('x').and_then(|(w, h)| {
            let (w, h) = (w.trim().parse::<i32>().ok()?, h.trim().parse::<i32>().ok()?);
            (w >= 1 && h >= 1 && board.files % w == 0 && board.ranks % h == 0).then_some((w, h))
        });
        let Some((w, h)) = parsed else {
            self.error(
                Diagnostic::error(
                    "family-form",
                    format!(
                        "`{}` does not cut the {}x{} board into blocks",
                        size.value, board.files, board.ranks
                    ),
                )
                .at(size.loc())
                .label("expected `WxH`, W dividing the files and H the ranks")
                .hint("`blocks = \"3x3\"` cuts a 9x9 board into nine blocks of 3 by 3"),
            );
            return Err(());
        };
        let grid = (board.files / w, board.ranks / h);
        let mut sets = vec![SiteSet::new(board.n_sites()); (grid.0 * grid.1) as usize];
        for (i, site) in board.sites.iter().enumerate() {
            if site.x >= 0 && site.x < board.files && site.y >= 0 && site.y < board.ranks {
                let block = site.y / h * grid.0 + site.x / w;
                sets[block as usize].insert(crate::board::SiteId(i as u16));
            }
        }
        Ok((sets, grid))
    }

    /// A listed family: each region expression, read as the first side
    /// sees it; no site in two of them.
    fn listed(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        list: &[Str],
        stack: &mut Vec<RegionId>,
    ) -> Res<Vec<SiteSet>> {
        let mut sets: Vec<SiteSet> = Vec::new();
        let mut seen = SiteSet::new(scope.board.n_sites());
        for s in list {
            let set = self.region_expr(raw, scope, s, Some(0 as SideId), stack)?;
            if let Some(site) = set.iter().find(|&t| seen.contains(t)) {
                let name = scope.board.site_name(site).to_string();
                self.error(
                    Diagnostic::error(
                        "family-overlap",
                        format!("`{name}` is in two regions of this family"),
                    )
                    .at(s.loc())
                    .label(format!(
                        "this region has `{name}`, which an earlier one has"
                    ))
                    .hint("a site belongs to one region of a family at most"),
                );
                return Err(());
            }
            for t in set.iter() {
                seen.insert(t);
            }
            sets.push(set);
        }
        Ok(sets)
    }

    /// Records a resolved family: each of its regions becomes a region of
    /// its own (named `NAME[i]`, from 1), which conditions inside `where`
    /// read under the family's name.
    pub(super) fn add_family(
        &mut self,
        scope: &mut Scope,
        name: &str,
        region: RegionId,
        (sets, grid): FamilySets,
    ) {
        let n_sides = scope.sides.len().max(1);
        let members = sets
            .into_iter()
            .enumerate()
            .map(|(i, set)| {
                scope.regions.push(Some(Region {
                    name: format!("{name}[{}]", i + 1),
                    per_side: vec![set; n_sides],
                    distance: Vec::new(),
                }));
                (scope.regions.len() - 1) as RegionId
            })
            .collect();
        scope.families.push(FamilyDraft {
            name: name.to_string(),
            region,
            members,
            grid,
        });
    }

    /// The family a condition names, by its index in `scope.families`.
    fn family_ref(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        n: &ast::Name,
    ) -> Res<usize> {
        let region = self.region_ref(raw, scope, s, n)?;
        match scope.families.iter().position(|f| f.region == region) {
            Some(i) => Ok(i),
            None => {
                let loc = self.name_loc(s, n);
                self.error(
                    Diagnostic::error(
                        "not-a-family",
                        format!("`{}` is a region, not a family of regions", n.text),
                    )
                    .at(loc)
                    .label("`where` and `matching last` read a family")
                    .hint("define it in `[regions]` as a list of regions or as `{ blocks = \"3x3\" }`"),
                );
                Err(())
            }
        }
    }

    /// The condition C of `FAMILY where C`, once for each region of the
    /// family, the family's name standing for that region; read of the
    /// position only (no `last(...)`, `through last` or `can(...)`).
    fn member_conds(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        family: usize,
        c: &ast::StateCond,
    ) -> Res<Box<[StateCond]>> {
        let (name, members) = {
            let f = &scope.families[family];
            (f.name.clone(), f.members.clone())
        };
        let saved = (self.allow_last, self.allow_can);
        (self.allow_last, self.allow_can) = (false, false);
        let whole = scope.region_ids.get(&name).copied();
        let mut out = Vec::new();
        for member in members {
            scope.region_ids.insert(name.clone(), member);
            let cond = self.state_ast(raw, scope, s, c);
            let Ok(cond) = cond else { break };
            out.push(cond);
        }
        if let Some(whole) = whole {
            scope.region_ids.insert(name, whole);
        }
        (self.allow_last, self.allow_can) = saved;
        if out.len() < scope.families[family].members.len() {
            return Err(());
        }
        Ok(out.into_boxed_slice())
    }

    /// `in FAMILY where (C)` and `in FAMILY matching last`.
    pub(super) fn family_site_cond(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        c: &ast::SiteCond,
    ) -> Res<crate::rules::Cond> {
        use crate::rules::Cond;
        Ok(match c {
            ast::SiteCond::InWhere(n, inner) => {
                let family = self.family_ref(raw, scope, s, n)?;
                let conds = self.member_conds(raw, scope, s, family, inner)?;
                Cond::InWhere {
                    family: family as u16,
                    conds,
                }
            }
            ast::SiteCond::InMatchingLast(n) => {
                let family = self.family_ref(raw, scope, s, n)?;
                self.tracks_last = true;
                Cond::MatchingLast(family as u16)
            }
            _ => unreachable!("not a family's site condition"),
        })
    }

    /// `count(FAMILY where C) OP N` and `line(FAMILY where C, N, DIRS)`.
    pub(super) fn family_state_cond(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        c: &ast::StateCond,
    ) -> Res<StateCond> {
        Ok(match c {
            ast::StateCond::Members {
                family,
                cond,
                op,
                value,
            } => {
                let family = self.family_ref(raw, scope, s, family)?;
                StateCond::Members {
                    conds: self.member_conds(raw, scope, s, family, cond)?,
                    op: super::condition::compare(*op),
                    value: *value,
                }
            }
            ast::StateCond::MemberLine {
                family: n,
                cond,
                length,
                dirs,
                span,
            } => {
                let family = self.family_ref(raw, scope, s, n)?;
                let axes = self.line_axes(&scope.board, s, dirs, span)?;
                let Some(grid) = scope.families[family].grid else {
                    let loc = self.name_loc(s, n);
                    self.error(
                        Diagnostic::error(
                            "family-line",
                            format!("the regions of `{}` form no rows", n.text),
                        )
                        .at(loc)
                        .label("a listed family has no grid")
                        .hint("`line(FAMILY where ...)` reads a family of blocks: `{ blocks = \"3x3\" }`"),
                    );
                    return Err(());
                };
                if length.0 == 0 {
                    let loc = s.inner_loc(self.sources, length.1.clone());
                    self.error(
                        Diagnostic::error("line-length", "a line needs at least one region")
                            .at(loc)
                            .label("a line of 0"),
                    );
                    return Err(());
                }
                StateCond::MemberLine {
                    conds: self.member_conds(raw, scope, s, family, cond)?,
                    rows: rows(grid, length.0, axes),
                }
            }
            _ => unreachable!("not a family's position condition"),
        })
    }
}

/// The rows of `length` blocks of a grid of blocks along the axes (bit `d`:
/// compass direction `d`), each a mask of block indices (along the ranks
/// first, from a1's block).
fn rows((w, h): (i32, i32), length: u32, axes: u8) -> Box<[u64]> {
    let mut out = Vec::new();
    for d in (0..4u8).filter(|&d| axes >> d & 1 == 1) {
        let (dx, dy) = compass_step(d);
        for y in 0..h {
            for x in 0..w {
                let mut mask = 0u64;
                let inside = (0..length as i32).all(|k| {
                    let (bx, by) = (x + dx * k, y + dy * k);
                    let ok = bx >= 0 && bx < w && by >= 0 && by < h;
                    if ok {
                        mask |= 1 << (by * w + bx);
                    }
                    ok
                });
                if inside {
                    out.push(mask);
                }
            }
        }
    }
    out.into_boxed_slice()
}

/// The families as play reads them.
pub(super) fn final_families(scope: &Scope) -> Vec<Family> {
    let n = scope.board.n_sites();
    scope
        .families
        .iter()
        .map(|f| {
            let mut member_of = vec![NO_MEMBER; n];
            let mut place = vec![0u16; n];
            for (i, &r) in f.members.iter().enumerate() {
                let set = &scope.regions[r as usize].as_ref().unwrap().per_side[0];
                for (k, site) in set.iter().enumerate() {
                    member_of[site.0 as usize] = i as u16;
                    place[site.0 as usize] = k as u16;
                }
            }
            Family {
                name: f.name.clone(),
                member_of: member_of.into_boxed_slice(),
                place: place.into_boxed_slice(),
            }
        })
        .collect()
}
