//! The layers hold: every dependency points down (front ends → games →
//! foundation), the front ends and the foundation name no game, and no
//! crate's modules import each other in a cycle.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The layer of a package, from its folder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Layer {
    Foundation,
    Game,
    FrontEnd,
    /// The root package, examples and test crates, and the Python module
    /// (which links the games as the `tabula` binary does): users of
    /// everything.
    Top,
}

fn layer(dir: &Path) -> Layer {
    let rel = dir.strip_prefix(root()).expect("inside the workspace");
    let rel = rel.to_string_lossy().replace('\\', "/");
    if rel == "crates/front-ends/python" {
        Layer::Top
    } else if rel.starts_with("crates/foundation/") {
        Layer::Foundation
    } else if rel.starts_with("games/") {
        Layer::Game
    } else if rel.starts_with("crates/front-ends/") {
        Layer::FrontEnd
    } else {
        assert!(
            rel.is_empty() || rel.starts_with("examples/") || rel.starts_with("tests/"),
            "{rel}: a package outside the three layers and the users' folders"
        );
        Layer::Top
    }
}

/// Every `Cargo.toml` of the workspace's packages (not the tutorials'
/// workspace; not target folders).
fn manifests() -> Vec<PathBuf> {
    let mut found = vec![root().join("Cargo.toml")];
    for top in ["crates", "games", "examples", "tests"] {
        let mut stack = vec![root().join(top)];
        while let Some(dir) = stack.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for e in entries.flatten() {
                let p = e.path();
                if p.is_dir() && p.file_name().is_some_and(|n| n != "target" && n != "src") {
                    stack.push(p);
                } else if p.file_name().is_some_and(|n| n == "Cargo.toml")
                    && !std::fs::read_to_string(&p)
                        .is_ok_and(|t| t.lines().any(|l| l.trim() == "[workspace]"))
                {
                    found.push(p);
                }
            }
        }
    }
    found.sort();
    found
}

/// The package name and its (non-dev) dependency names, read from the
/// manifest's `[package]` and `[dependencies]` tables.
fn package(manifest: &Path) -> (String, Vec<String>) {
    let text = std::fs::read_to_string(manifest).expect("a manifest");
    let mut table = String::new();
    let mut name = String::new();
    let mut deps = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            table = line.to_string();
            continue;
        }
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let key = line
            .split(['=', '.', ' '])
            .next()
            .unwrap_or("")
            .trim()
            .to_string();
        if table == "[package]" && key == "name" {
            name = line
                .split_once('=')
                .map(|(_, v)| v.trim().trim_matches('"').to_string())
                .unwrap_or_default();
        }
        if table == "[dependencies]" {
            deps.push(key);
        }
    }
    (name, deps)
}

