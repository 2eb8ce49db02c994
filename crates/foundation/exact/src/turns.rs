//! Races whose turns may be several steps: independent players of one
//! chain, each taking a whole turn (a throw, and another after a six) in
//! seat order, the first to finish winning.
//!
//! [`Chain::race`] composes a race of turns of one step from the
//! one-player walk. A turn of several steps needs one more count, the
//! turns a player has completed: [`Chain::turns`] walks the one-player
//! chain once, step by step, keeping each state's probability apart by
//! the number of turns completed, and [`Turns::race`] composes any number
//! of seats from it. Its cost is the one-player chain's times the spread
//! of that count (a hundred or so on a board of a hundred squares), not
//! the joint chain of all players, whose states are the one-player states
//! to the power of the players. Each seat's chance to win needs only the
//! turns: [`Chain::turn_counts`] walks turn by turn without the steps, at
//! about the cost of the one-player walk.

use tabula_core::BoardGame;

use crate::budget::{Clock, Stage};
use crate::walk::{Moments, PMF_TAIL};
use crate::{Chain, ExactError, Limits, Race, Walked};

/// Probabilities by a count of steps: `values[i]` is that of `start + i`
/// steps.
#[derive(Clone, Debug, Default, PartialEq)]
struct Window {
    start: u32,
    values: Vec<f64>,
}

impl Window {
    /// Adds `p` at `at` steps, `at` at or after every step added before.
    fn add(&mut self, at: u32, p: f64) {
        if self.values.is_empty() {
            self.start = at;
        }
        let i = (at - self.start) as usize;
        if i >= self.values.len() {
            self.values.resize(i + 1, 0.0);
        }
        self.values[i] += p;
    }

    /// Its total probability, and its first and second moments in steps
    /// (not divided by the probability).
    fn moments(&self) -> [f64; 3] {
        let mut m = [0.0; 3];
        for (i, &p) in self.values.iter().enumerate() {
            let x = f64::from(self.start) + i as f64;
            m[0] += p;
            m[1] += x * p;
            m[2] += x * x * p;
        }
        m
    }

    /// The distribution of the sum of two independent counts.
    fn convolve(&self, other: &Window) -> Window {
        if self.values.is_empty() || other.values.is_empty() {
            return Window::default();
        }
        let mut values = vec![0.0; self.values.len() + other.values.len() - 1];
        for (i, &a) in self.values.iter().enumerate() {
            if a == 0.0 {
                continue;
            }
            for (v, &b) in values[i..].iter_mut().zip(&other.values) {
                *v += a * b;
            }
        }
        Window {
            start: self.start + other.start,
            values,
        }
    }

    /// One step count with probability one.
    fn at(start: u32) -> Window {
        Window {
            start,
            values: vec![1.0],
        }
    }
}

/// The moments of the sum of two independent counts, from theirs
/// ([`Window::moments`]).
fn combine(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [
        a[0] * b[0],
        a[1] * b[0] + a[0] * b[1],
        a[2] * b[0] + 2.0 * a[1] * b[1] + a[0] * b[2],
    ]
}

/// Where a step out of a state goes, for [`Chain::turns`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Goes {
    /// The game ends: the turn ends with it.
    Ends,
    /// To this transient state, which begins a new turn.
    NewTurn(u32),
    /// To this transient state, in the same turn.
    SameTurn(u32),
}

