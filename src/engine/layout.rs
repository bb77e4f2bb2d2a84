//! Laying out the move tables when a game is compiled: which patterns are
//! simple, their rays per kind, side and starting site, the flat runs, and
//! what each piece's moves may end on, take and read (see `rules::tables`).

use super::table_budget::{Budget, TablesTooLarge, MAX_RAY_SITES};
use super::*;
use crate::rules::tables::*;

/// The direction of a ray the check rule's line filter does not apply to:
/// a leap, a jump, or a segment after the first.
const ANY_LINE: u8 = NO_HEADING;

/// Whether every move of a shape meets `m` (`Some(true)`), none does
/// (`Some(false)`), or it depends on the move's sites (`None`): the swaps
/// spending the token `swap`, or, for `None`, the steps.
fn surely_meets(m: &MoveCond, swap: Option<TokenId>) -> Option<bool> {
    match m {
        MoveCond::True => Some(true),
        MoveCond::Spends(t) => Some(swap == Some(*t)),
        // A swap takes nothing; a step may.
        MoveCond::Captures | MoveCond::Converts | MoveCond::Closes => swap.map(|_| false),
        MoveCond::From(_) | MoveCond::To(_) | MoveCond::GivesCheck => None,
        // Neither a swap nor a step bears a piece off.
        MoveCond::BearsOff => Some(false),
        MoveCond::Not(inner) => surely_meets(inner, swap).map(|b| !b),
        // `and` is `not (not a or not b)`.
        MoveCond::And(ms) => any_meets(ms, swap, false).map(|b| !b),
        MoveCond::Or(ms) => any_meets(ms, swap, true),
    }
}

/// [`surely_meets`] of the `or` of `ms`, each negated unless `plain`.
fn any_meets(ms: &[MoveCond], swap: Option<TokenId>, plain: bool) -> Option<bool> {
    let mut known = true;
    for m in ms {
        match surely_meets(m, swap).map(|b| b == plain) {
            Some(true) => return Some(true),
            Some(false) => {}
            None => known = false,
        }
    }
    known.then_some(false)
}

/// The most sites a board may have for the tables to keep where each
/// piece's moves could end.
const MAX_ENDS_SITES: usize = 512;

/// Largest [`MoveTables::attackers`] laid out, in words (8 MiB).
const MAX_ATTACKERS_WORDS: usize = 1 << 20;

/// A landing condition as value tests on the landing site and on the site
/// ahead (see `ahead_values`).
enum Split {
    /// The values on the landing site for which the test holds.
    Here(Values),
    /// The values on the site ahead for which the test holds.
    Ahead(Values),
    Not(Box<Split>),
    And(Vec<Split>),
    Or(Vec<Split>),
}

impl Split {
    /// With `v` on the landing site: the values ahead for which it holds.
    fn ahead_values(&self, v: u8) -> Values {
        let constant = |b: bool| if b { [u64::MAX; 4] } else { [0; 4] };
        match self {
            Split::Here(set) => constant(has(set, v)),
            Split::Ahead(set) => *set,
            Split::Not(inner) => inner.ahead_values(v).map(|w| !w),
            Split::And(parts) => (parts.iter()).fold(constant(true), |a, p| {
                let b = p.ahead_values(v);
                std::array::from_fn(|i| a[i] & b[i])
            }),
            Split::Or(parts) => (parts.iter()).fold(constant(false), |a, p| {
                let b = p.ahead_values(v);
                std::array::from_fn(|i| a[i] | b[i])
            }),
        }
    }
}

/// A residual landing condition read from the value on the site ahead:
/// that site ([`NOWHERE`] if none) and the values there on which it holds.
type Ahead = (SiteId, Values);

/// A ray before it is laid out: its direction, the index of its first
/// site a piece may land on, and its sites.
struct Ray {
    dir: u8,
    min: u8,
    sites: Vec<RayStep>,
}

/// A site of a ray before it is laid out: what may be landed on (or, with
/// a residual, at most) and passed over there, the edge that can block the
/// step there, and the rays of the next segment from there, if any.
struct RayStep {
    site: SiteId,
    to: Values,
    /// With a residual: the values on which a landing surely holds.
    sure: Values,
    residual: Option<Residual>,
    over: Values,
    edge: Option<EdgeId>,
    next: Option<Vec<Ray>>,
    /// In a chain: what may be landed on and passed over when the piece
    /// there was captured earlier in the move.
    dead: Option<(Values, Values)>,
    /// In a chain: the segment captures what stands where it lands.
    capture: bool,
    /// With a residual: the condition as a value set on the site ahead,
    /// when it reads nothing else (see `ahead_values`).
    ahead: Option<Ahead>,
}

/// What a simple pattern does from one site whose guard it passes.
enum Shape {
    Rays(Vec<Ray>),
    /// A repeated group: its rays from every site are laid out once.
    Chain,
    /// The partner sites with the values they may hold, and the token spent.
    Swaps(Vec<(SiteId, Values)>, TokenId),
}

