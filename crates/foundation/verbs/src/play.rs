//! `play` and `replay`, for a game with a notation.

use tabula_registry::args::{Arguments, FromArgs as _, Values};
use tabula_registry::play::{REPLAY_ABOUT, REPLAY_HELP, RecordArgs, ReplayArgs, seed_or_fresh};
use tabula_registry::{Error, GameKind, Io, Kind, PlayTable, Report, Verb, seat_count_error};

/// `tabula play GAME`.
pub(crate) struct Play;

/// `tabula replay GAME FILE`.
pub(crate) struct Replay;

tabula_registry::arguments! {
    /// The options of `play` besides the game's.
    #[derive(Clone, Debug)]
    struct PlayOptions {
        /// Who sits where, in seat order, comma-separated: `you` for a seat you
        /// play, an agent's name (see `tabula list`) for the others [default:
        /// you in the first seat, the game's usual agents in the others]
        #[arg(long, value_delimiter = ',', num_args = 1.., value_name = "PLAYERS")]
        agents: Vec<String>,
        /// You in the first seat, this agent in every other (the same as
        /// --agents you,AGENT for two seats; --strategy is another name for it)
        #[arg(
            long,
            alias = "strategy",
            value_name = "AGENT",
            conflicts_with = "agents"
        )]
        against: Option<String>,
        /// Seed that fixes the dice and the agents' choices; 0 picks one
        #[arg(long)]
        seed: Option<u64>,
        #[arg(flatten)]
        record: RecordArgs,
    }
}

impl Verb for Play {
    fn applies(&self, game: &dyn GameKind) -> bool {
        game.capabilities().notation
    }

    fn kind(&self, _: &dyn GameKind) -> Kind {
        Kind::Interactive
    }

    fn arguments(&self, game: &dyn GameKind) -> Arguments {
        let command = tabula_registry::game_parameters(Arguments::new(), game.parameters());
        let command = PlayOptions::augment(command)
            .mut_arg("seed", |a| {
                a.default_value(tabula_registry::DEFAULT_SEED.to_string())
            })
            .mut_arg("agents", |a| a.agents(game.agents()))
            .after_help(
                "Plays one game at the terminal: you against the computer, or agents among themselves; type help at a prompt for the legal moves.",
            );
        let command = if tabula_registry::has_objectives(game) {
            tabula_registry::objective_args(command, game)
        } else {
            command
        };
        game.options("play", command)
    }

    fn run(
        &self,
        game: &dyn GameKind,
        values: &Values,
        io: &mut Io<'_>,
    ) -> Result<Option<Box<dyn Report>>, Error> {
        let setup = game.play_setup(values)?;
        let variant = game.variant_deciding(values, &setup.parameters)?;
        let o = PlayOptions::from_values(values)?;
        // A game's own options may leave the seed to be asked (its look).
        let given_seed = o.seed.unwrap_or(tabula_registry::DEFAULT_SEED);
        let defaults = game.defaults();
        if !defaults.has_agents() {
            // Chance decides every step: nobody is asked anything, and
            // an agent named for a seat would sit there unused.
            crate::refuse_agents(game, values, &["agents", "against"])?;
            let table = PlayTable {
                seats: Vec::new(),
                seed: seed_or_fresh(given_seed),
                picked: false,
            };
            variant.play(table, &o.record, values, io)?;
            return Ok(None);
        }
        let mut names: Vec<String> = if !setup.seats.is_empty() {
            setup.seats.clone()
        } else if o.agents.is_empty() {
            defaults
                .agents
                .split(',')
                .map(|s| s.trim().to_string())
                .collect()
        } else {
            o.agents.iter().map(|s| s.trim().to_string()).collect()
        };
        if o.agents.is_empty() && setup.seats.is_empty() {
            for (seat, name) in names.iter_mut().enumerate() {
                match (&o.against, seat) {
                    (_, 0) => *name = "you".into(),
                    (Some(against), _) => name.clone_from(against),
                    (None, _) => {}
                }
            }
        }
        let names = tabula_registry::with_objective(values, names);
        if names.len() != variant.seats() {
            return Err(seat_count_error(
                &variant.info()?.spec,
                variant.seats(),
                names.len(),
                o.agents.is_empty().then_some(defaults.agents),
                "P",
            ));
        }
        let table = PlayTable {
            seats: names,
            seed: seed_or_fresh(given_seed),
            picked: given_seed == 0,
        };
        variant.play(table, &o.record, values, io)?;
        Ok(None)
    }
}

/// Replay needs only the record and the notation.
impl Verb for Replay {
    fn applies(&self, game: &dyn GameKind) -> bool {
        game.capabilities().notation
    }

    fn about(&self, _: &dyn GameKind, _: &str) -> &'static str {
        REPLAY_ABOUT
    }

    fn kind(&self, _: &dyn GameKind) -> Kind {
        Kind::Interactive
    }

    fn arguments(&self, game: &dyn GameKind) -> Arguments {
        game.options("replay", ReplayArgs::arguments().after_help(REPLAY_HELP))
    }

    fn run(
        &self,
        game: &dyn GameKind,
        values: &Values,
        io: &mut Io<'_>,
    ) -> Result<Option<Box<dyn Report>>, Error> {
        game.replay(&ReplayArgs::from_values(values)?, io)?;
        Ok(None)
    }
}
