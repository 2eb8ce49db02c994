//! Arguments declared as data ([`tabula_registry::args`]) become the same
//! clap command as clap's derive made of them before they were data: the
//! same `-h` and `--help`, the same errors for bad values, the same
//! values read back. The derived structs below are tabula-registry's own as
//! they were declared with clap's derive (tournament, replay and exact
//! analysis options), kept here to pin the data's rendering.

use std::path::PathBuf;

use tabula_registry::args::{Arguments, FromArgs, Source, Values};
use tabula_registry::exact::PolicyArgs;
use tabula_registry::play::{RecordFormat, ReplayArgs, ReplayFormat, TournamentArgs};

#[derive(Clone, Debug, Default, clap::Args)]
#[group(skip)]
struct ClapRecord {
    /// Write every game's record (RON or JSON; `tabula replay GAME FILE`
    /// checks one) into this directory, created if missing
    #[arg(long, value_name = "DIR")]
    record: Option<PathBuf>,
    /// Format of the records
    #[arg(long, value_enum, default_value_t = ClapRecordFormat::Ron)]
    record_format: ClapRecordFormat,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
enum ClapRecordFormat {
    /// RON (`.ron`)
    #[default]
    Ron,
    /// JSON (`.json`)
    Json,
}

/// The tournament options every game shares, part of [`ClapTournament`]:
/// a game that declares its own `--agents`, `--games`, `--seed` and
/// `--threads` flattens these beside them with `#[command(flatten)]`.
#[derive(Clone, Debug, clap::Args)]
#[group(skip)]
struct ClapOptions {
    /// How agents are ranked [default: the game's; points unless its help
    /// says otherwise]
    #[arg(long, value_enum)]
    scoring: Option<ClapScoring>,
    /// With --scoring time-penalty: points taken per second of an agent's
    /// total thinking time
    #[arg(long, default_value_t = 1.0, value_name = "POINTS")]
    penalty_per_second: f64,
    /// A slower answer forfeits its game (milliseconds; the call is not
    /// interrupted) [default: no limit]
    #[arg(long, value_name = "MS")]
    move_time_limit: Option<u64>,
    /// Cap on steps (chance outcomes plus moves) per game, at least 1;
    /// capped games are counted as capped, never as draws
    #[arg(
        long,
        default_value_t = tabula_sim::DEFAULT_MAX_STEPS,
        value_parser = clap::value_parser!(u32).range(1..)
    )]
    max_steps: u32,
    #[command(flatten)]
    record: ClapRecord,
    /// Put exact chances beside the sampled ones: every seating of every
    /// pairing whose agents are all fixed policies is solved exactly
    /// (pairings that cannot be, or outgrow --max-states, show none)
    #[arg(long)]
    exact: bool,
    /// With --exact: the most states one seating's solve may build
    #[arg(long, default_value_t = tabula_registry::exact::DEFAULT_MAX_STATES,
          value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    max_states: u64,
    /// Play only part K of N of the tournament (K from 1), for another
    /// machine to play the rest; `tabula merge` combines the parts' JSON
    /// outputs into exactly the whole tournament's results.
    #[arg(long, value_name = "K/N")]
    shard: Option<tabula_registry::shard::ShardArg>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
enum ClapScoring {
    /// Points: 1 per opponent ranked below, ½ per opponent tied (win 1,
    /// draw ½)
    #[default]
    Points,
    /// Points less --penalty-per-second for every second an agent thinks
    /// (specification 004's tournament)
    TimePenalty,
}

#[derive(Clone, Debug, clap::Args)]
// No argument group named after the struct: a game's own arguments
// struct of the same name flattens this one.
#[group(skip)]
struct ClapTournament<const GAMES: u64 = 100> {
    /// The entrants: registered agent names, comma-separated (at least as
    /// many as the game has seats; see `tabula list`)
    #[arg(long, value_delimiter = ',', num_args = 1.., required = true, value_name = "AGENTS")]
    agents: Vec<String>,
    /// Games per pairing, spread over every seating
    // Not `default_value_t`: clap keeps its text in a static, which every
    // `GAMES` would share.
    #[arg(long, default_value = GAMES.to_string(), value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    /// Seed that fixes every game
    #[arg(long, default_value_t = tabula_registry::DEFAULT_SEED)]
    seed: u64,
    /// Worker threads [default: one per core]; the results do not depend on it
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
    #[command(flatten)]
    options: ClapOptions,
}

