//! `play` and `replay`, for a game with a notation.

use super::*;
use std::io::Write as _;

use crate::{Command, Io, Kind, Report};

/// `tabula play GAME`, for a game with a [`Notation`].
pub struct Play<G: 'static, P: 'static> {
    defaults: Defaults,
    extension: &'static dyn Extension<G>,
    paths: fn() -> P,
}

impl<G: Recordable, P> Play<G, P> {
    /// The verb with these defaults: `you` in the first seat, the default
    /// agents in the others; `paths` as for [`Simulate::new`].
    pub const fn new(defaults: Defaults, paths: fn() -> P) -> Self {
        Play {
            defaults,
            extension: &NoExtension,
            paths,
        }
    }

    /// The verb with these defaults, and the game's own options, greeting
    /// and verdict from `extension` ([`Extension::play_arguments`] and
    /// after).
    pub const fn extended(
        defaults: Defaults,
        extension: &'static dyn Extension<G>,
        paths: fn() -> P,
    ) -> Self {
        Play {
            defaults,
            extension,
            paths,
        }
    }
}

/// What a game's own `play` options decide ([`Extension::play_setup`]).
#[derive(Clone, Debug, Default)]
pub struct PlaySetup {
    /// Parameters (name, value as typed) in place of what the options,
    /// `--params` and their defaults say.
    pub parameters: Vec<(String, String)>,
    /// Who sits where, in seat order, `you` for a person; empty for the
    /// generic options (`--agents`, `--against`) to decide.
    pub seats: Vec<String>,
}

/// Who plays and with which seed, as `play` has them before the game:
/// what the options and their defaults say, for
/// [`Extension::play_ask`] to settle at the terminal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayTable {
    /// Who sits where, in seat order, `you` for a person.
    pub seats: Vec<String>,
    /// The game's seed.
    pub seed: u64,
    /// Whether `play` picked the seed (`--seed 0`).
    pub picked: bool,
}

/// Whether the game is played after [`Extension::play_ask`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    /// Play it, as the table says.
    Play,
    /// The input ended before the game started: nothing is played or
    /// recorded.
    Stopped,
}

/// The parameters the values give, with `decided` in place of theirs.
fn parameters_deciding<P: Parameters>(
    values: &Values,
    decided: &[(String, String)],
) -> Result<P, Error> {
    let mut given = Vec::new();
    // Parameters decided in full need no file.
    let file = values.text("params").filter(|_| {
        !P::FIELDS
            .iter()
            .all(|p| decided.iter().any(|(n, _)| n == p.name))
    });
    for p in P::FIELDS {
        if decided.iter().any(|(name, _)| name == p.name) {
            continue;
        }
        let typed = values.given(p.name);
        if let Some(v) = values.text(p.name)
            && (file.is_none() || typed)
        {
            given.push((p.name.to_string(), v.to_string()));
        }
    }
    given.extend(decided.iter().cloned());
    Ok(match file {
        Some(path) => params::from_file(&Source::read(path)?, &given)?,
        None => params::build(&given)?,
    })
}

