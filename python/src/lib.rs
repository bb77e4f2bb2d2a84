//! Python bindings of tavoliere (`tavoliere._tavoliere`): games and states
//! in OpenSpiel's conventions, over the library's `Rules`, with the actions
//! of `tavoliere::actions`, and batch calls that stay in Rust without the
//! GIL (random playouts, perft, MCTS, self-play analysis).

use pyo3::create_exception;
use pyo3::exceptions::{PyIOError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::Path;
use std::sync::Arc;
use tavoliere::actions::{Action, ActionKind, ActionSpace, Followed};
use tavoliere::agent::Agent;
use tavoliere::analyze::{self, Analysis, GameResult};
use tavoliere::diag::{render, Sources};
use tavoliere::observe::Planes;
use tavoliere::rules::{Move, Outcome, Rules, SideId, State as RState, TooManyChains};
use tavoliere::{compile, notation, perft, playout};

create_exception!(
    _tavoliere,
    GameError,
    PyValueError,
    "A game file with errors: the message is the rendered diagnostics, as `tavoliere validate` prints them."
);

/// `current_player()` once the game is over, as in OpenSpiel.
const TERMINAL: i64 = -4;
/// OpenSpiel's player id of a chance node.
const CHANCE: i64 = -1;
const SERIAL_HEADER: &str = "tavoliere-state 1";

/// A compiled game and what the bindings derive from it.
struct GameData {
    rules: Rules,
    space: ActionSpace,
    /// The observation's planes ([`Planes`]).
    planes: Planes,
    /// The action of each plain move ([`fast::Lookup`]).
    lookup: fast::Lookup,
    /// The actions' numbers as Python ints ([`fast::Ints`]).
    ints: fast::Ints,
    max_plies: u32,
    /// Where the game was read from: a path, or the text itself.
    source: String,
}

impl GameData {
    /// The most outcomes one chance event has; 0 in a game without chance.
    fn max_outcomes(&self) -> usize {
        let chance = &self.rules.chance;
        chance.iter().map(|c| c.outcomes.len()).max().unwrap_or(0)
    }
}

/// The deepest `perft` and the most threads a call accepts: beyond, the
/// call would not finish or would exhaust the machine.
const MAX_PERFT_DEPTH: u32 = 64;
const MAX_THREADS: usize = 256;

/// Runs `f`, turning a Rust panic into a `GameError`: no panic crosses
/// into Python.
fn guard<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).unwrap_or_else(|panic| {
        let why = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown".into());
        Err(GameError::new_err(format!(
            "internal error (a bug in tavoliere): {why}"
        )))
    })
}

/// `f` guarded ([`guard`]), and refused with a `GameError` when a move
/// listing in it stopped at the chain budget ([`Rules::bounded`]).
fn bounded<T>(rules: &Rules, f: impl FnOnce() -> T) -> PyResult<T> {
    guard(|| {
        rules
            .bounded(f)
            .map_err(|e| GameError::new_err(e.to_string()))
    })
}

/// A thread count in range: 1 (for 0) to `MAX_THREADS`, else an error.
fn threads_arg(threads: usize) -> PyResult<usize> {
    if threads > MAX_THREADS {
        return Err(PyValueError::new_err(format!(
            "threads must be at most {MAX_THREADS}, not {threads}"
        )));
    }
    Ok(threads.max(1))
}

/// Reads `extends` bases relative to the file that names them.
fn read_base(from: &str, path: &str) -> Result<(String, String), String> {
    let base = Path::new(from).parent().unwrap_or(Path::new("")).join(path);
    let name = base.to_string_lossy().into_owned();
    std::fs::read_to_string(&base)
        .map(|text| (name, text))
        .map_err(|e| e.to_string())
}

/// Compiles a game from a path, or from its text (anything with a newline
/// or `=` that is not an existing file is read as text).
fn load_rules(path_or_text: &str) -> PyResult<Rules> {
    guard(|| load_rules_unguarded(path_or_text))
}

mod fast;
mod vector;

mod shipped {
    include!(concat!(env!("OUT_DIR"), "/shipped.rs"));
}

/// Where the shipped games seem to be: their names read as files here.
const SHIPPED_FOLDER: &str = "<tavoliere games>";

/// A shipped game's text by its name (`chess` or `chess.toml`).
fn shipped_game(name: &str) -> Option<&'static str> {
    let name = name.strip_suffix(".toml").unwrap_or(name);
    (shipped::SHIPPED.iter())
        .find(|(n, _)| *n == name)
        .map(|&(_, text)| text)
}

/// The names of the games shipped with the package.
#[pyfunction]
fn shipped_games() -> Vec<&'static str> {
    shipped::SHIPPED.iter().map(|&(n, _)| n).collect()
}

/// A base of a shipped game: another shipped game, by its file name.
fn read_shipped_base(from: &str, path: &str) -> Result<(String, String), String> {
    if !from.starts_with(SHIPPED_FOLDER) {
        return read_base(from, path);
    }
    match shipped_game(path) {
        Some(text) => Ok((format!("{SHIPPED_FOLDER}/{path}"), text.to_string())),
        None => Err(format!("no shipped game {path}")),
    }
}

