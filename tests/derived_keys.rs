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

/// ElectroDB joins a snake_case attribute's name to its value with `_`; the preview reads the
/// key's parts as the inspector does, against the item's attribute names, so the part of
/// `team_name_night_ops` is `team_name`, not `team`.
#[test]
fn snake_case_electrodb_parts_are_named_by_the_item_s_attributes() {
    let Some(env) = harness() else { return };
    let table = unique_table_name("electrodb-snake");
    write_with_library("electrodb-shifts.cjs", &env, &[&table]);
    let (description, items) = read_table(&env.0, &table);
    let shift = items
        .iter()
        .find(|item| text(item, "__edb_e__") == "shift_log")
        .expect("a shift");
    let team = text(shift, "team_name");
    let other = if team == "weekend" {
        "day_desk"
    } else {
        "weekend"
    };
    let sk = text(shift, "sk");
    assert!(sk.ends_with(&format!("#team_name_{team}")), "{sk}");

    let mut moved_team = shift.clone();
    let new_sk = format!("{}{other}", &sk[..sk.len() - team.len()]);
    moved_team.insert("sk".to_owned(), AttrValue::s(&new_sk));
    let found = out_of_sync(&description, shift, &moved_team);
    let stale: Vec<(&str, &str, &str, &str)> = found
        .iter()
        .map(|o| {
            let parts = (o.attribute.as_str(), o.holds.as_str());
            (parts.0, parts.1, o.would_write.as_str(), o.because.as_str())
        })
        .collect();
    assert_eq!(
        stale,
        [("team_name", team, other, "team_name")],
        "{found:?}"
    );

    let employee = text(shift, "employee_id");
    assert!(employee.starts_with("emp_"), "{shift:?}");
    let mut moved_employee = shift.clone();
    moved_employee.insert("employee_id".to_owned(), AttrValue::s("emp_0999"));
    let found = out_of_sync(&description, shift, &moved_employee);
    let pk = text(shift, "pk");
    assert_eq!(pk, format!("$shift_app#employee_id_{employee}"));
    let [only] = found.as_slice() else {
        panic!("{found:?}")
    };
    assert_eq!(
        (
            only.attribute.as_str(),
            only.because.as_str(),
            only.would_write.as_str()
        ),
        ("pk", "employee_id", "$shift_app#employee_id_emp_0999")
    );
}

#[test]
fn a_headless_update_warns_of_the_keys_it_leaves_out_of_sync_before_sending() {
    let Some(env) = harness() else { return };
    let table = unique_table_name("electrodb-derived-cli");
    write_with_library("electrodb-taskapp.cjs", &env, &[&table]);
    let (description, items) = read_table(&env.0, &table);
    let task = items
        .iter()
        .find(|item| text(item, "__edb_e__") == "task" && text(item, "status") == "open")
        .expect("an open task");
    let key: Vec<&str> = description
        .key
        .names()
        .map(|name| text(task, name))
        .collect();
    let run = support::cli::ddbx(
        &env.0,
        Some(&table),
        &[
            "update",
            "--pk",
            key[0],
            "--sk",
            key[1],
            "--set",
            "status=\"closed\"",
            "--dry-run",
        ],
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stderr.contains("warning: gsi2sk (from status) keeps"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("#status_closed"), "{}", run.stderr);
}

#[test]
fn a_bulk_dry_run_warns_once_per_key_it_leaves_out_of_sync_with_how_many_items() {
    let Some(env) = harness() else { return };
    let table = unique_table_name("electrodb-derived-bulk");
    write_with_library("electrodb-taskapp.cjs", &env, &[&table]);
    let (description, items) = read_table(&env.0, &table);
    let task = items
        .iter()
        .find(|item| text(item, "__edb_e__") == "task" && text(item, "status") == "open")
        .expect("an open task");
    let pk = text(task, description.key.partition.name.as_str());
    let run = support::cli::ddbx(
        &env.0,
        Some(&table),
        &[
            "bulk",
            "--pk",
            pk,
            "--set",
            "status=\"closed\"",
            "--dry-run",
        ],
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let warnings: Vec<&str> = run
        .stderr
        .lines()
        .filter(|line| line.contains("warning: gsi2sk (from status) is left out of sync on"))
        .collect();
    assert_eq!(warnings.len(), 1, "{}", run.stderr);
    assert!(warnings[0].contains("#status_closed"), "{}", warnings[0]);
}
