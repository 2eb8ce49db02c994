//! The one agent concept: [`Agent`], whatever chooses moves. A fixed
//! rule, a randomised rule, a search, a solved policy and a person at a
//! prompt are all agents; a fixed rule also says its distribution over
//! the legal moves ([`Agent::probabilities`]), so exact analysis can fold
//! it into the game.
//!
//! The common shapes need no trait of their own, only a value:
//! [`Rule`] (a closure picking one of the legal moves, deterministic),
//! [`Randomized`] (a closure giving each legal move's probability), and
//! [`Rule::shared`] (one solved rule, [`Pick`], shared by every seat and
//! thread that plays it).

use std::sync::Arc;

use rand::RngExt as _;

use crate::{BoardGame, GameRng, Seat};

/// Whatever chooses moves for one seat of a game: a fixed rule, a
/// randomised rule, a search, a solved policy, a person at a prompt.
///
/// One method is required, [`choose`](Self::choose). An agent whose
/// choice is a fixed function of the state (possibly randomised: a
/// *rule*) says so by giving its distribution over the legal moves,
/// [`probabilities`](Self::probabilities); exact analysis then folds it
/// into the game and solves the game with it exactly. [`Rule`] and
/// [`Randomized`] give both methods from one closure.
///
/// Randomised agents draw from the [`GameRng`] passed in, never from a
/// thread RNG. It is the agent's own stream ([`agent_rng`](crate::agent_rng)):
/// separate from the dice and from the other seats, so a randomised agent
/// does not change the rolls that follow, and two agents compared with
/// the same seed face the same dice.
///
/// An agent is `Send` and `Sync`: a tournament moves it to a worker
/// thread, and exact analysis reads a rule's probabilities from several
/// threads at once.
///
/// ```
/// use tabula_core::{Agent, BoardGame, GameRng, Rule, Seat, game_rng};
/// # use tabula_core::{GameResult, Status};
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
/// /// Takes as much as it may: an agent with a mind of its own.
/// struct Grabby;
/// impl Agent<Nim> for Grabby {
///     fn choose(&mut self, _: &Nim, pile: &u8, _: Seat, _: &mut GameRng) -> u8 {
///         (*pile).min(2)
///     }
/// }
///
/// // The same play as a rule: the first of the legal moves (2, then 1).
/// let mut rule = Rule::new::<Nim>(|_, _, _, _| 0);
/// let mut rng = game_rng(1, 0);
/// assert_eq!(Grabby.choose(&Nim, &10, 0, &mut rng), rule.choose(&Nim, &10, 0, &mut rng));
///
/// // Only the rule says its distribution, so only it can be solved exactly.
/// let mut p = Vec::new();
/// assert!(rule.probabilities(&Nim, &10, 0, &[2, 1], &mut p));
/// assert_eq!(p, [1.0, 0.0]);
/// assert!(!Grabby.probabilities(&Nim, &10, 0, &[2, 1], &mut Vec::new()));
/// ```
pub trait Agent<G: BoardGame>: Send + Sync {
    /// Chooses a legal move for `seat` at `state`.
    fn choose(&mut self, game: &G, state: &G::State, seat: Seat, rng: &mut GameRng) -> G::Move;

    /// [`choose`](Self::choose), with `moves`: a list the caller keeps
    /// from call to call (its contents on entry mean nothing), for an
    /// agent that lists the legal moves to pick among, so that a decision
    /// allocates nothing. The simulation harness calls this. The default
    /// calls [`choose`](Self::choose); [`Rule`] and [`Randomized`] list
    /// into `moves`.
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

    /// This agent's distribution over `moves`, the legal moves at `state`
    /// (in the order [`BoardGame::legal_moves`] lists them), if it is a
    /// rule: its choice a fixed function of the state, possibly
    /// randomised. A rule pushes onto `out` one probability per move,
    /// summing to one, and returns `true`; exact analysis folds it into
    /// the game this way. The default returns `false` and pushes nothing:
    /// the agent is no rule (a search, a person, anything that remembers),
    /// and exact analysis refuses it.
    fn probabilities(
        &self,
        game: &G,
        state: &G::State,
        seat: Seat,
        moves: &[G::Move],
        out: &mut Vec<f64>,
    ) -> bool {
        let _ = (game, state, seat, moves, out);
        false
    }
}