impl MoveTables {
    /// The tables of the game's simple patterns; empty (every pattern is
    /// walked) when the board has more sites than a move table indexes.
    /// The tables of `rules`, or why they would be too large.
    pub(crate) fn build(rules: &Rules) -> Result<MoveTables, TablesTooLarge> {
        let n_sites = rules.board.n_sites();
        if n_sites > u16::MAX as usize {
            return Ok(MoveTables::default());
        }
        let mut t = MoveTables {
            per_side: n_sites,
            per_kind: n_sites * rules.sides.len(),
            n_sides: rules.sides.len(),
            words: n_sites.div_ceil(64),
            runs: vec![(0, 0)],
            residuals: vec![Residual {
                kind: 0,
                pattern: 0,
                seg: 0,
                heading: 0,
            }],
            ..MoveTables::default()
        };
        let budget = Budget::new(MAX_RAY_SITES);
        let pieces = rules.kinds.len() * rules.sides.len() * n_sites;
        for kind in 0..rules.kinds.len() as KindId {
            for side in 0..rules.sides.len() as SideId {
                for origin in (0..n_sites).map(|i| SiteId(i as u16)) {
                    t.starts.push(t.entries.len() as u32);
                    t.lay_out_piece(rules, kind, side, origin, &budget);
                    if let Some(too_large) = budget.blown(t.starts.len(), pieces) {
                        return Err(too_large);
                    }
                }
            }
        }
        t.starts.push(t.entries.len() as u32);
        let n_ks = rules.kinds.len() * rules.sides.len();
        t.pattern_takes = (0..n_ks)
            .map(|i| t.walked_takes(rules, i, n_sites))
            .collect();
        t.walk_takes = (0..n_ks).map(|i| t.walk_takes_of(i, n_sites)).collect();
        t.lands = (0..n_ks)
            .map(|i| {
                let rays = t.lands_of(i, n_sites);
                std::array::from_fn(|w| rays[w] | t.walk_takes[i][w])
            })
            .collect();
        t.swappers = (rules.kinds.iter().enumerate())
            .filter(|(_, k)| k.patterns.iter().any(swaps))
            .fold(0, |set, (i, _)| set | 1 << i);
        t.lay_out_flats(rules, n_sites);
        t.judge_best_classes(rules);
        if n_sites <= MAX_ENDS_SITES {
            let patterns = |i: usize| &rules.kinds[i / t.per_kind].patterns[..];
            for i in 0..t.starts.len() - 1 {
                let (ends, reads, volatile, walks) = t.sets_of(patterns(i), i, n_sites);
                t.ends.extend(ends);
                t.reads.extend(reads);
                t.volatile.push(volatile);
                t.walks.push(walks);
            }
            t.attackers = t.attackers_of(rules.kinds.len(), n_sites);
        }
        Ok(t)
    }

    /// [`MoveTables::attackers`], from `ends`, `walks` and the value sets.
    fn attackers_of(&self, n_kinds: usize, n_sites: usize) -> Vec<u64> {
        let (n_sides, words) = (self.n_sides, self.words);
        let n_values = n_kinds * n_sides + 1;
        if n_values * n_sides * n_sites * words > MAX_ATTACKERS_WORDS {
            return Vec::new();
        }
        let mut attackers = vec![0u64; n_values * n_sides * n_sites * words];
        for ks in 0..n_kinds * n_sides {
            let side = ks % n_sides;
            for p in 0..n_sites {
                let row = ks * n_sites + p;
                let ends = &self.ends[row * words..(row + 1) * words];
                for v in (0..n_values).filter(|&v| has(&self.lands[ks], v as u8)) {
                    let anywhere = self.walks[row] && has(&self.walk_takes[ks], v as u8);
                    let base = (v * n_sides + side) * n_sites;
                    let mut set =
                        |t: usize| attackers[(base + t) * words + p / 64] |= 1 << (p % 64);
                    match anywhere {
                        true => (0..n_sites).for_each(&mut set),
                        false => site_bits(ends).for_each(|t| set(t.0 as usize)),
                    }
                }
            }
        }
        attackers
    }

    /// The entries of the piece of `kind` and `side` on `origin`, pattern
    /// by pattern: its rays (joined with those of the pattern before), its
    /// chains and swaps, and markers for the patterns walked.
    fn lay_out_piece(
        &mut self,
        rules: &Rules,
        kind: KindId,
        side: SideId,
        origin: SiteId,
        budget: &Budget,
    ) {
        let first = self.entries.len();
        let patterns = &rules.kinds[kind as usize].patterns;
        for (p, pattern) in patterns.iter().enumerate() {
            budget.laying_out(kind, side, p as u16);
            let at = Place {
                budget,
                rules,
                pattern,
                kind,
                index: p as u16,
                side,
                origin,
                chain: false,
            };
            match at.shape() {
                None if !at.may_start() => {}
                None => self.entries.push(Entry::Walk(p as u16)),
                Some(Some(Shape::Rays(rays))) if pattern.given.is_some() => {
                    let (start, end, _) = self.lay_out(rays, origin);
                    if let (true, Some((gate, _))) = (end > start, &pattern.given) {
                        let (pattern, gate) = (p as u16, *gate);
                        self.entries.push(Entry::Gated {
                            start,
                            end,
                            pattern,
                            gate,
                        });
                    }
                }
                // Only rays are gated: other shapes with `given` are walked.
                Some(Some(_)) if pattern.given.is_some() => {
                    self.entries.push(Entry::Walk(p as u16))
                }
                Some(None) => {}
                Some(Some(Shape::Chain)) => match self.group(Place {
                    chain: true,
                    origin: NOWHERE,
                    ..at
                }) {
                    Some(g) => self.entries.push(Entry::Chain(g)),
                    None => self.entries.push(Entry::Walk(p as u16)),
                },
                Some(Some(Shape::Rays(rays))) => {
                    let run = self.lay_out(rays, origin);
                    self.push_rays(first, run);
                }
                Some(Some(Shape::Swaps(partners, token))) => {
                    self.push_swaps(rules, first, partners, token);
                }
            }
        }
    }

