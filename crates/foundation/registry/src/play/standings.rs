//! Tournaments from the command line: the options every game shares,
//! running one with progress, records and shards, and the standings as
//! text and a picture for the one tournament report
//! (`TournamentReport` of `tabula-verbs`).

use std::fmt::Write as _;

use tabula_core::BoardGame;
use tabula_core::text::group;
use tabula_play::record::Recordable;
use tabula_play::tournament::{
    Chances, Entrant, GameId, PartResults, RunOptions, Scoring, Standings, Tournament,
};

use super::RecordArgs;
use crate::Error;
use crate::progress::{Meter, Run};

/// How a tournament ranks its entrants, as a command-line value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ScoringArg {
    /// Points: 1 per opponent ranked below, ½ per opponent tied (win 1,
    /// draw ½)
    #[default]
    Points,
    /// Points less --penalty-per-second for every second an agent thinks
    /// (specification 004's tournament)
    TimePenalty,
}

crate::choice!(ScoringArg {
    Points = "points": "Points: 1 per opponent ranked below, ½ per opponent tied (win 1, draw ½)",
    TimePenalty = "time-penalty": "Points less --penalty-per-second for every second an agent thinks (specification 004's tournament)",
});

crate::arguments! {
    /// The tournament options every game shares, part of [`TournamentArgs`]:
    /// a game that declares its own `--agents`, `--games`, `--seed` and
    /// `--threads` flattens these beside them with `#[arg(flatten)]`.
    #[derive(Clone, Debug)]
    pub struct TournamentOptions {
        /// How agents are ranked [default: the game's; points unless its help
        /// says otherwise]
        #[arg(long)]
        pub scoring: Option<ScoringArg>,
        /// With --scoring time-penalty: points taken per second of an agent's
        /// total thinking time
        #[arg(long, default_value_t = 1.0, value_name = "POINTS")]
        pub penalty_per_second: f64,
        /// A slower answer forfeits its game (milliseconds; the call is not
        /// interrupted) [default: no limit]
        #[arg(long, value_name = "MS")]
        pub move_time_limit: Option<u64>,
        /// Cap on steps (chance outcomes plus moves) per game, at least 1;
        /// capped games are counted as capped, never as draws
        #[arg(
            long,
            default_value_t = tabula_sim::DEFAULT_MAX_STEPS,
            range = 1..
        )]
        pub max_steps: u32,
        /// `--record` and `--record-format`.
        #[arg(flatten)]
        pub record: RecordArgs,
        /// Put exact chances beside the sampled ones: every seating of every
        /// pairing whose agents are all fixed policies is solved exactly
        /// (pairings that cannot be, or outgrow --max-states, show none)
        #[arg(long)]
        pub exact: bool,
        /// With --exact: the most states one seating's solve may build
        #[arg(long, default_value_t = crate::exact::DEFAULT_MAX_STATES,
              range = 1..=1_000_000_000)]
        pub max_states: u64,
        /// Play only part K of N of the tournament (K from 1), for another
        /// machine to play the rest; `tabula merge` combines the parts' JSON
        /// outputs into exactly the whole tournament's results.
        #[arg(long, value_name = "K/N")]
        pub shard: Option<crate::shard::ShardArg>,
    }
}

