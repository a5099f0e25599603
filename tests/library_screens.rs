//! The TUI on tables the libraries wrote themselves (tests/libraries/*.cjs, into dynalite): the
//! overview lists the grammars the scan found with their share, and the inspector says which
//! grammar or model decoded an item and why.

mod support;
mod tui_support;

use std::sync::Arc;

use ddbx::app::action::Action;
use ddbx::app::state::explore::partition::PartitionRow;
use ddbx::app::state::inspect::inspector::{InspectorRow, RowContext};
use ddbx::app::state::{Loadable, Settings, State, View};
use ddbx::domain::edit::{ConditionMode, EditContext, EditError, plan_edit};
use ddbx::domain::entity::EntityDecoder;
use ddbx::domain::grammar::Grammar;
use ddbx::domain::grammar_census::unmatched_entities;
use ddbx::domain::model::Model;
use ddbx::domain::value::AttrValue;
use support::libraries::{dynalite_backend, fixed_width_table_name, harness, write_with_library};
use tui_support::Harness;
use tui_support::screen::{masked_screen, screen};

/// The app started on `table` of dynalite, its discovery scan complete.
async fn started(endpoint: &str, table: &str) -> Harness {
    let backend = Arc::new(dynalite_backend(endpoint).await);
    let mut harness = Harness::new(backend, table, Settings::default());
    harness.start().await;
    harness
}

fn masked(state: &State, endpoint: &str, table: &str, width: u16, height: u16) -> String {
    masked_screen(state, endpoint, table, width, height)
}

async fn open_partition(harness: &mut Harness, pk: &str) {
    harness.act(Action::JumpToPartition).await;
    for c in pk.chars() {
        harness.act(Action::Input(c)).await;
    }
    harness.act(Action::Submit).await;
}

/// Opens the partition's first item: the first row heads its sort-key group.
async fn open_first_item(harness: &mut Harness) {
    harness.act_all([Action::CursorDown, Action::Open]).await;
}

/// The display row of the first item of partition `pk` whose sort key starts with `sk_prefix`.
fn row_of(state: &State, pk: &str, sk_prefix: &str) -> usize {
    let partition = &state.explore.partitions[pk];
    let items = partition.items.items();
    partition
        .rows()
        .iter()
        .position(|row| {
            matches!(row, PartitionRow::Item(index)
                if items.attribute(*index, "sk").as_ref().and_then(AttrValue::as_s)
                    .is_some_and(|sk| sk.starts_with(sk_prefix)))
        })
        .unwrap_or_else(|| panic!("no {sk_prefix} item in {pk}"))
}

/// The inspector's rows for the item open in it.
fn inspector_rows(state: &State) -> Vec<InspectorRow> {
    let Loadable::Loaded(description) = &state.table.description else {
        panic!("the table is described")
    };
    let View::Inspector(inspector) = state.views.current() else {
        panic!("the inspector is open")
    };
    inspector.rows(&RowContext {
        description: Some(description),
        unix_seconds: tui_support::NOW,
        entities: &state.entities,
        discovered: state.explore.discovery.found.as_ref(),
    })
}

fn row<'r>(rows: &'r [InspectorRow], label: &str) -> &'r str {
    rows.iter()
        .find(|row| row.label == label)
        .map_or_else(|| panic!("no {label} row in {rows:#?}"), |row| &row.value)
}

#[tokio::test]
async fn an_electrodb_table_shows_its_grammar_in_the_overview_and_why_in_the_inspector() {
    let Some(harness_env) = harness() else { return };
    let table = fixed_width_table_name("electrodb");
    write_with_library("electrodb-taskapp.cjs", &harness_env, &[&table]);
    let mut harness = started(&harness_env.0, &table).await;

    let census = tui_support::discovered(&harness.state).grammar_census();
    assert_eq!(census.total(), 364);
    assert_eq!(census.shares(), [(Some(Grammar::ElectroDb), 1.0)]);
    harness.act(Action::ShowOverview).await;
    let overview = masked(&harness.state, &harness_env.0, &table, 100, 24);
    assert!(
        overview.contains("Grammars    ElectroDB 100% (of 364 items scanned)"),
        "{overview}"
    );
    insta::assert_snapshot!("electrodb_overview_100x24", overview);

    open_partition(&mut harness, "$taskapp#task_t0002").await;
    // The task's own item, then its comments (`$comment_1#…` sorts before `$task_1#…`).
    harness.act(Action::CursorLast).await;
    harness.act(Action::Open).await;
    let rows = inspector_rows(&harness.state);
    assert_eq!(
        row(&rows, "decoded"),
        "task, named by its __edb_e__ attribute; keys as ElectroDB writes them"
    );
    assert_eq!(
        row(&rows, "pk read as"),
        "ElectroDB partition key: $service#attr_value"
    );
    assert_eq!(
        row(&rows, "sk read as"),
        "ElectroDB sort key: $entity_version#attr_value"
    );
    insta::assert_snapshot!(
        "electrodb_task_inspector_100x30",
        masked(&harness.state, &harness_env.0, &table, 100, 30)
    );
}

