//! `tabula tournament seega`, `tabula play seega` and `tabula replay seega`
//! run as a user runs them: a real process, stdin, stdout, exit codes.

use crate::common;
use common::{golden, run_with_stdin, temp_dir};
use std::path::PathBuf;

use tabula_core::Streams;
use tabula_seega::{Action, Phase, Position, Rules, Seega, Side};

const TABULA: &str = env!("CARGO_BIN_EXE_tabula");

struct Out {
    stdout: String,
    stderr: String,
    code: Option<i32>,
}

fn tabula(args: &[&str], stdin: &str) -> Out {
    let out = run_with_stdin(TABULA, args, stdin);
    Out {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: out.status.code(),
    }
}

#[test]
fn tournament_json_has_the_issues_keys_and_pinned_results() {
    let o = tabula(
        &[
            "tournament",
            "seega",
            "--agents",
            "random,greedy,alphabeta-1000",
            "--games",
            "4",
            "--seed",
            "1",
            "--format",
            "json",
        ],
        "",
    );
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let v: serde_json::Value = serde_json::from_str(&o.stdout).unwrap();
    assert_eq!(v["game"], "seega");
    // The engine's own standings, under a key of their own.
    assert_eq!(v["standings"]["games_per_pairing"], 4);
    assert_eq!(v["size"], 5);
    assert_eq!(v["stalemate"], 30);
    assert_eq!(v["games_per_pair"], 4);
    assert_eq!(v["seed"], 1);
    let agents = v["agents"].as_array().unwrap();
    assert_eq!(agents.len(), 3);
    for a in agents {
        for key in [
            "rank", "name", "wins", "losses", "draws", "illegal", "panics", "time_s", "score",
        ] {
            assert!(a.get(key).is_some(), "agent lacks {key}: {a}");
        }
        let games = a["wins"].as_u64().unwrap()
            + a["losses"].as_u64().unwrap()
            + a["draws"].as_u64().unwrap();
        assert_eq!(games, 8);
    }
    let pairs = v["pairs"].as_array().unwrap();
    assert_eq!(pairs.len(), 3);
    // Work budgets make the results (not the times) a function of the seed.
    let mut pinned = String::new();
    for p in pairs {
        for key in ["a", "b", "a_wins", "b_wins", "draws"] {
            assert!(p.get(key).is_some(), "pair lacks {key}: {p}");
        }
        pinned += &format!(
            "{} vs {}: {} {} {} ({} {})\n",
            p["a"],
            p["b"],
            p["a_wins"],
            p["b_wins"],
            p["draws"],
            p["a_wins_placing_first"],
            p["b_wins_placing_first"]
        );
    }
    golden("seega-tournament-seed1.txt", &pinned);
}

#[test]
fn tournament_text_ranks_by_the_specifications_score() {
    let o = tabula(
        &[
            "tournament",
            "seega",
            "--agents",
            "random,greedy",
            "--games",
            "2",
            "--seed",
            "4",
        ],
        "",
    );
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert!(o.stdout.contains("rank  agent"), "{}", o.stdout);
    assert!(
        o.stdout
            .contains("score = wins + draws/2 - 1 per cumulative second in the agent's calls"),
        "{}",
        o.stdout
    );
}

#[test]
fn tournament_refuses_bad_requests_with_a_message() {
    let cases: &[(&[&str], i32, &str)] = &[
        (
            &["--agents", "random,nobody"],
            1,
            "unknown agent \"nobody\"; known: alphabeta[-BUDGET], greedy, mcts[-BUDGET], random",
        ),
        (&["--agents", "random,greedy", "--games", "3"], 1, "even"),
        (&["--agents", "random,greedy", "--size", "6"], 1, "odd"),
        (
            &["--agents", "random,greedy", "--stalemate", "0"],
            1,
            "at least 1",
        ),
        (&["--agents", "random"], 1, "at least 2 entrants"),
        (&["--agents", "random,random"], 1, "named twice"),
        (&["--agents", "alphabeta-0,random"], 1, "not a budget"),
        (&["--agents", "random,greedy", "--games", "0"], 2, "--games"),
    ];
    for (args, code, message) in cases {
        let mut all = vec!["tournament", "seega"];
        all.extend_from_slice(args);
        let o = tabula(&all, "");
        assert_eq!(o.code, Some(*code), "{args:?}: {}", o.stderr);
        assert!(o.stderr.contains(message), "{args:?}: {}", o.stderr);
        assert!(!o.stderr.contains("panicked"), "{}", o.stderr);
    }
}

