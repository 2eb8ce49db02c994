//! Running a tournament: the builder's settings, then playing every
//! pairing's games (whole or a part), merging parts, and the records.

use super::*;

impl Tournament {
    /// `games` games per pairing, seed 0, all cores, the harness's step
    /// cap, no time limit, scoring by points, no records.
    pub fn new(games: u64) -> Tournament {
        Tournament {
            games,
            seed: 0,
            threads: None,
            max_steps: tabula_sim::DEFAULT_MAX_STEPS,
            move_time_limit: None,
            scoring: Scoring::Points,
            record: None,
            shard: None,
        }
    }

    /// How many games a tournament of `entrants` entrants plays for a
    /// game of `seats` seats: games per pairing times pairings (for a
    /// progress bar's total).
    pub fn total_games(&self, entrants: usize, seats: usize) -> u64 {
        // Pairings: entrants choose seats.
        let seats = seats.min(entrants);
        let mut pairings: u128 = 1;
        for i in 0..seats {
            pairings = pairings * (entrants - i) as u128 / (i + 1) as u128;
        }
        u64::try_from(pairings.saturating_mul(u128::from(self.games))).unwrap_or(u64::MAX)
    }

    /// The seed (setters are `with_*`, a setting read back is its plain
    /// name, as for [`Simulation`](tabula_sim::Simulation) and
    /// [`Referee`]).
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Games per pairing.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// Sets the seed.
    pub fn with_seed(mut self, seed: u64) -> Tournament {
        self.seed = seed;
        self
    }

    /// Sets the number of worker threads (default: one per core).
    pub fn with_threads(mut self, threads: Option<usize>) -> Tournament {
        self.threads = threads.map(|t| t.max(1));
        self
    }

    /// Sets the step cap per game.
    pub fn with_max_steps(mut self, max_steps: u32) -> Tournament {
        self.max_steps = max_steps.max(1);
        self
    }

    /// Sets a per-move time limit: a slower call forfeits the game.
    pub fn with_move_time_limit(mut self, limit: Option<Duration>) -> Tournament {
        self.move_time_limit = limit;
        self
    }

    /// Sets how entrants are ranked.
    pub fn with_scoring(mut self, scoring: Scoring) -> Tournament {
        self.scoring = scoring;
        self
    }

    /// Writes every game's record into `dir` (created if missing) in
    /// `format`, when run [`recorded`](RunOptions::recorded).
    pub fn with_record(mut self, dir: Option<PathBuf>, format: Format) -> Tournament {
        self.record = dir.map(|d| (d, format));
        self
    }

    /// Plays only `shard` of the tournament: the jobs (chunks of whole
    /// deals, in pairing order) whose first game falls in that part of
    /// the games numbered over the whole tournament (see
    /// [`part_games`](Self::part_games)). Each game keeps its random
    /// streams, so [merging](RunOptions::merge) every part's
    /// [`RunResults::part`] gives the whole tournament's results.
    pub fn with_shard(mut self, shard: Shard) -> Tournament {
        self.shard = Some(shard);
        self
    }

    /// Runs the tournament as `options` say ([`RunOptions::new`] for
    /// the standings alone): plays every pairing's games, or the part set
    /// by [`with_shard`](Self::with_shard), feeding each game's events to the
    /// options' collectors and writing records if they are
    /// [`recorded`](RunOptions::recorded); or, with parts to
    /// [`merge`](RunOptions::merge), plays nothing and merges them.
    /// A tournament that asks for records ([`with_record`](Self::with_record)) run
    /// without [`recorded`](RunOptions::recorded) is an error, not a run
    /// without its records.
    pub fn run<G, C>(
        &self,
        game: &G,
        entrants: &[Entrant<G>],
        options: RunOptions<'_, G, C>,
    ) -> Result<RunResults<C>, TournamentError>
    where
        G: BoardGame + 'static,
        G::Move: PartialEq,
        C: Collector<G> + Send + Clone,
    {
        self.run_on(Paths::LISTED, game, entrants, options)
    }

