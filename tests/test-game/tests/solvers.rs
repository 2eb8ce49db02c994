//! Registration-time checks of issue 53: a game parameter named like a
//! verb's own option is refused when the game registers, naming both.

use tabula::core::params::{Param, Parameters};
use tabula::core::{BoardGame, Chance, GameResult, NoMove, Status};
use tabula::play::record::{ParametersError, Recordable};
use tabula::registry::game::Found;
use tabula::registry::{Defaults, GameBuilder, GameKind};

/// One throw of a coin; its one parameter is named `games`, like
/// `simulate --games`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
struct Toss {
    games: u32,
}

impl Parameters for Toss {
    const FIELDS: &'static [Param] = &[Param::int(
        "games",
        "a parameter named like simulate's --games",
        "1",
        1,
        9,
    )];
}

impl BoardGame for Toss {
    type State = bool;
    type Move = NoMove;
    type Outcome = bool;
    type Event = ();
    fn seats(&self) -> usize {
        1
    }
    fn initial_state(&self) -> bool {
        false
    }
    fn status(&self, done: &bool) -> Status {
        if *done {
            Status::Over(GameResult::Win(0))
        } else {
            Status::Chance
        }
    }
    fn chance_outcomes(&self, _: &bool, out: &mut Vec<Chance<bool>>) {
        out.extend([true, false].map(|outcome| Chance {
            outcome,
            probability: 0.5,
        }));
    }
    fn apply_chance<E: FnMut(())>(&self, done: &mut bool, _: bool, _: &mut E) {
        *done = true;
    }
    fn apply_move<E: FnMut(())>(&self, _: &mut bool, m: NoMove, _: &mut E) {
        match m {}
    }
}

impl Recordable for Toss {
    const NAME: &'static str = "toss";
    type Parameters = Toss;
    fn parameters(&self) -> Toss {
        *self
    }
    fn from_parameters(p: &Toss) -> Result<Toss, ParametersError> {
        Ok(*p)
    }
}

/// The registration `register_game!` would make of [`Toss`], without
/// submitting it (so the other tests' registry stays as it is).
fn registration() -> Box<dyn GameKind> {
    let defaults = Defaults {
        summary: "one toss of a coin",
        agents: "",
        games: 10,
        tournament_games: 10,
    };
    GameBuilder::<Toss>::new(defaults, Found::new(None, None)).finish(tabula::play::paths!(Toss))
}

#[test]
fn a_parameter_named_like_a_verb_option_is_refused_when_the_game_registers() {
    // The command line links the generic verbs in (their registrations
    // are what the check reads).
    let _ = tabula::cli::command();
    assert!(
        !tabula::registry::verbs().is_empty(),
        "the verbs are linked"
    );
    let kind = registration();
    let e = tabula::registry::check_parameters(&*kind).expect_err("refused");
    assert_eq!(
        e.to_string(),
        "game \"toss\": its parameter `games` is named like the `simulate` command's own option --games; rename the parameter"
    );
}

#[test]
fn the_shipped_games_parameters_clash_with_no_option() {
    let _ = tabula::cli::command();
    assert!(
        !tabula::registry::verbs().is_empty(),
        "the verbs are linked"
    );
    for entry in tabula::registry::games().expect("the registry") {
        let kind = tabula::registry::kind(entry.name);
        if let Some(kind) = kind {
            tabula::registry::check_parameters(kind)
                .unwrap_or_else(|e| panic!("{}: {e}", entry.name));
        }
    }
}
