//! The solve itself: the values so far, blocks of states that reach each other, and their sweeps.

use super::successors::{FINISHED, GENERAL};
use super::*;
use crate::optimal::Secant;

/// The state of a solve: the values so far, the best moves found and
/// scratch lists.
pub(super) struct Sweep<'a, G: BoardGame, O> {
    pub(super) game: &'a G,
    pub(super) objective: &'a O,
    pub(super) values: Vec<f64>,
    pub(super) best: Best,
    /// Outcome and move lists, one pair per depth of unnumbered states.
    pub(super) scratch: Vec<Scratch<G>>,
    /// What [`Dense::successors`] writes.
    pub(super) lean: Successors<G::State>,
    /// Scratch: the values of its general options, and of its options.
    pub(super) constants: Vec<f64>,
    pub(super) move_values: Vec<f64>,
    /// Whether sweeps on the fly check chance outcomes (the first does).
    pub(super) checking: bool,
    pub(super) tolerance: f64,
    pub(super) max_steps: u32,
    /// The most sweeps a block took.
    pub(super) iterations: u32,
    /// The largest residual a block of states on a cycle ended with.
    pub(super) residual: f64,
}

pub(super) struct Scratch<G: BoardGame> {
    pub(super) outcomes: Vec<Chance<G::Outcome>>,
    pub(super) moves: Vec<G::Move>,
}

impl<G: BoardGame> Default for Scratch<G> {
    fn default() -> Self {
        Scratch {
            outcomes: Vec::new(),
            moves: Vec::new(),
        }
    }
}

/// A run of consecutive numbered states being solved together, with its
/// transitions: each state's value is the best (or only) of its moves',
/// each move's an affine function of numbered states' values.
pub(super) struct Block<S> {
    /// The index of its first state.
    pub(super) start: usize,
    /// One past the highest index its states lead to (at least `start`):
    /// the block is closed once every state up to there is in it.
    pub(super) reach: usize,
    /// Whether a state leads to itself or a later state: the block needs
    /// sweeps until it settles, not one.
    pub(super) cyclic: bool,
    /// The states a state leads back to (itself or a later state), up to
    /// two: with one, a sweep is a function of its value alone.
    pub(super) feedback: Vec<u32>,
    /// Per state.
    pub(super) kinds: Vec<Kind>,
    /// Per state: one past its last move in `moves`.
    pub(super) move_ends: Vec<u32>,
    /// Per move: its constant part, and one past its last term in
    /// `terms`.
    pub(super) moves: Vec<(f64, u32)>,
    /// (coefficient, index of a numbered state).
    pub(super) terms: Vec<(f64, u32)>,
    /// Per outcome of a state written by [`Dense::successors`]: its
    /// probability, how its moves are chosen, one past its last move.
    pub(super) groups: Vec<(f64, Pick, u32)>,
    /// States whose value is not affine in numbered states' (a decision
    /// among the unnumbered states they lead to): evaluated on the fly.
    pub(super) dynamic: Vec<S>,
}

impl<S> Default for Block<S> {
    fn default() -> Self {
        Block {
            start: 0,
            reach: 0,
            cyclic: false,
            feedback: Vec::new(),
            kinds: Vec::new(),
            move_ends: Vec::new(),
            moves: Vec::new(),
            terms: Vec::new(),
            groups: Vec::new(),
            dynamic: Vec::new(),
        }
    }
}

impl<S> Block<S> {
    /// Empties the block to begin again at `start`.
    pub(super) fn clear(&mut self, start: usize) {
        self.start = start;
        self.reach = start;
        self.cyclic = false;
        self.feedback.clear();
        self.kinds.clear();
        self.move_ends.clear();
        self.moves.clear();
        self.terms.clear();
        self.groups.clear();
        self.dynamic.clear();
    }

    /// The value of move `m` from the values so far.
    #[inline]
    pub(super) fn move_value(&self, values: &[f64], m: usize) -> f64 {
        let first = if m == 0 {
            0
        } else {
            self.moves[m - 1].1 as usize
        };
        let (constant, end) = self.moves[m];
        self.terms[first..end as usize]
            .iter()
            .fold(constant, |v, &(p, t)| v + p * values[t as usize])
    }
}

