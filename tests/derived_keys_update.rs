//! `--update-derived-keys` against ElectroDB itself: ddbx updates a task's `status` together
//! with the index key ElectroDB composes from it, in the same conditioned write, previewed and
//! undoable; the item it leaves is the one ElectroDB's own update leaves. The plans' JSON (a
//! single write's `-o json --dry-run`, a bulk dry run and summary) list the derived keys.

mod support;

use ddbx::domain::value::{AttrValue, Item};
use serde_json::Value;
use support::cli::{Run, ddbx};
use support::libraries::{harness, read_table, write_with_library};
use support::unique_table_name;

const KEYS: [&str; 6] = ["pk", "sk", "gsi2pk", "gsi2sk", "gsi3pk", "gsi3sk"];

fn text<'a>(item: &'a Item, name: &str) -> &'a str {
    item.get(name).and_then(AttrValue::as_s).unwrap_or_default()
}

fn is_task(item: &Item, status: &str) -> bool {
    text(item, "__edb_e__") == "task" && text(item, "status") == status
}

/// The table's items, keyed by `pk` and `sk`.
fn by_key(items: Vec<Item>) -> std::collections::BTreeMap<(String, String), Item> {
    items
        .into_iter()
        .map(|item| ((text(&item, "pk").into(), text(&item, "sk").into()), item))
        .collect()
}

fn find<'a>(items: &'a [Item], like: &Item) -> &'a Item {
    items
        .iter()
        .find(|item| text(item, "pk") == text(like, "pk") && text(item, "sk") == text(like, "sk"))
        .expect("the item")
}

fn json(run: &Run) -> Value {
    serde_json::from_str(&run.stdout).unwrap_or_else(|e| panic!("{e}: {}", run.stdout))
}

fn close_task(endpoint: &str, table: &str, task: &Item, extra: &[&str]) -> Run {
    let mut args = vec![
        "update",
        "--pk",
        text(task, "pk"),
        "--sk",
        text(task, "sk"),
        "--set",
        "status=\"closed\"",
    ];
    args.extend_from_slice(extra);
    ddbx(endpoint, Some(table), &args)
}

