//! Who sits where, as the harness asks: [`Seating`], the agents of all
//! seats of one game. This is loop plumbing, not a second agent concept:
//! an agent is a [`tabula_core::Agent`]; a seating only says which agent
//! answers for which seat (one boxed agent per seat, a pair or an array
//! of agents monomorphized for the hot loop, or [`NoAgents`] for a game
//! that chance decides alone), and is the harness's decider in the one
//! game loop ([`game_loop::Decider`](crate::game_loop::Decider)).

use tabula_core::{Agent, BoardGame, GameRng, Seat};

/// The agents of all seats of one game, as the simulation harness calls
/// them. Use a `Vec<Box<dyn Agent<G>>>` (one per seat, as the registry
/// builds them), a pair or an array of agents (monomorphized: the harness
/// calls each directly, inlined), or [`NoAgents`]; implement it directly
/// only for a seating of one's own (agents that share what they learn).
pub trait Seating<G: BoardGame>: Send {
    /// Chooses a move for `seat`, or `None` if there is no agent for it.
    fn choose(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        rng: &mut GameRng,
    ) -> Option<G::Move>;

    /// [`choose`](Self::choose), with `moves`, a list the caller keeps
    /// from call to call and passes on to [`Agent::choose_with`]. The
    /// simulation harness calls this; the default calls
    /// [`choose`](Self::choose).
    #[inline]
    fn choose_with(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        rng: &mut GameRng,
        moves: &mut Vec<G::Move>,
    ) -> Option<G::Move> {
        let _ = moves;
        self.choose(game, state, seat, rng)
    }

    /// Called before each game. The default does nothing.
    fn new_game(&mut self, game: &G) {
        let _ = game;
    }

    /// Called after each game with its final state. The default does
    /// nothing.
    fn end_game(&mut self, game: &G, state: &G::State) {
        let _ = (game, state);
    }
}

/// No agents at all: for games where chance decides everything.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoAgents;

impl<G: BoardGame> Seating<G> for NoAgents {
    fn choose(&mut self, _: &G, _: &G::State, _: Seat, _: &mut GameRng) -> Option<G::Move> {
        None
    }
}

/// The agents of a sequence, one per seat in order: the same four
/// methods for a `Vec` of boxed agents and for an array.
macro_rules! agents_per_seat {
    ($(#[$doc:meta])* impl[$($generics:tt)*] for $agents:ty) => {
        $(#[$doc])*
        impl<$($generics)*> Seating<G> for $agents {
            #[inline]
            fn choose(
                &mut self,
                game: &G,
                state: &G::State,
                seat: Seat,
                rng: &mut GameRng,
            ) -> Option<G::Move> {
                let agent = self.get_mut(seat)?;
                Some(agent.choose(game, state, seat, rng))
            }

            #[inline]
            fn choose_with(
                &mut self,
                game: &G,
                state: &G::State,
                seat: Seat,
                rng: &mut GameRng,
                moves: &mut Vec<G::Move>,
            ) -> Option<G::Move> {
                let agent = self.get_mut(seat)?;
                Some(agent.choose_with(game, state, seat, rng, moves))
            }

            #[inline]
            fn new_game(&mut self, game: &G) {
                for (seat, agent) in self.iter_mut().enumerate() {
                    agent.new_game(game, seat);
                }
            }

            #[inline]
            fn end_game(&mut self, game: &G, state: &G::State) {
                for (seat, agent) in self.iter_mut().enumerate() {
                    agent.end_game(game, state, seat);
                }
            }
        }
    };
}

agents_per_seat!(
    /// One boxed agent per seat, as the registry builds them.
    impl[G: BoardGame] for Vec<Box<dyn Agent<G>>>
);

/// Two agents of possibly different types, one per seat: the
/// monomorphized seating of a two-seat game, so the simulation harness
/// calls each agent directly (inlined), with no box and no dynamic
/// dispatch per move. Seat 0 is the first.
///
/// ```
/// use tabula_core::{Agent, BoardGame, GameRng, Seat, game_rng};
/// use tabula_sim::Seating;
/// # use tabula_core::{GameResult, Status};
/// # struct Nim;
/// # impl BoardGame for Nim {
/// #     type State = (u8, Seat); type Move = u8; type Outcome = (); type Event = ();
/// #     fn seats(&self) -> usize { 2 }
/// #     fn initial_state(&self) -> (u8, Seat) { (10, 0) }
/// #     fn status(&self, s: &(u8, Seat)) -> Status { if s.0 == 0 { Status::Over(GameResult::Win(1 - s.1)) } else { Status::Decision(s.1) } }
/// #     fn apply_chance<E: FnMut(())>(&self, _: &mut (u8, Seat), _: (), _: &mut E) {}
/// #     fn apply_move<E: FnMut(())>(&self, s: &mut (u8, Seat), m: u8, _: &mut E) { s.0 -= m; s.1 = 1 - s.1 }
/// # }
/// struct Take(u8);
/// impl Agent<Nim> for Take {
///     fn choose(&mut self, _: &Nim, s: &(u8, Seat), _: Seat, _: &mut GameRng) -> u8 {
///         self.0.min(s.0)
///     }
/// }
/// let mut agents = (Take(1), Take(2));
/// let mut rng = game_rng(1, 0);
/// assert_eq!(agents.choose(&Nim, &(10, 1), 1, &mut rng), Some(2));
/// assert_eq!(agents.choose(&Nim, &(10, 2), 2, &mut rng), None);
/// ```
impl<G: BoardGame, A: Agent<G>, B: Agent<G>> Seating<G> for (A, B) {
    #[inline]
    fn choose(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        rng: &mut GameRng,
    ) -> Option<G::Move> {
        match seat {
            0 => Some(self.0.choose(game, state, seat, rng)),
            1 => Some(self.1.choose(game, state, seat, rng)),
            _ => None,
        }
    }

    #[inline]
    fn choose_with(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        rng: &mut GameRng,
        moves: &mut Vec<G::Move>,
    ) -> Option<G::Move> {
        match seat {
            0 => Some(self.0.choose_with(game, state, seat, rng, moves)),
            1 => Some(self.1.choose_with(game, state, seat, rng, moves)),
            _ => None,
        }
    }

    #[inline]
    fn new_game(&mut self, game: &G) {
        self.0.new_game(game, 0);
        self.1.new_game(game, 1);
    }

    #[inline]
    fn end_game(&mut self, game: &G, state: &G::State) {
        self.0.end_game(game, state, 0);
        self.1.end_game(game, state, 1);
    }
}

agents_per_seat!(
    /// `N` agents of one type, one per seat: a monomorphized seating for
    /// any number of seats (the agents may differ in their parameters).
    impl[G: BoardGame, A: Agent<G>, const N: usize] for [A; N]
);
