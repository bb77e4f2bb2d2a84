//! `[seeds]`: sites that hold counts of seeds, the tracks they are sown
//! along, what the last seed captures, and when the same side moves again.

use super::{Compiler, Res, Scope};
use crate::board::SiteId;
use crate::diag::{Diagnostic, Loc};
use crate::raw::{Located, RawGame, RawRegion, RegionValue, Str};
use crate::rules::{
    Compare, Constraint, Owner, Region, RegionId, Rules, SeedRhs, SeedSum, SowCapture, Sowing,
    StateCond,
};
use crate::syntax::{self, ast};

/// `[seeds]` compiled, before the regions are final: the store and the
/// start are regions until [`Draft::finish`] reads their sites.
pub(super) struct Draft {
    sowing: Sowing,
    store: Option<(RegionId, Str)>,
    start: Vec<(RegionId, u16)>,
    /// Where `[seeds]` is, for errors about the whole.
    loc: Loc,
}

/// The sowing rules, if any, and the seeds on each site at the start.
type Sown = (Option<Box<Sowing>>, Box<[u16]>);

impl Compiler<'_> {
    /// `[seeds]`, if the game declares it.
    pub(super) fn seeds(&mut self, raw: &RawGame, scope: &mut Scope) -> Res<Option<Draft>> {
        let Some(seeds) = &raw.seeds else {
            return Ok(None);
        };
        let track = self.side_tracks(&seeds.track, scope);
        let mut start = Vec::new();
        let mut ok = true;
        for (key, n) in seeds.start.iter() {
            let n = super::int_in(self, n, "a site's start of seeds", 0, u16::MAX as i64);
            match (self.region_name(raw, scope, key), n) {
                (Ok(r), Ok(n)) => start.push((r, n as u16)),
                _ => ok = false,
            }
        }
        let store = match &seeds.store {
            Some(s) => Some((self.region_name(raw, scope, s)?, s.clone())),
            None => None,
        };
        let mut captures = Vec::new();
        for c in seeds.capture.iter().flat_map(|l| l.value.iter()) {
            let when = self.seed_cond(raw, scope, &c.when);
            let also = match &c.also {
                Some(s) => match syntax::parse_dirs(&s.value) {
                    Ok(names) => Some(self.dirs(&scope.board, s, &names, false)),
                    Err(e) => {
                        self.syntax_error(s, e);
                        Some(Err(()))
                    }
                },
                None => None,
            };
            let spare = c.spare.as_ref().map(|s| self.region_name(raw, scope, s));
            let (Ok(when), Ok(also), Ok(spare)) = (when, also.transpose(), spare.transpose())
            else {
                ok = false;
                continue;
            };
            captures.push(SowCapture {
                when,
                back: c.back.as_ref().is_some_and(|b| b.value),
                also,
                spare,
            });
        }
        let again = seeds.again.as_ref().map(|s| self.seed_cond(raw, scope, s));
        let again = again.transpose();
        let (Ok(track), Ok(again), true) = (track, again, ok) else {
            return Err(());
        };
        let n_sites = scope.board.n_sites();
        let at = track
            .iter()
            .map(|t: &Vec<SiteId>| {
                let mut at = vec![u16::MAX; n_sites];
                for (i, s) in t.iter().enumerate() {
                    at[s.0 as usize] = i as u16;
                }
                at
            })
            .collect();
        let sowing = Sowing {
            track,
            at,
            skip_origin: seeds.skip_origin.as_ref().is_some_and(|b| b.value),
            store: Vec::new(),
            captures,
            again,
        };
        Ok(Some(Draft {
            sowing,
            store,
            start,
            loc: (seeds.start.iter().next()).map_or_else(|| seeds.track.loc(), |(k, _)| k.loc()),
        }))
    }

    /// A site condition of `[seeds]`, read on one site with no step.
    fn seed_cond(&mut self, raw: &RawGame, scope: &mut Scope, s: &Str) -> Res<crate::rules::Cond> {
        match syntax::parse_site_cond(&s.value) {
            Ok(c) => {
                let hint = "say what the site holds: `in pits and seeds == 1`";
                self.stepless(raw, scope, s, &c, ("sowing", "seeds", hint))
            }
            Err(e) => {
                self.syntax_error(s, e);
                Err(())
            }
        }
    }

    /// Each side's track: one list for every side, or one per side.
    pub(super) fn side_tracks(&mut self, t: &RawRegion, scope: &Scope) -> Res<Vec<Vec<SiteId>>> {
        let as_str = |text: &String| Located {
            value: text.clone(),
            file: t.file,
            span: t.span.clone(),
        };
        match &t.value {
            RegionValue::Shared(text) => {
                let track = self.track(&as_str(text), scope)?;
                Ok(vec![track; scope.sides.len()])
            }
            RegionValue::Family(_) | RegionValue::Blocks(_) => {
                self.error(
                    Diagnostic::error("family-form", "a track is one list of sites, not a family")
                        .at(t.loc())
                        .label("a family of regions")
                        .hint("give the track as a string of sites, or one per side"),
                );
                Err(())
            }
            RegionValue::PerSide(table) => {
                let mut out = Vec::new();
                for side in &scope.sides {
                    let Some((_, s)) = table.iter().find(|(k, _)| k.value == *side) else {
                        self.error(
                            Diagnostic::error(
                                "missing-side",
                                format!("the track does not name side `{side}`"),
                            )
                            .at(t.loc())
                            .label("a per-side track names every side")
                            .hint("give every side its track, or one track for all"),
                        );
                        return Err(());
                    };
                    out.push(self.track(s, scope)?);
                }
                for (k, _) in table.iter() {
                    if !scope.sides.contains(&k.value) {
                        let n = ast::Name {
                            text: k.value.clone(),
                            span: 0..k.value.len(),
                        };
                        let known: Vec<&str> = scope.sides.iter().map(String::as_str).collect();
                        self.unknown("side", k, &n, &known);
                        return Err(());
                    }
                }
                Ok(out)
            }
        }
    }

    /// One track: site names in order, each once.
    fn track(&mut self, s: &Str, scope: &Scope) -> Res<Vec<SiteId>> {
        let mut out: Vec<SiteId> = Vec::new();
        let mut ok = true;
        let mut offset = 0;
        for word in s.value.split_whitespace() {
            let at = offset + s.value[offset..].find(word).unwrap_or(0);
            offset = at + word.len();
            let loc = s.inner_loc(self.sources, at..offset);
            match scope.board.site(word) {
                Some(site) if out.contains(&site) => {
                    self.error(
                        Diagnostic::error(
                            "track-repeats",
                            format!("`{word}` is twice on the track"),
                        )
                        .at(loc)
                        .label("already on this track")
                        .hint("a track passes each site once; sowing goes round it"),
                    );
                    ok = false;
                }
                Some(site) => out.push(site),
                None => {
                    self.error(
                        Diagnostic::error(
                            "unknown-name",
                            format!("the track names no site `{word}`"),
                        )
                        .at(loc)
                        .label("not a site of the board")
                        .hint("a track lists sites by name (`a1 b1 c1`), holes excluded"),
                    );
                    ok = false;
                }
            }
        }
        if out.is_empty() && ok {
            self.error(
                Diagnostic::error("empty-track", "the track names no site")
                    .at(s.loc())
                    .label("empty")
                    .hint("list the sites sowing passes, in order: `a1 b1 c1 c2 b2 a2`"),
            );
            ok = false;
        }
        if ok {
            Ok(out)
        } else {
            Err(())
        }
    }

    /// The stores and the start, once the regions are final; the seeds of
    /// the initial position.
    /// The sowing rules and the start's seeds per site, once the regions
    /// are final: none in a game without `[seeds]`.
    pub(super) fn sowing(
        &mut self,
        draft: Option<Draft>,
        regions: &[Region],
        n_sides: usize,
        n_sites: usize,
    ) -> Res<Sown> {
        match draft {
            Some(d) => {
                let (mut s, n) = self.seeds_finish(d, regions, n_sides, n_sites)?;
                // The parts on sites alone become bitsets, as in patterns.
                let folding = super::fold::Folding {
                    regions,
                    n_sides,
                    words: n_sites.div_ceil(64),
                };
                for c in s
                    .captures
                    .iter_mut()
                    .map(|c| &mut c.when)
                    .chain(&mut s.again)
                {
                    folding.fold_in_place(c);
                }
                Ok((Some(s), n))
            }
            None => Ok((None, Box::default())),
        }
    }

    fn seeds_finish(
        &mut self,
        draft: Draft,
        regions: &[Region],
        n_sides: usize,
        n_sites: usize,
    ) -> Res<(Box<Sowing>, Box<[u16]>)> {
        let Draft {
            mut sowing,
            store,
            start,
            loc,
        } = draft;
        let nowhere = SiteId(u16::MAX);
        sowing.store = vec![nowhere; n_sides];
        if let Some((r, s)) = store {
            for side in 0..n_sides {
                let sites = &regions[r as usize].per_side[side];
                if sites.len() != 1 {
                    self.error(
                        Diagnostic::error("store-not-one-site", "a store is one site per side")
                            .at(s.loc())
                            .label(format!("{} sites for a side", sites.len()))
                            .hint("name a region of one site per side: `{ south = \"S\", north = \"N\" }`"),
                    );
                    return Err(());
                }
                sowing.store[side] = sites.iter().next().unwrap_or(nowhere);
            }
        }
        let mut seeds = vec![0u16; n_sites];
        let mut total = 0u64;
        for (r, n) in start {
            let mut all = crate::rules::SiteSet::new(n_sites);
            for side in &regions[r as usize].per_side {
                side.iter().for_each(|s| all.insert(s));
            }
            for s in all.iter() {
                seeds[s.0 as usize] = n;
            }
        }
        total += seeds.iter().map(|&n| n as u64).sum::<u64>();
        if total > u16::MAX as u64 {
            self.error(
                Diagnostic::error(
                    "too-many-seeds",
                    format!(
                        "the start has {total} seeds; at most {} fit a site",
                        u16::MAX
                    ),
                )
                .at(loc)
                .label("too many seeds")
                .hint("every seed may end on one site: keep the total under 65536"),
            );
            return Err(());
        }
        Ok((Box::new(sowing), seeds.into_boxed_slice()))
    }
}

/// The sum every constraint keeps above 0 when each capture of sowing
/// spares its region ([`Tables::sowing_spares`](crate::rules::Tables)):
/// `seeds(enemy R) > 0` (or `>= 1`, `!= 0`) with `spare = R`. Sowing only
/// adds seeds, but to its origin, and such a capture never takes the
/// enemies' last seeds of `R`; so a sowing from outside their part of `R`
/// cannot break the constraint where it held.
pub(super) fn sowing_spares(rules: &Rules) -> Option<SeedSum> {
    let sowing = rules.sowing.as_deref()?;
    let positive = |c: &Constraint| match (&c.rule, &c.when) {
        (
            StateCond::Seeds {
                left: sum @ (Owner::Enemy, 0, _),
                op,
                right: SeedRhs::Number(n),
            },
            None,
        ) => matches!(
            (op, n),
            (Compare::Gt, 0) | (Compare::Ge, 1) | (Compare::Ne, 0)
        )
        .then_some(*sum),
        _ => None,
    };
    let first = positive(rules.constraints.first()?)?;
    let every = rules.constraints.iter().all(|c| positive(c) == Some(first));
    let spared = sowing.captures.iter().all(|c| c.spare == Some(first.2));
    (every && spared).then_some(first)
}
