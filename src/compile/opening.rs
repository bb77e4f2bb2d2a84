//! `opening = true` on a `[chance.NAME]` event: the game opens with a
//! roll-off of it that decides who starts (backgammon's first roll), an
//! event of its own rolled in a turn before the turn order.

use super::{Compiler, Scope};
use crate::diag::Diagnostic;
use crate::raw::{Located, RawChance, RawGame};
use crate::rules::{Action, Chance, Opening, PreludeTurn, SideId, MAX_EVENTS};

/// At most this many outcomes of one event (`Move::Roll` keeps a byte).
const MAX_OUTCOMES: usize = 255;

impl Compiler<'_> {
    /// The roll-off of the event with `opening = true`, if any: its own
    /// event, added to the game's events, and the turn that rolls it,
    /// added to the (empty) prelude.
    pub(super) fn opening_roll(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        order: &[SideId],
        phases: &[Vec<Action>],
        prelude: &mut Vec<PreludeTurn>,
    ) {
        let declared = (raw.chance.iter().take(MAX_EVENTS).enumerate())
            .filter(|(_, (_, c))| c.opening.as_ref().is_some_and(|b| b.value));
        let mut openings = declared.map(|(i, (_, c))| (i, c));
        let Some((of, c)) = openings.next() else {
            return;
        };
        let at = c.opening.as_ref().map(Located::loc).unwrap();
        let refuse = |this: &mut Self, message: String, label: &str, hint: &str| {
            this.error(
                Diagnostic::error("chance-opening", message)
                    .at(at.clone())
                    .label(label.to_string())
                    .hint(hint.to_string()),
            );
        };
        if let Some((_, other)) = openings.next() {
            let at = other.opening.as_ref().map(Located::loc).unwrap();
            self.error(
                Diagnostic::error("chance-opening", "two events open the game")
                    .at(at)
                    .label("a second opening roll")
                    .hint("give `opening = true` to one event only"),
            );
            return;
        }
        if !prelude.is_empty() {
            return refuse(
                self,
                "an opening roll in a game with a prelude".into(),
                "the prelude's turns already start the game",
                "leave out `opening`, or the `[[turn.prelude]]`",
            );
        }
        let twice = (1..order.len()).any(|i| order[..i].contains(&order[i]));
        if order.len() < 2 || twice {
            return refuse(
                self,
                "an opening roll needs a turn order of two or more sides, each once".into(),
                "each side of the turn order throws one die",
                "name each side once in `[turn] order`",
            );
        }
        if scope.chance.len() >= MAX_EVENTS {
            return refuse(
                self,
                format!("the opening roll is an event of its own: at most {MAX_EVENTS} in all"),
                "one event too many with the roll-off",
                "declare fewer events",
            );
        }
        let Some(opening) = roll_off(c, of as u8, order.len(), &scope.chance[of]) else {
            return refuse(
                self,
                format!(
                    "the roll-off of `{}` has more than {MAX_OUTCOMES} outcomes",
                    scope.chance[of].name
                ),
                "too many throws of one die per side",
                "give the event fewer faces",
            );
        };
        // The starter plays the throw when its turn begins by rolling the
        // event and the event throws one die per side.
        let begins =
            matches!(phases.first().map(|p| &p[..]), Some(&[Action::Roll(e)]) if e as usize == of);
        let one_each = c.dice.as_ref().map_or(1, |d| d.value) == order.len() as i64;
        let mut opening = opening;
        if !(begins && one_each) {
            opening.0.plays = None;
        }
        let total = opening.1.iter().sum();
        let n = scope.chance.len() as u8;
        scope.chance.push(Chance {
            name: scope.chance[of].name.clone(),
            outcomes: (opening.0.throws.iter().zip(&opening.1))
                .map(|(t, &w)| (t.iter().sum(), w))
                .collect(),
            total,
            apart: Vec::new(),
            doubles: 1,
            most: false,
            larger: false,
            opening: Some(Box::new(opening.0)),
        });
        prelude.push(PreludeTurn {
            side: order[0],
            actions: vec![Action::Roll(n)],
        });
    }
}

/// The roll-off of `event` (compiled as `chance`, declared as `c`) among
/// `n` sides: every throw of one die per side whose highest die is not
/// tied, with its weight; `None` past [`MAX_OUTCOMES`].
fn roll_off(c: &RawChance, of: u8, n: usize, chance: &Chance) -> Option<(Opening, Vec<u64>)> {
    let faces: Vec<i64> = c.faces.as_ref().map_or(Vec::new(), |f| {
        f.value
            .iter()
            .map(|x| x.value.clamp(-1_000_000, 1_000_000))
            .collect()
    });
    let weights: Vec<u64> = match &c.weights {
        Some(w) if w.value.len() == faces.len() => w
            .value
            .iter()
            .map(|x| x.value.clamp(1, 1_000_000) as u64)
            .collect(),
        _ => vec![1; faces.len()],
    };
    let mut throws: Vec<(Vec<i64>, u64)> = vec![(Vec::new(), 1)];
    for _ in 0..n {
        if throws.len() * faces.len() > 1 << 20 {
            return None;
        }
        let mut next = Vec::new();
        for (t, w) in &throws {
            for (&f, &fw) in faces.iter().zip(&weights) {
                let mut t = t.clone();
                t.push(f);
                next.push((t, w.saturating_mul(fw)));
            }
        }
        throws = next;
    }
    throws.retain(|(t, _)| {
        let high = t.iter().max().copied().unwrap_or(0);
        t.iter().filter(|&&d| d == high).count() == 1
    });
    if throws.is_empty() || throws.len() > MAX_OUTCOMES {
        return None;
    }
    let starter = (throws.iter())
        .map(|(t, _)| (0..n).max_by_key(|&i| t[i]).unwrap_or(0) as u8)
        .collect();
    // The outcome of the event each throw is: its sorted dice (played
    // apart), or its sum.
    let plays = (throws.iter())
        .map(|(t, _)| {
            let found = match chance.apart.is_empty() {
                true => {
                    let sum: i64 = t.iter().sum();
                    chance.outcomes.iter().position(|&(v, _)| v == sum)
                }
                false => {
                    let mut sorted: Vec<u8> = t.iter().map(|&d| d as u8).collect();
                    sorted.sort_unstable();
                    chance.apart.iter().position(|a| *a == sorted)
                }
            };
            found.map(|i| i as u8)
        })
        .collect::<Option<Vec<u8>>>();
    let weights = throws.iter().map(|(_, w)| *w).collect();
    let opening = Opening {
        of,
        throws: throws.into_iter().map(|(t, _)| t).collect(),
        starter,
        plays,
    };
    Some((opening, weights))
}
