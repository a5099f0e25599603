//! The layering of `src/`, checked from its imports: every `use crate::…` (multi-line groups
//! included), every `crate::…`, `super::…` and child-module path written inline in code, each
//! resolved to the file that defines the module it names.
//!
//! The rules below are the architecture: a change that breaks one fails here, naming the file and
//! the module it should not have imported; files importing each other in a loop fail with the
//! loop's imports, and so do modules under the same parent (`cli::bulk` and `cli::write`, or the
//! top-level `app` and `keymap`) importing each other in a loop through any of their files.

mod layering_check;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use layering_check::{Allowed, Rule, Violation, analyse, compare, read_sources};

/// Who may import whom: `domain ← backend ← app ← {worker, ui} ← tui ← launch ← main`, with
/// `keymap` below `app`, `cli` beside `app`, `serve` on `cli`, and `connect` below `cli`, `serve`
/// and `launch`. A layer always may import itself; modules without a rule (`tui`, `launch`, …)
/// are bound only by the rules of the modules that must not import them.
const RULES: &[Rule] = &[
    // The data model: values, expressions, schemas, requests and edit plans. Pure, so everything
    // else can use it and it can be tested alone.
    Rule {
        layer: "domain",
        allowed: Allowed::Only(&[]),
    },
    // The DynamoDB boundary speaks only domain types.
    Rule {
        layer: "backend",
        allowed: Allowed::Only(&["domain"]),
    },
    // Rendering reads state; it never talks to DynamoDB, runs commands or changes state.
    Rule {
        layer: "ui",
        allowed: Allowed::Never(&["backend", "worker", "app::update"]),
    },
    // Opening the table the options name, and `--read-only`: below the headless commands, the
    // server and the terminal UI, which all open their table with it.
    Rule {
        layer: "connect",
        allowed: Allowed::Never(&["app", "ui", "tui", "launch", "worker", "cli", "serve"]),
    },
    // Explaining why an item is or is not in a query's results: a read below the headless
    // command and the terminal UI that both show it.
    Rule {
        layer: "why",
        allowed: Allowed::Never(&["app", "ui", "tui", "launch", "worker", "cli", "serve"]),
    },
    // Capacity per access pattern, measured by reads: below the headless command and the
    // terminal UI that both show it.
    Rule {
        layer: "capacity",
        allowed: Allowed::Never(&["app", "ui", "tui", "launch", "worker", "cli", "serve"]),
    },
    // The headless commands run without a terminal UI; they stand beside `app`, not on it.
    Rule {
        layer: "cli",
        allowed: Allowed::Never(&["app", "ui", "tui", "launch", "worker", "serve"]),
    },
    // The engine served over HTTP: on the backend and the command line's openers, never on
    // the terminal UI.
    Rule {
        layer: "serve",
        allowed: Allowed::Never(&["app", "ui", "tui", "launch", "worker"]),
    },
    // Keys and the bindings from them: the terminal UI's state machine reads the keymap, so the
    // keymap sits below it and below everything that runs it.
    Rule {
        layer: "keymap",
        allowed: Allowed::Never(&["app", "ui", "tui", "launch", "worker"]),
    },
    // The pure state machine: the worker runs its commands and the UI draws its state, so it
    // knows neither of them, nor the loop and the startup around them.
    Rule {
        layer: "app",
        allowed: Allowed::Never(&["worker", "ui", "tui", "launch"]),
    },
];

fn sources() -> BTreeMap<String, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    read_sources(root, &root.join("src"))
}

#[test]
fn every_source_file_is_reached_from_a_crate_root() {
    let files = sources();
    let graph = analyse(&files);
    let unreached: Vec<&String> = files
        .keys()
        .filter(|file| !graph.file_module.contains_key(*file))
        .collect();
    assert!(
        unreached.is_empty(),
        "files the checker did not reach: {unreached:#?}"
    );
    let edges: usize = graph.edges.values().map(BTreeMap::len).sum();
    assert!(edges > 200, "only {edges} imports between files were found");
}

#[test]
fn imports_follow_the_layering_rules() {
    let found = analyse(&sources()).violations(RULES);
    assert!(
        found.is_empty(),
        "imports the layering forbids (file, module): {found:#?}"
    );
}

#[test]
fn no_modules_import_each_other_in_a_loop() {
    let graph = analyse(&sources());
    let found: Vec<(Vec<String>, Vec<String>)> = graph
        .module_cycles()
        .into_iter()
        .map(|modules| {
            let imports = graph
                .imports_between(&modules)
                .into_iter()
                .map(|(from, to)| format!("{from} → {to}"))
                .collect();
            (modules, imports)
        })
        .collect();
    assert!(
        found.is_empty(),
        "sibling modules importing each other in a loop (modules, the imports joining them): \
         {found:#?}"
    );
}

