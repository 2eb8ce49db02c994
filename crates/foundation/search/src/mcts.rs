//! `Mcts`: Monte Carlo tree search (UCT) for any number of seats, with
//! chance points.

use rand::RngExt;
use tabula_core::{Agent, BoardGame, Chance, GameRng, Seat, Status};
use tabula_sim::{ChancePath, Listed};

use crate::budget::{Budget, Clock};
use crate::heuristic::{Heuristic, evaluation, moves, points};

/// Playouts per move when no budget is given.
pub const DEFAULT_BUDGET: Budget = Budget::Work(1_000);

/// Steps (decisions and chance points) a playout may run before the
/// evaluation scores it.
pub const PLAYOUT_STEPS: u32 = 40;

/// The most memory the search tree of one agent may take, in bytes. When
/// the tree is full the search stops and the agent answers with what it
/// has, whatever its budget.
pub const MAX_TREE_BYTES: usize = 64 << 20;

const EXPLORATION: f64 = std::f64::consts::SQRT_2;

/// What led to a node.
#[derive(Clone, Debug)]
enum Edge<M, O> {
    Root,
    Move(M),
    Outcome(O, f64),
}

/// What an expansion did.
enum Grown {
    /// The node has children now.
    Children,
    /// The node has none: the game is over, or nothing is listed.
    Leaf,
    /// The tree has no room for them.
    Full,
}

#[derive(Clone, Debug)]
struct Node<M, O> {
    edge: Edge<M, O>,
    /// The seat that made the move into this node (none for outcomes).
    mover: Option<Seat>,
    first_child: u32,
    children: u32,
    expanded: bool,
    visits: u32,
    /// The points of `mover` summed over the playouts through here.
    reward: f64,
}

/// Monte Carlo tree search with the UCB1 rule (exploration constant √2).
///
/// Each playout walks down the tree, choosing by UCB1 at decisions and
/// drawing an outcome by its probability at chance points; adds the
/// children of the node it reaches; then plays on with
/// [`Heuristic::playout_move`] among the
/// [`candidate_moves`](Heuristic::candidate_moves) and chance sampled by
/// the game's path `C` ([`ChancePath::sample`]: its listed outcomes, or
/// its own [`Sampling`](tabula_sim::Sampling), as everywhere it is
/// played; [`with_chance`](Mcts::with_chance)), for at most
/// [`PLAYOUT_STEPS`] steps. Each seat is rewarded with its
/// [`Results::points`](tabula_core::Results::points) in a finished game,
/// or `(evaluate + 1) / 2` at the cap (with two seats, one evaluation:
/// the other seat's is its negation); each node keeps the rewards of the
/// seat that moved into it, so any number of seats, and seats moving
/// several times in a row, are handled. The move played is the most
/// visited. The tree takes at most [`MAX_TREE_BYTES`].
///
/// # Panics
///
/// [`choose`](Agent::choose) panics at a state with no legal move.
pub struct Mcts<G: BoardGame, C = Listed> {
    /// How playouts sample chance.
    chance: C,
    budget: Budget,
    playout_steps: u32,
    nodes: Vec<Node<G::Move, G::Outcome>>,
    path: Vec<u32>,
    moves: Vec<G::Move>,
    outcomes: Vec<Chance<G::Outcome>>,
    rewards: Vec<f64>,
    playouts: u64,
}

impl<G: BoardGame, C> std::fmt::Debug for Mcts<G, C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mcts")
            .field("budget", &self.budget)
            .field("playout_steps", &self.playout_steps)
            .field("tree_nodes", &self.nodes.len())
            .finish()
    }
}

impl<G: Heuristic> Default for Mcts<G> {
    fn default() -> Self {
        Mcts::new(DEFAULT_BUDGET)
    }
}

impl<G: Heuristic> Mcts<G> {
    /// An agent with this many playouts (or this much time) per move, its
    /// playouts drawing chance from the game's listed outcomes (see
    /// [`with_chance`](Self::with_chance)).
    pub fn new(budget: Budget) -> Mcts<G> {
        Mcts {
            chance: Listed,
            budget,
            playout_steps: PLAYOUT_STEPS,
            nodes: Vec::new(),
            path: Vec::new(),
            moves: Vec::new(),
            outcomes: Vec::new(),
            rewards: Vec::new(),
            playouts: 0,
        }
    }
}

impl<G: Heuristic, C: ChancePath<G>> Mcts<G, C> {
    /// The same agent, its playouts sampling chance by `chance`, the
    /// game's path ([`tabula_sim::chance_path!`]): a game that samples
    /// its chance itself is searched with the chance it is played with.
    pub fn with_chance<D: ChancePath<G>>(self, chance: D) -> Mcts<G, D> {
        Mcts {
            chance,
            budget: self.budget,
            playout_steps: self.playout_steps,
            nodes: self.nodes,
            path: self.path,
            moves: self.moves,
            outcomes: self.outcomes,
            rewards: self.rewards,
            playouts: self.playouts,
        }
    }

