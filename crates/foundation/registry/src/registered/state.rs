//! [`DynState`] for every registered game: a state of `G` behind the
//! trait, its moves as text through the game's notation (else their
//! `Debug` form).

use std::sync::Arc;

use tabula_core::{Chance, Status};
use tabula_play::record::Step;

use crate::kind::Rules;
use crate::probe::Text;
use crate::state::{DynState, Player, StateError};

/// A state of `G`, erased.
pub(crate) struct GameState<G: Rules> {
    pub game: Arc<G>,
    pub state: G::State,
    pub history: Vec<u64>,
    pub text: Text<G>,
    pub picture: Option<crate::state::PictureFn<G>>,
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

    /// The step `action` makes here: chance's outcome or the seat's move.
    pub fn step_of(&self, action: u64) -> Result<Step<G::Move, G::Outcome>, StateError> {
        let index = usize::try_from(action).unwrap_or(usize::MAX);
        match self.game.status(&self.state) {
            Status::Over(_) => Err(StateError::Over),
            Status::Chance => {
                let outcomes = self.outcomes();
                outcomes
                    .get(index)
                    .map(|c| Step::Chance(c.outcome))
                    .ok_or(StateError::Illegal {
                        action,
                        legal: outcomes.len(),
                    })
            }
            Status::Decision(seat) => {
                let mut moves = self.moves();
                let legal = moves.len();
                if index >= legal {
                    return Err(StateError::Illegal { action, legal });
                }
                Ok(Step::Move {
                    seat,
                    mv: moves.swap_remove(index),
                })
            }
        }
    }

    /// The index of `mv` among the legal moves here, if it is one.
    pub fn action_of(&self, mv: &G::Move) -> Option<u64> {
        self.moves().iter().position(|m| m == mv).map(|i| i as u64)
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
        let n = match self.current_player() {
            Player::Chance => self.outcomes().len(),
            Player::Seat(_) => self.moves().len(),
            Player::Terminal => 0,
        };
        (0..n as u64).collect()
    }

    fn chance_outcomes(&self) -> Vec<(u64, f64)> {
        self.outcomes()
            .iter()
            .enumerate()
            .map(|(i, c)| (i as u64, c.probability))
            .collect()
    }

    fn apply_action(&mut self, action: u64) -> Result<(), StateError> {
        let index = usize::try_from(action).unwrap_or(usize::MAX);
        match self.current_player() {
            Player::Terminal => return Err(StateError::Over),
            Player::Chance => {
                let outcomes = self.outcomes();
                let chance = outcomes.get(index).ok_or(StateError::Illegal {
                    action,
                    legal: outcomes.len(),
                })?;
                self.game
                    .apply_chance(&mut self.state, chance.outcome, &mut |_| {});
            }
            Player::Seat(_) => {
                let mut moves = self.moves();
                let legal = moves.len();
                if index >= legal {
                    return Err(StateError::Illegal { action, legal });
                }
                let mv = moves.swap_remove(index);
                self.game.apply_move(&mut self.state, mv, &mut |_| {});
            }
        }
        self.history.push(action);
        Ok(())
    }

    fn action_to_string(&self, action: u64) -> String {
        let index = usize::try_from(action).unwrap_or(usize::MAX);
        match self.current_player() {
            Player::Chance => self.outcomes().get(index).map_or_else(
                || format!("(no outcome {action})"),
                |c| (self.text.format_outcome)(&self.game, &self.state, &c.outcome),
            ),
            Player::Seat(_) => self.moves().get(index).map_or_else(
                || format!("(no move {action})"),
                |mv| (self.text.format_move)(&self.game, &self.state, mv),
            ),
            Player::Terminal => format!("(no action {action}: the game is over)"),
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
        })
    }
}
