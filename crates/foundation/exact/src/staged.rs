//! Games played in stages (turns), solved one stage at a time.
//!
//! Many games are a sequence of turns, and a turn is played the same way
//! whatever came before it: the same rolls, the same choices, only the
//! score it adds lands elsewhere. Exploring the whole game as one graph
//! repeats the turn's graph for every position it can start from
//! (Chance-it's ten rounds: about 27 million states). A [`Stages`]
//! implementation tells the solver where a state's stage began and where
//! the state stands within it; [`Staged::solve`] then
//!
//! 1. explores each *kind* of stage once, as a *template* (a small graph
//!    whose ends are the stage's *exits*: the states that begin the next
//!    stage, and finished games);
//! 2. for every stage start reachable from the initial state, finds its
//!    exits by one step from the template's states, and solves the
//!    starts backward, each stage's values from its exits' values, so
//!    every start is solved once, after every start it leads to;
//! 3. optionally folds together starts that the [`Stages::canonical`]
//!    map says are worth the same (in a race, only the difference between
//!    the totals may matter).
//!
//! Each seat [`Play`]s by a fixed rule (an [`Agent`] that gives its
//! probabilities) or maximises one component of
//! a vector [`Objective`] (its own chance of winning, say), so the solve
//! covers fixed strategies folded in, one optimiser against chance, and
//! two optimisers each playing for itself (a tie being a win for neither,
//! the game is not zero-sum; each stage is solved by backward induction,
//! which gives a subgame-perfect equilibrium). Within a stage, ties
//! between equally good moves go to the first in
//! [`BoardGame::legal_moves`] order within the [tie
//! tolerance](Staged::solve_with_tie) of the best.
//!
//! **The contract.** Two stage starts whose [`split`](Stages::split)
//! gives the same local position are played alike: at states of the same
//! local position the same seat decides (so a local position that makes
//! the seats' turns alike must name the seat), and the same legal moves
//! and chance outcomes (in the same order, with the same probabilities)
//! lead to states at the same local positions, or to exits, and paths that meet at one exit from one
//! start meet at one exit from the other. Stages may have cycles within
//! them (iterated to [`Limits::tolerance`]); the stage starts must not
//! (a start that can lead back to itself is [`ExactError::StageCycle`]).
//!
//! ```
//! use tabula_core::{BoardGame, Chance, GameResult, Results, Status};
//! use tabula_exact::{Limits, Play, Scores, Staged, Stages};
//!
//! /// Three turns; in each, roll a die up to twice and keep the last
//! /// roll; the game's score is the sum of the turns'.
//! struct Turns;
//! #[derive(Clone, Debug, PartialEq, Eq, Hash)]
//! struct S { turn: u8, total: u32, rolls: u8, face: u8 }
//! impl BoardGame for Turns {
//!     type State = S;
//!     type Move = bool; // roll again?
//!     type Outcome = u8;
//!     type Event = ();
//!     fn seats(&self) -> usize { 1 }
//!     fn initial_state(&self) -> S { S { turn: 0, total: 0, rolls: 0, face: 0 } }
//!     fn status(&self, s: &S) -> Status {
//!         if s.turn == 3 { Status::Over(GameResult::Win(0)) }
//!         else if s.face == 0 { Status::Chance } else { Status::Decision(0) }
//!     }
//!     fn chance_outcomes(&self, _: &S, out: &mut Vec<Chance<u8>>) {
//!         out.extend((1..=6).map(|f| Chance { outcome: f, probability: 1.0 / 6.0 }));
//!     }
//!     fn apply_chance<E: FnMut(())>(&self, s: &mut S, f: u8, _: &mut E) {
//!         s.face = f;
//!         s.rolls += 1;
//!         if s.rolls == 2 { self.apply_move(s, false, &mut |_| {}) }
//!     }
//!     fn legal_moves(&self, _: &S, out: &mut Vec<bool>) { out.extend([false, true]) }
//!     fn apply_move<E: FnMut(())>(&self, s: &mut S, again: bool, _: &mut E) {
//!         if again { s.face = 0 } else {
//!             *s = S { turn: s.turn + 1, total: s.total + u32::from(s.face), rolls: 0, face: 0 };
//!         }
//!     }
//!     fn results(&self, s: &S) -> Option<Results> {
//!         (s.turn == 3).then(|| Results::from_scores(vec![f64::from(s.total)]))
//!     }
//! }
//! /// A stage is a turn: it begins with the turn's total and no roll.
//! struct ByTurn;
//! impl Stages<Turns> for ByTurn {
//!     type Local = (u8, u8);
//!     fn split(&self, _: &Turns, s: &S) -> (S, (u8, u8)) {
//!         (S { rolls: 0, face: 0, ..s.clone() }, (s.rolls, s.face))
//!     }
//!     fn join(&self, _: &Turns, start: &S, &(rolls, face): &(u8, u8)) -> S {
//!         S { rolls, face, ..start.clone() }
//!     }
//! }
//!
//! let solved = Staged::solve(&Turns, ByTurn, &Scores, vec![Play::Maximise(0)], &Limits::default())?;
//! // Keep 4, 5 or 6; otherwise roll again (worth 3.5): 4.25 a turn.
//! assert!((solved.value()[0] - 3.0 * 4.25).abs() < 1e-12);
//! // Turns start from the total 0, then 1 to 6, then 2 to 12.
//! assert_eq!(solved.starts(), 1 + 6 + 11);
//! # Ok::<_, tabula_exact::ExactError>(())
//! ```

