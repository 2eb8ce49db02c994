//! Seega for the generic search agents of [`tabula_search`]: the
//! [`Heuristic`] the built-in `alphabeta` uses, and [`Legacy`], which
//! lets a [`SeegaAgent`] play as a framework [`Agent`] (to match old
//! agents against generic ones).
//!
//! ```
//! use tabula_core::{Agent, BoardGame, game_rng};
//! use tabula_search::AlphaBeta;
//! use tabula_seega::{Rules, Seega, Side};
//!
//! let game = Seega::new(Rules::new(5, 30, Side::Black)?);
//! let mut agent = AlphaBeta::default(); // 20000 nodes per move
//! let mut rng = game_rng(1, 0);
//! let mv = agent.choose(&game, &game.initial_state(), 0, &mut rng);
//! println!("{mv:?}");
//! # Ok::<_, tabula_seega::SeegaError>(())
//! ```

use tabula_core::rand::{Rng, RngExt};
use tabula_core::{Agent, BoardGame, GameRng, Results, Seat, Status, Streams};
use tabula_search::Heuristic;

use crate::agent::{GameInfo, Reply, SeegaAgent};
use crate::agents::placement_score;
use crate::board::{Side, Square};
use crate::game::Seega;
use crate::rules::{Action, Phase, Position};

/// Squares of the placement candidates: the pairs among this many of the
/// safest free squares (see [`placement_score`]).
pub const PLACEMENT_SQUARES: usize = 4;

/// The evaluation in hundredths of a piece that maps to ½ (see
/// [`Heuristic::evaluate`] below).
pub const EVALUATION_SCALE: f64 = 1000.0;

/// The old `alphabeta`'s evaluation for `side`, in hundredths of a piece:
/// `100 × (own pieces − enemy pieces) + 2 × (own steps − enemy steps)`.
pub fn material_and_mobility(position: &Position, side: Side) -> i32 {
    let material = position.pieces(side) as i32 - position.pieces(side.other()) as i32;
    let mobility = position.mobility(side) as i32 - position.mobility(side.other()) as i32;
    100 * material + 2 * mobility
}

impl Heuristic for Seega {
    /// [`material_and_mobility`] `x` squashed into `(-1, 1)` as
    /// `x / (EVALUATION_SCALE + |x|)`: odd and increasing, so search ranks
    /// positions as the old agent did.
    fn evaluate(&self, state: &Position, seat: Seat) -> f64 {
        let x = f64::from(material_and_mobility(state, Side::from_seat(seat)));
        x / (EVALUATION_SCALE + x.abs())
    }

    fn state_key(&self, state: &Position) -> u64 {
        state.key()
    }

    /// While placing, the pairs among the [`PLACEMENT_SQUARES`] safest free
    /// squares (best first, ties in board order) instead of every pair;
    /// while moving, every legal action.
    fn candidate_moves(&self, state: &Position, out: &mut Vec<Action>) {
        if state.outcome().is_none() && state.phase() == Phase::Placement {
            let mut free: Vec<Square> = state.placements().collect();
            // Stable: ties keep board order.
            free.sort_by_key(|&s| std::cmp::Reverse(placement_score(state, s)));
            free.truncate(PLACEMENT_SQUARES);
            for (i, &a) in free.iter().enumerate() {
                for &b in &free[i + 1..] {
                    out.push(Action::Place([a, b]));
                }
            }
        } else {
            self.legal_moves(state, out);
        }
    }

    /// Pieces captured: captures first.
    fn move_order_hint(&self, state: &Position, mv: &Action) -> i32 {
        match mv {
            Action::Move(step) => state.captures(*step).len() as i32,
            _ => 0,
        }
    }

    /// A capturing step when there is one (at random among them), else a
    /// random move: the old `mcts` playout policy.
    fn playout_move<R: Rng + ?Sized>(
        &self,
        state: &Position,
        moves: &[Action],
        rng: &mut R,
    ) -> usize {
        // One pass, choosing among the captures seen so far with equal
        // chances (reservoir sampling).
        let mut seen = 0u32;
        let mut chosen = None;
        for (i, m) in moves.iter().enumerate() {
            if let Action::Move(step) = m
                && state.captures_any(*step)
            {
                seen += 1;
                if seen == 1 || rng.random_range(0..seen) == 0 {
                    chosen = Some(i);
                }
            }
        }
        chosen.unwrap_or_else(|| rng.random_range(0..moves.len()))
    }
}

/// A [`SeegaAgent`] playing as a framework [`Agent`]: it places at
/// [`Phase::Placement`], and plays (with the follow-up square) at
/// [`Phase::Movement`]; [`Reply::Blocked`] is [`Action::Blocked`].
pub struct Legacy(pub Box<dyn SeegaAgent>);

impl Agent<Seega> for Legacy {
    fn choose(&mut self, _: &Seega, state: &Position, _: Seat, rng: &mut GameRng) -> Action {
        match state.phase() {
            Phase::Placement => Action::Place(self.0.place(state, rng)),
            Phase::Movement => match self.0.play(state, state.follow_up(), rng) {
                Reply::Move(step) => Action::Move(step),
                Reply::Blocked => Action::Blocked,
            },
        }
    }