    /// The entry of a one-swap pattern with `partners`, spending `token`;
    /// the piece's entries begin at `entries[first]`.
    fn push_swaps(
        &mut self,
        rules: &Rules,
        first: usize,
        partners: Vec<(SiteId, Values)>,
        token: TokenId,
    ) {
        let n_sites = self.per_side;
        // A walked pattern before may have swapped too.
        let fresh = !self.entries[first..].iter().any(|e| match e {
            Entry::Swaps { token: k, .. } => *k == token,
            Entry::Walk(_) => true,
            _ => false,
        });
        let partners: Vec<_> = partners.into_iter().filter(|(_, v)| *v != [0; 4]).collect();
        let by_site = match partners.iter().any(|(_, v)| has(v, 0)) {
            true => NOT_BY_SITE,
            false => {
                let at = self.partners.len();
                let none = self.intern([0; 4]);
                self.partners.resize(at + n_sites, none);
                for (s, v) in &partners {
                    self.partners[at + s.0 as usize] = self.intern(*v);
                }
                at as u32
            }
        };
        let held = |v: Values| (1..=255u8).filter(move |&x| has(&v, x));
        let sides = (partners.iter())
            .flat_map(|(_, v)| held(*v))
            .filter_map(|x| rules.cell_owner.get(x as usize))
            .fold(0u32, |set, &(side, _)| set | 1 << side);
        let start = self.sites.len() as u32;
        for (s, v) in partners {
            self.push_site(s, v, [0; 4], (0, 0), ANY_LINE);
        }
        let end = self.sites.len() as u32;
        self.entries.push(Entry::Swaps {
            start,
            end,
            token,
            by_site,
            fresh,
            sides,
        });
    }

    /// Per priority, then for the demand: whether its best class surely
    /// holds every step, and the tokens whose swaps it surely excludes.
    fn judge_best_classes(&mut self, rules: &Rules) {
        let best = (rules.priorities.iter().map(|p| p.prefer.first()))
            .chain([rules.demand.as_ref().map(|d| &d.rule)]);
        self.steps_best = (best.clone())
            .map(|m| m.is_some_and(|m| surely_meets(m, None) == Some(true)))
            .collect();
        self.low_swaps = best
            .map(|m| {
                // Tokens from 62 on share a bit: never low.
                let tokens = (0..rules.tokens.len().min(62) as TokenId).chain([NO_TOKEN]);
                tokens
                    .filter(|&k| m.is_some_and(|m| surely_meets(m, Some(k)) == Some(false)))
                    .fold(0, |set, k| set | token_bit(k))
            })
            .collect();
    }

    /// What the tables know of the `i`-th piece of `starts`, whatever
    /// stands on the board, as bitsets of sites: where the moves of its
    /// rays could take a piece or end; which sites its attacks read, every
    /// site of its rays, of every segment, with whether they may read more
    /// ([`MoveTables::volatile`]); and whether it walks a pattern (but a
    /// swap, which takes nothing) or a chain ([`MoveTables::walks`]).
    fn sets_of(
        &self,
        patterns: &[Pattern],
        i: usize,
        n_sites: usize,
    ) -> (Vec<u64>, Vec<u64>, bool, bool) {
        let (mut ends, mut reads) = (
            vec![0u64; n_sites.div_ceil(64)],
            vec![0u64; n_sites.div_ceil(64)],
        );
        let add = |set: &mut Vec<u64>, s: SiteId| set[s.0 as usize / 64] |= 1 << (s.0 % 64);
        let (mut volatile, mut walks) = (false, false);
        let mut runs = Vec::new();
        for entry in &self.entries[self.starts[i] as usize..self.starts[i + 1] as usize] {
            match *entry {
                Entry::Rays { start, end, .. } => runs.push((start, end)),
                Entry::Swaps { .. } => {}
                Entry::Walk(p) if swaps(&patterns[p as usize]) => {}
                // Ending anywhere: `walks`, with the values of `walk_takes`.
                // Gated rays count as walked: their condition may read any
                // part of the position.
                Entry::Walk(_) | Entry::Gated { .. } | Entry::Chain(_) => walks = true,
            }
        }
        while let Some((start, end)) = runs.pop() {
            for rs in &self.sites[start as usize..end as usize] {
                add(&mut reads, rs.site);
                volatile |= rs.residual != 0;
                match rs.next {
                    0 if rs.to != self.empty_set() => add(&mut ends, rs.site),
                    0 => {}
                    next => runs.push(self.runs[next as usize]),
                }
            }
        }
        (ends, reads, volatile, walks)
    }

