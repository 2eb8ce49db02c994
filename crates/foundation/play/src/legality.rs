//! How a game's answers are checked and its chance is played, beside the
//! referee, replay and terminal play: the opt-in [`Legality`] of a game
//! that tests a move or a recorded outcome directly, and the [`Paths`]
//! that carry, once per game type, both the way its chance is played
//! (a [`ChancePath`]) and the way its answers are checked (a
//! [`CheckPath`]) to every tool that plays it.
//!
//! By default the referee checks an agent's answer against the game's
//! listed legal moves, and replay a recorded outcome against its listed
//! outcomes. A game implements [`Legality`] only to check faster (noline
//! tests a cell for being free) or because it lists nothing to check
//! against (Cruising's helm and gusts are continuous: it tests each
//! directly). [`paths!`](crate::paths) finds, where the game's type is
//! known (its registration), [`Direct`] for a game that implements it
//! and [`Listed`] otherwise, beside its chance path
//! ([`tabula_sim::chance_path!`]).
//!
//! ```
//! use tabula_core::{BoardGame, Chance, GameResult, Status};
//! use tabula_play::legality::{CheckPath, Legality};
//! use tabula_play::paths;
//!
//! /// Say any whole number from 1 to a million: the first to say more than
//! /// the other wins.
//! struct Bid;
//! impl BoardGame for Bid {
//!     type State = Vec<u32>;
//!     type Move = u32;
//!     type Outcome = ();
//!     type Event = ();
//!     fn seats(&self) -> usize { 2 }
//!     fn initial_state(&self) -> Vec<u32> { Vec::new() }
//!     fn status(&self, bids: &Vec<u32>) -> Status {
//!         match bids[..] {
//!             [a, b] => Status::Over(if a >= b { GameResult::Win(0) } else { GameResult::Win(1) }),
//!             _ => Status::Decision(bids.len()),
//!         }
//!     }
//!     fn apply_chance<E: FnMut(())>(&self, _: &mut Vec<u32>, _: (), _: &mut E) {}
//!     fn apply_move<E: FnMut(())>(&self, bids: &mut Vec<u32>, bid: u32, _: &mut E) { bids.push(bid) }
//!     fn legal_moves(&self, _: &Vec<u32>, out: &mut Vec<u32>) { out.extend(1..=1_000_000) }
//! }
//!
//! /// A bid is legal if it is in range: no list of a million to search.
//! impl Legality for Bid {
//!     fn is_legal(&self, _: &Vec<u32>, bid: &u32, _: &mut Vec<u32>) -> bool {
//!         (1..=1_000_000).contains(bid)
//!     }
//! }
//!
//! let paths = paths!(Bid);
//! assert!(paths.is_legal(&Bid, &Vec::new(), &17, &mut Vec::new()));
//! assert!(!paths.is_legal(&Bid, &Vec::new(), &0, &mut Vec::new()));
//! ```

use tabula_core::rand::Rng;
use tabula_core::{BoardGame, Chance};
pub use tabula_sim::{ChanceObserver, ChancePath, Listed, Sampled};

/// A game that checks an answer or a recorded outcome directly, faster
/// than against its lists, or because it lists none (continuous moves or
/// outcomes): the opt-in check beside the referee, replay and terminal
/// play, used when the game's [`CheckPath`] is [`Direct`]. Both methods
/// have the lists' answer as their default; each override must agree
/// with the game's lists where it lists anything.
pub trait Legality: BoardGame {
    /// Whether `mv` is legal at `state`: what a referee checks of every
    /// answer an agent gives, what replay checks of every recorded move.
    /// The default lists the [`legal_moves`](BoardGame::legal_moves)
    /// into `scratch` (cleared first; a buffer the caller keeps from call
    /// to call) and looks for `mv` among them.
    fn is_legal(&self, state: &Self::State, mv: &Self::Move, scratch: &mut Vec<Self::Move>) -> bool
    where
        Self::Move: PartialEq,
    {
        listed_legal(self, state, mv, scratch)
    }