/// One player's game in a chain, counted in turns as well as steps:
/// made once by [`Chain::turns`], composed into a race of any number of
/// seats by [`Turns::race`].
#[derive(Clone, Debug, PartialEq)]
pub struct Turns {
    /// `alive[n]`: the probability of having completed `n` turns without
    /// finishing, by steps taken (`alive[0]`: one, at 0 steps).
    alive: Vec<Window>,
    /// `finished[n]`: of finishing on turn `n`, by steps taken
    /// (`finished[0]` is empty).
    finished: Vec<Window>,
    /// Steps taken from each transient state during each turn:
    /// `occupancy[i][n]` from transient state `i` during turn `n + 1`.
    occupancy: Vec<Vec<f64>>,
    /// Per transient state, the expected marks of one step from it:
    /// (mark id, expected count).
    pub(crate) rates: Vec<Vec<(u32, f64)>>,
    /// Distinct marks.
    marks: usize,
    /// Where the walk stopped; its `remaining` counts the probability
    /// set aside as negligible (see [`Chain::turns`]).
    walked: Walked,
    /// The probability that this game was still running where the walk
    /// stopped.
    still: f64,
    /// The probability of surviving as many turns as every game still
    /// running had completed.
    survived: f64,
    /// The probability set aside as negligible.
    set_aside: f64,
    /// The widest spread of turns the walk kept at one step.
    widest: usize,
    /// The game is over before it starts.
    over_at_start: bool,
}