use rustc_hash::FxHashMap as HashMap;
use std::fmt::Debug;
use std::hash::Hash;
use std::sync::{Arc, Mutex};

use rayon::prelude::*;

use tabula_core::{Agent, BoardGame, Chance, GameRng, Seat, Status};

use crate::budget::{Clock, Stage};
use crate::{ExactError, Limits, Objective};

mod against;
mod exits;
mod sweep;
mod template;

pub use exits::{ExitsEach, stage_exits, stage_exits_each};

use sweep::{
    Pool, Sweep, SweepParams, push_best, push_forward, push_swept, sweep_pairs, sweep_template,
};
use template::{Kind, Template, explore};

/// How a game divides into stages: see the [module docs](self) for the
/// contract.
pub trait Stages<G: BoardGame>: Send + Sync {
    /// Where a state stands within its stage (for Chance-it: the values
    /// rolled this turn, the last roll, and whether the dice are due).
    type Local: Clone + Eq + Hash + Debug + Send + Sync;

    /// The state at which `state`'s stage began, and where `state`
    /// stands in it. A state begins a stage when `split` gives it back as
    /// its own start; the initial state must.
    fn split(&self, game: &G, state: &G::State) -> (G::State, Self::Local);

    /// The state at `local` in the stage that began at `start`: the
    /// inverse of [`split`](Self::split).
    fn join(&self, game: &G, start: &G::State, local: &Self::Local) -> G::State;

    /// One representative of the stage starts that are worth the same
    /// under this solve's objective and policies (by default each start is
    /// its own). Decisions at any start are read at its representative.
    fn canonical(&self, game: &G, start: &G::State) -> G::State {
        let _ = game;
        start.clone()
    }
}

/// How a seat decides in a staged solve.
pub enum Play<'p, G: BoardGame> {
    /// Picks the move whose value has the largest component with this
    /// index (the first such move, within the tie tolerance).
    Maximise(usize),
    /// Follows a fixed policy.
    Follow(&'p dyn Agent<G>),
    /// Follows a fixed policy that looks only at where a state stands
    /// within its stage ([`Stages::split`]), never at where the stage
    /// began: its play of a kind of stage is worked out once.
    FollowLocal(&'p dyn Agent<G>),
}

impl<'p, G: BoardGame> Play<'p, G> {
    /// The fixed policy, if the seat follows one.
    fn policy(&self) -> Option<&'p dyn Agent<G>> {
        match self {
            Play::Maximise(_) => None,
            Play::Follow(p) | Play::FollowLocal(p) => Some(*p),
        }
    }
}

impl<G: BoardGame> Clone for Play<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: BoardGame> Copy for Play<'_, G> {}

impl<G: BoardGame> Debug for Play<'_, G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Play::Maximise(c) => write!(f, "Maximise({c})"),
            Play::Follow(_) => f.write_str("Follow(..)"),
            Play::FollowLocal(_) => f.write_str("FollowLocal(..)"),
        }
    }
}

/// A solved stage start.
struct Entry {
    template: u32,
    /// Exit values, `components` per exit, from this offset of
    /// `Staged::exit_values`.
    exits_at: usize,
    /// Its exits that begin stages: (exit, entry), once explored.
    next: Vec<(u32, u32)>,
    explored: bool,
    solved: bool,
    /// The probability of leaving by each exit, as solved.
    dist: Option<Arc<Vec<f64>>>,
}

/// A staged solve: every reachable stage start's value, and each
/// maximising seat's optimal move at any state (see the [module
/// docs](self)).
pub struct Staged<'p, G: BoardGame, S: Stages<G>> {
    stages: S,
    plays: Vec<Play<'p, G>>,
    k: usize,
    tie: f64,
    tolerance: f64,
    max_steps: u32,
    templates: Vec<Template<S::Local>>,
    shapes: HashMap<S::Local, u32>,
    starts: HashMap<G::State, u32>,
    start_states: Vec<G::State>,
    entries: Vec<Entry>,
    exit_values: Vec<f64>,
    values: Vec<f64>,
    /// Entries by height: a start's exits lead to lower levels only.
    levels: Vec<Vec<u32>>,
    /// Every entry's `next`, one after the other in the order of
    /// `levels` (a pass over a level reads them in memory order), and
    /// where each entry's are.
    next_flat: Vec<(u32, u32)>,
    next_at: Vec<(u32, u32)>,
    /// Most sweeps any stage took.
    iterations: u32,
    residual: f64,
    /// Optimal moves per start, recomputed when asked and kept for a
    /// while: (start, best move's index per template node).
    picks: Mutex<HashMap<u32, Arc<Vec<u32>>>>,
    /// The optimum's exit distribution per start, found when first asked.
    dists: Mutex<HashMap<u32, Arc<Vec<f64>>>>,
}