fn load_rules_unguarded(path_or_text: &str) -> PyResult<Rules> {
    let is_file = Path::new(path_or_text).is_file();
    if let Some(text) = shipped_game(path_or_text).filter(|_| !is_file) {
        let mut sources = Sources::new();
        let name = path_or_text.strip_suffix(".toml").unwrap_or(path_or_text);
        let file = sources.add(format!("{SHIPPED_FOLDER}/{name}.toml"), text.to_string());
        return compile::load(&mut sources, file, &mut read_shipped_base)
            .map(|(rules, _warnings)| rules)
            .map_err(|diags| GameError::new_err(render(&sources, &diags)));
    }
    let (name, text) = if is_file || !(path_or_text.contains('\n') || path_or_text.contains('=')) {
        let text = std::fs::read_to_string(path_or_text)
            .map_err(|e| PyIOError::new_err(format!("cannot read {path_or_text}: {e}")))?;
        (path_or_text.to_string(), text)
    } else {
        ("<text>".to_string(), path_or_text.to_string())
    };
    let mut sources = Sources::new();
    let file = sources.add(name, text);
    compile::load(&mut sources, file, &mut read_base)
        .map(|(rules, _warnings)| rules)
        .map_err(|diags| GameError::new_err(render(&sources, &diags)))
}

/// The agents of each side from `NAME=PLAYER` specs, as `tavoliere
/// analyze --seat` reads them, and their names for the report.
fn players_of(rules: &Rules, seats: &[String]) -> PyResult<(Vec<Agent>, Vec<String>)> {
    let mut players = vec![Agent::Random; rules.sides.len()];
    let mut names = vec!["random".to_string(); rules.sides.len()];
    for spec in seats {
        let (name, who) = spec.split_once('=').unwrap_or((spec.as_str(), ""));
        let mut agent = Agent::parse(who)
            .map_err(|e| PyValueError::new_err(format!("seat {name}: {e}")))?
            .for_game(rules);
        if let Agent::Mcts { threads, .. } = &mut agent {
            *threads = 1;
        }
        let sides = analyze::sides_named(rules, name).ok_or_else(|| {
            let known: Vec<&str> = rules.seats.iter().map(|s| s.name.as_str()).collect();
            PyValueError::new_err(format!(
                "unknown seat or side `{name}`: they are {}",
                known.join(", ")
            ))
        })?;
        for s in sides {
            players[s as usize] = agent.clone();
            names[s as usize] = who.to_string();
        }
    }
    Ok((players, names))
}

/// A game: its rules, numbering of actions and sizes.
#[pyclass(frozen, module = "tavoliere")]
struct Game {
    data: Arc<GameData>,
}

#[pymethods]
impl Game {
    /// The players: the game's seats.
    fn num_players(&self) -> usize {
        self.data.rules.seats.len()
    }
    /// The size of the action numbering: every action is below it.
    fn num_distinct_actions(&self) -> usize {
        self.data.space.len()
    }
    /// The most outcomes one chance event has; 0 in a game without chance.
    /// A chance node's actions are its outcomes, 0 to its count less one.
    fn max_chance_outcomes(&self) -> usize {
        self.data.max_outcomes()
    }
    /// The most plies a game lasts here: it is cut (a draw) after them.
    fn max_game_length(&self) -> u32 {
        self.data.max_plies
    }
    fn name(&self) -> String {
        self.data.rules.name.clone()
    }
    /// Per side, the returns of every player when that side wins by the
    /// most points an end rule gives (1 without `points`): that for each
    /// seat of the winning team, its negation for the others (a draw is
    /// all 0).
    fn win_returns(&self) -> Vec<Vec<f64>> {
        let rules = &self.data.rules;
        let most = f64::from(rules.ends.iter().map(|e| e.points).fold(1, u32::max));
        (0..rules.sides.len() as SideId)
            .map(|side| {
                (returns_for(rules, Outcome::Win(side)).into_iter())
                    .map(|r| r * most)
                    .collect()
            })
            .collect()
    }
    /// The seat names, in player order.
    fn player_names(&self) -> Vec<String> {
        self.data
            .rules
            .seats
            .iter()
            .map(|s| s.name.clone())
            .collect()
    }
    fn new_initial_state(&self) -> State {
        State::new(self.data.clone())
    }
    /// The observation tensor is flat: see `observation_layout`.
    fn observation_tensor_shape(&self) -> Vec<usize> {
        vec![observation_layout(&self.data.rules)
            .iter()
            .map(|(_, n)| n.iter().product::<usize>())
            .sum()]
    }
    /// The parts of the observation tensor, in order: (name, shape).
    fn observation_layout(&self) -> Vec<(String, Vec<usize>)> {
        observation_layout(&self.data.rules)
    }
    /// The names of the observation's planes ([`State.observation`]), in
    /// order: sides by name, or with `view=True` from the mover's view
    /// (`own`, `opp`, ...).
    #[pyo3(signature = (view = false))]
    fn observation_planes(&self, view: bool) -> Vec<String> {
        self.data.planes.names(view).to_vec()
    }
    /// The shape of `State.observation()`: (planes, rows, cols).
    fn observation_shape(&self) -> (usize, usize, usize) {
        let [p, r, c] = self.data.planes.shape();
        (p, r, c)
    }
    /// Per site (in `site_names` order), its (row, col) on the
    /// observation's grid, as seen with `view=False`.
    fn observation_cells(&self) -> Vec<(usize, usize)> {
        let n = self.data.rules.board.n_sites();
        (0..n)
            .map(|i| self.data.planes.cell(tavoliere::board::SiteId(i as u16)))
            .collect()
    }
    /// The sites' names, in the order of the observation's site axis.
    fn site_names(&self) -> Vec<String> {
        self.data
            .rules
            .board
            .sites
            .iter()
            .map(|s| s.name.clone())
            .collect()
    }
    /// The state `State.serialize()` wrote.
    fn deserialize_state(&self, text: &str) -> PyResult<State> {
        let mut lines = text.lines();
        if lines.next() != Some(SERIAL_HEADER) {
            return Err(PyValueError::new_err(format!(
                "not a serialized state: it begins with `{SERIAL_HEADER}`"
            )));
        }
        let mut st = State::new(self.data.clone());
        for word in lines.flat_map(str::split_whitespace) {
            let a: Action = word
                .parse()
                .map_err(|_| PyValueError::new_err(format!("`{word}` is not an action")))?;
            st.apply_action(a)?;
        }
        Ok(st)
    }
    fn __str__(&self) -> String {
        self.data.rules.name.clone()
    }
    fn __repr__(&self) -> String {
        format!(
            "<tavoliere.Game {:?} from {:?}>",
            self.data.rules.name, self.data.source
        )
    }
}