impl<G: BoardGame, M> Chain<G, M> {
    /// Walks this one-player chain step by step, as [`walk`](Self::walk)
    /// does, keeping count of the player's turns: `starts_turn(state)`
    /// says whether the step out of a state reached by a step is the
    /// first of a new turn (the initial state begins the first turn; a
    /// state where the player throws again is not a new turn). The result
    /// composes a race of independent players taking whole turns in seat
    /// order ([`Turns::race`]), the exact equivalent of the joint chain
    /// of all players when they never touch each other.
    ///
    /// The walk stops once a race of two or more seats is settled: every
    /// game still walking has completed at least some number of turns
    /// `n`, which each other seat must survive too for it to matter, so
    /// a race of `k` seats still running on unwalked steps has
    /// probability at most `k` times this game's still running times
    /// `S(n)^(k-1)` (`S(n)`: surviving `n` turns), and the walk stops
    /// once that is below [`Limits::tail`] for two seats (each
    /// [`Race`]'s [`Walked::remaining`] gives it for its own seats). A
    /// race of one seat is the one-player game, which
    /// [`solve`](Self::solve) gives whole. Turn counts whose
    /// whole probability at a step is below `tail / (4 max_steps)` are set
    /// aside (at most `tail / 2` in all, counted in
    /// [`Walked::remaining`]). Fails with [`ExactError::TooLarge`] if the
    /// states times the turns pass [`Limits::max_transitions`] ("turn
    /// entries"), and like [`walk`](Self::walk) past the time budget, on
    /// [`Limits::cancel`] or past [`Limits::max_steps`].
    pub fn turns(
        &self,
        limits: &Limits,
        starts_turn: impl Fn(&G::State) -> bool,
    ) -> Result<Turns, ExactError> {
        let marks = self.mark_keys().len();
        if self.result(0).is_some() {
            return Ok(Turns {
                alive: vec![Window::at(0)],
                finished: vec![Window::default()],
                occupancy: Vec::new(),
                rates: Vec::new(),
                marks,
                walked: Walked {
                    steps: 0,
                    remaining: 0.0,
                    relative_error: 0.0,
                },
                still: 0.0,
                survived: 0.0,
                set_aside: 0.0,
                widest: 1,
                over_at_start: true,
            });
        }
        let g = TurnGraph::of(self, &starts_turn);
        let TurnGraph {
            t,
            ref incoming,
            ref in_offsets,
            ref ends,
            ref begins,
            ..
        } = g;
        let first_slot = g.first;

        // The distribution: transient state by turns completed, turns
        // `lo..lo + width`, state `i` at `cur[i * stride + off + c]`.
        let floor = limits.tail / (4.0 * f64::from(limits.max_steps.max(1)));
        let mut lo = 0u32;
        let mut width = 1usize;
        let mut stride = 1usize;
        let mut off = 0usize;
        let mut cur = vec![0.0f64; t];
        cur[first_slot] = 1.0;
        let mut next: Vec<f64> = Vec::new();
        let mut occupancy: Vec<Vec<f64>> = vec![Vec::new(); t];
        let mut alive = vec![Window::at(0)];
        let mut finished = vec![Window::default()];
        let mut ended_col: Vec<f64> = Vec::new();
        let mut sums: Vec<f64> = Vec::new();
        let mut turn_sums: Vec<f64> = Vec::new();
        let mut set_aside = 0.0;
        let mut widest = 1usize;
        let mut still = 1.0;
        let mut clock = Clock::start(limits, 1);
        for step in 1..=limits.max_steps {
            clock.tick(|| Stage::Walking {
                step: step - 1,
                remaining: still,
            })?;
            let entries = (lo as usize + width + 1).saturating_mul(t.max(1));
            if entries > limits.max_transitions {
                return Err(ExactError::TooLarge {
                    what: "turn entries",
                    limit: limits.max_transitions,
                });
            }
            // One more turn count: a step may end the latest. Each state's
            // row is gathered from the rows that step into it.
            let w2 = width + 1;
            if next.len() < t * w2 {
                next.resize(t * w2, 0.0);
            }
            sums.clear();
            sums.resize(w2, 0.0);
            turn_sums.clear();
            turn_sums.resize(w2, 0.0);
            let src = |i: u32| {
                let i = i as usize;
                &cur[i * stride + off..i * stride + off + width]
            };
            for (j, out) in next[..t * w2].chunks_exact_mut(w2).enumerate() {
                let ins = &incoming[in_offsets[j]..in_offsets[j + 1]];
                let Some((&(i, p, shift), rest)) = ins.split_first() else {
                    out.fill(0.0);
                    continue;
                };
                let shift = usize::from(shift);
                out[if shift == 0 { width } else { 0 }] = 0.0;
                for (y, &x) in out[shift..].iter_mut().zip(src(i)) {
                    *y = p * x;
                }
                for &(i, p, shift) in rest {
                    axpy(&mut out[usize::from(shift)..], p, src(i));
                }
                axpy(&mut sums, 1.0, out);
                if begins[j] {
                    axpy(&mut turn_sums, 1.0, out);
                }
            }
            // Steps taken from each state, by turn.
            for (i, occ) in occupancy.iter_mut().enumerate() {
                if occ.len() < lo as usize + width {
                    occ.resize(lo as usize + width, 0.0);
                }
                axpy(&mut occ[lo as usize..], 1.0, src(i as u32));
            }
            // Turns ended by the game's end: finished on turn lo + c + 1.
            ended_col.clear();
            ended_col.resize(width, 0.0);
            for &(i, p) in ends {
                axpy(&mut ended_col, p, src(i));
            }
            for (c, &e) in ended_col.iter().enumerate() {
                if e != 0.0 {
                    let turn = lo as usize + c + 1;
                    if finished.len() <= turn {
                        finished.resize(turn + 1, Window::default());
                    }
                    finished[turn].add(step, e);
                }
            }
            // Negligible turn counts at either end are set aside.
            let (mut a, mut b) = (0usize, w2);
            while b > a && sums[a] < floor {
                set_aside += sums[a];
                a += 1;
            }
            while b > a && sums[b - 1] < floor {
                set_aside += sums[b - 1];
                b -= 1;
            }
            for (c, &x) in turn_sums.iter().enumerate().take(b).skip(a) {
                if x != 0.0 {
                    let turns = lo as usize + c;
                    if alive.len() <= turns {
                        alive.resize(turns + 1, Window::default());
                    }
                    alive[turns].add(step, x);
                }
            }
            still = sums[a..b].iter().sum();
            std::mem::swap(&mut cur, &mut next);
            stride = w2;
            off = a;
            lo += a as u32;
            width = b - a;
            widest = widest.max(width);
            // Every game still walking has completed `lo` turns, and so
            // would any other seat it races: a race of k seats still
            // running on this game's unwalked steps has probability at
            // most k still S(lo)^(k-1), largest for two seats.
            let survived = alive
                .get(lo as usize)
                .map_or(0.0, |w| w.values.iter().sum::<f64>());
            let survived = if lo == 0 { 1.0 } else { survived };
            if 2.0 * still * survived < limits.tail || width == 0 {
                let bound = Walked::rounding_bound(
                    step,
                    t.saturating_mul(widest),
                    incoming.len().saturating_mul(widest),
                    g.max_in,
                );
                return Ok(Turns {
                    alive,
                    finished,
                    occupancy,
                    rates: g.rates,
                    marks,
                    walked: Walked {
                        steps: step,
                        remaining: still + set_aside,
                        relative_error: bound,
                    },
                    still,
                    survived,
                    set_aside,
                    widest,
                    over_at_start: false,
                });
            }
        }
        Err(ExactError::NotConverged {
            steps: limits.max_steps,
            remaining: still,
        })
    }
}

