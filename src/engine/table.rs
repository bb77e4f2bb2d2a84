//! Move tables: the simple patterns of every piece, laid out per kind, side
//! and starting site when the game is compiled, so that generating their
//! moves reads flat arrays instead of walking the pattern.
//!
//! A pattern is simple when it is one step, slide or leap segment that
//! captures only by landing, with a guard and conditions that read nothing
//! but the site and the board value standing on it (`empty`, `friend`,
//! `enemy`, a side's pieces, regions, `nearer`, and `not`/`and`/`or` of
//! them). From a given site, such a pattern is a list of *rays*: the sites
//! each direction (or each leap) passes, in order, each with the set of
//! board values a piece may land on there and the set it may pass over.
//! The guard is decided per starting site, so a pattern whose guard fails
//! there has no rays.
//!
//! A piece's rays, for all its simple patterns in a row, are one run of
//! sites; each site knows how many sites of its ray follow it, so that a
//! blocked ray is skipped in one jump and the whole run is one loop.
//!
//! Other patterns (several segments, repeats, swaps, jumps, conditions on
//! what lies ahead or what pieces could do) stay in the table as markers,
//! in their place, and are walked as before; so a piece's moves come out
//! in the same order either way. Games with barriers keep the walk for
//! every pattern: a barrier can close a line, so a ray is not fixed.

use super::*;

/// The direction of a leap's ray: no compass line.
const LEAP: u8 = NO_HEADING;

/// A set of board values (at most 256: a board value is a byte).
type Values = [u64; 4];

/// The compiled simple patterns, or none (every pattern is walked).
#[derive(Clone, Debug, Default)]
pub(crate) struct MoveTables {
    /// Per `(kind × sides + side) × sites + site`, where its entries begin;
    /// one more at the end.
    starts: Vec<u32>,
    entries: Vec<Entry>,
    sites: Vec<RaySite>,
    /// Value sets, shared by the sites that have the same one.
    values: Vec<Values>,
}

#[derive(Clone, Copy, Debug)]
pub(crate) enum Entry {
        /// `sites[start..end]`: the rays of simple patterns, one after another.
    Rays { start: u32, end: u32 },
    /// `sites[start..end]`: the partners of a swap, spending `token`
    /// (unless it is [`NO_TOKEN`]), each with the values it may hold.
    Swaps { start: u32, end: u32, token: TokenId },
    /// This pattern of the kind is walked.
    Walk(u16),
}

/// One site of a ray, with indexes of its value sets.
#[derive(Clone, Copy, Debug)]
struct RaySite {
    site: SiteId,
    /// The values a piece may land on here (none before the pattern's
    /// least distance).
    to: u16,
    /// The values a piece may pass over here, to the next site.
    over: u16,
    /// How many sites of the ray follow this one.
    rest: u8,
    /// The ray's compass direction or link label, or [`LEAP`].
    dir: u8,
}

/// A ray before it is laid out: its direction, the index of its first
/// site a piece may land on, and its sites with what may be landed on and
/// passed over there.
type Ray = (u8, u8, Vec<(SiteId, Values, Values)>);

/// What a simple pattern does from one site whose guard it passes.
enum Shape {
    Rays(Vec<Ray>),
    /// The partner sites with the values they may hold, and the token spent.
    Swaps(Vec<(SiteId, Values)>, TokenId),
}

impl MoveTables {
    /// The tables of the game's simple patterns; empty (every pattern is
    /// walked) when the game has barriers or more sites than a move
    /// table indexes.
    pub(crate) fn build(rules: &Rules) -> MoveTables {
        let n_sites = rules.board.n_sites();
        if !rules.barriers.is_empty() || n_sites > u16::MAX as usize {
            return MoveTables::default();
        }
        let mut t = MoveTables::default();
        for kind in 0..rules.kinds.len() {
            for side in 0..rules.sides.len() as SideId {
                for origin in (0..n_sites).map(|i| SiteId(i as u16)) {
                    t.starts.push(t.entries.len() as u32);
                    let first = t.entries.len();
                    for (p, pattern) in rules.kinds[kind].patterns.iter().enumerate() {
                        match shape(rules, pattern, side, origin) {
                            None => t.entries.push(Entry::Walk(p as u16)),
                            Some(None) => {}
                            Some(Some(Shape::Rays(rays))) => t.add_rays(rays, origin, first),
                            Some(Some(Shape::Swaps(partners, token))) => {
                                let start = t.sites.len() as u32;
                                for (s, v) in partners.into_iter().filter(|(_, v)| *v != [0; 4]) {
                                    t.push_site(s, v, [0; 4], 0, LEAP);
                                }
                                let end = t.sites.len() as u32;
                                t.entries.push(Entry::Swaps { start, end, token });
                            }
                        }
                    }
                }
            }
        }
        t.starts.push(t.entries.len() as u32);
        t
    }