    /// Per pattern of the `i`-th kind and side (kind × sides + side), the
    /// board values its moves may take or land on when it is walked from
    /// some site ([`Rules::pattern_takes`]); none for the others.
    fn walked_takes(&self, rules: &Rules, i: usize, n_sites: usize) -> Vec<Values> {
        let side = (i % rules.sides.len()) as SideId;
        let patterns = &rules.kinds[i / rules.sides.len()].patterns;
        let mut walked = vec![false; patterns.len()];
        for row in i * n_sites..(i + 1) * n_sites {
            for entry in &self.entries[self.starts[row] as usize..self.starts[row + 1] as usize] {
                if let Entry::Walk(p) | Entry::Gated { pattern: p, .. } = *entry {
                    walked[p as usize] = true;
                }
            }
        }
        (patterns.iter().zip(walked))
            .map(|(pattern, w)| match w {
                true => rules.pattern_takes(pattern, side),
                false => [0; 4],
            })
            .collect()
    }

    /// The board values the walked patterns and chains of the `i`-th kind
    /// and side may take or land on: every value for a chain.
    fn walk_takes_of(&self, i: usize, n_sites: usize) -> Values {
        let mut set = [0u64; 4];
        for t in &self.pattern_takes[i] {
            set = std::array::from_fn(|w| set[w] | t[w]);
        }
        for row in i * n_sites..(i + 1) * n_sites {
            let entries = &self.entries[self.starts[row] as usize..self.starts[row + 1] as usize];
            if entries.iter().any(|e| matches!(e, Entry::Chain(_))) {
                return [u64::MAX; 4];
            }
        }
        set
    }

    /// The board values the rays of the pieces of the `i`-th kind and side
    /// (kind × sides + side) may take or land on, from any of the `n_sites`
    /// sites (walked patterns and chains: [`MoveTables::walk_takes`]).
    fn lands_of(&self, i: usize, n_sites: usize) -> Values {
        let mut set = [0u64; 4];
        let mut runs = Vec::new();
        for row in i * n_sites..(i + 1) * n_sites {
            for entry in &self.entries[self.starts[row] as usize..self.starts[row + 1] as usize] {
                match *entry {
                    Entry::Rays { start, end, .. } => runs.push((start, end)),
                    Entry::Swaps { .. } => {}
                    Entry::Walk(_) | Entry::Gated { .. } | Entry::Chain(_) => {}
                }
            }
        }
        while let Some((start, end)) = runs.pop() {
            for rs in &self.sites[start as usize..end as usize] {
                let to = &self.values[rs.to as usize];
                set = std::array::from_fn(|w| set[w] | to[w]);
                if rs.next != 0 {
                    runs.push(self.runs[rs.next as usize]);
                }
            }
        }
        set
    }

    /// The index of the empty value set, if interned.
    fn empty_set(&self) -> u16 {
        self.values
            .iter()
            .position(|v| *v == [0; 4])
            .map_or(u16::MAX, |i| i as u16)
    }