    /// [`run`](Self::run), each game refereed with `paths`, the game's
    /// paths ([`paths!`](crate::paths)): a game that samples its chance
    /// or checks its answers itself is played so
    /// ([`Referee::play_on`]).
    pub fn run_on<G, P, C>(
        &self,
        paths: P,
        game: &G,
        entrants: &[Entrant<G>],
        options: RunOptions<'_, G, C>,
    ) -> Result<RunResults<C>, TournamentError>
    where
        G: BoardGame + 'static,
        G::Move: PartialEq,
        P: PlayPaths<G>,
        C: Collector<G> + Send + Clone,
    {
        let RunOptions {
            collector,
            progress,
            records,
            merge,
        } = options;
        if let Some(parts) = merge {
            let (standings, collectors) = self.merge(game, entrants, collector, parts)?;
            return Ok(RunResults {
                standings,
                collectors,
                part: None,
            });
        }
        if self.shard.is_none() {
            let (standings, collectors) = self.record_and_play(
                paths,
                game,
                entrants,
                collector,
                progress,
                records,
                &mut |_, _| {},
            )?;
            return Ok(RunResults {
                standings,
                collectors,
                part: None,
            });
        }
        let mut jobs = Vec::new();
        let mut first = None;
        let mut keep = |index: usize, job: &Job<C>| {
            first.get_or_insert(index);
            jobs.push(job.clone());
        };
        let (standings, collectors) = self.record_and_play(
            paths, game, entrants, collector, progress, records, &mut keep,
        )?;
        let part = PartResults {
            first_job: first.unwrap_or(0),
            jobs,
            threads: standings.threads,
            wall_time_s: standings.wall_time_s,
        };
        Ok(RunResults {
            standings,
            collectors,
            part: Some(part),
        })
    }