#[test]
fn an_update_with_its_derived_keys_leaves_the_item_electrodb_leaves_and_undo_restores_it() {
    let Some(env) = harness() else { return };
    let table = unique_table_name("electrodb-derived-update");
    write_with_library("electrodb-taskapp.cjs", &env, &[&table]);
    let (_, items) = read_table(&env.0, &table);
    let task = items
        .iter()
        .find(|item| is_task(item, "open"))
        .expect("an open task")
        .clone();

    let preview = close_task(
        &env.0,
        &table,
        &task,
        &["--update-derived-keys", "--dry-run"],
    );
    assert_eq!(preview.code, Some(0), "{}", preview.stderr);
    assert!(
        preview.stdout.contains("gsi2sk") && preview.stdout.contains("#status_closed"),
        "the exact request sets the derived key too:\n{}",
        preview.stdout
    );
    let run = close_task(&env.0, &table, &task, &["--update-derived-keys"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("gsi2sk (from status) is updated in the same write"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("warning:"), "{}", run.stderr);
    let (_, after) = read_table(&env.0, &table);
    let by_ddbx = find(&after, &task).clone();
    assert!(text(&by_ddbx, "gsi2sk").ends_with("#status_closed"));

    ddbx(&env.0, Some(&table), &["undo"]).success();
    let (_, undone) = read_table(&env.0, &table);
    assert_eq!(find(&undone, &task), &task, "undo restores status and key");

    let ids = ["task", "project", "employee"].map(|name| text(&task, name).to_owned());
    let mut args: Vec<&str> = vec!["--set-status", &table];
    args.extend(ids.iter().map(String::as_str));
    args.push("closed");
    write_with_library("electrodb-taskapp.cjs", &env, &args);
    let (_, by_library) = read_table(&env.0, &table);
    let by_electrodb = find(&by_library, &task);
    for name in KEYS.iter().chain(&["status"]) {
        assert_eq!(text(&by_ddbx, name), text(by_electrodb, name), "{name}");
    }
}

#[test]
fn a_single_write_s_json_plan_lists_the_derived_key_it_leaves_out_of_sync() {
    let Some(env) = harness() else { return };
    let table = unique_table_name("electrodb-derived-json");
    write_with_library("electrodb-taskapp.cjs", &env, &[&table]);
    let (_, items) = read_table(&env.0, &table);
    let task = items
        .iter()
        .find(|item| is_task(item, "open"))
        .expect("an open task");
    let run = close_task(&env.0, &table, task, &["--dry-run", "-o", "json"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let plan = json(&run);
    assert_eq!(plan["dry_run"], true, "{plan:#}");
    assert_eq!(plan["operation"], "UpdateItem", "{plan:#}");
    let derived = &plan["derived_keys"][0];
    assert_eq!(derived["attribute"], "gsi2sk", "{plan:#}");
    assert_eq!(derived["from"], "status", "{plan:#}");
    assert_eq!(derived["updated"], false, "{plan:#}");
    assert_eq!(derived["holds"], text(task, "gsi2sk"), "{plan:#}");
    let would_write = derived["would_write"].as_str().unwrap_or_default();
    assert!(would_write.ends_with("#status_closed"), "{plan:#}");
}

#[test]
fn a_bulk_run_lists_its_derived_keys_in_its_json_plan_and_updates_them_when_asked() {
    let Some(env) = harness() else { return };
    let table = unique_table_name("electrodb-derived-run");
    write_with_library("electrodb-taskapp.cjs", &env, &[&table]);
    let (_, items) = read_table(&env.0, &table);
    let open = items.iter().filter(|item| is_task(item, "open")).count();
    assert!(open > 10, "{open} open tasks");
    let bulk = |extra: &[&str]| {
        let mut args = vec![
            "bulk",
            "--filter",
            "status = \"open\"",
            "--set",
            "status=\"closed\"",
        ];
        args.extend_from_slice(extra);
        ddbx(&env.0, Some(&table), &args)
    };

    let warned = bulk(&["--dry-run"]);
    assert_eq!(warned.code, Some(0), "{}", warned.stderr);
    let derived = &json(&warned)["derived_keys"];
    assert_eq!(derived[0]["attribute"], "gsi2sk", "{derived:#}");
    assert_eq!(derived[0]["writes"], open, "{derived:#}");
    assert_eq!(derived[0]["updated"], false, "{derived:#}");
    assert!(
        warned.stderr.contains("--update-derived-keys"),
        "{}",
        warned.stderr
    );

    let planned = bulk(&["--update-derived-keys", "--dry-run"]);
    assert_eq!(planned.code, Some(0), "{}", planned.stderr);
    let plan = json(&planned);
    assert_eq!(plan["derived_keys"][0]["updated"], true, "{plan:#}");
    let first = plan["first_requests"][0]["request"].to_string();
    assert!(first.contains("gsi2sk"), "{first}");
    assert!(!planned.stderr.contains("warning:"), "{}", planned.stderr);

    let run = bulk(&["--update-derived-keys"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(json(&run)["derived_keys"][0]["writes"], open);
    let (_, after) = read_table(&env.0, &table);
    let closed: Vec<&Item> = after
        .iter()
        .filter(|item| {
            text(item, "__edb_e__") == "task" && text(item, "gsi2sk").ends_with("#status_open")
        })
        .collect();
    assert!(closed.is_empty(), "keys left open: {closed:?}");

    ddbx(&env.0, Some(&table), &["undo"]).success();
    let (_, undone) = read_table(&env.0, &table);
    assert_eq!(by_key(undone), by_key(items), "the run is undone whole");
}