/// What a numbered state's value is.
#[derive(Clone, Copy)]
pub(super) enum Kind {
    /// Its one move's (a chance state, a finished one).
    Fixed,
    /// The largest of its moves' (`true`) or the smallest.
    Decide(bool),
    /// Worked out on the fly: the state is `dynamic[_]`.
    Dynamic(usize),
    /// The sum over outcomes `groups[first..end]` of their probability
    /// times their moves' best; a decision state (`true`) has one.
    Groups(u32, u32, bool),
}

/// How an outcome's moves give its value.
#[derive(Clone, Copy)]
pub(super) enum Pick {
    /// Its one move's.
    Only,
    /// The largest.
    Max,
    /// The smallest.
    Min,
}

impl<G, O> Sweep<'_, G, O>
where
    G: Dense,
    G::State: Debug,
    O: Objective<G>,
{
    /// Checks that the `i`-th listed state has index `i`.
    pub(super) fn check_listed(&self, i: usize, state: &G::State) -> Result<(), ExactError> {
        match self.game.index(state) {
            Some(j) if j == i && i < self.values.len() => Ok(()),
            j => Err(ExactError::DenseIndex {
                state: format!("{state:?}"),
                what: format!(
                    "listed as state {i} of {}, it has index {j:?}",
                    self.values.len()
                ),
            }),
        }
    }

    pub(super) fn scratch(&mut self, depth: usize) -> &mut Scratch<G> {
        if self.scratch.len() <= depth {
            self.scratch.resize_with(depth + 1, Scratch::default);
        }
        &mut self.scratch[depth]
    }

    pub(super) fn out_of_range(&self, state: &G::State, i: usize) -> ExactError {
        ExactError::DenseIndex {
            state: format!("{state:?}"),
            what: format!("index {i} is out of range (0..{})", self.values.len()),
        }
    }

    pub(super) fn too_deep(&self, state: &G::State) -> ExactError {
        ExactError::DenseIndex {
            state: format!("{state:?}"),
            what: format!(
                "more than {} unnumbered states in a row: number a state of every cycle",
                DenseOptimal::<G>::MAX_UNNUMBERED
            ),
        }
    }

    /// Adds numbered state `i`, `state`, and its transitions to `block`;
    /// returns `true` if it solved it at once instead (the block empty,
    /// and [`Dense::successors`] leading only to earlier states).
    pub(super) fn push(
        &mut self,
        block: &mut Block<G::State>,
        i: usize,
        state: &G::State,
    ) -> Result<bool, ExactError> {
        let game = self.game;
        let (moves_before, terms_before) = (block.moves.len(), block.terms.len());
        let mut dynamic = false;
        let mut lean = std::mem::take(&mut self.lean);
        lean.clear();
        let written = game.successors(i, state, &mut lean);
        let pushed = if written {
            Some(self.lean(block, i, state, &lean))
        } else {
            None
        };
        self.lean = lean;
        let mut kind = match pushed {
            Some(kind) => match kind? {
                Some(kind) => kind,
                None => return Ok(true),
            },
            None => self.push_generated(block, state, &mut dynamic)?,
        };
        for &(_, t) in &block.terms[terms_before..] {
            if t as usize >= i {
                block.cyclic = true;
                if block.feedback.len() < 2 && !block.feedback.contains(&t) {
                    block.feedback.push(t);
                }
            }
            block.reach = block.reach.max(t as usize + 1);
        }
        if dynamic {
            block.moves.truncate(moves_before);
            block.terms.truncate(terms_before);
            kind = Kind::Dynamic(block.dynamic.len());
            block.dynamic.push(state.clone());
        }
        block.kinds.push(kind);
        block.move_ends.push(block.moves.len() as u32);
        Ok(false)
    }

    /// Checks what [`Dense::successors`] wrote for `state` (`lean`):
    /// returns whether `state` is a decision state, and one past the
    /// highest numbered state it leads to.
    pub(super) fn check_lean(
        &self,
        state: &G::State,
        lean: &Successors<G::State>,
    ) -> Result<(bool, usize), ExactError> {
        check_written(self.game, self.values.len(), state, lean)
    }

    /// The constant part of each general option of `lean`, into `out`.
    pub(super) fn constants(&self, lean: &Successors<G::State>, out: &mut Vec<f64>) {
        constants(self.game, self.objective, lean, out);
    }

    /// The value of a state as [`Dense::successors`] wrote it (`lean`,
    /// checked) from final values, and its best move if it is a
    /// decision state.
    pub(super) fn solve_lean(
        &mut self,
        lean: &Successors<G::State>,
        decision: bool,
    ) -> (f64, Option<usize>) {
        let (game, objective) = (self.game, self.objective);
        written_value(
            game,
            objective,
            &self.values,
            lean,
            decision,
            &mut self.constants,
            &mut self.move_values,
        )
    }

    /// Adds the moves of `state` as [`Dense::successors`] wrote them
    /// (`lean`, checked) to `block`.
    pub(super) fn push_lean(
        &mut self,
        block: &mut Block<G::State>,
        lean: &Successors<G::State>,
        decision: bool,
    ) -> Kind {
        let mut constants = std::mem::take(&mut self.constants);
        self.constants(lean, &mut constants);
        let first = block.groups.len() as u32;
        for (g, &(probability, chooser, _)) in lean.groups.iter().enumerate() {
            for &o in lean.group(g) {
                if o & GENERAL == 0 {
                    block.terms.push((1.0, o));
                    block.moves.push((0.0, block.terms.len() as u32));
                } else {
                    let k = (o & !GENERAL) as usize;
                    let terms = lean.general_terms(k).iter().filter(|t| t.1 != FINISHED);
                    block.terms.extend(terms);
                    block.moves.push((constants[k], block.terms.len() as u32));
                }
            }
            let pick = match chooser {
                None => Pick::Only,
                Some(seat) if self.objective.maximises(seat) => Pick::Max,
                Some(_) => Pick::Min,
            };
            block
                .groups
                .push((probability, pick, block.moves.len() as u32));
        }
        self.constants = constants;
        Kind::Groups(first, block.groups.len() as u32, decision)
    }

    /// Numbered state `i` (`state`) as [`Dense::successors`] wrote it
    /// (`lean`): solved at once (`None`) if the block is empty and it
    /// leads only to earlier states, whose values are final; else added
    /// to `block`.
    pub(super) fn lean(
        &mut self,
        block: &mut Block<G::State>,
        i: usize,
        state: &G::State,
        lean: &Successors<G::State>,
    ) -> Result<Option<Kind>, ExactError> {
        let (decision, reach) = self.check_lean(state, lean)?;
        if block.kinds.is_empty() && reach <= i {
            let (v, best) = self.solve_lean(lean, decision);
            self.values[i] = v;
            if let Some(best) = best {
                self.best.set(i, best);
            }
            self.iterations = self.iterations.max(1);
            return Ok(None);
        }
        Ok(Some(self.push_lean(block, lean, decision)))
    }

    /// Adds the moves of `state`, generated, to `block`; sets `dynamic`
    /// if its value is not affine in numbered states'.
    pub(super) fn push_generated(
        &mut self,
        block: &mut Block<G::State>,
        state: &G::State,
        dynamic: &mut bool,
    ) -> Result<Kind, ExactError> {
        let game = self.game;
        let terms_before = block.terms.len();
        Ok(match game.status(state) {
            Status::Over(result) => {
                let v = self.objective.terminal(game, state, result);
                block.moves.push((v, terms_before as u32));
                Kind::Fixed
            }
            Status::Chance => {
                let c = self.affine_expand(state, 1.0, 0, &mut block.terms, dynamic)?;
                block.moves.push((c, block.terms.len() as u32));
                Kind::Fixed
            }
            Status::Decision(seat) => {
                let mut moves = std::mem::take(&mut self.scratch(0).moves);
                crate::graph::legal_moves(game, state, seat, &mut moves)?;
                for m in moves.drain(..) {
                    let mut next = state.clone();
                    game.apply_move(&mut next, m, &mut |_| {});
                    let c = self.affine(&next, 1.0, 0, &mut block.terms, dynamic)?;
                    block.moves.push((c, block.terms.len() as u32));
                }
                self.scratch[0].moves = moves;
                Kind::Decide(self.objective.maximises(seat))
            }
        })
    }

    /// `mult` times the value of `state`, as an affine function of
    /// numbered states' values: pushes its terms, returns its constant.
    /// Sets `dynamic` if it is not affine (the terms then only say which
    /// states it depends on). `depth` unnumbered states led here.
    pub(super) fn affine(
        &mut self,
        state: &G::State,
        mult: f64,
        depth: usize,
        terms: &mut Vec<(f64, u32)>,
        dynamic: &mut bool,
    ) -> Result<f64, ExactError> {
        if let Status::Over(result) = self.game.status(state) {
            return Ok(mult * self.objective.terminal(self.game, state, result));
        }
        match self.game.index(state) {
            Some(i) if i < self.values.len() => {
                terms.push((mult, i as u32));
                Ok(0.0)
            }
            Some(i) => Err(self.out_of_range(state, i)),
            None if depth >= DenseOptimal::<G>::MAX_UNNUMBERED => Err(self.too_deep(state)),
            None => self.affine_expand(state, mult, depth + 1, terms, dynamic),
        }
    }

    /// [`affine`](Self::affine) from `state`'s successors, whether or not
    /// it is numbered.
    pub(super) fn affine_expand(
        &mut self,
        state: &G::State,
        mult: f64,
        depth: usize,
        terms: &mut Vec<(f64, u32)>,
        dynamic: &mut bool,
    ) -> Result<f64, ExactError> {
        let game = self.game;
        match game.status(state) {
            Status::Over(result) => Ok(mult * self.objective.terminal(game, state, result)),
            Status::Chance => {
                let mut outcomes = std::mem::take(&mut self.scratch(depth).outcomes);
                outcomes.clear();
                game.chance_outcomes(state, &mut outcomes);
                crate::graph::check_chances(state, &outcomes)?;
                let mut c = 0.0;
                for o in &outcomes {
                    let mut next = state.clone();
                    game.apply_chance(&mut next, o.outcome, &mut |_| {});
                    c += self.affine(&next, mult * o.probability, depth, terms, dynamic)?;
                }
                self.scratch[depth].outcomes = outcomes;
                Ok(c)
            }
            Status::Decision(seat) => {
                *dynamic = true;
                let mut moves = std::mem::take(&mut self.scratch(depth).moves);
                crate::graph::legal_moves(game, state, seat, &mut moves)?;
                for m in moves.drain(..) {
                    let mut next = state.clone();
                    game.apply_move(&mut next, m, &mut |_| {});
                    self.affine(&next, mult, depth, terms, dynamic)?;
                }
                self.scratch[depth].moves = moves;
                Ok(0.0)
            }
        }
    }

    /// Sweeps `block` until its values settle, then records its best
    /// moves.
    pub(super) fn settle(
        &mut self,
        block: &mut Block<G::State>,
        clock: &mut Clock<'_>,
    ) -> Result<(), ExactError> {
        let start = block.start;
        // With one state to lead back to, the secant method on its value
        // settles the block in a few sweeps.
        let mut secant = Secant::new(&block.feedback);
        let mut sweeps = 0;
        let mut residual = f64::INFINITY;
        loop {
            if sweeps >= self.max_steps {
                return Err(ExactError::NotSettled {
                    iterations: sweeps,
                    residual,
                });
            }
            sweeps += 1;
            secant.before(&self.values);
            residual = self.sweep_block(block)?;
            if !block.cyclic || residual <= self.tolerance {
                break;
            }
            secant.after(&mut self.values);
            clock.tick(|| Stage::Blocks {
                solved: start,
                states: self.values.len(),
            })?;
        }
        self.iterations = self.iterations.max(sweeps);
        if block.cyclic {
            self.residual = self.residual.max(residual);
        }
        let mut first = 0;
        let mut values = Vec::new();
        for (k, &kind) in block.kinds.iter().enumerate() {
            let end = block.move_ends[k] as usize;
            match kind {
                Kind::Fixed => {}
                Kind::Decide(max) => {
                    values.clear();
                    values.extend((first..end).map(|m| block.move_value(&self.values, m)));
                    let best = self.pick_best(max, &values);
                    self.best.set(start + k, best);
                }
                Kind::Dynamic(d) => {
                    if let Some(best) = self.best(&block.dynamic[d])? {
                        self.best.set(start + k, best);
                    }
                }
                Kind::Groups(g, _, true) => {
                    values.clear();
                    values.extend((first..end).map(|m| block.move_value(&self.values, m)));
                    let max = matches!(block.groups[g as usize].1, Pick::Max);
                    let best = self.pick_best(max, &values);
                    self.best.set(start + k, best);
                }
                Kind::Groups(_, _, false) => {}
            }
            first = end;
        }
        Ok(())
    }

    /// One Gauss–Seidel sweep over `block`: returns the largest change.
    pub(super) fn sweep_block(&mut self, block: &Block<G::State>) -> Result<f64, ExactError> {
        let start = block.start;
        let mut residual: f64 = 0.0;
        let mut first = 0;
        for (k, &kind) in block.kinds.iter().enumerate() {
            let end = block.move_ends[k] as usize;
            let v = match kind {
                Kind::Fixed => block.move_value(&self.values, first),
                Kind::Decide(true) => (first..end)
                    .map(|m| block.move_value(&self.values, m))
                    .fold(f64::NEG_INFINITY, f64::max),
                Kind::Decide(false) => (first..end)
                    .map(|m| block.move_value(&self.values, m))
                    .fold(f64::INFINITY, f64::min),
                Kind::Dynamic(d) => self.expand(&block.dynamic[d], 0)?,
                Kind::Groups(g, end, _) => {
                    let mut m = first;
                    let mut v = 0.0;
                    for &(probability, pick, end) in &block.groups[g as usize..end as usize] {
                        let end = end as usize;
                        let best = match pick {
                            Pick::Only => block.move_value(&self.values, m),
                            Pick::Max => (m..end)
                                .map(|m| block.move_value(&self.values, m))
                                .fold(f64::NEG_INFINITY, f64::max),
                            Pick::Min => (m..end)
                                .map(|m| block.move_value(&self.values, m))
                                .fold(f64::INFINITY, f64::min),
                        };
                        v += probability * best;
                        m = end;
                    }
                    v
                }
            };
            let old = &mut self.values[start + k];
            residual = residual.max((v - *old).abs());
            *old = v;
            first = end;
        }
        Ok(residual)
    }

    /// The first of `values` within the tie tolerance of the best.
    pub(super) fn pick_best(&self, max: bool, values: &[f64]) -> usize {
        pick_best(self.objective, max, values)
    }

    /// Solves the states from index `from` on (those before are solved)
    /// by sweeps over them all, their successors regenerated each time;
    /// returns how many states the game listed.
    pub(super) fn sweep_from(
        &mut self,
        from: usize,
        clock: &mut Clock<'_>,
    ) -> Result<usize, ExactError> {
        let game = self.game;
        let n = self.values.len();
        let mut residual = f64::INFINITY;
        let mut sweeps = 0;
        let mut listed = from;
        self.checking = true;
        while residual > self.tolerance {
            if sweeps >= self.max_steps {
                return Err(ExactError::NotSettled {
                    iterations: sweeps,
                    residual,
                });
            }
            sweeps += 1;
            residual = 0.0;
            for (i, state) in game.states().enumerate().skip(from) {
                clock.tick(|| Stage::Settling {
                    iteration: sweeps,
                    residual,
                })?;
                if self.checking {
                    self.check_listed(i, &state)?;
                    listed = i + 1;
                }
                let v = self.expand(&state, 0)?;
                let old = &mut self.values[i];
                residual = f64::max(residual, (v - *old).abs());
                *old = v;
            }
            if listed != n {
                break;
            }
            self.checking = false;
        }
        self.iterations = self.iterations.max(sweeps);
        self.residual = self.residual.max(residual);
        for (i, state) in game.states().enumerate().skip(from) {
            if let Some(best) = self.best(&state)? {
                self.best.set(i, best);
            }
        }
        Ok(listed)
    }

    /// The value of any state: looked up if numbered, worked out from its
    /// successors if not; `depth` unnumbered states led here.
    pub(super) fn eval(&mut self, state: &G::State, depth: usize) -> Result<f64, ExactError> {
        if let Status::Over(result) = self.game.status(state) {
            return Ok(self.objective.terminal(self.game, state, result));
        }
        match self.game.index(state) {
            Some(i) => match self.values.get(i) {
                Some(&v) => Ok(v),
                None => Err(self.out_of_range(state, i)),
            },
            None if depth >= DenseOptimal::<G>::MAX_UNNUMBERED => Err(self.too_deep(state)),
            None => self.expand(state, depth + 1),
        }
    }

    /// The value of `state` from its successors': the mean over chance
    /// outcomes, the best over moves, or the terminal value.
    pub(super) fn expand(&mut self, state: &G::State, depth: usize) -> Result<f64, ExactError> {
        let game = self.game;
        match game.status(state) {
            Status::Over(result) => Ok(self.objective.terminal(game, state, result)),
            Status::Chance => {
                let mut outcomes = std::mem::take(&mut self.scratch(depth).outcomes);
                outcomes.clear();
                game.chance_outcomes(state, &mut outcomes);
                if self.checking {
                    crate::graph::check_chances(state, &outcomes)?;
                }
                let mut v = 0.0;
                for c in &outcomes {
                    let mut next = state.clone();
                    game.apply_chance(&mut next, c.outcome, &mut |_| {});
                    v += c.probability * self.eval(&next, depth)?;
                }
                self.scratch[depth].outcomes = outcomes;
                Ok(v)
            }
            Status::Decision(seat) => {
                let mut moves = std::mem::take(&mut self.scratch(depth).moves);
                crate::graph::legal_moves(game, state, seat, &mut moves)?;
                let max = self.objective.maximises(seat);
                let mut v = if max {
                    f64::NEG_INFINITY
                } else {
                    f64::INFINITY
                };
                for m in moves.drain(..) {
                    let mut next = state.clone();
                    game.apply_move(&mut next, m, &mut |_| {});
                    let w = self.eval(&next, depth)?;
                    v = if max { v.max(w) } else { v.min(w) };
                }
                self.scratch[depth].moves = moves;
                Ok(v)
            }
        }
    }

    /// The optimal move at a decision state (the first within the tie
    /// tolerance of the best), or `None` if nobody decides there.
    pub(super) fn best(&mut self, state: &G::State) -> Result<Option<usize>, ExactError> {
        let game = self.game;
        let Status::Decision(seat) = game.status(state) else {
            return Ok(None);
        };
        let mut moves = Vec::new();
        game.legal_moves(state, &mut moves);
        let mut values = Vec::with_capacity(moves.len());
        for m in moves {
            let mut next = state.clone();
            game.apply_move(&mut next, m, &mut |_| {});
            values.push(self.eval(&next, 0)?);
        }
        Ok(Some(
            self.pick_best(self.objective.maximises(seat), &values),
        ))
    }
}