impl<G: BoardGame, S: Stages<G>> Debug for Staged<'_, G, S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Staged")
            .field("plays", &self.plays)
            .field("starts", &self.entries.len())
            .field("templates", &self.templates.len())
            .field("iterations", &self.iterations)
            .field("residual", &self.residual)
            .finish()
    }
}

/// The most optimal-move tables a solve keeps for [`Staged::pick`]
/// before it forgets them.
const KEEP_PICKS: usize = 4096;

/// Stage starts solved in parallel between two looks at the clock.
const CHUNK: usize = 256;

impl<'p, G, S> Staged<'p, G, S>
where
    G: BoardGame,
    G::State: Hash + Eq + Clone + Debug + Sync,
    S: Stages<G>,
{
    /// Solves `game` stage by stage: the value vector ([`Objective::terminal_vector`]) of
    /// every stage start reachable from the initial state, with each
    /// seat playing as `plays` says (one entry per seat).
    ///
    /// Fails with [`ExactError::TooLarge`] past [`Limits::max_states`]
    /// stage starts or template states ([`Limits::max_transitions`]
    /// template edges), [`ExactError::OutOfTime`] past
    /// [`Limits::max_time`], [`ExactError::NoPolicy`] for a seat without
    /// a play, [`ExactError::Policy`], [`ExactError::Probabilities`],
    /// [`ExactError::NoMoves`] as [`Optimal::solve`](crate::Optimal::solve),
    /// [`ExactError::NotSettled`] for a cyclic stage that does not settle
    /// within [`Limits::max_steps`] sweeps, [`ExactError::StageCycle`]
    /// when stage starts lead back to themselves, and
    /// [`ExactError::Stages`] when the game breaks the [contract](self).
    pub fn solve(
        game: &G,
        stages: S,
        objective: &impl Objective<G>,
        plays: Vec<Play<'p, G>>,
        limits: &Limits,
    ) -> Result<Self, ExactError> {
        Self::solve_with_tie(game, stages, objective, plays, 1e-9, limits)
    }

    /// As [`solve`](Self::solve), with moves counted as tied with the
    /// best when within `tie · max(1, |best|)` of it (the default is
    /// `1e-9`; 0 takes exact ties only).
    pub fn solve_with_tie(
        game: &G,
        stages: S,
        objective: &impl Objective<G>,
        plays: Vec<Play<'p, G>>,
        tie: f64,
        limits: &Limits,
    ) -> Result<Self, ExactError> {
        let root = game.initial_state();
        let (start, _) = stages.split(game, &root);
        if start != root {
            return Err(ExactError::Stages {
                what: format!("the initial state {root:?} does not begin a stage"),
            });
        }
        let mut solved = Staged {
            stages,
            plays,
            k: objective.components(game),
            tie,
            tolerance: limits.tolerance,
            max_steps: limits.max_steps,
            templates: Vec::new(),
            shapes: HashMap::default(),
            starts: HashMap::default(),
            start_states: Vec::new(),
            entries: Vec::new(),
            exit_values: Vec::new(),
            values: Vec::new(),
            levels: Vec::new(),
            next_flat: Vec::new(),
            next_at: Vec::new(),
            iterations: 0,
            residual: 0.0,
            picks: Mutex::new(HashMap::default()),
            dists: Mutex::new(HashMap::default()),
        };
        let root = solved.stages.canonical(game, &root);
        solved.run(game, objective, root, limits)?;
        Ok(solved)
    }

    fn run(
        &mut self,
        game: &G,
        objective: &impl Objective<G>,
        root: G::State,
        limits: &Limits,
    ) -> Result<(), ExactError> {
        let mut clock = Clock::start(limits, 64);
        // 1. Every reachable start and its height: 0 for a start whose
        //    exits all finish the game, else one more than its highest
        //    next start (depth first, refusing a start that leads back to
        //    itself).
        let root = self.entry(game, root, limits)?;
        let mut stack: Vec<u32> = vec![root];
        let mut on_stack = vec![false; self.entries.len()];
        on_stack[root as usize] = true;
        let mut height: Vec<u32> = Vec::new();
        const UNPLACED: u32 = u32::MAX;
        while let Some(&id) = stack.last() {
            clock.tick(|| Stage::Staging {
                solved: 0,
                found: self.entries.len(),
            })?;
            let id = id as usize;
            if !self.entries[id].explored {
                self.find_exits(game, objective, id, limits)?;
                on_stack.resize(self.entries.len(), false);
                height.resize(self.entries.len(), UNPLACED);
            }
            let pending = self.entries[id]
                .next
                .iter()
                .map(|&(_, n)| n)
                .find(|&n| height[n as usize] == UNPLACED);
            if let Some(n) = pending {
                if on_stack[n as usize] {
                    return Err(ExactError::StageCycle {
                        state: format!("{:?}", self.start_states[n as usize]),
                    });
                }
                on_stack[n as usize] = true;
                stack.push(n);
                continue;
            }
            height[id] = self.entries[id]
                .next
                .iter()
                .map(|&(_, n)| height[n as usize] + 1)
                .max()
                .unwrap_or(0);
            on_stack[id] = false;
            stack.pop();
        }
        let mut levels: Vec<Vec<u32>> = Vec::new();
        for (id, &h) in height.iter().enumerate() {
            if levels.len() <= h as usize {
                levels.resize(h as usize + 1, Vec::new());
            }
            levels[h as usize].push(id as u32);
        }
        // 2. The starts level by level, those of one level in parallel
        //    (each reads only lower levels, so the values do not depend
        //    on the threads).
        self.values = vec![f64::NAN; self.entries.len() * self.k];
        type Solved = (Option<Arc<Vec<f64>>>, Vec<f64>);
        let mut memo: HashMap<(u32, Vec<u64>), Solved> = HashMap::default();
        let mut local: HashMap<u32, Arc<Vec<f64>>> = HashMap::default();
        let mut scratch = Sweep::default();
        let pool = Pool::default();
        let mut solved = 0;
        // A level costs far more than a step of the discovery: look at the
        // clock every time.
        clock.every(1);
        for level in &levels {
            clock.tick(|| Stage::Staging {
                solved,
                found: self.entries.len(),
            })?;
            for &id in level {
                self.fill_exits(id as usize);
            }
            // Stages whose strategies look only within them: one exit
            // distribution per kind of stage.
            for &id in level {
                let template = self.entries[id as usize].template;
                let t = &self.templates[template as usize];
                if !t.optimises
                    && !t.cyclic
                    && local_only(t, &self.plays)
                    && !local.contains_key(&template)
                {
                    let d = self.stage_dist(game, id as usize, &self.plays, None, &mut scratch)?;
                    local.insert(template, d);
                }
            }
            // Optimised stages with the same exit values as one solved
            // before are solved once.
            let mut todo: Vec<u32> = Vec::new();
            let mut keys: Vec<Option<(u32, Vec<u64>)>> = Vec::with_capacity(level.len());
            let mut first: HashMap<(u32, Vec<u64>), u32> = HashMap::default();
            for &id in level {
                let template = self.entries[id as usize].template;
                let t = &self.templates[template as usize];
                if t.optimises {
                    // One seat maximising one component decides by that
                    // component of the exits alone: starts that agree on
                    // it share their moves and exit distribution.
                    let exits = self.exits_of(id as usize);
                    let bits: Vec<u64> = match self.single_maximiser(id as usize) {
                        Some((_, c)) => exits
                            .iter()
                            .skip(c)
                            .step_by(self.k)
                            .map(|x| x.to_bits())
                            .collect(),
                        None => exits.iter().map(|x| x.to_bits()).collect(),
                    };
                    let key = (template, bits);
                    if !memo.contains_key(&key) && !first.contains_key(&key) {
                        first.insert(key.clone(), id);
                        todo.push(id);
                    }
                    keys.push(Some(key));
                } else {
                    if !local_only(t, &self.plays) || t.cyclic {
                        todo.push(id);
                    }
                    keys.push(None);
                }
            }
            let this = &*self;
            // In chunks, so a level of costly stages still reports its
            // progress and keeps to the time budget.
            let mut found: Vec<Solved> = Vec::with_capacity(todo.len());
            for chunk in todo.chunks(CHUNK) {
                clock.tick(|| Stage::Staging {
                    solved: solved + found.len() * level.len() / todo.len().max(1),
                    found: this.entries.len(),
                })?;
                let part: Vec<Solved> = chunk
                    .par_iter()
                    .map_init(
                        || pool.take(),
                        |scratch, &id| {
                            let id = id as usize;
                            let t = &this.templates[this.entries[id].template as usize];
                            if let Some(single) = this.single_maximiser(id) {
                                let (v, d) = this.solve_single(game, id, single, scratch)?;
                                Ok((Some(d), v))
                            } else if t.optimises || t.cyclic {
                                Ok((None, this.sweep(game, id, scratch, false)?.0))
                            } else {
                                let d = this.stage_dist(game, id, &this.plays, None, scratch)?;
                                let v = dot(&d, this.exits_of(id), this.k);
                                Ok((Some(d), v))
                            }
                        },
                    )
                    .collect::<Result<_, ExactError>>()?;
                found.extend(part);
            }
            let found: HashMap<u32, Solved> = todo.iter().copied().zip(found).collect();
            for (&id, key) in level.iter().zip(keys) {
                let (dist, value) = match key {
                    Some(key) => match memo.get(&key) {
                        Some(solved) => solved.clone(),
                        None => {
                            // Solved at this level's first start with
                            // these exits.
                            let solved = first
                                .get(&key)
                                .and_then(|rep| found.get(rep))
                                .cloned()
                                .ok_or_else(|| mismatch(&self.start_states[id as usize]))?;
                            if memo.len() >= 1 << 16 {
                                memo.clear();
                            }
                            memo.insert(key, solved.clone());
                            solved
                        }
                    },
                    None => match found.get(&id) {
                        Some(solved) => solved.clone(),
                        None => {
                            let template = self.entries[id as usize].template;
                            let d = local
                                .get(&template)
                                .cloned()
                                .ok_or_else(|| mismatch(&self.start_states[id as usize]))?;
                            let v = dot(&d, self.exits_of(id as usize), self.k);
                            (Some(d), v)
                        }
                    },
                };
                // A shared exit distribution is worth its own exits here.
                let value = match (&dist, self.single_maximiser(id as usize)) {
                    (Some(d), Some(_)) => dot(d, self.exits_of(id as usize), self.k),
                    _ => value,
                };
                let at = id as usize * self.k;
                self.values[at..at + self.k].copy_from_slice(&value);
                self.entries[id as usize].dist = dist;
                self.entries[id as usize].solved = true;
            }
            solved += level.len();
        }
        self.next_at = vec![(0, 0); self.entries.len()];
        for &id in levels.iter().flatten() {
            let from = self.next_flat.len() as u32;
            let next = std::mem::take(&mut self.entries[id as usize].next);
            self.next_flat.extend_from_slice(&next);
            self.next_at[id as usize] = (from, self.next_flat.len() as u32);
        }
        self.levels = levels;
        Ok(())
    }

    /// Entry `id`'s exits that begin stages, (exit, entry), once solved.
    fn next_of(&self, id: usize) -> &[(u32, u32)] {
        let (from, to) = self.next_at.get(id).copied().unwrap_or((0, 0));
        &self.next_flat[from as usize..to as usize]
    }

    /// Entry `id`'s exit values, `components` per exit.
    fn exits_of(&self, id: usize) -> &[f64] {
        let t = &self.templates[self.entries[id].template as usize];
        let at = self.entries[id].exits_at;
        &self.exit_values[at..at + t.exits.len() * self.k]
    }

    /// The entry of a canonical start, made (with its template) if new.
    fn entry(&mut self, game: &G, start: G::State, limits: &Limits) -> Result<u32, ExactError> {
        if let Some(&id) = self.starts.get(&start) {
            return Ok(id);
        }
        if self.entries.len() >= limits.max_states {
            return Err(ExactError::TooLarge {
                what: "stage starts",
                limit: limits.max_states,
            });
        }
        let (_, shape) = self.stages.split(game, &start);
        let template = match self.shapes.get(&shape) {
            Some(&t) => t,
            None => {
                let (t, _) = explore(game, &self.stages, &self.plays, &start, limits)?;
                self.templates.push(t);
                let id = self.templates.len() as u32 - 1;
                self.shapes.insert(shape, id);
                id
            }
        };
        let id = self.entries.len() as u32;
        let exits = self.templates[template as usize].exits.len();
        let exits_at = self.exit_values.len();
        self.exit_values.resize(exits_at + exits * self.k, f64::NAN);
        self.entries.push(Entry {
            template,
            exits_at,
            next: Vec::new(),
            explored: false,
            solved: false,
            dist: None,
        });
        self.starts.insert(start.clone(), id);
        self.start_states.push(start);
        Ok(id)
    }
}

