//! Checking a part of a split tournament read back from a file, before
//! it is merged: its counts agree with the games its jobs played
//! ([`Tournament::check_part`]), and its seatings, forfeits and
//! collectors have the run's shape ([`Tournament::check_part_shape`]).

use super::*;

impl Tournament {
    /// Checks a part read back from a file ([`PartResults`] of
    /// [`RunResults::part`]) against this tournament of
    /// `entrants` entrants of a game of `seats` seats, before
    /// [merging](RunOptions::merge) it: its jobs are this
    /// tournament's, and every count agrees with the games its job
    /// played. `Err` names the job, the entrant and the field (a file
    /// edited by hand, or of another tournament).
    pub fn check_part<G: BoardGame, C: Collector<G>>(
        &self,
        entrants: usize,
        seats: usize,
        part: &PartResults<C>,
    ) -> Result<(), String> {
        let plan = self.plan(entrants, seats);
        let seats = plan.pairings.first().map_or(0, Vec::len);
        if !(1..=1 << 16).contains(&part.threads) {
            return Err(format!("`threads` is {}, not 1 to 65536", part.threads));
        }
        if !(part.wall_time_s.is_finite() && part.wall_time_s >= 0.0) {
            return Err(format!("`wall_time_s` is {}, not a time", part.wall_time_s));
        }
        for (j, p, range, job) in jobs(&plan, part)? {
            let n = range.end - range.start;
            let at = |field: &str| format!("job {j} (pairing {}), `{field}`", p + 1);
            if job.pairing != p {
                return Err(format!("{} is {}, not {}", at("pairing"), job.pairing, p));
            }
            let g = &job.games;
            if g.games != n {
                return Err(format!(
                    "{} is {}, but the job plays {n} games",
                    at("games.games"),
                    g.games
                ));
            }
            if g.draws.saturating_add(g.capped) > n {
                return Err(format!(
                    "{} and `games.capped` add up to more than the job's {n} games",
                    at("games.draws")
                ));
            }
            if job.tallies.len() != seats {
                return Err(format!(
                    "{} has {} entrants, not {seats}",
                    at("tallies"),
                    job.tallies.len()
                ));
            }
            if job.collectors.len() != plan.seatings.len() {
                return Err(format!(
                    "{} has {} seatings, not {}",
                    at("collectors"),
                    job.collectors.len(),
                    plan.seatings.len()
                ));
            }
            let mut sole_wins = 0u64;
            for (pos, t) in job.tallies.iter().enumerate() {
                let field = |f: &str| at(&format!("tallies[{pos}].{f}"));
                let bad =
                    |f: &str, v: String, why: String| Err(format!("{} is {v}, {why}", field(f)));
                if t.games != n {
                    return bad(
                        "games",
                        t.games.to_string(),
                        format!("but the job plays {n} games"),
                    );
                }
                if t.wins_by_seat.len() != seats || t.games_by_seat.len() != seats {
                    return bad(
                        "wins_by_seat",
                        format!("{:?}", t.wins_by_seat),
                        format!(
                            "with games_by_seat {:?}: not one count per seat of {seats}",
                            t.games_by_seat
                        ),
                    );
                }
                let sum = |v: &[u64]| v.iter().map(|&x| u128::from(x)).sum::<u128>();
                if sum(&t.games_by_seat) != u128::from(n) {
                    return bad(
                        "games_by_seat",
                        format!("{:?}", t.games_by_seat),
                        format!("not adding up to the job's {n} games"),
                    );
                }
                if sum(&t.wins_by_seat) != u128::from(t.wins) {
                    return bad(
                        "wins_by_seat",
                        format!("{:?}", t.wins_by_seat),
                        format!("not adding up to `wins` {}", t.wins),
                    );
                }
                if u128::from(t.finished) + u128::from(t.capped) != u128::from(n) {
                    return bad(
                        "finished",
                        t.finished.to_string(),
                        format!(
                            "and `capped` {} do not add up to the job's {n} games",
                            t.capped
                        ),
                    );
                }
                if t.capped != g.capped {
                    return bad(
                        "capped",
                        t.capped.to_string(),
                        format!("but the job's `games.capped` is {}", g.capped),
                    );
                }
                if u128::from(t.wins) + u128::from(t.shared_firsts) + u128::from(t.losses)
                    != u128::from(t.finished)
                {
                    return bad(
                        "wins",
                        t.wins.to_string(),
                        format!(
                            "and `shared_firsts` {} and `losses` {} do not add up to `finished` {}",
                            t.shared_firsts, t.losses, t.finished
                        ),
                    );
                }
                let most = t.finished as f64 * seats.saturating_sub(1) as f64;
                if !(t.points.is_finite() && (0.0..=most).contains(&t.points)) {
                    return bad(
                        "points",
                        t.points.to_string(),
                        format!("not 0 to {most} in {} finished games", t.finished),
                    );
                }
                let ranks = u128::from(t.finished)..=u128::from(t.finished) * seats as u128;
                if !ranks.contains(&u128::from(t.rank_sum)) {
                    return bad(
                        "rank_sum",
                        t.rank_sum.to_string(),
                        format!(
                            "not {} to {} in {} finished games",
                            ranks.start(),
                            ranks.end(),
                            t.finished
                        ),
                    );
                }
                let most_deals = n.div_ceil(plan.seatings.len().max(1) as u64);
                if t.scored > t.finished || t.deals > most_deals {
                    return bad(
                        "scored",
                        t.scored.to_string(),
                        format!("or `deals` {} more than the games", t.deals),
                    );
                }
                if u128::from(t.illegal) + u128::from(t.panics) + u128::from(t.too_slow)
                    > u128::from(n)
                {
                    return bad(
                        "illegal",
                        t.illegal.to_string(),
                        "with `panics` and `too_slow`, more forfeits than games".into(),
                    );
                }
                if ![t.score_sum, t.deal_sum, t.deal_squares]
                    .iter()
                    .all(|x| x.is_finite())
                {
                    return bad(
                        "score_sum",
                        t.score_sum.to_string(),
                        "or `deal_sum` or `deal_squares` is not a number".into(),
                    );
                }
                sole_wins = sole_wins.saturating_add(t.wins);
            }
            if sole_wins > n {
                return Err(format!(
                    "{}: the entrants' wins add up to {sole_wins}, more than the job's {n} games",
                    at("tallies")
                ));
            }
            // Each seating's collector saw that seating's games of the job.
            let count = plan.seatings.len().max(1) as u64;
            for (s, c) in job.collectors.iter().enumerate() {
                let upto = |x: u64| x / count + u64::from(x % count > s as u64);
                let games = upto(range.end) - upto(range.start);
                // (A collector that serializes to `null`, as `()` does,
                // reads back as none.)
                if let Some(c) = c {
                    c.check_count(games)
                        .map_err(|why| format!("{}[{s}]: {why}", at("collectors")))?;
                }
            }
        }
        Ok(())
    }