#[test]
fn records_are_written_and_replay_cleanly() {
    for format in ["ron", "json"] {
        let dir = temp_dir(&format!("seega-{format}"));
        let o = tabula(
            &[
                "tournament",
                "seega",
                "--agents",
                "random,greedy",
                "--games",
                "2",
                "--seed",
                "2",
                "--record",
                dir.to_str().unwrap(),
                "--record-format",
                format,
            ],
            "",
        );
        assert_eq!(o.code, Some(0), "{}", o.stderr);
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        assert_eq!(files.len(), 2, "{files:?}");
        for f in &files {
            assert_eq!(f.extension().unwrap(), format);
            let r = tabula(&["replay", "seega", f.to_str().unwrap()], "");
            assert_eq!(r.code, Some(0), "{}: {}", f.display(), r.stderr);
            assert!(r.stdout.contains("Every step is legal."), "{}", r.stdout);
            assert!(
                r.stdout.contains(" wins.\n") || r.stdout.contains("A draw.\n"),
                "{}",
                r.stdout
            );
            assert!(
                r.stdout.contains("    a b c d e\n"),
                "positions are printed: {}",
                r.stdout
            );
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// A record of the framework's format with `steps` and `end`.
fn seega_record(steps: &str, end: &str) -> String {
    format!(
        "(game: \"seega\", parameters: (size: 5, stalemate: 30, first: Black), seed: 0, index: 0,\n\
         players: [\"a\", \"b\"], steps: [\n{steps}], end: {end})\n"
    )
}

#[test]
fn replay_names_the_first_illegal_step_and_fails() {
    let dir = temp_dir("seega-illegal");
    let file = dir.join("bad.ron");
    // White places on the centre at the second step (index 1).
    std::fs::write(
        &file,
        seega_record(
            "Move(seat: 0, mv: Place(((0, 0), (0, 1)))),\n\
             Move(seat: 1, mv: Place(((2, 2), (0, 3)))),\n\
             Move(seat: 0, mv: Place(((4, 4), (4, 3)))),\n",
            "Stopped",
        ),
    )
    .unwrap();
    let o = tabula(&["replay", "seega", file.to_str().unwrap()], "");
    assert_eq!(o.code, Some(1));
    assert!(o.stdout.contains("   0. Black: a1 b1\n"), "{}", o.stdout);
    assert!(
        o.stdout
            .contains("ILLEGAL: step 1: White moves c3 d1, which is not a legal move here"),
        "{}",
        o.stdout
    );
    assert!(o.stderr.contains("step 1:"), "{}", o.stderr);

    // A recorded result the replay does not reach.
    let file = dir.join("claims.ron");
    std::fs::write(
        &file,
        seega_record(
            "Move(seat: 0, mv: Place(((0, 0), (0, 1)))),\n",
            "Finished((scores: [1.0, 0.0], ranks: [1, 2]))",
        ),
    )
    .unwrap();
    let o = tabula(&["replay", "seega", file.to_str().unwrap()], "");
    assert_eq!(o.code, Some(1), "{}", o.stderr);
    assert!(
        o.stderr
            .contains("the game is not over after its last step"),
        "{}",
        o.stderr
    );

    // Broken files: file:line:column, no panic.
    let file = dir.join("broken.ron");
    std::fs::write(&file, "(game: \"seega\",\n parameters: thirty)").unwrap();
    let o = tabula(&["replay", "seega", file.to_str().unwrap()], "");
    assert_eq!(o.code, Some(1));
    assert!(
        o.stderr.contains(&format!("{}:2:", file.display())),
        "{}",
        o.stderr
    );
    // A record of another game, named as such.
    let file = dir.join("other.ron");
    std::fs::write(&file, "(game: \"noline\", parameters: (), steps: [])").unwrap();
    let o = tabula(&["replay", "seega", file.to_str().unwrap()], "");
    assert_eq!(o.code, Some(1));
    assert!(o.stderr.contains("not of \"seega\""), "{}", o.stderr);
    let o = tabula(
        &["replay", "seega", dir.join("missing.ron").to_str().unwrap()],
        "",
    );
    assert_eq!(o.code, Some(1));
    assert!(o.stderr.contains("cannot read"), "{}", o.stderr);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The person's answers for a whole game against `agent` with `seed`:
/// the first free squares in board order, then the first legal slide (or
/// `pass`), computed by running the same agent with the same random
/// stream (seat 1's of game 0), as `tabula play seega` does.
fn scripted_game(agent: &str, seed: u64) -> (String, Position) {
    let game = Seega::new(Rules::new(5, 30, Side::Black).unwrap());
    let mut bot = tabula_seega::agent::build(&game, agent).unwrap();
    bot.new_game(&game, 1);
    let mut streams = Streams::new(seed, 0);
    let mut p = Position::new(*game.rules());
    let mut input = String::new();
    // Noise the program must re-prompt on, before the first answer.
    input += "hello\nz9 a1\nc3 a1\n\n";
    while p.verdict().is_none() {
        if p.to_move() == Side::White {
            let a = bot.choose(&game, &p, 1, streams.agent(1));
            p.play(&a).unwrap();
            continue;
        }
        let action = match p.phase() {
            Phase::Placement => {
                let free: Vec<_> = p.placements().take(2).collect();
                input += &format!("{} {}\n", free[0], free[1]);
                Action::Place([free[0], free[1]])
            }
            Phase::Movement => match p.slides().next() {
                Some(s) => {
                    // Spelled the other accepted way.
                    input += &format!("{}-{}\n", s.from, s.to);
                    Action::Move(s)
                }
                None => {
                    input += "pass\n";
                    Action::Blocked
                }
            },
        };
        p.play(&action).unwrap();
    }
    (input, p)
}

#[test]
fn play_a_whole_game_at_the_terminal() {
    let (input, end) = scripted_game("greedy", 12345);
    let decided = end.verdict().unwrap();
    let dir = temp_dir("seega-play");
    let o = tabula(
        &[
            "play",
            "seega",
            "--agent",
            "greedy",
            "--seed",
            "12345",
            "--record",
            dir.to_str().unwrap(),
        ],
        &input,
    );
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert!(
        o.stdout
            .contains("You play Black (B), greedy plays White (W). You place first."),
        "{}",
        o.stdout
    );
    for garbage in [
        "expected two squares, like c2 c3, not \"hello\". (type help for the legal moves)",
        "z9 is off the 5x5 board",
        "Not allowed: nothing may be placed on the centre square c3. (type help",
    ] {
        assert!(o.stdout.contains(garbage), "{garbage}: {}", o.stdout);
    }
    // The final position, its summary, who won, the record, the verdict.
    let who = match decided.winner {
        Some(w) => format!("{w} wins."),
        None => "A draw.".to_string(),
    };
    // A draw is said once, by the framework's account of the result.
    let verdict = match decided.winner {
        Some(Side::Black) => "You win!\n",
        Some(Side::White) => "You lose.\n",
        None => "",
    };
    let record = dir.join("seega-12345.ron");
    let ending = format!(
        "{}{}\n{who}\nRecord written to {}.\n{verdict}",
        end.render(),
        end.summary(),
        record.display()
    );
    assert!(o.stdout.ends_with(&ending), "{ending}\n{}", o.stdout);
    // The record replays to the same result.
    let r = tabula(
        &["replay", "seega", "--brief", record.to_str().unwrap()],
        "",
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(
        r.stdout.ends_with(&format!(
            "{}{}\n{who}\nEvery step is legal.\n",
            end.render(),
            end.summary()
        )),
        "{}",
        r.stdout
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn garbage_and_end_of_input_stop_cleanly_and_keep_the_record() {
    let dir = temp_dir("seega-eof");
    // Two placements and some garbage, then input ends.
    let o = tabula(
        &[
            "play",
            "seega",
            "--agent",
            "alphabeta",
            "--seed",
            "7",
            "--record",
            dir.to_str().unwrap(),
        ],
        "a1 b1\nc2 c3 c4\npass\nhelp\na2 b2\n",
    );
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    for said in [
        "expected two squares, like c2 c3, not \"c2 c3 c4\"",
        "Not allowed: pieces are still being placed: two placements are due.",
        "Legal moves (",
        "When you cannot move, type pass.",
        "Black, your move: \nGame stopped.\n",
        "The game is unfinished.\n",
    ] {
        assert!(o.stdout.contains(said), "{said}: {}", o.stdout);
    }
    assert!(o.stderr.is_empty(), "{}", o.stderr);
    let record = dir.join("seega-7.ron");
    let r = tabula(&["replay", "seega", record.to_str().unwrap()], "");
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.contains("   0. Black: a1 b1\n"), "{}", r.stdout);
    assert!(r.stdout.contains("   2. Black: a2 b2\n"), "{}", r.stdout);
    assert!(
        r.stdout.contains("The record ends before the game does."),
        "{}",
        r.stdout
    );
    // Nothing at all on stdin.
    let o = tabula(&["play", "seega", "--agent", "random", "--seed", "7"], "");
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert!(o.stdout.contains("Game stopped."), "{}", o.stdout);
    // An unknown agent is refused before the game.
    let o = tabula(&["play", "seega", "--agent", "nobody"], "");
    assert_eq!(o.code, Some(1));
    assert!(
        o.stderr.contains("unknown agent \"nobody\"; known: "),
        "{}",
        o.stderr
    );
    assert!(o.stdout.is_empty(), "{}", o.stdout);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn playing_white_with_the_agent_placing_first() {
    let o = tabula(
        &[
            "play", "seega", "--agent", "random", "--seed", "3", "--side", "white", "--first",
            "agent",
        ],
        "quit\n",
    );
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert!(
        o.stdout
            .contains("You play White (W), random plays Black (B). random places first."),
        "{}",
        o.stdout
    );
    assert!(o.stdout.contains("Black (random) plays "), "{}", o.stdout);
    assert!(o.stdout.contains("White, your move: "), "{}", o.stdout);
}

#[test]
fn list_shows_seega_and_its_agents() {
    let o = tabula(&["list"], "");
    assert_eq!(o.code, Some(0));
    assert!(o.stdout.contains("seega"), "{}", o.stdout);
    for agent in ["alphabeta", "greedy", "mcts", "random"] {
        assert!(o.stdout.contains(agent), "{}", o.stdout);
    }
}

/// `tabula tournament seega` run with `args` and `--format json`, parsed.
fn tournament_json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["tournament"];
    all.extend_from_slice(args);
    all.extend(["--agents", "greedy,random", "--games", "2", "--seed", "5"]);
    all.extend(["--format", "json"]);
    let o = tabula(&all, "");
    assert_eq!(o.code, Some(0), "{args:?}: {}", o.stderr);
    serde_json::from_str(&o.stdout).unwrap()
}

#[test]
fn parameters_come_as_options_a_file_or_a_spec_string_alike() {
    let dir = temp_dir("seega-params");
    let file = dir.join("seven.ron");
    std::fs::write(&file, "(size: 7, stalemate: 20)").unwrap();
    let options = tournament_json(&["seega", "--size", "7", "--stalemate", "20"]);
    let spec = tournament_json(&["seega(size=7, stalemate=20)"]);
    let ron = tournament_json(&["seega", "--params", file.to_str().unwrap()]);
    for v in [&options, &spec, &ron] {
        assert_eq!(v["spec"], "seega(size=7, stalemate=20, first=Black)");
        assert_eq!(
            (v["size"].as_u64(), v["stalemate"].as_u64()),
            (Some(7), Some(20))
        );
        assert_eq!(v["pairs"], options["pairs"]);
    }
    // The specification's moves per game are the movement phase's: the framework's
    // count of decisions less the placements, (7 * 7 - 1) / 2 of them two
    // pieces at a time, in games no one forfeits.
    assert_eq!(options["faults"].as_array().map(Vec::len), Some(0));
    let all = options["standings"]["pairings"][0]["mean_moves"]
        .as_f64()
        .unwrap();
    let moving = options["pairs"][0]["mean_moves"].as_f64().unwrap();
    assert_eq!(all - moving, 24.0, "{all} {moving}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_bad_parameter_is_named_with_what_it_takes() {
    let cases: &[(&[&str], &[&str])] = &[
        (
            &["tournament", "seega", "--size", "21"],
            &["parameter size", "from 5 to 19"],
        ),
        (&["simulate", "seega(size=6)"], &["odd"]),
        (
            &["play", "seega", "--stalemate", "0"],
            &["parameter stalemate", "at least 1"],
        ),
        (
            &["simulate", "seega", "--first", "Green"],
            &["parameter first", "one of Black, White"],
        ),
        (
            &["play", "seega", "--first", "Green"],
            &["--first", "you, agent, Black or White"],
        ),
    ];
    for (args, says) in cases {
        let mut all = args.to_vec();
        if args[0] == "tournament" {
            all.extend(["--agents", "greedy,random"]);
        }
        let o = tabula(&all, "");
        assert_eq!(o.code, Some(1), "{args:?}: {}", o.stderr);
        for s in *says {
            assert!(o.stderr.contains(s), "{args:?}: {s}: {}", o.stderr);
        }
        assert!(!o.stderr.contains("panicked"), "{}", o.stderr);
    }
}

#[test]
fn simulate_plays_the_named_agents_and_does_not_depend_on_threads() {
    let run = |threads: &str| {
        let o = tabula(
            &[
                "simulate",
                "seega(size=7)",
                "--agents",
                "random,greedy",
                "--games",
                "12",
                "--seed",
                "9",
                "--threads",
                threads,
                "--format",
                "json",
            ],
            "",
        );
        assert_eq!(o.code, Some(0), "{}", o.stderr);
        serde_json::from_str::<serde_json::Value>(&o.stdout).unwrap()
    };
    let (one, two) = (run("1"), run("2"));
    assert_eq!(one["game"], "seega");
    assert_eq!(one["parameters"]["size"], 7);
    assert_eq!(one["seats"], two["seats"]);
    assert_eq!(one["seats"].as_array().map(Vec::len), Some(2));
}

#[test]
fn play_seats_agents_by_side_and_watches_agents_play() {
    // Two agents: nobody is asked, the game ends, no verdict is said.
    let o = tabula(
        &[
            "play",
            "seega",
            "--agents",
            "greedy,random",
            "--first",
            "White",
            "--seed",
            "4",
        ],
        "",
    );
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert!(
        o.stdout
            .contains("Seega on a 5x5 board. White places first."),
        "{}",
        o.stdout
    );
    assert!(o.stdout.contains("Black (greedy) plays "), "{}", o.stdout);
    assert!(
        o.stdout.contains(" wins.\n") || o.stdout.contains("A draw.\n"),
        "{}",
        o.stdout
    );
    assert!(!o.stdout.contains("You "), "{}", o.stdout);
    // Without --first, Black places first, as the parameter's default.
    let o = tabula(
        &["play", "seega", "--agents", "random,random", "--seed", "4"],
        "",
    );
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert!(
        o.stdout
            .contains("Seega on a 5x5 board. Black places first."),
        "{}",
        o.stdout
    );
    // You as White by --agents; --first you makes White place first.
    let o = tabula(
        &[
            "play",
            "seega",
            "--agents",
            "random,you",
            "--first",
            "you",
            "--seed",
            "4",
        ],
        "quit\n",
    );
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert!(
        o.stdout
            .contains("You play White (W), random plays Black (B). You place first."),
        "{}",
        o.stdout
    );
    assert!(
        o.stdout.contains("The game is unfinished.\n"),
        "{}",
        o.stdout
    );
}
