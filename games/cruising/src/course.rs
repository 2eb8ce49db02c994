//! A course: where the boat starts, the marks it must pass in turn, how
//! close counts as passing, the integration interval, the time allowed,
//! the wind and the boat. Written in RON as a [`CourseSpec`] and checked
//! into a [`Course`]; the twelve scenarios of the specification's evaluation are
//! [`scenario`]s.
//!
//! ```
//! use tabula_cruising::course::Course;
//! use tabula_core::spec::Source;
//!
//! let text = r#"(
//!     name: "a beat and back",
//!     start: (x: 0.0, y: 0.0),
//!     marks: [(x: 0.0, y: 2000.0), (x: 0.0, y: 0.0)],
//!     tolerance: 50.0,
//!     interval: 1.0,
//!     time_limit: 3000.0,
//!     wind: (speed: 12.0, from: 0.0, shift: 5.0, gust: 0.1, period: 300.0),
//! )"#;
//! let course = Course::from_source(&Source::embedded("beat.ron", text))?;
//! assert_eq!(course.spec().marks.len(), 2);
//!
//! let bad = text.replace("tolerance: 50.0", "tolerance: -1.0");
//! let err = Course::from_source(&Source::embedded("bad.ron", bad)).unwrap_err();
//! assert!(err.to_string().starts_with("bad.ron:5:16:"), "{err}");
//! # Ok::<_, tabula_cruising::CruisingError>(())
//! ```

use serde::{Deserialize, Serialize};
use tabula_core::spec::{PathItem, Source};

use crate::CruisingError;
use crate::angle::Position;

/// The most marks a course may have.
pub const MAX_MARKS: usize = 64;

/// The most integration intervals a race may last: a time limit of
/// 100,000 intervals keeps one race within a few milliseconds of work
/// for the referee and its record within memory.
pub const MAX_INTERVALS: f64 = 100_000.0;

/// The farthest any point of a course may be from the origin, in
/// metres along either axis (the start, each mark), and the largest
/// tolerance: a course is sailed in hours, over kilometres.
pub const MAX_DISTANCE: f64 = 1_000_000.0;

/// The longest correlation time of the wind's deviations, in seconds (a
/// day; a race lasts hours).
pub const MAX_PERIOD: f64 = 86_400.0;

/// The largest boat's turn rate, in degrees a second (a full turn in a
/// second).
pub const MAX_TURN_RATE: f64 = 360.0;

/// The largest boat's inertia, in seconds.
pub const MAX_INERTIA: f64 = 3_600.0;

/// The largest trim width, in degrees.
pub const MAX_TRIM_WIDTH: f64 = 180.0;

/// How the wind blows and varies: a mean speed and direction with two
/// independent Ornstein–Uhlenbeck deviations (one for the direction, one
/// for the speed), each with standard deviation as given and correlation
/// time `period`, starting at the mean.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WindSpec {
    /// The mean speed of the true wind (0 to 60).
    pub speed: f64,
    /// The bearing the wind blows from, in degrees (-360 to 360): 0
    /// from the top of the page (+y), 90 from the right (+x).
    pub from: f64,
    /// The standard deviation of the wind's direction, in degrees (0 to
    /// 90): the specification's "wind variability".
    pub shift: f64,
    /// The standard deviation of the wind's speed, as a share of the mean
    /// (0 to 1).
    pub gust: f64,
    /// The correlation time of both deviations, in seconds (more than 0,
    /// at most [`MAX_PERIOD`]).
    pub period: f64,
}

/// The boat's handling, beyond the polar (all our own assumptions; see
/// the book's chapter).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct BoatSpec {
    /// How fast the bow turns towards the commanded direction, in
    /// degrees a second.
    pub turn_rate: f64,
    /// The time constant, in seconds, with which the boat's speed
    /// approaches the speed the wind, the heading and the trim give.
    pub inertia: f64,
    /// The share of its speed the boat loses each time its bow passes
    /// through the wind (a tack).
    pub tack_loss: f64,
    /// How far the trim may be from the best trim, in degrees, before the
    /// sail gives no drive: the drive is `1 - (error / trim_width)²`.
    pub trim_width: f64,
}

impl Default for BoatSpec {
    fn default() -> BoatSpec {
        BoatSpec {
            turn_rate: 20.0,
            inertia: 8.0,
            tack_loss: 0.25,
            trim_width: 40.0,
        }
    }
}

/// A course as written in RON: plain data, checked by
/// [`Course::from_spec`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CourseSpec {
    /// What it is called.
    pub name: String,
    /// Where the boat starts, at rest, bow to the first mark.
    pub start: Position,
    /// The marks, to be passed in this order (1 to [`MAX_MARKS`]).
    pub marks: Vec<Position>,
    /// How close to a mark counts as passing it (more than 0).
    pub tolerance: f64,
    /// The integration interval in seconds: the boat's sailor is asked
    /// once per interval (more than 0, at most 60).
    pub interval: f64,
    /// The race ends unfinished at this time, in seconds (at most
    /// [`MAX_INTERVALS`] intervals).
    pub time_limit: f64,
    /// The wind.
    pub wind: WindSpec,
    /// The boat's handling; the defaults if left out.
    #[serde(default)]
    pub boat: BoatSpec,
}

