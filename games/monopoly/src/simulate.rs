//! The same figures by simulation: independent games of equal length run
//! by the harness, each a batch whose shares give the standard errors.

use serde::{Deserialize, Serialize};
use tabula_registry::long_run::LongRunPlan;
use tabula_sim::{Collector, Playout};

use crate::MonopolyError;

use crate::game::{Event, Monopoly, State};

// The plan of a long-run sample is the generic `simulate`'s: games of
// equal length, each counted after a warm-up.
pub use tabula_registry::long_run::{MAX_TURNS_PER_GAME, MIN_GAMES, WARMUP, split};

/// Counts per game, summed over games with their squares (all integers,
/// so the totals do not depend on the thread count, and a run's parts
/// merge exactly).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Tally {
    warmup: u32,
    jail_square: usize,
    // This game.
    seen: u32,
    ends: Vec<u64>,
    jail: u64,
    lands: Vec<u64>,
    // All games.
    games: u64,
    capped: u64,
    ends_sum: Vec<u64>,
    ends_sq: Vec<u128>,
    jail_sum: u64,
    jail_sq: u128,
    visit_sum: u64,
    visit_sq: u128,
    lands_sum: Vec<u64>,
    lands_sq: Vec<u128>,
    lands_cross: Vec<u128>,
    total_sum: u64,
    total_sq: u128,
}

impl Tally {
    /// A tally for a board of `squares` squares with its jail at
    /// `jail_square`, skipping each game's first `warmup` turns.
    pub fn new(squares: usize, jail_square: usize, warmup: u32) -> Tally {
        Tally {
            warmup,
            jail_square,
            seen: 0,
            ends: vec![0; squares],
            jail: 0,
            lands: vec![0; squares],
            games: 0,
            capped: 0,
            ends_sum: vec![0; squares],
            ends_sq: vec![0; squares],
            jail_sum: 0,
            jail_sq: 0,
            visit_sum: 0,
            visit_sq: 0,
            lands_sum: vec![0; squares],
            lands_sq: vec![0; squares],
            lands_cross: vec![0; squares],
            total_sum: 0,
            total_sq: 0,
        }
    }
}

impl Collector<Monopoly> for Tally {
    fn start_game(&mut self, _: u64) {
        self.seen = 0;
        self.ends.fill(0);
        self.lands.fill(0);
        self.jail = 0;
    }

    #[inline]
    fn event(&mut self, e: &Event) {
        if self.seen < self.warmup {
            if let Event::TurnEnded { .. } = e {
                self.seen += 1;
            }
            return;
        }
        match *e {
            Event::Landed(s) => self.lands[usize::from(s)] += 1,
            Event::TurnEnded { square, in_jail } => {
                self.ends[usize::from(square)] += 1;
                self.jail += u64::from(in_jail);
            }
        }
    }

    fn end_game(&mut self, playout: &Playout, _: &State) {
        self.games += 1;
        self.capped += u64::from(playout.capped());
        let total: u64 = self.lands.iter().sum();
        self.total_sum += total;
        self.total_sq += u128::from(total) * u128::from(total);
        for s in 0..self.ends.len() {
            let (e, l) = (self.ends[s], self.lands[s]);
            self.ends_sum[s] += e;
            self.ends_sq[s] += u128::from(e) * u128::from(e);
            self.lands_sum[s] += l;
            self.lands_sq[s] += u128::from(l) * u128::from(l);
            self.lands_cross[s] += u128::from(l) * u128::from(total);
        }
        self.jail_sum += self.jail;
        self.jail_sq += u128::from(self.jail) * u128::from(self.jail);
        let visit = self.ends[self.jail_square] - self.jail;
        self.visit_sum += visit;
        self.visit_sq += u128::from(visit) * u128::from(visit);
    }

