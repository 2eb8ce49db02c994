//! [`DynState`]: a state of any registered game, type-erased and shaped
//! as OpenSpiel's `State`: whose turn it is, actions as integers, chance
//! outcomes with their probabilities, apply, returns, and the state as
//! text and as its history. A tool written against it (a playthrough, a
//! web page that plays, a Python binding) works for every game, with no
//! type of the game's.
//!
//! An action is the index of a move in the game's list of legal moves at
//! that state ([`BoardGame::legal_moves`](tabula_core::BoardGame::legal_moves)),
//! or of an outcome in its list of chance outcomes: stable for a given
//! state, not across states (a global numbering of moves is the game's to
//! give, and a later capability).

/// A game's own picture of a state, as an SVG document
/// ([`GameBuilder::picture`](crate::GameBuilder::picture)).
pub type PictureFn<G> = fn(&G, &<G as tabula_core::BoardGame>::State) -> String;

/// Whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// Chance decides: an action is an outcome.
    Chance,
    /// This seat (from 0) chooses a move.
    Seat(usize),
    /// The game is over.
    Terminal,
}

/// Why an action was refused, or a history not read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StateError {
    /// The action is not one of the state's.
    #[error("action {action} is not legal here; the legal actions are 0 to {}", .legal.saturating_sub(1))]
    Illegal {
        /// The action.
        action: u64,
        /// How many actions there are.
        legal: usize,
    },
    /// The game is over: no action applies.
    #[error("the game is over")]
    Over,
    /// A serialized state is not a list of actions.
    #[error("{0:?} is not a state: write the actions from the start, separated by spaces")]
    Malformed(String),
}

/// A state of a registered game, type-erased (see the [module](self)).
pub trait DynState: Send {
    /// Whose turn it is.
    fn current_player(&self) -> Player;
    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.current_player() == Player::Terminal
    }
    /// The actions of the seat to move, or chance's outcomes; none when
    /// the game is over.
    fn legal_actions(&self) -> Vec<u64>;
    /// Chance's outcomes with their probabilities (empty unless chance
    /// decides).
    fn chance_outcomes(&self) -> Vec<(u64, f64)>;
    /// Applies an action (a move, or chance's outcome).
    fn apply_action(&mut self, action: u64) -> Result<(), StateError>;
    /// An action as the game writes it (its notation, else the move's
    /// `Debug` form).
    fn action_to_string(&self, action: u64) -> String;
    /// Each seat's score when the game is over; zeros before.
    fn returns(&self) -> Vec<f64>;
    /// Seats.
    fn seats(&self) -> usize;
    /// A seat's name.
    fn seat_name(&self, seat: usize) -> String;
    /// The actions applied since the start.
    fn history(&self) -> &[u64];
    /// The state as text that [`Variant::state_from`](crate::Variant::state_from)
    /// reads back: its history.
    fn serialize(&self) -> String {
        self.history()
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }
    /// The position, as the game draws it (empty without a notation).
    fn to_text(&self) -> String;
    /// The game's own picture of the position, as an SVG document, where
    /// it registers one ([`GameBuilder::picture`](crate::GameBuilder::picture)).
    fn picture(&self) -> Option<String> {
        None
    }
    /// A copy.
    fn clone_state(&self) -> Box<dyn DynState>;
}
