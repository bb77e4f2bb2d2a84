//! `VectorEnv`: N games of one kind stepped together in Rust, without the
//! GIL, with numpy arrays in and out, for self-play at scale.

use super::*;
use pyo3::types::{PyByteArray, PyByteArrayMethods, PyBytes};

/// N games stepped together: `step(actions)` applies one action per game
/// (the player to move's), plays chance outcomes by their weights, and
/// starts a finished game again, in Rust without the GIL (on `threads`
/// threads).
#[pyclass(module = "tavoliere")]
pub struct VectorEnv {
    data: Arc<GameData>,
    games: Vec<Slot>,
    view: bool,
    /// Whether `step` returns the dense legal-action mask (else `None`).
    mask: bool,
    threads: usize,
    /// The threads that step the games beside the calling one, kept while
    /// the env lives (their scratch buffers with them); none for one thread.
    pool: Option<rayon::ThreadPool>,
}

/// One game of the env: its state, its random numbers and its legal
/// actions, listed once a step.
#[derive(Clone)]
struct Slot {
    st: State,
    /// The random numbers of its chance outcomes.
    rng: fastrand::Rng,
    /// The random numbers of `sample_actions`.
    pick: fastrand::Rng,
    /// The legal actions of `st`, sorted.
    legal: Vec<Action>,
}

/// What one game's step writes: its observation, mask, rewards and flags.
struct Out<'a> {
    obs: &'a mut [f32],
    mask: &'a mut [u8],
    rewards: &'a mut [f32],
    terminated: &'a mut u8,
    truncated: &'a mut u8,
    player: &'a mut i64,
}

impl VectorEnv {
    /// Plays the chance outcomes of a game until a player is to move or
    /// the game is over.
    fn settle(st: &mut State, rng: &mut fastrand::Rng) -> PyResult<()> {
        while st.is_chance_node()? {
            let outcomes = st.chance_outcomes()?;
            let mut r = rng.f64();
            let mut chosen = outcomes[outcomes.len() - 1].0;
            for &(a, p) in &outcomes {
                if r < p {
                    chosen = a;
                    break;
                }
                r -= p;
            }
            st.apply_action(chosen)?;
        }
        Ok(())
    }

    /// Lists a game's legal actions (the step's one legality pass) and
    /// writes its observation, mask and player to move.
    fn write(&self, g: &mut Slot, out: &mut Out) -> PyResult<()> {
        g.st.observe(None, self.view, out.obs)?;
        g.st.legal_actions_into(&mut g.legal)?;
        for &a in &g.legal {
            if let Some(m) = out.mask.get_mut(a as usize) {
                *m = 1;
            }
        }
        *out.player = g.st.current_player()?;
        Ok(())
    }

    /// One game's step: `action` (none: a reset), then chance, then a
    /// restart when the game is over.
    fn step_one(&self, g: &mut Slot, action: Option<Action>, out: &mut Out) -> PyResult<()> {
        let (st, rng) = (&mut g.st, &mut g.rng);
        match action {
            Some(a) => st.apply_action(a)?,
            None => st.restart(),
        }
        Self::settle(st, rng)?;
        if st.terminal()? {
            for (r, v) in out.rewards.iter_mut().zip(st.returns_of()) {
                *r = v as f32;
            }
            let cut = self.data.rules.outcome(&st.st) == Outcome::Ongoing;
            *out.terminated = u8::from(!cut);
            *out.truncated = u8::from(cut);
            st.restart();
            Self::settle(st, rng)?;
        }
        self.write(g, out)
    }