    /// The same agent with playouts of at most `steps` steps.
    pub fn with_playout_steps(mut self, steps: u32) -> Mcts<G, C> {
        self.playout_steps = steps;
        self
    }

    /// The most nodes the tree may hold.
    pub fn max_tree_nodes() -> usize {
        MAX_TREE_BYTES / std::mem::size_of::<Node<G::Move, G::Outcome>>()
    }

    /// Nodes in the search tree of the last answer.
    pub fn tree_nodes(&self) -> usize {
        self.nodes.len()
    }

    /// Playouts run for the last answer.
    pub fn playouts(&self) -> u64 {
        self.playouts
    }

    /// The most visited move for `seat` at `state` after the budget's
    /// playouts, or `None` when there is no legal move. A single
    /// candidate is answered with no search.
    pub fn best_move(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        rng: &mut GameRng,
    ) -> Option<G::Move> {
        let _ = seat;
        self.playouts = 0;
        let mut root = Vec::new();
        moves(game, state, &mut root);
        if root.len() <= 1 {
            return root.pop();
        }
        self.nodes.clear();
        self.nodes.push(Node {
            edge: Edge::Root,
            mover: None,
            first_child: 0,
            children: 0,
            expanded: false,
            visits: 0,
            reward: 0.0,
        });
        self.rewards.clear();
        self.rewards.resize(game.seats(), 0.0);
        let clock = Clock::start(self.budget);
        while !clock.spent(self.playouts, 16) {
            if !self.playout(game, state, rng) {
                break;
            }
            self.playouts += 1;
        }
        let root_node = &self.nodes[0];
        let start = root_node.first_child as usize;
        let end = start + root_node.children as usize;
        let best = (start..end).max_by_key(|&i| (self.nodes[i].visits, std::cmp::Reverse(i)));
        match best.map(|i| &self.nodes[i].edge) {
            Some(Edge::Move(mv)) => Some(mv.clone()),
            _ => root.into_iter().next(),
        }
    }

    /// One playout from the root; false when the tree is full.
    fn playout(&mut self, game: &G, root: &G::State, rng: &mut GameRng) -> bool {
        let mut state = root.clone();
        self.path.clear();
        self.path.push(0);
        let mut index = 0usize;
        // Selection.
        while self.nodes[index].expanded {
            index = self.select(game, &state, index, rng);
            self.step(game, &mut state, index);
            self.path.push(index as u32);
        }
        // Expansion, while the tree has room.
        match self.expand(game, &state, index) {
            Grown::Children => {
                index = self.select(game, &state, index, rng);
                self.step(game, &mut state, index);
                self.path.push(index as u32);
            }
            Grown::Leaf => {}
            Grown::Full => return false,
        }
        self.simulate(game, &mut state, rng);
        for &i in &self.path {
            let node = &mut self.nodes[i as usize];
            node.visits += 1;
            if let Some(m) = node.mover {
                node.reward += self.rewards.get(m).copied().unwrap_or(0.0);
            }
        }
        true
    }

    fn step(&self, game: &G, state: &mut G::State, index: usize) {
        match &self.nodes[index].edge {
            Edge::Move(mv) => game.apply_move(state, mv.clone(), &mut |_| {}),
            Edge::Outcome(o, _) => game.apply_chance(state, *o, &mut |_| {}),
            Edge::Root => {}
        }
    }

    /// Room for `needed` nodes: grows by doubling, never past
    /// [`MAX_TREE_BYTES`] (`needed` is within it).
    fn reserve(&mut self, needed: usize) {
        if needed > self.nodes.capacity() {
            let want = (self.nodes.capacity() * 2).clamp(needed, Self::max_tree_nodes());
            self.nodes.reserve_exact(want - self.nodes.len());
        }
    }

    /// Adds the children of the leaf `index` at `state`.
    fn expand(&mut self, game: &G, state: &G::State, index: usize) -> Grown {
        let first = self.nodes.len();
        let max = Self::max_tree_nodes();
        match game.status(state) {
            Status::Over(_) => return Grown::Leaf,
            Status::Decision(seat) => {
                let mut list = std::mem::take(&mut self.moves);
                moves(game, state, &mut list);
                if list.is_empty() || first + list.len() > max {
                    let grown = if list.is_empty() {
                        Grown::Leaf
                    } else {
                        Grown::Full
                    };
                    self.moves = list;
                    return grown;
                }
                self.reserve(first + list.len());
                self.nodes.extend(list.drain(..).map(|mv| Node {
                    edge: Edge::Move(mv),
                    mover: Some(seat),
                    first_child: 0,
                    children: 0,
                    expanded: false,
                    visits: 0,
                    reward: 0.0,
                }));
                self.moves = list;
            }
            Status::Chance => {
                let mut list = std::mem::take(&mut self.outcomes);
                list.clear();
                game.chance_outcomes(state, &mut list);
                if list.is_empty() || first + list.len() > max {
                    let grown = if list.is_empty() {
                        Grown::Leaf
                    } else {
                        Grown::Full
                    };
                    self.outcomes = list;
                    return grown;
                }
                self.reserve(first + list.len());
                self.nodes.extend(list.drain(..).map(|c| Node {
                    edge: Edge::Outcome(c.outcome, c.probability),
                    mover: None,
                    first_child: 0,
                    children: 0,
                    expanded: false,
                    visits: 0,
                    reward: 0.0,
                }));
                self.outcomes = list;
            }
        }
        let children = (self.nodes.len() - first) as u32;
        let node = &mut self.nodes[index];
        node.first_child = first as u32;
        node.children = children;
        node.expanded = true;
        Grown::Children
    }