#[derive(Clone, Debug, clap::Args)]
#[command(
    after_help = "A record holds the game, its parameters, the seed, every chance outcome and move, and the result; \
the option --record DIR of the commands that play games writes one."
)]
struct ClapReplay {
    /// The record (RON, or JSON if the name ends in .json)
    file: PathBuf,
    /// Print only the steps and the final position, not the position
    /// before every move
    #[arg(long)]
    brief: bool,
    /// The account as text, or as one JSON object (the steps, the final
    /// position, the end, whether every step is legal)
    #[arg(long, value_enum, default_value_t = ClapReplayFormat::Text)]
    format: ClapReplayFormat,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
enum ClapReplayFormat {
    /// Human-readable text
    #[default]
    Text,
    /// One JSON object
    Json,
}

#[derive(Clone, Debug, clap::Args)]
struct ClapPolicy {
    /// Solve the game exactly with these agents in the seats, in seat
    /// order (one per seat). Each must be a fixed policy (a strategy, not a
    /// search); see `tabula list` for the agents.
    #[arg(long, value_delimiter = ',', value_name = "A,B")]
    agents: Vec<String>,
    /// The most states the exact analysis may build; past it the analysis
    /// stops and says how far it got.
    #[arg(long, default_value_t = tabula_registry::exact::DEFAULT_MAX_STATES,
          value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    max_states: u64,
}

/// The two commands' help, short and long, and what each says of each
/// command line.
fn same(derived: clap::Command, declared: &Arguments, lines: &[&[&str]]) {
    let mut derived = derived.about("x").long_about(None);
    let mut data = tabula_cli::args::command("t", declared).about("x");
    assert_eq!(
        derived.render_help().to_string(),
        data.render_help().to_string()
    );
    assert_eq!(
        derived.render_long_help().to_string(),
        data.render_long_help().to_string()
    );
    for line in lines {
        let a = derived.clone().try_get_matches_from(line.iter());
        let b = data.clone().try_get_matches_from(line.iter());
        match (a, b) {
            (Ok(a), Ok(b)) => {
                let values = tabula_cli::args::values(declared, &b);
                for arg in declared.iter() {
                    let raw: Option<Vec<String>> = a
                        .try_get_raw(&arg.id)
                        .ok()
                        .flatten()
                        .map(|v| v.map(|s| s.to_string_lossy().into_owned()).collect());
                    assert_eq!(raw.as_deref(), values.raw(&arg.id), "{line:?}: {}", arg.id);
                    let given =
                        a.value_source(&arg.id) == Some(clap::parser::ValueSource::CommandLine);
                    assert_eq!(given, values.source(&arg.id) == Some(Source::Given));
                }
            }
            (Err(a), Err(b)) => {
                assert_eq!(a.kind(), b.kind(), "{line:?}");
                assert_eq!(a.to_string(), b.to_string(), "{line:?}");
            }
            (a, b) => panic!("{line:?}: derived {a:?}, declared {b:?}"),
        }
    }
}

#[test]
fn a_tournament_declared_as_data_is_the_derived_one() {
    same(
        <ClapTournament<1000> as clap::Args>::augment_args(clap::Command::new("t")),
        &TournamentArgs::<1000>::arguments(),
        &[
            &["t", "--agents", "a,b", "c"],
            &[
                "t",
                "--agents=a",
                "--agents=b",
                "--exact",
                "--scoring=time-penalty",
            ],
            &["t"],
            &["t", "--agents", "a", "--games", "0"],
            &["t", "--agents", "a", "--threads", "2000"],
            &["t", "--agents", "a", "--max-steps", "x"],
            &["t", "--agents", "a", "--max-states", "0"],
            &["t", "--agents", "a", "--penalty-per-second", "x"],
            &["t", "--agents", "a", "--shard", "5/4"],
            &["t", "--agents", "a", "--scoring", "best"],
            &["t", "--agents", "a", "--record-format", "xml"],
            &["t", "--agents", "a", "--seed", "-1"],
            &["t", "--agents", "a", "--nope"],
        ],
    );
    let mut values = Values::defaults(&TournamentArgs::<1000>::arguments());
    values.set("agents", ["x", "y"], Source::Given);
    let t = TournamentArgs::<1000>::from_values(&values).expect("reads");
    assert_eq!((t.games, t.agents.len()), (1000, 2));
    assert_eq!(t.options.record.record_format, RecordFormat::Ron);
    assert!(!t.options.exact && t.options.shard.is_none() && t.threads.is_none());
    assert_eq!(t.options.max_steps, tabula_sim::DEFAULT_MAX_STEPS);
    assert!((t.options.penalty_per_second - 1.0).abs() < 1e-12);
    assert_eq!(t.seed, tabula_registry::DEFAULT_SEED);
    assert!(t.options.scoring.is_none());
    assert!(t.options.move_time_limit.is_none());
}

#[test]
fn a_replay_and_an_analysis_declared_as_data_are_the_derived_ones() {
    // The derived replay's text after its options is its command's.
    let declared = ReplayArgs::arguments().after_help(tabula_registry::play::REPLAY_HELP);
    same(
        <ClapReplay as clap::Args>::augment_args(clap::Command::new("t")),
        &declared,
        &[
            &["t", "game.ron"],
            &["t", "--brief", "game.ron", "--format", "json"],
            &["t"],
            &["t", "game.ron", "--format", "ron"],
        ],
    );
    let mut values = Values::defaults(&declared);
    values.set("file", ["a.ron"], Source::Given);
    let r = ReplayArgs::from_values(&values).expect("reads");
    assert_eq!(
        (r.file, r.brief, r.format),
        (PathBuf::from("a.ron"), false, ReplayFormat::Text)
    );
    same(
        <ClapPolicy as clap::Args>::augment_args(clap::Command::new("t")),
        &PolicyArgs::arguments(),
        &[
            &["t"],
            &["t", "--agents", "a,b", "--agents", "c"],
            &["t", "--max-states", "2000000000"],
        ],
    );
    let p = PolicyArgs::from_values(&Values::defaults(&PolicyArgs::arguments())).expect("reads");
    assert!(p.agents.is_empty());
    assert_eq!(p.max_states, tabula_registry::exact::DEFAULT_MAX_STATES);
}

/// `num_args = N..` takes at least N values at each occurrence, as clap's
/// own `num_args` does.
#[test]
fn num_args_keeps_its_fewest() {
    let declared = Arguments::new().arg(
        tabula_registry::args::Arg::new("pair")
            .long("pair")
            .num_args(2..),
    );
    let command = tabula_cli::args::command("t", &declared);
    let one = command
        .clone()
        .try_get_matches_from(["t", "--pair", "a"])
        .expect_err("one value is too few");
    assert_eq!(one.kind(), clap::error::ErrorKind::TooFewValues);
    let two = command
        .try_get_matches_from(["t", "--pair", "a", "b"])
        .unwrap_or_else(|e| panic!("{e}"));
    let values = tabula_cli::args::values(&declared, &two);
    let got: Vec<String> = values.get_all("pair").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(got, ["a", "b"]);
}

/// The command line refuses a value exactly when the registry's one
/// validator does ([`Arg::check`](tabula_registry::args::Arg::check)),
/// in the validator's words; and a whole set of values sent as a form
/// sends them ([`Arguments::parse`]) is taken or refused as the command
/// line takes or refuses the same words.
#[test]
fn the_command_line_and_a_form_accept_and_refuse_the_same_values() {
    use tabula_registry::args::{Arg, FormError, ValueError};
    let declared = TournamentArgs::<1000>::arguments();
    let command = tabula_cli::args::command("t", &declared);
    let cases: &[(&str, &str)] = &[
        ("games", "0"),
        ("games", "12"),
        ("games", "x"),
        ("games", ""),
        ("threads", "2000"),
        ("threads", "7"),
        ("threads", "-3"),
        ("max_steps", "x"),
        ("max_steps", "5000000000"),
        ("scoring", "best"),
        ("scoring", "points"),
        ("record_format", "xml"),
        ("record_format", "json"),
        ("record", ""),
        ("shard", "5/4"),
        ("shard", "1/4"),
        ("penalty_per_second", "x"),
        ("penalty_per_second", "0.5"),
        ("max_states", "0"),
        ("max_states", "2000000000"),
    ];
    for (id, value) in cases {
        let arg = declared.get(id).expect("declared");
        let flag = format!("--{}={value}", arg.long.as_deref().expect("a long name"));
        let by_clap = command
            .clone()
            .try_get_matches_from(["t", "--agents", "a", flag.as_str()]);
        let by_form = declared.parse([
            ("agents", vec!["a".to_string()]),
            (*id, vec![value.to_string()]),
        ]);
        let checked = arg.check(value);
        assert_eq!(
            by_clap.is_ok(),
            checked.is_ok(),
            "{id}={value:?}: {checked:?}"
        );
        assert_eq!(
            by_clap.is_ok(),
            by_form.is_ok(),
            "{id}={value:?}: {by_form:?}"
        );
        if let (Err(clap), Err(ValueError::Invalid(why))) = (&by_clap, &checked) {
            assert!(
                clap.to_string().contains(&format!(": {why}")),
                "{id}={value:?}: clap says {clap}, the validator {why}"
            );
        }
        if let Ok(m) = by_clap {
            let from_clap = tabula_cli::args::values(&declared, &m);
            let from_form = by_form.expect("taken");
            for a in declared.iter() {
                assert_eq!(
                    from_clap.raw(&a.id),
                    from_form.raw(&a.id),
                    "{id}={value:?}: {}",
                    a.id
                );
                assert_eq!(
                    from_clap.source(&a.id),
                    from_form.source(&a.id),
                    "{id}={value:?}: {}",
                    a.id
                );
            }
        }
    }
    // What the command line checks of the whole: a required argument, two
    // that exclude each other, one that needs another.
    let declared = Arguments::new()
        .arg(Arg::new("need").long("need").required(true))
        .arg(Arg::new("one").long("one").conflicts_with("two"))
        .arg(Arg::new("two").long("two"))
        .arg(Arg::new("trace").long("trace").flag().requires("view"))
        .arg(Arg::new("record").long("record"))
        .group("view", ["record"]);
    let command = tabula_cli::args::command("t", &declared);
    let lines: &[&[(&str, &str)]] = &[
        &[],
        &[("need", "x")],
        &[("need", "x"), ("one", "1"), ("two", "2")],
        &[("need", "x"), ("one", "1")],
        &[("need", "x"), ("trace", "true")],
        &[("need", "x"), ("trace", "true"), ("record", "d")],
        &[("need", "x"), ("nope", "1")],
    ];
    for line in lines {
        let words: Vec<String> = std::iter::once("t".to_string())
            .chain(line.iter().map(|(id, v)| match *id {
                "trace" => "--trace".to_string(),
                id => format!("--{id}={v}"),
            }))
            .collect();
        let by_clap = command.clone().try_get_matches_from(&words);
        let by_form = declared.parse(line.iter().map(|(id, v)| (*id, vec![v.to_string()])));
        assert_eq!(by_clap.is_ok(), by_form.is_ok(), "{words:?}: {by_form:?}");
        if let Err(FormError::Unknown(id)) = by_form {
            assert_eq!(id, "nope");
        }
    }
}