    /// Lays out rays from `origin` as one run of sites, then the runs of
    /// their later segments; the run's range, and whether no landing in
    /// it needs a condition checked in full.
    fn lay_out(&mut self, rays: Vec<Ray>, origin: SiteId) -> (u32, u32, bool) {
        let start = self.sites.len() as u32;
        let mut exact = true;
        let mut later = Vec::new();
        for ray in rays {
            let n = ray.sites.len();
            let lands = |s: &RayStep| s.to != [0; 4] || s.dead.is_some_and(|d| d.0 != [0; 4]);
            if n <= ray.min as usize || !ray.sites.iter().any(lands) {
                // Nothing to land on; passing over matters only for landing.
                continue;
            }
            for (i, step) in ray.sites.into_iter().enumerate() {
                // The starting site is empty while the piece moves, and a
                // move that ends back on it is no move.
                let to = match () {
                    _ if i < ray.min as usize => [0; 4],
                    _ if step.site == origin && step.next.is_none() => [0; 4],
                    _ if step.site == origin => [if has(&step.to, 0) { u64::MAX } else { 0 }; 4],
                    _ => step.to,
                };
                let over = match () {
                    _ if i + 1 == n => [0; 4],
                    _ if step.site == origin => [if has(&step.over, 0) { u64::MAX } else { 0 }; 4],
                    _ => step.over,
                };
                let at = self.sites.len();
                let lands_dead = step.dead.is_some_and(|d| d.0 != [0; 4]);
                if let Some(next) = step.next.filter(|_| to != [0; 4] || lands_dead) {
                    later.push((at, next));
                }
                self.push_site(step.site, to, over, ((n - 1 - i) as u8, i as u8), ray.dir);
                self.sites[at].edge = step.edge.unwrap_or(NO_EDGE);
                if let Some((to_dead, over_dead)) = step.dead {
                    let over_dead = if i + 1 == n { [0; 4] } else { over_dead };
                    let to_dead = if i < ray.min as usize {
                        [0; 4]
                    } else {
                        to_dead
                    };
                    self.extras[at] = Extra {
                        to_dead: self.intern(to_dead),
                        over_dead: self.intern(over_dead),
                        capture: step.capture,
                        sure: 0,
                        ahead: None,
                    };
                }
                if let Some(r) = step.residual.filter(|_| to != [0; 4]) {
                    // As `to` at the starting site: decided by the empty value.
                    let sure = match () {
                        _ if step.site == origin => {
                            [if has(&step.sure, 0) { u64::MAX } else { 0 }; 4]
                        }
                        _ => step.sure,
                    };
                    self.extras[at].sure = self.intern(sure);
                    // Read from the value ahead, unless the landing site
                    // is the starting one (read as empty, whatever stands).
                    let ahead = step.ahead.filter(|_| step.site != origin);
                    self.extras[at].ahead = ahead.map(|(a, set)| (a, self.intern(set)));
                    exact = false;
                    // Index 0 means none: it is never looked up.
                    let found = self.residuals.iter().skip(1).position(|&x| x == r);
                    self.sites[at].residual = match found {
                        Some(i) => i as u32 + 1,
                        None => {
                            self.residuals.push(r);
                            (self.residuals.len() - 1) as u32
                        }
                    };
                }
            }
        }
        let end = self.sites.len() as u32;
        for (at, rays) in later {
            let (start, end, later_exact) = self.lay_out(rays, origin);
            exact &= later_exact;
            self.sites[at].next = self.runs.len() as u32;
            self.runs.push((start, end));
        }
        (start, end, exact)
    }

    /// `(rest, pos)`: how many sites of its ray follow it, and precede it.
    fn push_site(
        &mut self,
        site: SiteId,
        to: Values,
        over: Values,
        (rest, pos): (u8, u8),
        dir: u8,
    ) {
        self.extras.push(Extra::default());
        let (to, over) = (self.intern(to), self.intern(over));
        self.sites.push(RaySite {
            site,
            to,
            over,
            rest,
            pos,
            dir,
            next: 0,
            edge: NO_EDGE,
            residual: 0,
        });
    }

    /// The index of the repeated group `at` lays out, its rays from every
    /// site laid out the first time; `None` when it is not simple.
    fn group(&mut self, at: Place) -> Option<u32> {
        let key = (at.kind, at.side, at.index);
        if let Some(g) = self.groups.iter().position(|g| g.of == key) {
            return (!self.groups[g].runs.is_empty()).then_some(g as u32);
        }
        let n = at.rules.board.n_sites() as u16;
        let rays: Option<Vec<Vec<Ray>>> = (0..n)
            .map(|s| at.segment_rays(0, SiteId(s), NO_HEADING))
            .collect();
        let runs = match rays {
            Some(rays) => rays
                .into_iter()
                .map(|r| {
                    let (start, end, _) = self.lay_out(r, NOWHERE);
                    (start, end)
                })
                .collect(),
            // Remembered as not simple: no runs.
            None => Vec::new(),
        };
        let simple = !runs.is_empty();
        self.groups.push(Group { of: key, runs });
        simple.then_some(self.groups.len() as u32 - 1)
    }

    pub(super) fn intern(&mut self, v: Values) -> u16 {
        match self.values.iter().position(|&w| w == v) {
            Some(i) => i as u16,
            None => {
                self.values.push(v);
                (self.values.len() - 1) as u16
            }
        }
    }
}

/// A pattern of a piece of `kind` (its pattern number `index`) and `side`
/// starting on `origin`, being laid out.
struct Place<'a> {
    rules: &'a Rules,
    pattern: &'a Pattern,
    kind: KindId,
    index: u16,
    side: SideId,
    origin: SiteId,
    /// Laid out as a repeated group for every site ([`NOWHERE`] is the
    /// origin): conditions are also read for captured pieces, and
    /// segments may capture.
    chain: bool,
    /// The ray sites left: a step or partner past it is not simple.
    budget: &'a Budget,
}

