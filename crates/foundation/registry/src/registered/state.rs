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
    /// The parts played of a move under way (a game that names its
    /// moves in parts, [`Actions::OWN_NAMES`](crate::Actions::OWN_NAMES)).
    pub pending: Vec<u64>,
    /// The position the state was read from, as the game writes it (a
    /// game with a notation for positions), before its history.
    pub origin: Option<String>,
}

/// A step of `G`: chance's outcome or a seat's move.
pub(crate) type StepOf<G> =
    Step<<G as tabula_core::BoardGame>::Move, <G as tabula_core::BoardGame>::Outcome>;

/// Whether `name` continues `played`: begins with it and is longer.
fn continues(name: &[u64], played: &[u64]) -> bool {
    name.len() > played.len() && name.starts_with(played)
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

    /// The game's own names of `moves` (legal here), where it gives them.
    fn names(&self, moves: &[G::Move]) -> Option<Vec<(usize, Vec<u64>)>> {
        let hooks = self.actions.as_ref()?.names?;
        let mut names = Vec::new();
        (hooks.moves)(&self.game, &self.state, moves, &mut names);
        Some(names)
    }

    /// Chance's outcomes here with the game's own names of them, each
    /// with its probability, where it gives them.
    fn outcome_names(&self, outcomes: &[Chance<G::Outcome>]) -> Option<Vec<(usize, u64, f64)>> {
        let hooks = self.actions.as_ref()?.names?;
        let mut named = Vec::new();
        let mut names = Vec::new();
        for (i, c) in outcomes.iter().enumerate() {
            names.clear();
            (hooks.outcomes)(&self.game, &self.state, &c.outcome, &mut names);
            named.extend(
                names
                    .iter()
                    .map(|&(a, share)| (i, a, c.probability * share)),
            );
        }
        Some(named)
    }

    /// The actions of `moves` (legal here), in their order: the game's
    /// numbering, or their indices. With the game's own names: the next
    /// part of each name that continues the parts played, once each.
    fn move_actions(&self, moves: &[G::Move]) -> Vec<u64> {
        if let Some(names) = self.names(moves) {
            let mut next: Vec<u64> = names
                .iter()
                .filter(|(_, name)| continues(name, &self.pending))
                .map(|(_, name)| name[self.pending.len()])
                .collect();
            next.sort_unstable();
            next.dedup();
            return next;
        }
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
        if let Some(named) = self.outcome_names(outcomes) {
            return named.into_iter().map(|(_, a, _)| a).collect();
        }
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

    /// The step `action` makes here: chance's outcome or the seat's move,
    /// or `None` when it is a part of a move still under way.
    pub fn step_of(&self, action: u64) -> Result<Option<StepOf<G>>, StateError> {
        match self.game.status(&self.state) {
            Status::Over(_) => Err(StateError::Over),
            Status::Chance => {
                let outcomes = self.outcomes();
                if let Some(named) = self.outcome_names(&outcomes) {
                    let actions: Vec<u64> = named.iter().map(|&(_, a, _)| a).collect();
                    let at = self.position(&actions, action)?;
                    return Ok(Some(Step::Chance(outcomes[named[at].0].outcome)));
                }
                if outcomes.is_empty()
                    && let Some(outcome) = self
                        .actions
                        .as_ref()
                        .and_then(|a| (a.action_outcome)(&self.game, &self.state, action))
                {
                    return Ok(Some(Step::Chance(outcome)));
                }
                let at = self.position(&self.outcome_actions(&outcomes), action)?;
                Ok(Some(Step::Chance(outcomes[at].outcome)))
            }
            Status::Decision(seat) => {
                let mut moves = self.moves();
                if let Some(names) = self.names(&moves) {
                    let mut played = self.pending.clone();
                    played.push(action);
                    if let Some((i, _)) = names.iter().find(|(_, name)| *name == played) {
                        return Ok(Some(Step::Move {
                            seat,
                            mv: moves.swap_remove(*i),
                        }));
                    }
                    if names.iter().any(|(_, name)| continues(name, &played)) {
                        return Ok(None);
                    }
                    return Err(self
                        .position(&self.move_actions(&moves), action)
                        .err()
                        .unwrap_or(StateError::Over));
                }
                if moves.is_empty()
                    && let Some(mv) = self.unlisted(action)
                {
                    return Ok(Some(Step::Move { seat, mv }));
                }
                let at = self.position(&self.move_actions(&moves), action)?;
                Ok(Some(Step::Move {
                    seat,
                    mv: moves.swap_remove(at),
                }))
            }
        }
    }

    /// The move `action` names where the game lists none (a continuous
    /// choice, numbered), if the game finds it legal.
    fn unlisted(&self, action: u64) -> Option<G::Move> {
        let mv = (self.actions.as_ref()?.action_move)(&self.game, &self.state, action)?;
        (self.text.is_legal)(&self.game, &self.state, &mv).then_some(mv)
    }

    /// The action that plays `mv` here (its next part, after those
    /// played), if it is a legal move.
    pub fn action_of(&self, mv: &G::Move) -> Option<u64> {
        let moves = self.moves();
        if moves.is_empty() {
            // Not listed: the game's number for it, if it is legal and
            // the number names a move.
            if !(self.text.is_legal)(&self.game, &self.state, mv) {
                return None;
            }
            let action = (self.actions.as_ref()?.move_action)(&self.game, &self.state, mv);
            return self.unlisted(action).map(|_| action);
        }
        let at = moves.iter().position(|m| m == mv)?;
        if let Some(names) = self.names(&moves) {
            return names
                .iter()
                .find(|(i, name)| *i == at && continues(name, &self.pending))
                .map(|(_, name)| name[self.pending.len()]);
        }
        self.move_actions(&moves).get(at).copied()
    }

    /// How many actions of the history were played before the move
    /// under way began.
    pub fn move_start(&self) -> usize {
        self.history.len() - self.pending.len()
    }

    /// The state as it is drawn: with the parts of a move under way
    /// played.
    fn drawn(&self) -> G::State {
        match self.actions.as_ref().and_then(|a| a.names) {
            Some(hooks) if !self.pending.is_empty() => {
                (hooks.under_way)(&self.game, &self.state, &self.pending)
            }
            _ => self.state.clone(),
        }
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

    /// Reads a state as [`DynState::serialize`] writes it: the actions
    /// from the start, or (a game with a notation for positions) a
    /// position as a person writes it, then `|` and actions played since.
    pub fn read(
        self,
        text: &str,
        positions: Option<crate::state::PositionHooks<G>>,
    ) -> Result<Self, StateError> {
        let (position, actions) = match text.split_once('|') {
            Some((position, actions)) => (Some(position), actions),
            None if text.split_whitespace().all(|w| w.parse::<u64>().is_ok()) => (None, text),
            None => (Some(text), ""),
        };
        let Some(position) = position else {
            return self.replayed(actions);
        };
        let Some(hooks) = positions else {
            return Err(StateError::Malformed(tabula_core::text::excerpt(text)));
        };
        let state = (hooks.read)(&self.game, position.trim()).map_err(StateError::Position)?;
        let origin = (hooks.write)(&self.game, &state);
        GameState {
            state,
            origin: Some(origin),
            ..self
        }
        .replayed(actions)
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
        if let Some(named) = self.outcome_names(&outcomes) {
            let mut listed: Vec<(u64, f64)> = named.into_iter().map(|(_, a, p)| (a, p)).collect();
            listed.sort_unstable_by_key(|&(a, _)| a);
            return listed;
        }
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
            Some(Step::Chance(outcome)) => {
                self.game
                    .apply_chance(&mut self.state, outcome, &mut |_| {});
            }
            Some(Step::Move { mv, .. }) => {
                self.game.apply_move(&mut self.state, mv, &mut |_| {});
                self.pending.clear();
            }
            None => self.pending.push(action),
        }
        self.history.push(action);
        Ok(())
    }

    fn action_to_string(&self, action: u64) -> String {
        let step = self.step_of(action);
        if let (Ok(Some(Step::Move { .. }) | None), Some(hooks)) =
            (&step, self.actions.as_ref().and_then(|a| a.names))
            && let Some(text) = (hooks.part)(&self.game, &self.state, &self.pending, action)
        {
            return text;
        }
        match step {
            Ok(Some(Step::Chance(outcome))) => {
                (self.text.format_outcome)(&self.game, &self.state, &outcome)
            }
            Ok(Some(Step::Move { mv, .. })) => {
                (self.text.format_move)(&self.game, &self.state, &mv)
            }
            Ok(None) => {
                // A part: the move it begins (or continues), as written.
                let moves = self.moves();
                let mut played = self.pending.clone();
                played.push(action);
                self.names(&moves)
                    .and_then(|names| {
                        names
                            .into_iter()
                            .find(|(_, name)| name.starts_with(&played))
                    })
                    .map_or_else(
                        || format!("(part {action})"),
                        |(i, _)| (self.text.format_move)(&self.game, &self.state, &moves[i]),
                    )
            }
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

    fn typed_move(&self, text: &str) -> Result<Vec<u64>, String> {
        if !matches!(self.game.status(&self.state), Status::Decision(_)) {
            return Err("no seat is to move here".into());
        }
        let mv = (self.text.parse_move)(&self.game, &self.state, text)?;
        let moves = self.moves();
        let not_legal = || {
            format!(
                "{} is not a legal move here",
                (self.text.format_move)(&self.game, &self.state, &mv)
            )
        };
        if let Some(names) = self.names(&moves) {
            let at = moves.iter().position(|m| *m == mv).ok_or_else(not_legal)?;
            return names
                .into_iter()
                .find(|(i, name)| *i == at && continues(name, &self.pending))
                .map(|(_, name)| name[self.pending.len()..].to_vec())
                .ok_or_else(not_legal);
        }
        self.action_of(&mv).map(|a| vec![a]).ok_or_else(not_legal)
    }

    fn sampled_chance(&self, seed: u64, index: u64) -> Option<u64> {
        if !self.outcomes().is_empty() {
            return None;
        }
        let hooks = self.actions.as_ref()?;
        let outcome = (self.text.sample)(&self.game, &self.state, seed, index)?;
        let action = (hooks.outcome_action)(&self.game, &self.state, &outcome);
        (hooks.action_outcome)(&self.game, &self.state, action).map(|_| action)
    }

    fn serialize(&self) -> String {
        let actions = self
            .history
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(" ");
        match &self.origin {
            Some(origin) if actions.is_empty() => origin.clone(),
            Some(origin) => format!("{origin} | {actions}"),
            None => actions,
        }
    }

    fn to_text(&self) -> String {
        (self.text.render)(&self.game, &self.drawn())
    }

    fn picture(&self) -> Option<String> {
        self.picture.map(|draw| draw(&self.game, &self.drawn()))
    }

    fn clone_state(&self) -> Box<dyn DynState> {
        Box::new(GameState {
            game: self.game.clone(),
            state: self.state.clone(),
            history: self.history.clone(),
            text: self.text,
            picture: self.picture,
            actions: self.actions,
            pending: self.pending.clone(),
            origin: self.origin.clone(),
        })
    }
}
