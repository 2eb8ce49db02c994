use rand::{Rng, RngExt};

use crate::Results;

/// A seat at the table, numbered from 0 in turn order.
pub type Seat = usize;

/// How a finished game ended, in short: one winner or nobody. Each
/// seat's score and rank (ties among any seats) are
/// [`BoardGame::results`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// This seat won (in a one-seat game: finished).
    Win(Seat),
    /// Nobody won alone: a draw, or a tie for first place among some
    /// seats ([`BoardGame::results`] says which).
    Draw,
}

/// What happens next in a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Chance decides: sample or list the outcomes.
    Chance,
    /// This seat must choose a move. A seat may decide several times in a
    /// row (a multi-move turn, a follow-up capture).
    Decision(Seat),
    /// The game is over.
    Over(GameResult),
}

/// One outcome of a chance point with its probability.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Chance<O> {
    /// The outcome (a die face, a sum of dice, ...).
    pub outcome: O,
    /// Its probability; the outcomes of one chance point sum to one.
    pub probability: f64,
}

/// A game definition: validated and immutable, shared by every playout.
///
/// The state is a separate, cheap, cloneable value. Chance is explicit: at a
/// [`Status::Chance`] state the game lists its outcomes with probabilities
/// ([`chance_outcomes`](Self::chance_outcomes), used by exact analysis) and
/// samples one ([`sample_chance`](Self::sample_chance), used by simulation;
/// override it when sampling can be faster than listing). Player decisions
/// go through an [`Agent`](crate::Agent); a game with no decisions (Snakes
/// and Ladders) uses [`Infallible`](std::convert::Infallible) as its move
/// type and runs with no agent at all.
///
/// One loop plays every game (`tabula_sim::game_loop`): the simulation
/// harness, the referee, terminal play and replay are that loop with
/// different deciders, chance sources and observers, so for the same seed
/// and agents they play the same game, whoever watches: chance plays
/// through [`run_chance`](Self::run_chance), or, when each outcome is
/// watched, [`run_chance_observed`](Self::run_chance_observed), with the
/// same draws.
///
/// Applying an outcome or a move reports what happened through `events`,
/// a closure the caller passes in: simulation hands it to statistics
/// collectors, a trace prints it, analysis ignores it. The methods are
/// generic over that closure, so a simulation loop is monomorphized with
/// no boxing or dynamic dispatch per move.
pub trait BoardGame: Send + Sync {
    /// Everything that changes during play.
    type State: Clone + Send;
    /// A player decision (a placement, a step, "stop" or "roll again"):
    /// plain data, shared between threads (an agent keeps moves; see
    /// [`Agent`](crate::Agent)).
    type Move: Clone + std::fmt::Debug + Send + Sync;
    /// The result of a chance point (a roll of the dice): plain data.
    type Outcome: Copy + std::fmt::Debug + Send + Sync;
    /// What applying an outcome or move reports.
    type Event;

    /// Number of seats (players) in one game.
    fn seats(&self) -> usize;

    /// The state before the first move.
    fn initial_state(&self) -> Self::State;

    /// Whether chance, a seat or nobody (game over) acts next.
    fn status(&self, state: &Self::State) -> Status;

    /// Applies a chance outcome at a [`Status::Chance`] state.
    fn apply_chance<E: FnMut(Self::Event)>(
        &self,
        state: &mut Self::State,
        outcome: Self::Outcome,
        events: &mut E,
    );

    /// Applies a legal move at a [`Status::Decision`] state. Callers check
    /// legality first (see [`legal_moves`](Self::legal_moves)).
    fn apply_move<E: FnMut(Self::Event)>(
        &self,
        state: &mut Self::State,
        mv: Self::Move,
        events: &mut E,
    );

    /// Lists the outcomes of the chance point at `state` with their
    /// probabilities, appending to `out`. The default lists none, which is
    /// right for games without chance.
    fn chance_outcomes(&self, state: &Self::State, out: &mut Vec<Chance<Self::Outcome>>) {
        let _ = (state, out);
    }