impl Place<'_> {
    /// What the pattern does from its origin: `None` when it is not
    /// simple, `Some(None)` when its guard fails there.
    /// Whether the pattern's first segment may leave the starting site, by
    /// the board's geometry alone: a step or slide has a neighbour in one
    /// of its directions, a leap a site to land on. A pattern that cannot
    /// is left out of the starting site's entries, walked or not.
    fn may_start(&self) -> bool {
        let (board, origin) = (&self.rules.board, self.origin);
        let first = &self.pattern.segments[0];
        if first.swap.is_some() || first.jump || first.castle.is_some() {
            return true;
        }
        if !first.leaps.is_empty() {
            let lands = |&(dx, dy): &(i8, i8)| board.leap(origin, dx, dy).is_some();
            return first.leaps.iter().any(lands);
        }
        let dirs = first.first[self.side as usize];
        (0..32).any(|d| dirs >> d & 1 == 1 && board.has_neighbor(origin, d as u8))
    }

    fn shape(&self) -> Option<Option<Shape>> {
        let (rules, pattern, origin) = (self.rules, self.pattern, self.origin);
        // Castlings and captures of the last mover read more than the
        // board: they are walked.
        if (pattern.segments.iter()).any(|s| s.castle.is_some() || s.capture_last) {
            return None;
        }
        // A condition on the position is read in play, once per position:
        // the pattern's rays are gated by it ([`Entry::Gated`]), unless it
        // reads the last move.
        if pattern.given.is_some() && pattern.last_gate.is_some() {
            return None;
        }
        // A repeated group is laid out once for every site, when it is the
        // whole pattern (`(...)+`); other repeats are walked.
        let chain = match pattern.repeat {
            None => false,
            Some((0, end)) if end == pattern.segments.len() => true,
            Some(_) => return None,
        };
        // The guard reads the starting site with the moving piece on it.
        // Every condition must be a value set at every site the pattern may
        // reach, whether the guard passes or not: then the pattern is simple.
        let guard = match &pattern.guard {
            Some(g) => has(
                &self.exact(g, origin, false)?,
                rules.man(self.side, self.kind),
            ),
            None => true,
        };
        let shape = match &pattern.segments[..] {
            [Segment {
                swap: Some(partner),
                spend,
                ..
            }] => {
                let others = (0..rules.board.n_sites() as u16).map(SiteId);
                let partners = others.filter(|&s| s != origin).map(|s| {
                    self.budget.spend().then_some(())?;
                    Some((s, self.exact(partner, s, false)?))
                });
                Shape::Swaps(partners.collect::<Option<_>>()?, spend.unwrap_or(NO_TOKEN))
            }
            _ if chain => Shape::Chain,
            _ => Shape::Rays(self.segment_rays(0, origin, NO_HEADING)?),
        };
        Some(guard.then_some(shape))
    }

    /// The values for which `c` holds at `s` (where, with `dead`, a piece
    /// captured earlier in the move stands), when that is all it reads.
    fn exact(&self, c: &Cond, s: SiteId, dead: bool) -> Option<Values> {
        let (sure, maybe) = self
            .rules
            .values_meeting(c, self.side, self.origin, s, dead);
        (sure == maybe).then_some(sure)
    }

    /// The rays of segment `seg` from `at`, reached heading `heading`;
    /// `None` when a segment is not simple.
    fn segment_rays(&self, seg: usize, at: SiteId, heading: u8) -> Option<Vec<Ray>> {
        let (rules, pattern, origin) = (self.rules, self.pattern, self.origin);
        let segment = &pattern.segments[seg];
        if segment.capture && !self.chain
            || segment.swap.is_some()
            || segment.jump && self.chain
            || segment.line.is_some()
        {
            return None;
        }
        let last = seg + 1 == pattern.segments.len();
        // The check rule's line filter reads one-segment patterns only.
        let line = |d: u8| {
            if pattern.segments.len() == 1 {
                d
            } else {
                ANY_LINE
            }
        };
        let step = |s: SiteId, heading: u8, edge: Option<EdgeId>| {
            if !self.budget.spend() {
                return None;
            }
            let (sure, to) = rules.values_meeting(&segment.to, self.side, origin, s, false);
            let exact = sure == to;
            // In a chain, conditions are exact, and read captured pieces too.
            let dead = match self.chain {
                true if !exact => return None,
                true => Some((
                    self.exact(&segment.to, s, true)?,
                    self.exact(&segment.over, s, true)?,
                )),
                false => None,
            };
            let open = std::array::from_fn(|i| to[i] & !sure[i]);
            let ahead = match exact {
                true => None,
                false => rules.ahead_values(&segment.to, self.side, origin, s, heading, open),
            };
            Some(RayStep {
                sure,
                dead,
                ahead,
                capture: segment.capture,
                site: s,
                to,
                residual: (!exact).then_some(Residual {
                    kind: self.kind,
                    pattern: self.index,
                    seg: seg as u8,
                    heading,
                }),
                over: self.exact(&segment.over, s, false)?,
                edge,
                next: if last {
                    None
                } else {
                    Some(self.segment_rays(seg + 1, s, heading)?)
                },
            })
        };
        let mut rays = Vec::new();
        let single = |s: SiteId| vec![step(s, NO_HEADING, None)];
        if segment.jump {
            let n = rules.board.n_sites() as u16;
            for s in (0..n).map(SiteId).filter(|&s| s != at && s != origin) {
                let sites = single(s).into_iter().collect::<Option<_>>()?;
                rays.push(Ray {
                    dir: ANY_LINE,
                    min: 0,
                    sites,
                });
            }
        } else if !segment.leaps.is_empty() {
            for &(dx, dy) in &segment.leaps {
                let site = rules.board.leap(at, dx, dy);
                let sites = site
                    .map_or(Vec::new(), single)
                    .into_iter()
                    .collect::<Option<_>>()?;
                rays.push(Ray {
                    dir: ANY_LINE,
                    min: 0,
                    sites,
                });
            }
        } else {
            let barriers = !rules.barriers.is_empty();
            let no_block = vec![0u64; rules.board.edge_words()];
            let dirs = if seg == 0 {
                segment.first[self.side as usize]
            } else {
                segment.dirs.resolve(heading)
            };
            for d in (0..32u8).filter(|d| dirs >> d & 1 == 1) {
                let (mut cur, mut sites) = (at, Vec::new());
                while sites.len() < segment.max as usize {
                    let Some(next) = rules.board.step(cur, d, &no_block) else {
                        break;
                    };
                    // Barriers may close the step: by one edge, or (around
                    // a groove corner) by several, which no table tells.
                    let edge = if barriers {
                        rules.board.step_blocker(cur, d)?
                    } else {
                        None
                    };
                    sites.push(step(next, d, edge)?);
                    cur = next;
                }
                let min = segment.min.saturating_sub(1);
                rays.push(Ray {
                    dir: line(d),
                    min,
                    sites,
                });
            }
        }
        Some(rays)
    }
}