/// A checked course, ready to race on.
#[derive(Clone, Debug, PartialEq)]
pub struct Course {
    spec: CourseSpec,
}

impl Course {
    /// Reads and checks a course file.
    pub fn read(path: &str) -> Result<Course, CruisingError> {
        Course::from_source(&Source::read(path)?)
    }

    /// Parses and checks a course's RON text, locating any error in it.
    pub fn from_source(source: &Source) -> Result<Course, CruisingError> {
        let spec: CourseSpec = source.parse()?;
        Course::from_spec(spec).map_err(|(path, message)| {
            let path: Vec<PathItem<'_>> = path
                .iter()
                .map(|p| match p {
                    Place::Field(f) => PathItem::Field(f),
                    Place::Index(i) => PathItem::Index(*i),
                })
                .collect();
            CruisingError::Spec(source.invalid(&path, message))
        })
    }

    /// Checks a course, saying which value is wrong and why.
    pub fn from_spec(spec: CourseSpec) -> Result<Course, (Vec<Place>, String)> {
        use Place::{Field, Index};
        let at = |p: &[Place], m: String| Err((p.to_vec(), m));
        // The name is printed and drawn: no control character (an
        // escape would reach the terminal; SVG cannot hold some).
        if let Some((i, c)) = spec.name.chars().enumerate().find(|(_, c)| c.is_control()) {
            return at(
                &[Field("name")],
                format!(
                    "the course name contains a control character ({}, character {} of the name); names are printed and drawn, so use printable characters only",
                    c.escape_unicode(),
                    i + 1
                ),
            );
        }
        let finite = |p: Position| p.x.is_finite() && p.y.is_finite();
        let near = |p: Position| p.x.abs() <= MAX_DISTANCE && p.y.abs() <= MAX_DISTANCE;
        let far = |what: &str, p: Position| {
            format!(
                "{what} must be within {MAX_DISTANCE} m of the origin along each axis (x and y from -{MAX_DISTANCE} to {MAX_DISTANCE}), not ({}, {})",
                shown(p.x),
                shown(p.y)
            )
        };
        if !finite(spec.start) {
            return at(&[Field("start")], "the start must be a finite point".into());
        }
        if !near(spec.start) {
            return at(&[Field("start")], far("the start", spec.start));
        }
        if spec.marks.is_empty() || spec.marks.len() > MAX_MARKS {
            return at(
                &[Field("marks")],
                format!(
                    "a course has 1 to {MAX_MARKS} marks, not {}",
                    spec.marks.len()
                ),
            );
        }
        if let Some(i) = spec.marks.iter().position(|m| !finite(*m)) {
            return at(
                &[Field("marks"), Index(i)],
                "a mark must be a finite point".into(),
            );
        }
        if let Some(i) = spec.marks.iter().position(|m| !near(*m)) {
            return at(&[Field("marks"), Index(i)], far("a mark", spec.marks[i]));
        }
        let positive = |v: f64| v.is_finite() && v > 0.0;
        if !positive(spec.tolerance) {
            return at(
                &[Field("tolerance")],
                format!(
                    "the tolerance must be more than 0, not {}",
                    shown(spec.tolerance)
                ),
            );
        }
        if spec.tolerance > MAX_DISTANCE {
            return at(
                &[Field("tolerance")],
                format!(
                    "the tolerance must be at most {MAX_DISTANCE} m, not {}",
                    shown(spec.tolerance)
                ),
            );
        }
        if !positive(spec.interval) || spec.interval > 60.0 {
            return at(
                &[Field("interval")],
                format!(
                    "the interval must be more than 0 and at most 60 seconds, not {}",
                    shown(spec.interval)
                ),
            );
        }
        if !positive(spec.time_limit) || spec.time_limit / spec.interval > MAX_INTERVALS {
            return at(
                &[Field("time_limit")],
                format!(
                    "the time limit must be more than 0 and at most {MAX_INTERVALS} intervals, not {}",
                    shown(spec.time_limit)
                ),
            );
        }
        let w = &spec.wind;
        let wind = |f: &'static str, m: String| at(&[Field("wind"), Field(f)], m);
        if !(w.speed.is_finite() && (0.0..=60.0).contains(&w.speed)) {
            return wind(
                "speed",
                format!("the wind's speed must be 0 to 60, not {}", shown(w.speed)),
            );
        }
        if !w.from.is_finite() {
            return wind(
                "from",
                "the wind's direction must be a finite number of degrees".into(),
            );
        }
        if !(-360.0..=360.0).contains(&w.from) {
            return wind(
                "from",
                format!(
                    "the wind's direction must be -360 to 360 degrees, not {}",
                    shown(w.from)
                ),
            );
        }
        if !(w.shift.is_finite() && (0.0..=90.0).contains(&w.shift)) {
            return wind(
                "shift",
                format!(
                    "the wind's shift must be 0 to 90 degrees, not {}",
                    shown(w.shift)
                ),
            );
        }
        if !(w.gust.is_finite() && (0.0..=1.0).contains(&w.gust)) {
            return wind(
                "gust",
                format!("the wind's gust must be 0 to 1, not {}", shown(w.gust)),
            );
        }
        if !positive(w.period) {
            return wind(
                "period",
                format!(
                    "the wind's period must be more than 0 seconds, not {}",
                    shown(w.period)
                ),
            );
        }
        if w.period > MAX_PERIOD {
            return wind(
                "period",
                format!(
                    "the wind's period must be at most {MAX_PERIOD} seconds (a day), not {}",
                    shown(w.period)
                ),
            );
        }
        let b = &spec.boat;
        let boat = |f: &'static str, m: String| at(&[Field("boat"), Field(f)], m);
        if !positive(b.turn_rate) {
            return boat(
                "turn_rate",
                format!(
                    "the turn rate must be more than 0, not {}",
                    shown(b.turn_rate)
                ),
            );
        }
        if b.turn_rate > MAX_TURN_RATE {
            return boat(
                "turn_rate",
                format!(
                    "the turn rate must be at most {MAX_TURN_RATE} degrees a second, not {}",
                    shown(b.turn_rate)
                ),
            );
        }
        if !positive(b.inertia) {
            return boat(
                "inertia",
                format!(
                    "the inertia must be more than 0 seconds, not {}",
                    shown(b.inertia)
                ),
            );
        }
        if b.inertia > MAX_INERTIA {
            return boat(
                "inertia",
                format!(
                    "the inertia must be at most {MAX_INERTIA} seconds, not {}",
                    shown(b.inertia)
                ),
            );
        }
        if !(b.tack_loss.is_finite() && (0.0..=1.0).contains(&b.tack_loss)) {
            return boat(
                "tack_loss",
                format!("the tack loss must be 0 to 1, not {}", shown(b.tack_loss)),
            );
        }
        if !positive(b.trim_width) {
            return boat(
                "trim_width",
                format!(
                    "the trim width must be more than 0 degrees, not {}",
                    shown(b.trim_width)
                ),
            );
        }
        if b.trim_width > MAX_TRIM_WIDTH {
            return boat(
                "trim_width",
                format!(
                    "the trim width must be at most {MAX_TRIM_WIDTH} degrees, not {}",
                    shown(b.trim_width)
                ),
            );
        }
        Ok(Course { spec })
    }