/// One player's chain as the turn walks read it: its transient states
/// numbered apart, the steps into each (merged by where they come from),
/// the steps that end the game, and each state's expected marks.
pub(crate) struct TurnGraph {
    /// Transient states.
    pub(crate) t: usize,
    /// The initial state's number.
    pub(crate) first: usize,
    /// Each transient state's index in the chain.
    pub(crate) states: Vec<usize>,
    /// Each chain state's number among the transient ones (`u32::MAX`
    /// for a state that ends the game).
    slots: Vec<u32>,
    /// Into each transient state: (from, probability, 1 if the step
    /// begins a new turn), `in_offsets[j]..in_offsets[j + 1]`.
    pub(crate) incoming: Vec<(u32, f64, u8)>,
    pub(crate) in_offsets: Vec<usize>,
    /// Out of each transient state, `offsets[i]..offsets[i + 1]`.
    pub(crate) outgoing: Vec<(Goes, f64)>,
    pub(crate) offsets: Vec<usize>,
    /// The steps that end the game: (from, probability).
    pub(crate) ends: Vec<(u32, f64)>,
    /// Whether each transient state begins a turn.
    pub(crate) begins: Vec<bool>,
    /// The expected marks of one step from each transient state.
    pub(crate) rates: Vec<Vec<(u32, f64)>>,
    /// The most steps into one state.
    pub(crate) max_in: usize,
}

impl TurnGraph {
    /// The number among the transient states of chain state `i`.
    pub(crate) fn slot(&self, i: usize) -> Option<usize> {
        self.slots
            .get(i)
            .filter(|&&s| s != u32::MAX)
            .map(|&s| s as usize)
    }