/// The parts of the observation: pieces per side and kind over the sites,
/// barriers per kind over the slots, what each side holds in hand (barrier
/// kinds, piece kinds, tokens), and the side to move.
fn observation_layout(rules: &Rules) -> Vec<(String, Vec<usize>)> {
    let sides = rules.sides.len();
    let items = rules.barriers.len() + rules.kinds.len() + rules.tokens.len();
    vec![
        (
            "pieces".into(),
            vec![sides, rules.kinds.len(), rules.board.n_sites()],
        ),
        (
            "barriers".into(),
            vec![rules.barriers.len(), rules.board.slots.len()],
        ),
        ("hands".into(), vec![sides, items]),
        ("to_move".into(), vec![sides]),
    ]
}

/// Per player: 1 for a win of its team, -1 for a loss, 0 otherwise.
fn returns_for(rules: &Rules, o: Outcome) -> Vec<f64> {
    (0..rules.seats.len())
        .map(|seat| match o {
            Outcome::Win(_) if rules.seat_won(seat, o) => 1.0,
            Outcome::Win(_) => -1.0,
            _ => 0.0,
        })
        .collect()
}

/// A position, with the actions chosen so far in the turn (a capture chain
/// part played) and the history from the start.
#[pyclass(module = "tavoliere")]
#[derive(Clone)]
struct State {
    data: Arc<GameData>,
    st: RState,
    /// Actions chosen this turn, of a chain not finished.
    prefix: Vec<Action>,
    /// Every action applied from the start.
    history: Vec<Action>,
    /// Every move played from the start.
    moves: Vec<Move>,
    /// The legal moves of `st` and their actions, when `fresh`.
    legal: Vec<Move>,
    listing: fast::Listing,
    fresh: bool,
}

impl State {
    fn new(data: Arc<GameData>) -> State {
        let st = data.rules.initial();
        State {
            data,
            st,
            prefix: Vec::new(),
            history: Vec::new(),
            moves: Vec::new(),
            legal: Vec::new(),
            listing: fast::Listing::default(),
            fresh: false,
        }
    }

    /// Starts the game again, in the buffers the state has.
    fn restart(&mut self) {
        self.data.rules.restart(&mut self.st);
        self.prefix.clear();
        self.history.clear();
        self.moves.clear();
        self.fresh = false;
    }

    fn refresh(&mut self) -> PyResult<()> {
        if !self.fresh {
            let (data, st, legal) = (&self.data, &mut self.st, &mut self.legal);
            let cut = self.moves.len() as u32 >= data.max_plies;
            // A move is played unsettled (`play_unsettled`): listing its
            // moves settles a position left without one.
            bounded(&data.rules, || match cut {
                true => legal.clear(),
                false => data.rules.list_settling(st, legal),
            })?;
            (self.listing).fill(&data.lookup, &data.space, &data.rules, &self.legal);
            self.fresh = true;
        }
        Ok(())
    }

    fn terminal(&mut self) -> PyResult<bool> {
        self.refresh()?;
        Ok(self.legal.is_empty())
    }

    /// A legal move whose next action after the prefix is `a`, and whether
    /// `a` is its last.
    fn move_with_next(&mut self, a: Action) -> Option<(Move, bool)> {
        let k = self.prefix.len();
        let data = &self.data;
        let encoded = (self.listing).encoded(&data.space, &data.rules, &self.legal);
        (0..encoded.len()).find_map(|i| {
            let seq = encoded.of(i);
            (seq.len() > k && seq.starts_with(&self.prefix) && seq[k] == a)
                .then(|| (self.legal[i], seq.len() == k + 1))
        })
    }

    fn not_ongoing(&self, what: &str) -> PyErr {
        PyValueError::new_err(format!("{what}: a capture chain is part played"))
    }

