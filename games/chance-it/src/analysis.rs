//! The exact analysis of Chance-it: every registered strategy's turn, the
//! optimal policy, and win-optimal's chances against each strategy.

use std::fmt::Write as _;

use serde::Serialize;

use crate::turn::{PolicyRow, summarize};
use crate::{ChanceItError, Config, Depends, Optimal, Strategy, stages, strategy, win};

/// One strategy's turn.
#[derive(Debug, Serialize)]
pub struct StrategyTurn {
    /// name.
    pub name: String,
    /// expected turn score.
    pub expected_turn_score: f64,
    /// zero probability.
    pub zero_probability: f64,
    /// note.
    pub note: Option<&'static str>,
}

/// Win-optimal against another strategy.
#[derive(Debug, Serialize)]
pub struct Versus {
    /// opponent.
    pub opponent: String,
    /// win probability first.
    pub win_probability_first: f64,
    /// win probability second.
    pub win_probability_second: f64,
    /// win probability.
    pub win_probability: f64,
    /// tie probability.
    pub tie_probability: f64,
    /// loss probability.
    pub loss_probability: f64,
}

/// The exact analysis of a game: what `tabula analyze chance-it` reports.
#[derive(Debug, Serialize)]
pub struct Analysis {
    /// game.
    pub game: &'static str,
    /// rounds.
    pub rounds: u16,
    /// dice.
    pub dice: [u8; 2],
    /// strategies.
    pub strategies: Vec<StrategyTurn>,
    /// optimal expected turn score.
    pub optimal_expected_turn_score: f64,
    /// optimal policy.
    pub optimal_policy: Vec<PolicyRow>,
    /// win optimal.
    pub win_optimal: Option<WinOptimalReport>,
}

/// Win-optimal's chances.
#[derive(Debug, Serialize)]
pub struct WinOptimalReport {
    /// self play.
    pub self_play: [f64; 3],
    /// versus.
    pub versus: Vec<Versus>,
}

impl Analysis {
    /// Solves `config` exactly. The strategies are every registered one,
    /// in menu order (the specification's two first), plugins included; a strategy
    /// with a parameter (`threshold-N`) is analysed for each whole `N`
    /// from one above the dice's least sum to their greatest that it
    /// accepts. `win-optimal` comes last, with its chances against each
    /// of the others (two-player games only).
    pub fn of(config: &Config) -> Result<Analysis, ChanceItError> {
        Analysis::within(config, None)
    }

    /// [`of`](Self::of), win-optimal's staged solve within `max_time`
    /// (`None`: no limit; `analyze chance-it --max-seconds`): past it the
    /// analysis stops with [`ExactError::OutOfTime`](tabula_exact::ExactError::OutOfTime).
    /// Win-optimal is the one its agent plays ([`win::shared_within`]):
    /// asked of the one cache of solved play, so an analysis and the
    /// `win-optimal` agent in one process solve once.
    pub fn within(
        config: &Config,
        max_time: Option<std::time::Duration>,
    ) -> Result<Analysis, ChanceItError> {
        // The optimal turn and win-optimal side by side.
        let (optimal, win_optimal) = rayon::join(
            || Optimal::new(config.dice()),
            || {
                (config.players() == 2)
                    .then(|| win::shared_within(config, max_time))
                    .transpose()
            },
        );
        let (optimal, win_optimal) = (optimal?, win_optimal?);
        let win_optimal = win_optimal.map(Strategy::from);
        let dice = config.dice();
        let mut named: Vec<(String, Strategy)> = Vec::new();
        for entry in strategy::menu()? {
            if entry.name == win::NAME {
                continue;
            }
            match entry.parameter {
                None => named.push((entry.name.to_string(), (entry.build)(config, None)?)),
                Some(_) => {
                    for n in dice.min() + 1..=dice.max() {
                        if let Ok(s) = (entry.build)(config, Some(&n.to_string())) {
                            named.push((format!("{}-{n}", entry.name), s));
                        }
                    }
                }
            }
        }
        // Every first turn, win-optimal's last, from one exploration of
        // the turn.
        let mut all: Vec<&Strategy> = named.iter().map(|(_, s)| s).collect();
        if let Some(w) = &win_optimal {
            all.push(w);
        }
        let turns = stages::turn_distributions(config, &all, 0, 0, &[0, 0])?;
        let strategies: Vec<StrategyTurn> = named
            .iter()
            .map(|(name, s)| (name.clone(), s.depends() != Depends::Turn))
            .chain(win_optimal.iter().map(|_| (win::NAME.to_string(), true)))
            .zip(&turns)
            .map(|((name, whole_game), dist)| {
                let (mean, zero) = summarize(dist);
                StrategyTurn {
                    name,
                    expected_turn_score: mean,
                    zero_probability: zero,
                    note: whole_game.then_some(FIRST_TURN_ONLY),
                }
            })
            .collect();
        let mut report = None;
        if let Some(w) = &win_optimal {
            let mut versus = Vec::new();
            for (name, s) in &named {
                let (Some(first), Some(second)) = (
                    win::try_exact_outcome(config, w, s)?,
                    win::try_exact_outcome(config, s, w)?,
                ) else {
                    continue;
                };
                versus.push(Versus {
                    opponent: name.clone(),
                    win_probability_first: first[0],
                    win_probability_second: second[1],
                    win_probability: (first[0] + second[1]) / 2.0,
                    tie_probability: (first[2] + second[2]) / 2.0,
                    loss_probability: (first[1] + second[0]) / 2.0,
                });
            }
            report = w.whole_game().map(|solved| WinOptimalReport {
                self_play: solved.self_play(),
                versus,
            });
        }
        Ok(Analysis {
            game: "chance-it",
            rounds: config.rounds(),
            dice: [dice.count(), dice.faces()],
            strategies,
            optimal_expected_turn_score: optimal.expected_turn_score(),
            optimal_policy: optimal.policy_table(),
            win_optimal: report,
        })
    }
}

