//! Goals read from the end rules, for a searcher's evaluation: an end rule
//! that a side wins by bringing one of its pieces into a region (`count(own
//! pawn in goal) >= 1`) gives each side a distance, the fewest steps any of
//! its pieces needs to get there, crossing no barrier and ignoring pieces.

use super::reach::collect_reach;
use super::*;

/// A way to win by reaching a region: an end rule's piece kinds and region,
/// the sides it is read for and the directions its pieces step in.
#[derive(Clone, Debug)]
pub struct Goal {
    kind: Kinds,
    region: RegionId,
    sides: u32,
    dirs: u32,
}

impl Rules {
    /// The end rules won by a piece of one's own in a region. The steps
    /// follow a `reach` constraint's directions to the same region where
    /// the game has one (the paths its barriers must leave), else every
    /// direction of the board.
    pub fn goals(&self) -> Vec<Goal> {
        let mut atoms = Vec::new();
        for c in &self.constraints {
            collect_reach(&c.rule, &mut atoms);
        }
        let every = u32::MAX >> (32 - self.board.n_dirs().min(32) as u32);
        let reaching = |end: &EndRule| match end.when {
            StateCond::Count {
                owner: Owner::Own,
                kind,
                region: Some(region),
                op: Compare::Ge,
                value: 1,
                ..
            }
            | StateCond::Count {
                owner: Owner::Own,
                kind,
                region: Some(region),
                op: Compare::Gt,
                value: 0,
                ..
            } => Some((kind, region)),
            _ => None,
        };
        let goal = |end: &EndRule| {
            let (kind, region) = reaching(end)?;
            let dirs = (atoms.iter().find(|a| a.3 == region)).map_or(every, |a| a.4);
            Some(Goal {
                kind,
                region,
                sides: end.side_set,
                dirs,
            })
        };
        (self.ends.iter())
            .filter(|end| end.result == EndResult::Win)
            .filter_map(goal)
            .collect()
    }

    /// The fewest steps a piece of `side`'s team needs to reach a goal
    /// `side` wins by; `None` when no goal applies or none can be reached.
    pub fn goal_distance(&self, st: &State, side: SideId, goals: &[Goal]) -> Option<u32> {
        let own = self.counted(side, Owner::Own, 0);
        (goals.iter())
            .filter(|g| g.sides >> side & 1 == 1)
            .flat_map(|g| {
                self.matching_pieces(st, own, g.kind).filter_map(|(s, ps)| {
                    let target = &self.regions[g.region as usize].per_side[ps as usize];
                    self.steps_to(s, target, g.dirs, &st.blocked, None)
                })
            })
            .min()
    }
}