    /// Steps every game (`None`: resets them), on the env's threads, and
    /// returns the numpy arrays, written in place.
    fn run(&mut self, py: Python<'_>, actions: Option<Vec<Action>>) -> PyResult<PyObject> {
        let n = self.games.len();
        let len = self.data.planes.len();
        let n_actions = if self.mask { self.mask_len() } else { 0 };
        let players = self.data.rules.seats.len();
        // The mask's chunks are at least a byte a game (chunks_mut wants a
        // width); with `mask=False` each game's slice is empty.
        let mw = n_actions.max(1);
        let [obs, mask, rewards, terminated, truncated, player] =
            [n * len * 4, n * mw, n * players * 4, n, n, n * 8]
                .map(|bytes| PyByteArray::new_with(py, bytes, |_| Ok(())));
        let [obs, mask, rewards, terminated, truncated, player] =
            [obs?, mask?, rewards?, terminated?, truncated?, player?];
        // SAFETY: the arrays were made just now and are zeroed; nothing
        // else holds them, so nothing reads or resizes them while the
        // games are written into them (the GIL released).
        let (o, m, rw, te, tr, pl) = unsafe {
            (
                plain_mut::<f32>(obs.as_bytes_mut())?,
                mask.as_bytes_mut(),
                plain_mut::<f32>(rewards.as_bytes_mut())?,
                terminated.as_bytes_mut(),
                truncated.as_bytes_mut(),
                plain_mut::<i64>(player.as_bytes_mut())?,
            )
        };
        let mut games = std::mem::take(&mut self.games);
        let this = &*self;
        let result = py.allow_threads(|| {
            guard(|| {
                // One share of the games a thread.
                let pieces = this.threads;
                let chunk = n.div_ceil(pieces).max(1);
                let work = (games.chunks_mut(chunk))
                    .zip(o.chunks_mut(chunk * len))
                    .zip(m.chunks_mut(chunk * mw))
                    .zip(rw.chunks_mut(chunk * players))
                    .zip(te.chunks_mut(chunk))
                    .zip(tr.chunks_mut(chunk))
                    .zip(pl.chunks_mut(chunk))
                    .enumerate();
                let run = |(c, ((((((gs, o), m), rw), te), tr), pl)): Work<'_>| {
                    for (i, g) in gs.iter_mut().enumerate() {
                        let mut out = Out {
                            obs: &mut o[i * len..(i + 1) * len],
                            mask: &mut m[i * mw..i * mw + n_actions],
                            rewards: &mut rw[i * players..(i + 1) * players],
                            terminated: &mut te[i],
                            truncated: &mut tr[i],
                            player: &mut pl[i],
                        };
                        let action = actions.as_ref().map(|a| a[c * chunk + i]);
                        this.step_one(g, action, &mut out)?;
                    }
                    Ok(())
                };
                let Some(pool) = &this.pool else {
                    let mut work = work;
                    return work.try_for_each(run);
                };
                // The calling thread steps the first share, the pool's
                // threads the others.
                let mut work = work;
                let first = work.next();
                let mut results: Vec<PyResult<()>> = Vec::new();
                let rest: Vec<Work<'_>> = work.collect();
                results.resize_with(rest.len(), || Ok(()));
                pool.in_place_scope(|scope| {
                    for (w, result) in rest.into_iter().zip(&mut results) {
                        scope.spawn(|_| *result = run(w));
                    }
                    first.map_or(Ok(()), run)
                })?;
                results.into_iter().collect()
            })
        });
        self.games = games;
        result?;
        let [p, r, c] = self.data.planes.shape();
        let obs = numpy_over(py, obs, "float32", &[n, p, r, c])?;
        let mask = match self.mask {
            true => numpy_over(py, mask, "bool", &[n, n_actions])?,
            false => py.None(),
        };
        let rewards = numpy_over(py, rewards, "float32", &[n, players])?;
        let terminated = numpy_over(py, terminated, "bool", &[n])?;
        let truncated = numpy_over(py, truncated, "bool", &[n])?;
        let player = numpy_over(py, player, "int64", &[n])?;
        let out = (obs, rewards, terminated, truncated, mask, player);
        Ok(out.into_pyobject(py)?.into_any().unbind())
    }

    /// Lists the legal actions of games not stepped or reset yet (their
    /// start, with no chance played).
    fn list_unstepped(&mut self) -> PyResult<()> {
        for g in &mut self.games {
            if g.legal.is_empty() && !g.st.terminal()? {
                g.st.legal_actions_into(&mut g.legal)?;
            }
        }
        Ok(())
    }

    fn mask_len(&self) -> usize {
        self.data.space.len().max(self.data.max_outcomes())
    }
}

