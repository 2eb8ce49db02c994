//! The race as a [`BoardGame`]: one seat (the boat's sailor) decides a
//! [`Helm`] (bow direction and sail trim) once per integration interval,
//! and between two decisions chance moves the wind ([`Gust`]). The
//! boat's motion is in [`Cruising::apply_move`]; the wind's in
//! [`Cruising::apply_chance`].

use std::f64::consts::{FRAC_PI_2, PI};

use rand::Rng;
use tabula_core::params::{Param, Parameters};
use tabula_core::{BoardGame, GameResult, Results, Status};
use tabula_play::Legality;
use tabula_play::record::Recordable;
use tabula_play::terminal::Notation;
use tabula_sim::Sampling;

use crate::CruisingError;
use crate::angle::{Position, Velocity, normalize, off_wind};
use crate::course::{self, Course, CourseSpec};
use crate::polar;

/// The greatest sail trim, in radians: the sail square to the boat.
/// (The specification's comment says 0 to π/4; its winning entry's tables go to
/// 90°, so we take π/2.)
pub const MAX_TRIM: f64 = FRAC_PI_2;

/// The game's parameters: a built-in scenario, or a course file.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CruisingParams {
    /// The built-in scenario (1 to 12), unless `course` names a file.
    pub scenario: u32,
    /// A course file in RON; empty for the built-in scenario.
    pub course: String,
}

impl Parameters for CruisingParams {
    const FIELDS: &'static [Param] = &[
        Param::int(
            "scenario",
            "the built-in scenario of the specification's evaluation (its marks, wind and variability)",
            "1",
            1,
            course::SCENARIOS as i64,
        ),
        Param::form(
            "course",
            "a course file in RON (marks, tolerance, interval, time limit, wind, boat); empty for the scenario",
            "",
            "a file's path, or empty",
        ),
    ];
}

/// A sailor's command for the next interval: the specification's
/// `targetBowDirection` and `sailTrim`.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Helm {
    /// The bearing the bow should point to, in radians (any finite
    /// value; the boat turns towards it at its turn rate).
    pub bow: f64,
    /// The sail trim in radians, 0 to [`MAX_TRIM`], measured off the
    /// stern away from the wind.
    pub trim: f64,
}

/// One interval's random change of the wind: two standard normal draws
/// that move the deviations of its direction and speed.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Gust {
    /// The draw for the direction.
    pub direction: f64,
    /// The draw for the speed.
    pub speed: f64,
}

/// What a step reports.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Event {
    /// The boat passed mark `mark` (from 0) at `time`.
    Mark {
        /// Which mark.
        mark: usize,
        /// When, in seconds.
        time: f64,
    },
    /// The bow passed through the wind at `at`.
    Tack {
        /// Where the boat was at the end of the interval.
        at: Position,
    },
}

/// The race so far.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// Where the boat is.
    pub position: Position,
    /// Its speed through the water (along the bow: no leeway).
    pub speed: f64,
    /// The bearing of the bow, in radians.
    pub bow: f64,
    /// The last trim commanded.
    pub trim: f64,
    /// Marks passed.
    pub marks: usize,
    /// Intervals sailed.
    pub intervals: u32,
    /// When the last mark was passed, once it has been.
    pub finish: Option<f64>,
    /// The wind direction's deviation from the mean, in degrees.
    pub wind_shift: f64,
    /// The wind speed's deviation from the mean, as a share of it.
    pub wind_gust: f64,
    /// Whether the wind moves next (chance) rather than the sailor.
    pub wind_due: bool,
    /// Tacks so far.
    pub tacks: u32,
}

/// Specification 004's sailing race on one course.
#[derive(Clone, Debug, PartialEq)]
pub struct Cruising {
    params: CruisingParams,
    course: Course,
}

impl Cruising {
    /// The race on a checked course, under the parameters that named it.
    pub fn new(params: CruisingParams, course: Course) -> Cruising {
        Cruising { params, course }
    }

    /// The race of built-in scenario `n` (1 to 12).
    pub fn scenario(n: u32) -> Result<Cruising, CruisingError> {
        let course = course::scenario(n).ok_or(CruisingError::Scenario(n))?;
        Ok(Cruising::new(
            CruisingParams {
                scenario: n,
                course: String::new(),
            },
            course,
        ))
    }

    /// The race the parameters name: the course file if given, else the
    /// scenario. A scenario other than the first (the default) beside a
    /// course file is refused: the race is one or the other.
    pub fn from_params(p: &CruisingParams) -> Result<Cruising, CruisingError> {
        if !p.course.is_empty() && p.scenario != 1 {
            return Err(CruisingError::ScenarioAndCourse {
                scenario: p.scenario,
            });
        }
        if p.course.is_empty() {
            let mut game = Cruising::scenario(p.scenario)?;
            game.params = p.clone();
            Ok(game)
        } else {
            Ok(Cruising::new(p.clone(), Course::read(&p.course)?))
        }
    }

