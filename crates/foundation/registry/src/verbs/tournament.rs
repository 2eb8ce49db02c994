//! `tournament`, for any game with decisions.

use super::*;
use crate::{Command, Io, Kind, Report};

/// `tabula tournament GAME`, for any game with decisions.
pub struct TournamentVerb<G: 'static, P: 'static> {
    defaults: Defaults,
    exact: fn() -> Option<ExactHooks<G>>,
    extension: &'static dyn Extension<G>,
    paths: fn() -> P,
}

impl<G, P> TournamentVerb<G, P> {
    /// The verb with these defaults; `exact` and `paths` as for
    /// [`Simulate::new`]; `extension` adds the game's own keys and text
    /// ([`NoExtension`] for none).
    pub const fn new(
        defaults: Defaults,
        exact: fn() -> Option<ExactHooks<G>>,
        extension: &'static dyn Extension<G>,
        paths: fn() -> P,
    ) -> Self {
        TournamentVerb {
            defaults,
            exact,
            extension,
            paths,
        }
    }
}

/// What `tournament` reports for any game.
#[derive(Clone, Debug, Serialize)]
pub struct TournamentReport {
    /// The game.
    #[serde(flatten)]
    pub variant: Variant,
    /// Games per pairing.
    pub games: u64,
    /// The seed.
    pub seed: u64,
    /// For a two-seat game, each pair seen from its first entrant.
    pub pairs: Vec<Pair>,
    /// The framework's standings: ranks, points, times, forfeits.
    pub standings: Standings,
    /// What the game adds ([`Extension::tournament`]): keys, each pair's
    /// keys, sections of text.
    #[serde(skip)]
    pub extra: Extra,
}

impl<G: Rules, P: tabula_play::PlayPaths<G>> Command for TournamentVerb<G, P> {
    fn verb(&self) -> &'static str {
        "tournament"
    }

    fn about(&self) -> &'static str {
        self.defaults.summary
    }

    fn kind(&self) -> Kind {
        Kind::Report { pictures: true }
    }

    fn arguments(&self) -> Arguments {
        let command = Arguments::new();
        let command = TournamentArgs::<100>::augment(with_parameters::<G::Parameters>(command))
            .after_help({
                let generic = "Pits the agents against each other: every pairing plays many games, seats shared evenly, with the framework's standings.";
                match self.extension.tournament_help() {
                    "" => generic.to_string(),
                    more => format!("{generic}\n{more}"),
                }
            })
            .mut_arg("games", |a| {
                a.default_value(self.defaults.tournament_games.to_string())
            });
        self.extension.tournament_arguments(command)
    }

    fn run(&self, values: &Values, io: &mut Io<'_>) -> Result<Option<Box<dyn Report>>, Error> {
        let (game, p) = game::<G>(values)?;
        let mut t = TournamentArgs::<100>::from_values(values)?;
        self.extension.tournament_options(&game, &mut t.options);
        self.extension.tournament_check(&game, &p, t.games)?;
        let entrants = t.entrants(&game)?;
        let max_states = usize::try_from(t.options.max_states).unwrap_or(usize::MAX);
        let hooks = (self.exact)();
        let solve = |names: &[&str]| -> Result<Vec<Chances>, String> {
            if let Some(own) = self.extension.tournament_exact(&game, &p, names) {
                return own.map_err(|e| e.to_string());
            }
            match &hooks {
                Some(h) => (h.chances)(&game, names, max_states).map_err(|e| e.to_string()),
                None => Err("the game's state is not hashable, so it is not solved".into()),
            }
        };
        let exact =
            (t.options.exact && hooks.is_some()).then_some(&solve as crate::play::ExactSolver<'_>);
        let run = Run {
            t: &t,
            game: &game,
            entrants: &entrants,
            exact,
            paths: (self.paths)(),
        };
        let (standings, counts, tallies) = match (
            self.extension.tournament_count(),
            self.extension.tournament_tally(),
        ) {
            (None, None) => (run.play(io, &|_: &GameId| ())?.0, None, None),
            (Some(count), None) => {
                let (standings, counts) = run.play(io, &|_: &GameId| Count::of::<G>(count))?;
                (standings, Some(counts), None)
            }
            (None, Some(tally)) => {
                let (standings, tallies) =
                    run.play(io, &|id: &GameId| Tally::of::<G>(id, tally))?;
                (standings, None, Some(tallies))
            }
            (Some(count), Some(tally)) => {
                let (standings, both) = run.play(io, &|id: &GameId| {
                    (Count::of::<G>(count), Tally::of::<G>(id, tally))
                })?;
                #[allow(clippy::type_complexity)]
                let (counts, tallies): (
                    Vec<Vec<Counting<G>>>,
                    Vec<Vec<Tallying<G>>>,
                ) = both
                    .into_iter()
                    .map(|pairing| pairing.into_iter().unzip())
                    .unzip();
                (standings, Some(counts), Some(tallies))
            }
        };
        let mut report = TournamentReport {
            variant: Variant::of::<G>(&p)?,
            games: t.games,
            seed: t.seed,
            pairs: standings.pairs(),
            standings,
            extra: Extra::default(),
        };
        self.extension.tournament(&game, &p, &mut report);
        if let Some(counts) = counts {
            let counts: Vec<Vec<Count>> = counts
                .into_iter()
                .map(|c| c.into_iter().map(|c| c.count).collect())
                .collect();
            self.extension
                .tournament_counted(&game, &p, &counts, &mut report);
        }
        if let Some(tallies) = tallies {
            let tallies: Vec<Vec<Tally>> = tallies
                .into_iter()
                .map(|t| t.into_iter().map(|t| t.tally).collect())
                .collect();
            self.extension
                .tournament_tallied(&game, &p, &tallies, &mut report);
        }
        Ok(Some(Box::new(report)))
    }
}