/// A game's own exact solver for a tournament: each seat's chances with
/// the named entrants in the seats, in seat order, or why it cannot.
pub type ExactSolver<'a> = &'a (dyn Fn(&[&str]) -> Result<Vec<Chances>, String> + Sync + 'a);

impl Default for TournamentOptions {
    /// The options' defaults, as a command line without them gets.
    fn default() -> TournamentOptions {
        TournamentOptions {
            scoring: None,
            penalty_per_second: 1.0,
            move_time_limit: None,
            max_steps: tabula_sim::DEFAULT_MAX_STEPS,
            record: RecordArgs::default(),
            exact: false,
            max_states: crate::exact::DEFAULT_MAX_STATES,
            shard: None,
        }
    }
}

impl TournamentOptions {
    /// Plays a tournament of `entrants` (see [`entrants`] for registered
    /// agents by name) on `game` with
    /// `engine` (games, seed, threads) and these options, `scoring` unless
    /// `--scoring` says otherwise, through [`Tournament::run`]: progress
    /// of long runs on `meter`, records if `--record` asks, each game's
    /// events to a collector of `collector`'s
    /// ([`RunOptions::collect`]). Exact chances go beside the results
    /// from `exact`, whenever it is given: the game's own solver, or the
    /// chain of the agents' policies ([`chain_solver`](Self::chain_solver))
    /// for a game whose state is hashable. `--exact` without one is an
    /// error, not a run without exact chances.
    ///
    /// With `--shard K/N` it plays only that part and
    /// [publishes](crate::shard::ShardContext::publish) its
    /// [`RunResults::part`](tabula_play::tournament::RunResults::part),
    /// with no exact chances (the merge adds them); run again by `tabula
    /// merge`, it plays nothing and merges the parts' results
    /// ([`RunOptions::merge`]) into exactly the whole tournament's. So
    /// every game's tournament splits, with no code of its own, as long
    /// as its collectors serialize.
    #[allow(clippy::type_complexity, clippy::too_many_arguments)]
    pub fn run<G, C, P>(
        &self,
        shard: &mut crate::shard::ShardContext,
        meter: &dyn Meter,
        game: &G,
        entrants: &[Entrant<G>],
        engine: Tournament,
        scoring: ScoringArg,
        collector: &(dyn Fn(&GameId) -> C + Sync),
        exact: Option<ExactSolver<'_>>,
        paths: P,
    ) -> Result<(Standings, Vec<Vec<C>>), Error>
    where
        G: Recordable + 'static,
        C: tabula_sim::Collector<G> + Send + Clone + serde::Serialize + serde::de::DeserializeOwned,
        P: tabula_play::PlayPaths<G>,
    {
        if self.exact && exact.is_none() {
            return Err(format!(
                "--exact: {} has no exact solver for its tournaments",
                G::NAME
            )
            .into());
        }
        let engine = self.apply(engine, scoring)?;
        let options = RunOptions::new().collect(collector).recorded();
        let out = if let Some(parts) = shard.parts_to_merge() {
            let names: Vec<String> = entrants.iter().map(|e| e.name.clone()).collect();
            let mut results = Vec::with_capacity(parts.len());
            for part in &parts {
                let state = part.header()?.state;
                let read = PartResults::<C>::from_json(state).map_err(|e| {
                    format!("{}: its tournament results cannot be read: {e}", part.file)
                })?;
                engine
                    .check_part::<G, C>(entrants.len(), game.seats(), &read)
                    .and_then(|()| engine.check_part_shape(&names, game.seats(), &read, collector))
                    .map_err(|why| {
                        format!(
                            "{}: \"shard\".\"state\" does not add up: {why}; was the file edited?",
                            part.file
                        )
                    })?;
                results.push(read);
            }
            engine.run_on(paths, game, entrants, options.merge(results))?
        } else if let Some(part) = self.shard {
            let games = engine.part_games(entrants.len(), game.seats());
            if games.is_empty() {
                return Err(format!(
                    "--shard {}/{}: this tournament is played in fewer pieces than that, so part {} has no games; use fewer parts",
                    part.0.index + 1,
                    part.0.of,
                    part.0.index + 1
                )
                .into());
            }
            let progress = meter.start_run(
                &Run::new("tournament part", games.end - games.start, "games").without_estimate(),
            );
            let out = engine.run_on(
                paths,
                game,
                entrants,
                options.progress(&|d| progress.tick(d)),
            )?;
            drop(progress);
            let results = out
                .part
                .ok_or("--shard: the tournament's part was not kept")?;
            shard.publish(
                part.0,
                engine.seed(),
                engine.total_games(entrants.len(), game.seats()),
                games,
                results.to_json()?,
            );
            return Ok((out.standings, out.collectors));
        } else {
            let total = engine.total_games(entrants.len(), game.seats());
            let progress =
                meter.start_run(&Run::new("tournament", total, "games").without_estimate());
            let out = engine.run_on(
                paths,
                game,
                entrants,
                options.progress(&|d| progress.tick(d)),
            )?;
            drop(progress);
            out
        };
        let mut standings = out.standings;
        if let Some(solve) = exact {
            standings.set_exact(solve);
        }
        Ok((standings, out.collectors))
    }

    /// The exact chances of the chain of the agents' policies
    /// ([`crate::exact::chances`], at most `--max-states` states a
    /// seating), as [`run`](Self::run)'s `exact` for a game whose state is
    /// hashable.
    pub fn chain_solver<'a, G>(
        &self,
        game: &'a G,
    ) -> impl Fn(&[&str]) -> Result<Vec<Chances>, String> + Sync + 'a
    where
        G: BoardGame + Sync + 'static,
        G::State: std::hash::Hash + Eq + std::fmt::Debug,
    {
        let max_states = usize::try_from(self.max_states).unwrap_or(usize::MAX);
        move |names: &[&str]| {
            crate::exact::chances(game, names, max_states).map_err(|e| e.to_string())
        }
    }

    /// Applies these options to a tournament; `default` is the game's
    /// scoring when `--scoring` is not given.
    pub fn apply(
        &self,
        t: tabula_play::tournament::Tournament,
        default: ScoringArg,
    ) -> Result<tabula_play::tournament::Tournament, Error> {
        if !(self.penalty_per_second.is_finite() && self.penalty_per_second >= 0.0) {
            return Err(format!(
                "--penalty-per-second must be a number of at least 0, got {}",
                self.penalty_per_second
            )
            .into());
        }
        self.record.prepare()?;
        let scoring = match self.scoring.unwrap_or(default) {
            ScoringArg::Points => Scoring::Points,
            ScoringArg::TimePenalty => Scoring::TimePenalty {
                per_second: self.penalty_per_second,
            },
        };
        let t = match self.shard {
            Some(part) => t.with_shard(part.0),
            None => t,
        };
        Ok(t.with_scoring(scoring)
            .with_max_steps(self.max_steps)
            .with_move_time_limit(self.move_time_limit.map(std::time::Duration::from_millis))
            .with_record(self.record.record.clone(), self.record.format()))
    }
}

