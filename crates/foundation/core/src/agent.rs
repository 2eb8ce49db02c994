use crate::{BoardGame, GameRng, Seat};

/// Something that makes decisions for one seat of a game: a strategy, a
/// search, a human at a prompt.
///
/// Randomized agents draw from the [`GameRng`] passed in, never from a
/// thread RNG. It is the agent's own stream ([`agent_rng`](crate::agent_rng)):
/// separate from the dice and from the other seats, so a randomised agent
/// does not change the rolls that follow, and two agents compared with
/// the same seed face the same dice.
pub trait Agent<G: BoardGame>: Send {
    /// Chooses a legal move for `seat` at `state`.
    fn choose(&mut self, game: &G, state: &G::State, seat: Seat, rng: &mut GameRng) -> G::Move;

    /// [`choose`](Self::choose), with `moves`: a list the caller keeps
    /// from call to call (its contents on entry mean nothing), for an
    /// agent that lists the legal moves to pick among, so that a decision
    /// allocates nothing. The simulation harness calls this. The default
    /// calls [`choose`](Self::choose); [`PolicyAgent`] and [`Sampled`]
    /// list into `moves`.
    #[inline]
    fn choose_with(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        rng: &mut GameRng,
        moves: &mut Vec<G::Move>,
    ) -> G::Move {
        let _ = moves;
        self.choose(game, state, seat, rng)
    }

    /// Called before each game with the seat this agent plays. The default
    /// does nothing.
    fn new_game(&mut self, game: &G, seat: Seat) {
        let _ = (game, seat);
    }

    /// Called after each game that ended (finished, capped or forfeited)
    /// with the final state and the seat this agent played: an agent that
    /// learns or keeps statistics across games updates them here. The
    /// default does nothing.
    fn end_game(&mut self, game: &G, state: &G::State, seat: Seat) {
        let _ = (game, state, seat);
    }

    /// This agent as a [`Policy`], if its choice is a fixed function of
    /// the state (a strategy, possibly randomised), so exact analysis can
    /// fold it into the game. `None` (the default) for searches, humans
    /// and anything that remembers.
    fn policy(&self) -> Option<&dyn Policy<G>> {
        None
    }
}

/// A fixed way to decide: at every decision state, a probability for each
/// legal move. Exact analysis folds policies into a game and solves it as
/// a Markov chain; a deterministic strategy is the special case of one
/// move with probability 1 ([`Deterministic`] gives it for free).
///
/// ```
/// use tabula_core::{BoardGame, Policy, Seat};
/// # use tabula_core::{Chance, GameResult, Status};
/// # struct Nim;
/// # impl BoardGame for Nim {
/// #     type State = u8; type Move = u8; type Outcome = (); type Event = ();
/// #     fn seats(&self) -> usize { 2 }
/// #     fn initial_state(&self) -> u8 { 10 }
/// #     fn status(&self, s: &u8) -> Status { if *s == 0 { Status::Over(GameResult::Win(0)) } else { Status::Decision(0) } }
/// #     fn apply_chance<E: FnMut(())>(&self, _: &mut u8, _: (), _: &mut E) {}
/// #     fn apply_move<E: FnMut(())>(&self, s: &mut u8, m: u8, _: &mut E) { *s -= m }
/// #     fn legal_moves(&self, s: &u8, out: &mut Vec<u8>) { out.extend((1..=(*s).min(2)).rev()) }
/// # }
/// /// Takes one or two at random, evenly.
/// struct Coin;
/// impl Policy<Nim> for Coin {
///     fn probabilities(&self, _: &Nim, _: &u8, _: Seat, moves: &[u8], out: &mut Vec<f64>) {
///         out.extend(moves.iter().map(|_| 1.0 / moves.len() as f64));
///     }
/// }
/// let mut p = Vec::new();
/// Coin.probabilities(&Nim, &10, 0, &[2, 1], &mut p);
/// assert_eq!(p, [0.5, 0.5]);
/// ```
pub trait Policy<G: BoardGame>: Send + Sync {
    /// Pushes onto `out` the probability of each of `moves` (the state's
    /// legal moves, in the order [`BoardGame::legal_moves`] lists them)
    /// for `seat` at `state`. They must sum to one.
    fn probabilities(
        &self,
        game: &G,
        state: &G::State,
        seat: Seat,
        moves: &[G::Move],
        out: &mut Vec<f64>,
    );
}

/// A deterministic strategy: one move per state, given by its index in
/// the legal moves. Implement this and wrap it in [`PolicyAgent`] to get
/// both an [`Agent`] and a [`Policy`].
pub trait Deterministic<G: BoardGame>: Send + Sync {
    /// The index in `moves` (the legal moves) of the move to play.
    fn pick(&self, game: &G, state: &G::State, seat: Seat, moves: &[G::Move]) -> usize;
}