/// A state's value and best move worked out ahead of the sequential
/// pass, or `None` for a state left to it.
pub(super) type Ahead = Option<(f64, Option<usize>)>;

/// Checks what [`Dense::successors`] wrote for `state` (`lean`) in a game
/// of `n` numbered states: returns whether `state` is a decision state,
/// and one past the highest numbered state it leads to.
pub(super) fn check_written<G: Dense>(
    game: &G,
    n: usize,
    state: &G::State,
    lean: &Successors<G::State>,
) -> Result<(bool, usize), ExactError>
where
    G::State: Debug,
{
    let wrong = |what: String| ExactError::DenseIndex {
        state: format!("{state:?}"),
        what: format!("its successors as written: {what}"),
    };
    if let Some(what) = lean.error {
        return Err(wrong(what.to_string()));
    }
    let total: f64 = lean.groups.iter().map(|g| g.0).sum();
    if lean.groups.is_empty()
        || (total - 1.0).abs() > 1e-9
        || lean.groups.iter().any(|g| g.0.is_nan() || g.0 < 0.0)
    {
        return Err(ExactError::Probabilities {
            state: format!("{state:?}"),
            total,
        });
    }
    let decision = match game.status(state) {
        Status::Over(_) => return Err(wrong("a finished state leads nowhere".into())),
        Status::Chance => false,
        Status::Decision(seat) => {
            if lean.groups.len() != 1 || lean.groups[0].1 != Some(seat) {
                return Err(wrong(format!(
                    "a decision state writes one outcome, chosen by its seat ({seat})"
                )));
            }
            true
        }
    };
    for (g, &(_, chooser, _)) in lean.groups.iter().enumerate() {
        let count = lean.group(g).len();
        if count == 0 {
            return Err(ExactError::NoMoves {
                seat: chooser.unwrap_or(0),
                state: format!("{state:?}"),
            });
        }
        if chooser.is_none() && count != 1 {
            return Err(wrong("an outcome nobody chooses in has one option".into()));
        }
    }
    // One past the highest index (general options' bit set and finished
    // states' all ones are left out).
    let plain = lean
        .options
        .iter()
        .map(|&o| if o & GENERAL == 0 { o + 1 } else { 0 });
    let terms = lean
        .terms
        .iter()
        .map(|&(_, t)| if t == FINISHED { 0 } else { t + 1 });
    let reach = plain.chain(terms).max().unwrap_or(0) as usize;
    if reach > n {
        return Err(ExactError::DenseIndex {
            state: format!("{state:?}"),
            what: format!("index {} is out of range (0..{n})", reach - 1),
        });
    }
    for over in &lean.finished {
        if !matches!(game.status(over), Status::Over(_)) {
            return Err(wrong(format!("{over:?} is written as finished")));
        }
    }
    Ok((decision, reach))
}

