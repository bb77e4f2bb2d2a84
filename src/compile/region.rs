//! `[regions]` and region expressions (`rank 9`, `file a..c`, `color dark`,
//! `d11 h11`, `goal`, joined by `|`, `&`, `-`), resolved per side on demand,
//! with cycle detection; and the distances to each region for `nearer`.

use super::{board_extent, not_a_site, Compiler, Res, Scope};
use crate::board::{Board, SiteId};
use crate::diag::{suggest, Diagnostic};
use crate::raw::{Located, RawGame, RegionValue, Str};
use crate::rules::{Region, RegionId, SideId, SiteSet};
use crate::syntax::{self, ast};

impl Compiler<'_> {
    /// Resolves every region of `[regions]`, so that each broken one is
    /// reported, once.
    pub(super) fn all_regions(&mut self, raw: &RawGame, scope: &mut Scope) {
        for i in 0..raw.regions.0.len() {
            let _ = self.region_by_id(raw, scope, i as RegionId, &mut Vec::new());
        }
    }

    fn region_by_id(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        id: RegionId,
        stack: &mut Vec<RegionId>,
    ) -> Res<()> {
        if scope.regions[id as usize].is_some() {
            return Ok(());
        }
        if scope.failed.contains(&id) {
            return Err(());
        }
        let (key, value) = &raw.regions.0[id as usize];
        if stack.contains(&id) {
            self.error(
                Diagnostic::error(
                    "circular-region",
                    format!("the region `{}` is defined in terms of itself", key.value),
                )
                .at(key.loc()),
            );
            return Err(());
        }
        stack.push(id);
        let n_sides = scope.sides.len();
        let mut per_side = Vec::new();
        let mut family = None;
        let result = (|| -> Res<()> {
            match &value.value {
                RegionValue::Shared(text) => {
                    let s = Located {
                        value: text.clone(),
                        file: value.file,
                        span: value.span.clone(),
                    };
                    for side in 0..n_sides.max(1) {
                        per_side.push(self.region_expr(
                            raw,
                            scope,
                            &s,
                            Some(side as SideId),
                            stack,
                        )?);
                    }
                }
                RegionValue::Family(_) | RegionValue::Blocks(_) => {
                    family = Some(self.family_sets(raw, scope, value, stack)?);
                    let mut all = SiteSet::new(scope.board.n_sites());
                    for set in &family.as_ref().unwrap().0 {
                        for (w, m) in all.0.iter_mut().zip(&set.0) {
                            *w |= m;
                        }
                    }
                    per_side = vec![all; n_sides.max(1)];
                }
                RegionValue::PerSide(table) => {
                    for (k, _) in table.iter() {
                        if !scope.sides.contains(&k.value) {
                            self.unknown_key(
                                "side",
                                k,
                                &scope.sides.iter().map(String::as_str).collect::<Vec<_>>(),
                            );
                            return Err(());
                        }
                    }
                    for side in 0..n_sides {
                        let sname = scope.sides[side].clone();
                        match table.get(&sname) {
                            Some(s) => {
                                let s = s.clone();
                                per_side.push(self.region_expr(
                                    raw,
                                    scope,
                                    &s,
                                    Some(side as SideId),
                                    stack,
                                )?);
                            }
                            None => {
                                self.error(
                                    Diagnostic::error(
                                        "missing-side",
                                        format!(
                                            "the region `{}` has no sites for side `{sname}`",
                                            key.value
                                        ),
                                    )
                                    .at(value.loc())
                                    .hint(format!("add `{sname} = \"...\"` to this table")),
                                );
                                return Err(());
                            }
                        }
                    }
                }
            }
            Ok(())
        })();
        stack.pop();
        if result.is_err() {
            scope.failed.push(id);
        }
        result?;
        scope.regions[id as usize] = Some(Region {
            name: key.value.clone(),
            per_side,
            distance: Vec::new(),
        });
        if let Some(sets) = family {
            self.add_family(scope, &key.value, id, sets);
        }
        Ok(())
    }

    /// The sites of a region expression, as seen by `side`.
    pub(super) fn region_expr(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        side: Option<SideId>,
        stack: &mut Vec<RegionId>,
    ) -> Res<SiteSet> {
        let ast = match syntax::parse_region(&s.value) {
            Ok(a) => a,
            Err(e) => {
                self.syntax_error(s, e);
                return Err(());
            }
        };
        self.region_ast(raw, scope, s, &ast, side, stack)
    }

    fn region_ast(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        r: &ast::Region,
        side: Option<SideId>,
        stack: &mut Vec<RegionId>,
    ) -> Res<SiteSet> {
        let n = scope.board.n_sites();
        let mut set = SiteSet::new(n);
        match r {
            ast::Region::Rank(range) => {
                let max = range.max.unwrap_or(u32::MAX);
                for (i, site) in scope.board.sites.iter().enumerate() {
                    let rank = (site.y + 1) as u32;
                    if rank >= range.min && rank <= max {
                        set.insert(SiteId(i as u16));
                    }
                }
                if set.is_empty() {
                    let loc = s.inner_loc(self.sources, range.span.clone());
                    self.error(
                        Diagnostic::error("empty-rank", "no rank of the board is in this range")
                            .at(loc)
                            .label(format!("the board has ranks 1 to {}", scope.board.ranks)),
                    );
                    return Err(());
                }
            }
            ast::Region::Color(word) => {
                // a1 is dark: file number + rank even, a = 1.
                let dark = match word.text.as_str() {
                    "dark" => true,
                    "light" => false,
                    _ => {
                        let loc = self.name_loc(s, word);
                        self.error(
                            Diagnostic::error(
                                "unknown-name",
                                format!("unknown colour `{}`", word.text),
                            )
                            .at(loc)
                            .label("expected `dark` or `light`")
                            .hint(suggest(&word.text, ["dark", "light"])),
                        );
                        return Err(());
                    }
                };
                for (i, site) in scope.board.sites.iter().enumerate() {
                    if ((site.x + site.y).rem_euclid(2) == 0) == dark {
                        set.insert(SiteId(i as u16));
                    }
                }
            }
            ast::Region::File { from, to } => {
                let file_of = |name: &ast::Name| -> Option<i32> {
                    (0..scope.board.files).find(|&x| crate::board::file_name(x) == name.text)
                };
                let mut bounds = Vec::new();
                for n in std::iter::once(from).chain(to.iter()) {
                    match file_of(n) {
                        Some(x) => bounds.push(x),
                        None => {
                            let loc = self.name_loc(s, n);
                            let last = crate::board::file_name(scope.board.files - 1);
                            self.error(
                                Diagnostic::error(
                                    "unknown-name",
                                    format!("unknown file `{}`", n.text),
                                )
                                .at(loc)
                                .label(format!("the board has files a to {last}")),
                            );
                            return Err(());
                        }
                    }
                }
                let (lo, hi) = (bounds[0], *bounds.last().unwrap());
                for (i, site) in scope.board.sites.iter().enumerate() {
                    if site.x >= lo.min(hi) && site.x <= lo.max(hi) {
                        set.insert(SiteId(i as u16));
                    }
                }
            }
            ast::Region::Names(names) => {
                for name in names {
                    if let Some(&id) = scope.region_ids.get(&name.text) {
                        self.region_by_id(raw, scope, id, stack)?;
                        let region = scope.regions[id as usize].as_ref().unwrap();
                        let part = &region.per_side[side.unwrap_or(0) as usize];
                        for (w, pw) in set.0.iter_mut().zip(&part.0) {
                            *w |= pw;
                        }
                    } else if let Some(site) = scope.board.site(&name.text) {
                        set.insert(site);
                    } else if let Some(d) = not_a_site(&scope.board, &name.text) {
                        let loc = self.name_loc(s, name);
                        self.error(d.at(loc));
                        return Err(());
                    } else {
                        let known: Vec<&str> =
                            scope.region_ids.keys().map(String::as_str).collect();
                        let loc = self.name_loc(s, name);
                        if let Some(d) = self.removed_use(&name.text, &loc) {
                            self.error(d);
                            return Err(());
                        }
                        let hint = match crate::diag::closest(&name.text, known.iter().copied()) {
                            Some(c) => format!(
                                "did you mean the region `{c}`? ({})",
                                board_extent(&scope.board)
                            ),
                            None => board_extent(&scope.board),
                        };
                        self.error(
                            Diagnostic::error(
                                "unknown-name",
                                format!("unknown site or region `{}`", name.text),
                            )
                            .at(loc)
                            .label("neither a site of the board nor a region")
                            .hint(hint),
                        );
                        return Err(());
                    }
                }
            }
            ast::Region::Chain(first, rest) => {
                set = self.region_ast(raw, scope, s, first, side, stack)?;
                for (op, term) in rest {
                    let b = self.region_ast(raw, scope, s, term, side, stack)?;
                    for (w, bw) in set.0.iter_mut().zip(&b.0) {
                        *w = match op {
                            ast::RegionOp::Union => *w | bw,
                            ast::RegionOp::Intersection => *w & bw,
                            ast::RegionOp::Difference => *w & !bw,
                        };
                    }
                }
            }
        }
        Ok(set)
    }

    pub(super) fn region_ref(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        n: &ast::Name,
    ) -> Res<RegionId> {
        match scope.region_ids.get(&n.text) {
            Some(&id) => {
                self.region_by_id(raw, scope, id, &mut Vec::new())?;
                Ok(id)
            }
            // A site's name stands for the region of that site alone.
            None => match scope.board.site(&n.text) {
                Some(site) => Ok(site_region(scope, site, raw.regions.0.len())),
                None => {
                    let known: Vec<&str> = raw.regions.keys().collect();
                    self.unknown("region", s, n, &known);
                    Err(())
                }
            },
        }
    }

    /// A region named by a whole TOML string, such as `promote.in`.
    pub(super) fn region_name(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
    ) -> Res<RegionId> {
        let n = ast::Name {
            text: s.value.clone(),
            span: 0..s.value.len(),
        };
        self.region_ref(raw, scope, s, &n)
    }
}