/// What one run of a tournament needs, whatever it collects.
struct Run<'a, G: Rules, P> {
    /// The game's paths, for its referee.
    paths: P,
    t: &'a TournamentArgs<100>,
    game: &'a G,
    entrants: &'a [tabula_play::tournament::Entrant<G>],
    exact: Option<crate::play::ExactSolver<'a>>,
}

impl<G: Rules, P: tabula_play::PlayPaths<G>> Run<'_, G, P> {
    /// Plays the tournament, collecting what `collector` makes for each
    /// seating.
    #[allow(clippy::type_complexity)]
    fn play<C>(
        &self,
        io: &mut Io<'_>,
        collector: &(dyn Fn(&GameId) -> C + Sync),
    ) -> Result<(Standings, Vec<Vec<C>>), Error>
    where
        C: tabula_sim::Collector<G> + Send + Clone + Serialize + serde::de::DeserializeOwned,
    {
        self.t.options.run(
            &mut io.shard,
            &*io.progress,
            self.game,
            self.entrants,
            self.t.engine(),
            ScoringArg::Points,
            collector,
            self.exact,
            self.paths,
        )
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
        out.push_str(&crate::play::standings_text(&self.standings));
        self.extra.append_text(&mut out);
        out
    }

    fn json(&self) -> Result<String, Error> {
        /// The report's own keys, each pair's with the game's after them.
        #[derive(Serialize)]
        struct Keys<'a> {
            #[serde(flatten)]
            variant: &'a Variant,
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
        let mut pictures = crate::play::results_matrix(s, &title);
        pictures.extend(self.extra.pictures.iter().cloned());
        pictures
    }
}

/// What a game's [`Extension::tournament_count`] counted in the games of
/// one seating of a pairing: the sum over their events, and the games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Count {
    /// The sum of the counts of every event.
    pub total: u64,
    /// Games seen.
    pub games: u64,
}

/// The collector of a [`Count`]: what it counts (named in messages) and
/// the game's counting function beside it (not kept in a shard's part
/// file, where only the count is needed).
#[derive(Serialize, serde::Deserialize)]
#[serde(bound = "")]
struct Counting<G: tabula_core::BoardGame> {
    counts: String,
    #[serde(flatten)]
    count: Count,
    #[serde(skip)]
    of: Option<fn(&G::Event) -> u64>,
}

impl<G: tabula_core::BoardGame> Clone for Counting<G> {
    fn clone(&self) -> Self {
        Counting {
            counts: self.counts.clone(),
            count: self.count,
            of: self.of,
        }
    }
}

impl Count {
    fn of<G: tabula_core::BoardGame>(
        (counts, of): (&'static str, fn(&G::Event) -> u64),
    ) -> Counting<G> {
        Counting {
            counts: counts.to_string(),
            count: Count::default(),
            of: Some(of),
        }
    }
}

impl<G: tabula_core::BoardGame> tabula_sim::Collector<G> for Counting<G> {
    fn event(&mut self, event: &G::Event) {
        if let Some(of) = self.of {
            self.count.total += of(event);
        }
    }

    fn end_game(&mut self, _: &tabula_sim::Playout, _: &G::State) {
        self.count.games += 1;
    }

    fn merge(&mut self, other: Self) {
        self.count.total += other.count.total;
        self.count.games += other.count.games;
    }

    fn check_count(&self, games: u64) -> Result<(), String> {
        if self.count.games != games {
            return Err(format!(
                "{}: `games` is {}, but the seating played {games} games",
                self.counts, self.count.games
            ));
        }
        Ok(())
    }

    fn check_shape(&self, empty: &Self) -> Result<(), String> {
        if self.counts != empty.counts {
            return Err(format!(
                "`counts` is {:?}, but this tournament counts {:?}",
                self.counts, empty.counts
            ));
        }
        Ok(())
    }
}

/// What a game's [`Extension::tournament_tally`] tallied in the games of
/// one seating of a pairing: each seat's events by value.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Tally {
    /// The entrant (its index among those named) in each seat.
    pub seating: Vec<usize>,
    /// `by_seat[seat][value]`: the events of `seat` with that value.
    pub by_seat: Vec<Vec<u64>>,
    /// Games seen.
    pub games: u64,
}