    /// The course.
    pub fn course(&self) -> &CourseSpec {
        self.course.spec()
    }

    /// The time at `state`, in seconds.
    pub fn time(&self, state: &State) -> f64 {
        f64::from(state.intervals) * self.course().interval
    }

    /// The true wind at `state`: its speed and the bearing it blows
    /// towards (the specification's `windVelocity`).
    pub fn wind(&self, state: &State) -> Velocity {
        let w = &self.course().wind;
        let from = (w.from + state.wind_shift).to_radians();
        Velocity {
            speed: (w.speed * (1.0 + state.wind_gust)).max(0.0),
            direction: normalize(from + PI),
        }
    }

    /// The boat's velocity at `state`.
    pub fn velocity(&self, state: &State) -> Velocity {
        Velocity {
            speed: state.speed,
            direction: state.bow,
        }
    }

    /// The race time of a finished or ended race: when the last mark was
    /// passed, or the time limit for a race that did not finish.
    pub fn race_time(&self, state: &State) -> f64 {
        state.finish.unwrap_or(self.course().time_limit)
    }

    /// The drive the sail gives at trim `trim` when the best trim is
    /// `best`: 1 at the best trim, falling as the square of the error to
    /// 0 at the boat's trim width.
    pub fn drive(&self, trim: f64, best: f64) -> f64 {
        let error = (trim - best).abs().to_degrees() / self.course().boat.trim_width;
        (1.0 - error * error).max(0.0)
    }
}

/// The first `s` in [0, 1] at which `a + s (b - a)` is within `r` of
/// `m`, if any.
fn first_within(a: Position, b: Position, m: Position, r: f64) -> Option<f64> {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let (fx, fy) = (a.x - m.x, a.y - m.y);
    let c = fx * fx + fy * fy - r * r;
    if c <= 0.0 {
        return Some(0.0);
    }
    let aa = dx * dx + dy * dy;
    if aa == 0.0 {
        return None;
    }
    let bb = 2.0 * (fx * dx + fy * dy);
    let disc = bb * bb - 4.0 * aa * c;
    if disc < 0.0 {
        return None;
    }
    let s = (-bb - disc.sqrt()) / (2.0 * aa);
    (0.0..=1.0).contains(&s).then_some(s)
}

impl BoardGame for Cruising {
    type State = State;
    type Move = Helm;
    type Outcome = Gust;
    type Event = Event;

    fn seats(&self) -> usize {
        1
    }

    fn initial_state(&self) -> State {
        let c = self.course();
        State {
            position: c.start,
            speed: 0.0,
            bow: c.start.bearing_to(c.marks[0]),
            trim: 0.0,
            marks: 0,
            intervals: 0,
            finish: None,
            wind_shift: 0.0,
            wind_gust: 0.0,
            wind_due: false,
            tacks: 0,
        }
    }

    fn status(&self, s: &State) -> Status {
        if s.finish.is_some() {
            Status::Over(GameResult::Win(0))
        } else if self.time(s) >= self.course().time_limit {
            Status::Over(GameResult::Draw)
        } else if s.wind_due {
            Status::Chance
        } else {
            Status::Decision(0)
        }
    }

    fn apply_chance<E: FnMut(Event)>(&self, s: &mut State, g: Gust, _: &mut E) {
        let c = self.course();
        let a = (-c.interval / c.wind.period).exp();
        let b = (1.0 - a * a).sqrt();
        s.wind_shift = a * s.wind_shift + c.wind.shift * b * g.direction;
        s.wind_gust = a * s.wind_gust + c.wind.gust * b * g.speed;
        s.wind_due = false;
    }

    fn apply_move<E: FnMut(Event)>(&self, s: &mut State, helm: Helm, events: &mut E) {
        let c = self.course();
        let dt = c.interval;
        let wind = self.wind(s);
        let from = wind.from_bearing();
        // The bow turns towards the commanded direction at the turn rate.
        let max_turn = c.boat.turn_rate.to_radians() * dt;
        let turn = normalize(normalize(helm.bow) - s.bow).clamp(-max_turn, max_turn);
        let before = off_wind(s.bow, from);
        let after = before + turn;
        let bow = normalize(s.bow + turn);
        let mut speed = s.speed;
        // Through the wind's eye (not through dead downwind): a tack.
        let tacked = before != 0.0 && before.signum() != after.signum() && after.abs() < PI;
        if tacked {
            speed *= 1.0 - c.boat.tack_loss;
            s.tacks += 1;
        }
        let off = off_wind(bow, from);
        let target = polar::speed(off, wind.speed)
            * self.drive(helm.trim, polar::optimal_trim(off, wind.speed));
        let new_speed = speed + (target - speed) * (1.0 - (-dt / c.boat.inertia).exp());
        let run = (speed + new_speed) / 2.0 * dt;
        let a = s.position;
        let b = Position::new(a.x + run * bow.sin(), a.y + run * bow.cos());
        let start = self.time(s);
        let mut from_s = 0.0;
        while s.marks < c.marks.len() {
            let m = c.marks[s.marks];
            let piece = Position::new(a.x + from_s * (b.x - a.x), a.y + from_s * (b.y - a.y));
            let Some(t) = first_within(piece, b, m, c.tolerance) else {
                break;
            };
            from_s += (1.0 - from_s) * t;
            let time = start + from_s * dt;
            events(Event::Mark {
                mark: s.marks,
                time,
            });
            s.marks += 1;
            if s.marks == c.marks.len() {
                s.finish = Some(time);
            }
        }
        if tacked {
            events(Event::Tack { at: b });
        }
        s.position = b;
        s.speed = new_speed;
        s.bow = bow;
        s.trim = helm.trim;
        s.intervals += 1;
        s.wind_due = true;
    }