#[test]
fn no_files_import_each_other_in_a_loop() {
    let graph = analyse(&sources());
    let found: Vec<Vec<String>> = graph
        .cycles()
        .iter()
        .map(|files| {
            graph
                .imports_among(files)
                .into_iter()
                .map(|(from, to)| format!("{from} → {to}"))
                .collect()
        })
        .collect();
    assert!(
        found.is_empty(),
        "files importing each other in a loop (the imports around each): {found:#?}"
    );
}

// The checker itself, on small trees held in memory.

fn tree(files: &[(&str, &str)]) -> BTreeMap<String, String> {
    files
        .iter()
        .map(|(path, text)| ((*path).to_owned(), (*text).to_owned()))
        .collect()
}

fn violations_of(files: &[(&str, &str)]) -> Vec<Violation> {
    analyse(&tree(files))
        .violations(RULES)
        .into_iter()
        .collect()
}

fn pair(file: &str, module: &str) -> Violation {
    (file.to_owned(), module.to_owned())
}

const LIB: (&str, &str) = (
    "src/lib.rs",
    "pub mod backend;\npub mod domain;\npub mod ui;\n",
);
const BACKEND: (&str, &str) = ("src/backend/mod.rs", "use crate::domain::Value;\n");

#[test]
fn checker_reports_a_forbidden_use_line() {
    let domain = ("src/domain/mod.rs", "pub mod value;\n");
    let value = ("src/domain/value.rs", "use crate::backend::Backend;\n");
    let found = violations_of(&[LIB, BACKEND, domain, value]);
    assert_eq!(found, vec![pair("src/domain/value.rs", "backend")]);
}

#[test]
fn checker_reads_multi_line_groups_inline_paths_and_super() {
    let domain = (
        "src/domain/mod.rs",
        "pub mod a;\npub mod b;\npub mod c;\nuse crate::{\n    domain::a::X,\n    ui::{self, Y},\n};\n",
    );
    let a = (
        "src/domain/a.rs",
        "fn f() { let _ = crate::backend::go(); }\n",
    );
    let b = ("src/domain/b.rs", "use super::super::backend::Z;\n");
    let c = (
        "src/domain/c.rs",
        "// crate::ui::x in a comment\nconst S: &str = \"crate::ui::y\";\n",
    );
    let ui = ("src/ui.rs", "");
    let found = violations_of(&[LIB, BACKEND, domain, a, b, c, ui]);
    assert_eq!(
        found,
        vec![
            pair("src/domain/a.rs", "backend"),
            pair("src/domain/b.rs", "backend"),
            pair("src/domain/mod.rs", "ui"),
        ]
    );
}

#[test]
fn checker_forbids_a_module_and_everything_under_it() {
    let lib = ("src/lib.rs", "pub mod app;\npub mod ui;\n");
    let app = ("src/app/mod.rs", "pub mod state;\npub mod update;\n");
    let state = ("src/app/state.rs", "");
    let update = ("src/app/update/mod.rs", "pub mod rows;\n");
    let rows = ("src/app/update/rows.rs", "");
    let ui = (
        "src/ui.rs",
        "use crate::app::state::S;\nuse crate::app::update::rows::f;\n",
    );
    let found = violations_of(&[lib, app, state, update, rows, ui]);
    assert_eq!(found, vec![pair("src/ui.rs", "app::update::rows")]);
}

#[test]
fn checker_reports_a_three_file_cycle_and_not_a_test_module() {
    let lib = ("src/lib.rs", "mod a;\nmod b;\nmod c;\nmod d;\n");
    let a = ("src/a.rs", "use crate::b::B;\n");
    let b = ("src/b.rs", "use crate::c::C;\n");
    let c = ("src/c.rs", "pub fn c() { crate::a::go() }\n");
    let d = (
        "src/d.rs",
        "#[cfg(test)]\n#[path = \"d_tests.rs\"]\nmod tests;\n",
    );
    let d_tests = ("src/d_tests.rs", "use super::*;\nuse crate::a::A;\n");
    let graph = analyse(&tree(&[lib, a, b, c, d, d_tests]));
    assert_eq!(graph.file_module["src/d_tests.rs"], vec!["d", "tests"]);
    assert_eq!(
        graph.cycles(),
        vec![vec![
            "src/a.rs".to_owned(),
            "src/b.rs".to_owned(),
            "src/c.rs".to_owned()
        ]]
    );
}