crate::arguments! {
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

impl<G: Rules + Notation, P: tabula_play::PlayPaths<G>> Command for Play<G, P>
where
    G::Move: PartialEq,
{
    fn verb(&self) -> &'static str {
        "play"
    }

    fn about(&self) -> &'static str {
        self.defaults.summary
    }

    fn kind(&self) -> Kind {
        Kind::Interactive
    }

    fn arguments(&self) -> Arguments {
        let command = Arguments::new();
        let command = PlayOptions::augment(with_parameters::<G::Parameters>(command))
            .mut_arg("seed", |a| a.default_value(crate::DEFAULT_SEED.to_string()))
            .after_help(
                "Plays one game at the terminal: you against the computer, or agents among themselves; type help at a prompt for the legal moves.",
            );
        self.extension.play_arguments(command)
    }

    fn run(&self, values: &Values, io: &mut Io<'_>) -> Result<Option<Box<dyn Report>>, Error> {
        let setup = self.extension.play_setup(values)?;
        let p: G::Parameters = parameters_deciding(values, &setup.parameters)?;
        let game = G::from_parameters(&p).map_err(|e| format!("{}: {e}", G::NAME))?;
        let o = PlayOptions::from_values(values)?;
        // A game's own options may leave the seed to be asked
        // ([`Extension::play_ask`]).
        let given_seed = o.seed.unwrap_or(crate::DEFAULT_SEED);
        if !self.defaults.has_agents() {
            // Chance decides every step: nobody is asked anything.
            o.record.prepare()?;
            let seed = crate::play::seed_or_fresh(given_seed);
            writeln!(
                io.out,
                "{}: chance decides every step. Seed {seed} plays this game again.",
                params::spec(G::NAME, &p)
            )?;
            let players = (0..game.seats()).map(|_| Occupant::Human).collect();
            crate::play::play_keeping_record((self.paths)(), &game, players, seed, &o.record, io)?;
            return Ok(None);
        }
        let mut names: Vec<String> = if !setup.seats.is_empty() {
            setup.seats.clone()
        } else if o.agents.is_empty() {
            self.defaults
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
        if names.len() != game.seats() {
            let usual = self.defaults.agents;
            return Err(seat_count_error(
                &params::spec(G::NAME, &p),
                game.seats(),
                names.len(),
                o.agents.is_empty().then_some(usual),
                "P",
            ));
        }
        let occupant = |name: &String| -> Result<Occupant<G>, Error> {
            Ok(if name == "you" {
                Occupant::Human
            } else {
                Occupant::Agent {
                    name: name.clone(),
                    agent: tabula_play::agents::build(&game, name)?,
                }
            })
        };
        let mut players = names
            .iter()
            .map(occupant)
            .collect::<Result<Vec<Occupant<G>>, Error>>()?;
        o.record.prepare()?;
        let (mut out, mut input) = super::keep::Keep::new(&mut *io.out, &mut *io.input);
        let mut table = PlayTable {
            seats: names.clone(),
            seed: crate::play::seed_or_fresh(given_seed),
            picked: given_seed == 0,
        };
        let mut look = self.extension.play_look(&game);
        let asked = self.extension.play_ask(
            &game,
            values,
            &mut table,
            &mut Io::new(&mut out, &mut input),
        )?;
        if asked == Asked::Stopped {
            out.flush()?;
            out.into_result()?;
            return Ok(None);
        }
        if table.seats.len() != names.len() {
            return Err(format!(
                "{}: the game asked for {} seats, not {}",
                G::NAME,
                table.seats.len(),
                names.len()
            )
            .into());
        }
        for (seat, name) in table.seats.iter().enumerate() {
            if *name != names[seat] {
                players[seat] = occupant(name)?;
            }
        }
        let PlayTable {
            seats: names,
            seed,
            picked,
        } = table;
        match self.extension.play_opening(&game, &names, seed, picked) {
            Some(opening) => write!(out, "{opening}")?,
            None => writeln!(
                out,
                "{}: {}. Seed {seed} plays this game again; type help for the moves.",
                params::spec(G::NAME, &p),
                names
                    .iter()
                    .enumerate()
                    .map(|(s, n)| format!("{} is {n}", game.seat_name(s)))
                    .collect::<Vec<_>>()
                    .join(", ")
            )?,
        }
        write!(out, "{}", self.extension.play_greeting(&game, &names))?;
        let played = crate::play::play_keeping_record_with(
            (self.paths)(),
            &game,
            players,
            seed,
            &o.record,
            &mut *look,
            &mut Io::new(&mut out, &mut input),
        )?;
        write!(
            out,
            "{}",
            self.extension.play_verdict(&game, &names, &played)
        )?;
        out.flush()?;
        out.into_result()?;
        Ok(None)
    }
}

/// `tabula replay GAME FILE`, for a game with a [`Notation`], its steps
/// checked by the game's paths.
pub struct Replay<G, P>(PhantomData<fn() -> G>, fn() -> P);

impl<G, P> Replay<G, P> {
    /// The verb; `paths` as for [`Simulate::new`].
    pub const fn new(paths: fn() -> P) -> Self {
        Replay(PhantomData, paths)
    }
}

/// Replay needs only the record and the notation: a game whose
/// parameters are not (yet) a [`Parameters`] type replays too.
impl<G: Recordable + Notation + 'static, P: tabula_play::PlayPaths<G>> Command for Replay<G, P> {
    fn verb(&self) -> &'static str {
        "replay"
    }

    fn about(&self) -> &'static str {
        crate::play::REPLAY_ABOUT
    }

    fn kind(&self) -> Kind {
        Kind::Interactive
    }

    fn arguments(&self) -> Arguments {
        ReplayArgs::arguments().after_help(crate::play::REPLAY_HELP)
    }

    fn run(&self, values: &Values, io: &mut Io<'_>) -> Result<Option<Box<dyn Report>>, Error> {
        crate::play::replay_on::<G, P>((self.1)(), ReplayArgs::from_values(values)?, io)?;
        Ok(None)
    }
}
