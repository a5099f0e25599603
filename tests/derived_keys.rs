//! The write preview's out-of-sync keys against ElectroDB itself: ddbx predicts, for a task's
//! edited `status`, the index keys ElectroDB composes from it; then ElectroDB makes the same
//! change through its own update, and the keys it writes are the ones predicted.

mod support;

use ddbx::domain::edit::derived_keys::out_of_sync;
use ddbx::domain::value::{AttrValue, Item};
use support::libraries::{harness, read_table, write_with_library};
use support::unique_table_name;

fn text<'a>(item: &'a Item, name: &str) -> &'a str {
    item.get(name).and_then(AttrValue::as_s).unwrap_or_default()
}

#[test]
fn the_keys_predicted_out_of_sync_are_the_ones_electrodb_writes() {
    let Some(env) = harness() else { return };
    let table = unique_table_name("electrodb-derived");
    write_with_library("electrodb-taskapp.cjs", &env, &[&table]);
    let (description, items) = read_table(&env.0, &table);
    let task = items
        .iter()
        .find(|item| text(item, "__edb_e__") == "task" && text(item, "status") == "open")
        .expect("an open task");
    let mut edited = task.clone();
    edited.insert("status".to_owned(), AttrValue::s("closed"));
    let found = out_of_sync(&description, task, &edited);
    let predicted: Vec<(&str, &str)> = found
        .iter()
        .map(|o| (o.attribute.as_str(), o.would_write.as_str()))
        .collect();
    assert_eq!(predicted.len(), 1, "{found:?}");
    assert_eq!(predicted[0].0, "gsi2sk");
    assert!(text(task, "gsi2sk").ends_with("#status_open"), "{task:?}");

    let ids = ["task", "project", "employee"].map(|name| text(task, name).to_owned());
    let mut args: Vec<&str> = vec!["--set-status", &table];
    args.extend(ids.iter().map(String::as_str));
    args.push("closed");
    write_with_library("electrodb-taskapp.cjs", &env, &args);
    let (_, after) = read_table(&env.0, &table);
    let written = after
        .iter()
        .find(|item| text(item, "pk") == text(task, "pk") && text(item, "sk") == text(task, "sk"))
        .expect("the task");
    assert_eq!(text(written, "status"), "closed");
    assert_eq!(text(written, "gsi2sk"), predicted[0].1);
    // Every other key ElectroDB left as it was, as predicted.
    for name in ["pk", "sk", "gsi2pk", "gsi3pk", "gsi3sk"] {
        assert_eq!(text(written, name), text(task, name), "{name}");
    }
}