    /// A generic text of an action, from its block.
    fn action_text(&self, a: Action) -> String {
        let rules = &self.data.rules;
        let site = |s| rules.board.site_name(s).to_string();
        // A drop's kind, or the piece of the side to move's hand.
        let kind_name = |k: Option<u8>| match k {
            Some(k) => rules.kinds[k as usize].name.clone(),
            None => "piece".to_string(),
        };
        let Some((kind, demanding)) = self.data.space.describe(a) else {
            return format!("<action {a} out of range>");
        };
        let text = match kind {
            ActionKind::Step { from, to } => format!("{}-{}", site(from), site(to)),
            ActionKind::Leg { from, to } => format!("{}x{}", site(from), site(to)),
            ActionKind::Swap { from, with } => format!("{}<>{}", site(from), site(with)),
            ActionKind::Place { barrier, slot } => format!(
                "{}:{}",
                rules.barriers[barrier as usize].name, rules.board.slots[slot as usize].name
            ),
            ActionKind::Drop { kind, to } => format!("{}@{}", kind_name(kind), site(to)),
            ActionKind::Fall { kind, line } => format!("{}@line {}", kind_name(kind), site(line)),
            ActionKind::Huff(s) => format!("huff {}", site(s)),
            ActionKind::Remove(s) => format!("x{}", site(s)),
            ActionKind::Pass => "pass".into(),
            ActionKind::End => "end".into(),
            ActionKind::Promote(kind) => format!("={}", rules.kinds[kind as usize].symbol),
            ActionKind::Roll(i) => match ActionSpace::roll_of(rules, i) {
                Some(Move::Roll { event, outcome }) => notation::roll_text(rules, event, outcome),
                _ => format!("<roll {i}>"),
            },
        };
        if demanding {
            text + "!"
        } else {
            text
        }
    }

    /// At a chance node, the roll of outcome `a` (pyspiel numbers a chance
    /// node's outcomes from 0, apart from the players' actions).
    fn roll_at(&self, a: Action) -> Option<Move> {
        let event = self.data.rules.rolling(&self.st)?;
        let n = self.data.rules.chance[event as usize].outcomes.len();
        ((a as usize) < n).then_some(Move::Roll {
            event,
            outcome: a as u8,
        })
    }

    /// Writes the observation ([`Planes::fill`]) into `out`.
    fn observe(&self, player: Option<usize>, view: bool, out: &mut [f32]) -> PyResult<()> {
        let rules = &self.data.rules;
        let mover = rules.to_move(&self.st);
        let side = match player {
            Some(p) if p >= rules.seats.len() => {
                return Err(PyValueError::new_err(format!(
                    "player {p} is not a player (0 to {})",
                    rules.seats.len() - 1
                )))
            }
            Some(p) if !rules.seats[p].sides.contains(&mover) => rules.seats[p].sides[0],
            _ => mover,
        };
        let pending: Vec<ActionKind> = (self.prefix.iter())
            .filter_map(|&a| self.data.space.describe(a).map(|(k, _)| k))
            .collect();
        let view = view.then_some(side);
        self.data.planes.fill(rules, &self.st, &pending, view, out);
        Ok(())
    }

    /// The returns, times the points the result is worth (an end rule's
    /// `points`: a gammon, 2).
    fn returns_of(&self) -> Vec<f64> {
        let rules = &self.data.rules;
        let points = f64::from(rules.points(&self.st).max(1));
        (returns_for(rules, rules.outcome(&self.st)).into_iter())
            .map(|r| r * points)
            .collect()
    }

    /// The legal actions, sorted; at a chance node, its outcomes 0, 1, ...
    fn legal_action_list(&mut self) -> PyResult<Vec<Action>> {
        let mut out = Vec::new();
        self.legal_actions_into(&mut out)?;
        Ok(out)
    }

    /// [`State::legal_action_list`] into `out`, in the buffer it has.
    fn legal_actions_into(&mut self, out: &mut Vec<Action>) -> PyResult<()> {
        if self.is_chance_node()? {
            out.clear();
            out.extend(self.chance_outcomes()?.into_iter().map(|(a, _)| a));
            return Ok(());
        }
        self.refresh()?;
        out.clear();
        out.reserve(self.legal.len());
        self.listing.next(&self.data.space, &self.prefix, out);
        Ok(())
    }
}

#[pymethods]
impl State {
    /// The player (seat) to move; -1 at a chance node (a roll to draw),
    /// -4 once the game is over.
    fn current_player(&mut self) -> PyResult<i64> {
        if self.terminal()? {
            return Ok(TERMINAL);
        }
        if self.data.rules.is_chance(&self.st) {
            return Ok(CHANCE);
        }
        Ok(self.data.rules.seat_of(self.data.rules.to_move(&self.st)) as i64)
    }

    /// The side to move, by name.
    fn side_to_move(&self) -> String {
        let rules = &self.data.rules;
        rules.side_name(rules.to_move(&self.st)).to_string()
    }

    /// The legal actions, sorted; at a chance node, its outcomes 0, 1, ...
    fn legal_actions(&mut self, py: Python<'_>) -> PyResult<PyObject> {
        let actions = self.legal_action_list()?;
        let n = self.data.space.len().max(self.data.max_outcomes());
        self.data.ints.list(py, n, &actions)
    }

    /// 1 for each legal action, 0 elsewhere, over every action.
    fn legal_actions_mask(&mut self) -> PyResult<Vec<u8>> {
        let mut mask = vec![0; self.data.space.len().max(self.data.max_outcomes())];
        for a in self.legal_action_list()? {
            mask[a as usize] = 1;
        }
        Ok(mask)
    }

