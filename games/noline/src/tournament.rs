//! Tournaments: `tabula tournament noline` is the generic verb with
//! noline's set-up and sections (registered in the crate's root). From code, a
//! tournament is the framework's one entry point,
//! [`Tournament::run`](tabula_play::tournament::Tournament::run) with
//! [`RunOptions`](tabula_play::tournament::RunOptions), its
//! [`Standings`](tabula_play::tournament::Standings) the results.
//!
//! Every pair of agents on one board size, played by the
//! framework's engine ([`tabula_play::tournament`]: both seatings of every
//! deal, refereed, seeded the same for any thread count) and reported by
//! the framework's one tournament report
//! ([`TournamentReport`]), to which
//! noline's sections add the board side, each pair's wins as O and as X,
//! and a section of text with them.

use std::fmt::Write as _;

use tabula_registry::Extra;
use tabula_registry::play::TournamentOptions;
use tabula_verbs::TournamentReport;

use crate::game::{Dim, Noline};

/// The step cap of a game on a `dim` board: every move fills a cell, so a
/// game ends within `dim * dim` moves and is always played to its end.
pub fn max_steps(dim: usize) -> u32 {
    u32::try_from(dim.saturating_mul(dim)).unwrap_or(u32::MAX)
}

/// More of `tabula tournament noline --help`.
pub(crate) const HELP: &str = "Seat 1 is O, who moves first; each agent takes O in half of a pairing's games.\n\
Agents: type1 and type2 (specification 002's computer players), random, perfect, and the search agents greedy, alphabeta[-BUDGET], mcts[-BUDGET] (see `tabula list`).\n\
An agent that panics or answers an illegal move forfeits that game only; the tournament goes on.\n\
--max-steps defaults to dim x dim here, so every game is played to its end as the noline program plays it.\n\
Example: tabula tournament noline --dim 3 --agents type1,type2,random,perfect --games 1000 --seed 1";

/// Games played to their end: the step cap raised to `dim * dim` unless
/// `--max-steps` says otherwise.
pub(crate) fn configure(game: &Noline, options: &mut TournamentOptions) {
    if options.max_steps == tabula_sim::DEFAULT_MAX_STEPS {
        options.max_steps = options.max_steps.max(max_steps(game.dim()));
    }
}

/// What noline adds to the generic tournament's report: the board side
/// under `dim`, each pair's wins as O and as X (`a_wins_as_o`,
/// `a_wins_as_x`), and a section of text with them.
pub(crate) fn sections(_: &Noline, p: &Dim, report: &mut TournamentReport) {
    report.extra.keys.insert("dim".into(), p.dim.into());
    report.extra.pair_keys = Extra::seat_wins(&report.pairs, &["o", "x"]);
    let mut text = String::from("Wins by seat: seat 1 is O (moves first), seat 2 is X.\n");
    for p in &report.pairs {
        let (o, x) = (
            p.a_wins_by_seat.first().copied().unwrap_or(0),
            p.a_wins_by_seat.get(1).copied().unwrap_or(0),
        );
        let _ = writeln!(
            text,
            "  {} against {}: {} as O, {} as X",
            p.a,
            p.b,
            tabula_core::text::group(o),
            tabula_core::text::group(x)
        );
    }
    report.extra.sections.push(text);
}
