//! `VectorEnv`: N games of one kind stepped together in Rust, without the
//! GIL, with numpy arrays in and out, for self-play at scale.

use super::*;
use pyo3::types::PyBytes;

/// N games stepped together: `step(actions)` applies one action per game
/// (the player to move's), plays chance outcomes by their weights, and
/// starts a finished game again, in Rust without the GIL (on `threads`
/// threads).
#[pyclass(module = "tavoliere")]
pub struct VectorEnv {
    data: Arc<GameData>,
    states: Vec<State>,
    /// Per game, the random numbers of its chance outcomes.
    rngs: Vec<fastrand::Rng>,
    view: bool,
    threads: usize,
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

    /// Writes a game's observation, mask and player to move.
    fn write(&self, st: &mut State, out: &mut Out) -> PyResult<()> {
        st.observe(None, self.view, out.obs)?;
        out.mask.fill(0);
        for a in st.legal_actions()? {
            out.mask[a as usize] = 1;
        }
        *out.player = st.current_player()?;
        Ok(())
    }

    /// One game's step: `action` (none: a reset), then chance, then a
    /// restart when the game is over.
    fn step_one(
        &self,
        st: &mut State,
        rng: &mut fastrand::Rng,
        action: Option<Action>,
        out: &mut Out,
    ) -> PyResult<()> {
        out.rewards.fill(0.0);
        (*out.terminated, *out.truncated) = (0, 0);
        match action {
            Some(a) => st.apply_action(a)?,
            None => *st = State::new(self.data.clone()),
        }
        Self::settle(st, rng)?;
        if st.terminal()? {
            for (r, v) in out.rewards.iter_mut().zip(st.returns_of()) {
                *r = v as f32;
            }
            let cut = self.data.rules.outcome(&st.st) == Outcome::Ongoing;
            *out.terminated = u8::from(!cut);
            *out.truncated = u8::from(cut);
            *st = State::new(self.data.clone());
            Self::settle(st, rng)?;
        }
        self.write(st, out)
    }

    /// Steps every game (`None`: resets them), on the env's threads, and
    /// returns the numpy arrays.
    fn run(&mut self, py: Python<'_>, actions: Option<Vec<Action>>) -> PyResult<PyObject> {
        let n = self.states.len();
        let (len, n_actions) = (self.data.planes.len(), self.mask_len());
        let players = self.data.rules.seats.len();
        let mut obs = vec![0.0f32; n * len];
        let mut mask = vec![0u8; n * n_actions];
        let mut rewards = vec![0.0f32; n * players];
        let (mut terminated, mut truncated) = (vec![0u8; n], vec![0u8; n]);
        let mut player = vec![0i64; n];
        let mut states = std::mem::take(&mut self.states);
        let mut rngs = std::mem::take(&mut self.rngs);
        let this = &*self;
        let result = py.allow_threads(|| {
            guard(|| {
                let chunk = n.div_ceil(this.threads).max(1);
                let work = (states.chunks_mut(chunk))
                    .zip(rngs.chunks_mut(chunk))
                    .zip(obs.chunks_mut(chunk * len))
                    .zip(mask.chunks_mut(chunk * n_actions))
                    .zip(rewards.chunks_mut(chunk * players))
                    .zip(terminated.chunks_mut(chunk))
                    .zip(truncated.chunks_mut(chunk))
                    .zip(player.chunks_mut(chunk))
                    .enumerate();
                let run = |(c, (((((((sts, rs), o), m), rw), te), tr), pl)): Work<'_>| {
                    for (i, (st, rng)) in sts.iter_mut().zip(rs.iter_mut()).enumerate() {
                        let mut out = Out {
                            obs: &mut o[i * len..(i + 1) * len],
                            mask: &mut m[i * n_actions..(i + 1) * n_actions],
                            rewards: &mut rw[i * players..(i + 1) * players],
                            terminated: &mut te[i],
                            truncated: &mut tr[i],
                            player: &mut pl[i],
                        };
                        let action = actions.as_ref().map(|a| a[c * chunk + i]);
                        this.step_one(st, rng, action, &mut out)?;
                    }
                    Ok(())
                };
                if this.threads <= 1 {
                    return {
                        let mut work = work;
                        work.try_for_each(run)
                    };
                }
                std::thread::scope(|scope| {
                    let handles: Vec<_> = work.map(|w| scope.spawn(move || run(w))).collect();
                    (handles.into_iter())
                        .try_for_each(|h| h.join().unwrap_or_else(|_| Err(panicked())))
                })
            })
        });
        self.states = states;
        self.rngs = rngs;
        result?;
        let [p, r, c] = self.data.planes.shape();
        let obs = numpy_array(py, as_bytes(&obs), "float32", &[n, p, r, c])?;
        let mask = numpy_array(py, &mask, "bool", &[n, n_actions])?;
        let rewards = numpy_array(py, as_bytes(&rewards), "float32", &[n, players])?;
        let terminated = numpy_array(py, &terminated, "bool", &[n])?;
        let truncated = numpy_array(py, &truncated, "bool", &[n])?;
        let player = numpy_array(py, as_bytes(&player), "int64", &[n])?;
        let out = (obs, rewards, terminated, truncated, mask, player);
        Ok(out.into_pyobject(py)?.into_any().unbind())
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
                    (
                        ((&'a mut [State], &'a mut [fastrand::Rng]), &'a mut [f32]),
                        &'a mut [u8],
                    ),
                    &'a mut [f32],
                ),
                &'a mut [u8],
            ),
            &'a mut [u8],
        ),
        &'a mut [i64],
    ),
);

