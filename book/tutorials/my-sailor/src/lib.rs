//! A Caribbean Cruising sailor of your own, in a crate of your own: it
//! beats at the angle of best velocity made good from the polar and
//! tacks once, on the layline, instead of zigzagging. Linking this crate
//! (see `src/main.rs`) is all it takes: the sailor is then known by name
//! to every tool: `race cruising`, `simulate`, `play`, records.
//!
//! ```
//! use my_sailor as _; // link the plugin
//! use tabula::core::Streams;
//! use tabula::cruising::Cruising;
//! use tabula::play::{agents, paths, referee::Referee};
//!
//! let game = Cruising::scenario(9)?;
//! let mut sailors = vec![agents::build(&game, "layline")?];
//! let referee = Referee::new().with_max_steps(20_000);
//! let played = referee.play_on(paths!(Cruising), &game, &mut sailors, &mut Streams::new(7, 0), &mut ());
//! assert!(played.forfeit.is_none(), "it never answers a bad helm");
//! assert_eq!(played.state.marks, 4, "it sails the whole course");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

// ANCHOR: plugin
use tabula::core::{Agent, GameRng, Seat};
use tabula::cruising::angle::{normalize, off_wind};
use tabula::cruising::{Briefing, Cruising, Helm, Observation, Position, State, polar};
use tabula::play::agents::{AgentEntry, BuildFn};

/// Beats at the best angle for velocity made good and tacks on the
/// layline; sails straight at the mark when it can.
#[derive(Clone, Debug, Default)]
pub struct Layline {
    marks: Vec<Position>,
}

/// The angle off the wind, in radians, at which the boat makes the most
/// ground to windward in a wind of `speed`.
fn best_beat(speed: f64) -> f64 {
    (45..=90)
        .map(|d| f64::from(d).to_radians())
        .max_by(|a, b| {
            let vmg = |off: f64| polar::speed(off, speed) * off.cos();
            vmg(*a).total_cmp(&vmg(*b))
        })
        .unwrap_or(std::f64::consts::FRAC_PI_4)
}

impl Agent<Cruising> for Layline {
    /// The specification's InitCarribeanCruise: remember the marks.
    fn new_game(&mut self, game: &Cruising, _: Seat) {
        self.marks = Briefing::of(game).marks.to_vec();
    }

    /// The specification's Cruise: a bow direction and a trim.
    fn choose(&mut self, game: &Cruising, state: &State, _: Seat, _: &mut GameRng) -> Helm {
        let seen = Observation::of(game, state); // position, wind, marks, time
        let Some(&mark) = self.marks.get(seen.marks_picked_up) else {
            return Helm {
                bow: seen.bow,
                trim: 0.0,
            }; // the race is over
        };
        let from = seen.wind.from_bearing(); // where the wind comes from
        let to_mark = off_wind(seen.position.bearing_to(mark), from);
        let beat = best_beat(seen.wind.speed);
        let bow = if to_mark.abs() >= beat {
            from + to_mark // the mark is off the wind: straight there
        } else {
            // Upwind: hold the tack we are on. Past the layline the mark
            // is off the wind on the other side, and the line above turns
            // us straight to it: one tack per beat.
            from + off_wind(seen.bow, from).signum() * beat
        };
        let bow = normalize(bow);
        Helm {
            bow,
            trim: polar::optimal_trim(off_wind(bow, from), seen.wind.speed),
        }
    }
}

tabula::play::inventory::submit! {
    AgentEntry {
        name: "layline",
        parameter: None,
        summary: "beats at the best VMG angle from the polar, tacking once on the layline",
        build: &BuildFn::<Cruising>(|_, _| Ok(Box::new(Layline::default()))),
    }
}
// ANCHOR_END: plugin
