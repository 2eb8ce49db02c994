//! `tournament`, for any game with decisions and more than one seat.

use std::fmt::Write as _;

use serde::Serialize;
use tabula_core::text::group;
use tabula_picture::Picture;
use tabula_play::tournament::{Pair, Standings};
use tabula_registry::args::{Arguments, FromArgs as _, Values};
use tabula_registry::play::TournamentArgs;
use tabula_registry::tally::Tally;
use tabula_registry::{Error, Extra, GameKind, Io, Kind, Report, VariantInfo, Verb};

use crate::pm;

/// `tabula tournament GAME`.
pub(crate) struct TournamentVerb;

/// What `tournament` reports for any game.
#[derive(Clone, Debug, Serialize)]
pub struct TournamentReport {
    /// The game.
    #[serde(flatten)]
    pub variant: VariantInfo,
    /// Games per pairing.
    pub games: u64,
    /// The seed.
    pub seed: u64,
    /// For a two-seat game, each pair seen from its first entrant.
    pub pairs: Vec<Pair>,
    /// The framework's standings: ranks, points, times, forfeits.
    pub standings: Standings,
    /// The game's tally of each seating of each pairing
    /// (`tallies[pairing][seating]`, pairings in the standings' order),
    /// for its sections; empty if it tallies nothing.
    #[serde(skip)]
    pub tallies: Vec<Vec<Tally>>,
    /// What the game adds (its sections): keys, each pair's keys,
    /// sections of text, pictures.
    #[serde(skip)]
    pub extra: Extra,
}

impl Verb for TournamentVerb {
    fn applies(&self, game: &dyn GameKind) -> bool {
        let c = game.capabilities();
        c.decisions && c.seats > 1
    }

    fn kind(&self, _: &dyn GameKind) -> Kind {
        Kind::Report { pictures: true }
    }

    fn arguments(&self, game: &dyn GameKind) -> Arguments {
        let games = game.defaults().tournament_games;
        let command = tabula_registry::game_parameters(Arguments::new(), game.parameters());
        let command = TournamentArgs::<100>::augment(command)
            .after_help("Pits the agents against each other: every pairing plays many games, seats shared evenly, with the framework's standings.")
            .mut_arg("games", |a| a.default_value(games.to_string()))
            .mut_arg("agents", |a| a.agents(game.agents()));
        let command = if tabula_registry::has_objectives(game) {
            tabula_registry::objective_args(command, game)
        } else {
            command
        };
        game.options("tournament", command)
    }

    fn run(
        &self,
        game: &dyn GameKind,
        values: &Values,
        io: &mut Io<'_>,
    ) -> Result<Option<Box<dyn Report>>, Error> {
        let variant = game.variant(values)?;
        let mut t = TournamentArgs::<100>::from_values(values)?;
        t.agents = tabula_registry::with_objective(values, t.agents);
        let run = variant.tournament(t, io)?;
        let mut report = TournamentReport {
            variant: variant.info()?,
            games: run.games,
            seed: run.seed,
            pairs: run.standings.pairs(),
            standings: run.standings,
            tallies: run.tallies,
            extra: Extra::default(),
        };
        variant.sections(&mut report);
        Ok(Some(Box::new(report)))
    }
}

impl Report for TournamentReport {
    fn title(&self) -> String {
        format!("{}: tournament", self.variant.spec)
    }

    fn text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{}: {} games per pairing, seats shared evenly, seed {}",
            self.variant.spec,
            group(self.games),
            self.seed
        );
        for p in &self.pairs {
            let _ = writeln!(
                out,
                "  {} {} - {} {}: {} wins {}{}",
                p.a,
                p.a_wins,
                p.b_wins,
                p.b,
                p.a,
                pm(p.a_win_rate, p.a_win_rate_std_error, 4),
                p.a_win_probability_exact
                    .map_or(String::new(), |e| format!(", exact {e:.4}"))
            );
        }
        if !self.pairs.is_empty() {
            out.push('\n');
        }
        out.push_str(&tabula_registry::play::standings_text(&self.standings));
        self.extra.append_text(&mut out);
        out
    }

    fn json(&self) -> Result<String, Error> {
        /// The report's own keys, each pair's with the game's after them.
        #[derive(Serialize)]
        struct Keys<'a> {
            #[serde(flatten)]
            variant: &'a VariantInfo,
            games: u64,
            seed: u64,
            pairs: Vec<PairKeys<'a>>,
            standings: &'a Standings,
        }
        #[derive(Serialize)]
        struct PairKeys<'a> {
            #[serde(flatten)]
            pair: &'a Pair,
            #[serde(flatten)]
            extra: Option<&'a serde_json::Map<String, serde_json::Value>>,
        }
        self.extra.json(&Keys {
            variant: &self.variant,
            games: self.games,
            seed: self.seed,
            pairs: self
                .pairs
                .iter()
                .enumerate()
                .map(|(i, pair)| PairKeys {
                    pair,
                    extra: self.extra.pair_keys.get(i),
                })
                .collect(),
            standings: &self.standings,
        })
    }

    fn pictures(&self) -> Vec<Picture> {
        let s = &self.standings;
        let title = if s.seats == 2 {
            format!(
                "{} games per pair, seats alternated",
                group(s.games_per_pairing)
            )
        } else {
            format!(
                "{} games per group of {}, seats shared evenly",
                group(s.games_per_pairing),
                s.seats
            )
        };
        let mut pictures = tabula_registry::play::results_matrix(s, &title);
        pictures.extend(self.extra.pictures.iter().cloned());
        pictures
    }
}