    /// The entries of a piece of `kind` and `side` on `origin`, or `None`
    /// when there are no tables.
    #[inline]
    pub(crate) fn entries(
        &self,
        rules: &Rules,
        kind: KindId,
        side: SideId,
        origin: SiteId,
    ) -> Option<&[Entry]> {
        if self.starts.is_empty() {
            return None;
        }
        let i = (kind as usize * rules.sides.len() + side as usize) * rules.board.n_sites()
            + origin.0 as usize;
        Some(&self.entries[self.starts[i] as usize..self.starts[i + 1] as usize])
    }

    /// Lays out rays from `origin`, joined to the rays of the piece's
    /// pattern before when its entries (from index `first`) end with them.
    fn add_rays(&mut self, rays: Vec<Ray>, origin: SiteId, first: usize) {
        let start = self.sites.len() as u32;
        for (dir, min, sites) in rays {
            let n = sites.len();
            if n <= min as usize || n == 1 && sites[0].1 == [0; 4] {
                // Nothing to land on; passing over matters only for landing.
                continue;
            }
            for (i, (s, to, over)) in sites.into_iter().enumerate() {
                // The starting site is empty while the piece moves, and a
                // move back to it is no move.
                let to = if s == origin || i < min as usize { [0; 4] } else { to };
                let over = match () {
                    _ if s == origin => [if has(&over, 0) { u64::MAX } else { 0 }; 4],
                    _ if i + 1 == n => [0; 4],
                    _ => over,
                };
                self.push_site(s, to, over, (n - 1 - i) as u8, dir);
            }
        }
                let end = self.sites.len() as u32;
        let mine = self.entries.len() > first;
        match self.entries.last_mut() {
            Some(Entry::Rays { end: e, .. }) if *e == start && mine => {
                *e = end;
            }
            _ if end > start => self.entries.push(Entry::Rays { start, end }),
            _ => {}
        }
    }

    fn push_site(&mut self, site: SiteId, to: Values, over: Values, rest: u8, dir: u8) {
        let (to, over) = (self.intern(to), self.intern(over));
        self.sites.push(RaySite {
            site,
            to,
            over,
            rest,
            dir,
        });
    }

    fn intern(&mut self, v: Values) -> u16 {
        match self.values.iter().position(|&w| w == v) {
            Some(i) => i as u16,
            None => {
                self.values.push(v);
                (self.values.len() - 1) as u16
            }
        }
    }
}

/// What `pattern` does from `origin` for `side`: `None` when it is not
/// simple, `Some(None)` when its guard fails there.
fn shape(rules: &Rules, pattern: &Pattern, side: SideId, origin: SiteId) -> Option<Option<Shape>> {
    let [segment] = &pattern.segments[..] else {
        return None;
    };
    if pattern.repeat.is_some() || segment.capture {
        return None;
    }
    let values = |c: &Cond, s: SiteId| rules.values_meeting(c, side, origin, s);
    // The guard reads the starting site, which the piece has left. Every
    // condition must be a value set at every site the pattern may reach,
    // whether the guard passes or not: then the pattern is simple.
    let guard = match &pattern.guard {
        Some(g) => has(&values(g, origin)?, 0),
        None => true,
    };
    let others = || (0..rules.board.n_sites() as u16).map(SiteId).filter(|&s| s != origin);
    let shape = if let Some(partner) = &segment.swap {
        let partners = others().map(|s| Some((s, values(partner, s)?)));
        Shape::Swaps(partners.collect::<Option<_>>()?, segment.spend.unwrap_or(NO_TOKEN))
    } else {
        let ray = |dir: u8, min: u8, sites: &mut dyn Iterator<Item = SiteId>| {
            let sites = sites.map(|s| Some((s, values(&segment.to, s)?, values(&segment.over, s)?)));
            Some((dir, min, sites.collect::<Option<Vec<_>>>()?))
        };
        let mut rays = Vec::new();
        if segment.jump {
            for s in others() {
                rays.push(ray(LEAP, 0, &mut std::iter::once(s))?);
            }
        } else if !segment.leaps.is_empty() {
            for &(dx, dy) in &segment.leaps {
                rays.push(ray(LEAP, 0, &mut rules.board.leap(origin, dx, dy).into_iter())?);
            }
        } else {
            let no_block = vec![0u64; rules.board.edge_words()];
            let dirs = segment.first[side as usize];
            for d in (0..32u8).filter(|d| dirs >> d & 1 == 1) {
                let mut cur = origin;
                let mut line = std::iter::from_fn(|| {
                    cur = rules.board.step(cur, d, &no_block)?;
                    Some(cur)
                })
                .take(segment.max as usize);
                rays.push(ray(d, segment.min.saturating_sub(1), &mut line)?);
            }
        }
        Shape::Rays(rays)
    };
    Some(guard.then_some(shape))
}