    /// Samples one outcome of the chance point at `state`, or `None` if the
    /// game lists no outcomes there. The default lists the
    /// [`chance_outcomes`](Self::chance_outcomes) into `scratch` (cleared
    /// first; a buffer the caller keeps from call to call, so sampling
    /// allocates nothing) and draws one by its probability. Games override
    /// it to roll directly, without a list (and then ignore `scratch`).
    fn sample_chance<R: Rng + ?Sized>(
        &self,
        state: &Self::State,
        rng: &mut R,
        scratch: &mut Vec<Chance<Self::Outcome>>,
    ) -> Option<Self::Outcome> {
        scratch.clear();
        self.chance_outcomes(state, scratch);
        let last = scratch.last()?.outcome;
        let mut x: f64 = rng.random();
        for c in scratch.iter() {
            if x < c.probability {
                return Some(c.outcome);
            }
            x -= c.probability;
        }
        Some(last)
    }

    /// Plays consecutive chance points from `state`, at most `limit` of
    /// them, stopping early when the state is no longer at
    /// [`Status::Chance`]; returns how many were played. The harness calls
    /// this; the default samples and applies one outcome at a time. Games
    /// whose turns are long runs of chance (Snakes and Ladders) override it
    /// with a tighter loop that keeps the state in locals. `scratch` is
    /// [`sample_chance`](Self::sample_chance)'s buffer, kept by the caller.
    ///
    /// Every game is played by one loop, `tabula_sim::game_loop`: the
    /// simulation harness, the referee, terminal play and the replay of a
    /// record differ only in who decides (agents, checked and timed
    /// agents, people, a record's moves), where chance comes from (the
    /// dice stream, or a record's outcomes) and what sees the steps. From
    /// the dice stream the loop plays chance through this method, or,
    /// when something wants each outcome (the referee keeping steps for a
    /// record, the terminal printing them), through
    /// [`run_chance_observed`](Self::run_chance_observed), which plays the
    /// same run and shows each outcome before applying it.
    ///
    /// An override may draw its outcomes differently from
    /// [`sample_chance`](Self::sample_chance), e.g. several dice from one
    /// random word ([`WordDice`](crate::WordDice)), and then overrides
    /// [`run_chance_observed`](Self::run_chance_observed) too, with the
    /// same draws: the two must play the same outcomes from the same
    /// stream, to the same state, the same events and the same count, so
    /// that for the same seed and agents every way of playing plays the
    /// same game (`tabula_sim::conformance` checks it).
    ///
    /// Returning 0 at a chance state means the game listed no outcomes.
    #[inline]
    fn run_chance<R: Rng + ?Sized, E: FnMut(Self::Event)>(
        &self,
        state: &mut Self::State,
        rng: &mut R,
        limit: u32,
        events: &mut E,
        scratch: &mut Vec<Chance<Self::Outcome>>,
    ) -> u32 {
        let mut n = 0;
        while n < limit && self.status(state) == Status::Chance {
            let Some(outcome) = self.sample_chance(state, rng, scratch) else {
                break;
            };
            self.apply_chance(state, outcome, events);
            n += 1;
        }
        n
    }

    /// [`run_chance`](Self::run_chance) for a caller that sees each step:
    /// the same outcomes from the same draws, each shown to `observer`
    /// ([`ChanceObserver::outcome`]) before it is applied and its events
    /// after ([`ChanceObserver::event`]). Before each outcome is drawn the
    /// observer may end the run ([`ChanceObserver::go_on`]: a person
    /// quitting at a pause); the state is then still at a chance point.
    /// Returns how many outcomes were played.
    ///
    /// The loop plays chance through this when its observer wants every
    /// step (the referee keeping a record, the terminal, a collector that
    /// records). The default is [`run_chance`](Self::run_chance)'s
    /// default, one [`sample_chance`](Self::sample_chance) at a time; a
    /// game that overrides `run_chance` to draw otherwise overrides this
    /// with the same draws.
    #[inline]
    fn run_chance_observed<R: Rng + ?Sized, O: ChanceObserver<Self>>(
        &self,
        state: &mut Self::State,
        rng: &mut R,
        limit: u32,
        observer: &mut O,
        scratch: &mut Vec<Chance<Self::Outcome>>,
    ) -> u32 {
        let mut n = 0;
        while n < limit && self.status(state) == Status::Chance && observer.go_on(state) {
            let Some(outcome) = self.sample_chance(state, rng, scratch) else {
                break;
            };
            observer.outcome(state, &outcome);
            self.apply_chance(state, outcome, &mut |e| observer.event(e));
            n += 1;
        }
        n
    }

