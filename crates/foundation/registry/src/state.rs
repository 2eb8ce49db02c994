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
//!
//! # Moves in parts, and several names for one move
//!
//! A game may name a move by a sequence of actions, played one after
//! another by the same seat, and one move or chance outcome by several
//! actions ([`Actions::OWN_NAMES`]): OpenSpiel's backgammon plays a turn
//! as two checkers at a time (a double in two decisions), and names one
//! turn by every order of its checkers. The erased state then lists, as
//! the legal actions, the next part of every name that begins with the
//! parts played so far; the move is made when a name is complete.
//!
//! # Positions of a person's own
//!
//! A game with a notation for positions
//! ([`GameBuilder::positions`](crate::GameBuilder::positions)) reads a
//! state from a position as a person writes it
//! ([`Variant::state_from`](crate::Variant::state_from)); such a state
//! serializes as the position, then `|` and the actions played since.

/// A game's own picture of a state, as an SVG document
/// ([`GameBuilder::picture`](crate::GameBuilder::picture)).
/// (An SVG document, or a picture as data: [`picture_data`].)
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

    /// Whether the game names its moves and outcomes itself, through
    /// [`move_names`](Self::move_names), [`outcome_names`](Self::outcome_names),
    /// [`part_to_string`](Self::part_to_string) and
    /// [`under_way`](Self::under_way) (see the [module](self)); when
    /// false (the default), a move is its one action and an outcome its
    /// one action.
    const OWN_NAMES: bool = false;

    /// Every name of the legal moves at `state` (`moves`, the game's list
    /// there): pairs of a move's index in `moves` and a sequence of
    /// actions that plays it, part after part. A move may have several
    /// names; two moves never share one, and no name begins another.
    fn move_names(
        &self,
        state: &Self::State,
        moves: &[Self::Move],
        out: &mut Vec<(usize, Vec<u64>)>,
    ) {
        out.extend(
            moves
                .iter()
                .enumerate()
                .map(|(i, mv)| (i, vec![self.move_action(state, mv)])),
        );
    }

    /// The actions that name `outcome`, one of chance's at `state`, each
    /// with its share of the outcome's probability (shares summing to 1).
    fn outcome_names(
        &self,
        state: &Self::State,
        outcome: &Self::Outcome,
        out: &mut Vec<(u64, f64)>,
    ) {
        out.push((self.outcome_action(state, outcome), 1.0));
    }

    /// `action`, the next part of a move of which `played` are played at
    /// `state`, as the game writes it; `None` writes the whole move.
    fn part_to_string(
        &self,
        _state: &Self::State,
        _played: &[u64],
        _action: u64,
    ) -> Option<String> {
        None
    }

    /// The move `action` names at `state`, for a game that does not list
    /// its moves (a continuous choice, numbered): the erased state
    /// applies it when the game finds it legal. `None` by default (an
    /// action names one of the listed moves).
    fn action_move(&self, _state: &Self::State, _action: u64) -> Option<Self::Move> {
        None
    }

    /// The outcome `action` names at `state`, for a game that does not
    /// list chance's outcomes (drawn from a continuous law, numbered).
    /// `None` by default.
    fn action_outcome(&self, _state: &Self::State, _action: u64) -> Option<Self::Outcome> {
        None
    }

    /// The state as it looks with the parts `played` of a move under way
    /// (for drawing it only: the seat is still to move); `state` itself
    /// by default.
    fn under_way(&self, state: &Self::State, _played: &[u64]) -> Self::State {
        state.clone()
    }
}

/// A game's [`Actions::move_names`].
type MoveNamesFn<G> = fn(
    &G,
    &<G as tabula_core::BoardGame>::State,
    &[<G as tabula_core::BoardGame>::Move],
    &mut Vec<(usize, Vec<u64>)>,
);

/// A game's [`Actions::outcome_names`].
type OutcomeNamesFn<G> = fn(
    &G,
    &<G as tabula_core::BoardGame>::State,
    &<G as tabula_core::BoardGame>::Outcome,
    &mut Vec<(u64, f64)>,
);

