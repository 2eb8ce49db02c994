//! [`GameBuilder`]: what a game registers, one small capability at a
//! time, and [`register_game!`](crate::register_game), the one
//! registration a game makes.
//!
//! What a game gets from the traits it implements is found when it
//! registers (a hashable state gets the exact solve, a
//! [`Notation`] gets `play` and `replay`);
//! what it adds beyond them it says through the builder:
//!
//! | capability | what it gives | the builder's method |
//! |---|---|---|
//! | plugins | rule sets, boards, strategies listed by `tabula list` | [`plugins`](GameBuilder::plugins) |
//! | options | a verb's options of the game's own, its help | [`options`](GameBuilder::options), [`about`](GameBuilder::about) |
//! | sections | keys, text and pictures added to a verb's report | [`sections`](GameBuilder::sections) |
//! | tally | one count of each game's events per seat, per seating of a tournament | [`tally`](GameBuilder::tally) |
//! | look | how `play` looks and asks at the terminal | [`look`](GameBuilder::look) |
//! | play set-up | what the game's own `play` options decide | [`play_setup`](GameBuilder::play_setup) |
//! | tournament set-up | a tournament's options changed, a refusal before it plays | [`tournament`](GameBuilder::tournament) |
//! | solver | an exact method of its own ([`Solve`](crate::Solve)), asked before the generic ones by `analyze`, simulate's exact column, `tournament --exact` | [`solver`](GameBuilder::solver) |
//! | long run | the game never ends: `analyze` solves its long run | [`long_run`](GameBuilder::long_run) |
//! | sampler | ... and `simulate` samples it | [`sampler`](GameBuilder::sampler) |
//! | simulation | the game's own collectors, fast path and report of `simulate` | [`simulation`](GameBuilder::simulation) |
//! | parameter source | parameters given otherwise than as options, the game built with its own messages | [`parameter_source`](GameBuilder::parameter_source) |
//! | page | a page of its own in `tabula serve` | [`page`](GameBuilder::page) |
//! | actions | its moves and chance outcomes numbered, the same in every state (Python, OpenSpiel) | [`actions`](GameBuilder::actions) |
//! | positions | a position as a person writes it, read into a state (Python's `deserialize_state`) | [`positions`](GameBuilder::positions) |

use std::any::{Any, TypeId};
use std::hash::Hash;
use std::marker::PhantomData;

use tabula_play::terminal::Notation;

use crate::capability::{
    Caps, OptionsFn, ParameterSource, PlaySetupFn, PluginsFn, TournamentSetup,
};
use crate::kind::{Defaults, GameKind, Rules};
use crate::page::GamePage;
use crate::tally::TallyRule;
use crate::terminal::TerminalLook;

pub use crate::probe::{ExactHooks, Found, NotationHooks, Probe};
#[doc(hidden)]
pub use crate::probe::{Graphed, Hashed, Noted, Numbered, Unhashed, Unnoted};

/// What a game registers, one capability at a time: the `build:` of
/// [`register_game!`](crate::register_game) gets one and returns it with
/// the game's capabilities added (as Bevy's `Plugin::build` adds to an
/// `App`). Every method is optional; a game with none of them still gets
/// every verb its traits allow.
///
/// ```ignore
/// tabula_registry::register_game! {
///     game: Noline,
///     summary: "noline: make a line of three of your own and you lose",
///     agents: "type1,type2",
///     build: |g| g
///         .sections(tournament_sections)          // fn(&Noline, &Dim, &mut TournamentReport)
///         .tournament(TournamentSetup { configure: Some(cap_steps), ..Default::default() })
///         .options("play", play_options),
/// }
/// ```
pub struct GameBuilder<G: Rules> {
    pub(crate) caps: Caps<G>,
}