    fn new_game(&mut self, game: &Seega, seat: Seat) {
        let side = Side::from_seat(seat);
        let rules = game.rules();
        self.0.init_game(&GameInfo {
            side,
            size: rules.size(),
            places_first: rules.first() == side,
            stalemate: rules.stalemate(),
        });
    }
}

/// Plays game `index` of a match seeded with `seed` between two agents
/// (seat 0 is Black), each drawing from its own stream
/// ([`Streams`]); the results, or `None` if it has not ended after
/// `max_moves` moves.
pub fn play_game(
    game: &Seega,
    agents: [&mut dyn Agent<Seega>; 2],
    seed: u64,
    index: u64,
    max_moves: u32,
) -> Option<Results> {
    let [a, b] = agents;
    let mut agents = [a, b];
    let mut streams = Streams::new(seed, index);
    for (seat, agent) in agents.iter_mut().enumerate() {
        agent.new_game(game, seat);
    }
    let mut state = game.initial_state();
    for _ in 0..max_moves {
        match game.status(&state) {
            Status::Over(_) => break,
            Status::Chance => game.apply_chance(&mut state, (), &mut |_| {}),
            Status::Decision(seat) => {
                let mv = agents[seat].choose(game, &state, seat, streams.agent(seat));
                game.apply_move(&mut state, mv, &mut |_| {});
            }
        }
    }
    game.results(&state)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agents::AlphaBeta as OldAlphaBeta;
    use crate::rules::Rules;
    use tabula_search::{AlphaBeta, Budget, Mcts};

    fn game() -> Seega {
        Seega::new(Rules::new(5, 30, Side::Black).unwrap())
    }

    #[test]
    fn budget_messages_match_seegas() {
        for text in ["fast", "0", "10000001", "60001ms", "5s"] {
            let old = crate::agent::Budget::parse(text)
                .err()
                .map(|e| e.to_string());
            let new = tabula_search::Budget::parse(text)
                .err()
                .map(|e| e.to_string());
            assert!(old.is_some());
            assert_eq!(old, new, "{text}");
        }
    }

    #[test]
    fn the_evaluation_orders_positions_as_the_old_one() {
        let g = game();
        let mut rng = tabula_core::game_rng(2, 0);
        let mut state = g.initial_state();
        let mut seen = Vec::new();
        while matches!(g.status(&state), Status::Decision(_)) && seen.len() < 80 {
            let old = OldAlphaBeta::evaluate(&state);
            let new = g.evaluate(&state, state.to_move().seat());
            assert!(new.abs() < 1.0);
            assert_eq!(Some(old.cmp(&0)), new.partial_cmp(&0.0), "{old} {new}");
            seen.push((old, new));
            let mv = tabula_search::Random::pick(&g, &state, &mut rng).unwrap();
            g.apply_move(&mut state, mv, &mut |_| {});
        }
        for (a, b) in seen.iter().zip(seen.iter().skip(1)) {
            assert_eq!(a.0.cmp(&b.0), a.1.partial_cmp(&b.1).unwrap());
        }
    }

    #[test]
    fn placement_candidates_are_a_few_safe_pairs() {
        let g = game();
        let state = g.initial_state();
        let mut out = Vec::new();
        g.candidate_moves(&state, &mut out);
        assert_eq!(out.len(), 6);
        for mv in &out {
            let Action::Place([a, b]) = mv else {
                panic!("{mv:?}")
            };
            assert_eq!(placement_score(&state, *a), 4, "corners first");
            assert_eq!(placement_score(&state, *b), 4, "corners first");
        }
    }

    #[test]
    fn generic_agents_finish_games_against_old_ones() {
        let g = game();
        let mut generic = AlphaBeta::new(Budget::Work(2_000));
        let mut old = Legacy(Box::new(crate::agents::AlphaBeta::new(
            crate::agent::Budget::Work(2000),
        )));
        let r = play_game(&g, [&mut generic, &mut old], 1, 0, 2_000);
        assert!(r.is_some());
        let mut mcts = Mcts::new(Budget::Work(100));
        let mut random = Legacy(Box::new(crate::agents::Random));
        let r = play_game(&g, [&mut random, &mut mcts], 1, 1, 2_000);
        assert!(r.is_some());
    }

    /// The match of the issue, shortened: 20 games of the old `alphabeta`
    /// against the generic one, 20000 nodes each, seats alternated (the
    /// 200-game figure comes from `examples/search_match.rs`).
    #[test]
    #[ignore = "slow: 20 games of 20000-node searches; run with --release -- --ignored"]
    fn generic_alphabeta_scores_at_least_half_against_the_old_one() {
        let g = game();
        let mut score = 0.0;
        for index in 0..20u64 {
            let mut old = Legacy(Box::new(crate::agents::AlphaBeta::new(
                crate::agent::Budget::Work(20_000),
            )));
            let mut new = AlphaBeta::<Seega>::new(Budget::Work(20_000));
            let seat = (index % 2) as usize;
            let results = if seat == 0 {
                play_game(&g, [&mut new, &mut old], 1, index, 10_000)
            } else {
                play_game(&g, [&mut old, &mut new], 1, index, 10_000)
            };
            score += results.map_or(0.0, |r| r.points(seat));
        }
        assert!(score >= 10.0, "{score} of 20");
    }
}
