//! The entry interface of specification 004, as the game's agents: a
//! sailor is an [`Agent`] of [`Cruising`], briefed on the course once, in
//! [`Agent::new_game`] (the specification's `InitCarribeanCruise`, whose
//! arguments are [`Briefing::of`] the game), and then, once per
//! integration interval, in [`Agent::choose`], told the boat's position
//! and velocity, the true wind, the bow direction, the marks picked up
//! and the time ([`Observation::of`] the state: the arguments of the
//! specification's `Cruise`), to answer a bow direction and a sail trim
//! ([`Helm`]). The framework's referee times every call and forfeits a
//! bad answer (a NaN bow direction, a trim outside 0 to π/2).
//!
//! ```
//! use tabula_core::{Agent, BoardGame, GameRng, Seat, game_rng};
//! use tabula_cruising::{Briefing, Cruising, Helm, Observation, Position, State};
//!
//! /// Heads straight for the next mark, the sail half out.
//! #[derive(Default)]
//! struct Beeline {
//!     marks: Vec<Position>,
//! }
//!
//! impl Agent<Cruising> for Beeline {
//!     /// InitCarribeanCruise: remember the marks.
//!     fn new_game(&mut self, game: &Cruising, _: Seat) {
//!         self.marks = Briefing::of(game).marks.to_vec();
//!     }
//!
//!     /// Cruise: the bow at the next mark.
//!     fn choose(&mut self, game: &Cruising, state: &State, _: Seat, _: &mut GameRng) -> Helm {
//!         let seen = Observation::of(game, state);
//!         let bow = match self.marks.get(seen.marks_picked_up) {
//!             Some(&mark) => seen.position.bearing_to(mark),
//!             None => seen.bow, // the race is over
//!         };
//!         Helm { bow, trim: 0.5 }
//!     }
//! }
//!
//! let game = Cruising::scenario(1)?;
//! let mut beeline = Beeline::default();
//! beeline.new_game(&game, 0);
//! let helm = beeline.choose(&game, &game.initial_state(), 0, &mut game_rng(1, 0));
//! assert!(helm.bow.is_finite());
//! # Ok::<_, tabula_cruising::CruisingError>(())
//! ```
//!
//! Three sailors ship: [`Straight`] (`straight[-ANGLE]`), [`BestVmc`]
//! (`vmc`) and [`Cooper`] (`cooper`), the winning entry's approach; each
//! keeps the specification's two entry points as its own `init` and
//! `cruise`.

use std::f64::consts::PI;

use tabula_core::{Agent, GameRng, Seat};
use tabula_play::agents::{AgentEntry, BuildFn};

use crate::angle::{Position, Velocity, normalize, off_wind};
use crate::game::{Cruising, Helm, MAX_TRIM, State};
use crate::polar;

/// What a sailor is told before the race (the specification's
/// `InitCarribeanCruise`): [`Briefing::of`] the game, in
/// [`Agent::new_game`].
#[derive(Clone, Copy, Debug)]
pub struct Briefing<'a> {
    /// The marks, to be passed in this order.
    pub marks: &'a [Position],
    /// How close to a mark counts as passing it.
    pub tolerance: f64,
    /// Seconds between two calls of [`Agent::choose`] (the specification's `Cruise`).
    pub interval: f64,
}

/// What a sailor is told every interval (the arguments of the specification's
/// `Cruise`): [`Observation::of`] the state, in [`Agent::choose`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Observation {
    /// The boat's position at the start of this interval.
    pub position: Position,
    /// The boat's velocity at the start of this interval.
    pub velocity: Velocity,
    /// The true wind: its speed and the bearing it blows towards.
    pub wind: Velocity,
    /// The bearing the bow points to.
    pub bow: f64,
    /// Marks picked up so far.
    pub marks_picked_up: usize,
    /// Seconds since the start.
    pub time: f64,
}

