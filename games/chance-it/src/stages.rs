//! Chance-it's turns as the stages of the framework's staged solver
//! ([`tabula_exact::Staged`]), and what it computes with them for any
//! strategies: their exact chances against each other
//! ([`exact_outcome`]) and the score distribution of a turn
//! ([`turn_distribution`]). Win-optimal ([`crate::WinOptimal`]) is solved
//! on them too. Nothing here is a solver: the game says where a turn
//! begins and what a state within it is; the framework does the rest.

use tabula_core::{Agent, Seat};
use tabula_exact::{ExactError, Limits, Play, Staged, Stages, WinChances};

use crate::config::Config;
use crate::game::{ChanceIt, State};
use crate::strategy::{Depends, PairChances, Strategy};

/// Chance-it's turns as stages: a turn begins at [`State::at_turn`], and
/// within it a state is the seat to move, the values rolled, the last
/// roll and whether the dice are due.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Turns {
    by_difference: bool,
}

impl Turns {
    /// Every turn start on its own: right for any strategies.
    pub fn whole() -> Turns {
        Turns {
            by_difference: false,
        }
    }

    /// Two players' turn starts with the same round, seat and difference
    /// of totals are one: right when the payoff is who wins and every
    /// strategy looks at no more than the difference
    /// ([`Depends::ScoreDifference`]).
    pub fn by_difference() -> Turns {
        Turns {
            by_difference: true,
        }
    }
}

/// Where a state stands within its turn, and whose turn it is (the two
/// seats' turns are played alike but decided by different seats).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct InTurn {
    seat: u8,
    rolled: u128,
    last: u16,
    need_roll: bool,
}

impl Stages<ChanceIt> for Turns {
    type Local = InTurn;

    fn split(&self, _: &ChanceIt, state: &State) -> (State, InTurn) {
        (
            State::at_turn(state.round(), state.seat(), state.totals()),
            InTurn {
                seat: state.seat() as u8,
                rolled: state.rolled_bits(),
                last: state.last(),
                need_roll: state.needs_roll(),
            },
        )
    }

    fn join(&self, _: &ChanceIt, start: &State, local: &InTurn) -> State {
        State::in_turn(start, local.rolled, local.last, local.need_roll)
    }

    fn canonical(&self, game: &ChanceIt, start: &State) -> State {
        if !self.by_difference || game.config().players() != 2 {
            return *start;
        }
        let [a, b] = [start.totals()[0], start.totals()[1]];
        let low = a.min(b);
        State::at_turn(start.round(), start.seat(), &[a - low, b - low])
    }
}

/// How a strategy plays in a staged solve: folded once per kind of turn
/// when it looks at the turn alone.
pub(crate) fn play(s: &Strategy) -> Play<'_, ChanceIt> {
    let policy = s as &dyn Agent<ChanceIt>;
    if s.depends() == Depends::Turn {
        Play::FollowLocal(policy)
    } else {
        Play::Follow(policy)
    }
}

pub(crate) fn limits() -> Limits {
    Limits {
        max_time: None,
        ..Limits::default()
    }
}

/// The exact chances of `first` against `second` (first seat wins,
/// second wins, tie), both folded in by the framework's staged solver;
/// `None` where a strategy depends on more than the score difference.
pub fn exact_outcome(
    config: &Config,
    first: &Strategy,
    second: &Strategy,
) -> Result<Option<PairChances>, ExactError> {
    if config.players() != 2
        || first.depends() == Depends::Anything
        || second.depends() == Depends::Anything
    {
        return Ok(None);
    }
    let game = ChanceIt::new(*config);
    let solved = Staged::solve(
        &game,
        Turns::by_difference(),
        &WinChances,
        vec![play(first), play(second)],
        &limits(),
    )?;
    Ok(Some(outcome(solved.value())))
}

/// The score distribution (index = score, 0 for a bust) of `strategy`'s
/// turn in `round` for `seat` with `totals` before it, by
/// [`tabula_exact::staged::stage_exits`].
pub fn turn_distribution(
    config: &Config,
    strategy: &Strategy,
    round: u16,
    seat: Seat,
    totals: &[u32],
) -> Result<Vec<f64>, ExactError> {
    let mut each = turn_distributions(config, &[strategy], round, seat, totals)?;
    Ok(each.pop().unwrap_or_default())
}

/// [`turn_distribution`] for each of `strategies`, in their order: the
/// turn is explored once and played by each
/// ([`tabula_exact::staged::stage_exits_each`]).
pub fn turn_distributions(
    config: &Config,
    strategies: &[&Strategy],
    round: u16,
    seat: Seat,
    totals: &[u32],
) -> Result<Vec<Vec<f64>>, ExactError> {
    let game = ChanceIt::new(*config);
    let start = State::at_turn(round, seat, totals);
    let each: Vec<Vec<Play<'_, ChanceIt>>> = strategies
        .iter()
        .map(|&strategy| {
            (0..config.players())
                .map(|_| Play::Follow(strategy as &dyn Agent<ChanceIt>))
                .collect()
        })
        .collect();
    let exits =
        tabula_exact::staged::stage_exits_each(&game, &Turns::whole(), &start, &each, &limits())?;
    let before = start.totals()[start.seat()];
    Ok(exits
        .into_iter()
        .map(|exits| {
            let mut dist = vec![0.0; usize::from(config.dice().max()) + 1];
            for (end, p) in exits {
                let score = end.totals()[start.seat()].saturating_sub(before) as usize;
                if let Some(x) = dist.get_mut(score) {
                    *x += p;
                }
            }
            dist
        })
        .collect())
}

fn outcome(v: &[f64]) -> PairChances {
    [
        v.first().copied().unwrap_or(0.0),
        v.get(1).copied().unwrap_or(0.0),
        v.get(2).copied().unwrap_or(0.0),
    ]
}