impl<G: Rules> GameBuilder<G> {
    /// A registration of `G` with these defaults and what the probe
    /// found: what [`register_game!`](crate::register_game) starts from.
    pub fn new(defaults: Defaults, found: Found<G>) -> GameBuilder<G> {
        GameBuilder {
            caps: Caps {
                summary: defaults.summary,
                defaults,
                found,
                plugins: None,
                abouts: Vec::new(),
                options: Vec::new(),
                sections: Vec::new(),
                tally: None,
                look: None,
                play_setup: None,
                tournament: TournamentSetup::default(),
                solvers: Vec::new(),
                optimal: None,
                long_run: None,
                sampler: None,
                simulation: None,
                source: ParameterSource::default(),
                pages: Vec::new(),
                picture: None,
                actions: None,
                positions: None,
            },
        }
    }

    /// Plugins of its own besides its agents, for `tabula list` (boards,
    /// rule sets; a plugin listed under the name of an agent replaces the
    /// agent's line).
    pub fn plugins(mut self, plugins: PluginsFn) -> Self {
        self.caps.plugins = Some(plugins);
        self
    }

    /// The game's line under `verb` in the verb's list of games, in
    /// place of its summary.
    pub fn about(mut self, verb: &'static str, about: &'static str) -> Self {
        self.caps.abouts.push((verb, about));
        self
    }

    /// Options of `verb` of the game's own, or other names, help and
    /// defaults of the verb's (with [`Arguments::mut_arg`](crate::args::Arguments::mut_arg)), and more of
    /// its help ([`Arguments::after_help`](crate::args::Arguments::after_help)): `options` gets the verb's
    /// options and returns them changed.
    pub fn options(mut self, verb: &'static str, options: OptionsFn) -> Self {
        self.caps.options.push((verb, options));
        self
    }

    /// Adds to every report of type `R` a verb makes of the game: keys,
    /// sections of text, pictures (through the report's own fields, its
    /// `extra`). A verb's report type is the verb's (`SimulateReport`,
    /// `TournamentReport`, ... of `tabula-verbs`, or an outside verb's).
    pub fn sections<R: Any>(mut self, add: fn(&G, &G::Parameters, &mut R)) -> Self {
        self.caps.sections.push((
            TypeId::of::<R>(),
            Box::new(move |game, p, report| {
                if let Some(report) = report.downcast_mut::<R>() {
                    add(game, p, report);
                }
            }),
        ));
        self
    }

    /// What to tally of each game's events, seat by seat: a tournament
    /// then keeps a [`Tally`](crate::tally::Tally) per seating of each
    /// pairing (in a shard's part file too), for the game's
    /// [`sections`](Self::sections) of its report.
    pub fn tally(mut self, rule: TallyRule<G::Event>) -> Self {
        self.caps.tally = Some(rule);
        self
    }

    /// How `play` looks and talks at the terminal.
    pub fn look(mut self, look: TerminalLook<G>) -> Self
    where
        G: Notation,
        G::Move: PartialEq,
    {
        self.caps.look = Some(Box::new(look));
        self
    }

    /// Reads the game's own `play` options (those of
    /// [`options`](Self::options)`("play", ...)`) before the game is
    /// built: parameters they decide and who sits where.
    pub fn play_setup(mut self, setup: PlaySetupFn) -> Self {
        self.caps.play_setup = Some(setup);
        self
    }

    /// A tournament's set-up of the game's own.
    pub fn tournament(mut self, setup: TournamentSetup<G>) -> Self {
        self.caps.tournament = setup;
        self
    }

    /// An exact solver of the game's own ([`Solve`](crate::Solve)):
    /// the queries it [`answers`](crate::Solve::answers) are asked of it
    /// before the framework's generic solvers. Several may be
    /// registered; they are tried in the order registered.
    pub fn solver(mut self, solver: impl crate::Solve<G>) -> Self {
        self.caps.solvers.push(Box::new(solver));
        self
    }

