//! What Chance-it adds to the framework's generic verbs: the exact
//! chances of whole games, from its staged solver, beside a simulation
//! and a tournament; its own report of `analyze` (without `--agents`);
//! a tournament's keys, turn scores and pictures; and specification 003's
//! options, prompts and look in `play`.

use tabula_play::tournament::Chances;
use tabula_registry::exact::{PolicyArgs, PolicyError};
use tabula_registry::solve::{ChancesReport, Distribution, Optimum, Within};
use tabula_registry::tally::TallyRule;
use tabula_registry::{Answer, Error, GameBuilder, Query, Solve, TerminalLook, TournamentSetup};
use tabula_verbs::TournamentReport;

use crate::strategy::{self, Depends};
use crate::tournament::{PairResult, add_count, strategy_turns, turn_scores_text};
use crate::{ChanceIt, Config, Event, win};

/// More of `tabula tournament chance-it --help`.
const TOURNAMENT_HELP: &str = "Every pair of strategies plays --games games, each taking the first seat in half of them.\n\
Strategies: see `tabula list`; threshold-N takes a number (threshold-20).\n\
Exact winning chances (from backward induction over rounds and score differences) are shown beside the sampled ones, with or without --exact.\n\
Example: tabula tournament chance-it --agents until-ten,tapering,optimal,win-optimal --games 100000 --seed 1";

/// What Chance-it registers beside its rules: its capabilities, added
/// to its registration's builder.
pub(crate) fn capabilities(g: GameBuilder<ChanceIt>) -> GameBuilder<ChanceIt> {
    g.options("analyze", crate::commands::analyze_arguments)
        .solver(StagedSolve)
        .options("play", crate::commands::play_arguments)
        .play_setup(crate::commands::play_setup)
        .look(TerminalLook {
            look: Some(|game| Box::new(crate::look::SpecificationLook::new(game.config()))),
            ask: Some(crate::commands::play_ask),
            // Nothing before the welcome, which `play_ask` says.
            opening: Some(|_, _, _, _| String::new()),
            ..Default::default()
        })
        .options("tournament", |a| {
            crate::commands::config_alias(a).more_help(TOURNAMENT_HELP)
        })
        .tournament(TournamentSetup {
            // Exact chances beside the sampled ones always, as Chance-it's
            // tournament has always shown them.
            configure: Some(|_, options| options.exact = true),
            check: None,
        })
        .tally(TURN_SCORES)
        .sections(tournament_keys)
        .sections(turn_scores)
}

/// Two strategies that decide on the score difference at most are
/// solved exactly by backward induction over rounds and score
/// differences ([`win::try_exact_outcome`]): each seat's chance of
/// winning and of a tie, and the expected total of a strategy that
/// decides on the turn alone (rounds times its expected turn score).
/// Names that are not strategies are left to the generic solver.
fn exact_chances(
    _: &ChanceIt,
    config: &Config,
    agents: &[String],
) -> Option<Result<Vec<Chances>, Error>> {
    let [first, second] = agents else {
        return None;
    };
    let first = strategy::build(first, config).ok()?;
    let second = strategy::build(second, config).ok()?;
    let outcome = match win::try_exact_outcome(config, &first, &second) {
        Ok(Some(outcome)) => outcome,
        Ok(None) => {
            return Some(Err(
                "a strategy looks at more than the score difference, so the pair is not solved exactly".into(),
            ));
        }
        Err(e) => return Some(Err(e.into())),
    };
    let total = |s: &strategy::Strategy| -> Option<f64> {
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
            score: total(&first),
        },
        Chances {
            win: b,
            shared_first: tie,
            score: total(&second),
        },
    ]))
}

/// Chance-it's staged solve, registered with the framework: optimal
/// play (its own report: turn values, the optimal policy, win-optimal's
/// chances), win-optimal's solve for the agent of that name
/// ([`Query::Solved`] `win-optimal`, kept in the one cache), and the distribution with two strategies in the seats
/// (each seat's chances, by backward induction over rounds and score
/// differences, [`exact_chances`]). Asked for the length distribution
/// too (`analyze --agents`), it leaves the game to the framework's chain
/// while the chain fits under `--max-states`, and answers with the
/// chances alone past it.
struct StagedSolve;

