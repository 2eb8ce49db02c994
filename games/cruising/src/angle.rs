//! Positions, velocities and angles as specification 004 gives them: directions
//! are bearings in radians, `atan2(dx, dy)`: 0 towards +y (up the page,
//! "north"), π/2 towards +x.

use std::f64::consts::{PI, TAU};

/// A point of the course, in the course's length unit.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Position {
    /// Across the page, to the right.
    pub x: f64,
    /// Up the page.
    pub y: f64,
}

impl Position {
    /// The point `(x, y)`.
    pub const fn new(x: f64, y: f64) -> Position {
        Position { x, y }
    }

    /// The distance to `other`.
    pub fn distance(self, other: Position) -> f64 {
        (other.x - self.x).hypot(other.y - self.y)
    }

    /// The bearing from here to `other`.
    pub fn bearing_to(self, other: Position) -> f64 {
        (other.x - self.x).atan2(other.y - self.y)
    }
}

/// A velocity as the specification gives it: a speed and the bearing it goes
/// towards.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Velocity {
    /// Length units per second (the polar's "knots").
    pub speed: f64,
    /// The bearing of the motion, in radians.
    pub direction: f64,
}

impl Velocity {
    /// The bearing the motion comes from: for the wind, where it blows
    /// from (the specification's `PI + windVelocity.direction`).
    pub fn from_bearing(&self) -> f64 {
        normalize(self.direction + PI)
    }
}

/// `angle` in (-π, π].
pub fn normalize(angle: f64) -> f64 {
    if !angle.is_finite() {
        return angle;
    }
    let a = angle.rem_euclid(TAU);
    if a > PI { a - TAU } else { a }
}

/// The signed angle of `heading` off the wind that blows from `from`:
/// positive with the wind on one side (the specification's port tack), negative on
/// the other, 0 head to wind, ±π dead downwind.
pub fn off_wind(heading: f64, from: f64) -> f64 {
    normalize(heading - from)
}
