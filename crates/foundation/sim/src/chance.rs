//! How chance is played: the opt-in [`Sampling`] of a game that samples
//! its chance itself, and the [`ChancePath`] that picks, once per game
//! type, between drawing from the listed outcomes ([`Listed`], any game)
//! and the game's own sampling ([`Sampled`]).
//!
//! A game's rules list their chance outcomes
//! ([`BoardGame::chance_outcomes`]); by default every way of playing draws
//! one of them by its probabilities ([`draw`]). A game implements
//! [`Sampling`] only to go faster (Snakes rolls its dice from one random
//! word and plays a whole run of throws in a tight loop; Backgammon rolls
//! two dice directly) or because its outcomes cannot be listed (Cruising's
//! gusts are continuous: it lists none and samples them).
//!
//! Without specialization the generic code that plays a game cannot ask
//! whether the game samples; the choice is made where the game's type is
//! known and handed down as a zero-sized value, a [`ChancePath`]: by a
//! typed entry point ([`Simulation::run_sampled`](crate::Simulation::run_sampled)),
//! or, at a game's registration, by [`chance_path!`](crate::chance_path),
//! which finds [`Sampled`] for a game that implements [`Sampling`] and
//! [`Listed`] for any other, at compile time. The two paths of a sampling
//! game play different games from the same stream (the game's draws are
//! its own), so every tool that plays it must take the same path: the
//! registration gives the one it found to all of them.
//!
//! ```
//! use tabula_core::{BoardGame, Chance, GameResult, Status, game_rng};
//! use tabula_sim::{ChancePath, Listed, Sampled, Sampling, chance_path};
//! use tabula_core::rand::{Rng, RngExt};
//!
//! /// Roll a die until a six.
//! struct UntilSix;
//! impl BoardGame for UntilSix {
//!     type State = bool;
//!     type Move = tabula_core::NoMove;
//!     type Outcome = u8;
//!     type Event = ();
//!     fn seats(&self) -> usize { 1 }
//!     fn initial_state(&self) -> bool { false }
//!     fn status(&self, done: &bool) -> Status {
//!         if *done { Status::Over(GameResult::Win(0)) } else { Status::Chance }
//!     }
//!     fn chance_outcomes(&self, _: &bool, out: &mut Vec<Chance<u8>>) {
//!         out.extend((1..=6).map(|f| Chance { outcome: f, probability: 1.0 / 6.0 }));
//!     }
//!     fn apply_chance<E: FnMut(())>(&self, done: &mut bool, face: u8, _: &mut E) {
//!         *done = face == 6;
//!     }
//!     fn apply_move<E: FnMut(())>(&self, _: &mut bool, m: Self::Move, _: &mut E) { match m {} }
//! }
//!
//! /// It rolls the die itself, without listing the faces.
//! impl Sampling for UntilSix {
//!     fn sample_chance<R: Rng + ?Sized>(&self, _: &bool, rng: &mut R, _: &mut Vec<Chance<u8>>) -> Option<u8> {
//!         Some(rng.random_range(1..=6))
//!     }
//! }
//!
//! // Where the game's type is known, its path is found for it.
//! let path = chance_path!(UntilSix);
//! let (mut state, mut rng) = (UntilSix.initial_state(), game_rng(1, 0));
//! let throws = path.run(&UntilSix, &mut state, &mut rng, 1000, &mut |_| {}, &mut Vec::new());
//! assert!(throws >= 1 && state);
//! // Either path plays the rules; each from its own draws.
//! let (mut state, mut rng) = (UntilSix.initial_state(), game_rng(1, 0));
//! Listed.run(&UntilSix, &mut state, &mut rng, 1000, &mut |_| {}, &mut Vec::new());
//! assert!(state);
//! ```

use tabula_core::rand::Rng;
use tabula_core::{BoardGame, Chance, Status, draw};

/// A game that samples its chance itself, faster than drawing from its
/// listed outcomes, or because it lists none (continuous outcomes): the
/// opt-in speed path beside the harness. Every way of playing the game
/// (the harness, the referee, terminal play, the search agents' playouts)
/// samples through it when the game's [`ChancePath`] is [`Sampled`].
///
/// Only [`sample_chance`](Self::sample_chance) is required. A game whose
/// turns are long runs of chance overrides
/// [`run_chance`](Self::run_chance) with a tighter loop; an override that
/// draws its outcomes otherwise than one
/// [`sample_chance`](Self::sample_chance) at a time (several dice from
/// one random word, [`WordDice`](tabula_core::WordDice)) overrides
/// [`run_chance_observed`](Self::run_chance_observed) too, with the same
/// draws: the two must play the same outcomes from the same stream, to
/// the same state, the same events and the same count, so that for the
/// same seed and agents every way of playing plays the same game
/// ([`conformance`](crate::conformance) checks it).
pub trait Sampling: BoardGame {
    /// Samples one outcome of the chance point at `state`, or `None` if
    /// there is none. `scratch` is a list the caller keeps from call to
    /// call, for a game that lists outcomes to sample among (its contents
    /// on entry mean nothing); a game that rolls directly ignores it.
    fn sample_chance<R: Rng + ?Sized>(
        &self,
        state: &Self::State,
        rng: &mut R,
        scratch: &mut Vec<Chance<Self::Outcome>>,
    ) -> Option<Self::Outcome>;