#[tokio::test]
async fn renamed_electrodb_markers_are_explained_from_the_sort_key() {
    let Some(harness_env) = harness() else { return };
    let (table, renamed) = (
        fixed_width_table_name("electrodb"),
        fixed_width_table_name("renamed"),
    );
    write_with_library("electrodb-taskapp.cjs", &harness_env, &[&table, &renamed]);
    let mut harness = started(&harness_env.0, &renamed).await;
    open_partition(&mut harness, "$helpdesk#queue_tech_support").await;
    open_first_item(&mut harness).await;
    let rows = inspector_rows(&harness.state);
    assert_eq!(
        row(&rows, "decoded"),
        "ticket, named by its kind attribute; keys as ElectroDB writes them"
    );
}

#[tokio::test]
async fn toolbox_and_onetable_tables_name_their_library_and_what_decoded_the_item() {
    let Some(harness_env) = harness() else { return };
    let cases = [
        (
            "toolbox-shop.cjs",
            "toolbox",
            "PRODUCT#sku_003",
            "dynamodb-toolbox",
            "Product, named by its _et attribute; keys as dynamodb-toolbox writes them",
        ),
        (
            "toolbox-v1-shop.cjs",
            "toolbox",
            "PRODUCT#sku_003",
            "dynamodb-toolbox",
            "Product, named by its _et attribute; keys as dynamodb-toolbox writes them",
        ),
        (
            "onetable-crm.cjs",
            "onetable",
            "account#acc002",
            "OneTable",
            // OneTable's saved schema is the model, so its templates decode the item.
            "Account, an entity of the model; keys by the model's templates",
        ),
    ];
    for (script, prefix, pk, library, decoded) in cases {
        let table = fixed_width_table_name(prefix);
        write_with_library(script, &harness_env, &[&table]);
        let mut harness = started(&harness_env.0, &table).await;
        harness.act(Action::ShowOverview).await;
        let overview = screen(&harness.state, 120, 24);
        assert!(
            overview.contains(&format!("Grammars    {library} 100%")),
            "{overview}"
        );
        open_partition(&mut harness, pk).await;
        open_first_item(&mut harness).await;
        let rows = inspector_rows(&harness.state);
        assert_eq!(row(&rows, "decoded"), decoded);
    }
}

#[tokio::test]
async fn onetable_s_saved_schema_becomes_the_model_with_its_queries_in_the_palette() {
    let Some(harness_env) = harness() else { return };
    let table = fixed_width_table_name("onetable");
    write_with_library("onetable-crm.cjs", &harness_env, &[&table]);
    let mut harness = started(&harness_env.0, &table).await;

    let model = harness
        .state
        .entities
        .model()
        .expect("the saved schema is the model");
    let names: Vec<&str> = model.entities.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["Account", "Invoice", "User"]);
    let patterns: Vec<(&str, Option<&str>, &str)> = model
        .access_patterns
        .iter()
        .map(|p| (p.name.as_str(), p.index.as_deref(), p.pk.as_str()))
        .collect();
    assert_eq!(
        patterns,
        [
            ("Account by name", Some("gs1"), "account-name#{name}"),
            ("Users of an account", None, "account#{accountId}"),
        ]
    );
    harness.act(Action::ShowOverview).await;
    let overview = screen(&harness.state, 120, 24);
    assert!(
        overview.contains(
            "Model       OneTable's schema saved in the table (_schema:Current): 3 entities, 2 access patterns"
        ),
        "{overview}"
    );

    // The templates name the invoice's key parts.
    open_partition(&mut harness, "account#acc002").await;
    for _ in 0..row_of(&harness.state, "account#acc002", "invoice#") {
        harness.act(Action::CursorDown).await;
    }
    harness.act(Action::Open).await;
    let rows = inspector_rows(&harness.state);
    assert_eq!(
        row(&rows, "decoded"),
        "Invoice, an entity of the model; keys by the model's templates"
    );
    assert_eq!(
        row(&rows, "sk read as"),
        "the model's template invoice#{date}#{id}"
    );

    // The saved query runs from the palette: the partition, the model's sort-key start.
    harness.act(Action::OpenPalette).await;
    for c in "Users of".chars() {
        harness.act(Action::Input(c)).await;
    }
    harness.act(Action::Submit).await;
    for c in "acc002".chars() {
        harness.act(Action::Input(c)).await;
    }
    harness.act(Action::Submit).await;
    let View::QueryResults { run, .. } = harness.state.views.current() else {
        panic!("the saved query ran: {:?}", harness.state.overlay)
    };
    let run = &harness.state.queries.runs[*run];
    assert!(!run.items.is_empty());
    for item in run.items.iter() {
        assert_eq!(
            item.get("_type").and_then(AttrValue::as_s),
            Some("User"),
            "{item:?}"
        );
        assert_eq!(
            item.get("pk").and_then(AttrValue::as_s),
            Some("account#acc002")
        );
    }
}