/// The constant part of each general option of `lean` (its finished
/// states' values under the objective), into `out`.
pub(super) fn constants<G: Dense, O: Objective<G>>(
    game: &G,
    objective: &O,
    lean: &Successors<G::State>,
    out: &mut Vec<f64>,
) {
    out.clear();
    let mut finished = lean.finished.iter();
    for k in 0..lean.general.len() {
        let mut constant = 0.0;
        for &(coefficient, t) in lean.general_terms(k) {
            if t == FINISHED
                && let Some(over) = finished.next()
                && let Status::Over(result) = game.status(over)
            {
                constant += coefficient * objective.terminal(game, over, result);
            }
        }
        out.push(constant);
    }
}

/// The first of `values` within the objective's tie tolerance of the
/// best.
pub(super) fn pick_best<G: BoardGame, O: Objective<G>>(
    objective: &O,
    max: bool,
    values: &[f64],
) -> usize {
    let top = if max {
        values.iter().copied().fold(f64::NEG_INFINITY, f64::max)
    } else {
        values.iter().copied().fold(f64::INFINITY, f64::min)
    };
    let tolerance = objective.tie_tolerance(top);
    values
        .iter()
        .position(|&v| (v - top).abs() <= tolerance)
        .unwrap_or(0)
}

/// The value of a state as [`Dense::successors`] wrote it (`lean`,
/// checked) from final `values`, and its best move if it is a decision
/// state; `general` and `moves` are scratch.
pub(super) fn written_value<G: Dense, O: Objective<G>>(
    game: &G,
    objective: &O,
    values: &[f64],
    lean: &Successors<G::State>,
    decision: bool,
    general: &mut Vec<f64>,
    moves: &mut Vec<f64>,
) -> (f64, Option<usize>) {
    constants(game, objective, lean, general);
    for (k, constant) in general.iter_mut().enumerate() {
        let terms = lean.general_terms(k).iter().filter(|t| t.1 != FINISHED);
        *constant = terms.fold(*constant, |v, &(p, t)| v + p * values[t as usize]);
    }
    let general = &*general;
    let value = |o: u32| {
        if o & GENERAL == 0 {
            values[o as usize]
        } else {
            general[(o & !GENERAL) as usize]
        }
    };
    let mut v = 0.0;
    let mut best = None;
    for (g, &(probability, chooser, _)) in lean.groups.iter().enumerate() {
        let options = lean.group(g);
        let max = chooser.is_none_or(|seat| objective.maximises(seat));
        let top = if max {
            options
                .iter()
                .map(|&o| value(o))
                .fold(f64::NEG_INFINITY, f64::max)
        } else {
            options
                .iter()
                .map(|&o| value(o))
                .fold(f64::INFINITY, f64::min)
        };
        if decision {
            moves.clear();
            moves.extend(options.iter().map(|&o| value(o)));
            best = Some(pick_best(objective, max, moves));
        }
        v += probability * top;
    }
    (v, best)
}

/// For [`DenseOptimal::solve_parallel`]: the value and best move of each
/// of `states` (numbered from `first`) that the game writes the
/// successors of, leading only to states below `ready` (whose `values`
/// are final); `None` for the others.
pub(super) fn written_values<G: Dense, O: Objective<G>>(
    game: &G,
    objective: &O,
    values: &[f64],
    ready: usize,
    first: usize,
    states: &[G::State],
) -> Vec<Ahead>
where
    G::State: Debug,
{
    let mut lean = Successors::default();
    let (mut general, mut moves) = (Vec::new(), Vec::new());
    let mut out = Vec::with_capacity(states.len());
    for (k, state) in states.iter().enumerate() {
        lean.clear();
        let mut solved = None;
        if game.successors(first + k, state, &mut lean)
            && let Ok((decision, reach)) = check_written(game, values.len(), state, &lean)
            && reach <= ready
        {
            let v = written_value(
                game,
                objective,
                values,
                &lean,
                decision,
                &mut general,
                &mut moves,
            );
            solved = Some(v);
        }
        out.push(solved);
    }
    out
}