    /// Whether chance can give `outcome` at the [`Status::Chance`](tabula_core::Status::Chance)
    /// state `state`: what replay checks of every recorded outcome. The
    /// default lists the [`chance_outcomes`](BoardGame::chance_outcomes)
    /// into `scratch` (cleared first) and looks for `outcome` among those
    /// of positive probability.
    fn is_possible(
        &self,
        state: &Self::State,
        outcome: &Self::Outcome,
        scratch: &mut Vec<Chance<Self::Outcome>>,
    ) -> bool
    where
        Self::Outcome: PartialEq,
    {
        listed_possible(self, state, outcome, scratch)
    }
}

/// `mv` among the listed legal moves at `state`.
fn listed_legal<G: BoardGame + ?Sized>(
    game: &G,
    state: &G::State,
    mv: &G::Move,
    scratch: &mut Vec<G::Move>,
) -> bool
where
    G::Move: PartialEq,
{
    scratch.clear();
    game.legal_moves(state, scratch);
    scratch.contains(mv)
}

/// `outcome` among the listed outcomes of positive probability at
/// `state`.
fn listed_possible<G: BoardGame + ?Sized>(
    game: &G,
    state: &G::State,
    outcome: &G::Outcome,
    scratch: &mut Vec<Chance<G::Outcome>>,
) -> bool
where
    G::Outcome: PartialEq,
{
    scratch.clear();
    game.chance_outcomes(state, scratch);
    scratch
        .iter()
        .any(|c| c.outcome == *outcome && c.probability > 0.0)
}

/// How a game's answers and recorded outcomes are checked: against its
/// lists ([`Listed`]) or by its own [`Legality`] ([`Direct`]). A
/// zero-sized value chosen once, where the game's type is known.
pub trait CheckPath<G: BoardGame>: Copy + Send + Sync + 'static {
    /// Whether `mv` is legal at `state` ([`Legality::is_legal`]).
    fn is_legal(self, game: &G, state: &G::State, mv: &G::Move, scratch: &mut Vec<G::Move>) -> bool
    where
        G::Move: PartialEq;

    /// Whether chance can give `outcome` at `state`
    /// ([`Legality::is_possible`]).
    fn is_possible(
        self,
        game: &G,
        state: &G::State,
        outcome: &G::Outcome,
        scratch: &mut Vec<Chance<G::Outcome>>,
    ) -> bool
    where
        G::Outcome: PartialEq;
}

impl<G: BoardGame> CheckPath<G> for Listed {
    fn is_legal(self, game: &G, state: &G::State, mv: &G::Move, scratch: &mut Vec<G::Move>) -> bool
    where
        G::Move: PartialEq,
    {
        listed_legal(game, state, mv, scratch)
    }

    fn is_possible(
        self,
        game: &G,
        state: &G::State,
        outcome: &G::Outcome,
        scratch: &mut Vec<Chance<G::Outcome>>,
    ) -> bool
    where
        G::Outcome: PartialEq,
    {
        listed_possible(game, state, outcome, scratch)
    }
}

/// Answers and outcomes checked by the game's own [`Legality`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Direct;

impl<G: Legality> CheckPath<G> for Direct {
    fn is_legal(self, game: &G, state: &G::State, mv: &G::Move, scratch: &mut Vec<G::Move>) -> bool
    where
        G::Move: PartialEq,
    {
        game.is_legal(state, mv, scratch)
    }

    fn is_possible(
        self,
        game: &G,
        state: &G::State,
        outcome: &G::Outcome,
        scratch: &mut Vec<Chance<G::Outcome>>,
    ) -> bool
    where
        G::Outcome: PartialEq,
    {
        game.is_possible(state, outcome, scratch)
    }
}

/// A game's two paths, as its registration finds them
/// ([`paths!`](crate::paths)): how its chance is played (`chance`, a
/// [`ChancePath`]) and how its answers are checked (`checks`, a
/// [`CheckPath`]). Every tool that plays the game takes these, so all of
/// them play one game from one seed. [`Paths::LISTED`] lists both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Paths<C = Listed, K = Listed> {
    /// How chance is played.
    pub chance: C,
    /// How answers are checked.
    pub checks: K,
}

impl Paths<Listed, Listed> {
    /// Chance drawn from the listed outcomes, answers checked against the
    /// listed moves: any game.
    pub const LISTED: Paths<Listed, Listed> = Paths {
        chance: Listed,
        checks: Listed,
    };
}