crate::arguments! {
    /// The whole of a tournament command's options: `--agents`, `--games`
    /// (`GAMES` per pairing unless given: 100 unless the game says
    /// otherwise, as in `TournamentArgs<1000>`), `--seed`, `--threads` and
    /// the [`TournamentOptions`]. Flatten it into a game's own arguments
    /// beside its parameters.
    #[derive(Clone, Debug)]
    pub struct TournamentArgs<const GAMES: u64 = 100> {
        /// The entrants: registered agent names, comma-separated (at least as
        /// many as the game has seats; see `tabula list`)
        #[arg(long, value_delimiter = ',', num_args = 1.., required = true, value_name = "AGENTS")]
        pub agents: Vec<String>,
        /// Games per pairing, spread over every seating
        #[arg(long, default_value = GAMES.to_string(), range = 1..)]
        pub games: u64,
        /// Seed that fixes every game
        #[arg(long, default_value_t = crate::DEFAULT_SEED)]
        pub seed: u64,
        /// Worker threads [default: one per core]; the results do not depend on it
        #[arg(long, range = 1..=1024)]
        pub threads: Option<u16>,
        /// The options every game's tournament shares.
        #[arg(flatten)]
        pub options: TournamentOptions,
    }
}

impl<const GAMES: u64> TournamentArgs<GAMES> {
    /// The entrants, checked: each a registered agent of `G`.
    pub fn entrants<G: BoardGame + 'static>(&self, game: &G) -> Result<Vec<Entrant<G>>, Error> {
        entrants(game, &self.agents)
    }

    /// The engine: `--games` per pairing, `--seed`, `--threads`.
    pub fn engine(&self) -> Tournament {
        Tournament::new(self.games)
            .with_seed(self.seed)
            .with_threads(self.threads.map(usize::from))
    }
}