    pub(crate) fn of<G: BoardGame, M>(
        chain: &Chain<G, M>,
        starts_turn: &impl Fn(&G::State) -> bool,
    ) -> Self {
        let n = chain.len();
        let mut slot = vec![u32::MAX; n];
        let mut states = Vec::new();
        for (i, s) in slot.iter_mut().enumerate() {
            if chain.result(i).is_none() {
                *s = states.len() as u32;
                states.push(i);
            }
        }
        let t = states.len();
        let begins: Vec<bool> = states
            .iter()
            .map(|&s| starts_turn(chain.state(s)))
            .collect();
        let mut offsets = Vec::with_capacity(t + 1);
        let mut outgoing: Vec<(Goes, f64)> = Vec::new();
        let mut rates: Vec<Vec<(u32, f64)>> = Vec::with_capacity(t);
        for &s in &states {
            offsets.push(outgoing.len());
            let first = outgoing.len();
            let mut rate: Vec<(u32, f64)> = Vec::new();
            for tr in chain.transitions(s) {
                let goes = match slot[tr.target as usize] {
                    u32::MAX => Goes::Ends,
                    j if begins[j as usize] => Goes::NewTurn(j),
                    j => Goes::SameTurn(j),
                };
                match outgoing[first..].iter_mut().find(|e| e.0 == goes) {
                    Some(e) => e.1 += tr.probability,
                    None => outgoing.push((goes, tr.probability)),
                }
                for &k in chain.marks_of(tr) {
                    match rate.iter_mut().find(|r| r.0 == k) {
                        Some(r) => r.1 += tr.probability,
                        None => rate.push((k, tr.probability)),
                    }
                }
            }
            rates.push(rate);
        }
        offsets.push(outgoing.len());
        let mut into: Vec<Vec<(u32, f64, u8)>> = vec![Vec::new(); t];
        let mut ends: Vec<(u32, f64)> = Vec::new();
        for i in 0..t {
            for &(goes, p) in &outgoing[offsets[i]..offsets[i + 1]] {
                match goes {
                    Goes::Ends => ends.push((i as u32, p)),
                    Goes::NewTurn(j) => into[j as usize].push((i as u32, p, 1)),
                    Goes::SameTurn(j) => into[j as usize].push((i as u32, p, 0)),
                }
            }
        }
        let max_in = into.iter().map(Vec::len).max().unwrap_or(0);
        let mut in_offsets = Vec::with_capacity(t + 1);
        let mut incoming = Vec::with_capacity(outgoing.len());
        for list in into {
            in_offsets.push(incoming.len());
            incoming.extend(list);
        }
        in_offsets.push(incoming.len());
        TurnGraph {
            t,
            first: slot.first().map_or(0, |&s| s as usize),
            states,
            slots: slot,
            incoming,
            in_offsets,
            outgoing,
            offsets,
            ends,
            begins,
            rates,
            max_in,
        }
    }
}

/// How many turns one player of a chain takes to finish: made by
/// [`Chain::turn_counts`], it gives each seat's chance to win a race of
/// whole turns ([`TurnCounts::win_probability`]) at a fraction of the
/// cost of [`Chain::turns`], which also counts the steps.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnCounts {
    /// `survive[n]`: the probability of having completed `n` turns
    /// without finishing.
    survive: Vec<f64>,
    /// `finish[n]`: of finishing on turn `n`.
    finish: Vec<f64>,
    /// Where the walk stopped (its steps are turns).
    walked: Walked,
}

impl TurnCounts {
    /// Where the walk stopped: its `steps` are turns, its `remaining`
    /// the probability of a race of two seats still running, with what
    /// was set aside as negligible.
    pub fn walked(&self) -> Walked {
        self.walked
    }

    /// Each seat's chance to win a race of `seats` independent players
    /// taking whole turns, as [`Turns::win_probability`] gives it.
    pub fn win_probability(&self, seats: usize) -> Vec<f64> {
        win_probability(&self.survive, &self.finish, seats)
    }
}

/// Each seat's chance to win a race of `seats` players taking whole
/// turns in seat order, from one player's chance to survive each number
/// of turns and to finish on each turn.
fn win_probability(survive: &[f64], finish: &[f64], seats: usize) -> Vec<f64> {
    let k = seats.max(1);
    let mut win = vec![0.0; k];
    let s = |n: usize| survive.get(n).copied().unwrap_or(0.0);
    for (n, &f) in finish.iter().enumerate().skip(1) {
        let (after, before) = (s(n), s(n - 1));
        for (j, w) in win.iter_mut().enumerate() {
            *w += f * after.powi(j as i32) * before.powi((k - 1 - j) as i32);
        }
    }
    win
}