    /// Lists the legal moves at a [`Status::Decision`] state, appending to
    /// `out`. The default lists none.
    fn legal_moves(&self, state: &Self::State, out: &mut Vec<Self::Move>) {
        let _ = (state, out);
    }

    /// Whether `mv` is legal at `state`: what a referee checks of every
    /// answer an agent gives. The default lists the
    /// [`legal_moves`](Self::legal_moves) into `scratch` (cleared first; a
    /// buffer the caller keeps from call to call, so checking allocates
    /// nothing) and looks for `mv` among them. Games override it with a
    /// direct test (is the cell free?) when that is cheaper; it must agree
    /// with `legal_moves`.
    fn is_legal(&self, state: &Self::State, mv: &Self::Move, scratch: &mut Vec<Self::Move>) -> bool
    where
        Self::Move: PartialEq,
    {
        scratch.clear();
        self.legal_moves(state, scratch);
        scratch.contains(mv)
    }

    /// Whether chance can give `outcome` at the [`Status::Chance`] state
    /// `state`: what replay checks of every recorded outcome. The default
    /// lists the [`chance_outcomes`](Self::chance_outcomes) into `scratch`
    /// (cleared first) and looks for `outcome` among those of positive
    /// probability. A game whose outcomes are continuous (drawn by
    /// [`sample_chance`](Self::sample_chance), never listed) overrides it
    /// with a direct test.
    fn is_possible(
        &self,
        state: &Self::State,
        outcome: &Self::Outcome,
        scratch: &mut Vec<Chance<Self::Outcome>>,
    ) -> bool
    where
        Self::Outcome: PartialEq,
    {
        scratch.clear();
        self.chance_outcomes(state, scratch);
        scratch
            .iter()
            .any(|c| c.outcome == *outcome && c.probability > 0.0)
    }

    /// Each seat's score and rank in a finished game, or `None` while it
    /// goes on. The default derives them from [`Status::Over`]'s
    /// [`GameResult`] (see [`Results::of`]); override it when seats end
    /// with points or ties among some of them.
    fn results(&self, state: &Self::State) -> Option<Results> {
        match self.status(state) {
            Status::Over(result) => Some(Results::of(result, self.seats())),
            _ => None,
        }
    }
}

/// What sees a run of chance played by
/// [`BoardGame::run_chance_observed`]: each outcome before it is applied,
/// then the events applying it reports; and, before each outcome is
/// drawn, whether to play it at all.
pub trait ChanceObserver<G: BoardGame + ?Sized> {
    /// Whether to draw and play another outcome at `state`, a chance
    /// point (default yes). `false` ends the run before the draw, the
    /// state still at that chance point: a person quitting at a pause.
    /// A run stopped before its first outcome returns 0, which the game
    /// loop reads as "no outcomes listed"; an observer that stops there
    /// must say so itself (as `tabula_sim::game_loop`'s `Paced` does,
    /// returning its stop).
    #[inline(always)]
    fn go_on(&mut self, state: &G::State) -> bool {
        let _ = state;
        true
    }

    /// Chance gives `outcome` at `state`; it is applied next.
    fn outcome(&mut self, state: &G::State, outcome: &G::Outcome);

    /// Applying the outcome reported `event`.
    fn event(&mut self, event: G::Event);
}

/// The move type of a game decided by chance alone: no value exists.
/// Unlike [`Infallible`](std::convert::Infallible) it reads and writes
/// (serde), so such a game's records work like any other's.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum NoMove {}
