//! What Pig adds to the generic verbs: a refusal, naming the remedy, of
//! optimal play where it is not solved (a horizon, or more than two
//! players), and the picture of optimal play's policy beside `analyze`.

use tabula_registry::solve::Within;
use tabula_registry::{Answer, Error, Query, Solve};
use tabula_verbs::AnalyzeReport;

use crate::{Move, Pig, State};

/// Asked for optimal play where it is not solved (a horizon counts the
/// decisions, so no position repeats and the states never end; more than
/// two players): refuses, naming the parameters that are solved, before
/// the framework's solver explores a graph that does not fit.
pub struct Unsolved;

impl Solve<Pig> for Unsolved {
    fn name(&self) -> &'static str {
        "refusal"
    }

    fn answers(&self, _: &Pig, p: &Pig, query: &Query<'_>) -> bool {
        matches!(query, Query::Optimal { .. }) && !p.solvable()
    }

    fn solve(&self, _: &Pig, p: &Pig, _: &Query<'_>, _: &Within<'_>) -> Result<Answer<Pig>, Error> {
        Err(format!(
            "optimal play of Pig is solved for two players without a horizon, not for {} players with a horizon of {} decisions (it makes every position a state of its own): add --horizon 0{}",
            p.players,
            p.horizon,
            if p.players == 2 { "" } else { " --players 2" }
        )
        .into())
    }
}

/// The turn total at which optimal play (to win) stops, for the seat to
/// move with `mine` banked against `theirs`: the least from 1 up, or
/// `None` where it is never asked (a score at the target).
fn stops_at(game: &Pig, pick: &tabula_core::Pick<Pig>, mine: u32, theirs: u32) -> Option<f64> {
    let mut moves = Vec::new();
    (1..=game.target.saturating_sub(mine)).find_map(|turn_total| {
        let mut scores = [0; crate::MAX_PLAYERS];
        scores[0] = mine;
        scores[1] = theirs;
        let s = State {
            scores,
            turn_total,
            seat: 0,
            rolling: false,
            moves: 0,
        };
        moves.clear();
        tabula_core::BoardGame::legal_moves(game, &s, &mut moves);
        let at = pick(game, &s, 0, &moves);
        (moves.get(at) == Some(&Move::Stop)).then_some(f64::from(turn_total))
    })
}

/// `policy`, beside `analyze` with optimal play to win in a seat: for
/// each pair of banked scores (the mover's across, the opponent's up),
/// the turn total at which optimal play stops: the classic picture of
/// Pig's optimal play.
pub(crate) fn policy_picture(game: &Pig, p: &Pig, report: &mut AnalyzeReport) {
    let optimal = report
        .solution
        .seats
        .iter()
        .any(|s| s.objective == Some(tabula_exact::Aim::Win.name()));
    if !optimal || !p.solvable() {
        return;
    }
    let Ok(pick) = tabula_registry::optimal_policy(game, tabula_exact::Aim::Win) else {
        return;
    };
    let values = (0..game.target)
        .map(|theirs| {
            (0..game.target)
                .map(|mine| stops_at(game, &*pick, mine, theirs))
                .collect()
        })
        .collect();
    let grid = tabula_registry::picture::chart::Grid {
        x_label: "the mover's banked score".into(),
        y_label: "the opponent's banked score".into(),
        value_label: "the turn total at which optimal play (to win) stops".into(),
        values,
    };
    report.extra.pictures.push(grid.picture(
        "policy",
        &format!(
            "Pig to {}: the turn total at which optimal play stops",
            game.target
        ),
    ));
}

// The browser's `analyze` form (`tabula_registry::form_start`): with the
// default horizon optimal play is not solved and the chain of fixed
// agents passes the state limit; without one the game is solved exactly.
tabula_registry::inventory::submit! {
    tabula_registry::form_start::FormStart {
        game: "pig",
        verb: "analyze",
        values: &[("horizon", "0")],
        note: "With the default horizon of 1000 decisions the chain passes the state limit; without a horizon (0) the game to 100 is solved exactly.",
        instead: None,
    }
}
