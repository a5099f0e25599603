//! The home screen's collection tree on tables ElectroDB wrote itself (tests/libraries/*.cjs,
//! into dynalite): a constant service segment opens into one row per entity type, with counts,
//! parents collapse and open again with `open`, and each row is the node of the same domain tree
//! the headless `collections` command prints.

mod support;
mod tui_support;

use std::sync::Arc;

use ddbx::app::action::Action;
use ddbx::app::state::explore::collection_rows::RowTarget;
use ddbx::app::state::rows::home_rows;
use ddbx::app::state::{Settings, State, View};
use support::libraries::{dynalite_backend, fixed_width_table_name, harness, write_with_library};
use tui_support::Harness;
use tui_support::screen::masked_screen;

async fn started(endpoint: &str, table: &str) -> Harness {
    let backend = Arc::new(dynalite_backend(endpoint).await);
    let mut harness = Harness::new(backend, table, Settings::default());
    harness.start().await;
    harness
}

/// Each home row as (depth, name, partitions, items, what it holds).
fn rows(state: &State) -> Vec<(usize, String, u64, u64, String)> {
    home_rows(state)
        .iter()
        .map(|row| {
            let holds = row
                .entities
                .iter()
                .map(|(entity, _)| entity.unwrap_or("?"))
                .collect::<Vec<_>>()
                .join(" + ");
            (
                row.depth,
                row.name.as_deref().unwrap_or("-").to_owned(),
                row.partition_count,
                row.item_count,
                holds,
            )
        })
        .collect()
}

fn row(
    depth: usize,
    name: &str,
    partitions: u64,
    items: u64,
    holds: &str,
) -> (usize, String, u64, u64, String) {
    (depth, name.to_owned(), partitions, items, holds.to_owned())
}

#[tokio::test]
async fn an_electrodb_service_opens_into_one_row_per_entity_and_collapses_on_open() {
    let Some(harness_env) = harness() else { return };
    let table = fixed_width_table_name("electrodb");
    write_with_library("electrodb-taskapp.cjs", &harness_env, &[&table]);
    let mut harness = started(&harness_env.0, &table).await;

    let expanded = [
        row(
            0,
            "$taskapp",
            214,
            364,
            "comment + task + employee + office",
        ),
        row(1, "country", 4, 4, "office"),
        row(1, "employee", 60, 60, "employee"),
        row(1, "task", 150, 300, "comment + task"),
    ];
    assert_eq!(rows(&harness.state), expanded);
    // Every row under the service holds one entity type, or the task with its comments.
    for collection in &home_rows(&harness.state)[1..] {
        let (_, top) = collection.entities[0];
        assert!(
            top * 10 >= collection.item_count * 9 || collection.name.as_deref() == Some("task"),
            "{collection:?}"
        );
    }
    // The rows are the nodes of the tree the headless command prints.
    let found = tui_support::discovered(&harness.state);
    let tree = found.tree();
    let children: Vec<_> = tree[0]
        .children
        .iter()
        .map(|child| (child.name, child.partition_count, child.item_count))
        .collect();
    let home = home_rows(&harness.state);
    let shown: Vec<_> = home[1..]
        .iter()
        .map(|row| (row.name.as_deref(), row.partition_count, row.item_count))
        .collect();
    assert_eq!(shown, children);
    insta::assert_snapshot!(
        "electrodb_collection_tree_80x24",
        masked_screen(&harness.state, &harness_env.0, &table, 80, 24)
    );

    // `open` on the parent collapses it; the cursor stays on it; `open` again expands it.
    harness.act(Action::Open).await;
    assert_eq!(
        rows(&harness.state),
        [row(
            0,
            "$taskapp",
            214,
            364,
            "comment + task + employee + office"
        )]
    );
    assert_eq!(*harness.state.views.current(), View::Prefixes { cursor: 0 });
    let collapsed = masked_screen(&harness.state, &harness_env.0, &table, 80, 24);
    assert!(collapsed.contains("▸ $taskapp"), "{collapsed}");
    harness.act(Action::CursorDown).await;
    assert_eq!(*harness.state.views.current(), View::Prefixes { cursor: 0 });
    harness.act(Action::Open).await;
    assert_eq!(rows(&harness.state), expanded);

    // A child opens its partitions, each an employee's.
    harness
        .act_all([Action::CursorDown, Action::CursorDown, Action::Open])
        .await;
    assert_eq!(
        *harness.state.views.current(),
        View::Partitions {
            prefix: Some("$taskapp › employee".to_owned()),
            cursor: 0
        }
    );
    let screen = masked_screen(&harness.state, &harness_env.0, &table, 80, 24);
    assert!(screen.contains("$taskapp#employee_e001"), "{screen}");
    // Back on the tree the child is where it was.
    harness.act(Action::HistoryBack).await;
    assert_eq!(*harness.state.views.current(), View::Prefixes { cursor: 2 });
    assert!(matches!(
        home_rows(&harness.state)[2].target,
        RowTarget::Group(Some(ref prefix)) if prefix == "$taskapp › employee"
    ));
}

#[tokio::test]
async fn search_finds_a_nested_collection_by_its_level_name() {
    let Some(harness_env) = harness() else { return };
    let table = fixed_width_table_name("electrodb");
    write_with_library("electrodb-taskapp.cjs", &harness_env, &[&table]);
    let mut harness = started(&harness_env.0, &table).await;
    harness.act(Action::Search).await;
    for c in "country".chars() {
        harness.act(Action::Input(c)).await;
    }
    harness.act(Action::Submit).await;
    assert_eq!(*harness.state.views.current(), View::Prefixes { cursor: 1 });
}

#[tokio::test]
async fn snake_case_electrodb_attributes_name_their_collections_and_key_parts() {
    let Some(harness_env) = harness() else { return };
    let table = fixed_width_table_name("shifts");
    write_with_library("electrodb-shifts.cjs", &harness_env, &[&table]);
    let mut harness = started(&harness_env.0, &table).await;
    // The discovery scan reads only keys and markers, so the level is named from the key alone,
    // up to the label's first `_`; the items the partition view reads name the whole label.
    assert_eq!(
        rows(&harness.state),
        [
            row(0, "$shift_app", 8, 31, "shift_log + staff_member"),
            row(1, "employee", 8, 31, "shift_log + staff_member"),
        ]
    );
    harness.act_all([Action::CursorDown, Action::Open]).await;
    harness.act(Action::Open).await;
    let View::Partition { pk, .. } = harness.state.views.current().clone() else {
        panic!("a partition opened: {:?}", harness.state.views.current())
    };
    assert_eq!(pk.as_s(), Some("$shift_app#employee_id_emp_0001"));
    // The partition's first group is the shifts; its first item opens in the inspector.
    harness.act_all([Action::CursorDown, Action::Open]).await;
    let screen = masked_screen(&harness.state, &harness_env.0, &table, 200, 30);
    assert!(screen.contains("[employee_id=emp_0001]"), "{screen}");
    assert!(screen.contains("[shift_date=2026-07-"), "{screen}");
    assert!(screen.contains("[team_name="), "{screen}");
    assert!(!screen.contains("[employee=id_"), "{screen}");
}
