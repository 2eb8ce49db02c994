//! What the framework's search agents need ([`Heuristic`]: pip count,
//! blots, the bear-off database once both sides are home) and the pip-count greedy
//! policy `pipcount`.

use std::sync::Arc;

use tabula_core::{Agent, Rule, Seat};
use tabula_play::agents::{AgentEntry, BuildFn};
use tabula_search::{Heuristic, hash_key, register_search_agents};

#[cfg(not(feature = "commands"))]
use crate::bearoff::BearOff;
use crate::bearoff::{BearOffDb, Home};
use crate::board::{BAR, Position, Turn};
use crate::game::{Backgammon, State};

/// The points (in `seat`'s numbering) of its lone checkers that an
/// opposing checker could still reach: one behind it, or on the bar.
pub fn exposed_blots(position: &Position, seat: usize) -> impl Iterator<Item = usize> + '_ {
    let (me, opp) = (&position.checkers[seat], &position.checkers[1 - seat]);
    // The opponent moves up my numbering, from its point r (my 25 - r);
    // from its bar it enters at my 1 to 6, as from my 0.
    let rear = (1..=BAR).rev().find(|&r| opp[r] > 0).unwrap_or(0);
    let lowest = 25 - rear;
    (1..=24).filter(move |&p| me[p] == 1 && p > lowest && rear > 0)
}

/// The pips `seat` expects to lose to hits: each blot the opponent can
/// reach counted as hit one time in three, costing the pips it had come
/// (25 - p from my point p).
pub fn risk(position: &Position, seat: usize) -> f64 {
    exposed_blots(position, seat)
        .map(|p| (25 - p) as f64)
        .sum::<f64>()
        / 3.0
}

/// How good the position is for `seat`, in pips: the pip lead, less the
/// pips it expects to lose to hits, plus the opponent's.
pub fn pip_score(position: &Position, seat: usize) -> f64 {
    let lead = f64::from(position.pips(1 - seat)) - f64::from(position.pips(seat));
    lead - risk(position, seat) + risk(position, 1 - seat)
}

/// Pips a roll is worth on average (49/6).
pub const PIPS_PER_ROLL: f64 = 49.0 / 6.0;

/// The name of the bear-off database in the one cache of solved play.
pub const BEAROFF: &str = "bearoff";

/// The one-sided bear-off database of 15 checkers, solved once (a few
/// seconds) the first time a search meets a bear-off; `None` if it cannot
/// be solved. Asked of the game's registration
/// ([`tabula_registry::solved_play`]: the bear-off numbering backgammon
/// registers makes it, and the framework keeps it in its one cache of
/// solved play, keyed by the game, its parameters, `bearoff` and the
/// seats). The database does not depend on how games are scored, so it
/// is asked for the usual game (`backgammon`), one for every variant.
/// Without the registration (the feature `commands` off) it is solved
/// here, into the same cache under the same key.
pub fn database() -> Option<Arc<BearOffDb>> {
    let game = Backgammon::default();
    #[cfg(feature = "commands")]
    {
        tabula_registry::solved_play::<Backgammon, BearOffDb>(&game, BEAROFF).ok()
    }
    #[cfg(not(feature = "commands"))]
    {
        use tabula_core::BoardGame;
        use tabula_play::record::Recordable;
        let key = tabula_exact::SolvedKey::new(
            "backgammon",
            &tabula_core::params::spec("backgammon", &game.parameters()),
            BEAROFF,
            game.seats(),
        );
        tabula_exact::solved(key, || BearOff::new(15).solve()).ok()
    }
}

/// How good a bear-off (both sides home) is for `seat`, in pips: the
/// difference in expected rolls from the database, at 49/6 pips a roll.
pub fn bearoff_score(position: &Position, seat: usize) -> Option<f64> {
    let mine = Home::of(position, seat)?;
    let theirs = Home::of(position, 1 - seat)?;
    let db = database()?;
    Some(PIPS_PER_ROLL * (db.expected(&theirs)? - db.expected(&mine)?))
}

impl Heuristic for Backgammon {
    fn evaluate(&self, s: &State, seat: Seat) -> f64 {
        let mut score =
            bearoff_score(&s.position, seat).unwrap_or_else(|| pip_score(&s.position, seat));
        // The side to roll is worth about a roll's 8 pips.
        if s.dice[0] == 0 && !s.opening {
            score += if usize::from(s.seat) == seat {
                8.0
            } else {
                -8.0
            };
        }
        (score / 40.0).tanh()
    }

    fn state_key(&self, s: &State) -> u64 {
        hash_key(s)
    }
}

register_search_agents! { game: Backgammon }

/// The pip-count greedy: the turn that bears off the most checkers, and
/// among those the one that leaves the best pip lead expected after the
/// opponent's reply, counting each blot it could hit as hit with chance
/// 1/3 (a blot on my point p hit costs me 25 - p pips); the first listed
/// among equals. (By the lead alone it hits whatever it can, leaves blots
/// everywhere, and a game against random play lasts a thousand turns.)
#[derive(Clone, Copy, Debug, Default)]
pub struct PipCount;

impl PipCount {
    /// The index of its turn among `moves`, the legal turns at `s`.
    pub fn pick(&self, _: &Backgammon, s: &State, seat: Seat, moves: &[Turn]) -> usize {
        let mut best = ((0, i64::MIN), 0);
        for (i, t) in moves.iter().enumerate() {
            let mut p = s.position;
            p.play(seat, t);
            let exposed: usize = exposed_blots(&p, seat).map(|b| 25 - b).sum();
            // Thrice the lead less the risk: whole numbers, the same order.
            let lead = 3 * (i64::from(p.pips(1 - seat)) - i64::from(p.pips(seat))) - exposed as i64;
            let key = (p.checkers[seat][crate::board::OFF], lead);
            if key > best.0 {
                best = (key, i);
            }
        }
        best.1
    }

    /// As an agent: a deterministic rule, which plays [`pick`](Self::pick)'s
    /// turn.
    pub fn agent(self) -> impl Agent<Backgammon> {
        Rule::new::<Backgammon>(move |game, s, seat, moves| self.pick(game, s, seat, moves))
    }
}

inventory::submit! {
    AgentEntry {
        name: "pipcount",
        parameter: None,
        summary: "the turn that bears off most, then leaves the best pip-count lead, a blot counted as hit one time in three",
        build: &BuildFn::<Backgammon>(|_, _| Ok(Box::new(PipCount.agent()))),
    }
}
