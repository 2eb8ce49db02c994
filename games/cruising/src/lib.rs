//! **Caribbean Cruising**, the sailing race of specification 004 (the August 2001
//! Programmer's Challenge, whose winning entry the specification prints): a boat
//! sails around a sequence of marks in a wind that varies; once per
//! integration interval its sailor is told the boat's position and
//! velocity, the true wind, the bow direction, the marks picked up and
//! the time, and answers a bow direction and a sail trim.
//!
//! ```
//! use tabula_cruising::{Cruising, Cooper};
//! use tabula_core::{Agent, Streams};
//! use tabula_play::referee::Referee;
//!
//! // Scenario 5: the four marks in 16 knots from the top of the page.
//! let game = Cruising::scenario(5)?;
//! let mut agents: Vec<Box<dyn Agent<Cruising>>> = vec![Box::new(Cooper::default())];
//! let referee = Referee::new().with_max_steps(20_000);
//! // Its gusts are sampled and its helm tested directly: its paths say so.
//! let paths = tabula_play::paths!(Cruising);
//! let played = referee.play_on(paths, &game, &mut agents, &mut Streams::new(2002, 4), &mut ());
//! assert_eq!(played.state.marks, 4);
//! assert!(game.race_time(&played.state) < 3000.0);
//! # Ok::<_, tabula_cruising::CruisingError>(())
//! ```
//!
//! The pieces: the course file ([`course`]), Bob's boat from the
//! specification's tables ([`polar`]) and the rest of the boat model, ours
//! ([`game`]), the sailors: agents of the game, briefed and asked as the
//! specification's entry interface says, three of them shipped ([`sailor`]), and the specification's twelve-scenario evaluation with
//! its table and picture ([`race`], the command `tabula race
//! cruising`). The generic verbs `simulate`, `play` and `replay` come
//! from the registration.
//!
//! The registration and [`race`] come with the feature `commands` (on by
//! default). Without it the crate is the course, the boat and the
//! sailors, and compiles without `tabula-registry` (`cargo
//! build -p tabula-cruising --no-default-features`).
#![deny(missing_docs)]

pub mod angle;
pub mod course;
pub mod game;
pub mod numbering;
pub mod polar;
#[cfg(feature = "commands")]
pub mod race;
pub mod sailor;

pub use angle::{Position, Velocity};
pub use course::{Course, CourseSpec};
pub use game::{Cruising, CruisingParams, Gust, Helm, State};
pub use sailor::{BestVmc, Briefing, Cooper, Observation, Straight};

/// The name the game registers under: `tabula race cruising`.
pub const NAME: &str = "cruising";

/// Why a course cannot be raced.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CruisingError {
    /// The course file could not be read, parsed or checked (with its
    /// file, line and column).
    #[error(transparent)]
    Spec(#[from] tabula_core::spec::SpecError),
    /// No built-in scenario has this number.
    #[error("there is no scenario {0}: the built-in scenarios are 1 to {max}", max = course::SCENARIOS)]
    Scenario(u32),
    /// A scenario other than the default beside a course file: the race
    /// is one or the other.
    #[error(
        "scenario {scenario} and a course file both name the race: give one (a course file's race is its own; leave the scenario out with it)"
    )]
    ScenarioAndCourse {
        /// The scenario given.
        scenario: u32,
    },
}

#[cfg(feature = "commands")]
static RACE: tabula_registry::Typed<race::RaceArgs> = tabula_registry::Typed::report(
    "race",
    "Caribbean Cruising: the specification's evaluation, every entrant on the twelve scenarios, ranked by race time + milliseconds",
    race::command,
)
.with_pictures();

#[cfg(feature = "commands")]
tabula_registry::inventory::submit! {
    tabula_registry::VerbEntry {
        name: "race",
        about: "Caribbean Cruising: the specification's evaluation, every entrant on the twelve scenarios, ranked by race time + milliseconds",
        game: Some("cruising"),
        place: 60,
        verb: &RaceVerb,
    }
}

/// `race cruising`: [`RACE`], its `--agents` a pick list of the game's
/// agents with their summaries, as the other verbs' agents are.
#[cfg(feature = "commands")]
struct RaceVerb;

#[cfg(feature = "commands")]
impl tabula_registry::Verb for RaceVerb {
    fn about(&self, game: &dyn tabula_registry::GameKind, verb: &str) -> &'static str {
        tabula_registry::Verb::about(&RACE, game, verb)
    }

    fn kind(&self, game: &dyn tabula_registry::GameKind) -> tabula_registry::Kind {
        tabula_registry::Verb::kind(&RACE, game)
    }

    fn arguments(&self, game: &dyn tabula_registry::GameKind) -> tabula_registry::args::Arguments {
        tabula_registry::Verb::arguments(&RACE, game).mut_arg("agents", |a| a.agents(game.agents()))
    }

    fn run(
        &self,
        game: &dyn tabula_registry::GameKind,
        values: &tabula_registry::args::Values,
        io: &mut tabula_registry::Io<'_>,
    ) -> Result<Option<Box<dyn tabula_registry::Report>>, tabula_registry::Error> {
        tabula_registry::Verb::run(&RACE, game, values, io)
    }
}

#[cfg(feature = "commands")]
tabula_registry::register_game! {
    game: Cruising,
    summary: "Caribbean Cruising (specification 004): sail around marks in a varying wind; bow direction and sail trim each interval",
    agents: "cooper",
    games: 100,
    build: |g| g.actions().picture(state_picture),
}

/// A position as the play and replay pages of `tabula serve` draw it: the
/// course as the race's picture draws it (its marks, the wind), with the
/// boat where it is and a line along its bow; the position in words
/// above.
#[cfg(feature = "commands")]
fn state_picture(game: &Cruising, state: &game::State) -> String {
    use tabula_play::terminal::Notation as _;
    let at = state.position;
    let length = game.course().tolerance.max(1.0) * 3.0;
    let ahead = angle::Position {
        x: at.x + length * state.bow.sin(),
        y: at.y + length * state.bow.cos(),
    };
    let boat = race::Path {
        name: "the boat, along its bow".into(),
        points: vec![at, ahead],
        tacks: vec![at],
    };
    let mut picture = race::paths_picture(game, &[boat]);
    picture.name = "position".into();
    picture.title = game
        .render(state)
        .lines()
        .next()
        .unwrap_or_default()
        .to_string();
    tabula_registry::state::picture_data(&picture)
}

// What to type on the play page, where no moves are listed: the helm as
// the game's notation reads it.
#[cfg(feature = "commands")]
tabula_registry::inventory::submit! {
    tabula_registry::notation_hint::NotationHint {
        game: "cruising",
        hint: "the bow direction, then the sail trim, both in degrees, separated by a space",
        example: "-150 55",
    }
}