impl<G: BoardGame, M> Chain<G, M> {
    /// How many turns this one-player chain takes to finish, with
    /// `starts_turn` as for [`turns`](Self::turns): walked turn by turn,
    /// each turn's steps followed until the turn ends, without counting
    /// the steps. Enough for each seat's chance to win a race of two or
    /// more ([`TurnCounts::win_probability`]): the walk stops once two
    /// players would both still be running with probability below
    /// [`Limits::tail`]. A turn's steps of probability below
    /// `tail / (4 max_steps)` are set aside, as in [`turns`](Self::turns).
    /// Fails like [`walk`](Self::walk) past the time budget, on
    /// [`Limits::cancel`] or past [`Limits::max_steps`] turns.
    pub fn turn_counts(
        &self,
        limits: &Limits,
        starts_turn: impl Fn(&G::State) -> bool,
    ) -> Result<TurnCounts, ExactError> {
        if self.result(0).is_some() {
            return Ok(TurnCounts {
                survive: vec![1.0],
                finish: vec![0.0],
                walked: Walked {
                    steps: 0,
                    remaining: 0.0,
                    relative_error: 0.0,
                },
            });
        }
        let g = TurnGraph::of(self, &starts_turn);
        let t = g.t;
        let floor = limits.tail / (4.0 * f64::from(limits.max_steps.max(1)));
        let mut start = vec![0.0f64; t];
        start[g.first] = 1.0;
        let mut within = vec![0.0f64; t];
        let mut ahead = vec![0.0f64; t];
        let mut next = vec![0.0f64; t];
        let (mut survive, mut finish) = (vec![1.0], vec![0.0]);
        let mut set_aside = 0.0;
        let mut clock = Clock::start(limits, 1);
        for turn in 1..=limits.max_steps {
            clock.tick(|| Stage::Walking {
                step: turn - 1,
                remaining: survive.last().copied().unwrap_or(1.0),
            })?;
            // The turn's steps until it ends: `within` is the probability
            // still in the turn, `next` what begins the next one.
            std::mem::swap(&mut within, &mut start);
            next.fill(0.0);
            let mut finished = 0.0;
            loop {
                ahead.fill(0.0);
                let mut more = false;
                for (i, m) in within.iter_mut().enumerate() {
                    let x = std::mem::take(m);
                    if x == 0.0 {
                        continue;
                    }
                    if x < floor {
                        set_aside += x;
                        continue;
                    }
                    for &(goes, p) in &g.outgoing[g.offsets[i]..g.offsets[i + 1]] {
                        match goes {
                            Goes::Ends => finished += p * x,
                            Goes::NewTurn(j) => next[j as usize] += p * x,
                            Goes::SameTurn(j) => {
                                ahead[j as usize] += p * x;
                                more = true;
                            }
                        }
                    }
                }
                std::mem::swap(&mut within, &mut ahead);
                if !more {
                    break;
                }
            }
            std::mem::swap(&mut start, &mut next);
            let alive: f64 = start.iter().sum();
            survive.push(alive);
            finish.push(finished);
            if 2.0 * alive * alive < limits.tail {
                return Ok(TurnCounts {
                    survive,
                    finish,
                    walked: Walked {
                        steps: turn,
                        remaining: 2.0 * alive * alive + set_aside,
                        relative_error: Walked::rounding_bound(turn, t, g.outgoing.len(), g.max_in),
                    },
                });
            }
        }
        Err(ExactError::NotConverged {
            steps: limits.max_steps,
            remaining: survive.last().copied().unwrap_or(1.0),
        })
    }
}

impl Turns {
    /// Where the walk stopped.
    pub fn walked(&self) -> Walked {
        self.walked
    }

    /// The most turns any game of the walk reached.
    pub fn turns(&self) -> usize {
        self.alive.len().max(self.finished.len()).saturating_sub(1)
    }

    /// The probability of finishing on each turn, from turn 0 (never).
    pub fn finish_turn_pmf(&self) -> Vec<f64> {
        self.finished
            .iter()
            .map(|w| w.values.iter().sum())
            .collect()
    }