    /// Plays an action: a move, or one landing of a capture chain.
    fn apply_action(&mut self, action: Action) -> PyResult<()> {
        if self.is_chance_node()? {
            let Some(mv) = self.roll_at(action) else {
                return Err(PyValueError::new_err(format!(
                    "action {action} is not an outcome of this roll"
                )));
            };
            self.data.rules.play(&mut self.st, mv);
            self.moves.push(mv);
            self.history.push(action);
            self.fresh = false;
            return Ok(());
        }
        self.refresh()?;
        self.prefix.push(action);
        match self.listing.follow(&self.data.space, &self.prefix) {
            Followed::Complete(i) => {
                let mv = self.legal[i];
                let (rules, st) = (&self.data.rules, &mut self.st);
                if let Err(e) = bounded(rules, || rules.play_unsettled(st, mv)) {
                    self.prefix.pop();
                    return Err(e);
                }
                self.moves.push(mv);
                self.history.push(action);
                self.prefix.clear();
                self.fresh = false;
                // Settled now: no reader sees a game over left undecided.
                self.refresh()
            }
            Followed::Pending => {
                self.history.push(action);
                Ok(())
            }
            Followed::Illegal => {
                self.prefix.pop();
                Err(PyValueError::new_err(format!(
                    "action {action} ({}) is not legal here",
                    self.action_text(action)
                )))
            }
        }
    }

    /// The action's text: the move's notation when the action is a whole
    /// legal move, else its site names (`a1xb2` for a landing).
    fn action_to_string(&mut self, action: Action) -> PyResult<String> {
        if let Some(Move::Roll { event, outcome }) = self.roll_at(action) {
            return Ok(notation::roll_text(&self.data.rules, event, outcome));
        }
        self.refresh()?;
        Ok(match self.move_with_next(action) {
            Some((mv, true)) if self.prefix.is_empty() => {
                let rules = &self.data.rules;
                bounded(rules, || notation::move_to_string(rules, &self.st, mv))?
            }
            _ => self.action_text(action),
        })
    }

    /// The action a text names: an `action_to_string` text of a legal
    /// action, or a move in the game's notation (for a chain, its next
    /// landing).
    fn string_to_action(&mut self, text: &str) -> PyResult<Action> {
        for a in self.legal_action_list()? {
            if self.action_to_string(a)? == text {
                return Ok(a);
            }
        }
        let rules = &self.data.rules;
        let mv = bounded(rules, || notation::parse_move(rules, &self.st, text))?
            .map_err(|e| PyValueError::new_err(format!("`{text}`: {e}")))?;
        if let Move::Roll { outcome, .. } = mv {
            return Ok(outcome as Action);
        }
        let mut seq = Vec::new();
        self.data.space.encode(rules, mv, &mut seq);
        match seq.get(self.prefix.len()) {
            Some(&a) if seq.starts_with(&self.prefix) => Ok(a),
            _ => Err(PyValueError::new_err(format!(
                "`{text}` does not go on from the landings chosen"
            ))),
        }
    }

    /// Whether the position is a chance node: its actions are the outcomes
    /// of a roll, which nobody chooses ([`State::chance_outcomes`]).
    fn is_chance_node(&mut self) -> PyResult<bool> {
        Ok(!self.terminal()? && self.data.rules.is_chance(&self.st))
    }

    /// At a chance node, each outcome's action with its probability, in
    /// the order of `legal_actions` (as pyspiel's `chance_outcomes`);
    /// elsewhere empty.
    fn chance_outcomes(&mut self) -> PyResult<Vec<(Action, f64)>> {
        if !self.is_chance_node()? {
            return Ok(Vec::new());
        }
        let rules = &self.data.rules;
        let outcomes = rules.chance_outcomes(&self.st).into_iter();
        Ok(outcomes
            .filter_map(|(mv, p)| match mv {
                Move::Roll { outcome, .. } => Some((outcome as Action, p)),
                _ => None,
            })
            .collect())
    }

    /// Whether the game is over (or cut at the game's most plies).
    fn is_terminal(&mut self) -> PyResult<bool> {
        self.terminal()
    }

    /// Per player: 1 for a win of its team, -1 for a loss, 0 otherwise,
    /// times the points the result is worth (an end rule's `points`).
    fn returns(&self) -> Vec<f64> {
        self.returns_of()
    }

    /// Per player, the return of the last move: the returns once the game
    /// is over, else zeros.
    fn rewards(&mut self) -> PyResult<Vec<f64>> {
        Ok(if self.terminal()? {
            self.returns_of()
        } else {
            vec![0.0; self.data.rules.seats.len()]
        })
    }

    fn clone(&self) -> State {
        Clone::clone(self)
    }

    fn __copy__(&self) -> State {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        Clone::clone(self)
    }

    /// The complete observation, a float32 numpy array of shape
    /// `Game.observation_shape()` whose planes `Game.observation_planes`
    /// names: every part of the state that changes which actions are
    /// legal or how the game ends. With `view=True`, from the view of
    /// `player` (the player to move by default): its side is `own` and
    /// the board turned to its forward.
    #[pyo3(signature = (player = None, view = false))]
    fn observation(&self, py: Python<'_>, player: Option<usize>, view: bool) -> PyResult<PyObject> {
        let mut out = vec![0.0f32; self.data.planes.len()];
        self.observe(player, view, &mut out)?;
        let [p, r, c] = self.data.planes.shape();
        numpy_array(py, as_bytes(&out), "float32", &[p, r, c])
    }