/// The region of the one site `site`, named after it, where a region is
/// expected (`in a1`): made the first time, after the `named` regions of
/// `[regions]`, and the same region every time after.
fn site_region(scope: &mut Scope, site: SiteId, named: usize) -> RegionId {
    let name = scope.board.site_name(site).to_string();
    let named = named.min(scope.regions.len());
    let made = scope.regions[named..]
        .iter()
        .position(|r| r.as_ref().is_some_and(|r| r.name == name));
    if let Some(i) = made {
        return (named + i) as RegionId;
    }
    let mut set = SiteSet::new(scope.board.n_sites());
    set.insert(site);
    scope.regions.push(Some(Region {
        name,
        per_side: vec![set; scope.sides.len().max(1)],
        distance: Vec::new(),
    }));
    (scope.regions.len() - 1) as RegionId
}

/// Per site, the number of steps along the board's lines to the nearest site
/// of `set`, ignoring pieces and barriers (`u16::MAX` where it cannot be reached).
fn distances(board: &Board, set: &SiteSet) -> Vec<u16> {
    let mut dist = vec![u16::MAX; board.n_sites()];
    let mut queue: std::collections::VecDeque<SiteId> = set.iter().collect();
    for s in &queue {
        dist[s.0 as usize] = 0;
    }
    while let Some(s) = queue.pop_front() {
        for d in 0..board.n_dirs() as u8 {
            if let Some(t) = board.neighbor(s, d) {
                if dist[t.0 as usize] == u16::MAX {
                    dist[t.0 as usize] = dist[s.0 as usize] + 1;
                    queue.push_back(t);
                }
            }
        }
    }
    dist
}

/// The regions as the rules keep them, each with its distances for
/// `nearer`; a region that could not be resolved has no site.
pub(super) fn final_regions(raw: &RawGame, scope: &Scope, n_sides: usize) -> Vec<Region> {
    scope
        .regions
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let mut r = r.clone().unwrap_or_else(|| Region {
                name: raw.regions.0[i].0.value.clone(),
                per_side: vec![SiteSet::new(scope.board.n_sites()); n_sides],
                distance: Vec::new(),
            });
            r.distance = r
                .per_side
                .iter()
                .map(|set| distances(&scope.board, set))
                .collect();
            r
        })
        .collect()
}