/// Whether a pattern has a swap in it: its moves take nothing.
pub(crate) fn swaps(pattern: &Pattern) -> bool {
    pattern.segments.iter().any(|s| s.swap.is_some())
}

/// The condition a landing condition puts on the piece that made the last
/// move (`last_over(...)`, `last_to(...)`, alone or in an `and`), if any.
fn last_mover(to: &Cond) -> Option<&Cond> {
    match to {
        Cond::LastOver(c) | Cond::LastTo(c) => Some(c),
        Cond::And(list) => list.iter().find_map(last_mover),
        _ => None,
    }
}

impl Rules {
    /// The board values a move of `pattern`, walked by a piece of `side`,
    /// may take or land on: none for a swap or a castling (they take
    /// nothing), else those its landing condition may hold for, and, for a
    /// `capture last`, those of the last mover its `last_over`/`last_to`
    /// condition names (every value without one); every value when a
    /// segment before the last captures or the pattern repeats.
    pub(crate) fn pattern_takes(&self, pattern: &Pattern, side: SideId) -> Values {
        let all = [u64::MAX; 4];
        let segments = &pattern.segments;
        if swaps(pattern) || segments.iter().any(|s| s.castle.is_some()) {
            return [0; 4];
        }
        let Some(last) = segments.last() else {
            return all;
        };
        if pattern.repeat.is_some() || segments[..segments.len() - 1].iter().any(|s| s.capture) {
            return all;
        }
        let mut set = self.values_anywhere(&last.to, side);
        for seg in segments.iter().filter(|s| s.capture_last) {
            let victims = match last_mover(&seg.to) {
                Some(c) => self.values_anywhere(c, side),
                None => all,
            };
            set = std::array::from_fn(|w| set[w] | victims[w]);
        }
        set
    }

    /// The board values for which `c` may hold on some site, for a piece
    /// of `side` moving from anywhere.
    fn values_anywhere(&self, c: &Cond, side: SideId) -> Values {
        let mut set = [0u64; 4];
        for s in (0..self.board.n_sites() as u16).map(SiteId) {
            let may = self.values_meeting(c, side, NOWHERE, s, false).1;
            set = std::array::from_fn(|w| set[w] | may[w]);
        }
        set
    }

    /// Whether a pattern's guard may hold for a piece of `kind`, of some
    /// side, on some site: the guard reads the starting site with the
    /// piece on it.
    pub(crate) fn guard_may_hold(&self, guard: &Cond, kind: KindId) -> bool {
        (0..self.sides.len() as SideId).any(|side| {
            let v = self.man(side, kind);
            (0..self.board.n_sites() as u16)
                .map(SiteId)
                .any(|s| has(&self.values_meeting(guard, side, s, s, false).1, v))
        })
    }