#[tokio::test]
async fn a_model_entity_whose_templates_match_no_item_is_reported() {
    let Some(harness_env) = harness() else { return };
    let table = fixed_width_table_name("electrodb");
    write_with_library("electrodb-taskapp.cjs", &harness_env, &[&table]);
    let model = Model::parse(
        "[[entity]]\nname = \"Task\"\npk = \"$taskapp#task_{task}\"\nsk = \"$task_1#{rest}\"\n\n\
         [[entity]]\nname = \"Ghost\"\npk = \"GHOST#{id}\"\n",
        "tasks.toml",
    )
    .expect("a model");
    let backend = Arc::new(dynalite_backend(&harness_env.0).await);
    let mut harness = Harness::new(backend, &table, Settings::default());
    harness.state.entities = EntityDecoder::with_model(model);
    harness.start().await;

    let found = tui_support::discovered(&harness.state);
    let census = found.grammar_census();
    assert_eq!(census.model_entity_matches("Task"), 150);
    assert_eq!(census.model_matched(), 150);
    let model = found.model().expect("grouped under the model");
    assert_eq!(unmatched_entities(model, census), ["Ghost"]);
    harness.act(Action::ShowOverview).await;
    let overview = screen(&harness.state, 120, 24);
    assert!(
        overview.contains("Model       model file tasks.toml: 2 entities, 0 access patterns"),
        "{overview}"
    );
    assert!(
        overview.contains("no item of the table matches the templates of Ghost"),
        "{overview}"
    );
    assert!(
        overview.contains("ElectroDB 100% (of 364 items scanned); the model matched 150 items"),
        "{overview}"
    );
}

/// The Amplify table is imitated (AppSync cannot run here): see tests/libraries/amplify-shaped.cjs.
#[tokio::test]
async fn an_amplify_tombstone_is_shown_as_one_and_its_edit_refused() {
    let Some(harness_env) = harness() else { return };
    let table = fixed_width_table_name("amplify");
    write_with_library("amplify-shaped.cjs", &harness_env, &[&table]);
    let mut harness = started(&harness_env.0, &table).await;
    open_partition(&mut harness, "6f1c2d3e-0000-4000-8000-000000000007").await;
    open_first_item(&mut harness).await;
    let rows = inspector_rows(&harness.state);
    assert_eq!(
        row(&rows, "tombstone"),
        "Amplify tombstone (_deleted = true): deleted for AppSync clients"
    );
    assert_eq!(
        row(&rows, "decoded"),
        "Post, named by its __typename attribute; keys as Amplify writes them"
    );

    let View::Inspector(inspector) = harness.state.views.current() else {
        panic!("the inspector is open")
    };
    let tombstone = inspector.item.clone();
    let mut edited = tombstone.clone();
    edited.insert("title".to_owned(), AttrValue::s("back to life"));
    let Loadable::Loaded(description) = harness.state.table.description.clone() else {
        panic!("described")
    };
    let description = *description;
    let context = EditContext {
        table: &table,
        description: &description,
        version_attribute: None,
    };
    assert_eq!(
        plan_edit(&context, &tombstone, &edited, ConditionMode::Auto),
        Err(EditError::Tombstone)
    );
    // A live post of the same table is edited under its `_version`.
    open_partition(&mut harness, "6f1c2d3e-0000-4000-8000-000000000006").await;
    open_first_item(&mut harness).await;
    let View::Inspector(inspector) = harness.state.views.current() else {
        panic!("the inspector is open")
    };
    let live = inspector.item.clone();
    let mut edited = live.clone();
    edited.insert("title".to_owned(), AttrValue::s("edited"));
    let planned = plan_edit(&context, &live, &edited, ConditionMode::Auto).expect("a plan");
    let read = live
        .get("_version")
        .and_then(AttrValue::as_n)
        .expect("a version");
    assert!(
        planned
            .summary
            .contains(&format!("conditioned on _version = {read}")),
        "{}",
        planned.summary
    );
    // `_lastChangedAt` moves with the version, sent to dynalite and read back.
    let stamp = |item: &ddbx::domain::value::Item| {
        item.get("_lastChangedAt")
            .and_then(AttrValue::as_n)
            .and_then(|n| n.to_i128())
            .expect("a timestamp")
    };
    assert!(
        planned.summary.contains(" and _lastChangedAt = "),
        "{}",
        planned.summary
    );
    let backend = dynalite_backend(&harness_env.0).await;
    let outcome = ddbx::write::execute::execute_planned(&backend, &planned)
        .await
        .expect("written");
    let ddbx::write::execute::WriteOutcome::Written {
        before: Some(before),
        after: Some(after),
    } = outcome
    else {
        panic!("written with both images: {outcome:?}")
    };
    let read = read.to_i128().expect("an integer version");
    let version = |item: &ddbx::domain::value::Item| {
        item.get("_version")
            .and_then(AttrValue::as_n)
            .and_then(|n| n.to_i128())
    };
    assert_eq!(version(&after), Some(read + 1));
    assert!(stamp(&after) > stamp(&live), "{after:?}");
    assert_eq!(
        stamp(&after),
        stamp(planned.expected.as_ref().expect("expected"))
    );
    // The undo's before-image holds the timestamp read, not one less than written.
    assert_eq!(
        (version(&before), stamp(&before)),
        (Some(read), stamp(&live))
    );
}