    /// Plays consecutive chance points from `state`, at most `limit` of
    /// them, stopping early when the state is no longer at
    /// [`Status::Chance`]; returns how many were played (0 at a chance
    /// state: the game has no outcome there). The harness plays chance
    /// through this; the default samples and applies one outcome at a
    /// time.
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

    /// [`run_chance`](Self::run_chance) for a caller that sees each step
    /// (the referee keeping a record, the terminal printing each roll):
    /// the same outcomes from the same draws, each shown to `observer`
    /// ([`ChanceObserver::outcome`]) before it is applied and its events
    /// after ([`ChanceObserver::event`]). The default is
    /// [`run_chance`](Self::run_chance)'s default, one
    /// [`sample_chance`](Self::sample_chance) at a time.
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
        while n < limit && self.status(state) == Status::Chance {
            let Some(outcome) = self.sample_chance(state, rng, scratch) else {
                break;
            };
            observer.outcome(state, &outcome);
            self.apply_chance(state, outcome, &mut |e| observer.event(e));
            n += 1;
        }
        n
    }
}

/// What sees a run of chance played by
/// [`ChancePath::run_observed`] ([`Sampling::run_chance_observed`]):
/// each outcome before it is applied, then the events applying it
/// reports.
pub trait ChanceObserver<G: BoardGame + ?Sized> {
    /// Chance gives `outcome` at `state`; it is applied next.
    fn outcome(&mut self, state: &G::State, outcome: &G::Outcome);

    /// Applying the outcome reported `event`.
    fn event(&mut self, event: G::Event);
}

/// How a game's chance is played: from its listed outcomes ([`Listed`])
/// or by its own [`Sampling`] ([`Sampled`]). A zero-sized value chosen
/// once, where the game's type is known ([`chance_path!`](crate::chance_path)),
/// and handed to every way of playing the game, so that each plays the
/// game the others play from the same seed.
pub trait ChancePath<G: BoardGame>: Copy + Send + Sync + 'static {
    /// One outcome of the chance point at `state`, or `None` if there is
    /// none; `scratch` as [`Sampling::sample_chance`]'s.
    fn sample<R: Rng + ?Sized>(
        self,
        game: &G,
        state: &G::State,
        rng: &mut R,
        scratch: &mut Vec<Chance<G::Outcome>>,
    ) -> Option<G::Outcome>;

    /// At most `limit` consecutive chance points from `state`, their
    /// events to `events`: [`Sampling::run_chance`].
    fn run<R: Rng + ?Sized, E: FnMut(G::Event)>(
        self,
        game: &G,
        state: &mut G::State,
        rng: &mut R,
        limit: u32,
        events: &mut E,
        scratch: &mut Vec<Chance<G::Outcome>>,
    ) -> u32;

    /// [`run`](Self::run) with each outcome shown to `observer` before
    /// it is applied, from the same draws:
    /// [`Sampling::run_chance_observed`].
    fn run_observed<R: Rng + ?Sized, O: ChanceObserver<G>>(
        self,
        game: &G,
        state: &mut G::State,
        rng: &mut R,
        limit: u32,
        observer: &mut O,
        scratch: &mut Vec<Chance<G::Outcome>>,
    ) -> u32;
}

/// Chance drawn from the listed outcomes
/// ([`BoardGame::chance_outcomes`], listed into the caller's list and
/// [`draw`]n): any game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Listed;

/// The outcome [`Listed`] draws at `state`: the outcomes listed into
/// `scratch` (cleared first), one [`draw`]n.
#[inline]
fn listed<G: BoardGame, R: Rng + ?Sized>(
    game: &G,
    state: &G::State,
    rng: &mut R,
    scratch: &mut Vec<Chance<G::Outcome>>,
) -> Option<G::Outcome> {
    scratch.clear();
    game.chance_outcomes(state, scratch);
    draw(scratch, rng)
}