impl<'a> Briefing<'a> {
    /// What the sailor of `game` is told before the race.
    pub fn of(game: &'a Cruising) -> Briefing<'a> {
        let c = game.course();
        Briefing {
            marks: &c.marks,
            tolerance: c.tolerance,
            interval: c.interval,
        }
    }
}

impl Observation {
    /// What the sailor of `game` sees at `state`.
    pub fn of(game: &Cruising, state: &State) -> Observation {
        Observation {
            position: state.position,
            velocity: game.velocity(state),
            wind: game.wind(state),
            bow: state.bow,
            marks_picked_up: state.marks,
            time: game.time(state),
        }
    }
}

/// A shipped sailor's `init` and `cruise` (the specification's two entry
/// points, as its own methods) as the framework's [`Agent`].
macro_rules! sailor_agent {
    ($($sailor:ty),*) => {$(
        /// The sailor as an agent: briefed by `init` in
        /// [`new_game`](Agent::new_game), answering by `cruise` in
        /// [`choose`](Agent::choose).
        impl Agent<Cruising> for $sailor {
            fn new_game(&mut self, game: &Cruising, _: Seat) {
                self.init(&Briefing::of(game));
            }

            fn choose(&mut self, game: &Cruising, state: &State, _: Seat, _: &mut GameRng) -> Helm {
                self.cruise(&Observation::of(game, state))
            }
        }
    )*};
}

sailor_agent!(Straight, BestVmc, Cooper);

/// A rough trim for any point of sail: 0 at the no-go angle, rising
/// evenly to 90° dead downwind.
pub fn linear_trim(off: f64) -> f64 {
    let degrees = polar::off_wind_degrees(off);
    ((degrees - polar::NO_GO_DEGREES) / (180.0 - polar::NO_GO_DEGREES)).clamp(0.0, 1.0) * MAX_TRIM
}

/// The next mark after `picked` of `marks` (the last once all are
/// passed).
fn next_mark(marks: &[Position], picked: usize) -> Position {
    marks
        .get(picked)
        .or(marks.last())
        .copied()
        .unwrap_or_default()
}

/// The marks a sailor was briefed on.
#[derive(Clone, Debug, Default)]
struct Marks(Vec<Position>);

impl Marks {
    fn next(&self, picked: usize) -> Position {
        next_mark(&self.0, picked)
    }
}

/// Straight at the next mark where the boat can sail there, and a fixed
/// angle off the wind (45° unless told, the polar's no-go angle) on the
/// tack nearer the mark otherwise; a rough trim ([`linear_trim`]).
#[derive(Clone, Debug)]
pub struct Straight {
    /// The tacking angle off the wind, in radians.
    pub angle: f64,
    marks: Marks,
}

impl Straight {
    /// A sailor tacking at `degrees` off the wind.
    pub fn new(degrees: f64) -> Straight {
        Straight {
            angle: degrees.to_radians(),
            marks: Marks::default(),
        }
    }
}

impl Straight {
    /// The specification's `InitCarribeanCruise`: hears the course.
    pub fn init(&mut self, b: &Briefing<'_>) {
        self.marks = Marks(b.marks.to_vec());
    }