    /// The framework's optimal play (`method`, what the registration's
    /// probe finds), for a game registered with `optimal:`; not for
    /// direct use: [`register_game!`](crate::register_game) calls it.
    #[doc(hidden)]
    pub fn optimal_play(mut self, (name, solve): crate::probe::OptimalMethod<G>) -> Self {
        self.caps.optimal = Some(crate::solve::ByOptimal::new(name, solve));
        self
    }

    /// The game never ends (Monopoly's token going round the board):
    /// `analyze` solves its long run, the stationary distribution of its
    /// chain, with each event's `marks` counted per step, and `read`
    /// reads the game's figures off it.
    pub fn long_run(mut self, long_run: crate::long_run::LongRun<G>) -> Self
    where
        G::State: Hash + Eq + std::fmt::Debug,
    {
        self.caps.long_run = Some(Box::new(long_run));
        self
    }

    /// The game never ends and `simulate` samples its long run as
    /// `sampling` says.
    pub fn sampler<S: crate::long_run::LongRunSampling<G>>(mut self, sampling: S) -> Self
    where
        G: Clone,
        G::State: Hash + Eq + std::fmt::Debug,
    {
        self.caps.sampler = Some(Box::new(crate::long_run::Sampler(sampling)));
        self
    }

    /// The game's own simulation: its collectors on its fast path, and
    /// its report, in place of the generic ones; the verb keeps the
    /// options, the run's plan, threads, progress and `--shard`.
    pub fn simulation<S: crate::simulation::Simulator<G>>(mut self, simulator: S) -> Self {
        self.caps.simulation = Some(Box::new(crate::simulation::Own(simulator)));
        self
    }

    /// Where the game's parameters come from besides their options.
    pub fn parameter_source(mut self, source: ParameterSource<G>) -> Self {
        self.caps.source = source;
        self
    }

    /// The game's own picture of a state, as an SVG document: what the
    /// play and replay pages of `tabula serve` draw in place of the
    /// position as text.
    pub fn picture(mut self, picture: crate::state::PictureFn<G>) -> Self {
        self.caps.picture = Some(picture);
        self
    }

    /// The game numbers its actions ([`Actions`](crate::state::Actions)):
    /// its [`DynState`](crate::DynState)s name a move by the game's
    /// number for it, the same in every state, in place of its index in
    /// the state's list of legal moves.
    pub fn actions(mut self) -> Self
    where
        G: crate::state::Actions,
    {
        self.caps.actions = Some(crate::state::ActionHooks::of());
        self
    }

    /// The game reads a position as a person writes it (`read`, which
    /// says what is wrong with a text it does not read) and writes a
    /// state back (`write`): [`Variant::state_from`](crate::Variant::state_from)
    /// takes a position as well as a history of actions, and the state
    /// lists its legal moves.
    pub fn positions(
        mut self,
        read: fn(&G, &str) -> Result<G::State, String>,
        write: fn(&G, &G::State) -> String,
    ) -> Self {
        self.caps.positions = Some(crate::state::PositionHooks { read, write });
        self
    }

    /// A page of the game's own in `tabula serve` (its `game` is this
    /// game's name).
    pub fn page(mut self, page: GamePage) -> Self {
        self.caps.pages.push(GamePage {
            game: G::NAME,
            ..page
        });
        self
    }

    /// The registration as the framework holds it, its generic runs
    /// played by `paths` (what [`tabula_play::paths!`] finds for `G`).
    pub fn finish<P: tabula_play::PlayPaths<G> + Default>(self, paths: P) -> Box<dyn GameKind> {
        let _ = paths;
        Box::new(crate::registered::Registered::new(
            self.caps,
            crate::registered::Runs::by::<P>(),
        ))
    }
}

/// What [`register_game!`](crate::register_game) expands to needs; not
/// for direct use.
#[doc(hidden)]
pub fn probe<G>() -> Probe<G> {
    Probe(PhantomData)
}

/// The probe of `G` played by the paths `_paths`; not for direct use.
#[doc(hidden)]
pub fn probe_with<G, P>(_paths: &P) -> Probe<G, P> {
    Probe(PhantomData)
}

