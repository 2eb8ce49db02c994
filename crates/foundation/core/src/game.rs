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
    /// Nobody won: every seat lost (a one-player game lost: the goal not
    /// reached in time). Each seat's score is still its own
    /// ([`Results::lost`](crate::Results::lost)).
    Lost,
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
/// The trait is the rules, and only the rules: what a game is (its seats,
/// its states, who acts next, the chance outcomes and the legal moves,
/// what each does, who won). The state is a separate, cheap, cloneable
/// value. Chance is explicit: at a [`Status::Chance`] state the game lists
/// its outcomes with probabilities
/// ([`chance_outcomes`](Self::chance_outcomes)), which serves both exact
/// analysis and simulation (the framework draws one, [`draw`]). Player
/// decisions go through an [`Agent`](crate::Agent); a game with no
/// decisions (Snakes and Ladders) uses [`NoMove`] (or
/// [`Infallible`](std::convert::Infallible)) as its move type and runs
/// with no agent at all.
///
/// A game implements more only to go faster or to look different, each an
/// opt-in trait beside the tool that uses it: sampling its chance rather
/// than drawing from the list, or running long stretches of chance in a
/// tight loop (`tabula_sim::Sampling`: Snakes, Backgammon; Cruising's
/// continuous gusts are sampled, never listed), counting its landings in
/// bulk (`tabula_sim::Tallied`), checking an answer or a recorded outcome
/// directly rather than against the lists (`tabula_play::Legality`:
/// Cruising's continuous helm, noline's free cells), its notation at the
/// terminal (`tabula_play::Notation`), an evaluation for the search
/// agents (`tabula_search::Heuristic`), a numbering of its states for the
/// exact solver (`tabula_exact::Dense`).
///
/// One loop plays every game (`tabula_sim::game_loop`): the simulation
/// harness, the referee, terminal play and replay are that loop with
/// different deciders, chance sources and observers, so for the same seed
/// and agents they play the same game, whoever watches.
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

    /// Lists the outcomes of the chance point at `state` with their
    /// probabilities, appending to `out`. The default lists none, which is
    /// right for games without chance (and for a game whose outcomes are
    /// continuous, which samples them instead: `tabula_sim::Sampling`).
    fn chance_outcomes(&self, state: &Self::State, out: &mut Vec<Chance<Self::Outcome>>) {
        let _ = (state, out);
    }

    /// Applies a chance outcome at a [`Status::Chance`] state.
    fn apply_chance<E: FnMut(Self::Event)>(
        &self,
        state: &mut Self::State,
        outcome: Self::Outcome,
        events: &mut E,
    );

    /// Lists the legal moves at a [`Status::Decision`] state, appending to
    /// `out`. The default lists none.
    fn legal_moves(&self, state: &Self::State, out: &mut Vec<Self::Move>) {
        let _ = (state, out);
    }

    /// Applies a legal move at a [`Status::Decision`] state. Callers check
    /// legality first (see [`legal_moves`](Self::legal_moves)).
    fn apply_move<E: FnMut(Self::Event)>(
        &self,
        state: &mut Self::State,
        mv: Self::Move,
        events: &mut E,
    );

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

/// Draws one of `chances`, the outcomes of a chance point, by their
/// probabilities: one uniform number in `[0, 1)` from `rng`, walked along
/// the outcomes in order (the last where rounding leaves it past them
/// all). `None` when there are no outcomes. This is how the framework
/// samples a game's listed chance
/// ([`BoardGame::chance_outcomes`]) unless the game samples it itself.
///
/// ```
/// use tabula_core::{Chance, draw, game_rng};
///
/// let coin = [Chance { outcome: 'H', probability: 0.5 }, Chance { outcome: 'T', probability: 0.5 }];
/// let face = draw(&coin, &mut game_rng(1, 0)).ok_or("no outcomes")?;
/// assert!(face == 'H' || face == 'T');
/// assert_eq!(draw::<char, _>(&[], &mut game_rng(1, 0)), None);
/// # Ok::<_, &str>(())
/// ```
#[inline]
pub fn draw<O: Copy, R: Rng + ?Sized>(chances: &[Chance<O>], rng: &mut R) -> Option<O> {
    let last = chances.last()?.outcome;
    let mut x: f64 = rng.random();
    for c in chances {
        if x < c.probability {
            return Some(c.outcome);
        }
        x -= c.probability;
    }
    Some(last)
}

/// The move type of a game decided by chance alone: no value exists.
/// Unlike [`Infallible`](std::convert::Infallible) it reads and writes
/// (serde), so such a game's records work like any other's.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum NoMove {}