    /// Each seat's chance to win a race of `seats` independent players
    /// of this game: [`race`](Self::race)'s `win_probability`, without
    /// the rest of the race.
    pub fn win_probability(&self, seats: usize) -> Vec<f64> {
        if self.over_at_start {
            let mut win = vec![0.0; seats.max(1)];
            win[0] = 1.0;
            return win;
        }
        let survive: Vec<f64> = self.alive.iter().map(|w| w.values.iter().sum()).collect();
        win_probability(&survive, &self.finish_turn_pmf(), seats)
    }

    /// The race of `seats` independent players of this game (at least
    /// one), each taking whole turns in seat order (seat 0 first), the
    /// first to finish winning: if `S(n)` is the probability that one
    /// player has not finished after `n` turns, seat `j` wins on its
    /// `n`-th turn with probability `P(finish on turn n) · S(n)^j ·
    /// S(n-1)^(seats-1-j)`. Lengths, marks and the totals count steps, as
    /// [`Chain::race`] does; the total of a game is the sum of each
    /// seat's steps, whose distribution given the turns is that of
    /// independent players (a convolution).
    pub fn race(&self, seats: usize) -> Race {
        let k = seats.max(1);
        if self.over_at_start {
            let mut win_probability = vec![0.0; k];
            win_probability[0] = 1.0;
            return Race {
                seats: k,
                win_probability,
                total_pmf: vec![1.0],
                total_mean: 0.0,
                total_variance: 0.0,
                total_mode: 0,
                total_median: 0,
                total_min: 0,
                marks: vec![0.0; self.marks],
                walked: self.walked,
                relative_error: 0.0,
            };
        }
        let turns = self.turns();
        let survive: Vec<f64> = (0..=turns)
            .map(|n| self.alive.get(n).map_or(0.0, |w| w.values.iter().sum()))
            .collect();
        let finish = self.finish_turn_pmf();
        let s = |n: usize| survive.get(n).copied().unwrap_or(0.0);
        let f = |n: usize| finish.get(n).copied().unwrap_or(0.0);
        let win_probability = self.win_probability(k);
        // The chance that each turn is played: by each seat, the seats
        // before it having completed as many turns, those after it one
        // fewer.
        let last = self
            .occupancy
            .iter()
            .map(Vec::len)
            .max()
            .unwrap_or(0)
            .max(turns);
        let mut played = vec![0.0; last + 1];
        for (n, p) in played.iter_mut().enumerate().skip(1) {
            let (after, before) = (s(n), s(n - 1));
            for j in 0..k {
                *p += after.powi(j as i32) * before.powi((k - 1 - j) as i32);
            }
        }
        // Marks: each state's steps in turn n, weighted by the chance the
        // other seats let that turn be played.
        let mut marks = vec![0.0; self.marks];
        for (rate, occ) in self.rates.iter().zip(&self.occupancy) {
            let w: f64 = occ.iter().zip(&played[1..]).map(|(o, p)| o * p).sum();
            for &(m, r) in rate {
                marks[m as usize] += w * r;
            }
        }
        // The totals: the winner's steps on finishing, the seats before
        // it alive after as many turns, those after it one turn fewer.
        let empty = Window::default();
        let alive = |n: usize| self.alive.get(n).unwrap_or(&empty);
        let done = |n: usize| self.finished.get(n).unwrap_or(&empty);
        let mut moments = [0.0; 3];
        for n in 1..=turns {
            if f(n) == 0.0 {
                continue;
            }
            let (a, b, e) = (
                alive(n).moments(),
                alive(n - 1).moments(),
                done(n).moments(),
            );
            for j in 0..k {
                let mut m = e;
                for _ in 0..j {
                    m = combine(m, a);
                }
                for _ in 0..k - 1 - j {
                    m = combine(m, b);
                }
                for (x, y) in moments.iter_mut().zip(m) {
                    *x += y;
                }
            }
        }
        let total_mean = moments[1];
        let total_variance = (moments[2] - total_mean * total_mean).max(0.0);
        // The pmf, listed until the probability of a longer game is below
        // PMF_TAIL: turns are added until every total up to that point is
        // complete (turn n + 1 adds nothing below k n + 1 steps).
        let mut pmf: Vec<f64> = vec![0.0];
        let mut powers_before: Vec<Window> = powers(alive(0), k);
        let mut listed = None;
        for n in 1..=turns {
            let powers_after = powers(alive(n), k);
            let e = done(n);
            if !e.values.is_empty() {
                for j in 0..k {
                    let sum = e
                        .convolve(&powers_after[j])
                        .convolve(&powers_before[k - 1 - j]);
                    let end = sum.start as usize + sum.values.len();
                    if pmf.len() < end {
                        pmf.resize(end, 0.0);
                    }
                    for (i, &p) in sum.values.iter().enumerate() {
                        pmf[sum.start as usize + i] += p;
                    }
                }
            }
            powers_before = powers_after;
            // No one finished in n rounds: the rest of the games.
            let rest = s(n).powi(k as i32);
            if rest < PMF_TAIL {
                let complete = (k * n).min(pmf.len().saturating_sub(1));
                let mut tail = rest + pmf[complete + 1..].iter().sum::<f64>();
                let mut end = None;
                for i in (0..=complete).rev() {
                    if tail >= PMF_TAIL {
                        break;
                    }
                    end = Some(i);
                    tail += pmf[i];
                }
                if let Some(end) = end {
                    listed = Some(end);
                    break;
                }
            }
        }
        if let Some(end) = listed {
            pmf.truncate(end + 1);
        }
        let u = f64::EPSILON / 2.0;
        let kf = k as f64;
        let relative_error = (kf + 1.0) * self.walked.relative_error
            + (kf * self.widest as f64 + kf * f64::from(self.walked.steps) + 2.0 * kf + 4.0) * u;
        let mut summed = Moments::default();
        for (i, &p) in pmf.iter().enumerate() {
            summed.add(i as u32, p);
        }
        let (_, _, total_mode, total_median, total_min) = summed.finish(relative_error);
        Race {
            seats: k,
            win_probability,
            total_pmf: pmf,
            total_mean,
            total_variance,
            total_mode,
            total_median,
            total_min,
            marks,
            walked: Walked {
                remaining: kf * self.still * self.survived.powi(k as i32 - 1) + self.set_aside,
                ..self.walked
            },
            relative_error,
        }
    }
}