impl<'p, G, S> Staged<'p, G, S>
where
    G: BoardGame,
    G::State: Hash + Eq + Clone + Debug + Sync,
    S: Stages<G>,
{
    /// Finds the exits of entry `id` from its start: each by one step
    /// from the state at its template node. Exits that finish the game
    /// get their values; the others become entries.
    fn find_exits(
        &mut self,
        game: &G,
        objective: &impl Objective<G>,
        id: usize,
        limits: &Limits,
    ) -> Result<(), ExactError> {
        let template = self.entries[id].template as usize;
        let start = self.start_states[id].clone();
        let exits = self.templates[template].exits.clone();
        let mut outcomes: Vec<Chance<G::Outcome>> = Vec::new();
        let mut moves: Vec<G::Move> = Vec::new();
        let mut next = Vec::with_capacity(exits.len());
        let mut value = vec![0.0; self.k];
        for (x, &(node, edge)) in exits.iter().enumerate() {
            let exit = if node == u32::MAX {
                start.clone()
            } else {
                let local = &self.templates[template].locals[node as usize];
                let mut state = self.stages.join(game, &start, local);
                match game.status(&state) {
                    Status::Chance => {
                        outcomes.clear();
                        game.chance_outcomes(&state, &mut outcomes);
                        let c = outcomes
                            .get(edge as usize)
                            .ok_or_else(|| mismatch(&state))?;
                        game.apply_chance(&mut state, c.outcome, &mut |_| {});
                    }
                    Status::Decision(seat) => {
                        if self.templates[template].kinds[node as usize]
                            != Kind::Decision(seat as u32)
                        {
                            return Err(mismatch(&state));
                        }
                        moves.clear();
                        game.legal_moves(&state, &mut moves);
                        let m = moves.drain(..).nth(edge as usize);
                        let m = m.ok_or_else(|| mismatch(&state))?;
                        game.apply_move(&mut state, m, &mut |_| {});
                    }
                    Status::Over(_) => return Err(mismatch(&state)),
                }
                state
            };
            let at = self.entries[id].exits_at + x * self.k;
            match game.status(&exit) {
                Status::Over(result) => {
                    objective.terminal_vector(game, &exit, result, &mut value);
                    self.exit_values[at..at + self.k].copy_from_slice(&value);
                }
                _ => {
                    let (own_start, _) = self.stages.split(game, &exit);
                    if own_start != exit {
                        return Err(mismatch(&exit));
                    }
                    let canonical = self.stages.canonical(game, &exit);
                    let n = self.entry(game, canonical, limits)?;
                    // Its values are copied in once `n` is solved.
                    next.push((x as u32, n));
                }
            }
        }
        self.entries[id].next = next;
        self.entries[id].explored = true;
        Ok(())
    }

    /// Copies the values of the solved starts an entry's exits lead to
    /// into its exit slots.
    fn fill_exits(&mut self, id: usize) {
        let at = self.entries[id].exits_at;
        let k = self.k;
        for i in 0..self.entries[id].next.len() {
            let (x, n) = self.entries[id].next[i];
            let (from, to) = (n as usize * k, at + x as usize * k);
            for c in 0..k {
                self.exit_values[to + c] = self.values[from + c];
            }
        }
    }

    /// The component the one seat deciding in entry `id`'s stage
    /// maximises, if only one seat decides there, it maximises, and the
    /// stage has no cycle.
    fn single_maximiser(&self, id: usize) -> Option<(Seat, usize)> {
        let t = &self.templates[self.entries[id].template as usize];
        match (&t.seats[..], t.cyclic) {
            (&[seat], false) => match self.plays.get(seat) {
                Some(Play::Maximise(c)) => Some((seat, (*c).min(self.k - 1))),
                _ => None,
            },
            _ => None,
        }
    }

    /// Entry `id`'s stage where one seat maximises component `c` of the
    /// value and nobody else decides: the best moves from that component
    /// alone (one number per node, not the whole vector), then the
    /// probability of leaving by each exit when they are played, and the
    /// start's value vector as the exits' values weighted by it.
    fn solve_single(
        &self,
        game: &G,
        id: usize,
        single: (Seat, usize),
        scratch: &mut Sweep<G::Move>,
    ) -> Result<(Vec<f64>, Arc<Vec<f64>>), ExactError> {
        let dist = match self.swept_single(id, single, scratch) {
            Some(dist) => Arc::new(dist),
            None => {
                let best = self.single_picks(id, single, scratch)?;
                self.stage_dist(game, id, &self.plays, Some(&best), scratch)?
            }
        };
        let value = dot(&dist, self.exits_of(id), self.k);
        Ok((value, dist))
    }

    /// The exit distribution of entry `id`'s stage where one seat alone
    /// decides, maximising component `c`, and its compact form allows
    /// ([`sweep_pairs`]): one sweep of that component, then a forward
    /// pass that chooses each move from the values swept
    /// ([`push_swept`]), with no table of moves in between. `None`
    /// (nothing done) elsewhere.
    fn swept_single(
        &self,
        id: usize,
        (seat, c): (Seat, usize),
        scratch: &mut Sweep<G::Move>,
    ) -> Option<Vec<f64>> {
        let t = &self.templates[self.entries[id].template as usize];
        let (own, maximises) = self.own_component(id, (seat, c));
        let params = self.params(&maximises);
        if !sweep_pairs(t, &own, &params, scratch, None) {
            return None;
        }
        push_swept(t, &params, scratch)
    }

    /// What a sweep of this solve needs, with `maximises` saying which
    /// component each seat maximises, if any.
    fn params<'m>(&self, maximises: &'m [Option<usize>]) -> SweepParams<'m> {
        SweepParams {
            maximises,
            tie: self.tie,
            tolerance: self.tolerance,
            max_steps: self.max_steps,
        }
    }

    /// Entry `id`'s exit values of component `c` alone, and who
    /// maximises it (`seat` only, as its component 0).
    fn own_component(&self, id: usize, (seat, c): (Seat, usize)) -> (Vec<f64>, Vec<Option<usize>>) {
        let k = self.k;
        let own = self
            .exits_of(id)
            .iter()
            .skip(c)
            .step_by(k)
            .copied()
            .collect();
        let mut maximises = vec![None; seat + 1];
        maximises[seat] = Some(0);
        (own, maximises)
    }

    /// The best move's index at each node of entry `id`'s stage where one
    /// seat maximises component `c` and nobody else decides, by a sweep of
    /// that component alone: the moves a sweep of the whole vector picks.
    fn single_picks(
        &self,
        id: usize,
        (seat, c): (Seat, usize),
        scratch: &mut Sweep<G::Move>,
    ) -> Result<Vec<u32>, ExactError> {
        let t = &self.templates[self.entries[id].template as usize];
        let (own, maximises) = self.own_component(id, (seat, c));
        let params = self.params(&maximises);
        let mut best = vec![u32::MAX; t.kinds.len()];
        if !sweep_pairs(t, &own, &params, scratch, Some(&mut best)) {
            sweep_template::<1, _, _>(t, &own, 1, &params, scratch, Some(&mut best[..]))?;
        }
        Ok(best)
    }

    /// Solves entry `id`'s stage from its exit values: its start's value
    /// vector and, if `picks`, the best move's index at each node.
    fn sweep(
        &self,
        game: &G,
        id: usize,
        scratch: &mut Sweep<G::Move>,
        picks: bool,
    ) -> Result<(Vec<f64>, Vec<u32>), ExactError> {
        let t = &self.templates[self.entries[id].template as usize];
        let start = &self.start_states[id];
        let exits = self.exits_of(id);
        let k = self.k;
        let n = t.kinds.len();
        // Fixed policies' probabilities, once per edge.
        let follows = t
            .seats
            .iter()
            .any(|&seat| self.plays.get(seat).and_then(Play::policy).is_some());
        scratch.probs.clear();
        scratch
            .probs
            .resize(if follows { t.edges.len() } else { 0 }, f64::NAN);
        for node in (0..n).filter(|_| follows) {
            if let Kind::Decision(seat) = t.kinds[node]
                && let Some(policy) = self.plays.get(seat as usize).and_then(Play::policy)
            {
                let state = self.stages.join(game, start, &t.locals[node]);
                let from = t.offsets[node] as usize;
                let count = t.edges(node).len();
                policy_probabilities(
                    game,
                    policy,
                    &state,
                    seat as usize,
                    count,
                    &mut scratch.moves,
                    &mut scratch.moves_buf,
                )?;
                scratch.probs[from..from + count].copy_from_slice(&scratch.moves_buf);
            }
        }
        // The component each seat maximises, if it does.
        let maximises: Vec<Option<usize>> = self
            .plays
            .iter()
            .map(|p| match p {
                Play::Maximise(c) => Some((*c).min(k - 1)),
                _ => None,
            })
            .collect();
        let mut best = if picks { vec![u32::MAX; n] } else { Vec::new() };
        let params = self.params(&maximises);
        let best_out = picks.then_some(&mut best[..]);
        // The loops with the components' count known at compile time for
        // the common counts (a seat or two and a tie), so the sums stay in
        // registers.
        match k {
            1 => sweep_template::<1, _, _>(t, exits, k, &params, scratch, best_out)?,
            2 => sweep_template::<2, _, _>(t, exits, k, &params, scratch, best_out)?,
            3 => sweep_template::<3, _, _>(t, exits, k, &params, scratch, best_out)?,
            4 => sweep_template::<4, _, _>(t, exits, k, &params, scratch, best_out)?,
            _ => sweep_template::<0, _, _>(t, exits, k, &params, scratch, best_out)?,
        }
        Ok((scratch.values[..k].to_vec(), best))
    }

    /// The probability of leaving entry `id`'s stage by each exit (no
    /// cycles), seats playing `plays`; a maximising seat plays `best`
    /// (its best move's index per node).
    fn stage_dist(
        &self,
        game: &G,
        id: usize,
        plays: &[Play<'_, G>],
        best: Option<&[u32]>,
        scratch: &mut Sweep<G::Move>,
    ) -> Result<Arc<Vec<f64>>, ExactError> {
        let t = &self.templates[self.entries[id].template as usize];
        // Every seat deciding plays its best move: no policy to ask.
        if let Some(best) = best
            && t.seats
                .iter()
                .all(|&seat| plays.get(seat).and_then(Play::policy).is_none())
            && let Some(dist) = push_best(
                t,
                best,
                &mut scratch.reach,
                &mut scratch.probs,
                &mut scratch.pending,
            )
        {
            return Ok(Arc::new(dist));
        }
        let start = &self.start_states[id];
        let stages = &self.stages;
        let mut moves = std::mem::take(&mut scratch.moves);
        let result = push_forward(
            t,
            &mut scratch.reach,
            &mut scratch.moves_buf,
            |node, seat, buf| match plays.get(seat).and_then(Play::policy) {
                Some(policy) => {
                    let state = stages.join(game, start, &t.locals[node]);
                    let count = t.edges(node).len();
                    policy_probabilities(game, policy, &state, seat, count, &mut moves, buf)
                }
                None => {
                    let pick = best.and_then(|b| b.get(node)).copied().unwrap_or(0) as usize;
                    buf.clear();
                    buf.extend((0..t.edges(node).len()).map(|e| f64::from(u8::from(e == pick))));
                    Ok(())
                }
            },
        );
        scratch.moves = moves;
        Ok(Arc::new(result?))
    }

    /// The value vector of the initial state.
    pub fn value(&self) -> &[f64] {
        &self.values[..self.k]
    }

    /// The value vector of a stage start (read at its canonical
    /// representative), or `None` if the solve did not reach it.
    pub fn value_of(&self, game: &G, start: &G::State) -> Option<&[f64]> {
        let c = self.stages.canonical(game, start);
        let id = *self.starts.get(&c)? as usize;
        self.values.get(id * self.k..id * self.k + self.k)
    }

    /// How many (canonical) stage starts were solved.
    pub fn starts(&self) -> usize {
        self.entries.len()
    }

    /// How many states the stages' templates hold in all.
    pub fn template_states(&self) -> usize {
        self.templates.iter().map(|t| t.kinds.len()).sum()
    }

    /// The stage division it was solved with.
    pub fn stages(&self) -> &S {
        &self.stages
    }

    /// The best move's index per node of entry `id`'s stage, solved
    /// again from its exit values (and kept for a while).
    fn picks_of(&self, game: &G, id: u32) -> Result<Arc<Vec<u32>>, ExactError> {
        if let Some(best) = self.picks.lock().ok().and_then(|p| p.get(&id).cloned()) {
            return Ok(best);
        }
        let mut scratch = Sweep::default();
        let best = match self.single_maximiser(id as usize) {
            Some(single) => self.single_picks(id as usize, single, &mut scratch)?,
            None => self.sweep(game, id as usize, &mut scratch, true)?.1,
        };
        let best = Arc::new(best);
        if let Ok(mut picks) = self.picks.lock() {
            if picks.len() >= KEEP_PICKS {
                picks.clear();
            }
            picks.insert(id, best.clone());
        }
        Ok(best)
    }

    /// The index in the legal moves of the optimal move of a maximising
    /// seat at `state`, or `None` where the solve did not reach `state`'s
    /// stage, nobody maximises there, or the stage could not be solved
    /// again.
    pub fn best_move(&self, game: &G, state: &G::State) -> Option<usize> {
        let (start, local) = self.stages.split(game, state);
        let start = self.stages.canonical(game, &start);
        let id = *self.starts.get(&start)?;
        let t = &self.templates[self.entries[id as usize].template as usize];
        let node = *t.index.get(&local)? as usize;
        let best = self.picks_of(game, id).ok()?;
        best.get(node)
            .copied()
            .filter(|&b| b != u32::MAX)
            .map(|b| b as usize)
    }
}