/// Applies a registration's `build:` to its builder (so that the
/// closure's argument has a known type); not for direct use.
#[doc(hidden)]
pub fn __build<G: Rules>(
    builder: GameBuilder<G>,
    build: impl FnOnce(GameBuilder<G>) -> GameBuilder<G>,
) -> GameBuilder<G> {
    build(builder)
}

/// Registers a game with the framework: its name and summary, the agents
/// its seats get unless named, and what it has beyond its traits, through
/// one [`GameBuilder`]. What it gets from its traits is found here, when
/// the crate compiles: every verb that applies to it (the generic
/// `simulate`, `analyze`, `tournament`, `play`, `replay`, and any verb an
/// outside crate registers) then runs it, with no list of verbs.
///
/// ```ignore
/// tabula_registry::register_game! {
///     game: Pig,
///     summary: "Pig: roll to build a turn total, hold to bank it, a 1 loses it",
///     agents: "hold-at-20,optimal",          // the seats' agents unless named; leave out for chance alone
///     optimal: "the best play, solved exactly once per game and shared",  // registers `optimal`
///     build: |g| g.sections(my_sections),    // optional: capabilities beyond the traits
/// }
/// ```
///
/// `games` (a simulation's, default 10,000) and `tournament_games` (per
/// pairing, default 1,000) may follow `agents`. `optimal: "..."`
/// registers the agent `optimal`: the best play for two seats, solved
/// once per game and parameters (over the game's numbering of its states
/// where it implements [`tabula_exact::Dense`]).
#[macro_export]
macro_rules! register_game {
    (
        game: $game:ty,
        summary: $summary:expr
        $(, agents: $agents:expr)?
        $(, games: $games:expr)?
        $(, tournament_games: $tgames:expr)?
        $(, optimal: $optimal:expr)?
        $(, build: $build:expr)?
        $(,)?
    ) => {
        const _: () = {
            fn __tabula_build() -> ::std::boxed::Box<dyn $crate::GameKind> {
                #[allow(unused_imports)]
                use $crate::game::{Hashed as _, Noted as _, Unhashed as _, Unnoted as _};
                let paths = $crate::__agents::paths!($game);
                let probe = $crate::game::probe_with::<$game, _>(&paths);
                let found = $crate::game::Found::new(
                    (&probe).exact_hooks(),
                    (&probe).notation_hooks(),
                );
                let defaults = $crate::Defaults {
                    summary: $summary,
                    agents: $crate::__first!($($agents)?, ""),
                    games: $crate::__first!($($games)?, 10_000),
                    tournament_games: $crate::__first!($($tgames)?, 1_000),
                };
                #[allow(unused_mut)]
                let mut builder = $crate::GameBuilder::<$game>::new(defaults, found);
                $( builder = $crate::game::__build(builder, $build); )?
                $(
                    let _: &str = $optimal;
                    #[allow(unused_imports)]
                    use $crate::game::{Graphed as _, Numbered as _};
                    builder = builder.optimal_play((&probe).optimal());
                )?
                builder.finish(paths)
            }
            $crate::inventory::submit! {
                $crate::Registration {
                    name: <$game as $crate::__agents::Recordable>::NAME,
                    build: __tabula_build,
                    plugins: $crate::plugins_of::<$game>,
                }
            }
            $(
                $crate::inventory::submit! {
                    $crate::__agents::AgentEntry {
                        name: "optimal",
                        parameter: Some("OBJECTIVE"),
                        summary: $optimal,
                        build: &$crate::__agents::BuildFn::<$game>(|game, objective| {
                            $crate::shared_optimal(game, objective)
                        }),
                    }
                }
            )?
        };
    };
}

/// The first of its arguments: a registration's value or the default.
#[doc(hidden)]
#[macro_export]
macro_rules! __first {
    (, $default:expr) => {
        $default
    };
    ($value:expr, $default:expr) => {
        $value
    };
}