    /// [`play`](Self::play), writing records with `records` if the
    /// tournament asks for them.
    #[allow(clippy::type_complexity)]
    #[allow(clippy::too_many_arguments)]
    fn record_and_play<G, P, C>(
        &self,
        paths: P,
        game: &G,
        entrants: &[Entrant<G>],
        collector: &(dyn Fn(&GameId) -> C + Sync),
        progress: &(dyn Fn(u64) + Sync),
        records: Option<(&'static str, WriteRecord<G>)>,
        keep: &mut dyn FnMut(usize, &Job<C>),
    ) -> Result<(Standings, Vec<Vec<C>>), TournamentError>
    where
        G: BoardGame + 'static,
        G::Move: PartialEq,
        P: PlayPaths<G>,
        C: Collector<G> + Send,
    {
        let Some((dir, format)) = &self.record else {
            return self.play(paths, game, entrants, collector, progress, None, keep);
        };
        let Some((name, write_record)) = records else {
            return Err(record_error(
                dir,
                "this run writes no records (run it with `RunOptions::recorded`)".into(),
            ));
        };
        let stems: Vec<String> = entrants.iter().map(|e| file_stem(&e.name)).collect();
        for (i, a) in stems.iter().enumerate() {
            if let Some(j) = stems[..i].iter().position(|b| b == a) {
                return Err(record_error(
                    dir,
                    format!(
                        "the entrants \"{}\" and \"{}\" would share file names",
                        entrants[j].name, entrants[i].name
                    ),
                ));
            }
        }
        tabula_core::files::create_dir_all(dir).map_err(|e| record_error(dir, e.to_string()))?;
        let write = |id: &GameId, members: &[usize], played: &Played<G>| {
            let stem: Vec<&str> = members.iter().map(|&e| stems[e].as_str()).collect();
            let path = dir.join(format!(
                "{}-{}-seed{}-{:04}.{}",
                name,
                stem.join("-vs-"),
                self.seed,
                id.game,
                format.extension()
            ));
            let players = id
                .seating
                .iter()
                .map(|&e| entrants[e].name.clone())
                .collect();
            write_record(game, self.seed, id.deal, players, played, &path)
        };
        self.play(
            paths,
            game,
            entrants,
            collector,
            progress,
            Some(&write),
            keep,
        )
    }

    /// The pairings, seatings and jobs of a tournament of `entrants`
    /// entrants: fixed by the entrants, seats and games alone.
    pub(super) fn plan(&self, entrants: usize, seats: usize) -> Plan {
        let pairings = combinations(entrants, seats);
        let seatings = seatings(seats);
        let per_chunk = chunk_size(self.games, seatings.len() as u64);
        Plan {
            pairings,
            seatings,
            per_chunk,
            chunks: self.games.div_ceil(per_chunk),
            games: self.games,
        }
    }

    /// The games the part set by [`with_shard`](Self::with_shard) plays, numbered
    /// over the whole tournament (game `k` of pairing `p` is `p × games +
    /// k`), for a tournament of `entrants` entrants of a game of `seats`
    /// seats. The whole tournament's games without a shard; empty if the
    /// part has no games (more parts than jobs).
    pub fn part_games(&self, entrants: usize, seats: usize) -> std::ops::Range<u64> {
        let plan = self.plan(entrants, seats);
        let jobs = plan.part(self.shard.unwrap_or(Shard::WHOLE));
        match jobs.end.checked_sub(1) {
            Some(last) if jobs.start < jobs.end => {
                plan.global_start(jobs.start)..plan.global_end(last)
            }
            _ => 0..0,
        }
    }

    /// Checks the entrants against the game; the plan and the threads to play it on.
    fn prepare<G: BoardGame>(
        &self,
        game: &G,
        entrants: &[Entrant<G>],
    ) -> Result<(Plan, usize), TournamentError> {
        let seats = game.seats();
        if self.games == 0 {
            return Err(TournamentError::NoGames);
        }
        if entrants.len() < seats {
            return Err(TournamentError::TooFewEntrants {
                seats,
                got: entrants.len(),
            });
        }
        for (i, e) in entrants.iter().enumerate() {
            if entrants[..i].iter().any(|o| o.name == e.name) {
                return Err(TournamentError::Duplicate(e.name.clone()));
            }
        }
        let threads = self
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        let plan = self.plan(entrants.len(), seats);
        if (plan.pairings.len() as u128) * u128::from(self.games) > u128::from(u64::MAX) {
            return Err(TournamentError::TooManyGames {
                pairings: plan.pairings.len(),
                games: self.games,
            });
        }
        Ok((plan, threads))
    }

    /// The engine behind [`run`](Self::run): plays the jobs of the part
    /// set by [`with_shard`](Self::with_shard) (every job without one), handing
    /// each job's results to `keep` before they are counted.
    #[allow(clippy::type_complexity)]
    #[allow(clippy::too_many_arguments)]
    fn play<G, P, C>(
        &self,
        paths: P,
        game: &G,
        entrants: &[Entrant<G>],
        collector: &(dyn Fn(&GameId) -> C + Sync),
        progress: &(dyn Fn(u64) + Sync),
        write: Option<&Writer<'_, G>>,
        keep: &mut dyn FnMut(usize, &Job<C>),
    ) -> Result<(Standings, Vec<Vec<C>>), TournamentError>
    where
        P: PlayPaths<G>,
        G: BoardGame + 'static,
        G::Move: PartialEq,
        C: Collector<G> + Send,
    {
        let start = Instant::now();
        let (plan, threads) = self.prepare(game, entrants)?;
        let part = plan.part(self.shard.unwrap_or(Shard::WHOLE));
        let pool = thread_pool(threads)?;
        let referee = Referee::new()
            .with_max_steps(self.max_steps)
            .with_move_time_limit(self.move_time_limit)
            .with_keep_steps(write.is_some());
        let ctx = Context {
            paths,
            game,
            entrants,
            pairings: &plan.pairings,
            seatings: &plan.seatings,
            seed: self.seed,
            referee,
            collector,
            progress,
            write,
            record_dir: self
                .record
                .as_ref()
                .map(|r| r.0.clone())
                .unwrap_or_default(),
            done: AtomicU64::new(0),
        };
        let mut fold = Fold::new(&plan);
        // Jobs run in parallel in batches and are counted one by one in job
        // order, so every sum is the same for any thread count.
        // The jobs are made batch by batch, so memory does not grow with
        // the number of games.
        let batch_size = (threads * 8).max(16);
        let mut first = part.start;
        while first < part.end {
            let last = first.saturating_add(batch_size).min(part.end);
            let batch: Vec<(usize, (usize, std::ops::Range<u64>))> =
                (first..last).map(|j| (j, plan.job(j))).collect();
            first = last;
            // Through a `dyn` closure, so rayon's machinery is compiled
            // once and not for every game (see `tabula_sim::parallel`).
            let outs: Vec<std::sync::Mutex<Option<Result<Job<C>, TournamentError>>>> =
                batch.iter().map(|_| std::sync::Mutex::new(None)).collect();
            tabula_sim::parallel::each_index(&pool, batch.len() as u64, &|i| {
                let (_, (p, range)) = &batch[i as usize];
                let out = ctx.job(*p, range.clone());
                *outs[i as usize].lock().unwrap_or_else(|e| e.into_inner()) = Some(out);
                true
            });
            for ((index, _), out) in batch.iter().zip(outs) {
                let out = out
                    .into_inner()
                    .unwrap_or_else(|e| e.into_inner())
                    .expect("every job of the batch ran")?;
                keep(*index, &out);
                fold.add(out);
            }
        }
        let names: Vec<String> = entrants.iter().map(|e| e.name.clone()).collect();
        Ok(self.finish(&names, &plan, fold, collector, threads, start.elapsed()))
    }

    /// The whole tournament's standings and collectors from the
    /// [`PartResults`] of every part ([`RunOptions::merge`]).
    #[allow(clippy::type_complexity)]
    fn merge<G, C>(
        &self,
        game: &G,
        entrants: &[Entrant<G>],
        collector: &(dyn Fn(&GameId) -> C + Sync),
        mut parts: Vec<PartResults<C>>,
    ) -> Result<(Standings, Vec<Vec<C>>), TournamentError>
    where
        G: BoardGame,
        C: Collector<G>,
    {
        let (plan, _) = self.prepare(game, entrants)?;
        parts.sort_by_key(|p| p.first_job);
        let mut fold = Fold::new(&plan);
        let mut next = 0;
        let mut threads = 1;
        let mut wall = 0.0;
        for part in parts {
            if part.first_job != next && !part.jobs.is_empty() {
                return Err(TournamentError::Parts(format!(
                    "the parts do not fit together: one starts at job {}, where job {next} was due",
                    part.first_job
                )));
            }
            threads = threads.max(part.threads);
            wall += part.wall_time_s;
            for job in part.jobs {
                if next >= plan.job_count() || plan.job(next).0 != job.pairing {
                    return Err(TournamentError::Parts(format!(
                        "job {next} of the parts is not job {next} of this tournament (another number of entrants or games?)"
                    )));
                }
                next += 1;
                fold.add(job);
            }
        }
        if next != plan.job_count() {
            return Err(TournamentError::Parts(format!(
                "the parts hold {next} of the tournament's {} jobs",
                plan.job_count()
            )));
        }
        let names: Vec<String> = entrants.iter().map(|e| e.name.clone()).collect();
        let wall = Duration::try_from_secs_f64(wall).unwrap_or_default();
        Ok(self.finish(&names, &plan, fold, collector, threads, wall))
    }

    /// The standings and collectors from every job's results, counted.
    fn finish<G: BoardGame, C: Collector<G>>(
        &self,
        names: &[String],
        plan: &Plan,
        fold: Fold<C>,
        collector: &(dyn Fn(&GameId) -> C + Sync),
        threads: usize,
        wall: Duration,
    ) -> (Standings, Vec<Vec<C>>) {
        let Plan {
            pairings, seatings, ..
        } = plan;
        let collectors: Vec<Vec<C>> = fold
            .merged
            .into_iter()
            .enumerate()
            .map(|(p, row)| {
                row.into_iter()
                    .enumerate()
                    .map(|(s, c)| {
                        c.unwrap_or_else(|| {
                            collector(&GameId {
                                pairing: p,
                                game: s as u64,
                                deal: 0,
                                seating: seatings[s].iter().map(|&i| pairings[p][i]).collect(),
                            })
                        })
                    })
                    .collect()
            })
            .collect();
        let standings = self.standings(
            names,
            pairings,
            seatings.len(),
            &fold.totals,
            &fold.games,
            fold.faults,
            threads,
            wall,
        );
        (standings, collectors)
    }

    /// Totals and ranks.
    #[allow(clippy::too_many_arguments)]
    fn standings(
        &self,
        entrants: &[String],
        pairings: &[Vec<usize>],
        seatings: usize,
        totals: &[Vec<Tally>],
        games: &[PairingTally],
        faults: Vec<FaultReport>,
        threads: usize,
        wall: Duration,
    ) -> Standings {
        let seats = pairings.first().map_or(0, Vec::len);
        let mut sums: Vec<Tally> = vec![Tally::new(seats); entrants.len()];
        for (members, row) in pairings.iter().zip(totals) {
            for (&e, t) in members.iter().zip(row) {
                sums[e].add(t);
            }
        }
        let per_second = match self.scoring {
            Scoring::Points => 0.0,
            Scoring::TimePenalty { per_second } => per_second,
        };
        let mut results: Vec<EntrantResult> = entrants
            .iter()
            .zip(&sums)
            .map(|(e, t)| {
                let time_s = t.time.as_secs_f64();
                EntrantResult {
                    rank: 0,
                    name: e.clone(),
                    games: t.games,
                    wins: t.wins,
                    shared_firsts: t.shared_firsts,
                    losses: t.losses,
                    capped: t.capped,
                    points: t.points,
                    mean_rank: mean(t.rank_sum as f64, t.finished),
                    mean_score: mean(t.score_sum, t.scored),
                    illegal: t.illegal,
                    panics: t.panics,
                    too_slow: t.too_slow,
                    calls: t.calls,
                    time_s,
                    longest_call_ms: t.longest.as_secs_f64() * 1000.0,
                    score: t.points - per_second * time_s,
                }
            })
            .collect();
        let scores: Vec<f64> = results.iter().map(|r| r.score).collect();
        for r in &mut results {
            r.rank = 1 + scores.iter().filter(|s| **s > r.score).count();
        }
        results.sort_by_key(|r| r.rank);
        let pairings = pairings
            .iter()
            .zip(totals)
            .zip(games)
            .map(|((members, row), g)| PairingResult {
                entrants: members
                    .iter()
                    .zip(row)
                    .map(|(&e, t)| PairingEntrant {
                        name: entrants[e].clone(),
                        wins: t.wins,
                        shared_firsts: t.shared_firsts,
                        points: t.points,
                        mean_score: mean(t.score_sum, t.scored),
                        score_std_error: std_error(t.deal_sum, t.deal_squares, t.deals),
                        wins_by_seat: t.wins_by_seat.clone(),
                        games_by_seat: t.games_by_seat.clone(),
                        forfeits: t.illegal + t.panics + t.too_slow,
                        exact: None,
                    })
                    .collect(),
                games: g.games,
                draws: g.draws,
                capped: g.capped,
                mean_moves: mean(g.moves as f64, g.games),
                exact_unavailable: None,
            })
            .collect();
        Standings {
            seats,
            games_per_pairing: self.games,
            seatings,
            seed: self.seed,
            threads,
            scoring: self.scoring,
            entrants: results,
            pairings,
            faults,
            wall_time_s: wall.as_secs_f64(),
        }
    }
}

/// A pool of `threads` threads for a tournament's games. Not generic, so
/// rayon's pool building is compiled once, here, and not again in every
/// game's crate with the tournament's loop.
fn thread_pool(threads: usize) -> Result<rayon::ThreadPool, TournamentError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| TournamentError::Threads {
            threads,
            message: e.to_string(),
        })
}