    /// The seat's score is the number of marks passed.
    fn results(&self, s: &State) -> Option<Results> {
        match self.status(s) {
            Status::Over(_) => Some(Results::from_scores(vec![s.marks as f64])),
            _ => None,
        }
    }
}

/// Cruising's helm and gusts are continuous: none is listed, each answer
/// and each recorded gust is tested directly.
impl Legality for Cruising {
    fn is_legal(&self, s: &State, helm: &Helm, _: &mut Vec<Helm>) -> bool {
        s.finish.is_none()
            && helm.bow.is_finite()
            && helm.trim.is_finite()
            && (0.0..=MAX_TRIM).contains(&helm.trim)
    }

    /// Any finite pair of draws can happen (replay's test).
    fn is_possible(&self, _: &State, g: &Gust, _: &mut Vec<tabula_core::Chance<Gust>>) -> bool {
        g.direction.is_finite() && g.speed.is_finite()
    }
}

/// Cruising's gusts are continuous: they are sampled, never listed, so
/// every way of playing the game samples them (and exact analysis does
/// not apply).
impl Sampling for Cruising {
    /// The wind's draws are continuous: none are listed, so exact
    /// analysis does not apply; [`sample_chance`](Self::sample_chance)
    /// draws them.
    fn sample_chance<R: Rng + ?Sized>(
        &self,
        _: &State,
        rng: &mut R,
        _: &mut Vec<tabula_core::Chance<Gust>>,
    ) -> Option<Gust> {
        use rand::RngExt as _;
        let direction: f64 = rng.sample(rand_distr::StandardNormal);
        let speed: f64 = rng.sample(rand_distr::StandardNormal);
        Some(Gust { direction, speed })
    }
}

impl Recordable for Cruising {
    const NAME: &'static str = crate::NAME;
    type Parameters = CruisingParams;

    fn parameters(&self) -> CruisingParams {
        self.params.clone()
    }

    fn from_parameters(
        p: &CruisingParams,
    ) -> Result<Cruising, tabula_play::record::ParametersError> {
        Cruising::from_params(p).map_err(|e| e.to_string().into())
    }
}

/// A bearing as whole degrees, 0 to 359.
fn degrees(bearing: f64) -> i64 {
    (bearing.to_degrees().round() as i64).rem_euclid(360)
}

impl Notation for Cruising {
    fn format_move(&self, _: &State, h: &Helm) -> String {
        format!("{:.1} {:.1}", h.bow.to_degrees(), h.trim.to_degrees())
    }

    fn parse_move(&self, _: &State, text: &str) -> Result<Helm, tabula_play::notation::MoveError> {
        let mut words = text.split_whitespace();
        let mut number = |what: &str| -> Result<f64, String> {
            let word = words
                .next()
                .ok_or_else(|| format!("please give the {what} in degrees"))?;
            word.parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .ok_or_else(|| format!("the {what} must be a number of degrees, not {word:?}"))
        };
        let bow = number("bow direction")?.to_radians();
        let trim = number("sail trim")?.to_radians();
        Ok(Helm { bow, trim })
    }

    fn render(&self, s: &State) -> String {
        let c = self.course();
        let wind = self.wind(s);
        let next = c.marks.get(s.marks).map_or_else(String::new, |m| {
            format!(
                ", mark {} at {}° and {:.0} away",
                s.marks + 1,
                degrees(s.position.bearing_to(*m)),
                s.position.distance(*m)
            )
        });
        format!(
            "{:.0} s: at ({:.0}, {:.0}), bow {}°, {:.2} knots; wind from {}° at {:.1} knots; {} of {} marks{next}.",
            self.time(s),
            s.position.x + 0.0,
            s.position.y + 0.0,
            degrees(s.bow),
            s.speed,
            degrees(wind.from_bearing()),
            wind.speed,
            s.marks,
            c.marks.len(),
        )
    }

    fn format_outcome(&self, _: &State, g: &Gust) -> String {
        format!("wind draws {:+.3}, {:+.3}", g.direction, g.speed)
    }

    fn move_help(&self) -> String {
        "type the bow direction and the sail trim in degrees, e.g. `350 10`: bearings clockwise from the top of the page, trim 0 to 90 off the stern".into()
    }
}