    fn merge(&mut self, o: Self) {
        self.games += o.games;
        self.capped += o.capped;
        let add = |a: &mut Vec<u64>, b: Vec<u64>| a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
        let add2 = |a: &mut Vec<u128>, b: Vec<u128>| a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
        add(&mut self.ends_sum, o.ends_sum);
        add2(&mut self.ends_sq, o.ends_sq);
        add(&mut self.lands_sum, o.lands_sum);
        add2(&mut self.lands_sq, o.lands_sq);
        add2(&mut self.lands_cross, o.lands_cross);
        self.jail_sum += o.jail_sum;
        self.jail_sq += o.jail_sq;
        self.visit_sum += o.visit_sum;
        self.visit_sq += o.visit_sq;
        self.total_sum += o.total_sum;
        self.total_sq += o.total_sq;
    }

    fn check_count(&self, played: u64) -> Result<(), String> {
        let squares = self.ends.len();
        if self.games != played {
            return Err(format!(
                "`games` is {}, but the part played {played} games",
                self.games
            ));
        }
        if self.capped > played {
            return Err(format!(
                "`capped` is {}, more than the part's games",
                self.capped
            ));
        }
        let lengths = [
            ("lands", self.lands.len()),
            ("ends_sum", self.ends_sum.len()),
            ("ends_sq", self.ends_sq.len()),
            ("lands_sum", self.lands_sum.len()),
            ("lands_sq", self.lands_sq.len()),
            ("lands_cross", self.lands_cross.len()),
        ];
        if let Some((field, len)) = lengths.iter().find(|(_, len)| *len != squares) {
            return Err(format!("`{field}` has {len} squares, `ends` {squares}"));
        }
        if self.jail_square >= squares {
            return Err(format!(
                "`jail_square` {} is not on the board",
                self.jail_square
            ));
        }
        let ended = u128::from(self.ends_sum[self.jail_square]);
        if u128::from(self.jail_sum) + u128::from(self.visit_sum) != ended {
            return Err(format!(
                "`jail_sum` {} and `visit_sum` {} do not add up to the turns ending on the jail square, `ends_sum[{}]` {ended}",
                self.jail_sum, self.visit_sum, self.jail_square
            ));
        }
        let sum = |v: &[u64]| v.iter().map(|&x| u128::from(x)).sum::<u128>();
        if sum(&self.lands_sum) != u128::from(self.total_sum) {
            return Err(format!(
                "`lands_sum` adds up to {}, but `total_sum` is {}",
                sum(&self.lands_sum),
                self.total_sum
            ));
        }
        let turns = sum(&self.ends_sum);
        if played > 0 && turns % u128::from(played) != 0 {
            return Err(format!(
                "`ends_sum` adds up to {turns} turns, not the same number in each of the {played} games"
            ));
        }
        // A game's count of turns ending on a square is from 0 to its
        // turns: the sum of squares lies between sum²/games and
        // sum × turns per game.
        let per_game = turns / u128::from(played.max(1));
        let squares_fit = |name: &str, s: usize, sum: u128, sq: u128| -> Result<(), String> {
            let low = sum.saturating_mul(sum) / u128::from(played.max(1));
            let high = sum.saturating_mul(per_game);
            if sq < low || sq > high {
                return Err(format!(
                    "`{name}[{s}]` is {sq}, not from {low} to {high} for `ends_sum[{s}]` {sum} in {played} games"
                ));
            }
            Ok(())
        };
        for (s, (&e, &q)) in self.ends_sum.iter().zip(&self.ends_sq).enumerate() {
            squares_fit("ends_sq", s, u128::from(e), q)?;
        }
        Ok(())
    }

    fn check_shape(&self, empty: &Self) -> Result<(), String> {
        let (squares, board) = (self.ends_sum.len(), empty.ends_sum.len());
        if squares != board {
            return Err(format!(
                "`ends_sum` has {squares} squares, but this board has {board}"
            ));
        }
        if self.jail_square != empty.jail_square {
            return Err(format!(
                "`jail_square` is {}, but this board's jail is square {}",
                self.jail_square, empty.jail_square
            ));
        }
        if self.warmup != empty.warmup {
            return Err(format!(
                "`warmup` is {}, but this run skips {} turns",
                self.warmup, empty.warmup
            ));
        }
        Ok(())
    }
}