/// A shared strategy decides as the strategy it shares: one solve serves
/// every agent, worker and seating that holds it.
impl<G: BoardGame, D: Deterministic<G> + ?Sized> Deterministic<G> for std::sync::Arc<D> {
    fn pick(&self, game: &G, state: &G::State, seat: Seat, moves: &[G::Move]) -> usize {
        (**self).pick(game, state, seat, moves)
    }
}

/// A deterministic strategy is a policy with one move of probability 1.
/// A newtype keeps this from colliding with hand-written policies.
impl<G: BoardGame, D: Deterministic<G>> Policy<G> for PolicyAgent<D> {
    fn probabilities(
        &self,
        game: &G,
        state: &G::State,
        seat: Seat,
        moves: &[G::Move],
        out: &mut Vec<f64>,
    ) {
        let pick = self.0.pick(game, state, seat, moves);
        out.extend((0..moves.len()).map(|i| if i == pick { 1.0 } else { 0.0 }));
    }
}

/// An agent that plays a [`Deterministic`] strategy, and offers it as a
/// [`Policy`] to exact analysis. For a randomised policy, use
/// [`Sampled`].
#[derive(Clone, Debug, Default)]
pub struct PolicyAgent<D>(pub D);

impl<G: BoardGame, D: Deterministic<G> + 'static> Agent<G> for PolicyAgent<D> {
    fn choose(&mut self, game: &G, state: &G::State, seat: Seat, rng: &mut GameRng) -> G::Move {
        self.choose_with(game, state, seat, rng, &mut Vec::new())
    }

    #[inline]
    fn choose_with(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        _: &mut GameRng,
        moves: &mut Vec<G::Move>,
    ) -> G::Move {
        moves.clear();
        game.legal_moves(state, moves);
        let pick = self.0.pick(game, state, seat, moves);
        moves.swap_remove(pick)
    }

    fn policy(&self) -> Option<&dyn Policy<G>> {
        Some(self)
    }
}

/// An agent that plays a randomised [`Policy`], drawing each move with
/// the policy's probabilities from the agent's own stream.
#[derive(Clone, Debug, Default)]
pub struct Sampled<P>(pub P);

impl<G: BoardGame, P: Policy<G> + 'static> Agent<G> for Sampled<P> {
    fn choose(&mut self, game: &G, state: &G::State, seat: Seat, rng: &mut GameRng) -> G::Move {
        self.choose_with(game, state, seat, rng, &mut Vec::new())
    }

    fn choose_with(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        rng: &mut GameRng,
        moves: &mut Vec<G::Move>,
    ) -> G::Move {
        use rand::RngExt as _;
        moves.clear();
        game.legal_moves(state, moves);
        let mut probabilities = Vec::with_capacity(moves.len());
        self.0
            .probabilities(game, state, seat, moves, &mut probabilities);
        let mut u: f64 = rng.random();
        let mut pick = moves.len().saturating_sub(1);
        for (i, p) in probabilities.iter().enumerate() {
            if u < *p {
                pick = i;
                break;
            }
            u -= p;
        }
        moves.swap_remove(pick)
    }

    fn policy(&self) -> Option<&dyn Policy<G>> {
        Some(&self.0)
    }
}

/// The agents of all seats of one game, as the simulation harness sees
/// them. Implement it directly for a monomorphized set of agents, or use a
/// `Vec<Box<dyn Agent<G>>>` (one per seat).
pub trait Agents<G: BoardGame>: Send {
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

impl<G: BoardGame> Agents<G> for NoAgents {
    fn choose(&mut self, _: &G, _: &G::State, _: Seat, _: &mut GameRng) -> Option<G::Move> {
        None
    }
}

/// The agents of a sequence, one per seat in order: the same four
/// methods for a `Vec` of boxed agents and for an array.
macro_rules! agents_per_seat {
    ($(#[$doc:meta])* impl[$($generics:tt)*] for $agents:ty) => {
        $(#[$doc])*
        impl<$($generics)*> Agents<G> for $agents {
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
/// monomorphized set for a two-seat game, so the simulation harness
/// calls each agent directly (inlined), with no box and no dynamic
/// dispatch per move. Seat 0 is the first.
///
/// ```
/// use tabula_core::{Agent, Agents, BoardGame, GameRng, Seat, game_rng};
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
impl<G: BoardGame, A: Agent<G>, B: Agent<G>> Agents<G> for (A, B) {
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
    /// `N` agents of one type, one per seat: a monomorphized set for any
    /// number of seats (the agents may differ in their parameters).
    impl[G: BoardGame, A: Agent<G>, const N: usize] for [A; N]
);
