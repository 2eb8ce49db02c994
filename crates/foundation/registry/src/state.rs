//! [`DynState`]: a state of any registered game, type-erased and shaped
//! as OpenSpiel's `State`: whose turn it is, actions as integers, chance
//! outcomes with their probabilities, apply, returns, and the state as
//! text and as its history. A tool written against it (a playthrough, a
//! web page that plays, a Python binding) works for every game, with no
//! type of the game's.
//!
//! # Actions as integers
//!
//! A game that implements [`Actions`] and registers it
//! ([`GameBuilder::actions`](crate::GameBuilder::actions)) numbers its
//! moves and chance outcomes itself: an action means the same move in
//! every state (OpenSpiel's numbering where OpenSpiel has the game: Pig's
//! roll 0 and stop 1, its die's faces 0 to 5), the legal actions are
//! listed in increasing order, and [`DynState::numbering`] says how many
//! there are. Without it (the fallback), an action is the index of a move
//! in the game's list of legal moves at that state
//! ([`BoardGame::legal_moves`](tabula_core::BoardGame::legal_moves)), or
//! of an outcome in its list of chance outcomes: stable for a given state
//! (the game's order), not across states, and `numbering` is `None`.

/// A game's own picture of a state, as an SVG document
/// ([`GameBuilder::picture`](crate::GameBuilder::picture)).
pub type PictureFn<G> = fn(&G, &<G as tabula_core::BoardGame>::State) -> String;

/// A game's numbering of its moves and chance outcomes, the same in every
/// state (OpenSpiel's `NumDistinctActions` and `MaxChanceOutcomes`, and an
/// action per move): what makes an action a stable name for a move, for
/// Python, OpenSpiel's algorithms and records. Register it with
/// [`GameBuilder::actions`](crate::GameBuilder::actions).
///
/// Two legal moves of a state must have two actions, below
/// [`num_distinct_actions`](Self::num_distinct_actions); two chance
/// outcomes of a state two actions, below
/// [`max_chance_outcomes`](Self::max_chance_outcomes).
pub trait Actions: tabula_core::BoardGame {
    /// How many actions a seat's moves are numbered with (0 to this, less
    /// one).
    fn num_distinct_actions(&self) -> u64;
    /// The action of `mv`, a legal move at `state`.
    fn move_action(&self, state: &Self::State, mv: &Self::Move) -> u64;
    /// How many actions chance's outcomes are numbered with (0 when
    /// chance never moves).
    fn max_chance_outcomes(&self) -> u64;
    /// The action of `outcome`, one of chance's outcomes at `state`.
    fn outcome_action(&self, state: &Self::State, outcome: &Self::Outcome) -> u64;
}

/// A registration's [`Actions`], as the erased state holds it.
pub(crate) struct ActionHooks<G: tabula_core::BoardGame> {
    pub move_action: fn(&G, &G::State, &G::Move) -> u64,
    pub outcome_action: fn(&G, &G::State, &G::Outcome) -> u64,
    pub distinct: fn(&G) -> u64,
    pub chance: fn(&G) -> u64,
}

impl<G: tabula_core::BoardGame> Clone for ActionHooks<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: tabula_core::BoardGame> Copy for ActionHooks<G> {}

impl<G: Actions> ActionHooks<G> {
    /// The hooks of `G`'s numbering.
    pub(crate) fn of() -> ActionHooks<G> {
        ActionHooks {
            move_action: G::move_action,
            outcome_action: G::outcome_action,
            distinct: G::num_distinct_actions,
            chance: G::max_chance_outcomes,
        }
    }
}

/// A game's numbering of its actions ([`Actions`]), as its states report
/// it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Numbering {
    /// How many actions the seats' moves are numbered with.
    pub distinct_actions: u64,
    /// How many actions chance's outcomes are numbered with.
    pub chance_outcomes: u64,
}

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
    /// The action is not one of the state's, in a game that numbers its
    /// actions ([`Actions`]).
    #[error("action {action} is not legal here; the legal actions are {}", list(.legal))]
    NotListed {
        /// The action.
        action: u64,
        /// The legal actions.
        legal: Vec<u64>,
    },
    /// The game is over: no action applies.
    #[error("the game is over")]
    Over,
    /// A serialized state is not a list of actions.
    #[error("{0:?} is not a state: write the actions from the start, separated by spaces")]
    Malformed(String),
}

fn list(actions: &[u64]) -> String {
    if actions.is_empty() {
        return "none".to_string();
    }
    actions
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A state of a registered game, type-erased (see the [module](self)).
pub trait DynState: Send {
    /// Whose turn it is.
    fn current_player(&self) -> Player;
    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.current_player() == Player::Terminal
    }
    /// The actions of the seat to move, or chance's outcomes, in
    /// increasing order; none when the game is over.
    fn legal_actions(&self) -> Vec<u64>;
    /// The game's numbering of its actions, where it has one ([`Actions`]);
    /// `None` when an action is an index into the state's list.
    fn numbering(&self) -> Option<Numbering> {
        None
    }
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