impl<G: BoardGame, C: ChancePath<G>, K: Copy + Send + Sync + 'static> ChancePath<G>
    for Paths<C, K>
{
    #[inline(always)]
    fn sample<R: Rng + ?Sized>(
        self,
        game: &G,
        state: &G::State,
        rng: &mut R,
        scratch: &mut Vec<Chance<G::Outcome>>,
    ) -> Option<G::Outcome> {
        self.chance.sample(game, state, rng, scratch)
    }

    #[inline(always)]
    fn run<R: Rng + ?Sized, E: FnMut(G::Event)>(
        self,
        game: &G,
        state: &mut G::State,
        rng: &mut R,
        limit: u32,
        events: &mut E,
        scratch: &mut Vec<Chance<G::Outcome>>,
    ) -> u32 {
        self.chance.run(game, state, rng, limit, events, scratch)
    }

    #[inline(always)]
    fn run_observed<R: Rng + ?Sized, O: ChanceObserver<G>>(
        self,
        game: &G,
        state: &mut G::State,
        rng: &mut R,
        limit: u32,
        observer: &mut O,
        scratch: &mut Vec<Chance<G::Outcome>>,
    ) -> u32 {
        self.chance
            .run_observed(game, state, rng, limit, observer, scratch)
    }
}

impl<G: BoardGame, C: Copy + Send + Sync + 'static, K: CheckPath<G>> CheckPath<G> for Paths<C, K> {
    fn is_legal(self, game: &G, state: &G::State, mv: &G::Move, scratch: &mut Vec<G::Move>) -> bool
    where
        G::Move: PartialEq,
    {
        self.checks.is_legal(game, state, mv, scratch)
    }

    fn is_possible(
        self,
        game: &G,
        state: &G::State,
        outcome: &G::Outcome,
        scratch: &mut Vec<Chance<G::Outcome>>,
    ) -> bool
    where
        G::Outcome: PartialEq,
    {
        self.checks.is_possible(game, state, outcome, scratch)
    }
}

/// Both of a game's paths: what the referee, the terminal and a
/// tournament take ([`Paths`] is one).
pub trait PlayPaths<G: BoardGame>: ChancePath<G> + CheckPath<G> {}

impl<G: BoardGame, P: ChancePath<G> + CheckPath<G>> PlayPaths<G> for P {}

/// What [`paths!`](crate::paths) expands to needs: the probe, found by
/// method resolution on a reference (the impl for `&Probe` applies only
/// when the game checks directly). Not for direct use.
#[doc(hidden)]
pub mod probe {
    use super::*;

    /// The type the probe's methods are looked up on.
    pub struct Probe<G>(pub std::marker::PhantomData<fn() -> G>);

    impl<G> Clone for Probe<G> {
        fn clone(&self) -> Self {
            *self
        }
    }

    impl<G> Copy for Probe<G> {}

    /// Found when the game checks directly.
    pub trait ByLegality {
        /// The path.
        fn check_path(self) -> Direct;
    }

    impl<G: Legality> ByLegality for &Probe<G> {
        fn check_path(self) -> Direct {
            Direct
        }
    }

    /// Found otherwise.
    pub trait ByLists {
        /// The path.
        fn check_path(self) -> Listed;
    }

    impl<G: BoardGame> ByLists for Probe<G> {
        fn check_path(self) -> Listed {
            Listed
        }
    }
}

/// The [`Paths`] of a game type, found where the type is known (at its
/// registration, in a test): its chance path
/// ([`tabula_sim::chance_path!`]: [`Sampled`] if it implements
/// [`Sampling`](tabula_sim::Sampling)) and its check path ([`Direct`] if
/// it implements [`Legality`], [`Listed`] otherwise), chosen at compile
/// time.
#[macro_export]
macro_rules! paths {
    ($game:ty) => {{
        #[allow(unused_imports)]
        use $crate::legality::probe::{ByLegality as _, ByLists as _};
        $crate::legality::Paths {
            chance: $crate::__sim::chance_path!($game),
            checks: (&$crate::legality::probe::Probe::<$game>(::core::marker::PhantomData))
                .check_path(),
        }
    }};
}