impl<G: BoardGame> ChancePath<G> for Listed {
    #[inline(always)]
    fn sample<R: Rng + ?Sized>(
        self,
        game: &G,
        state: &G::State,
        rng: &mut R,
        scratch: &mut Vec<Chance<G::Outcome>>,
    ) -> Option<G::Outcome> {
        listed(game, state, rng, scratch)
    }

    #[inline]
    fn run<R: Rng + ?Sized, E: FnMut(G::Event)>(
        self,
        game: &G,
        state: &mut G::State,
        rng: &mut R,
        limit: u32,
        events: &mut E,
        scratch: &mut Vec<Chance<G::Outcome>>,
    ) -> u32 {
        let mut n = 0;
        while n < limit && game.status(state) == Status::Chance {
            let Some(outcome) = listed(game, state, rng, scratch) else {
                break;
            };
            game.apply_chance(state, outcome, events);
            n += 1;
        }
        n
    }

    #[inline]
    fn run_observed<R: Rng + ?Sized, O: ChanceObserver<G>>(
        self,
        game: &G,
        state: &mut G::State,
        rng: &mut R,
        limit: u32,
        observer: &mut O,
        scratch: &mut Vec<Chance<G::Outcome>>,
    ) -> u32 {
        let mut n = 0;
        while n < limit && game.status(state) == Status::Chance {
            let Some(outcome) = listed(game, state, rng, scratch) else {
                break;
            };
            observer.outcome(state, &outcome);
            game.apply_chance(state, outcome, &mut |e| observer.event(e));
            n += 1;
        }
        n
    }
}

/// Chance by the game's own [`Sampling`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sampled;

impl<G: Sampling> ChancePath<G> for Sampled {
    #[inline(always)]
    fn sample<R: Rng + ?Sized>(
        self,
        game: &G,
        state: &G::State,
        rng: &mut R,
        scratch: &mut Vec<Chance<G::Outcome>>,
    ) -> Option<G::Outcome> {
        game.sample_chance(state, rng, scratch)
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
        game.run_chance(state, rng, limit, events, scratch)
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
        game.run_chance_observed(state, rng, limit, observer, scratch)
    }
}

/// What [`chance_path!`](crate::chance_path) expands to needs: the
/// probe, found by method resolution on a reference (the impl for
/// `&Probe` applies only when the game samples). Not for direct use.
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

    /// Found when the game samples: its receiver is `&Probe`, which
    /// method lookup tries before `Probe`.
    pub trait BySampling {
        /// The path.
        fn chance_path(self) -> Sampled;
    }

    impl<G: Sampling> BySampling for &Probe<G> {
        fn chance_path(self) -> Sampled {
            Sampled
        }
    }

    /// Found otherwise.
    pub trait ByListing {
        /// The path.
        fn chance_path(self) -> Listed;
    }

    impl<G: BoardGame> ByListing for Probe<G> {
        fn chance_path(self) -> Listed {
            Listed
        }
    }
}

/// The [`ChancePath`] of a game type, found where the type is known (at
/// its registration, in a test): [`Sampled`] if it implements
/// [`Sampling`], [`Listed`] otherwise, chosen at compile time.
///
/// ```
/// # use tabula_core::{BoardGame, Chance, GameResult, Status};
/// # struct Coin;
/// # impl BoardGame for Coin {
/// #     type State = bool; type Move = tabula_core::NoMove; type Outcome = bool; type Event = ();
/// #     fn seats(&self) -> usize { 1 }
/// #     fn initial_state(&self) -> bool { false }
/// #     fn status(&self, s: &bool) -> Status { if *s { Status::Over(GameResult::Win(0)) } else { Status::Chance } }
/// #     fn chance_outcomes(&self, _: &bool, out: &mut Vec<Chance<bool>>) {
/// #         out.extend([true, false].map(|o| Chance { outcome: o, probability: 0.5 }));
/// #     }
/// #     fn apply_chance<E: FnMut(())>(&self, s: &mut bool, o: bool, _: &mut E) { *s = o }
/// #     fn apply_move<E: FnMut(())>(&self, _: &mut bool, m: Self::Move, _: &mut E) { match m {} }
/// # }
/// // A game that only lists its outcomes is played from the list.
/// assert_eq!(tabula_sim::chance_path!(Coin), tabula_sim::Listed);
/// ```
#[macro_export]
macro_rules! chance_path {
    ($game:ty) => {{
        #[allow(unused_imports)]
        use $crate::chance::probe::{ByListing as _, BySampling as _};
        (&$crate::chance::probe::Probe::<$game>(::core::marker::PhantomData)).chance_path()
    }};
}