/// What a game tallies of a tournament's events
/// ([`Extension::tournament_tally`]).
#[derive(Debug)]
pub struct TallyRule<E> {
    /// What it tallies, named in messages about a shard's part file whose
    /// tally does not add up.
    pub name: &'static str,
    /// The seat an event is about and its value, for an event tallied.
    pub of: fn(&E) -> Option<(usize, usize)>,
    /// The most the seats' numbers of events tallied may differ by, per
    /// game, checked in a shard's part file (Chance-it's seats take a
    /// turn each a round, so their turns differ by at most one a game, in
    /// a game ended by a forfeit); `None` checks nothing.
    pub spread: Option<u64>,
}

impl<E> Clone for TallyRule<E> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<E> Copy for TallyRule<E> {}

impl Tally {
    fn of<G: tabula_core::BoardGame>(id: &GameId, rule: TallyRule<G::Event>) -> Tallying<G> {
        Tallying {
            tallies: rule.name.to_string(),
            spread: rule.spread,
            tally: Tally {
                seating: id.seating.clone(),
                by_seat: vec![Vec::new(); id.seating.len()],
                games: 0,
            },
            of: Some(rule.of),
        }
    }

    /// Adds `n` events of `value` to `seat`'s.
    fn add(&mut self, seat: usize, value: usize, n: u64) {
        if self.by_seat.len() <= seat {
            self.by_seat.resize(seat + 1, Vec::new());
        }
        let values = &mut self.by_seat[seat];
        if values.len() <= value {
            values.resize(value + 1, 0);
        }
        values[value] += n;
    }
}

/// The collector of a [`Tally`]: what it tallies (named in messages) and
/// the spread it allows, kept in a shard's part file to check it, and the
/// game's tallying function beside them (not kept).
#[derive(Serialize, serde::Deserialize)]
#[serde(bound = "")]
struct Tallying<G: tabula_core::BoardGame> {
    tallies: String,
    spread: Option<u64>,
    #[serde(flatten)]
    tally: Tally,
    #[serde(skip)]
    of: Option<TallyOf<G::Event>>,
}

/// The seat an event is about and its value, for an event tallied.
type TallyOf<E> = fn(&E) -> Option<(usize, usize)>;

impl<G: tabula_core::BoardGame> Clone for Tallying<G> {
    fn clone(&self) -> Self {
        Tallying {
            tallies: self.tallies.clone(),
            spread: self.spread,
            tally: self.tally.clone(),
            of: self.of,
        }
    }
}

impl<G: tabula_core::BoardGame> tabula_sim::Collector<G> for Tallying<G> {
    fn event(&mut self, event: &G::Event) {
        if let Some((seat, value)) = self.of.and_then(|of| of(event)) {
            self.tally.add(seat, value, 1);
        }
    }

    fn end_game(&mut self, _: &tabula_sim::Playout, _: &G::State) {
        self.tally.games += 1;
    }

    fn merge(&mut self, other: Self) {
        if self.tally.seating.is_empty() {
            self.tally.seating = other.tally.seating;
        }
        for (seat, values) in other.tally.by_seat.iter().enumerate() {
            for (value, &n) in values.iter().enumerate() {
                self.tally.add(seat, value, n);
            }
        }
        self.tally.games += other.tally.games;
    }

    fn check_count(&self, games: u64) -> Result<(), String> {
        let name = &self.tallies;
        if self.tally.games != games {
            return Err(format!(
                "{name}: `games` is {}, but the seating played {games} games",
                self.tally.games
            ));
        }
        if let Some(spread) = self.spread {
            let events: Vec<u128> = self
                .tally
                .by_seat
                .iter()
                .map(|c| c.iter().map(|&n| u128::from(n)).sum())
                .collect();
            let least = events.iter().copied().min().unwrap_or(0);
            let most = events.iter().copied().max().unwrap_or(0);
            if most - least > u128::from(spread) * u128::from(games) {
                return Err(format!(
                    "{name}: the seats have {events:?} in {games} games, more apart than {spread} a game"
                ));
            }
        }
        Ok(())
    }

    fn check_shape(&self, empty: &Self) -> Result<(), String> {
        let name = &empty.tallies;
        if self.tallies != empty.tallies {
            return Err(format!(
                "`tallies` is {:?}, but this tournament tallies {name:?}",
                self.tallies
            ));
        }
        if self.spread != empty.spread {
            return Err(format!(
                "{name}: `spread` is {:?}, not {:?}",
                self.spread, empty.spread
            ));
        }
        if self.tally.seating != empty.tally.seating {
            return Err(format!(
                "{name}: `seating` is {:?}, but this seating of the tournament is {:?}",
                self.tally.seating, empty.tally.seating
            ));
        }
        if self.tally.by_seat.len() > empty.tally.seating.len() {
            return Err(format!(
                "{name}: `by_seat` lists {} seats, but the game has {}",
                self.tally.by_seat.len(),
                empty.tally.seating.len()
            ));
        }
        Ok(())
    }
}