/// One thread's share of a step: its games, their random numbers and
/// their parts of the outputs.
type Work<'a> = (
    usize,
    (
        (
            (
                (
                    ((&'a mut [Slot], &'a mut [f32]), &'a mut [u8]),
                    &'a mut [f32],
                ),
                &'a mut [u8],
            ),
            &'a mut [u8],
        ),
        &'a mut [i64],
    ),
);

/// Numbers any of whose bit patterns is a value: bytes may be read as them.
trait Plain: Copy {}
impl Plain for f32 {}
impl Plain for i64 {}

/// `bytes` as numbers of `T`; an error where they are not aligned for it
/// (Python allocates at least 8-byte aligned: never expected).
fn plain_mut<T: Plain>(bytes: &mut [u8]) -> PyResult<&mut [T]> {
    // SAFETY: `T: Plain` takes any bit pattern; `align_to_mut` keeps the
    // alignment, and a slice with bytes left over is refused.
    match unsafe { bytes.align_to_mut::<T>() } {
        ([], mid, []) => Ok(mid),
        _ => Err(GameError::new_err(
            "internal error (a bug in tavoliere): an array's buffer is not aligned",
        )),
    }
}

/// A numpy array of `dtype` and `shape` over `buffer`, not copied.
fn numpy_over(
    py: Python<'_>,
    buffer: Bound<'_, PyByteArray>,
    dtype: &str,
    shape: &[usize],
) -> PyResult<PyObject> {
    let np = py.import("numpy")?;
    let array = np.call_method1("frombuffer", (buffer, dtype))?;
    Ok(array.call_method1("reshape", (shape.to_vec(),))?.unbind())
}