    /// The flat observation: see `Game.observation_layout`.
    fn observation_tensor(&self) -> Vec<f32> {
        let rules = &self.data.rules;
        let (n, kinds) = (rules.board.n_sites(), rules.kinds.len());
        let layout = observation_layout(rules);
        let total = layout
            .iter()
            .map(|(_, s)| s.iter().product::<usize>())
            .sum();
        let mut t = vec![0.0f32; total];
        for (i, site) in (0..n).map(|i| (i, tavoliere::board::SiteId(i as u16))) {
            if let Some((side, kind)) = self.st.piece_at(rules, site) {
                t[(side as usize * kinds + kind as usize) * n + i] = 1.0;
            }
        }
        let mut at = rules.sides.len() * kinds * n;
        let slots = rules.board.slots.len();
        for slot in 0..slots {
            if let Some(b) = self.st.barrier_at(slot as u16) {
                t[at + b as usize * slots + slot] = 1.0;
            }
        }
        at += rules.barriers.len() * slots;
        for side in 0..rules.sides.len() as SideId {
            for b in 0..rules.barriers.len() {
                t[at] = self.st.reserve(rules, side, b as u8) as f32;
                at += 1;
            }
            for k in 0..kinds {
                t[at] = self.st.pieces_in_hand(rules, side, k as u8) as f32;
                at += 1;
            }
            for k in 0..rules.tokens.len() {
                t[at] = self.st.tokens_left(rules, side, k as u8) as f32;
                at += 1;
            }
        }
        t[at + rules.to_move(&self.st) as usize] = 1.0;
        t
    }

    /// The actions applied from the start.
    fn history(&self) -> Vec<Action> {
        self.history.clone()
    }

    /// The moves played from the start, in the game's notation.
    fn move_history(&self) -> PyResult<Vec<String>> {
        let rules = &self.data.rules;
        bounded(rules, || {
            let mut st = rules.initial();
            let mut out = Vec::with_capacity(self.moves.len());
            for &mv in &self.moves {
                out.push(notation::move_to_string(rules, &st, mv));
                rules.play(&mut st, mv);
            }
            out
        })
    }

    /// The actions chosen so far of a move not finished (a capture chain
    /// part played); empty between moves.
    fn pending(&self) -> Vec<Action> {
        self.prefix.clone()
    }

    /// Plies played (whole moves).
    fn move_number(&self) -> usize {
        self.moves.len()
    }

    /// The state as text: the actions from the start, for
    /// `Game.deserialize_state`.
    fn serialize(&self) -> String {
        let words: Vec<String> = self.history.iter().map(|a| a.to_string()).collect();
        format!("{SERIAL_HEADER}\n{}\n", words.join(" "))
    }

    /// Random playouts from here, in Rust without the GIL: `n` games on
    /// `threads` threads; a dict of playouts, plies, wins per player, draws.
    #[pyo3(signature = (n, seed, threads = 1))]
    fn random_playouts(
        &self,
        py: Python<'_>,
        n: u64,
        seed: u64,
        threads: usize,
    ) -> PyResult<PyObject> {
        if !self.prefix.is_empty() {
            return Err(self.not_ongoing("random_playouts"));
        }
        let threads = threads_arg(threads)?;
        let data = self.data.clone();
        let start = self.st.clone();
        let played = self.moves.len() as u32;
        let (plies, wins, draws) = py.allow_threads(move || {
            guard(move || {
                let rules = &data.rules;
                let budget = data.max_plies.saturating_sub(played);
                type Played = Result<(u64, Vec<u64>, u64), TooManyChains>;
                let results: Vec<Played> = std::thread::scope(|scope| {
                    let handles: Vec<_> = (0..threads.max(1) as u64)
                        .map(|t| {
                            let (rules, start) = (rules, &start);
                            let count = n / threads.max(1) as u64
                                + u64::from(t < n % threads.max(1) as u64);
                            scope.spawn(move || {
                                let mut rng = fastrand::Rng::with_seed(
                                    seed.wrapping_add(t.wrapping_mul(0x9e37_79b9)),
                                );
                                let mut st = start.clone();
                                let (mut plies, mut wins, mut draws) =
                                    (0, vec![0; rules.seats.len()], 0);
                                // The playouts' own interners, renewed when large.
                                let mut session = rules.session();
                                for _ in 0..count {
                                    session.renew_when_large();
                                    st.clone_from(start);
                                    plies += session.bounded(|| {
                                        playout::random_playout(&session, &mut st, budget, &mut rng)
                                    })? as u64;
                                    match rules.outcome(&st) {
                                        o @ Outcome::Win(_) => {
                                            for (seat, w) in wins.iter_mut().enumerate() {
                                                *w += u64::from(rules.seat_won(seat, o));
                                            }
                                        }
                                        _ => draws += 1,
                                    }
                                }
                                Ok((plies, wins, draws))
                            })
                        })
                        .collect();
                    handles
                        .into_iter()
                        .map(|h| h.join().expect("a playout thread"))
                        .collect()
                });
                let mut wins = vec![0u64; rules.seats.len()];
                let (mut plies, mut draws) = (0, 0);
                for played in results {
                    let (p, w, d) = played.map_err(|e| GameError::new_err(e.to_string()))?;
                    plies += p;
                    draws += d;
                    for (a, b) in wins.iter_mut().zip(w) {
                        *a += b;
                    }
                }
                Ok((plies, wins, draws))
            })
        })?;
        let d = PyDict::new(py);
        d.set_item("playouts", n)?;
        d.set_item("plies", plies)?;
        d.set_item("wins", wins)?;
        d.set_item("draws", draws)?;
        Ok(d.into_any().unbind())
    }