/// A simulated share and its standard error.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Estimate {
    /// The share.
    pub value: f64,
    /// Its standard error (from the spread between games).
    pub std_error: f64,
}

/// The simulated long-run figures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Sampled {
    /// Games played.
    pub games: u64,
    /// Counted turns per game (after the warm-up).
    pub turns_per_game: u64,
    /// Turns each game played uncounted first.
    pub warmup: u32,
    /// The share of turns ending on each square.
    pub turn_end: Vec<Estimate>,
    /// The share of turns ending in jail.
    pub in_jail: Estimate,
    /// The share of turns ending just visiting.
    pub just_visiting: Estimate,
    /// The share of landings on each square.
    pub landing: Vec<Estimate>,
    /// Landings per turn.
    pub landings_per_turn: f64,
}

/// Simulates about `turns` counted turns of `game` (which must not have a
/// turn budget of its own) from `seed`, on `threads` threads (default: one
/// per core; the figures do not depend on it), laid out as the generic
/// `simulate` lays out a long run ([`LongRunPlan`]); `progress` hears of
/// finished games.
pub fn simulate(
    game: &Monopoly,
    turns: u64,
    seed: u64,
    threads: Option<usize>,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Sampled, MonopolyError> {
    let plan = LongRunPlan::new(turns, seed);
    let game = game.clone().with_turns(Some(plan.budget()));
    let board = game.board();
    let tally = Tally::new(board.len(), usize::from(board.jail()), plan.warmup);
    let run = plan.simulation(threads).run_sampled_with(
        &game,
        || tabula_sim::NoAgents,
        tally,
        progress,
    )?;
    sampled(&run.collector, plan.turns_per_game, plan.max_steps)
}

/// The figures of the games `tally` counted, `per_game` counted turns
/// each; an error if any hit the step cap `max_steps`.
pub fn sampled(tally: &Tally, per_game: u64, max_steps: u32) -> Result<Sampled, MonopolyError> {
    if tally.capped > 0 {
        return Err(MonopolyError::Capped {
            games: tally.capped,
            steps: max_steps,
        });
    }
    Ok(summarise(tally, per_game))
}

fn summarise(t: &Tally, per_game: u64) -> Sampled {
    let g = t.games as f64;
    let turns = per_game as f64;
    // Share per game = count / turns; mean and standard error of the mean.
    let share = |sum: u64, sq: u128| -> Estimate {
        let mean = sum as f64 / g;
        let var = if t.games > 1 {
            ((sq as f64 - mean * sum as f64) / (g - 1.0)).max(0.0)
        } else {
            f64::NAN
        };
        Estimate {
            value: mean / turns,
            std_error: (var / g).sqrt() / turns,
        }
    };
    let turn_end: Vec<Estimate> = t
        .ends_sum
        .iter()
        .zip(&t.ends_sq)
        .map(|(&s, &q)| share(s, q))
        .collect();
    let in_jail = share(t.jail_sum, t.jail_sq);
    // Landing shares are ratios (landings on s / all landings): the
    // delta method's standard error of a ratio of means.
    let mean_total = t.total_sum as f64 / g;
    let landing = (0..t.lands_sum.len())
        .map(|s| {
            let r = t.lands_sum[s] as f64 / t.total_sum.max(1) as f64;
            let resid = t.lands_sq[s] as f64 - 2.0 * r * t.lands_cross[s] as f64
                + r * r * t.total_sq as f64;
            let var = if t.games > 1 {
                (resid / (g - 1.0)).max(0.0)
            } else {
                f64::NAN
            };
            Estimate {
                value: r,
                std_error: (var / g).sqrt() / mean_total,
            }
        })
        .collect();
    Sampled {
        games: t.games,
        turns_per_game: per_game,
        warmup: t.warmup,
        turn_end,
        in_jail,
        just_visiting: share(t.visit_sum, t.visit_sq),
        landing,
        landings_per_turn: mean_total / turns,
    }
}