#[pymethods]
impl VectorEnv {
    /// `n` games of `game`, their chance outcomes drawn from `seed`; with
    /// `view=True` observations are from the view of the player to move;
    /// with `mask=False` `step` returns `None` for the dense mask (the
    /// legal actions are then read by `legal_actions()`).
    #[new]
    #[pyo3(signature = (game, n, seed = 0, view = true, threads = 1, mask = true))]
    fn new(
        game: &Game,
        n: usize,
        seed: u64,
        view: bool,
        threads: usize,
        mask: bool,
    ) -> PyResult<VectorEnv> {
        if n == 0 {
            return Err(PyValueError::new_err("n must be at least 1"));
        }
        let threads = threads_arg(threads)?;
        let pool = match threads {
            1 => None,
            _ => Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads - 1)
                    .build()
                    .map_err(|e| {
                        GameError::new_err(format!("cannot start {threads} threads: {e}"))
                    })?,
            ),
        };
        let data = game.data.clone();
        let mix = |salt: u64, i: u64| {
            fastrand::Rng::with_seed(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ salt ^ i)
        };
        Ok(VectorEnv {
            games: (0..n as u64)
                .map(|i| Slot {
                    st: State::new(data.clone()),
                    rng: mix(0, i),
                    pick: mix(0x5851_f42d_4c95_7f2d, i),
                    legal: Vec::new(),
                })
                .collect(),
            data,
            view,
            mask,
            threads,
            pool,
        })
    }

    /// Starts every game again: `(observations, rewards, terminated,
    /// truncated, legal_mask, current_player)` as `step` returns them.
    fn reset(&mut self, py: Python<'_>) -> PyResult<PyObject> {
        self.run(py, None)
    }

    /// Applies `actions[i]` in game `i` (an int array of `n`), plays the
    /// chance outcomes that follow and starts again each game that ended.
    /// Returns numpy arrays: observations `(n, planes, rows, cols)`
    /// float32 (of the new game where one ended), rewards `(n, players)`
    /// (each game's returns where it ended, else 0), terminated and
    /// truncated `(n,)` bool (over by its rules; cut at
    /// `max_game_length`), the legal-action mask `(n, actions)` bool
    /// (`None` with `mask=False`) and the player to move `(n,)` int64. An
    /// illegal action raises `ValueError` before any game moves.
    fn step(&mut self, py: Python<'_>, actions: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        let np = py.import("numpy")?;
        let array = np.call_method1("ascontiguousarray", (actions, "int64"))?;
        let bytes = array.call_method0("tobytes")?;
        let bytes = bytes.downcast::<PyBytes>()?.as_bytes();
        let n = self.games.len();
        if bytes.len() != n * 8 {
            return Err(PyValueError::new_err(format!(
                "actions must be {n} integers, not {}",
                bytes.len() / 8
            )));
        }
        self.list_unstepped()?;
        let mut checked = Vec::with_capacity(n);
        for (i, (b, g)) in bytes.chunks_exact(8).zip(&self.games).enumerate() {
            let a = i64::from_ne_bytes(b.try_into().expect("8 bytes"));
            let legal = u32::try_from(a)
                .ok()
                .filter(|a| g.legal.binary_search(a).is_ok());
            match legal {
                Some(a) => checked.push(a),
                None => {
                    return Err(PyValueError::new_err(format!(
                        "action {a} is not legal in game {i}"
                    )))
                }
            }
        }
        self.run(py, Some(checked))
    }

    /// The legal actions of every game, sparse: `(actions, offsets)`, two
    /// int64 arrays, game `i`'s sorted actions being
    /// `actions[offsets[i]:offsets[i + 1]]` (`offsets` has `n + 1`
    /// entries). Listed once a step, by `step` or `reset`.
    fn legal_actions(&mut self, py: Python<'_>) -> PyResult<PyObject> {
        self.list_unstepped()?;
        let mut flat: Vec<i64> = Vec::new();
        let mut offsets = Vec::with_capacity(self.games.len() + 1);
        offsets.push(0i64);
        for g in &self.games {
            flat.extend(g.legal.iter().map(|&a| i64::from(a)));
            offsets.push(flat.len() as i64);
        }
        let flat = numpy_array(py, as_bytes(&flat), "int64", &[flat.len()])?;
        let offsets = numpy_array(py, as_bytes(&offsets), "int64", &[offsets.len()])?;
        Ok((flat, offsets).into_pyobject(py)?.into_any().unbind())
    }

    /// One legal action per game, each drawn uniformly among its game's
    /// legal actions, in Rust (as Gymnasium's `action_space.sample(mask)`),
    /// by random numbers seeded from the env's `seed`: an int64 array of
    /// `n`, to pass to `step`.
    fn sample_actions(&mut self, py: Python<'_>) -> PyResult<PyObject> {
        self.list_unstepped()?;
        let mut out = Vec::with_capacity(self.games.len());
        for (i, g) in self.games.iter_mut().enumerate() {
            if g.legal.is_empty() {
                return Err(PyValueError::new_err(format!(
                    "game {i} has no legal action: its start is over"
                )));
            }
            out.push(i64::from(g.legal[g.pick.usize(..g.legal.len())]));
        }
        numpy_array(py, as_bytes(&out), "int64", &[out.len()])
    }

    /// The games' count.
    fn __len__(&self) -> usize {
        self.games.len()
    }

    /// A copy of game `i`'s state.
    fn state(&self, i: usize) -> PyResult<State> {
        (self.games.get(i).map(|g| g.st.clone())).ok_or_else(|| {
            PyValueError::new_err(format!("no game {i}: there are {}", self.games.len()))
        })
    }

    /// The shape of one observation: (planes, rows, cols).
    fn observation_shape(&self) -> (usize, usize, usize) {
        let [p, r, c] = self.data.planes.shape();
        (p, r, c)
    }

    /// The size of the legal-action mask: every action is below it.
    fn num_actions(&self) -> usize {
        self.mask_len()
    }
}