/// A registration's names of moves and outcomes, where the game gives them
/// ([`Actions::OWN_NAMES`]).
pub(crate) struct NameHooks<G: tabula_core::BoardGame> {
    pub moves: MoveNamesFn<G>,
    pub outcomes: OutcomeNamesFn<G>,
    pub part: fn(&G, &G::State, &[u64], u64) -> Option<String>,
    pub under_way: fn(&G, &G::State, &[u64]) -> G::State,
}

impl<G: tabula_core::BoardGame> Clone for NameHooks<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: tabula_core::BoardGame> Copy for NameHooks<G> {}

/// A game's notation for positions ([`GameBuilder::positions`](crate::GameBuilder::positions)):
/// what reads a position a person writes into a state, or says what is
/// wrong with it, and what writes a state back.
pub struct PositionHooks<G: tabula_core::BoardGame> {
    /// Reads a position.
    pub read: fn(&G, &str) -> Result<G::State, String>,
    /// Writes a state as a position that `read` reads back.
    pub write: fn(&G, &G::State) -> String,
}

impl<G: tabula_core::BoardGame> Clone for PositionHooks<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: tabula_core::BoardGame> Copy for PositionHooks<G> {}

/// A registration's [`Actions`], as the erased state holds it.
pub(crate) struct ActionHooks<G: tabula_core::BoardGame> {
    pub move_action: fn(&G, &G::State, &G::Move) -> u64,
    pub outcome_action: fn(&G, &G::State, &G::Outcome) -> u64,
    pub distinct: fn(&G) -> u64,
    pub chance: fn(&G) -> u64,
    /// The game's own names, if it gives them.
    pub names: Option<NameHooks<G>>,
    pub action_move: fn(&G, &G::State, u64) -> Option<G::Move>,
    pub action_outcome: fn(&G, &G::State, u64) -> Option<G::Outcome>,
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
            names: G::OWN_NAMES.then_some(NameHooks {
                moves: G::move_names,
                outcomes: G::outcome_names,
                part: G::part_to_string,
                under_way: G::under_way,
            }),
            action_move: G::action_move,
            action_outcome: G::action_outcome,
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
    /// A position, as a person writes it, that the game does not read:
    /// what is wrong with it.
    #[error("{0}")]
    Position(String),
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
    /// reads back: its history (after the position it was read from, if
    /// it was).
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
    /// The actions that play the move `text` names, as the game writes
    /// moves (its notation), from here: one action, or the parts still to
    /// play of a move named in parts. A game whose moves are not listed
    /// (a continuous choice) is played this way. Why not, otherwise.
    fn typed_move(&self, text: &str) -> Result<Vec<u64>, String> {
        let _ = text;
        Err("the game reads no typed moves".into())
    }
    /// For a chance point whose outcomes are not listed (drawn from a
    /// continuous law): an outcome drawn as play draws it, from `seed`'s
    /// game stream `index`, as its action. `None` where the outcomes are
    /// listed (draw from [`chance_outcomes`](Self::chance_outcomes)).
    fn sampled_chance(&self, seed: u64, index: u64) -> Option<u64> {
        let _ = (seed, index);
        None
    }
}

/// How a [`PictureFn`] gives its picture as data rather than as SVG: this
/// prefix, then the [`Picture`](tabula_picture::Picture) as JSON
/// ([`picture_data`]). The front ends draw it as they draw a report's
/// pictures (a board, a course), so a game's crate draws nothing itself.
pub const PICTURE_DATA: &str = "tabula-picture-data:";

/// A state's picture as data, for a [`PictureFn`] to return: the front
/// ends draw it ([`read_picture_data`]).
pub fn picture_data(picture: &tabula_picture::Picture) -> String {
    format!(
        "{PICTURE_DATA}{}",
        serde_json::to_string(picture).unwrap_or_default()
    )
}

/// The picture a [`PictureFn`] gave as data ([`picture_data`]); `None`
/// for SVG, or for text that is not such a picture.
pub fn read_picture_data(text: &str) -> Option<tabula_picture::Picture> {
    serde_json::from_str(text.strip_prefix(PICTURE_DATA)?).ok()
}