    /// The specification's `Cruise`: the helm for the next interval.
    pub fn cruise(&mut self, seen: &Observation) -> Helm {
        let mark = self.marks.next(seen.marks_picked_up);
        let bearing = seen.position.bearing_to(mark);
        let from = seen.wind.from_bearing();
        let off = off_wind(bearing, from);
        let bow = if off.abs() < self.angle {
            let side = if off != 0.0 {
                off.signum()
            } else if off_wind(seen.bow, from) < 0.0 {
                -1.0
            } else {
                1.0
            };
            normalize(from + side * self.angle)
        } else {
            bearing
        };
        Helm {
            bow,
            trim: linear_trim(off_wind(bow, from)),
        }
    }
}

/// The best velocity made good towards the next mark from the polar:
/// every whole degree off the wind on both tacks, at the polar's speed
/// for the wind of the moment, with the best trim; it stays on its tack
/// unless the other is 10% better (so it does not tack back and forth
/// when the mark is dead upwind or downwind).
#[derive(Clone, Debug, Default)]
pub struct BestVmc {
    marks: Marks,
}

/// The share by which the other tack must be better for [`BestVmc`] to
/// tack.
pub const VMC_HYSTERESIS: f64 = 0.10;

impl BestVmc {
    /// The best heading on the side `side` (+1 or -1) of the wind blowing
    /// from `from` at `speed`, towards `bearing`, and its velocity made
    /// good.
    pub fn best_on(side: f64, from: f64, speed: f64, bearing: f64) -> (f64, f64) {
        let mut best = (normalize(from + side * PI), f64::MIN);
        for degrees in 45..=180 {
            let off = f64::from(degrees).to_radians();
            let heading = normalize(from + side * off);
            let vmc = polar::speed(off, speed) * (heading - bearing).cos();
            if vmc > best.1 {
                best = (heading, vmc);
            }
        }
        best
    }
}

impl BestVmc {
    /// The specification's `InitCarribeanCruise`: hears the course.
    pub fn init(&mut self, b: &Briefing<'_>) {
        self.marks = Marks(b.marks.to_vec());
    }

    /// The specification's `Cruise`: the helm for the next interval.
    pub fn cruise(&mut self, seen: &Observation) -> Helm {
        let bearing = seen
            .position
            .bearing_to(self.marks.next(seen.marks_picked_up));
        let from = seen.wind.from_bearing();
        let side = if off_wind(seen.bow, from) < 0.0 {
            -1.0
        } else {
            1.0
        };
        let here = BestVmc::best_on(side, from, seen.wind.speed, bearing);
        let there = BestVmc::best_on(-side, from, seen.wind.speed, bearing);
        let (bow, _) = if here.1 <= 0.0 || there.1 > here.1 * (1.0 + VMC_HYSTERESIS) {
            there
        } else {
            here
        };
        Helm {
            bow,
            trim: polar::optimal_trim(off_wind(bow, from), seen.wind.speed),
        }
    }
}

/// Tony Cooper's winning entry, as specification 004 prints it and describes it:
/// the best trim looked up in the published tables (the 25-knot table
/// above 17.5 knots of wind), a tack of 64° off the wind when the mark
/// is closer to the wind than that, on the tack pointing nearer the
/// mark and held at least 15 s, and otherwise the heading towards the
/// mark pulled 10% of the way towards the heading of best velocity made
/// good among the table's 28 points of sail.
///
/// Two things differ from the printed C: the tack, the time on it and
/// the last time are reset at the start of each race (the C keeps them
/// in statics that only a new mark resets), and the 10% pull is taken
/// along the shorter way round (the C subtracts two bearings without
/// normalizing the difference, which pulls the wrong way when they
/// straddle due south).
#[derive(Clone, Debug, Default)]
pub struct Cooper {
    marks: Marks,
    current_mark: usize,
    current_tack: i32,
    time_on_tack: f64,
    previous_time: f64,
}

/// Cooper's tacking angle: 64° off the wind.
pub const COOPER_TACK_DEGREES: f64 = 64.0;
/// Cooper's least time on a tack, in seconds.
pub const COOPER_MIN_TACK_TIME: f64 = 15.0;
/// Cooper's pull towards the best-VMC heading.
pub const COOPER_VMC_FRACTION: f64 = 0.10;

impl Cooper {
    /// The specification's `InitCarribeanCruise`: hears the course.
    pub fn init(&mut self, b: &Briefing<'_>) {
        *self = Cooper {
            marks: Marks(b.marks.to_vec()),
            ..Cooper::default()
        };
    }