    /// perft(depth) from here (whole moves), in Rust without the GIL.
    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        if !self.prefix.is_empty() {
            return Err(self.not_ongoing("perft"));
        }
        if depth > MAX_PERFT_DEPTH {
            return Err(PyValueError::new_err(format!(
                "depth must be at most {MAX_PERFT_DEPTH}, not {depth}"
            )));
        }
        let (data, st) = (self.data.clone(), self.st.clone());
        py.allow_threads(move || bounded(&data.rules, || perft::perft(&data.rules, &st, depth)))
    }

    /// The actions of the move a player chooses here (`random`, `mcts`,
    /// `mcts:ITERATIONS`, `mcts:500ms`, as `tavoliere play --seat` reads
    /// them), with the same seed the CLI gives it, in Rust without the GIL.
    #[pyo3(signature = (player, seed))]
    fn agent_actions(&self, py: Python<'_>, player: &str, seed: u64) -> PyResult<Vec<Action>> {
        let agent = Agent::parse(player).map_err(PyValueError::new_err)?;
        self.chosen(py, agent, seed)
    }

    /// The actions of the move UCT search chooses with `budget` iterations
    /// per thread, in Rust without the GIL; apply them in order.
    #[pyo3(signature = (budget, seed = 0, threads = 1, max_plies = 400))]
    fn mcts_move(
        &self,
        py: Python<'_>,
        budget: u32,
        seed: u64,
        threads: usize,
        max_plies: u32,
    ) -> PyResult<Vec<Action>> {
        let agent = Agent::Mcts {
            iterations: budget.max(1),
            threads: threads_arg(threads)?,
            max_plies: max_plies.max(1),
            millis: None,
        };
        self.chosen(py, agent, seed)
    }

    /// UCT search's view of the position, for training (policy targets
    /// and a value), in Rust without the GIL: `(moves, visits, value)`,
    /// the actions of each legal move (in legal-move order; one for most
    /// moves, one per landing of a chain), its visits summed over
    /// `threads` searches of `budget` iterations each, and the root's mean
    /// return for the player to move, from -1 (a loss) to 1 (a win).
    #[pyo3(signature = (budget, seed = 0, threads = 1, max_plies = 400))]
    fn mcts_policy(
        &mut self,
        py: Python<'_>,
        budget: u32,
        seed: u64,
        threads: usize,
        max_plies: u32,
    ) -> PyResult<(Vec<Vec<Action>>, Vec<u32>, f64)> {
        if !self.prefix.is_empty() {
            return Err(self.not_ongoing("mcts_policy"));
        }
        if self.terminal()? || self.data.rules.is_chance(&self.st) {
            return Err(PyValueError::new_err(
                "mcts_policy: the game is over, or chance moves",
            ));
        }
        let threads = threads_arg(threads)?;
        let (data, st) = (self.data.clone(), self.st.clone());
        let found = py.allow_threads(|| {
            bounded(&data.rules, || {
                tavoliere::agent::mcts_visits(&data.rules, &st, budget, threads, max_plies, seed)
            })
        })?;
        let found = found.ok_or_else(|| PyValueError::new_err("the game is over"))?;
        let moves = (found.moves.iter())
            .map(|&mv| {
                let mut seq = Vec::new();
                self.data.space.encode(&self.data.rules, mv, &mut seq);
                seq
            })
            .collect();
        Ok((moves, found.visits, 2.0 * found.value - 1.0))
    }

    fn __str__(&self) -> String {
        tavoliere::render::board(&self.data.rules, &self.st)
    }

    fn __repr__(&self) -> String {
        format!("<tavoliere.State after {} moves>", self.moves.len())
    }
}

impl State {
    fn chosen(&self, py: Python<'_>, agent: Agent, seed: u64) -> PyResult<Vec<Action>> {
        if !self.prefix.is_empty() {
            return Err(self.not_ongoing("choosing a move"));
        }
        if self.moves.len() as u32 >= self.data.max_plies {
            return Err(PyValueError::new_err("the game is over"));
        }
        let (data, st) = (self.data.clone(), self.st.clone());
        let mv =
            py.allow_threads(|| bounded(&data.rules, || agent.choose(&data.rules, &st, seed)))?;
        let mv = mv.ok_or_else(|| PyValueError::new_err("the game is over"))?;
        if let Move::Roll { outcome, .. } = mv {
            // A roll drawn by its weights, as the chance node numbers it.
            return Ok(vec![outcome as Action]);
        }
        let mut seq = Vec::new();
        self.data.space.encode(&self.data.rules, mv, &mut seq);
        Ok(seq)
    }
}

/// The bytes of a slice of numbers, as numpy reads them.
fn as_bytes<T: Copy>(v: &[T]) -> &[u8] {
    // SAFETY: plain numbers (f32, i64, u8) have no padding; any of their
    // bytes may be read as u8.
    unsafe { std::slice::from_raw_parts(v.as_ptr().cast::<u8>(), std::mem::size_of_val(v)) }
}

/// A numpy array of `dtype` and `shape` over a copy of `bytes` (writable:
/// a `bytearray` under it).
fn numpy_array(py: Python<'_>, bytes: &[u8], dtype: &str, shape: &[usize]) -> PyResult<PyObject> {
    let buffer = pyo3::types::PyByteArray::new(py, bytes);
    let np = py.import("numpy")?;
    let array = np.call_method1("frombuffer", (buffer, dtype))?;
    Ok(array.call_method1("reshape", (shape.to_vec(),))?.unbind())
}