impl Solve<ChanceIt> for StagedSolve {
    fn name(&self) -> &'static str {
        "staged"
    }

    fn pictures(&self) -> bool {
        true
    }

    fn answers(&self, _: &ChanceIt, config: &Config, query: &Query<'_>) -> bool {
        match query {
            Query::Optimal { .. } => true,
            Query::Solved { what } => *what == win::NAME,
            Query::Distribution { agents, .. } => {
                agents.len() == 2 && agents.iter().all(|a| strategy::build(a, config).is_ok())
            }
            _ => false,
        }
    }

    fn solve(
        &self,
        game: &ChanceIt,
        config: &Config,
        query: &Query<'_>,
        within: &Within<'_>,
    ) -> Result<Answer<ChanceIt>, Error> {
        let agents = match query {
            Query::Optimal { .. } => {
                return Ok(Answer::Optimal(Optimum {
                    policy: None,
                    report: Some(crate::commands::analyze(config, within.budget.max_seconds)?),
                }));
            }
            Query::Solved { .. } => {
                let limit = (within.budget.max_seconds > 0)
                    .then(|| std::time::Duration::from_secs(within.budget.max_seconds));
                return Ok(Answer::Solved(std::sync::Arc::new(
                    win::WinOptimal::within(config, limit)?,
                )));
            }
            Query::Distribution { agents, .. } => *agents,
            _ => return Err(tabula_registry::solve::unsupported(self.name(), query)),
        };
        let Query::Distribution { lengths: true, .. } = query else {
            let chances = exact_chances(game, config, agents).ok_or("no strategies")??;
            return Ok(Answer::Distribution(Distribution {
                chances,
                ..Default::default()
            }));
        };
        let spec =
            tabula_core::params::spec(<ChanceIt as tabula_play::record::Recordable>::NAME, config);
        let args = PolicyArgs {
            agents: agents.to_vec(),
            max_states: within.max_states,
        };
        let limit =
            match tabula_registry::exact::analyze_agents_within(game, &spec, &args, &within.budget)
            {
                Ok(solution) => {
                    return Ok(Answer::Distribution(Distribution {
                        chances: Vec::new(),
                        solution: Some(solution),
                        report: None,
                    }));
                }
                Err(PolicyError::TooLarge { limit, .. }) => limit,
                Err(e) => return Err(e.into()),
            };
        let chances = exact_chances(game, config, agents).ok_or("no strategies")??;
        let mut report = ChancesReport::of(&spec, self.name(), agents, &chances);
        report.note = Some(format!(
            "the whole game's chain outgrew --max-states {limit}, so there is no length distribution; each seat's chances come from the staged solve over rounds and score differences"
        ));
        Ok(Answer::Distribution(Distribution {
            chances,
            solution: None,
            report: Some(Box::new(report)),
        }))
    }
}

/// The keys of Chance-it's tournament before it was the generic one:
/// `rounds`, `dice`, `threads`, `pairings`, `forfeits`, and in each
/// pair `ties`, the totals and `tie_probability_exact`.
fn tournament_keys(_: &ChanceIt, config: &Config, report: &mut TournamentReport) {
    let keys = &mut report.extra.keys;
    keys.insert("rounds".into(), config.rounds().into());
    let dice = [config.dice().count(), config.dice().faces()];
    keys.insert("dice".into(), serde_json::json!(dice));
    keys.insert("threads".into(), report.standings.threads.into());
    for (key, value) in [
        ("pairings", serde_json::to_value(&report.standings.pairings)),
        ("forfeits", serde_json::to_value(&report.standings.faults)),
    ] {
        if let Ok(v) = value {
            keys.insert(key.into(), v);
        }
    }
    report.extra.pair_keys = report
        .pairs
        .iter()
        .map(|pair| {
            let generic = serde_json::to_value(pair).unwrap_or_default();
            let own = serde_json::to_value(PairResult::from(pair.clone()));
            match own {
                Ok(serde_json::Value::Object(own)) => own
                    .into_iter()
                    .filter(|(k, _)| generic.get(k).is_none())
                    .collect(),
                _ => serde_json::Map::new(),
            }
        })
        .collect();
    if let Some(p) = crate::pictures::pairs_picture(
        &report
            .pairs
            .iter()
            .cloned()
            .map(PairResult::from)
            .collect::<Vec<_>>(),
        report.games,
        config.rounds(),
        dice,
    ) {
        report.extra.pictures.push(p);
    }
}

/// Each turn's score, by seat; every seat takes a turn each round, so
/// the seats' turns differ by at most one a game (a game ended by a
/// forfeit).
const TURN_SCORES: TallyRule<Event> = TallyRule {
    name: "turn counts",
    of: |event| match *event {
        Event::Scored { seat, score, .. } => Some((usize::from(seat), usize::from(score))),
        _ => None,
    },
    spread: Some(1),
};

/// Each strategy's turn scores over all its games, sampled and exact
/// (from the tally of [`TURN_SCORES`]): the key `strategies`, a section
/// of text and the picture `turn-scores`.
fn turn_scores(_: &ChanceIt, config: &Config, report: &mut TournamentReport) {
    let tallies = &report.tallies;
    let n = report.standings.entrants.len();
    let mut names = vec![String::new(); n];
    let mut turn_scores = vec![Vec::new(); n];
    for (pairing, seatings) in report.standings.pairings.iter().zip(tallies) {
        for t in seatings {
            // A pairing's entrants are in the order named.
            let mut members = t.seating.clone();
            members.sort_unstable();
            for (&i, e) in members.iter().zip(&pairing.entrants) {
                if let Some(name) = names.get_mut(i) {
                    name.clone_from(&e.name);
                }
            }
            for (seat, counts) in t.by_seat.iter().enumerate() {
                if let Some(scores) = t.seating.get(seat).and_then(|&e| turn_scores.get_mut(e)) {
                    for (score, &k) in counts.iter().enumerate() {
                        add_count(scores, score, k);
                    }
                }
            }
        }
    }
    let built: Vec<_> = names
        .iter()
        .map(|n| strategy::build(n, config).ok())
        .collect();
    let strategies = strategy_turns(config, &names, &built, turn_scores);
    if let Ok(v) = serde_json::to_value(&strategies) {
        report.extra.keys.insert("strategies".into(), v);
    }
    report.extra.sections.push(turn_scores_text(&strategies));
    if let Some(p) = crate::pictures::turn_scores_picture(&strategies) {
        report.extra.pictures.push(p);
    }
}