/// A deterministic rule as a value that many agents share: the index,
/// among the legal moves at a state, of the move to play. A solved
/// policy is one (solved once, played by every seat, worker and seating
/// that holds it); [`Rule::shared`] plays it.
pub type Pick<G> =
    dyn Fn(&G, &<G as BoardGame>::State, Seat, &[<G as BoardGame>::Move]) -> usize + Send + Sync;

/// A deterministic rule: a closure that picks the index of the move to
/// play among the legal moves, `(game, state, seat, moves) -> index`.
/// It plays that move, and gives exact analysis that move with
/// probability 1.
///
/// ```
/// use tabula_core::{Agent, Rule, game_rng};
/// # use tabula_core::{BoardGame, GameResult, Status};
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
/// /// Leaves a multiple of three when it can (the moves are [2, 1] or [1]).
/// fn perfect() -> impl Agent<Nim> {
///     Rule::new::<Nim>(|_, pile, _, moves| moves.iter().position(|m| (pile - m) % 3 == 0).unwrap_or(0))
/// }
/// assert_eq!(perfect().choose(&Nim, &10, 0, &mut game_rng(1, 0)), 1);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Rule<F>(pub F);

impl<F> Rule<F> {
    /// The rule of `pick`, for game `G` (named, so the closure's
    /// arguments need no types): `Rule::new::<Pig>(|game, state, seat,
    /// moves| ...)`.
    pub fn new<G>(pick: F) -> Rule<F>
    where
        G: BoardGame,
        F: Fn(&G, &G::State, Seat, &[G::Move]) -> usize + Send + Sync,
    {
        Rule(pick)
    }
}

impl Rule<()> {
    /// A shared rule ([`Pick`]) as an agent: every agent made from one
    /// `Arc` plays the one rule (a solved policy, solved once).
    pub fn shared<G: BoardGame>(pick: Arc<Pick<G>>) -> impl Agent<G> + Clone {
        Rule(
            move |game: &G, state: &G::State, seat: Seat, moves: &[G::Move]| {
                pick(game, state, seat, moves)
            },
        )
    }
}

impl<G, F> Agent<G> for Rule<F>
where
    G: BoardGame,
    F: Fn(&G, &G::State, Seat, &[G::Move]) -> usize + Send + Sync,
{
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
        let pick = (self.0)(game, state, seat, moves);
        moves.swap_remove(pick)
    }

    /// The picked move, with probability 1.
    fn probabilities(
        &self,
        game: &G,
        state: &G::State,
        seat: Seat,
        moves: &[G::Move],
        out: &mut Vec<f64>,
    ) -> bool {
        let pick = (self.0)(game, state, seat, moves);
        out.extend((0..moves.len()).map(|i| if i == pick { 1.0 } else { 0.0 }));
        true
    }
}

/// A randomised rule: a closure that pushes the probability of each
/// legal move, `(game, state, seat, moves, out)`, summing to one. It
/// draws each move with those probabilities from the agent's own stream
/// (one draw a decision), and gives exact analysis the same
/// probabilities.
///
/// ```
/// use tabula_core::{Agent, Randomized};
/// # use tabula_core::{BoardGame, GameResult, Status};
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
/// let coin = Randomized::new::<Nim>(|_, _, _, moves, out| {
///     out.extend(moves.iter().map(|_| 1.0 / moves.len() as f64))
/// });
/// let mut p = Vec::new();
/// assert!(coin.probabilities(&Nim, &10, 0, &[2, 1], &mut p));
/// assert_eq!(p, [0.5, 0.5]);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Randomized<F>(pub F);

impl<F> Randomized<F> {
    /// The randomised rule of `probabilities`, for game `G` (named, so
    /// the closure's arguments need no types).
    pub fn new<G>(probabilities: F) -> Randomized<F>
    where
        G: BoardGame,
        F: Fn(&G, &G::State, Seat, &[G::Move], &mut Vec<f64>) + Send + Sync,
    {
        Randomized(probabilities)
    }
}

impl<G, F> Agent<G> for Randomized<F>
where
    G: BoardGame,
    F: Fn(&G, &G::State, Seat, &[G::Move], &mut Vec<f64>) + Send + Sync,
{
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
        moves.clear();
        game.legal_moves(state, moves);
        let mut probabilities = Vec::with_capacity(moves.len());
        (self.0)(game, state, seat, moves, &mut probabilities);
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

    fn probabilities(
        &self,
        game: &G,
        state: &G::State,
        seat: Seat,
        moves: &[G::Move],
        out: &mut Vec<f64>,
    ) -> bool {
        (self.0)(game, state, seat, moves, out);
        true
    }
}
