//! The command line is built from whatever games the binary links: a game
//! registered here, in the test binary, gets its own verbs, the usual
//! verbs, `--format`, and `--plot`/`--report` when its report draws.

use tabula_registry::{Command, Error, GameEntry, Io, PluginInfo, Report, Typed};

tabula_registry::arguments! {
    /// Options of the test game's commands.
    #[derive(Debug)]
    struct Count {
        /// How far to count.
        #[arg(long, default_value_t = 3)]
        to: u32,
    }
}

#[derive(serde::Serialize)]
struct Counted {
    to: u32,
    sum: u64,
}

impl Report for Counted {
    fn title(&self) -> String {
        format!("counting to {}", self.to)
    }
    fn text(&self) -> String {
        format!("1 + ... + {} = {}\n", self.to, self.sum)
    }
    fn json(&self) -> Result<String, Error> {
        tabula_registry::pretty(self)
    }
    fn pictures(&self) -> Vec<tabula_registry::picture::Picture> {
        let m = tabula_registry::picture::chart::Matrix::from_pairs(
            vec!["a".into(), "b".into()],
            [("a", "b", u64::from(self.to), 1, 0)],
        );
        vec![m.picture("results", &self.title())]
    }
}

fn count(args: Count, _: &mut Io<'_>) -> Result<Box<dyn Report>, Error> {
    if args.to == 0 {
        return Err("nothing to count".into());
    }
    Ok(Box::new(Counted {
        to: args.to,
        sum: (1..=u64::from(args.to)).sum(),
    }))
}

fn echo(args: Count, io: &mut Io<'_>) -> Result<(), Error> {
    let mut line = String::new();
    for _ in 0..args.to {
        line.clear();
        if io.input.read_line(&mut line)? == 0 {
            break;
        }
        write!(io.out, "> {line}")?;
    }
    Ok(())
}

static COMMANDS: &[&dyn Command] = &[
    &Typed::report("simulate", "Counting: sums by simulation", count).with_pictures(),
    &Typed::report("tally", "Counting: a verb of its own", count),
    &Typed::interactive("play", "Counting: echo lines back", echo),
];

tabula_registry::inventory::submit! {
    GameEntry {
        name: "counting",
        summary: "a game registered inside the test binary",
        plugins: || Ok(vec![PluginInfo { kind: "agent", name: "counter", summary: "counts" }]),
        commands: COMMANDS,
        parameters: &[],
    }
}

fn run(args: &[&str]) -> Result<String, Error> {
    let mut out = Vec::new();
    let mut all = vec!["tabula"];
    all.extend_from_slice(args);
    tabula_cli::run_args(all, &mut out)?;
    Ok(String::from_utf8(out)?)
}

#[test]
fn a_registered_game_gets_its_verbs_and_the_usual_options() {
    let help = tabula_cli::command()
        .expect("built")
        .render_long_help()
        .to_string();
    assert!(help.contains("simulate"), "{help}");
    assert!(help.contains("tally"), "a verb of the game's own:\n{help}");
    assert_eq!(
        run(&["simulate", "counting", "--to", "4"]).unwrap(),
        "1 + ... + 4 = 10\n"
    );
    assert_eq!(run(&["tally", "counting"]).unwrap(), "1 + ... + 3 = 6\n");
    let json: serde_json::Value =
        serde_json::from_str(&run(&["simulate", "counting", "--format", "json"]).unwrap()).unwrap();
    assert_eq!(json["sum"], 6);
}

#[test]
fn list_shows_the_game_its_commands_and_plugins() {
    let text = run(&["list"]).unwrap();
    assert!(text.contains("counting"), "{text}");
    assert!(text.contains("commands: simulate, tally, play"), "{text}");
    assert!(text.contains("counter"), "{text}");
    let json: serde_json::Value =
        serde_json::from_str(&run(&["list", "--format", "json"]).unwrap()).unwrap();
    let game = json["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "counting")
        .unwrap();
    assert_eq!(
        game["commands"],
        serde_json::json!(["simulate", "tally", "play"])
    );
}

#[test]
fn pictures_and_the_page_only_where_the_report_draws() {
    let dir = std::env::temp_dir().join(format!("tabula-cli-registry-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let page = dir.join("page.html");
    let plot = dir.join("plot");
    std::fs::create_dir_all(&dir).unwrap();
    run(&[
        "simulate",
        "counting",
        "--plot",
        plot.to_str().unwrap(),
        "--report",
        page.to_str().unwrap(),
    ])
    .unwrap();
    assert!(
        std::fs::read_to_string(plot.join("results.svg"))
            .unwrap()
            .starts_with("<svg")
    );
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("counting to 3"), "the title heads the page");
    // `tally` draws nothing, so it has no --plot.
    let e = run(&["tally", "counting", "--plot", plot.to_str().unwrap()]).unwrap_err();
    assert!(e.to_string().contains("--plot"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn interactive_commands_read_and_write_through_io() {
    let mut out = Vec::new();
    let mut input = std::io::Cursor::new("one\ntwo\n");
    tabula_cli::run_args_with(
        ["tabula", "play", "counting", "--to", "5"],
        &mut Io::new(&mut out, &mut input),
    )
    .unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), "> one\n> two\n");
}

#[test]
fn errors_name_what_exists() {
    let e = run(&["simulate", "nosuchgame"]).unwrap_err().to_string();
    assert!(e.contains("nosuchgame") && e.contains("counting"), "{e}");
    let e = run(&["nosuchverb"]).unwrap_err().to_string();
    assert!(e.contains("nosuchverb"), "{e}");
    let e = run(&["tally", "counting", "--to", "0"])
        .unwrap_err()
        .to_string();
    assert_eq!(e, "nothing to count");
}
