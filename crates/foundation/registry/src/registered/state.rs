//! [`DynState`] for every registered game: a state of `G` behind the
//! trait, its moves as text through the game's notation (else their
//! `Debug` form).

use std::sync::Arc;

use tabula_core::{Chance, Status};
use tabula_play::record::Step;

use crate::kind::Rules;
use crate::probe::Text;
use crate::state::{ActionHooks, DynState, Numbering, Player, StateError};

/// A state of `G`, erased.
pub(crate) struct GameState<G: Rules> {
    pub game: Arc<G>,
    pub state: G::State,
    pub history: Vec<u64>,
    pub text: Text<G>,
    pub picture: Option<crate::state::PictureFn<G>>,
    /// The game's numbering of its actions, if it registers one.
    pub actions: Option<ActionHooks<G>>,
}

impl<G: Rules> GameState<G> {
    fn moves(&self) -> Vec<G::Move> {
        let mut moves = Vec::new();
        if let Status::Decision(_) = self.game.status(&self.state) {
            self.game.legal_moves(&self.state, &mut moves);
        }
        moves
    }

    fn outcomes(&self) -> Vec<Chance<G::Outcome>> {
        let mut outcomes = Vec::new();
        if matches!(self.game.status(&self.state), Status::Chance) {
            self.game.chance_outcomes(&self.state, &mut outcomes);
        }
        outcomes
    }

    /// The actions of `moves` (legal here), in their order: the game's
    /// numbering, or their indices.
    fn move_actions(&self, moves: &[G::Move]) -> Vec<u64> {
        match &self.actions {
            Some(a) => moves
                .iter()
                .map(|mv| (a.move_action)(&self.game, &self.state, mv))
                .collect(),
            None => (0..moves.len() as u64).collect(),
        }
    }

    /// The actions of `outcomes` (chance's here), in their order.
    fn outcome_actions(&self, outcomes: &[Chance<G::Outcome>]) -> Vec<u64> {
        match &self.actions {
            Some(a) => outcomes
                .iter()
                .map(|c| (a.outcome_action)(&self.game, &self.state, &c.outcome))
                .collect(),
            None => (0..outcomes.len() as u64).collect(),
        }
    }

    /// Where `action` is among `actions` (a list of the state's), or why
    /// it is refused.
    fn position(&self, actions: &[u64], action: u64) -> Result<usize, StateError> {
        actions
            .iter()
            .position(|&a| a == action)
            .ok_or_else(|| match self.actions {
                Some(_) => {
                    let mut legal = actions.to_vec();
                    legal.sort_unstable();
                    StateError::NotListed { action, legal }
                }
                None => StateError::Illegal {
                    action,
                    legal: actions.len(),
                },
            })
    }

    /// The step `action` makes here: chance's outcome or the seat's move.
    pub fn step_of(&self, action: u64) -> Result<Step<G::Move, G::Outcome>, StateError> {
        match self.game.status(&self.state) {
            Status::Over(_) => Err(StateError::Over),
            Status::Chance => {
                let outcomes = self.outcomes();
                let at = self.position(&self.outcome_actions(&outcomes), action)?;
                Ok(Step::Chance(outcomes[at].outcome))
            }
            Status::Decision(seat) => {
                let mut moves = self.moves();
                let at = self.position(&self.move_actions(&moves), action)?;
                Ok(Step::Move {
                    seat,
                    mv: moves.swap_remove(at),
                })
            }
        }
    }

    /// The action of `mv` here, if it is a legal move.
    pub fn action_of(&self, mv: &G::Move) -> Option<u64> {
        let moves = self.moves();
        let at = moves.iter().position(|m| m == mv)?;
        self.move_actions(&moves).get(at).copied()
    }

    /// Reads back a history of actions from the start.
    pub fn replayed(mut self, history: &str) -> Result<Self, StateError> {
        for word in history.split_whitespace() {
            let action = word
                .parse::<u64>()
                .map_err(|_| StateError::Malformed(tabula_core::text::excerpt(history)))?;
            self.apply_action(action)?;
        }
        Ok(self)
    }
}

impl<G: Rules> DynState for GameState<G> {
    fn current_player(&self) -> Player {
        match self.game.status(&self.state) {
            Status::Chance => Player::Chance,
            Status::Decision(seat) => Player::Seat(seat),
            Status::Over(_) => Player::Terminal,
        }
    }

    fn legal_actions(&self) -> Vec<u64> {
        let mut actions = match self.current_player() {
            Player::Chance => self.outcome_actions(&self.outcomes()),
            Player::Seat(_) => self.move_actions(&self.moves()),
            Player::Terminal => Vec::new(),
        };
        if self.actions.is_some() {
            actions.sort_unstable();
        }
        actions
    }

    fn numbering(&self) -> Option<Numbering> {
        self.actions.map(|a| Numbering {
            distinct_actions: (a.distinct)(&self.game),
            chance_outcomes: (a.chance)(&self.game),
        })
    }

    fn chance_outcomes(&self) -> Vec<(u64, f64)> {
        let outcomes = self.outcomes();
        let mut listed: Vec<(u64, f64)> = self
            .outcome_actions(&outcomes)
            .into_iter()
            .zip(outcomes.iter().map(|c| c.probability))
            .collect();
        if self.actions.is_some() {
            listed.sort_unstable_by_key(|&(a, _)| a);
        }
        listed
    }

    fn apply_action(&mut self, action: u64) -> Result<(), StateError> {
        match self.step_of(action)? {
            Step::Chance(outcome) => self
                .game
                .apply_chance(&mut self.state, outcome, &mut |_| {}),
            Step::Move { mv, .. } => self.game.apply_move(&mut self.state, mv, &mut |_| {}),
        }
        self.history.push(action);
        Ok(())
    }

    fn action_to_string(&self, action: u64) -> String {
        match self.step_of(action) {
            Ok(Step::Chance(outcome)) => {
                (self.text.format_outcome)(&self.game, &self.state, &outcome)
            }
            Ok(Step::Move { mv, .. }) => (self.text.format_move)(&self.game, &self.state, &mv),
            Err(StateError::Over) => format!("(no action {action}: the game is over)"),
            Err(_) if self.current_player() == Player::Chance => {
                format!("(no outcome {action})")
            }
            Err(_) => format!("(no move {action})"),
        }
    }

    fn returns(&self) -> Vec<f64> {
        self.game
            .results(&self.state)
            .map_or_else(|| vec![0.0; self.game.seats()], |r| r.scores().to_vec())
    }

    fn seats(&self) -> usize {
        self.game.seats()
    }

    fn seat_name(&self, seat: usize) -> String {
        (self.text.seat_name)(&self.game, seat)
    }

    fn history(&self) -> &[u64] {
        &self.history
    }

    fn to_text(&self) -> String {
        (self.text.render)(&self.game, &self.state)
    }

    fn picture(&self) -> Option<String> {
        self.picture.map(|draw| draw(&self.game, &self.state))
    }

    fn clone_state(&self) -> Box<dyn DynState> {
        Box::new(GameState {
            game: self.game.clone(),
            state: self.state.clone(),
            history: self.history.clone(),
            text: self.text,
            picture: self.picture,
            actions: self.actions,
        })
    }
}