    /// Checks a part read back from a file against this tournament of
    /// the entrants `names` on a game of `seats` seats, beyond its counts
    /// ([`check_part`](Self::check_part), which comes first): every
    /// forfeit names a seat of the game, a game of its job, the job's
    /// pairing and the entrant that sat in that seat of that game's
    /// seating; every collector has the shape of the one `collector`
    /// makes for its seating before any game
    /// ([`Collector::check_shape`]), so a collector that keeps its
    /// seating (a tally of each seat's events) names the run's. `Err`
    /// names the job and the field (a file edited by hand, or of another
    /// tournament).
    #[allow(clippy::type_complexity)]
    pub fn check_part_shape<G: BoardGame, C: Collector<G>>(
        &self,
        names: &[String],
        seats: usize,
        part: &PartResults<C>,
        collector: &(dyn Fn(&GameId) -> C + Sync),
    ) -> Result<(), String> {
        let plan = self.plan(names.len(), seats);
        let count = plan.seatings.len().max(1) as u64;
        for (j, p, range, job) in jobs(&plan, part)? {
            let at = |field: &str| format!("job {j} (pairing {}), `{field}`", p + 1);
            let members = &plan.pairings[p];
            let pairing: Vec<&str> = members.iter().map(|&e| names[e].as_str()).collect();
            for (f, fault) in job.faults.iter().enumerate() {
                let field = |name: &str| at(&format!("faults[{f}].{name}"));
                if !range.contains(&fault.game) {
                    return Err(format!(
                        "{} is {}, not a game of the job ({} to {})",
                        field("game"),
                        fault.game,
                        range.start,
                        range.end.saturating_sub(1)
                    ));
                }
                if fault.pairing != pairing {
                    return Err(format!(
                        "{} is {:?}, but the job's pairing is {pairing:?}",
                        field("pairing"),
                        fault.pairing
                    ));
                }
                let seating = &plan.seatings[(fault.game % count) as usize];
                let Some(&pos) = seating.get(fault.seat) else {
                    return Err(format!(
                        "{} is {}, but the game has {} seats (0 to {})",
                        field("seat"),
                        fault.seat,
                        seating.len(),
                        seating.len().saturating_sub(1)
                    ));
                };
                if fault.entrant != pairing[pos] {
                    return Err(format!(
                        "{} is {}, but {} sat in seat {} of game {}",
                        field("entrant"),
                        fault.entrant,
                        pairing[pos],
                        fault.seat,
                        fault.game
                    ));
                }
            }
            for (s, c) in job.collectors.iter().enumerate() {
                let (Some(c), Some(seating)) = (c, plan.seatings.get(s)) else {
                    continue;
                };
                let empty = collector(&GameId {
                    pairing: p,
                    game: s as u64,
                    deal: 0,
                    seating: seating.iter().map(|&i| members[i]).collect(),
                });
                c.check_shape(&empty)
                    .map_err(|why| format!("{}[{s}]: {why}", at("collectors")))?;
            }
        }
        Ok(())
    }
}

/// Each job of `part`: its number, its pairing and its games in `plan`,
/// and what the part says of it; `Err` for a job the tournament lacks.
#[allow(clippy::type_complexity)]
fn jobs<'p, C>(
    plan: &Plan,
    part: &'p PartResults<C>,
) -> Result<Vec<(usize, usize, std::ops::Range<u64>, &'p Job<C>)>, String> {
    part.jobs
        .iter()
        .enumerate()
        .map(|(i, job)| {
            let j = part.first_job.saturating_add(i);
            if j >= plan.job_count() {
                return Err(format!(
                    "job {j}: the tournament has only {} jobs",
                    plan.job_count()
                ));
            }
            let (p, range) = plan.job(j);
            Ok((j, p, range, job))
        })
        .collect()
}