/// The entrants `names` name, checked: each a registered agent of `G`.
pub fn entrants<G: BoardGame + 'static>(
    game: &G,
    names: &[String],
) -> Result<Vec<Entrant<G>>, Error> {
    names
        .iter()
        .map(|name| Entrant::registered(game, name.trim()).map_err(Error::from))
        .collect()
}

/// The `results` picture of a tournament: for a two-seat game the matrix
/// of each pair's wins, draws and losses, entrants by rank; for more
/// seats each entrant's share of its games won alone, with two standard
/// errors each side.
pub fn results_matrix(standings: &Standings, title: &str) -> Vec<tabula_picture::Picture> {
    let pairs = standings.pairs();
    if pairs.is_empty() {
        let bars: Vec<tabula_picture::chart::Bar> = standings
            .entrants
            .iter()
            .filter(|e| e.games > 0)
            .map(|e| {
                let n = e.games as f64;
                let share = e.wins as f64 / n;
                tabula_picture::chart::Bar {
                    label: e.name.clone(),
                    value: Some(share),
                    std_error: Some((share * (1.0 - share) / n).sqrt()),
                    exact: None,
                }
            })
            .collect();
        if bars.is_empty() {
            return Vec::new();
        }
        return vec![tabula_picture::chart::bars(
            "results",
            &format!("{title}: share of games won alone"),
            "won",
            bars,
        )];
    }
    let names = standings.entrants.iter().map(|e| e.name.clone()).collect();
    let cells = pairs
        .iter()
        .map(|p| (p.a.as_str(), p.b.as_str(), p.a_wins, p.b_wins, p.draws));
    vec![tabula_picture::chart::Matrix::from_pairs(names, cells).picture("results", title)]
}

/// The most forfeits listed one by one in the text.
const FAULTS_SHOWN: usize = 20;

