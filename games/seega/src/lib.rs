//! Seega for tabula (specification 004): the capture game on an odd n × n board,
//! its agents (the framework's [`Agent`](tabula_core::Agent), whose methods are the
//! specification's `InitGame` / `PlacePieces` / `MovePiece` / `TermGame`), and the
//! [`Heuristic`](tabula_search::Heuristic) with which the framework's
//! generic search agents play it (registered as `random`, `greedy`,
//! `alphabeta`, `mcts`). The referee, tournaments, records, replay,
//! terminal play and search are the framework's ([`tabula_play`],
//! [`tabula_search`]), driving Seega through its [`BoardGame`] impl.
//!
//! ```
//! use tabula_core::Streams;
//! use tabula_play::referee::Referee;
//! use tabula_seega::{Rules, Seega, Side, agent};
//!
//! let game = Seega::new(Rules::new(5, 30, Side::Black)?);
//! let mut agents = vec![agent::build(&game, "greedy")?, agent::build(&game, "random")?];
//! let played = Referee::new().play(&game, &mut agents, &mut Streams::new(1, 0), &mut ());
//! println!("{}", played.state.summary());
//! assert!(played.forfeit.is_none()); // built-in agents never answer illegally
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! [`BoardGame`]: tabula_core::BoardGame
//!
//! Where the rules live: [`rules`] (the position, legality and captures),
//! [`game`] (Seega as a `BoardGame`, its records and move notation),
//! [`agent`] (the agent API), [`search`] (the heuristic), [`agents`] (the
//! registered players), [`params`] (the rules as the one parameter
//! type), [`tournament`] (the specification's columns of the framework's one
//! tournament report), [`verbs`] (what Seega adds to the generic verbs: the
//! specification's tournament and options of `play`); every error is a
//! [`SeegaError`]. Seega has no command of its own: `simulate`,
//! `tournament`, `play` and `replay` are the framework's.
//!
//! The registration with the command line, [`tournament`] and [`verbs`]
//! come with the feature `commands` (on by default). Without it the crate
//! is the rules, the agents and the search, and compiles without `tabula-registry`
//! (`cargo build -p tabula-seega
//! --no-default-features`).
#![deny(missing_docs)]

pub mod agent;
pub mod agents;
pub mod board;
mod error;
pub mod game;
pub mod params;
pub mod rules;
pub mod search;
#[cfg(feature = "commands")]
pub mod tournament;
#[cfg(feature = "commands")]
pub mod verbs;

pub use agent::GameInfo;
pub use board::{Side, Slide, Square};
pub use error::SeegaError;
pub use game::Seega;
pub use rules::{Action, Illegal, Phase, Position, Reason, Rules, Verdict};

#[cfg(feature = "commands")]
tabula_registry::register_game! {
    game: Seega,
    summary: "Seega, specification 004's capture game: place, then move and sandwich enemy pieces",
    agents: "greedy,random",
    games: 100,
    tournament_games: 20,
    build: |g| g
        .tournament(tabula_registry::TournamentSetup {
            configure: Some(|_, options| tournament::options(options)),
            check: Some(|_, _, games| tournament::check(games)),
        })
        .options("tournament", |a| a.more_help(tournament::HELP))
        .tally(tournament::MOVES)
        .sections(tournament::extend)
        .options("play", verbs::play_arguments)
        .play_setup(verbs::play_setup)
        .look(tabula_registry::TerminalLook {
            greeting: Some(verbs::play_greeting),
            verdict: Some(verbs::play_verdict),
            ..Default::default()
        }),
}

// The browser's `analyze` form: no agents make Seega small enough to solve
// exactly (even on the 5×5 board the chain passes the state limit), so
// the index offers the simulation in its place; the form itself starts
// with fixed policies, which the verb takes, not the default searcher.
#[cfg(feature = "commands")]
tabula_registry::inventory::submit! {
    tabula_registry::form_start::FormStart {
        game: "seega",
        verb: "analyze",
        values: &[("agents", "random,random")],
        note: "Seega is too large to solve exactly with any agents: even on the 5×5 board its chain passes the state limit. Its simulation and its tournament sample it.",
        instead: Some("simulate"),
    }
}