#[test]
fn checker_reads_every_path_form() {
    let lib = (
        "src/lib.rs",
        "pub mod a;\npub mod b;\npub mod c;\npub mod d;\n",
    );
    // A re-export limited to a scope is still the module's structure, not an import.
    let a = (
        "src/a/mod.rs",
        "pub mod deep;\nmod run;\npub(in crate) use run::go;\npub struct Shared;\n",
    );
    let deep = ("src/a/deep/mod.rs", "pub mod inner;\n");
    let inner = (
        "src/a/deep/inner.rs",
        "pub struct I;\npub struct J;\nfn f() { super::super::run::go() }\n",
    );
    let run = (
        "src/a/run.rs",
        "#[path = \"run_helpers.rs\"]\nmod helpers;\nuse self::helpers::H;\npub fn go() {}\n",
    );
    let helpers = (
        "src/a/run_helpers.rs",
        "use crate::a::Shared;\npub struct H;\n",
    );
    let nested = ("src/b.rs", "use crate::a::{deep::{inner::{I, J}}};\n");
    let through_a_bound_name = ("src/c.rs", "use crate::a;\nfn f() { a::go() }\n");
    let inline = ("src/d.rs", "fn f() { let _ = crate::a::deep::inner::I; }\n");
    let graph = analyse(&tree(&[
        lib,
        a,
        deep,
        inner,
        run,
        helpers,
        nested,
        through_a_bound_name,
        inline,
    ]));
    let edges: Vec<(&str, &str)> = graph
        .edges
        .iter()
        .flat_map(|(from, to)| to.keys().map(move |to| (from.as_str(), to.as_str())))
        .collect();
    assert_eq!(
        edges,
        vec![
            ("src/a/deep/inner.rs", "src/a/run.rs"),
            ("src/a/mod.rs", "src/a/run.rs"),
            ("src/a/run.rs", "src/a/run_helpers.rs"),
            ("src/a/run_helpers.rs", "src/a/mod.rs"),
            ("src/b.rs", "src/a/deep/inner.rs"),
            ("src/c.rs", "src/a/mod.rs"),
            ("src/c.rs", "src/a/run.rs"),
            ("src/d.rs", "src/a/deep/inner.rs"),
        ]
    );
    assert!(graph.cycles().is_empty(), "{:?}", graph.cycles());
}

#[test]
fn checker_reports_a_module_cycle_that_no_two_files_form() {
    let lib = ("src/lib.rs", "pub mod cli;\n");
    let cli = ("src/cli/mod.rs", "pub mod bulk;\npub mod write;\n");
    let bulk = ("src/cli/bulk/mod.rs", "pub mod copy;\npub mod plan;\n");
    let copy = ("src/cli/bulk/copy.rs", "use crate::cli::write::send;\n");
    let plan = ("src/cli/bulk/plan.rs", "pub struct Plan;\n");
    let write = ("src/cli/write/mod.rs", "pub mod send;\npub mod summary;\n");
    let send = ("src/cli/write/send.rs", "pub fn send() {}\n");
    let summary = (
        "src/cli/write/summary.rs",
        "use super::super::bulk::plan::Plan;\n",
    );
    let graph = analyse(&tree(&[lib, cli, bulk, copy, plan, write, send, summary]));
    assert!(graph.cycles().is_empty(), "no two files import each other");
    assert_eq!(
        graph.module_cycles(),
        vec![vec!["cli::bulk".to_owned(), "cli::write".to_owned()]]
    );
    assert_eq!(
        graph.imports_between(&graph.module_cycles()[0]),
        vec![
            (
                "src/cli/bulk/copy.rs".to_owned(),
                "src/cli/write/send.rs".to_owned()
            ),
            (
                "src/cli/write/summary.rs".to_owned(),
                "src/cli/bulk/plan.rs".to_owned()
            ),
        ]
    );
}

#[test]
fn checker_reports_a_module_cycle_between_top_level_modules_and_not_through_a_parent() {
    let lib = ("src/lib.rs", "pub mod app;\npub mod keymap;\n");
    let app = (
        "src/app/mod.rs",
        "pub mod action;\npub mod load;\npub struct Config;\n",
    );
    let action = ("src/app/action.rs", "pub enum Action {}\n");
    let load = ("src/app/load.rs", "use crate::keymap::Keymap;\n");
    let keymap = ("src/keymap/mod.rs", "pub mod names;\npub struct Keymap;\n");
    let names = ("src/keymap/names.rs", "use crate::app::action::Action;\n");
    let graph = analyse(&tree(&[lib, app, action, load, keymap, names]));
    assert!(graph.cycles().is_empty());
    assert_eq!(
        graph.module_cycles(),
        vec![vec!["app".to_owned(), "keymap".to_owned()]]
    );
    // A child using its parent's own items, and the parent using the child, is no sibling loop.
    let child_uses_parent = ("src/app/action.rs", "use super::Config;\n");
    let parent_calls_child = (
        "src/app/mod.rs",
        "pub mod action;\npub mod load;\npub struct Config;\nfn f() { action::go() }\n",
    );
    let keymap_alone = ("src/keymap/names.rs", "");
    let graph = analyse(&tree(&[
        lib,
        parent_calls_child,
        child_uses_parent,
        load,
        keymap,
        keymap_alone,
    ]));
    assert!(graph.module_cycles().is_empty());
}