/// Points as a reader wants them: whole and half points as they are
/// (`12`, `7.5`), thirds and the like to three decimals.
fn points_text(points: f64) -> String {
    let text = format!("{points:.3}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The standings as text: the table of entrants, each pairing, and the
/// forfeits.
pub fn standings_text(s: &Standings) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Tournament: {} entrants, {} pairing(s) of {} games ({} seatings), seed {}, {}",
        s.entrants.len(),
        s.pairings.len(),
        group(s.games_per_pairing),
        s.seatings,
        s.seed,
        match s.scoring {
            Scoring::Points => "ranked by points".to_string(),
            Scoring::TimePenalty { per_second } =>
                format!("ranked by points less {per_second} per second of thinking"),
        }
    );
    let width = s
        .entrants
        .iter()
        .map(|e| e.name.chars().count())
        .max()
        .unwrap_or(0)
        .max(7);
    let _ = writeln!(
        out,
        "  rank  {:<width$}  {:>7}  {:>7}  {:>7}  {:>7}  {:>6}  {:>9}  {:>9}  {:>10}  {:>8}  {:>8}",
        "entrant",
        "games",
        "wins",
        "shared",
        "losses",
        "capped",
        "points",
        "mean rank",
        "mean score",
        "forfeits",
        "time s"
    );
    for e in &s.entrants {
        let finished = |text: String| {
            if e.capped >= e.games {
                "-".to_string()
            } else {
                text
            }
        };
        let _ = writeln!(
            out,
            "  {:>4}  {:<width$}  {:>7}  {:>7}  {:>7}  {:>7}  {:>6}  {:>9}  {:>9}  {:>10}  {:>8}  {:>8.2}",
            e.rank,
            e.name,
            e.games,
            e.wins,
            e.shared_firsts,
            e.losses,
            e.capped,
            points_text(e.points),
            // Over finished games: none if every game was capped.
            finished(format!("{:.3}", e.mean_rank)),
            finished(format!("{:.3}", e.mean_score)),
            e.illegal + e.panics + e.too_slow,
            e.time_s
        );
    }
    let _ = writeln!(out, "Pairings:");
    for p in &s.pairings {
        let names: Vec<&str> = p.entrants.iter().map(|e| e.name.as_str()).collect();
        let _ = writeln!(
            out,
            "  {}: {} games, {} draws, {} capped, {:.1} moves a game",
            names.join(" vs "),
            group(p.games),
            p.draws,
            p.capped,
            p.mean_moves
        );
        for e in &p.entrants {
            let seats: Vec<String> = e
                .wins_by_seat
                .iter()
                .zip(&e.games_by_seat)
                .enumerate()
                .map(|(seat, (w, g))| format!("seat {} {w}/{g}", seat + 1))
                .collect();
            // The standard error is over deals (every seating once).
            let std_error = if p.games >= 2 * s.seatings as u64 {
                format!("{:.3}", e.score_std_error)
            } else {
                "n/a (under two deals)".to_string()
            };
            let _ = writeln!(
                out,
                "    {:<width$}  {} wins ({}), {} points, mean score {:.3} ± {std_error}{}",
                e.name,
                e.wins,
                seats.join(", "),
                points_text(e.points),
                e.mean_score,
                if e.forfeits > 0 {
                    format!(", {} forfeits", e.forfeits)
                } else {
                    String::new()
                }
            );
            if let Some(x) = &e.exact {
                let n = p.games.max(1) as f64;
                let rate = e.wins as f64 / n;
                let _ = writeln!(
                    out,
                    "    {:<width$}  exact: wins {:.4} (sampled {rate:.4} ± {:.4}), shares first {:.4} (sampled {:.4}){}",
                    "",
                    x.win,
                    (rate * (1.0 - rate) / n).sqrt(),
                    x.shared_first,
                    e.shared_firsts as f64 / n,
                    x.score
                        .map_or(String::new(), |m| format!(", mean score {m:.3}"))
                );
            }
        }
        if let Some(why) = &p.exact_unavailable {
            let _ = writeln!(out, "    no exact chances: {why}");
        }
    }
    if !s.faults.is_empty() {
        let _ = writeln!(out, "Forfeits ({}):", s.faults.len());
        for f in s.faults.iter().take(FAULTS_SHOWN) {
            let _ = writeln!(
                out,
                "  {} (seat {}) in {} game {}: {}",
                f.entrant,
                f.seat + 1,
                f.pairing.join(" vs "),
                f.game,
                f.fault
            );
        }
        if s.faults.len() > FAULTS_SHOWN {
            let _ = writeln!(out, "  ... and {} more", s.faults.len() - FAULTS_SHOWN);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::args::{FromArgs, Source, Values};

    /// `TournamentArgs<GAMES>` read from `--agents a,b` alone.
    fn games<const GAMES: u64>() -> u64 {
        let mut values = Values::defaults(&super::TournamentArgs::<GAMES>::arguments());
        values.set("agents", ["a", "b"], Source::Given);
        super::TournamentArgs::<GAMES>::from_values(&values).map_or(0, |t| t.games)
    }

    #[test]
    fn each_command_has_its_own_default_number_of_games() {
        // Both instances in one program, each asked for its default.
        assert_eq!((games::<100>(), games::<1000>()), (100, 1000));
    }

    #[test]
    fn points_read_as_whole_halves_or_three_decimals() {
        let shown: Vec<String> = [12.0, 7.5, 2.0 / 3.0 + 2.0, 0.0, -1.25]
            .into_iter()
            .map(super::points_text)
            .collect();
        assert_eq!(shown, ["12", "7.5", "2.667", "0", "-1.25"]);
    }

    /// Three seats: each adds a die (1 to 3) to its total once; the
    /// highest total wins alone, equal highest share first.
    struct HighestDie;

    impl tabula_core::BoardGame for HighestDie {
        type State = Vec<u8>;
        type Move = std::convert::Infallible;
        type Outcome = u8;
        type Event = ();
        fn seats(&self) -> usize {
            3
        }
        fn initial_state(&self) -> Vec<u8> {
            Vec::new()
        }
        fn status(&self, s: &Vec<u8>) -> tabula_core::Status {
            match s.len() {
                3 => tabula_core::Status::Over(tabula_core::GameResult::Draw),
                _ => tabula_core::Status::Chance,
            }
        }
        fn results(&self, s: &Vec<u8>) -> Option<tabula_core::Results> {
            (s.len() == 3).then(|| {
                tabula_core::Results::from_scores(s.iter().map(|&d| f64::from(d)).collect())
            })
        }
        fn chance_outcomes(&self, _: &Vec<u8>, out: &mut Vec<tabula_core::Chance<u8>>) {
            out.extend((1..=3).map(|outcome| tabula_core::Chance {
                outcome,
                probability: 1.0 / 3.0,
            }));
        }
        fn apply_chance<E: FnMut(())>(&self, s: &mut Vec<u8>, die: u8, _: &mut E) {
            s.push(die);
        }
        fn apply_move<E: FnMut(())>(&self, _: &mut Vec<u8>, mv: Self::Move, _: &mut E) {
            match mv {}
        }
    }

    /// The entrants of a game without decisions.
    struct Nobody;

    impl tabula_core::Agent<HighestDie> for Nobody {
        fn choose(
            &mut self,
            _: &HighestDie,
            _: &Vec<u8>,
            _: tabula_core::Seat,
            _: &mut tabula_core::GameRng,
        ) -> std::convert::Infallible {
            unreachable!("the dice decide everything")
        }
    }

    #[test]
    fn a_three_seat_tournament_draws_each_entrants_wins() {
        use tabula_play::tournament::{Entrant, RunOptions, Tournament};
        let entrants: Vec<Entrant<HighestDie>> = ["a", "b", "c", "d"]
            .into_iter()
            .map(|name| Entrant {
                name: name.into(),
                make: Box::new(|_| Ok(Box::new(Nobody) as _)),
            })
            .collect();
        let standings = Tournament::new(60)
            .with_seed(3)
            .run(&HighestDie, &entrants, RunOptions::new())
            .expect("plays")
            .standings;
        let pictures = super::results_matrix(&standings, "three seats");
        assert_eq!(pictures.len(), 1);
        assert_eq!(pictures[0].name, "results");
        assert_eq!(pictures[0].title, "three seats: share of games won alone");
        let tabula_picture::Drawing::Bars { bars, .. } = &pictures[0].drawing else {
            panic!("bars: {:?}", pictures[0].drawing)
        };
        assert_eq!(bars.len(), 4, "{bars:?}");
        // Ten deals of six seatings: standard errors, and points in thirds
        // where shared firsts give them.
        let text = super::standings_text(&standings);
        assert!(!text.contains("n/a"), "{text}");
        assert!(!text.contains("666666"), "{text}");
        let few = Tournament::new(6)
            .with_seed(3)
            .run(&HighestDie, &entrants, RunOptions::new())
            .expect("plays")
            .standings;
        assert!(
            super::standings_text(&few).contains("± n/a (under two deals)"),
            "{}",
            super::standings_text(&few)
        );
    }

    #[test]
    fn the_default_options_are_the_command_lines() {
        let declared = super::TournamentOptions::arguments();
        let parsed = super::TournamentOptions::from_values(&Values::defaults(&declared));
        let parsed = parsed.expect("the defaults read");
        let default = super::TournamentOptions::default();
        assert_eq!(format!("{parsed:?}"), format!("{default:?}"));
    }
}