#[test]
fn dependencies_point_down_and_front_ends_name_no_game() {
    let mut layers: BTreeMap<String, (Layer, PathBuf)> = BTreeMap::new();
    let mut deps: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for m in manifests() {
        let (name, d) = package(&m);
        if name.is_empty() {
            continue;
        }
        let dir = m.parent().expect("a folder").to_path_buf();
        layers.insert(name.clone(), (layer(&dir), dir));
        deps.insert(name, d);
    }
    assert!(layers.len() >= 12, "{layers:?}");
    let mut wrong = Vec::new();
    for (name, d) in &deps {
        let (from, dir) = &layers[name];
        for dep in d {
            let Some((to, _)) = layers.get(dep) else {
                continue; // not a workspace package
            };
            let ok = match from {
                Layer::Foundation => *to == Layer::Foundation,
                // A game may use the foundation and the crates of its own
                // folder (a game split into crates under one folder).
                Layer::Game => {
                    *to == Layer::Foundation
                        || (*to == Layer::Game && {
                            let own = dir.parent().expect("a folder");
                            layers[dep].1.starts_with(own) && own != root().join("games")
                        })
                }
                Layer::FrontEnd => matches!(to, Layer::Foundation | Layer::FrontEnd),
                Layer::Top => true,
            };
            if !ok {
                wrong.push(format!("{name} ({from:?}) depends on {dep} ({to:?})"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "dependencies that point the wrong way:\n{}",
        wrong.join("\n")
    );
}

/// Only the front ends draw progress: `indicatif` (bars and spinners) is
/// a dependency of front-end packages alone, never of the registry
/// (`tabula-registry`, which keeps only the progress interface) nor of any
/// foundation or game crate.
#[test]
fn only_the_front_ends_depend_on_indicatif() {
    let mut drawing = Vec::new();
    let mut wrong = Vec::new();
    for m in manifests() {
        let (name, deps) = package(&m);
        if name.is_empty() || !deps.iter().any(|d| d == "indicatif") {
            continue;
        }
        let from = layer(m.parent().expect("a folder"));
        if from == Layer::FrontEnd {
            drawing.push(name);
        } else {
            wrong.push(format!("{name} ({from:?})"));
        }
    }
    assert!(
        wrong.is_empty(),
        "packages outside the front ends that depend on indicatif:\n{}",
        wrong.join("\n")
    );
    // The command line draws the bars: the check reads real manifests.
    assert!(drawing.contains(&"tabula-cli".to_string()), "{drawing:?}");
}

/// Only the front ends parse command lines: `clap` is a dependency of
/// front-end packages alone (and of the root package's tests), never of
/// the registry (`tabula-registry`, which declares arguments as data:
/// `tabula_registry::args`) nor of any foundation or game crate.
#[test]
fn only_the_front_ends_depend_on_clap() {
    let mut parsing = Vec::new();
    let mut wrong = Vec::new();
    for m in manifests() {
        let (name, deps) = package(&m);
        if name.is_empty() || !deps.iter().any(|d| d == "clap") {
            continue;
        }
        let from = layer(m.parent().expect("a folder"));
        match from {
            Layer::FrontEnd => parsing.push(name),
            // The root package has clap among its dev-dependencies only
            // (tests/commands.rs checks the command line's clap tree).
            Layer::Top => {}
            _ => wrong.push(format!("{name} ({from:?})")),
        }
    }
    assert!(
        wrong.is_empty(),
        "packages outside the front ends that depend on clap:\n{}",
        wrong.join("\n")
    );
    assert!(parsing.contains(&"tabula-cli".to_string()), "{parsing:?}");
}

/// What `cargo tree -e normal` of `package` (with `features`) lists:
/// one package name a line.
fn tree(package: &str, features: &[&str]) -> Vec<String> {
    // Several tests ask for the same trees (every game's, with all its
    // features): each is asked of cargo once.
    type Trees = std::sync::Mutex<std::collections::HashMap<String, Vec<String>>>;
    static TREES: std::sync::OnceLock<Trees> = std::sync::OnceLock::new();
    // Asked under the lock: a test asking for a tree another is asking
    // cargo for waits for it.
    let mut trees = TREES
        .get_or_init(Trees::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    trees
        .entry(format!("{package} {}", features.join(" ")))
        .or_insert_with(|| tree_of(package, features))
        .clone()
}

fn tree_of(package: &str, features: &[&str]) -> Vec<String> {
    let out = std::process::Command::new(env!("CARGO"))
        .current_dir(root())
        .args(["tree", "--offline", "-e", "normal", "--prefix", "none"])
        .args(features)
        .args(["-p", package])
        .output()
        .expect("cargo tree runs");
    assert!(
        out.status.success(),
        "cargo tree -p {package}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let tree = String::from_utf8_lossy(&out.stdout);
    assert!(tree.contains(package), "{tree}");
    tree.lines()
        .map(|l| l.split(' ').next().unwrap_or("").to_string())
        .collect()
}

/// The web server builds its forms from the commands' options as data
/// and takes a form's values with the registry's validator, and its own
/// options are data too: it depends on neither clap nor the command
/// line's crate (nor its progress bars).
#[test]
fn the_web_server_depends_on_neither_clap_nor_the_command_line() {
    let names = tree("tabula-serve", &[]);
    assert!(names.iter().any(|n| n == "tabula-registry"), "{names:?}");
    for gone in ["clap", "tabula-cli", "indicatif"] {
        assert!(!names.iter().any(|n| n == gone), "{gone}: {names:?}");
    }
}

/// The registry and every game, with all its features (its commands,
/// its pictures, its registration), build without clap: their arguments
/// are data, which the front ends turn into their command line.
#[test]
fn the_registry_and_the_games_build_without_clap() {
    let games = game_packages();
    assert!(games.len() >= 7, "{games:?}");
    let mut wrong = Vec::new();
    for package in ["tabula-registry".to_string(), "tabula-verbs".to_string()]
        .into_iter()
        .chain(games)
    {
        if tree(&package, &["--all-features"])
            .iter()
            .any(|d| d == "clap")
        {
            wrong.push(package);
        }
    }
    assert!(
        wrong.is_empty(),
        "packages that bring clap with all their features: {wrong:?}"
    );
    // The check sees clap where it is: the command line brings it.
    assert!(tree("tabula-cli", &[]).iter().any(|d| d == "clap"));
}

/// The registry, the pictures as data and every game, with all its
/// features, build without plotters or tabula-plot: a report describes
/// its pictures (`tabula_picture`), and only the front ends draw them.
#[test]
fn the_registry_the_pictures_and_the_games_draw_nothing() {
    let games = game_packages();
    assert!(games.len() >= 7, "{games:?}");
    let mut wrong = Vec::new();
    for package in ["tabula-registry", "tabula-picture"]
        .into_iter()
        .map(String::from)
        .chain(games)
    {
        let drawing: Vec<String> = tree(&package, &["--all-features"])
            .into_iter()
            .filter(|d| d == "plotters" || d == "tabula-plot")
            .collect();
        if !drawing.is_empty() {
            wrong.push(format!("{package}: {drawing:?}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "packages that bring a drawing library with all their features:\n{}",
        wrong.join("\n")
    );
    // The check sees plotters where it is: the command line draws.
    let cli = tree("tabula-cli", &[]);
    assert!(cli.iter().any(|d| d == "plotters"), "{cli:?}");
    assert!(cli.iter().any(|d| d == "tabula-plot"), "{cli:?}");
}

/// The code lines (not comments) of `files` that name any of `names`,
/// as `file:line: code`.
fn code_naming(files: &[PathBuf], names: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file).expect("a source file");
        for (n, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if !code.starts_with("//") && names.iter().any(|name| code.contains(name)) {
                found.push(format!("{}:{}: {}", file.display(), n + 1, code));
            }
        }
    }
    found
}

/// No source outside the front ends and the root package names plotters
/// or tabula_plot in its code (comments may say who draws): the
/// foundation (the registry and `tabula_picture` included), every game
/// (its commands, pages and tests too), the examples and the test game
/// describe pictures as data.
#[test]
fn no_source_outside_the_front_ends_names_the_drawing() {
    let mut files = Vec::new();
    for dir in ["crates/foundation", "games", "examples", "tests/test-game"] {
        files.extend(sources(&root().join(dir)));
    }
    assert!(files.len() >= 100, "{files:?}");
    let found = code_naming(&files, &["plotters", "tabula_plot"]);
    assert!(
        found.is_empty(),
        "sources outside the front ends that name the drawing:\n{}",
        found.join("\n")
    );
}

/// No source outside the front ends names clap in its code (comments
/// may say what the front ends do with it): the registry, the
/// foundation, every game (its commands included) and the root
/// package's sources and programs declare and read arguments through
/// `tabula_registry::args`.
#[test]
fn no_source_outside_the_front_ends_names_clap() {
    let mut files = sources(&root().join("crates/foundation"));
    files.extend(sources(&root().join("games")));
    files.extend(sources(&root().join("src")));
    // Sources only: a game's or crate's tests may drive the command line.
    files.retain(|f| f.components().any(|c| c.as_os_str() == "src"));
    assert!(files.len() >= 50, "{files:?}");
    let found = code_naming(&files, &["clap"]);
    assert!(
        found.is_empty(),
        "sources outside the front ends that name clap:\n{}",
        found.join("\n")
    );
}

/// The registry writes nothing on stderr itself and decides no exit
/// code: its commands say progress and notes through `Io::progress`, and
/// the front ends show them (`tabula_cli::progress`) and end the program
/// (`tabula_cli::exit`).
#[test]
fn the_registry_draws_nothing_on_stderr() {
    let src = root().join("crates/foundation/registry/src");
    let files = sources(&src);
    assert!(files.len() >= 10, "{files:?}");
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a source file");
        for (n, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            for name in [
                "std::io::stderr",
                "eprint",
                "IsTerminal",
                "indicatif",
                "ExitCode",
            ] {
                if code.contains(name) {
                    found.push(format!("{}:{}: {name}", file.display(), n + 1));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "the registry writes on stderr or ends the program itself:\n{}",
        found.join("\n")
    );
}

/// The modules of a crate (`src/a.rs` and `src/a/mod.rs` are `a`;
/// `src/a/b.rs` is `a`, counted with its parent) and, for each, the
/// top-level modules its code (not its comments) names as `crate::x` or
/// `use crate::{x, ..}`.
fn module_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).expect("a source folder").flatten() {
            let p = e.path();
            if p.is_dir() {
                if p.file_name().is_some_and(|n| n != "bin") {
                    stack.push(p);
                }
                continue;
            }
            if p.extension().is_none_or(|x| x != "rs") {
                continue;
            }
            let rel = p.strip_prefix(src).expect("inside src");
            let first = rel
                .components()
                .next()
                .expect("a path")
                .as_os_str()
                .to_string_lossy()
                .trim_end_matches(".rs")
                .to_string();
            if first == "lib" || first == "main" {
                continue; // the crate root re-exports; it is not a module
            }
            // Code only: a doc link to another module is not an import.
            let text: String = std::fs::read_to_string(&p)
                .expect("a source file")
                .lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .collect::<Vec<_>>()
                .join("\n");
            let uses = graph.entry(first.clone()).or_default();
            for (i, _) in text.match_indices("crate::") {
                let rest = &text[i + "crate::".len()..];
                if let Some(list) = rest.strip_prefix('{') {
                    let end = list.find('}').unwrap_or(list.len());
                    for item in list[..end].split(',') {
                        let m: String = item
                            .trim()
                            .chars()
                            .take_while(|c| c.is_alphanumeric() || *c == '_')
                            .collect();
                        uses.insert(m);
                    }
                } else {
                    let m: String = rest
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    uses.insert(m);
                }
            }
            uses.remove(&first);
        }
    }
    // Names that are not modules (items re-exported at the root) do not
    // make edges.
    let modules: BTreeSet<String> = graph.keys().cloned().collect();
    for uses in graph.values_mut() {
        uses.retain(|m| modules.contains(m));
    }
    graph
}

/// A cycle in `graph`, if there is one, as the modules along it.
fn cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        n: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(n.to_string(), 1);
        path.push(n.to_string());
        for m in &graph[n] {
            match state.get(m.as_str()).copied().unwrap_or(0) {
                1 => {
                    let start = path.iter().position(|p| p == m).unwrap_or(0);
                    let mut c = path[start..].to_vec();
                    c.push(m.clone());
                    return Some(c);
                }
                0 => {
                    if let Some(c) = visit(m, graph, state, path) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        path.pop();
        state.insert(n.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for n in graph.keys() {
        if state.get(n.as_str()).copied().unwrap_or(0) == 0
            && let Some(c) = visit(n, graph, &mut state, &mut Vec::new())
        {
            return Some(c);
        }
    }
    None
}

#[test]
fn no_crate_has_an_import_cycle_between_its_modules() {
    let mut cycles = Vec::new();
    for m in manifests() {
        let src = m.parent().expect("a folder").join("src");
        if !src.is_dir() {
            continue;
        }
        let graph = module_graph(&src);
        if let Some(c) = cycle(&graph) {
            cycles.push(format!("{}: {}", src.display(), c.join(" -> ")));
        }
    }
    assert!(
        cycles.is_empty(),
        "module import cycles:\n{}",
        cycles.join("\n")
    );
}

#[test]
fn the_cycle_finder_finds_cycles() {
    let g: BTreeMap<String, BTreeSet<String>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a"]),
        ("d", vec![]),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.into_iter().map(String::from).collect()))
    .collect();
    assert_eq!(cycle(&g).map(|c| c.len()), Some(4));
    let acyclic: BTreeMap<String, BTreeSet<String>> = [("a", vec!["b"]), ("b", vec![])]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.into_iter().map(String::from).collect()))
        .collect();
    assert_eq!(cycle(&acyclic), None);
}

#[test]
fn the_front_ends_name_no_game_even_in_comments() {
    // The games are the folders of games/.
    let games: Vec<String> = std::fs::read_dir(root().join("games"))
        .expect("games/")
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(games.len() >= 4, "{games:?}");
    let mut found = Vec::new();
    let mut stack = vec![root().join("crates/front-ends")];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).expect("a folder").flatten() {
            let p = e.path();
            if p.is_dir() {
                if p.file_name().is_some_and(|n| n != "target") {
                    stack.push(p);
                }
                continue;
            }
            if !p.extension().is_some_and(|x| x == "rs" || x == "toml") {
                continue;
            }
            let text = std::fs::read_to_string(&p).expect("a file").to_lowercase();
            for g in &games {
                for name in [g.clone(), g.replace('-', "_")] {
                    let hit = text.match_indices(&name).any(|(i, _)| {
                        let before = text[..i].chars().next_back();
                        let after = text[i + name.len()..].chars().next();
                        let word = |c: Option<char>| {
                            c.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '-')
                        };
                        !word(before) && !word(after)
                    });
                    if hit {
                        found.push(format!("{}: {name}", p.display()));
                    }
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "the front ends name games:\n{}",
        found.join("\n")
    );
}

/// Every `.rs` file under `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                found.push(p);
            }
        }
    }
    found
}

#[test]
fn a_library_built_without_its_test_harness_has_its_unit_tests_run_by_ci() {
    // `[lib] test = false` spares `cargo test` a second compile of the
    // crate, and leaves out any unit test written in it: such a crate says
    // why in its manifest, and `.ci/run` finds it there and runs its unit
    // tests (`cargo test --release -p tabula -p CRATE --lib`).
    let ci = std::fs::read_to_string(root().join(".ci/run")).expect(".ci/run");
    assert!(
        ci.contains(r#"cargo test --release -p tabula "${unit_args[@]}" --lib"#)
            && ci.contains(r#"not target.get("test", True)"#)
            && ci.contains(r##""#[cfg(test)]" in t or "#[test]" in t"##),
        ".ci/run no longer finds and runs the unit tests of the libraries that say `test = false`"
    );
    let (mut unharnessed, mut with_unit_tests) = (0, 0);
    for manifest in manifests() {
        let text = std::fs::read_to_string(&manifest).expect("a manifest");
        let Some((_, lib)) = text.split_once("\n[lib]") else {
            continue;
        };
        let lib = lib.split("\n[").next().unwrap_or("");
        if !lib.lines().any(|l| l.replace(' ', "") == "test=false") {
            continue;
        }
        unharnessed += 1;
        let src = manifest.parent().expect("a folder").join("src");
        let tested = sources(&src).iter().any(|file| {
            let code = std::fs::read_to_string(file).expect("a source file");
            code.contains("#[cfg(test)]") || code.contains("#[test]")
        });
        if tested {
            with_unit_tests += 1;
            assert!(
                lib.contains(".ci/run") && lib.contains("--lib"),
                "{}: unit tests in a library that says `[lib] test = false`: its manifest must say \
                 why, and how to run them (`cargo test --release -p tabula -p CRATE --lib`)",
                manifest.display()
            );
        }
    }
    assert!(
        unharnessed >= 18 && with_unit_tests >= 8,
        "the check found {unharnessed} such crates, {with_unit_tests} with unit tests"
    );
}

#[test]
fn every_integration_test_file_is_compiled() {
    // A package with `autotests = false` lists its test binaries, or has
    // them listed by another package (the library crates' suites are
    // compiled in the root package: its Cargo.toml says why); a file in
    // its tests/ that is neither one of them nor a `#[path]` module of one
    // would never run.
    let mut checked = 0;
    // Every test binary any manifest lists, as a path from the root.
    let mut binaries: BTreeSet<PathBuf> = BTreeSet::new();
    for manifest in manifests() {
        let text = std::fs::read_to_string(&manifest).expect("a manifest");
        let dir = manifest.parent().expect("a folder");
        binaries.extend(
            text.lines()
                .filter_map(|l| l.trim().strip_prefix("path = \""))
                .map(|p| p.trim_end_matches('"'))
                .filter(|p| p.starts_with("tests/") || p.contains("/tests/"))
                .map(|p| dir.join(p)),
        );
    }
    // The files they compile: themselves and their `#[path]` modules.
    let mut compiled: BTreeSet<PathBuf> = binaries.clone();
    for binary in &binaries {
        let code = std::fs::read_to_string(binary).expect("a test");
        let folder = binary.parent().expect("a folder");
        for line in code.lines() {
            if let Some(p) = line.trim().strip_prefix("#[path = \"") {
                compiled.insert(folder.join(p.trim_end_matches("\"]")));
            }
        }
    }
    // A binary that is a folder's main.rs has the folder's files as
    // its modules: each must be declared.
    for main in binaries.iter().filter(|b| b.ends_with("main.rs")) {
        let code = std::fs::read_to_string(main).expect("a test");
        let folder = main.parent().expect("a folder");
        for e in std::fs::read_dir(folder).into_iter().flatten().flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if let Some(module) = name.strip_suffix(".rs").filter(|m| *m != "main") {
                assert!(
                    code.lines().any(|l| l.trim() == format!("mod {module};")),
                    "{}: {name} is not a module of it: add `mod {module};`",
                    main.display()
                );
                checked += 1;
            }
        }
    }
    for manifest in manifests() {
        let text = std::fs::read_to_string(&manifest).expect("a manifest");
        if !text
            .lines()
            .any(|l| l.replace(' ', "") == "autotests=false")
        {
            continue;
        }
        let dir = manifest.parent().expect("a folder");
        // (A package with no tests/ folder has nothing to miss.)
        for e in std::fs::read_dir(dir.join("tests"))
            .into_iter()
            .flatten()
            .flatten()
        {
            let name = e.file_name().to_string_lossy().into_owned();
            if name.ends_with(".rs") {
                assert!(
                    compiled.contains(&e.path()),
                    "{}: tests/{name} is in no test binary: add `#[path = \"{name}\"] mod ...;` to one of its binaries, or list it as one",
                    manifest.display()
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 20, "checked {checked} files");
}

/// Lines of code in `text`: not blank, not a comment line.
fn code_lines(text: &str) -> usize {
    text.lines()
        .map(str::trim_start)
        .filter(|l| !l.is_empty() && !l.starts_with("//"))
        .count()
}

#[test]
fn no_library_file_is_over_800_lines_of_code() {
    // A file that grows past this holds more than one idea: split it by
    // idea, in a file named after each (issue 36).
    let root = root();
    let mut files = 0;
    let mut long = Vec::new();
    for manifest in manifests() {
        let dir = manifest.parent().expect("a folder");
        let rel = dir.strip_prefix(&root).unwrap_or(dir);
        if !(rel.starts_with("crates") || rel.starts_with("games")) {
            continue;
        }
        for file in sources(&dir.join("src")) {
            let n = code_lines(&std::fs::read_to_string(&file).expect("a source file"));
            files += 1;
            if n > 800 {
                long.push(format!("{}: {n} lines of code", file.display()));
            }
        }
    }
    assert!(files > 100, "the check read only {files} files");
    assert!(
        long.is_empty(),
        "files over 800 lines of code:\n{}",
        long.join("\n")
    );
}

#[test]
fn code_lines_count_neither_blanks_nor_comments() {
    assert_eq!(
        code_lines("//! doc\n\nfn f() {\n    // note\n    1\n}\n"),
        3
    );
}

/// The game packages (every package under games/), read from the
/// manifests: no game is left out.
fn game_packages() -> Vec<String> {
    manifests()
        .into_iter()
        .filter(|m| layer(m.parent().expect("a folder")) == Layer::Game)
        .map(|m| package(&m).0)
        .filter(|name| !name.is_empty())
        .collect()
}

/// Every game's rules build without the command line's crates: with its
/// default features off, nothing of clap, indicatif or plotters (nor
/// tabula-registry, its registration, or tabula-plot, the drawing) is in its
/// dependency tree.
#[test]
fn a_games_rules_build_without_the_command_line() {
    let games = game_packages();
    assert!(games.len() >= 7, "{games:?}");
    for package in &games {
        let package = package.as_str();
        let out = std::process::Command::new(env!("CARGO"))
            .current_dir(root())
            .args(["tree", "--offline", "-e", "normal", "--prefix", "none"])
            .args(["--no-default-features", "-p", package])
            .output()
            .expect("cargo tree runs");
        let tree = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "cargo tree -p {package}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(tree.contains(package), "{tree}");
        let front: Vec<&str> = tree
            .lines()
            .filter(|l| {
                let name = l.split(' ').next().unwrap_or("");
                [
                    "clap",
                    "indicatif",
                    "plotters",
                    "tabula-registry",
                    "tabula-verbs",
                    "tabula-plot",
                ]
                .contains(&name)
            })
            .collect();
        assert!(
            front.is_empty(),
            "{package} without its default features still depends on {front:?}"
        );
    }
}

/// A manifest's tables: for each `[table]` header, its lines (comments
/// and blank lines left out), in order.
fn tables(manifest: &Path) -> BTreeMap<String, Vec<String>> {
    let text = std::fs::read_to_string(manifest).expect("a manifest");
    let mut tables: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut table = String::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            table = line.to_string();
            tables.entry(table.clone()).or_default();
        } else if !line.is_empty() && !line.starts_with('#') {
            tables
                .entry(table.clone())
                .or_default()
                .push(line.to_string());
        }
    }
    tables
}

/// The key of a manifest line (`clap = { .. }` is `clap`).
fn key(line: &str) -> &str {
    line.split(['=', '.', ' ']).next().unwrap_or("").trim()
}

/// The entries of a feature line, `commands = ["dep:clap", "x/y"]`.
fn feature_entries(line: &str) -> Vec<String> {
    let (_, list) = line.split_once('=').expect("a feature line");
    let list = list.trim();
    assert!(
        list.starts_with('[') && list.ends_with(']'),
        "a feature on one line: {line}"
    );
    list.trim_matches(['[', ']'])
        .split(',')
        .map(|e| e.trim().trim_matches('"').to_string())
        .filter(|e| !e.is_empty())
        .collect()
}

#[test]
fn a_games_rules_compile_without_clap_indicatif_or_plotters() {
    // What a game's rules must compile without: the command line's crates,
    // and every workspace package that brings one of them (the app layer,
    // the pictures, the front ends), found from the manifests.
    let mut packages: BTreeMap<String, (PathBuf, Vec<String>)> = BTreeMap::new();
    for m in manifests() {
        let (name, deps) = package(&m);
        if !name.is_empty() {
            packages.insert(name, (m, deps));
        }
    }
    let mut command_line: BTreeSet<String> = ["clap", "indicatif", "plotters"]
        .into_iter()
        .map(String::from)
        .collect();
    loop {
        let before = command_line.len();
        for (name, (_, deps)) in &packages {
            if deps.iter().any(|d| command_line.contains(d)) {
                command_line.insert(name.clone());
            }
        }
        if command_line.len() == before {
            break;
        }
    }
    for needed in ["tabula-plot", "tabula-cli", "tabula-serve"] {
        assert!(command_line.contains(needed), "{needed}: {command_line:?}");
    }
    // The registry and the pictures as data bring none of them.
    for free in ["tabula-registry", "tabula-picture"] {
        assert!(!command_line.contains(free), "{free}: {command_line:?}");
    }
    // Every game package: those crates are optional dependencies, enabled
    // by the feature `commands` alone (on by default), so that
    // `cargo build -p tabula-GAME --no-default-features` builds the rules
    // without them. No game is exempt.
    let mut games = 0;
    let mut wrong = Vec::new();
    for (name, (manifest, _)) in &packages {
        let dir = manifest.parent().expect("a folder");
        if layer(dir) != Layer::Game {
            continue;
        }
        games += 1;
        let t = tables(manifest);
        let features: BTreeMap<&str, Vec<String>> = t
            .get("[features]")
            .into_iter()
            .flatten()
            .map(|l| (key(l), feature_entries(l)))
            .collect();
        let commands = features.get("commands").cloned().unwrap_or_default();
        let mut uses_command_line = false;
        for line in t.get("[dependencies]").into_iter().flatten() {
            let dep = key(line);
            if !command_line.contains(dep) {
                continue;
            }
            uses_command_line = true;
            if !line.replace(' ', "").contains("optional=true") {
                wrong.push(format!("{name}: {dep} is not optional"));
            }
            if !commands.contains(&format!("dep:{dep}")) {
                wrong.push(format!(
                    "{name}: the feature `commands` does not enable {dep}"
                ));
            }
            for (feature, entries) in &features {
                let enables = entries.iter().any(|e| {
                    e == &format!("dep:{dep}") || e == dep || e.starts_with(&format!("{dep}/"))
                });
                if *feature != "commands" && enables {
                    wrong.push(format!("{name}: the feature `{feature}` enables {dep}"));
                }
            }
        }
        if uses_command_line
            && !features
                .get("default")
                .is_some_and(|d| d.iter().any(|e| e == "commands"))
        {
            wrong.push(format!(
                "{name}: `commands` is not a default feature (the game's registration would vanish)"
            ));
        }
    }
    assert!(games >= 7, "the check found {games} game packages");
    assert!(
        wrong.is_empty(),
        "a game's rules that need the command line:\n{}",
        wrong.join("\n")
    );
}

/// The names of the `fn`s declared at the top level of `trait NAME`'s
/// block in `source` (code, not comments).
fn trait_methods(source: &str, name: &str) -> Vec<String> {
    let head = format!("pub trait {name}");
    let Some(start) = source.find(&head) else {
        return Vec::new();
    };
    let mut methods = Vec::new();
    for line in source[start..].lines().skip(1) {
        if line.starts_with('}') {
            break;
        }
        if let Some(rest) = line.strip_prefix("    fn ") {
            let end = rest.find(['(', '<']).unwrap_or(rest.len());
            methods.push(rest[..end].to_string());
        }
    }
    methods
}

/// The game trait is the rules: what a game is (seats, states, chance,
/// moves, results), with no speed path of one game's, no loop hook and no
/// service. A method added to it is a decision about what every game is,
/// so it is made here, on purpose. The speed paths and checks are opt-in
/// traits beside the tools that use them: sampling beside the harness
/// (`tabula_sim::Sampling`, with the bulk `Tallied` on top), direct
/// checks beside the referee, replay and terminal
/// (`tabula_play::Legality`); and the observer of a run of chance has no
/// way to stop it (a person's pause is the terminal's own).
#[test]
fn the_game_trait_is_the_rules() {
    let read = |path: &str| std::fs::read_to_string(root().join(path)).expect("a source file");
    let source = read("crates/foundation/core/src/game.rs");
    let methods = trait_methods(&source, "BoardGame");
    let rules = [
        "seats",
        "initial_state",
        "status",
        "chance_outcomes",
        "apply_chance",
        "legal_moves",
        "apply_move",
        "results",
    ];
    assert_eq!(
        methods, rules,
        "BoardGame's methods changed: is the new one a rule of every game?"
    );
    let types: Vec<&str> = source[source.find("pub trait BoardGame").expect("the trait")..]
        .lines()
        .take_while(|l| !l.starts_with('}'))
        .filter_map(|l| l.strip_prefix("    type "))
        .map(|l| l.split([':', ';']).next().unwrap_or("").trim())
        .collect();
    assert_eq!(types, ["State", "Move", "Outcome", "Event"]);
    let sim = read("crates/foundation/sim/src/chance.rs");
    assert_eq!(
        trait_methods(&sim, "Sampling"),
        ["sample_chance", "run_chance", "run_chance_observed"]
    );
    assert_eq!(trait_methods(&sim, "ChanceObserver"), ["outcome", "event"]);
    let play = read("crates/foundation/play/src/legality.rs");
    assert_eq!(
        trait_methods(&play, "Legality"),
        ["is_legal", "is_possible"]
    );
}

/// Every trait declared in the library sources under `dir` (code, not
/// comments or doc examples), as `name` with the file it is in.
fn traits_declared(dir: &Path) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for file in sources(dir) {
        let rel = file
            .strip_prefix(root())
            .unwrap_or(&file)
            .display()
            .to_string();
        if rel.contains("/tests/") {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("a source file");
        for line in text.lines() {
            let code = line.trim_start();
            let rest = code
                .strip_prefix("pub trait ")
                .or_else(|| code.strip_prefix("pub(crate) trait "))
                .or_else(|| code.strip_prefix("trait "));
            if let Some(rest) = rest {
                let end = rest
                    .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .unwrap_or(rest.len());
                found.push((rest[..end].to_string(), rel.clone()));
            }
        }
    }
    found.sort();
    found
}

/// One agent concept: whatever chooses moves is a `tabula_core::Agent`.
/// The traits that declare a `fn choose` are that one and the harness's
/// seating (loop plumbing: which agent answers for which seat); none of
/// the traits the agents once came in (a policy, a deterministic
/// strategy, Seega's, Chance-it's and Cruising's own agent traits, a
/// whole-game strategy) is declared anywhere; and a game declares no
/// trait but its rules' plugins (Snakes' rule sets, Monopoly's jail
/// rule): its agents implement `Agent`, its strategies and sailors are
/// values and functions in the shape of the specifications.
#[test]
fn there_is_one_agent_concept() {
    let mut choosers = Vec::new();
    for dir in ["crates/foundation", "games"] {
        for file in sources(&root().join(dir)) {
            let rel = file
                .strip_prefix(root())
                .unwrap_or(&file)
                .display()
                .to_string();
            if rel.contains("/tests/") {
                continue;
            }
            let text = std::fs::read_to_string(&file).expect("a source file");
            let mut current = None;
            for line in text.lines() {
                if let Some(rest) = line.strip_prefix("pub trait ") {
                    current = Some(rest.split(['<', ':', ' ']).next().unwrap_or("").to_string());
                } else if line.starts_with('}') {
                    current = None;
                } else if let Some(name) = &current
                    && line.starts_with("    fn choose(")
                {
                    choosers.push(format!("{name} ({rel})"));
                }
            }
        }
    }
    choosers.sort();
    assert_eq!(
        choosers,
        [
            "Agent (crates/foundation/core/src/agent.rs)",
            "Seating (crates/foundation/sim/src/seating.rs)",
        ],
        "a second trait for whatever chooses moves"
    );
    let gone = [
        "Policy",
        "Deterministic",
        "Agents",
        "SeegaAgent",
        "Strategy",
        "WholeGame",
        "Sailor",
    ];
    let mut declared = traits_declared(&root().join("crates"));
    declared.extend(traits_declared(&root().join("games")));
    let again: Vec<_> = declared
        .iter()
        .filter(|(name, _)| gone.contains(&name.as_str()))
        .collect();
    assert!(again.is_empty(), "an agent trait is back: {again:?}");
    let games: Vec<String> = traits_declared(&root().join("games"))
        .into_iter()
        .map(|(name, file)| format!("{name} ({file})"))
        .collect();
    assert_eq!(
        games,
        [
            "DynRules (games/snakes/src/registry.rs)",
            "Jail (games/monopoly/src/jail.rs)",
            "Pack (games/snakes/src/registry.rs)",
            "Rules (games/snakes/src/plugin.rs)",
            "WithRules (games/snakes/src/dispatch.rs)",
        ],
        "a game declares a trait: is it a rule plugin, or a second agent concept?"
    );
}

/// Snakes has one `BoardGame` implementation: its rule sets, chosen by
/// name at run time, go through one generic dispatch, not a second game
/// type over an erased state.
#[test]
fn snakes_has_one_game_type() {
    let impls: Vec<String> = sources(&root().join("games/snakes/src"))
        .into_iter()
        .flat_map(|file| {
            let text = std::fs::read_to_string(&file).expect("a source file");
            text.lines()
                .filter(|l| l.starts_with("impl") && l.contains("BoardGame for"))
                .map(|l| format!("{}: {}", file.display(), l.trim()))
                .collect::<Vec<_>>()
        })
        .collect();
    assert_eq!(impls.len(), 1, "Snakes' game types: {impls:#?}");
}

#[test]
fn the_trait_reader_reads_a_trait() {
    let source =
        "pub trait T {\n    fn a(&self);\n    fn b<X>(&self) {}\n    // fn c()\n}\nfn d() {}\n";
    assert_eq!(trait_methods(source, "T"), ["a", "b"]);
    assert!(trait_methods(source, "U").is_empty());
}

/// The names of the games `text` implements `BoardGame` for, in code
/// (an `impl` line, not a comment or a doc example).
fn games_in(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim_start)
        .filter(|l| l.starts_with("impl"))
        .filter_map(|l| l.split_once("BoardGame for ").map(|(_, rest)| rest))
        .map(|rest| {
            rest.chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect::<String>()
        })
        .filter(|name| !name.is_empty())
        .collect()
}

/// The test code of the source file at `rel` (a path from the root):
/// all of it in a `tests/`, `benches/` or `examples/` folder or a
/// `tests.rs` module file, else its `#[cfg(test)] mod NAME { … }`
/// blocks (as rustfmt writes them: the block closes at a `}` in column
/// one).
fn test_code(rel: &str, text: &str) -> String {
    let whole = rel
        .split('/')
        .any(|part| ["tests", "benches", "examples", "tests.rs"].contains(&part));
    if whole {
        return text.to_string();
    }
    let mut code = String::new();
    let mut inside = false;
    let mut after_cfg = false;
    for line in text.lines() {
        if inside {
            code.push_str(line);
            code.push('\n');
            inside = line != "}";
        } else if after_cfg && line.starts_with("mod ") && line.ends_with('{') {
            inside = true;
        }
        after_cfg = line == "#[cfg(test)]" || (after_cfg && line.starts_with("#["));
    }
    code
}

/// Every toy game's name means one game: no two `BoardGame` impls in
/// test, bench or example code share a name, and none takes the name of
/// a game of the test kit (`crates/foundation/toys`), whose games are
/// used from there, not copied (issue 36). Doc examples are not counted.
#[test]
fn each_toy_game_has_a_name_of_its_own() {
    let kit_dir = root().join("crates/foundation/toys");
    let kit: BTreeSet<String> = sources(&kit_dir.join("src"))
        .iter()
        .flat_map(|f| games_in(&std::fs::read_to_string(f).expect("a source file")))
        .collect();
    assert!(kit.contains("Nim") && kit.contains("Pig"), "{kit:?}");
    let mut named: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for top in ["crates", "games", "tests", "benches", "examples"] {
        for file in sources(&root().join(top)) {
            if file.starts_with(&kit_dir) {
                continue;
            }
            let rel = file.strip_prefix(root()).expect("inside the workspace");
            let rel = rel.to_string_lossy().replace('\\', "/");
            let text = std::fs::read_to_string(&file).expect("a source file");
            for name in games_in(&test_code(&rel, &text)) {
                named.entry(name).or_default().push(rel.clone());
            }
        }
    }
    assert!(named.len() >= 20, "the check found only {named:?}");
    let clashes: Vec<String> = named
        .iter()
        .filter(|(name, files)| files.len() > 1 || kit.contains(*name))
        .map(|(name, files)| format!("{name}: {}", files.join(", ")))
        .collect();
    assert!(
        clashes.is_empty(),
        "toy games that share a name (rename one so the name says the game, \
         or use the test kit's):\n{}",
        clashes.join("\n")
    );
}

#[test]
fn the_toy_finder_reads_test_code_only() {
    let source = "//! impl BoardGame for Doc {}\nimpl BoardGame for Lib {}\n\
                  #[cfg(test)]\nmod tests {\n    impl<'a> tabula_core::BoardGame for Toy<'a> {}\n\
                  }\nimpl BoardGame for After {}\n";
    assert_eq!(games_in(source), ["Lib", "Toy", "After"]);
    assert_eq!(games_in(&test_code("crates/x/src/lib.rs", source)), ["Toy"]);
    assert_eq!(
        games_in(&test_code("crates/x/tests/t.rs", source)),
        ["Lib", "Toy", "After"]
    );
    assert_eq!(
        games_in(&test_code("crates/x/src/y/tests.rs", source)),
        ["Lib", "Toy", "After"]
    );
}

/// A command's half of a split run is the registry's; reading, checking
/// and merging part files is the command line's (`tabula_cli::split`).
#[test]
fn the_registrys_shard_module_reads_no_file() {
    let shard = root().join("crates/foundation/registry/src/shard.rs");
    let found = code_naming(
        &[shard],
        &["fs::", "fs}", "File", "read_to_string", "io::", "fn merge"],
    );
    assert!(
        found.is_empty(),
        "tabula-registry's shard.rs reads files; part files are read and merged by tabula_cli::split:\n{}",
        found.join("\n")
    );
}

/// The scanner the tests above use finds a name in code, not in comments.
#[test]
fn the_code_scanner_finds_names_in_code_only() {
    let dir = std::env::temp_dir().join(format!("tabula-layers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let file = dir.join("x.rs");
    std::fs::write(
        &file,
        "// plotters in a comment\nuse plotters::prelude::*;\n  //! clap\n",
    )
    .expect("a scratch file");
    let found = code_naming(std::slice::from_ref(&file), &["plotters", "clap"]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].ends_with(":2: use plotters::prelude::*;"),
        "{found:?}"
    );
}

/// Every file a game, the foundation or a front end that runs commands
/// opens, reads, writes or looks at goes through one chokepoint,
/// `tabula_core::files` (`Source::read` is built on it): so a run that
/// `tabula serve` confines to its own folder reads and writes nowhere
/// else, whichever game or verb it runs. Only the chokepoint itself names
/// the file system in code; the server makes and removes each run's own
/// folder (its `RunDir`) before and after the run, outside it.
#[test]
fn every_file_is_opened_through_the_one_chokepoint() {
    let mut files = Vec::new();
    for dir in [
        "crates/foundation",
        "games",
        "crates/front-ends/cli",
        "crates/front-ends/plot",
        "crates/front-ends/serve",
        "src",
    ] {
        files.extend(sources(&root().join(dir)));
    }
    // Sources only: tests make their own scratch files.
    files.retain(|f| f.components().any(|c| c.as_os_str() == "src"));
    let chokepoint = root().join("crates/foundation/core/src/files.rs");
    assert!(files.contains(&chokepoint), "{chokepoint:?}");
    files.retain(|f| *f != chokepoint);
    assert!(files.len() >= 100, "{}", files.len());
    let found = code_naming(
        &files,
        &[
            "std::fs",
            "fs::",
            "File::open",
            "File::create",
            "OpenOptions",
            ".exists()",
            ".is_file()",
            ".is_dir()",
            "metadata(",
            "read_dir",
            "canonicalize",
            "remove_file",
        ],
    );
    // The server's own folder for a run, made before the run is confined
    // to it and removed after (the `RunDir` of serve's forms).
    let allowed = [
        "let mut builder = std::fs::DirBuilder::new();",
        "std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);",
        "let _ = std::fs::remove_dir_all(&self.path);",
    ];
    let found: Vec<&String> = found
        .iter()
        // The chokepoint's own functions, called by name.
        .filter(|line| {
            let rest = line
                .replace("files::metadata(", "")
                .replace("files::remove_file(", "");
            rest.contains("fs::")
                || [
                    "File::open",
                    "File::create",
                    "OpenOptions",
                    ".exists()",
                    ".is_file()",
                    ".is_dir()",
                    "metadata(",
                    "read_dir",
                    "canonicalize",
                    "remove_file",
                ]
                .iter()
                .any(|p| rest.contains(p))
        })
        .filter(|line| {
            !(line.contains("crates/front-ends/serve/src/forms.rs")
                && allowed.iter().any(|a| line.ends_with(a)))
        })
        // noline's program asks a file it opened through the chokepoint
        // whether it is a folder.
        .filter(|line| {
            !(line.contains("games/noline/src/program.rs")
                && line.ends_with("Ok(f) if !f.metadata().is_ok_and(|m| m.is_dir()) => {"))
        })
        .collect();
    assert!(
        found.is_empty(),
        "sources that reach the file system other than through tabula_core::files:\n{}",
        found
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Verbs are plugins: the generic verbs live in `tabula-verbs`, which
/// registers each as a `VerbEntry` with inventory, through the registry's
/// public interface, as a crate outside the framework does (the test
/// game's `playthrough`); the registry neither depends on it nor submits
/// a verb itself.
#[test]
fn the_generic_verbs_register_as_any_crate_would() {
    let verbs = root().join("crates/foundation/verbs");
    assert_eq!(layer(&verbs), Layer::Foundation);
    let code: String = sources(&verbs.join("src"))
        .iter()
        .map(|f| std::fs::read_to_string(f).expect("a source file"))
        .collect();
    for verb in ["simulate", "analyze", "tournament", "play", "replay"] {
        assert!(
            code.contains(&format!("name: \"{verb}\"")),
            "tabula-verbs does not register {verb}"
        );
    }
    let registry = root().join("crates/foundation/registry");
    let (_, deps) = package(&registry.join("Cargo.toml"));
    assert!(!deps.iter().any(|d| d == "tabula-verbs"), "{deps:?}");
    let generic = [
        "name: \"simulate\"",
        "name: \"analyze\"",
        "name: \"tournament\"",
        "name: \"play\"",
        "name: \"replay\"",
    ];
    let submitted = code_naming(&sources(&registry.join("src")), &generic);
    assert!(
        submitted.is_empty(),
        "the registry registers verbs of its own:\n{}",
        submitted.join("\n")
    );
    for file in [
        verbs.join("src/lib.rs"),
        root().join("tests/test-game/src/playthrough.rs"),
    ] {
        assert_eq!(
            code_naming(std::slice::from_ref(&file), &["inventory::submit!"]).len(),
            if file.ends_with("lib.rs") { 5 } else { 1 },
            "{}",
            file.display()
        );
    }
}

/// A game registers capabilities, not hooks: the registry has no trait
/// of hooks a game implements (the 30-method `Extension` is gone), and no
/// game registers a generic verb by hand: `simulate`, `analyze`,
/// `tournament`, `play` and `replay` come from `tabula-verbs` for every
/// game they apply to.
#[test]
fn games_register_capabilities_not_verbs() {
    let registry = sources(&root().join("crates/foundation/registry/src"));
    assert!(code_naming(&registry, &["trait Extension"]).is_empty());
    let mut wrong = Vec::new();
    for file in sources(&root().join("games")) {
        let text = std::fs::read_to_string(&file).expect("a source file");
        for verb in ["simulate", "analyze", "tournament", "play", "replay"] {
            for hand in [
                format!("name: \"{verb}\""),
                format!("Typed::report(\"{verb}\""),
                format!("Typed::interactive(\"{verb}\""),
            ] {
                if text.contains(&hand) {
                    wrong.push(format!("{}: {hand}", file.display()));
                }
            }
        }
        if text.contains("verbs::Extension") || text.contains("Extension<") {
            wrong.push(format!("{}: an Extension", file.display()));
        }
    }
    assert!(
        wrong.is_empty(),
        "games registering generic verbs by hand:\n{}",
        wrong.join("\n")
    );
}

/// A user links what they use: the book's Pig tutorial, a game of its
/// own, compiles none of the shipped games, and not the web server.
#[test]
fn a_tutorial_game_compiles_no_shipped_game() {
    let out = std::process::Command::new(env!("CARGO"))
        .current_dir(root().join("book/tutorials"))
        .args([
            "tree",
            "--offline",
            "-e",
            "normal",
            "--prefix",
            "none",
            "-p",
            "pig",
        ])
        .output()
        .expect("cargo tree runs");
    assert!(
        out.status.success(),
        "cargo tree -p pig: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let tree = String::from_utf8_lossy(&out.stdout);
    let names: BTreeSet<&str> = tree
        .lines()
        .map(|l| l.split(' ').next().unwrap_or(""))
        .collect();
    assert!(
        names.contains("tabula-verbs") && names.contains("tabula-cli"),
        "{tree}"
    );
    let shipped = game_packages();
    let found: Vec<&&str> = names
        .iter()
        .filter(|n| {
            shipped.iter().any(|g| g == *n)
                || ["tabula-serve", "axum", "tokio", "tabula-mdbook"].contains(n)
        })
        .collect();
    assert!(found.is_empty(), "the Pig tutorial compiles {found:?}");
}

/// The statics of the games' sources that hold something shared and
/// mutable (`Mutex`, `RwLock`, `OnceLock`, `SolveOnce`): each
/// `file:line: text`.
fn game_statics() -> Vec<String> {
    let mut found = Vec::new();
    for file in sources(&root().join("games")) {
        let text = std::fs::read_to_string(&file).expect("a source");
        for (n, line) in text.lines().enumerate() {
            let code = line.trim_start();
            let shared = ["Mutex<", "RwLock<", "OnceLock<", "SolveOnce<"]
                .iter()
                .any(|t| code.contains(t));
            if (code.starts_with("static ") || code.starts_with("pub static ")) && shared {
                let path = file.strip_prefix(root()).unwrap_or(&file);
                found.push(format!("{}:{}: {code}", path.display(), n + 1));
            }
        }
    }
    found
}

/// Solved play is kept in one place, the framework's cache
/// (`tabula_exact::solved`, keyed by game, spec, objective and seats):
/// no game crate keeps a cache of its own in a static (Chance-it's
/// strategies, noline's perfect tables and backgammon's bear-off
/// database all ask the framework's).
#[test]
fn no_game_keeps_a_cache_of_solved_play() {
    // Not solved play: where a long solve reports its progress.
    let allowed = ["games/chance-it/src/win.rs"];
    let found: Vec<String> = game_statics()
        .into_iter()
        .filter(|f| !allowed.iter().any(|a| f.starts_with(a)))
        .collect();
    assert!(
        found.is_empty(),
        "games keep statics of shared state (solved play belongs in tabula_exact::solved):\n{}",
        found.join("\n")
    );
}

/// The game-specific agents get their solved play through the
/// registration (`tabula_registry::solved_play`, which asks the solvers
/// the game registered and keeps the answer in the one cache): a game
/// crate calls the cache itself (`tabula_exact::solved`) only where it is
/// built without its registration (the feature `commands` off).
#[test]
fn game_agents_ask_the_registration_for_solved_play() {
    let mut problems = Vec::new();
    for game in std::fs::read_dir(root().join("games"))
        .expect("games")
        .flatten()
    {
        for file in sources(&game.path().join("src")) {
            let text = std::fs::read_to_string(&file).expect("a source");
            let lines: Vec<&str> = text.lines().collect();
            for (n, line) in lines.iter().enumerate() {
                if !line.contains("tabula_exact::solved(") || line.trim_start().starts_with("//") {
                    continue;
                }
                let without = lines[n.saturating_sub(12)..n]
                    .iter()
                    .any(|l| l.contains("#[cfg(not(feature = \"commands\"))]"));
                if !without {
                    problems.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        problems.is_empty(),
        "game crates solve for their agents outside the registration (ask tabula_registry::solved_play):\n{}",
        problems.join("\n")
    );
}

/// Games register their exact methods through the builder: every
/// `impl Solve<..> for X` in a game crate is registered by
/// `.solver(X)` (or `.solver(path::X)`) in the same crate, and no game
/// keeps a hook that replaces a verb's analysis (`analyze_solve`,
/// `tournament_exact`, `own_analysis`).
#[test]
fn games_register_their_solvers_through_the_builder() {
    let mut problems = Vec::new();
    let mut found = 0;
    for game in std::fs::read_dir(root().join("games"))
        .expect("games")
        .flatten()
    {
        let files = sources(&game.path().join("src"));
        let texts: Vec<String> = files
            .iter()
            .map(|f| std::fs::read_to_string(f).expect("a source"))
            .collect();
        let all = texts.join("\n");
        for text in &texts {
            for line in text.lines() {
                let Some(rest) = line
                    .split_once("Solve<")
                    .filter(|(before, _)| before.trim_start().starts_with("impl"))
                    .and_then(|(_, rest)| rest.split_once(" for "))
                    .map(|(_, rest)| rest)
                else {
                    continue;
                };
                let name = rest.trim_end_matches(|c: char| c == '{' || c.is_whitespace());
                found += 1;
                if !all.contains(&format!(".solver({name})"))
                    && !all.contains(&format!("::{name})"))
                {
                    problems.push(format!(
                        "{}: {name} is not registered",
                        game.path().display()
                    ));
                }
            }
        }
        for hook in ["fn analyze_solve", "fn tournament_exact", "fn own_analysis"] {
            if all.contains(hook) {
                problems.push(format!("{}: a verb hook `{hook}`", game.path().display()));
            }
        }
    }
    assert!(found >= 4, "the games' solvers are found ({found})");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