    /// The board values for which `c` holds at `s`, for a piece of `side`
    /// moving from `origin` (or from any site: [`NOWHERE`]): the values
    /// for which it surely holds and those for which it may, the same when
    /// `c` reads nothing but the value and the site. With `dead`, the piece
    /// standing there was captured earlier in the move: it is there, but no
    /// one's.
    fn values_meeting(
        &self,
        c: &Cond,
        side: SideId,
        origin: SiteId,
        s: SiteId,
        dead: bool,
    ) -> (Values, Values) {
        // The values a board can hold: empty, and each side's kinds.
        let all = |keep: &dyn Fn(u8) -> bool| {
            let mut v = [0u64; 4];
            for x in 0..self.cell_owner.len() as u8 {
                if keep(x) {
                    v[x as usize / 64] |= 1 << (x % 64);
                }
            }
            v
        };
        let piece = |x: u8| (x != 0).then(|| self.unman(x));
        let of = |k: Kinds, keep: &dyn Fn(SideId) -> bool| {
            all(&|x| piece(x).is_some_and(|(o, kind)| k >> kind & 1 == 1 && keep(o)))
        };
        // A captured piece is neither friend nor enemy.
        let live =
            |k: Kinds, keep: &dyn Fn(SideId) -> bool| if dead { [0; 4] } else { of(k, keep) };
        let constant = |b: bool| if b { [u64::MAX; 4] } else { [0; 4] };
        let map2 = |a: Values, b: Values, f: fn(u64, u64) -> u64| -> Values {
            std::array::from_fn(|i| f(a[i], b[i]))
        };
        let exact = match c {
            Cond::True => constant(true),
            Cond::Empty => all(&|x| x == 0),
            Cond::Occupied(k) => of(*k, &|_| true),
            Cond::Friend(k) => live(*k, &|o| self.same_team(o, side)),
            Cond::Enemy(k) => live(*k, &|o| !self.same_team(o, side)),
            Cond::Side(sides, k) => live(*k, &|o| sides >> o & 1 == 1),
            Cond::In(r) => constant(self.regions[*r as usize].per_side[side as usize].contains(s)),
            Cond::Sites { bits, words } => {
                let i = side as usize * 64 * *words as usize + s.0 as usize;
                constant(bits[i / 64] >> (i % 64) & 1 == 1)
            }
            Cond::Nearer(r) if origin != NOWHERE => {
                let dist = &self.regions[*r as usize].distance[side as usize];
                constant(dist[s.0 as usize] < dist[origin.0 as usize])
            }
            Cond::Not(inner) => {
                let (sure, maybe) = self.values_meeting(inner, side, origin, s, dead);
                return (maybe.map(|w| !w), sure.map(|w| !w));
            }
            // Both bounds combine part by part, from the operation's unit.
            Cond::And(cs) | Cond::Or(cs) => {
                let (op, unit): (fn(u64, u64) -> u64, _) = match c {
                    Cond::And(_) => (|a, b| a & b, true),
                    _ => (|a, b| a | b, false),
                };
                let parts = cs
                    .iter()
                    .map(|c| self.values_meeting(c, side, origin, s, dead));
                return parts.fold((constant(unit), constant(unit)), |(s0, m0), (s1, m1)| {
                    (map2(s0, s1, op), map2(m0, m1, op))
                });
            }
            // Reads more: may hold for any value, surely for none.
            _ => return (constant(false), constant(true)),
        };
        (exact, exact)
    }

    /// A landing condition on `s`, reached heading `heading`, as a value
    /// set on the site ahead, when for every landing value of `open` it
    /// reads nothing but that value, the site, and the value ahead (value
    /// and site tests under `ahead(...)`), the same way; `None` otherwise.
    /// Only where no barrier can close the step ahead.
    fn ahead_values(
        &self,
        c: &Cond,
        side: SideId,
        origin: SiteId,
        s: SiteId,
        heading: u8,
        open: Values,
    ) -> Option<Ahead> {
        fn reads_ahead(c: &Cond) -> bool {
            match c {
                Cond::Ahead(_) => true,
                Cond::Not(inner) => reads_ahead(inner),
                Cond::And(cs) | Cond::Or(cs) => cs.iter().any(reads_ahead),
                _ => false,
            }
        }
        if !self.board.slots.is_empty() || !reads_ahead(c) {
            return None;
        }
        // No barrier closes an edge: the step ahead is the board's.
        let ahead = self
            .board
            .step(s, heading, &vec![0; self.board.edge_words()]);
        let split = self.split_ahead(c, side, origin, s, ahead)?;
        let mut found: Option<Values> = None;
        for v in (0..self.cell_owner.len() as u8).filter(|&v| has(&open, v)) {
            let set = split.ahead_values(v);
            match found {
                Some(f) if f != set => return None,
                _ => found = Some(set),
            }
        }
        Some((ahead.unwrap_or(NOWHERE), found?))
    }

    /// `c` on `s` as value tests on `s` and on the site `ahead`; `None`
    /// when it reads anything else.
    fn split_ahead(
        &self,
        c: &Cond,
        side: SideId,
        origin: SiteId,
        s: SiteId,
        ahead: Option<SiteId>,
    ) -> Option<Split> {
        let exact = |c: &Cond, at: SiteId| {
            let (sure, maybe) = self.values_meeting(c, side, origin, at, false);
            (sure == maybe).then_some(sure)
        };
        let parts = |cs: &[Cond]| {
            (cs.iter())
                .map(|c| self.split_ahead(c, side, origin, s, ahead))
                .collect::<Option<Vec<_>>>()
        };
        Some(match c {
            Cond::Not(inner) => {
                Split::Not(Box::new(self.split_ahead(inner, side, origin, s, ahead)?))
            }
            Cond::And(cs) => Split::And(parts(cs)?),
            Cond::Or(cs) => Split::Or(parts(cs)?),
            Cond::Ahead(inner) => match ahead {
                Some(a) => Split::Ahead(exact(inner, a)?),
                None => Split::Ahead([0; 4]),
            },
            leaf => Split::Here(exact(leaf, s)?),
        })
    }
}
