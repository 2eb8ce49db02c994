//! Numbers for the helm and the gusts, for the erased state
//! ([`tabula_registry::Actions`], with the feature `commands`): what lets
//! `tabula serve`'s play page and Python play Cruising, whose choices are
//! continuous and so never listed.
//!
//! A helm is an action by its bow direction and sail trim in tenths of a
//! degree, as the game writes them (`350.0 10.0`): `bow * 901 + trim`,
//! the bow 0 to 3599 (a bearing, 0 to 359.9 degrees), the trim 0 to 900
//! (0 to 90 degrees). A gust's two draws are each kept to a millionth
//! within -10 and 10: `direction * 20,000,001 + speed`, each draw `(x +
//! 10) * 10^6`. Neither is listed: a helm is typed (or chosen by an
//! agent) and a gust drawn from the game's law, then named by its number.

use crate::game::{Gust, Helm, MAX_TRIM};

/// Tenths of a degree in a turn.
const BOWS: u64 = 3600;
/// Tenths of a degree of trim, 0 to 90 degrees.
const TRIMS: u64 = 901;
/// Values of a draw: -10 to 10 in millionths.
const DRAWS: u64 = 20_000_001;
/// The bound of a draw kept.
const DRAW_BOUND: f64 = 10.0;

/// How many actions name a helm.
pub const DISTINCT_ACTIONS: u64 = BOWS * TRIMS;
/// How many actions name a gust.
pub const CHANCE_OUTCOMES: u64 = DRAWS * DRAWS;

/// A helm's action: its bow and trim in tenths of a degree.
pub fn helm_action(helm: &Helm) -> u64 {
    let tenths = |radians: f64| (radians.to_degrees() * 10.0).round();
    let bow = tenths(helm.bow).rem_euclid(BOWS as f64) as u64 % BOWS;
    let trim = tenths(helm.trim.clamp(0.0, MAX_TRIM)) as u64;
    bow * TRIMS + trim.min(TRIMS - 1)
}

/// The helm an action names.
pub fn action_helm(action: u64) -> Option<Helm> {
    (action < DISTINCT_ACTIONS).then(|| Helm {
        bow: ((action / TRIMS) as f64 / 10.0).to_radians(),
        trim: ((action % TRIMS) as f64 / 10.0).to_radians(),
    })
}

/// A gust's action: its draws to a millionth, within -10 and 10.
pub fn gust_action(gust: &Gust) -> u64 {
    let draw = |x: f64| {
        let x = if x.is_finite() { x } else { 0.0 };
        ((x.clamp(-DRAW_BOUND, DRAW_BOUND) + DRAW_BOUND) * 1e6).round() as u64
    };
    draw(gust.direction) * DRAWS + draw(gust.speed)
}

/// The gust an action names.
pub fn action_gust(action: u64) -> Option<Gust> {
    let draw = |q: u64| q as f64 / 1e6 - DRAW_BOUND;
    (action < CHANCE_OUTCOMES).then(|| Gust {
        direction: draw(action / DRAWS),
        speed: draw(action % DRAWS),
    })
}

#[cfg(feature = "commands")]
impl tabula_registry::Actions for crate::Cruising {
    fn num_distinct_actions(&self) -> u64 {
        DISTINCT_ACTIONS
    }

    fn move_action(&self, _: &crate::State, helm: &Helm) -> u64 {
        helm_action(helm)
    }

    fn max_chance_outcomes(&self) -> u64 {
        CHANCE_OUTCOMES
    }

    fn outcome_action(&self, _: &crate::State, gust: &Gust) -> u64 {
        gust_action(gust)
    }

    fn action_move(&self, _: &crate::State, action: u64) -> Option<Helm> {
        action_helm(action)
    }

    fn action_outcome(&self, _: &crate::State, action: u64) -> Option<Gust> {
        action_gust(action)
    }
}