/// `y[..x.len()] += a x`, in blocks the compiler turns into vector
/// instructions.
#[inline]
pub(crate) fn axpy(y: &mut [f64], a: f64, x: &[f64]) {
    let y = &mut y[..x.len()];
    let mut ys = y.chunks_exact_mut(4);
    let mut xs = x.chunks_exact(4);
    for (y, x) in ys.by_ref().zip(xs.by_ref()) {
        y[0] += a * x[0];
        y[1] += a * x[1];
        y[2] += a * x[2];
        y[3] += a * x[3];
    }
    for (y, x) in ys.into_remainder().iter_mut().zip(xs.remainder()) {
        *y += a * x;
    }
}

/// The sum of `x`, in four running sums the compiler keeps in vector
/// registers (one running sum waits on each addition in turn).
#[inline]
pub(crate) fn sum(x: &[f64]) -> f64 {
    let mut acc = [0.0f64; 4];
    let mut chunks = x.chunks_exact(4);
    for c in chunks.by_ref() {
        acc[0] += c[0];
        acc[1] += c[1];
        acc[2] += c[2];
        acc[3] += c[3];
    }
    let rest: f64 = chunks.remainder().iter().sum();
    (acc[0] + acc[1]) + (acc[2] + acc[3]) + rest
}

/// `w` convolved with itself `0..k` times: `[one at 0, w, w * w, ...]`.
fn powers(w: &Window, k: usize) -> Vec<Window> {
    let mut out = vec![Window::at(0)];
    for i in 1..k {
        let next = out[i - 1].convolve(w);
        out.push(next);
    }
    out
}