/// Loads a game from a path or from its text; errors raise `GameError`
/// with the diagnostics of `tavoliere validate`.
#[pyfunction]
#[pyo3(signature = (path_or_text, max_game_length = 1000))]
fn load_game(path_or_text: &str, max_game_length: u32) -> PyResult<Game> {
    let rules = load_rules(path_or_text)?;
    let space = ActionSpace::new(&rules);
    let planes = Planes::new(&rules, &space);
    let lookup = fast::Lookup::new(&rules, &space);
    Ok(Game {
        data: Arc::new(GameData {
            rules,
            space,
            planes,
            lookup,
            ints: fast::Ints::default(),
            max_plies: max_game_length.max(1),
            source: path_or_text.chars().take(200).collect(),
        }),
    })
}

/// Plays games `start..end` of a self-play run (`tavoliere analyze`), in
/// Rust without the GIL: per game, (winning side or -1, plies, legal moves
/// seen), the same games whatever the range; with `points`, a fourth
/// item: what the result is worth (an end rule's `points`, 0 for a draw).
#[pyfunction]
#[pyo3(signature = (path, seats, seed, start, end, max_plies = 1000, threads = 1, points = false))]
#[allow(clippy::too_many_arguments)]
fn analyze_games(
    py: Python<'_>,
    path: &str,
    seats: Vec<String>,
    seed: u64,
    start: usize,
    end: usize,
    max_plies: u32,
    threads: usize,
    points: bool,
) -> PyResult<Vec<PyObject>> {
    let rules = load_rules(path)?;
    let (players, _) = players_of(&rules, &seats)?;
    let threads = threads_arg(threads)?;
    let games = py.allow_threads(|| {
        guard(|| {
            analyze::run_range(
                &rules,
                &players,
                start..end.max(start),
                threads,
                max_plies,
                seed,
                &|_| {},
            )
            .map_err(|e| GameError::new_err(e.to_string()))
        })
    })?;
    let tuple = |g: GameResult| -> PyResult<PyObject> {
        let winner = match g.outcome {
            Outcome::Win(s) => s as i64,
            Outcome::Draw => -1,
            Outcome::Ongoing => -2,
        };
        Ok(match (points, g.points) {
            (true, Some(p)) => (winner, g.plies, g.moves_seen, p).into_pyobject(py)?,
            _ => (winner, g.plies, g.moves_seen).into_pyobject(py)?,
        }
        .into_any()
        .unbind())
    };
    games.into_iter().map(tuple).collect()
}

/// The report of `tavoliere analyze` over games `analyze_games` played, in
/// game order: text, or JSON with `json=True`.
#[pyfunction]
#[pyo3(signature = (path, seats, games, json = false))]
fn analyze_report(
    path: &str,
    seats: Vec<String>,
    games: Vec<Vec<i64>>,
    json: bool,
) -> PyResult<String> {
    let rules = load_rules(path)?;
    let (_, names) = players_of(&rules, &seats)?;
    let sides = rules.sides.len() as i64;
    let games = games
        .into_iter()
        .map(|game| {
            let (winner, plies, moves_seen, points) = result_items(&game)?;
            Ok(GameResult {
                outcome: match winner {
                    -1 => Outcome::Draw,
                    -2 => Outcome::Ongoing,
                    w if (0..sides).contains(&w) => Outcome::Win(w as SideId),
                    w => {
                        return Err(PyValueError::new_err(format!(
                            "winner {w} is not a side (0 to {}), a draw (-1) or unfinished (-2)",
                            sides - 1
                        )))
                    }
                },
                plies,
                moves_seen,
                // Tuples of three items keep no points: none are reported.
                points,
            })
        })
        .collect::<PyResult<_>>()?;
    let analysis = Analysis::new(&rules, games);
    Ok(if json {
        analysis.to_json(&rules, &names)
    } else {
        analysis.to_text(&rules, &names)
    })
}

/// The items of one game's result from `analyze_games`: (winner, plies,
/// moves seen) and, with `points`, what the result is worth.
fn result_items(game: &[i64]) -> PyResult<(i64, u32, u64, Option<u32>)> {
    let number = |i: usize, what: &str| {
        let n = game.get(i).copied().unwrap_or(0);
        (n >= 0 && n <= u32::MAX as i64)
            .then_some(n)
            .ok_or_else(|| PyValueError::new_err(format!("{what} {n} is out of range")))
    };
    if !(3..=4).contains(&game.len()) {
        return Err(PyValueError::new_err(format!(
            "a game's result is (winner, plies, moves seen) or (winner, plies, moves seen, points), not {} items",
            game.len()
        )));
    }
    let points = match game.len() {
        4 => Some(number(3, "points")? as u32),
        _ => None,
    };
    let moves_seen = game[2]
        .try_into()
        .map_err(|_| PyValueError::new_err("moves seen is negative"))?;
    Ok((game[0], number(1, "plies")? as u32, moves_seen, points))
}

#[pymodule]
fn _tavoliere(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<State>()?;
    m.add_class::<vector::VectorEnv>()?;
    m.add("GameError", m.py().get_type::<GameError>())?;
    m.add_function(wrap_pyfunction!(load_game, m)?)?;
    m.add_function(wrap_pyfunction!(shipped_games, m)?)?;
    m.add_function(wrap_pyfunction!(analyze_games, m)?)?;
    m.add_function(wrap_pyfunction!(analyze_report, m)?)?;
    m.add_function(wrap_pyfunction!(fast::listing_check, m)?)?;
    Ok(())
}