#[inline]
fn has(v: &Values, x: u8) -> bool {
    v[x as usize / 64] >> (x % 64) & 1 == 1
}

impl Rules {
    /// The board values for which `c` holds at `s`, for a piece of `side`
    /// moving from `origin`, or `None` when it reads more than the value
    /// and the site.
    fn values_meeting(&self, c: &Cond, side: SideId, origin: SiteId, s: SiteId) -> Option<Values> {
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
        let constant = |b: bool| if b { [u64::MAX; 4] } else { [0; 4] };
        Some(match c {
            Cond::True => constant(true),
            Cond::Empty => all(&|x| x == 0),
            Cond::Occupied(k) => of(*k, &|_| true),
            Cond::Friend(k) => of(*k, &|o| self.same_team(o, side)),
            Cond::Enemy(k) => of(*k, &|o| !self.same_team(o, side)),
            Cond::Side(owner, k) => of(*k, &|o| o == *owner),
            Cond::In(r) => constant(self.regions[*r as usize].per_side[side as usize].contains(s)),
            Cond::Sites { bits, words } => {
                let i = side as usize * 64 * *words as usize + s.0 as usize;
                constant(bits[i / 64] >> (i % 64) & 1 == 1)
            }
            Cond::Nearer(r) => {
                let dist = &self.regions[*r as usize].distance[side as usize];
                constant(origin != NOWHERE && dist[s.0 as usize] < dist[origin.0 as usize])
            }
            Cond::Not(inner) => self.values_meeting(inner, side, origin, s)?.map(|w| !w),
            Cond::And(cs) => cs.iter().try_fold(constant(true), |acc, c| {
                let v = self.values_meeting(c, side, origin, s)?;
                Some(std::array::from_fn(|i| acc[i] & v[i]))
            })?,
            Cond::Or(cs) => cs.iter().try_fold(constant(false), |acc, c| {
                let v = self.values_meeting(c, side, origin, s)?;
                Some(std::array::from_fn(|i| acc[i] | v[i]))
            })?,
            _ => return None,
        })
    }

        /// Emits the moves of a run of rays from the walker's origin.
    #[inline]
    pub(super) fn run_rays(&self, st: &State, w: &mut Walker, start: u32, end: u32, out: &mut Vec<Move>) {
        let t = &self.tables;
        let (mut i, end) = (start as usize, end as usize);
        while i < end {
            let rs = t.sites[i];
            let v = st.board[rs.site.0 as usize];
            if has(&t.values[rs.to as usize], v) {
                w.push_step(rs.site, out);
            }
            i += 1 + if has(&t.values[rs.over as usize], v) {
                0
            } else {
                rs.rest as usize
            };
        }
    }

        /// Emits the swaps of the walker's piece with the partners of
    /// `sites[start..end]`, if its side holds the token.
    pub(super) fn run_swaps(
        &self,
        st: &State,
        w: &mut Walker,
        start: u32,
        end: u32,
        token: TokenId,
        out: &mut Vec<Move>,
    ) {
        if token != NO_TOKEN && st.tokens_left(self, w.side, token) == 0 {
            return;
        }
        let t = &self.tables;
        for rs in &t.sites[start as usize..end as usize] {
            if has(&t.values[rs.to as usize], st.board[rs.site.0 as usize]) {
                let (from, with) = (w.origin, rs.site);
                w.push(Move::Swap { from, via: from, with, token }, out);
            }
        }
    }

    /// Whether a run of rays lands on `target`, following only the rays
    /// whose directions are in `lines` (and every leap).
    #[inline]
    pub(super) fn rays_reach(&self, st: &State, start: u32, end: u32, lines: u32, target: SiteId) -> bool {
        let t = &self.tables;
        let (mut i, end) = (start as usize, end as usize);
        while i < end {
            let rs = t.sites[i];
            if rs.dir < 32 && lines >> rs.dir & 1 == 0 {
                i += 1 + rs.rest as usize;
                continue;
            }
            let v = st.board[rs.site.0 as usize];
            if rs.site == target {
                if has(&t.values[rs.to as usize], v) {
                    return true;
                }
                i += 1 + rs.rest as usize;
                continue;
            }
            i += 1 + if has(&t.values[rs.over as usize], v) {
                0
            } else {
                rs.rest as usize
            };
        }
        false
    }
}