/// The note beside a strategy that plays each turn for the game.
const FIRST_TURN_ONLY: &str =
    "first turn of a game only: it plays each turn to win the game, so later turns differ";

impl Analysis {
    /// The text form.
    pub fn to_text(&self) -> String {
        let a = self;
        let mut s = String::new();
        let _ = writeln!(
            s,
            "Chance-it, exactly: {}d{}, {} rounds (dynamic programming over the values rolled; no sampling)",
            a.dice[0], a.dice[1], a.rounds
        );
        let _ = writeln!(s, "\nOne turn, by strategy");
        let _ = writeln!(
            s,
            "  {:<14} {:>15} {:>14}",
            "strategy", "expected score", "P(score 0)"
        );
        for t in &a.strategies {
            let _ = writeln!(
                s,
                "  {:<14} {:>15.6} {:>14.6}{}",
                t.name,
                t.expected_turn_score,
                t.zero_probability,
                t.note.map(|n| format!("   ({n})")).unwrap_or_default()
            );
        }
        let _ = writeln!(
            s,
            "\nThe optimal turn: expected score {:.10}. After each new roll it stops on the values listed, and chances it on any other new value:",
            a.optimal_expected_turn_score
        );
        let _ = writeln!(
            s,
            "  {:<26} {:<26} value of rolling on",
            "already rolled", "stops on"
        );
        for row in &a.optimal_policy {
            let before = if row.already_rolled.is_empty() {
                "(first roll)".to_string()
            } else {
                join(&row.already_rolled)
            };
            let _ = writeln!(
                s,
                "  {:<26} {:<26} {:.4}",
                before,
                join(&row.stops_on),
                row.reroll_value
            );
        }
        if let Some(w) = &a.win_optimal {
            let _ = writeln!(
                s,
                "\nwin-optimal: maximizes its chance of winning (backward induction over round, score difference, who moves)"
            );
            let _ = writeln!(
                s,
                "  against itself: first seat wins {:.6}, second {:.6}, tie {:.6}",
                w.self_play[0], w.self_play[1], w.self_play[2]
            );
            let _ = writeln!(
                s,
                "  {:<14} {:>12} {:>12} {:>12} {:>10} {:>10}",
                "against", "wins first", "wins second", "wins (mean)", "ties", "losses"
            );
            for v in &w.versus {
                let _ = writeln!(
                    s,
                    "  {:<14} {:>12.6} {:>12.6} {:>12.6} {:>10.6} {:>10.6}",
                    v.opponent,
                    v.win_probability_first,
                    v.win_probability_second,
                    v.win_probability,
                    v.tie_probability,
                    v.loss_probability
                );
            }
        }
        s
    }
}

fn join(v: &[u16]) -> String {
    v.iter().map(u16::to_string).collect::<Vec<_>>().join(" ")
}
