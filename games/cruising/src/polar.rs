//! Bob's boat, as specification 004 prints it: the winning entry's tables of the
//! best boat speed and the best sail trim at 10 and 25 knots of true
//! wind, from 45° to 180° off the wind in 5° steps.
//!
//! The specification prints the tables and nothing of the test code's model, so
//! everything between and beyond them is ours ([`speed`],
//! [`optimal_trim`]): linear interpolation between the 5° steps and
//! between the two wind speeds; below 10 knots the 10-knot speeds scaled
//! in proportion to the wind (no wind, no speed); above 25 knots the
//! 25-knot speeds held; closer than 45° to the wind (the no-go angle) no
//! headway at all. Trims below 10 and above 25 knots are those of the
//! nearer table.

use crate::angle::normalize;

/// The closest angle to the true wind, in degrees, at which the boat
/// makes headway: the first entry of the tables.
pub const NO_GO_DEGREES: f64 = 45.0;

/// The angle between entries of the tables, in degrees.
pub const STEP_DEGREES: f64 = 5.0;

/// The entries of each table: 45°, 50°, ... 180° off the wind.
pub const ENTRIES: usize = 28;

/// The lower of the two wind speeds the tables are given for.
pub const LOW_WIND: f64 = 10.0;

/// The higher of the two wind speeds the tables are given for.
pub const HIGH_WIND: f64 = 25.0;

/// Best boat speed at 10 knots of wind, 45° to 180° off the wind (specification 004).
pub const SPEEDS_10: [f64; ENTRIES] = [
    1.127832, 2.197660, 3.230089, 4.224883, 5.178596, 6.086716, 6.797097, 7.115055, 7.393258,
    7.580791, 7.722331, 7.811481, 7.889993, 7.905046, 7.914209, 7.875377, 7.821882, 7.728490,
    7.627867, 7.496973, 7.355342, 7.213593, 7.078046, 6.952483, 6.841550, 6.756485, 6.704573,
    6.688348,
];

/// Best boat speed at 25 knots of wind, 45° to 180° off the wind (specification 004).
pub const SPEEDS_25: [f64; ENTRIES] = [
    2.735935, 5.313390, 7.793669, 10.17909, 12.462901, 14.269482, 15.080794, 15.786205, 16.311792,
    16.710061, 17.072551, 17.343519, 17.519245, 17.671387, 17.693380, 17.718675, 17.626386,
    17.534003, 17.352610, 17.138842, 16.923432, 16.679922, 16.440601, 16.210064, 16.010814,
    15.869028, 15.763844, 15.746795,
];

/// Best sail trim in degrees at 10 knots of wind (specification 004).
pub const TRIMS_10: [f64; ENTRIES] = [
    5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 10.0, 15.0, 15.0, 15.0, 20.0, 20.0, 20.0, 25.0, 25.0, 30.0,
    30.0, 35.0, 40.0, 45.0, 45.0, 55.0, 60.0, 65.0, 75.0, 80.0, 90.0,
];

/// Best sail trim in degrees at 25 knots of wind (specification 004).
pub const TRIMS_25: [f64; ENTRIES] = [
    5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 10.0, 15.0, 15.0, 15.0, 20.0, 20.0, 25.0, 25.0, 25.0, 30.0, 30.0,
    35.0, 40.0, 40.0, 45.0, 50.0, 55.0, 60.0, 70.0, 75.0, 80.0, 90.0,
];

/// The angle off the wind of entry `i`, in degrees.
pub fn entry_degrees(i: usize) -> f64 {
    NO_GO_DEGREES + STEP_DEGREES * i as f64
}

/// `table` at `degrees` off the wind (45 to 180), linearly between
/// entries.
fn lookup(table: &[f64; ENTRIES], degrees: f64) -> f64 {
    let x = ((degrees - NO_GO_DEGREES) / STEP_DEGREES).clamp(0.0, (ENTRIES - 1) as f64);
    let i = (x.floor() as usize).min(ENTRIES - 2);
    let t = x - i as f64;
    table[i] * (1.0 - t) + table[i + 1] * t
}

/// The absolute angle off the wind in degrees (0 head to wind, 180 dead
/// downwind) of a heading `off` radians from the direction the wind
/// comes from.
pub fn off_wind_degrees(off: f64) -> f64 {
    normalize(off).abs().to_degrees()
}

/// The best speed of the boat at `off` radians from the direction the
/// wind comes from, in a true wind of `wind` knots: 0 in the no-go zone.
///
/// ```
/// use tabula_cruising::polar;
/// // A table entry at a table wind speed is the specification's figure.
/// assert!((polar::speed(110f64.to_radians(), 10.0) - 7.905046).abs() < 1e-9);
/// // Halfway between the two wind speeds, halfway between the figures.
/// let mid = polar::speed(110f64.to_radians(), 17.5);
/// assert!((mid - (7.905046 + 17.671387) / 2.0).abs() < 1e-9);
/// // No headway closer than 45° to the wind.
/// assert_eq!(polar::speed(30f64.to_radians(), 10.0), 0.0);
/// ```
pub fn speed(off: f64, wind: f64) -> f64 {
    let degrees = off_wind_degrees(off);
    // NaN (an infinite angle, no wind) gives no speed either.
    if degrees.is_nan() || degrees < NO_GO_DEGREES || wind.is_nan() || wind <= 0.0 {
        return 0.0;
    }
    let low = lookup(&SPEEDS_10, degrees);
    if wind <= LOW_WIND {
        return low * (wind / LOW_WIND);
    }
    let high = lookup(&SPEEDS_25, degrees);
    if wind >= HIGH_WIND {
        return high;
    }
    let t = (wind - LOW_WIND) / (HIGH_WIND - LOW_WIND);
    low * (1.0 - t) + high * t
}

/// The best sail trim in radians at `off` radians from the direction the
/// wind comes from, in a true wind of `wind` knots (the 45° trim in the
/// no-go zone).
pub fn optimal_trim(off: f64, wind: f64) -> f64 {
    let degrees = off_wind_degrees(off).max(NO_GO_DEGREES);
    let t = if wind.is_finite() {
        ((wind - LOW_WIND) / (HIGH_WIND - LOW_WIND)).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (lookup(&TRIMS_10, degrees) * (1.0 - t) + lookup(&TRIMS_25, degrees) * t).to_radians()
}