/// Whether every seat that decides in the stage follows a policy that
/// looks only within the stage.
fn local_only<G: BoardGame, L>(t: &Template<L>, plays: &[Play<'_, G>]) -> bool {
    t.seats
        .iter()
        .all(|&seat| matches!(plays.get(seat), Some(Play::FollowLocal(_))))
}

/// `Σ dist[x] · exits[x]`, per component.
fn dot(dist: &[f64], exits: &[f64], k: usize) -> Vec<f64> {
    let mut value = vec![0.0; k];
    for (x, &p) in dist.iter().enumerate() {
        if p != 0.0 {
            for c in 0..k {
                value[c] += p * exits[x * k + c];
            }
        }
    }
    value
}

impl<G, S> Staged<'_, G, S>
where
    G: BoardGame,
    G::State: Hash + Eq + Clone + Debug + Send + Sync,
    S: Stages<G> + Send + Sync,
{
    /// A maximising seat's optimal play: at a state of a stage the solve
    /// reached, the index of the optimal move among `moves`, the legal
    /// moves; elsewhere, the first.
    pub fn pick(&self, game: &G, state: &G::State, _: Seat, moves: &[G::Move]) -> usize {
        self.best_move(game, state)
            .filter(|&b| b < moves.len())
            .unwrap_or(0)
    }
}

crate::solved_agent!(
    /// A maximising seat's optimal play as an agent: a rule, which plays
    /// [`Staged::pick`]'s move (and gives it probability 1).
    impl['p, G, S] Agent<G> for Staged<'p, G, S>
    where
        G: BoardGame,
        G::State: Hash + Eq + Clone + Debug + Send + Sync,
        S: Stages<G> + Send + Sync,
);

fn mismatch<S: Debug>(state: &S) -> ExactError {
    ExactError::Stages {
        what: format!(
            "state {state:?} is not played like the same place in the stage its kind was explored from"
        ),
    }
}

/// A policy's probabilities for the legal moves at `state` (`count` of
/// them), checked.
fn policy_probabilities<G: BoardGame>(
    game: &G,
    policy: &dyn Agent<G>,
    state: &G::State,
    seat: Seat,
    count: usize,
    moves: &mut Vec<G::Move>,
    out: &mut Vec<f64>,
) -> Result<(), ExactError>
where
    G::State: Debug,
{
    moves.clear();
    game.legal_moves(state, moves);
    crate::graph::policy_probabilities(game, policy, state, seat, moves, Some(count), out)
}