    /// The specification's `Cruise`: the helm for the next interval.
    pub fn cruise(&mut self, seen: &Observation) -> Helm {
        let tack_angle = COOPER_TACK_DEGREES.to_radians();
        if seen.marks_picked_up > self.current_mark {
            self.current_mark = seen.marks_picked_up;
            self.current_tack = 0;
            self.time_on_tack = 0.0;
        }
        let can_change = self.current_tack == 0 || self.time_on_tack >= COOPER_MIN_TACK_TIME;
        let to_mark = seen.position.bearing_to(self.marks.next(self.current_mark));
        let wind_to = normalize(seen.wind.direction);
        let upwind = PI + wind_to;
        let off = normalize(to_mark - upwind);
        let high = seen.wind.speed > 17.5;
        let (bow, new_tack) = if off.abs() < tack_angle {
            if can_change {
                let port = upwind + tack_angle;
                let starboard = upwind - tack_angle;
                if normalize(port - to_mark).abs() / normalize(starboard - to_mark).abs() < 1.0 {
                    (port, 1)
                } else {
                    (starboard, -1)
                }
            } else {
                (
                    upwind + f64::from(self.current_tack) * tack_angle,
                    self.current_tack,
                )
            }
        } else {
            let table = if high {
                &polar::SPEEDS_25
            } else {
                &polar::SPEEDS_10
            };
            let side = if off > 0.0 { 1.0 } else { -1.0 };
            let mut best = None;
            let mut max_vmc = 0.0;
            for (i, speed) in table.iter().enumerate() {
                let heading = normalize(upwind + side * polar::entry_degrees(i).to_radians());
                let vmc = speed * (heading - to_mark).cos();
                if vmc > max_vmc {
                    max_vmc = vmc;
                    best = Some(heading);
                }
            }
            match best {
                Some(b) => (to_mark + normalize(b - to_mark) * COOPER_VMC_FRACTION, 0),
                None => (to_mark, 0),
            }
        };
        let heading_off = normalize(upwind - bow).abs().to_degrees();
        let index = (((heading_off + 2.5 - 45.0) / 5.0) as i64).clamp(0, 27) as usize;
        let trims = if high {
            &polar::TRIMS_25
        } else {
            &polar::TRIMS_10
        };
        if self.current_tack == new_tack {
            self.time_on_tack += seen.time - self.previous_time;
        } else {
            self.current_tack = new_tack;
            self.time_on_tack = 0.0;
        }
        self.previous_time = seen.time;
        Helm {
            bow: normalize(bow),
            trim: trims[index].to_radians(),
        }
    }
}

tabula_play::inventory::submit! {
    AgentEntry {
        name: "straight",
        parameter: Some("ANGLE"),
        summary: "straight at the mark where it can, else a fixed tacking angle (straight-ANGLE, degrees off the wind; 45 unless told) on the tack nearer the mark; a rough trim",
        build: &BuildFn::<Cruising>(|_, angle| {
            let degrees: f64 = match angle {
                None => polar::NO_GO_DEGREES,
                Some(a) => a.parse().map_err(|_| format!("the tacking angle must be a number of degrees, not {a:?}"))?,
            };
            if !(polar::NO_GO_DEGREES..=90.0).contains(&degrees) {
                return Err(format!("the tacking angle must be 45 to 90 degrees, not {degrees}").into());
            }
            Ok(Box::new(Straight::new(degrees)))
        }),
    }
}

tabula_play::inventory::submit! {
    AgentEntry {
        name: "vmc",
        parameter: None,
        summary: "the heading of best velocity made good towards the mark from the polar, with the best trim; tacks only for a 10% gain",
        build: &BuildFn::<Cruising>(|_, _| Ok(Box::new(BestVmc::default()))),
    }
}

tabula_play::inventory::submit! {
    AgentEntry {
        name: "cooper",
        parameter: None,
        summary: "the specification's winning entry: trim from the published tables, 64° tacks held at least 15 s, a 10% pull towards the best-VMC heading",
        build: &BuildFn::<Cruising>(|_, _| Ok(Box::new(Cooper::default()))),
    }
}