    /// The child to follow: by UCB1 at a decision (unvisited children
    /// first, in random order), by probability at a chance point.
    fn select(&self, game: &G, state: &G::State, index: usize, rng: &mut GameRng) -> usize {
        let node = &self.nodes[index];
        let start = node.first_child as usize;
        let end = start + node.children as usize;
        if game.status(state) == Status::Chance {
            let mut x: f64 = rng.random();
            for i in start..end {
                if let Edge::Outcome(_, p) = self.nodes[i].edge {
                    if x < p {
                        return i;
                    }
                    x -= p;
                }
            }
            return end - 1;
        }
        let log_n = f64::from(node.visits.max(1)).ln();
        let mut best = start;
        let mut best_score = f64::NEG_INFINITY;
        for i in start..end {
            let c = &self.nodes[i];
            let score = if c.visits == 0 {
                1e9 + rng.random::<f64>()
            } else {
                let n = f64::from(c.visits);
                c.reward / n + EXPLORATION * (log_n / n).sqrt()
            };
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }

    /// Plays on from `state` and sets each seat's reward.
    fn simulate(&mut self, game: &G, state: &mut G::State, rng: &mut GameRng) {
        for _ in 0..self.playout_steps {
            match game.status(state) {
                Status::Over(_) => break,
                Status::Chance => match self.chance.sample(game, state, rng, &mut self.outcomes) {
                    Some(o) => game.apply_chance(state, o, &mut |_| {}),
                    None => break,
                },
                Status::Decision(_) => {
                    moves(game, state, &mut self.moves);
                    if self.moves.is_empty() {
                        break;
                    }
                    let i = game
                        .playout_move(state, &self.moves, rng)
                        .min(self.moves.len() - 1);
                    let mv = self.moves.swap_remove(i);
                    game.apply_move(state, mv, &mut |_| {});
                }
            }
        }
        let status = game.status(state);
        if let (Status::Decision(_) | Status::Chance, [first, second]) =
            (status, self.rewards.as_mut_slice())
        {
            // Two seats: one evaluation, the other's is its negation.
            *first = (evaluation(game, state, 0) + 1.0) / 2.0;
            *second = 1.0 - *first;
            return;
        }
        for (seat, reward) in self.rewards.iter_mut().enumerate() {
            *reward = match status {
                Status::Over(result) => points(game, state, result, seat),
                _ => (evaluation(game, state, seat) + 1.0) / 2.0,
            };
        }
    }
}

impl<G: Heuristic, C: ChancePath<G>> Agent<G> for Mcts<G, C> {
    fn choose(&mut self, game: &G, state: &G::State, seat: Seat, rng: &mut GameRng) -> G::Move {
        self.best_move(game, state, seat, rng)
            .expect("a decision state has a legal move")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{MAX_WORK, hash_key};
    use tabula_core::game_rng;

    /// Take 1 to 60 from a huge pile: the tree fills long before the
    /// budget runs out.
    type Wide = tabula_toys::Nim;
    const WIDE: Wide = tabula_toys::Nim {
        pile: 1_000_000,
        most: 60,
        pass: false,
    };

    impl Heuristic for Wide {
        fn evaluate(&self, _: &(u32, Seat), _: Seat) -> f64 {
            0.0
        }
        fn state_key(&self, s: &(u32, Seat)) -> u64 {
            hash_key(s)
        }
    }

    #[test]
    fn the_largest_budget_stops_when_the_tree_is_full_and_answers() {
        let mut agent = Mcts::<Wide>::new(Budget::Work(MAX_WORK)).with_playout_steps(2);
        let mut rng = game_rng(1, 0);
        assert!(
            agent
                .best_move(&WIDE, &(1_000_000, 0), 0, &mut rng)
                .is_some()
        );
        let max = Mcts::<Wide>::max_tree_nodes();
        assert!(agent.tree_nodes() <= max);
        assert!(agent.tree_nodes() + 60 > max, "{}", agent.tree_nodes());
        assert!(agent.nodes.capacity() <= max);
        assert!(agent.playouts() < MAX_WORK);
    }
}
