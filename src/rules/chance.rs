//! Chance (`[chance.NAME]`): random events with stated outcomes and
//! weights, rolled in a phase of their own (`roll NAME`), whose results
//! the conditions read. Present only in a game that declares one: every
//! other game keeps `State::rolled` at zero and never reads this.

/// At most this many events per game: `State::rolled` has a byte each.
pub const MAX_EVENTS: usize = 4;

/// One random event: a die, several dice summed, a coin.
#[derive(Clone, Debug)]
pub struct Chance {
    pub name: String,
    /// The outcomes in increasing order of value: (value, weight), each
    /// weight above 0; at most 255 of them.
    pub outcomes: Vec<(i64, u64)>,
    /// The sum of the weights.
    pub total: u64,
    /// With `apart`: per outcome, the dice thrown, in increasing order, to
    /// play one by one; empty for an event whose dice are summed.
    pub apart: Vec<Vec<u8>>,
    /// `doubles`: a throw of equal dice (two or more) is played this many
    /// times over.
    pub doubles: u8,
    /// `most`: a side plays as many of its dice as it can.
    pub most: bool,
    /// `larger`: when only one die can be played, the larger.
    pub larger: bool,
    /// The opening roll-off of an event with `opening = true`: an event of
    /// its own, made by the compiler, rolled once before the first turn;
    /// `None` for every event a game declares.
    pub opening: Option<Box<Opening>>,
}

/// An opening roll-off (`opening = true`): each side of the turn order
/// throws one die of the event; a throw where the highest die is tied is
/// thrown again (it is no outcome); the side with the highest die starts.
#[derive(Clone, Debug)]
pub struct Opening {
    /// The event whose roll-off this is (its index in `Rules::chance`).
    pub of: u8,
    /// Per outcome: each side's die, in the turn order.
    pub throws: Vec<Vec<i64>>,
    /// Per outcome: the side that starts, as its index in the turn order.
    pub starter: Vec<u8>,
    /// When the starter plays the throw as its first roll (its turn begins
    /// by rolling the event, which throws one die per side): per outcome,
    /// the outcome of the event it plays. `None`: the starter begins its
    /// turn from its first phase.
    pub plays: Option<Vec<u8>>,
}

impl Chance {
    /// The dice to play after the throw of outcome `outcome` of an event
    /// rolled apart: the throw, `doubles` times over when its dice are equal.
    pub fn dice_to_play(&self, outcome: u8) -> [u8; 4] {
        let mut out = [0; 4];
        let throw = &self.apart[outcome as usize];
        let equal = throw.len() > 1 && throw.windows(2).all(|w| w[0] == w[1]);
        let times = if equal { self.doubles as usize } else { 1 };
        for (o, &d) in out
            .iter_mut()
            .zip(throw.iter().cycle().take(throw.len() * times))
        {
            *o = d;
        }
        out
    }

    /// The probability of the outcome of this index.
    pub fn probability(&self, outcome: u8) -> f64 {
        self.outcomes[outcome as usize].1 as f64 / self.total as f64
    }

    /// The value of the outcome of this index.
    pub fn value(&self, outcome: u8) -> i64 {
        self.outcomes[outcome as usize].0
    }

    /// An outcome drawn by weight from `r`, a number below `total`.
    pub fn outcome_at(&self, mut r: u64) -> u8 {
        for (i, &(_, w)) in self.outcomes.iter().enumerate() {
            if r < w {
                return i as u8;
            }
            r -= w;
        }
        (self.outcomes.len() - 1) as u8
    }
}
