//! **Backgammon**, the standard game as OpenSpiel's `backgammon` plays
//! it: two seats, 15 checkers each, the bar, entering, hitting, bearing
//! off; doubles played four times; both dice used where possible, else
//! the larger; a win scores 1, a gammon 2, a backgammon 3 (the parameter
//! `points` makes every win 1); no doubling cube. A decision is a whole
//! turn. Every verb comes from the registration: `simulate`, `analyze`,
//! `tournament`, `play`, `replay`.
//!
//! ```
//! use tabula_backgammon::{Backgammon, board::Position};
//! use tabula_core::{BoardGame, Status};
//!
//! let game = Backgammon::default();
//! let mut state = game.initial_state();
//! assert_eq!(game.status(&state), Status::Chance);
//! // The opening roll: X throws 3, O throws 1, so X starts with 3-1.
//! game.apply_chance(&mut state, tabula_backgammon::Roll(3, 1), &mut |_| {});
//! assert_eq!(game.status(&state), Status::Decision(0));
//! let mut turns = Vec::new();
//! game.legal_moves(&state, &mut turns);
//! let point = tabula_backgammon::notation::parse_turn(&game, &state, "8/5 6/5")?;
//! assert!(turns.contains(&point));
//! game.apply_move(&mut state, point, &mut |_| {});
//! assert_eq!(state.position.pips(0), 167 - 4);
//! # Ok::<_, tabula_backgammon::notation::BadTurn>(())
//! ```
//!
//! The registration with the command line and `commands` (`tabula
//! bearoff backgammon`) come with the feature `commands` (on by default).
//! Without it the crate is the rules, the agents, the notation and the
//! bear-off databases, and compiles without `tabula-registry`
//! (`cargo build -p tabula-backgammon --no-default-features`).
#![deny(missing_docs)]

pub mod agents;
pub mod bearoff;
pub mod board;
#[cfg(feature = "commands")]
pub mod commands;
pub mod game;
pub mod notation;
pub mod numbering;
pub mod picture;
pub mod positions;
pub mod race;

pub use board::{Hop, Position, Turn};
pub use game::{Backgammon, BackgammonParams, Roll, Scoring, State};

#[cfg(feature = "commands")]
static BEAROFF: tabula_registry::Typed<commands::BearOffArgs> = tabula_registry::Typed::report(
    "bearoff",
    "Backgammon's bear-off databases: a position's expected rolls and their distribution, the best play, a race's exact chances",
    commands::command,
)
.with_pictures();

/// What backgammon adds to the generic `simulate`'s report: `--plot`
/// draws the starting position.
#[cfg(feature = "commands")]
fn starting_position(
    _: &Backgammon,
    _: &BackgammonParams,
    report: &mut tabula_verbs::SimulateReport,
) {
    let title = "The starting position, X to move first on a higher opening die";
    report
        .extra
        .pictures
        .push(tabula_registry::picture::Picture {
            name: "position".into(),
            title: title.into(),
            drawing: tabula_registry::picture::Drawing::Svg(picture::svg(
                &Position::start(),
                title,
            )),
        });
}

/// A state as backgammon draws it (the play and replay pages of
/// `tabula serve`): the board, with who is to roll or play above it.
#[cfg(feature = "commands")]
fn state_picture(game: &Backgammon, state: &State) -> String {
    use tabula_play::terminal::Notation as _;
    let text = game.render(state);
    let title = text.lines().last().unwrap_or_default();
    picture::svg(&state.position, title)
}

#[cfg(feature = "commands")]
tabula_registry::inventory::submit! {
    tabula_registry::VerbEntry {
        name: "bearoff",
        about: "Backgammon's bear-off databases: a position's expected rolls and their distribution, the best play, a race's exact chances",
        game: Some("backgammon"),
        place: 60,
        verb: &BEAROFF,
    }
}

#[cfg(feature = "commands")]
tabula_registry::register_game! {
    game: Backgammon,
    summary: "Backgammon: race your 15 checkers home and off, hitting blots on the way; gammons count double, backgammons triple",
    agents: "pipcount,random",
    games: 10_000,
    build: |g| g
        .sections(starting_position)
        .picture(state_picture)
        .actions()
        .positions(|_, text| positions::read_position(text), |_, state| positions::write_position(state))
        .solver(commands::BearOffSolve),
}
