//! The search agents of any game in the framework's agent registry, in
//! one line: [`register_search_agents!`](crate::register_search_agents).

/// What [`register_search_agents!`](crate::register_search_agents)
/// expands to needs; not for direct use.
#[doc(hidden)]
pub mod __registry {
    pub use tabula_core::BoardGame;
    pub use tabula_play::agents::{AgentEntry, BuildFn};
    pub use tabula_play::inventory;
    pub use tabula_sim::chance_path;
}

/// Registers the framework's four search agents for a game that
/// implements [`Heuristic`](crate::Heuristic), in the agent registry of
/// [`tabula_play::agents`], so every front end finds them by name:
/// `random` ([`Random`](crate::Random)), `greedy`
/// ([`Greedy`](crate::Greedy)), `alphabeta[-BUDGET]`
/// ([`AlphaBeta`](crate::AlphaBeta), 20,000 nodes unless a budget follows
/// the name) and `mcts[-BUDGET]` ([`Mcts`](crate::Mcts), 1,000 playouts,
/// its playouts sampling chance by the game's path,
/// [`tabula_sim::chance_path!`]),
/// a budget being a [`Budget`](crate::Budget) (`alphabeta-5000`,
/// `mcts-50ms`). Each takes the game's own one-line summary (what
/// `tabula list` shows), or the framework's when only `game` (and
/// `check`) are given (`register_search_agents! { game: Nim }`), and `check`, when given, is a function of the
/// game that refuses, with its error, a game too large for the
/// searching agents (`greedy`, `alphabeta`, `mcts`); `random` takes any.
///
/// A game that writes no [`Heuristic`](crate::Heuristic) of its own gets
/// the default one with `register_search_agents! { game: G, heuristic:
/// default }` (its state must be `Hash`): no evaluation before the end
/// ([`Heuristic::evaluate`](crate::Heuristic::evaluate)'s default), the
/// states keyed by [`hash_key`](crate::hash_key), so the searches play it
/// by looking ahead to its results.
///
/// ```
/// use tabula_core::{BoardGame, GameResult, Seat, Status};
/// use tabula_search::{Heuristic, hash_key, register_search_agents};
///
/// /// Take one or two from a pile; whoever takes the last wins.
/// struct Nim(u32);
///
/// impl BoardGame for Nim {
///     type State = (u32, Seat);
///     type Move = u32;
///     type Outcome = ();
///     type Event = ();
///     fn seats(&self) -> usize { 2 }
///     fn initial_state(&self) -> (u32, Seat) { (self.0, 0) }
///     fn status(&self, &(pile, seat): &(u32, Seat)) -> Status {
///         if pile == 0 { Status::Over(GameResult::Win(1 - seat)) } else { Status::Decision(seat) }
///     }
///     fn apply_chance<E: FnMut(())>(&self, _: &mut (u32, Seat), _: (), _: &mut E) {}
///     fn apply_move<E: FnMut(())>(&self, s: &mut (u32, Seat), take: u32, _: &mut E) {
///         *s = (s.0 - take, 1 - s.1);
///     }
///     fn legal_moves(&self, s: &(u32, Seat), out: &mut Vec<u32>) {
///         out.extend((1..=2).filter(|&take| take <= s.0));
///     }
/// }
///
/// impl Heuristic for Nim {
///     fn evaluate(&self, _: &(u32, Seat), _: Seat) -> f64 { 0.0 }
///     fn state_key(&self, state: &(u32, Seat)) -> u64 { hash_key(state) }
/// }
///
/// /// The searches take piles up to a thousand.
/// fn small(game: &Nim) -> Result<(), String> {
///     if game.0 > 1000 { Err(format!("a pile of {} is too large to search", game.0)) } else { Ok(()) }
/// }
///
/// register_search_agents! {
///     game: Nim,
///     check: small,
///     random: "takes one or two at random",
///     greedy: "the take that looks best one move ahead",
///     alphabeta: "alpha-beta search; BUDGET nodes (default 20000) or Nms per move",
///     mcts: "Monte Carlo tree search; BUDGET playouts (default 1000) or Nms per move",
/// }
///
/// use tabula_play::agents;
/// let names: Vec<_> = agents::entries::<Nim>()?.iter().map(|e| e.name).collect();
/// assert_eq!(names, ["alphabeta", "greedy", "mcts", "random"]);
/// let mut rng = tabula_core::game_rng(1, 0);
/// // From 7, taking 1 leaves a multiple of 3: a sure win.
/// let mut agent = agents::build(&Nim(7), "alphabeta-5000")?;
/// assert_eq!(agent.choose(&Nim(7), &(7, 0), 0, &mut rng), 1);
/// assert!(agents::build(&Nim(7), "mcts-0ms").is_err()); // not a budget
/// assert!(agents::build(&Nim(5000), "greedy").is_err()); // too large
/// assert!(agents::build(&Nim(5000), "random").is_ok());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[macro_export]
macro_rules! register_search_agents {
    // A game with no evaluation of its own: the default heuristic (see
    // `Heuristic::evaluate`), its states keyed by their hash.
    (game: $game:ty, heuristic: default $(, check: $check:expr)? $(,)?) => {
        impl $crate::Heuristic for $game {
            fn state_key(
                &self,
                state: &<$game as $crate::register::__registry::BoardGame>::State,
            ) -> u64 {
                $crate::hash_key(state)
            }
        }
        $crate::register_search_agents! { game: $game $(, check: $check)? }
    };
    // The framework's own summaries.
    (game: $game:ty $(, check: $check:expr)? $(,)?) => {
        $crate::register_search_agents! {
            game: $game,
            $(check: $check,)?
            random: "a legal move at random",
            greedy: "the move that evaluates best one step ahead",
            alphabeta: "alpha-beta search (expectimax at chance); BUDGET nodes (default 20000) or Nms per move",
            mcts: "Monte Carlo tree search; BUDGET playouts (default 1000) or Nms per move",
        }
    };
    (
        game: $game:ty,
        $(check: $check:expr,)?
        random: $random:expr,
        greedy: $greedy:expr,
        alphabeta: $alphabeta:expr,
        mcts: $mcts:expr $(,)?
    ) => {
        $crate::register::__registry::inventory::submit! {
            $crate::register::__registry::AgentEntry {
                name: "random",
                parameter: None,
                summary: $random,
                build: &$crate::register::__registry::BuildFn::<$game>(|_, _| {
                    Ok(Box::new($crate::Random))
                }),
            }
        }
        $crate::register::__registry::inventory::submit! {
            $crate::register::__registry::AgentEntry {
                name: "greedy",
                parameter: None,
                summary: $greedy,
                build: &$crate::register::__registry::BuildFn::<$game>(|_game, _| {
                    $( ($check)(_game)?; )?
                    Ok(Box::new($crate::Greedy))
                }),
            }
        }
        $crate::register::__registry::inventory::submit! {
            $crate::register::__registry::AgentEntry {
                name: "alphabeta",
                parameter: Some("BUDGET"),
                summary: $alphabeta,
                build: &$crate::register::__registry::BuildFn::<$game>(|_game, budget| {
                    $( ($check)(_game)?; )?
                    let budget = $crate::Budget::parse_or(budget, $crate::defaults::ALPHABETA)?;
                    Ok(Box::new($crate::AlphaBeta::<$game>::new(budget)))
                }),
            }
        }
        $crate::register::__registry::inventory::submit! {
            $crate::register::__registry::AgentEntry {
                name: "mcts",
                parameter: Some("BUDGET"),
                summary: $mcts,
                build: &$crate::register::__registry::BuildFn::<$game>(|_game, budget| {
                    $( ($check)(_game)?; )?
                    let budget = $crate::Budget::parse_or(budget, $crate::defaults::MCTS)?;
                    // Its playouts sample chance as the game is played.
                    let chance = $crate::register::__registry::chance_path!($game);
                    Ok(Box::new($crate::Mcts::<$game>::new(budget).with_chance(chance)))
                }),
            }
        }
    };
}