fn panicked() -> PyErr {
    GameError::new_err("internal error (a bug in tavoliere): a step thread panicked")
}

#[pymethods]
impl VectorEnv {
    /// `n` games of `game`, their chance outcomes drawn from `seed`; with
    /// `view=True` observations are from the view of the player to move.
    #[new]
    #[pyo3(signature = (game, n, seed = 0, view = true, threads = 1))]
    fn new(game: &Game, n: usize, seed: u64, view: bool, threads: usize) -> PyResult<VectorEnv> {
        if n == 0 {
            return Err(PyValueError::new_err("n must be at least 1"));
        }
        let data = game.data.clone();
        Ok(VectorEnv {
            states: (0..n).map(|_| State::new(data.clone())).collect(),
            rngs: (0..n as u64)
                .map(|i| fastrand::Rng::with_seed(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ i))
                .collect(),
            data,
            view,
            threads: threads_arg(threads)?,
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
    /// `max_game_length`), the legal-action mask `(n, actions)` bool and
    /// the player to move `(n,)` int64. An illegal action raises
    /// `ValueError` before any game moves.
    fn step(&mut self, py: Python<'_>, actions: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        let np = py.import("numpy")?;
        let array = np.call_method1("ascontiguousarray", (actions, "int64"))?;
        let bytes = array.call_method0("tobytes")?;
        let bytes = bytes.downcast::<PyBytes>()?.as_bytes();
        let n = self.states.len();
        if bytes.len() != n * 8 {
            return Err(PyValueError::new_err(format!(
                "actions must be {n} integers, not {}",
                bytes.len() / 8
            )));
        }
        let actions: Vec<i64> = (bytes.chunks_exact(8))
            .map(|b| i64::from_ne_bytes(b.try_into().expect("8 bytes")))
            .collect();
        let mut checked = Vec::with_capacity(n);
        for (i, (&a, st)) in actions.iter().zip(&mut self.states).enumerate() {
            let legal = u32::try_from(a).ok().filter(|&a| {
                st.legal_actions()
                    .is_ok_and(|l| l.binary_search(&a).is_ok())
            });
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

    /// The games' count.
    fn __len__(&self) -> usize {
        self.states.len()
    }

    /// A copy of game `i`'s state.
    fn state(&self, i: usize) -> PyResult<State> {
        (self.states.get(i).cloned()).ok_or_else(|| {
            PyValueError::new_err(format!("no game {i}: there are {}", self.states.len()))
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