#[test]
fn checker_passes_a_clean_tree() {
    let lib = (
        "src/lib.rs",
        "pub mod backend;\npub mod domain;\npub mod ui;\n",
    );
    let domain = (
        "src/domain.rs",
        "mod inner { use super::*; }\nuse std::fmt;\n",
    );
    let ui = ("src/ui.rs", "use crate::domain::Value;\n");
    let graph = analyse(&tree(&[lib, BACKEND, domain, ui]));
    assert!(graph.violations(RULES).is_empty());
    assert!(graph.cycles().is_empty());
    assert!(graph.module_cycles().is_empty());
    assert_eq!(graph.edges.len(), 2, "backend → domain and ui → domain");
}

#[test]
fn an_allowed_fact_that_no_longer_holds_is_reported() {
    let found: BTreeSet<u8> = [1, 2].into();
    let allowed: BTreeSet<u8> = [2, 3].into();
    assert_eq!(compare(&found, &allowed), (vec![1], vec![3]));
}

#[test]
fn checker_counts_a_module_calling_its_child_but_not_re_exporting_it() {
    let lib = ("src/lib.rs", "pub mod a;\n");
    let child = ("src/a/child.rs", "use super::Shared;\n");
    let reexport = (
        "src/a/mod.rs",
        "mod child;\npub use child::X;\npub struct Shared;\n",
    );
    assert!(analyse(&tree(&[lib, reexport, child])).cycles().is_empty());
    let call = (
        "src/a/mod.rs",
        "mod child;\npub struct Shared;\nfn f() { child::go() }\n",
    );
    assert_eq!(
        analyse(&tree(&[lib, call, child])).cycles(),
        vec![vec!["src/a/child.rs".to_owned(), "src/a/mod.rs".to_owned()]]
    );
}

#[test]
fn checker_follows_a_re_export_to_the_file_that_defines_the_name() {
    let lib = ("src/lib.rs", "pub mod app;\npub mod ui;\n");
    let app = (
        "src/app/mod.rs",
        "pub mod shared;\nmod child;\npub mod update;\npub use shared::Shared;\nfn f() { child::go() }\n",
    );
    let shared = ("src/app/shared.rs", "pub struct Shared;\n");
    let child = ("src/app/child.rs", "use super::Shared;\npub fn go() {}\n");
    let update = (
        "src/app/update/mod.rs",
        "mod rows;\npub use rows::count as row_count;\n",
    );
    let rows = ("src/app/update/rows.rs", "pub fn count() {}\n");
    let ui = ("src/ui.rs", "use crate::app::update::row_count;\n");
    let graph = analyse(&tree(&[lib, app, shared, child, update, rows, ui]));
    assert!(
        graph.cycles().is_empty(),
        "child.rs uses shared.rs, not mod.rs"
    );
    assert_eq!(
        graph.violations(RULES).into_iter().collect::<Vec<_>>(),
        vec![
            pair("src/ui.rs", "app::update"),
            pair("src/ui.rs", "app::update::rows")
        ]
    );
}

#[test]
fn checker_does_not_count_a_visibility_scope_as_an_import() {
    let lib = ("src/lib.rs", "pub mod a;\n");
    let parent = ("src/a/mod.rs", "mod child;\npub fn run() { child::go() }\n");
    let child = (
        "src/a/child.rs",
        "pub(in crate::a) fn go() {}\npub(in crate::a) fn more() { crate::a::run() }\n",
    );
    let graph = analyse(&tree(&[lib, parent, child]));
    assert_eq!(
        graph.cycles(),
        vec![vec!["src/a/child.rs".to_owned(), "src/a/mod.rs".to_owned()]],
        "the call back into the parent is an edge, the visibility scopes are not"
    );
    let only_scope = ("src/a/child.rs", "pub(in crate::a) fn go() {}\n");
    assert!(
        analyse(&tree(&[lib, parent, only_scope]))
            .cycles()
            .is_empty()
    );
}
