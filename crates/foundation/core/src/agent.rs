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

    /// Called before each game with the seat this agent plays. The default
    /// does nothing.
    fn new_game(&mut self, game: &G, seat: Seat) {
        let _ = (game, seat);
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

    /// Called before each game. The default does nothing.
    fn new_game(&mut self, game: &G) {
        let _ = game;
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

impl<G: BoardGame> Agents<G> for Vec<Box<dyn Agent<G>>> {
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

    fn new_game(&mut self, game: &G) {
        for (seat, agent) in self.iter_mut().enumerate() {
            agent.new_game(game, seat);
        }
    }
}
