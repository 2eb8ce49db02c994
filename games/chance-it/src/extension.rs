//! What Chance-it adds to the framework's generic verbs: the exact
//! chances of whole games, from its staged solver, beside a simulation.

use tabula_app::Error;
use tabula_play::tournament::Chances;

use crate::strategy::{self, Depends};
use crate::{ChanceIt, Config, win};

/// Chance-it's [`Extension`](tabula_app::verbs::Extension) of the
/// generic verbs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Exact;

impl tabula_app::verbs::Extension<ChanceIt> for Exact {
    /// `--config` beside `--params`, `--agents` without a default, and
    /// the help of Chance-it's own report.
    fn analyze_arguments(&self, command: clap::Command) -> clap::Command {
        crate::commands::analyze_arguments(command)
    }

    /// Chance-it's own report ([`Analysis`](crate::analysis::Analysis))
    /// unless `--agents` names strategies.
    fn analyze_solve(
        &self,
        _: &ChanceIt,
        config: &Config,
        matches: &clap::ArgMatches,
    ) -> Option<Result<Box<dyn tabula_app::Report>, Error>> {
        crate::commands::analyze_solve(config, matches)
    }

    /// Two strategies that decide on the score difference at most are
    /// solved exactly by backward induction over rounds and score
    /// differences ([`win::try_exact_outcome`]): each seat's chance of
    /// winning and of a tie, and the expected total of a strategy that
    /// decides on the turn alone (rounds times its expected turn score).
    /// Names that are not strategies are left to the generic solver.
    fn exact_chances(
        &self,
        _: &ChanceIt,
        config: &Config,
        agents: &[String],
    ) -> Option<Result<Vec<Chances>, Error>> {
        let [first, second] = agents else {
            return None;
        };
        let first = strategy::build(first, config).ok()?;
        let second = strategy::build(second, config).ok()?;
        let outcome = match win::try_exact_outcome(config, &*first, &*second) {
            Ok(Some(outcome)) => outcome,
            Ok(None) => {
                return Some(Err(
                    "a strategy looks at more than the score difference, so the pair is not solved exactly".into(),
                ));
            }
            Err(e) => return Some(Err(e.into())),
        };
        let total = |s: &dyn strategy::Strategy| -> Option<f64> {
            if s.depends() != Depends::Turn {
                return None;
            }
            let d = crate::stages::turn_distribution(config, s, 0, 0, &[0, 0]).ok()?;
            Some(f64::from(config.rounds()) * crate::turn::summarize(&d).0)
        };
        let [a, b, tie] = outcome;
        Some(Ok(vec![
            Chances {
                win: a,
                shared_first: tie,
                score: total(&*first),
            },
            Chances {
                win: b,
                shared_first: tie,
                score: total(&*second),
            },
        ]))
    }
}