    /// The course as written.
    pub fn spec(&self) -> &CourseSpec {
        &self.spec
    }
}

/// A number as a message shows it: as written for everyday sizes, in
/// scientific notation for the absurd (`1e300`, not 301 digits).
fn shown(x: f64) -> String {
    if x != 0.0 && !(1e-6..1e9).contains(&x.abs()) {
        format!("{x:e}")
    } else {
        x.to_string()
    }
}

/// A step of the path to a value in a course's RON: the owned form of
/// [`PathItem`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A struct field.
    Field(&'static str),
    /// An element of a list.
    Index(usize),
}

/// The number of built-in scenarios: the specification's twelve.
pub const SCENARIOS: u32 = 12;

/// The marks of every built-in scenario, after a start at the origin:
/// a reach, a beat straight up the page, a reach across, and home.
pub const MARKS: [Position; 4] = [
    Position::new(-2000.0, -1000.0),
    Position::new(-2000.0, 3000.0),
    Position::new(2000.0, 3000.0),
    Position::new(0.0, 0.0),
];

/// Built-in scenario `n` (1 to [`SCENARIOS`]): the specification's four marks in
/// a wind of 8, 16 or 25 knots, from the top of the page (so the second
/// leg is a beat, as in the specification's picture) or from its left, steady
/// (2° of shift, 5% of gust) or variable (10°, 15%). The order: speed
/// slowest, then direction, then variability.
pub fn scenario(n: u32) -> Option<Course> {
    if !(1..=SCENARIOS).contains(&n) {
        return None;
    }
    let i = n - 1;
    let speed = [8.0, 16.0, 25.0][(i / 4) as usize];
    let from = [0.0, 270.0][(i / 2 % 2) as usize];
    let (shift, gust, kind) = [(2.0, 0.05, "steady"), (10.0, 0.15, "variable")][(i % 2) as usize];
    let spec = CourseSpec {
        name: format!("scenario {n}: {speed} knots from {from}°, {kind}"),
        start: Position::new(0.0, 0.0),
        marks: MARKS.to_vec(),
        tolerance: 50.0,
        interval: 1.0,
        time_limit: 4800.0,
        wind: WindSpec {
            speed,
            from,
            shift,
            gust,
            period: 300.0,
        },
        boat: BoatSpec::default(),
    };
    Course::from_spec(spec).ok()
}
