//! The query builder as a state machine: keys into `update`, requests run by the inline worker
//! over the embedded engine, assertions on the form's outcome, the requests sent and the
//! results view. No terminal, no sleeps.

mod tui_support;

use std::collections::BTreeSet;

use ddbx::app::action::Action;
use ddbx::app::command::Command;
use ddbx::app::read::{Read, ReadAnswer, ReadFor, ReadJob};
use ddbx::app::state::Paging;
use ddbx::app::state::query::form::FormField;
use ddbx::app::state::query::preset::QueryPreset;
use ddbx::app::state::{Notice, Overlay, QueryForm, QueryRun, Settings, View};
use ddbx::app::update::query::{open_form, run_query};
use ddbx::app::update::update;
use ddbx::backend::{ExpressionParams, QueryRequest};
use ddbx::domain::access_pattern::SortOperator;
use ddbx::domain::query_spec::{SortChoice, preview_text};
use ddbx::domain::value::{AttrValue, Item};
use tui_support::screen::screen;
use tui_support::{Harness, orders, small_pages};

async fn started(settings: Settings) -> Harness {
    let mut harness = Harness::new(orders::backend(), orders::TABLE, settings);
    harness.start().await;
    harness
}

fn form(harness: &Harness) -> &QueryForm {
    match &harness.state.overlay {
        Some(Overlay::QueryForm(form)) => form,
        other => panic!("the query form is open, not {other:?}"),
    }
}

fn run(harness: &Harness) -> &QueryRun {
    match harness.state.views.current() {
        View::QueryResults { run, .. } => &harness.state.queries.runs[*run],
        other => panic!("the results view is shown, not {other:?}"),
    }
}

fn sort_keys<I: std::borrow::Borrow<Item>>(items: impl IntoIterator<Item = I>) -> Vec<String> {
    items
        .into_iter()
        .map(|item| match item.borrow().get("SK") {
            Some(AttrValue::S(text)) => text.clone(),
            other => panic!("string SK, got {other:?}"),
        })
        .collect()
}

async fn type_text(harness: &mut Harness, text: &str) {
    for c in text.chars() {
        harness.act(Action::Input(c)).await;
    }
}

use tui_support::query_form::focus;

/// Cycles the focused choice field until `done` holds.
async fn choose(harness: &mut Harness, done: impl Fn(&QueryForm) -> bool) {
    for _ in 0..12 {
        if done(form(harness)) {
            return;
        }
        harness.act(Action::NextChoice).await;
    }
    panic!("choice not reachable: {:?}", form(harness).spec);
}

fn preset(partition: &str, sort: Option<(SortOperator, &str, Option<&str>)>) -> QueryPreset {
    QueryPreset {
        index: None,
        partition: Some(partition.to_owned()),
        sort: sort
            .map(|(operator, value, upper)| (operator, value.to_owned(), upper.map(str::to_owned))),
    }
}

/// Opens the builder on `preset` and runs what opening it asks for.
async fn open(harness: &mut Harness, preset: QueryPreset) {
    let commands = open_form(&mut harness.state, preset);
    harness.run(commands).await;
}

/// The builder on `USER#u1` with `SK begins_with ORDER#`: that user's three orders.
fn user_orders() -> QueryPreset {
    preset("USER#u1", Some((SortOperator::BeginsWith, "ORDER#", None)))
}

#[tokio::test]
async fn colon_opens_the_builder_prefilled_from_the_partition_and_p_still_jumps() {
    let mut harness = started(Settings::default()).await;
    harness.act(Action::JumpToPartition).await;
    type_text(&mut harness, "USER#u1").await;
    harness.act(Action::Submit).await;
    assert!(matches!(
        harness.state.views.current(),
        View::Partition { .. }
    ));
    harness.act(Action::OpenQueryForm).await;
    let spec = &form(&harness).spec;
    assert_eq!(spec.partition, "USER#u1");
    assert_eq!(spec.sort, SortChoice::None);
    assert!(
        harness.query_pages().is_empty(),
        "nothing is sent before submit"
    );
}

#[tokio::test]
async fn opened_from_an_item_the_form_holds_its_partition_and_sort_key() {
    let mut harness = started(Settings::default()).await;
    harness.act(Action::JumpToPartition).await;
    type_text(&mut harness, "USER#u1").await;
    harness.act(Action::Submit).await;
    // Rows: METADATA header, its item, ORDER# header, first order.
    harness
        .act_all([
            Action::CursorDown,
            Action::CursorDown,
            Action::CursorDown,
            Action::Open,
        ])
        .await;
    assert!(matches!(harness.state.views.current(), View::Inspector(_)));
    harness.act(Action::OpenQueryForm).await;
    let spec = &form(&harness).spec;
    assert_eq!(spec.partition, "USER#u1");
    assert_eq!(spec.sort, SortChoice::Eq);
    assert_eq!(spec.sort_value, "ORDER#2026-07-01#o1");
    harness.act(Action::Submit).await;
    assert_eq!(sort_keys(&run(&harness).items), ["ORDER#2026-07-01#o1"]);
}

#[tokio::test]
async fn each_sort_operator_returns_exactly_the_matching_items() {
    let order = |n: u32| format!("ORDER#2026-07-0{n}#o{n}");
    let cases: [(SortOperator, &str, Option<&str>, Vec<String>); 7] = [
        (
            SortOperator::Eq,
            "ORDER#2026-07-02#o2",
            None,
            vec![order(2)],
        ),
        // METADATA sorts before ORDER#: `<` and `<=` include it.
        (
            SortOperator::Lt,
            "ORDER#2026-07-02",
            None,
            vec!["METADATA".to_owned(), order(1)],
        ),
        (
            SortOperator::Le,
            "ORDER#2026-07-02#o2",
            None,
            vec!["METADATA".to_owned(), order(1), order(2)],
        ),
        (
            SortOperator::Gt,
            "ORDER#2026-07-04",
            None,
            vec![order(4), order(5)],
        ),
        (
            SortOperator::Ge,
            "ORDER#2026-07-05#o5",
            None,
            vec![order(5)],
        ),
        (
            SortOperator::BeginsWith,
            "ORDER#",
            None,
            (1..=5).map(order).collect(),
        ),
        (
            SortOperator::Between,
            "ORDER#2026-07-02",
            Some("ORDER#2026-07-04~"),
            vec![order(2), order(3), order(4)],
        ),
    ];
    for (operator, value, upper, expected) in cases {
        let mut harness = started(Settings::default()).await;
        open(
            &mut harness,
            preset("USER#u1", Some((operator, value, upper))),
        )
        .await;
        assert!(
            form(&harness).outcome.is_ok(),
            "{operator:?}: {:?}",
            form(&harness).outcome
        );
        harness.act(Action::Submit).await;
        assert_eq!(sort_keys(&run(&harness).items), expected, "{operator:?}");
        assert_eq!(run(&harness).paging, Paging::Complete, "{operator:?}");
    }
}

#[tokio::test]
async fn a_typed_form_previews_the_exact_request_before_anything_is_sent() {
    let mut harness = started(Settings::default()).await;
    harness.act(Action::OpenQueryForm).await;
    type_text(&mut harness, "USER#u1").await;
    focus(&mut harness, FormField::Sort).await;
    choose(&mut harness, |form| {
        form.spec.sort == SortChoice::BeginsWith
    })
    .await;
    focus(&mut harness, FormField::SortValue).await;
    type_text(&mut harness, "ORDER#").await;
    focus(&mut harness, FormField::FilterAttribute(0)).await;
    type_text(&mut harness, "status").await;
    focus(&mut harness, FormField::FilterValue(0)).await;
    type_text(&mut harness, "PENDING").await;
    focus(&mut harness, FormField::Order).await;
    harness.act(Action::NextChoice).await;
    let built = form(&harness).outcome.clone().expect("valid form");
    assert_eq!(
        preview_text(&built),
        "TableName: Orders\n\
         KeyConditionExpression: #pk = :pk AND begins_with(#sk, :sk)\n\
         FilterExpression: #status = :v0\n\
         ExpressionAttributeNames: {\"#pk\":\"PK\",\"#sk\":\"SK\",\"#status\":\"status\"}\n\
         ExpressionAttributeValues: {\":pk\":{\"S\":\"USER#u1\"},\":sk\":{\"S\":\"ORDER#\"},\":v0\":{\"S\":\"PENDING\"}}\n\
         ScanIndexForward: false\n\
         ConsistentRead: false\n\
         reads pages as you scroll"
    );
    assert!(
        harness.query_pages().is_empty(),
        "the preview sends nothing"
    );
    harness.act(Action::Submit).await;
    assert_eq!(harness.query_pages().len(), 1);
    assert_eq!(*harness.query_pages()[0], built.request);
    assert_eq!(
        sort_keys(&run(&harness).items),
        [
            "ORDER#2026-07-05#o5",
            "ORDER#2026-07-03#o3",
            "ORDER#2026-07-01#o1"
        ]
    );
}

#[tokio::test]
async fn a_type_error_is_shown_on_its_field_with_its_position_and_nothing_is_sent() {
    let mut harness = started(Settings::default()).await;
    harness.act(Action::OpenQueryForm).await;
    type_text(&mut harness, "USER#u1").await;
    focus(&mut harness, FormField::Target).await;
    choose(&mut harness, |form| {
        form.spec.index.as_deref() == Some("LSI1")
    })
    .await;
    focus(&mut harness, FormField::Sort).await;
    choose(&mut harness, |form| form.spec.sort == SortChoice::Gt).await;
    focus(&mut harness, FormField::SortValue).await;
    type_text(&mut harness, "ten").await;
    let errors: Vec<_> = form(&harness)
        .errors_of(FormField::SortValue)
        .cloned()
        .collect();
    assert_eq!(errors.len(), 1, "{:?}", form(&harness).outcome);
    assert_eq!(errors[0].span, Some(0..3));
    assert!(
        errors[0].message.contains("sort key `amount` has type N"),
        "{}",
        errors[0].message
    );
    harness.act(Action::Submit).await;
    assert!(harness.query_pages().is_empty());
    assert_eq!(
        form(&harness).focus,
        FormField::SortValue,
        "submit moves to the problem"
    );
    assert!(matches!(&harness.state.notice, Some(Notice::Error(m)) if m.contains("not sent")));
    // Fixing it runs the query on the number sort key.
    for _ in 0..3 {
        harness.act(Action::DeleteChar).await;
    }
    type_text(&mut harness, "150").await;
    harness.act(Action::Submit).await;
    let items = &run(&harness).items;
    assert_eq!(items.len(), 0, "USER#u1 amounts are 10..50");
    assert_eq!(harness.query_pages()[0].index.as_deref(), Some("LSI1"));
}

#[tokio::test]
async fn begins_with_is_not_offered_on_a_number_sort_key() {
    let mut harness = started(Settings::default()).await;
    harness.act(Action::OpenQueryForm).await;
    focus(&mut harness, FormField::Target).await;
    choose(&mut harness, |form| {
        form.spec.index.as_deref() == Some("LSI1")
    })
    .await;
    focus(&mut harness, FormField::Sort).await;
    let mut offered = Vec::new();
    for _ in 0..8 {
        harness.act(Action::NextChoice).await;
        offered.push(form(&harness).spec.sort);
    }
    assert!(!offered.contains(&SortChoice::BeginsWith), "{offered:?}");
    assert!(offered.contains(&SortChoice::Between), "{offered:?}");
    // A preset asking for it anyway is refused with the reason.
    let mut preset = preset("USER#u1", Some((SortOperator::BeginsWith, "1", None)));
    preset.index = Some("LSI1".to_owned());
    open(&mut harness, preset).await;
    let errors: Vec<_> = form(&harness).errors_of(FormField::Sort).cloned().collect();
    assert!(errors[0].message.contains("type N"), "{errors:?}");
}

#[tokio::test]
async fn consistent_read_on_a_gsi_is_refused_with_the_reason() {
    let mut harness = started(Settings::default()).await;
    harness.act(Action::OpenQueryForm).await;
    type_text(&mut harness, "STATUS#PENDING").await;
    focus(&mut harness, FormField::Target).await;
    choose(&mut harness, |form| {
        form.spec.index.as_deref() == Some("GSI1")
    })
    .await;
    focus(&mut harness, FormField::Consistent).await;
    harness.act(Action::NextChoice).await;
    assert!(!form(&harness).spec.consistent);
    assert!(
        matches!(&harness.state.notice, Some(Notice::Info(m)) if m.contains("GSI1 is a global secondary index")),
        "{:?}",
        harness.state.notice
    );
    // On the table it toggles.
    focus(&mut harness, FormField::Target).await;
    choose(&mut harness, |form| form.spec.index.is_none()).await;
    focus(&mut harness, FormField::Consistent).await;
    harness.act(Action::NextChoice).await;
    assert!(form(&harness).spec.consistent);
    // A preset on the GSI with consistent read set by hand is refused by the build.
    let mut form_copy = form(&harness).clone();
    form_copy.spec.index = Some("GSI1".to_owned());
    let built = ddbx::domain::query_spec::build_query(
        harness.state.described().expect("described"),
        &form_copy.spec,
    );
    let errors = built.expect_err("refused");
    assert!(
        errors[0].message.contains("eventually consistent"),
        "{errors:?}"
    );
}

#[tokio::test]
async fn raw_mode_validates_as_you_type_and_runs_application_code_text() {
    let mut harness = started(Settings::default()).await;
    harness.act(Action::OpenQueryForm).await;
    harness.act(Action::ToggleRawMode).await;
    assert_eq!(form(&harness).focus, FormField::RawKeyCondition);
    type_text(&mut harness, "#pk = :pk AND begins_with(#sk, :p)").await;
    let outcome = form(&harness).outcome.clone();
    let errors = outcome.expect_err("no values yet");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].field, FormField::RawKeyCondition);
    assert_eq!(
        errors[0].message,
        "Invalid KeyConditionExpression: An expression attribute name used in the document path is not defined; attribute name: #pk"
    );
    assert_eq!(errors[0].span, Some(0..3), "under the undefined #pk");
    focus(&mut harness, FormField::RawValues).await;
    type_text(
        &mut harness,
        r#"{":pk":{"S":"USER#u1"},":p":{"S":"ORDER#2026-07-0"}}"#,
    )
    .await;
    focus(&mut harness, FormField::RawNames).await;
    type_text(&mut harness, r##"{"#pk":"PK","#sk":"SK"}"##).await;
    let built = form(&harness).outcome.clone().expect("valid raw query");
    assert_eq!(
        built.request.key_condition,
        "#pk = :pk AND begins_with(#sk, :p)"
    );
    harness.act(Action::Submit).await;
    assert_eq!(run(&harness).items.len(), 5);
}

#[tokio::test]
async fn raw_mode_reports_a_syntax_error_with_its_position() {
    let mut harness = started(Settings::default()).await;
    harness.act(Action::OpenQueryForm).await;
    harness.act(Action::ToggleRawMode).await;
    type_text(&mut harness, r#"PK = "USER#u1" AND SK >"#).await;
    let errors: Vec<_> = form(&harness)
        .errors_of(FormField::RawKeyCondition)
        .cloned()
        .collect();
    assert_eq!(errors.len(), 1, "{:?}", form(&harness).outcome);
    assert!(
        errors[0]
            .message
            .starts_with("Invalid KeyConditionExpression"),
        "{}",
        errors[0].message
    );
    assert!(errors[0].span.is_some());
}

#[tokio::test]
async fn switching_to_raw_mode_starts_from_the_fields_request() {
    let mut harness = started(Settings::default()).await;
    open(&mut harness, user_orders()).await;
    harness.act(Action::ToggleRawMode).await;
    let raw = &form(&harness).raw;
    assert_eq!(raw.key_condition, "#pk = :pk AND begins_with(#sk, :sk)");
    assert_eq!(raw.names, r##"{"#pk":"PK","#sk":"SK"}"##);
    assert!(
        form(&harness).outcome.is_ok(),
        "{:?}",
        form(&harness).outcome
    );
}

fn big_partition(filter: Option<&str>, limit: u32) -> QueryRequest {
    let mut params = ExpressionParams::default();
    params.names.insert("#pk".to_owned(), "PK".to_owned());
    params
        .values
        .insert(":pk".to_owned(), AttrValue::s("USER#big"));
    let mut request = QueryRequest::new(orders::TABLE, "#pk = :pk", params);
    request.limit = Some(limit);
    if let Some(filter) = filter {
        request.filter = Some(filter.to_owned());
        request
            .params
            .names
            .insert("#status".to_owned(), "status".to_owned());
        request
            .params
            .values
            .insert(":s".to_owned(), AttrValue::s("PENDING"));
    }
    request
}

#[tokio::test]
async fn results_are_read_lazily_as_the_cursor_nears_the_end() {
    let mut harness = started(small_pages(500)).await;
    let commands = run_query(&mut harness.state, big_partition(None, 20), None);
    harness.run(commands).await;
    // Pages of 20 are read until the loaded rows reach a prefetch margin past the cursor.
    let loaded = run(&harness).items.len();
    assert!((50..200).contains(&loaded), "{loaded}");
    assert!(matches!(run(&harness).paging, Paging::Ready(Some(_))));
    let pages_before = harness.query_pages().len();
    harness.act(Action::CursorLast).await;
    assert!(harness.query_pages().len() > pages_before);
    for _ in 0..10 {
        harness.act(Action::CursorLast).await;
    }
    assert_eq!(run(&harness).items.len(), 200);
    assert_eq!(run(&harness).paging, Paging::Complete);
    // Ten full pages, then the empty page after the last LastEvaluatedKey.
    assert_eq!(run(&harness).progress.pages, 11);
    assert_eq!(run(&harness).progress.count, 200);
}

#[tokio::test]
async fn read_until_n_matches_keeps_fetching_past_empty_pages() {
    let mut harness = started(Settings::default()).await;
    let request = big_partition(Some("#status = :s"), 10);
    let commands = run_query(&mut harness.state, request, Some(5));
    harness.run(commands).await;
    let run = run(&harness);
    assert_eq!(
        sort_keys(&run.items),
        [
            "ORDER#0017",
            "ORDER#0061",
            "ORDER#0102",
            "ORDER#0150",
            "ORDER#0199"
        ]
    );
    assert_eq!(
        run.progress.pages, 20,
        "pages of 10 until the fifth match at 199"
    );
    assert_eq!(run.progress.count, 5);
    assert_eq!(run.progress.scanned_count, 200);
    assert!(run.progress.consumed_capacity > 0.0);
    assert!(run.reached_stop());
}

#[tokio::test]
async fn cancelling_drops_the_page_in_flight_and_cancelling_again_resumes() {
    let mut harness = started(Settings::default()).await;
    let request = big_partition(Some("#status = :s"), 10);
    let commands = run_query(&mut harness.state, request, Some(5));
    let [
        Command::Read(ReadJob {
            id,
            owner: ReadFor::QueryRun,
            read: Read::Query(request),
        }),
    ] = commands.as_slice()
    else {
        panic!("one page requested: {commands:?}");
    };
    let (id, request) = (*id, request.clone());
    let cancel = harness.act_only(Action::CancelQuery);
    assert_eq!(cancel, vec![Command::Cancel(vec![id])]);
    // The page answers anyway: it is stale and dropped.
    let late = Action::ReadDone {
        id,
        owner: ReadFor::QueryRun,
        result: harness
            .backend
            .query(request)
            .await
            .map(ReadAnswer::Page)
            .map_err(Into::into),
    };
    assert!(update(&mut harness.state, late).is_empty());
    assert!(run(&harness).items.is_empty());
    assert!(matches!(run(&harness).paging, Paging::Cancelled { .. }));
    harness.act(Action::CancelQuery).await;
    assert_eq!(
        run(&harness).items.len(),
        5,
        "resumed and read to five matches"
    );
}

#[tokio::test]
async fn enter_opens_a_result_row_in_the_inspector() {
    let mut harness = started(Settings::default()).await;
    open(&mut harness, user_orders()).await;
    harness
        .act_all([Action::Submit, Action::CursorDown, Action::Open])
        .await;
    let View::Inspector(inspector) = harness.state.views.current() else {
        panic!("inspector expected");
    };
    assert_eq!(inspector.item["SK"], AttrValue::s("ORDER#2026-07-02#o2"));
    harness.act(Action::HistoryBack).await;
    harness.act(Action::EditQuery).await;
    assert_eq!(
        form(&harness).spec.sort_value,
        "ORDER#",
        "edit reopens the submitted form"
    );
}

#[tokio::test]
async fn a_keys_only_index_warns_and_fetches_the_base_items_on_request() {
    let mut harness = started(Settings::default()).await;
    let mut preset = preset("REVIEW", None);
    preset.index = Some("Review".to_owned());
    open(&mut harness, preset).await;
    focus(&mut harness, FormField::Projection).await;
    type_text(&mut harness, "PK, SK, amount").await;
    // DynamoDB refuses a projection naming what a global index lacks (DynamoDB Local:
    // ValidationException in these words), so the form refuses it before sending.
    let refused = form(&harness).outcome.clone().expect_err("refused");
    let words = "One or more parameter values were invalid: Global secondary index Review does not project [amount]";
    assert!(
        refused
            .iter()
            .any(|error| error.field == FormField::Projection && error.message == words),
        "{refused:?}"
    );
    for _ in 0.."PK, SK, amount".len() {
        harness.act(Action::DeleteChar).await;
    }
    let built = form(&harness)
        .outcome
        .clone()
        .expect("valid without the projection");
    assert!(built.read_from_table.is_empty());
    harness.act(Action::Submit).await;
    let items = &run(&harness).items;
    // Both have the same index key, so they come back in DynamoDB Local's order for ties.
    assert_eq!(
        sort_keys(items),
        ["ORDER#2026-07-04#o4", "ORDER#2026-07-02#o2"],
        "exactly the flagged orders"
    );
    assert!(items.iter().all(|item| !item.contains_key("amount")));
    let warning = "index Review projects its keys only (KEYS_ONLY): other attributes are not in these results · F fetches the base items";
    let shown = screen(&harness.state, 160, 24);
    assert!(shown.contains(warning), "{shown}");
    harness.act(Action::FetchBaseItems).await;
    let gets = harness.reads_for(ReadFor::QueryBaseItem).len();
    assert_eq!(gets, 2);
    let items = run(&harness).items.to_vec();
    assert_eq!(items[0]["amount"], AttrValue::n(40), "o4's base item");
    assert_eq!(items[1]["status"], AttrValue::s("SHIPPED"));
    let shown = screen(&harness.state, 160, 24);
    assert!(!shown.contains("other attributes are not"), "{shown}");
}

#[tokio::test]
async fn a_template_builds_the_sort_prefix_part_by_part() {
    let mut harness = started(Settings::default()).await;
    // Templates come from the model; on the table, a labelled sort key offers its own shape.
    let table_preset = QueryPreset {
        index: None,
        partition: Some("STORE#s1".to_owned()),
        sort: Some((
            SortOperator::BeginsWith,
            "STATUS#OPEN#DATE#2026-07-18".to_owned(),
            None,
        )),
    };
    open(&mut harness, table_preset).await;
    assert_eq!(form(&harness).templates.len(), 1);
    focus(&mut harness, FormField::Template).await;
    harness.act(Action::NextChoice).await;
    focus(&mut harness, FormField::TemplatePart(0)).await;
    // The parts start from the key the form was opened with; clear them to type new ones.
    harness.act(Action::DeleteToStart).await;
    type_text(&mut harness, "PENDING").await;
    harness.act(Action::NextField).await;
    harness.act(Action::DeleteToStart).await;
    assert_eq!(form(&harness).spec.sort_value, "STATUS#PENDING#DATE#");
    type_text(&mut harness, "2026-07").await;
    assert_eq!(
        form(&harness).spec.sort_value,
        "STATUS#PENDING#DATE#2026-07"
    );
    let built = form(&harness).outcome.clone().expect("valid");
    assert_eq!(
        built.request.params.values[":sk"],
        AttrValue::s("STATUS#PENDING#DATE#2026-07")
    );
}

#[tokio::test]
async fn the_form_and_the_results_copy_the_request_as_runnable_snippets() {
    let mut harness = started(Settings::default()).await;
    open(&mut harness, user_orders()).await;
    let commands = harness.act_only(Action::CopyQueryAwsCli);
    let [Command::CopyToClipboard { text, what }] = commands.as_slice() else {
        panic!("one copy: {commands:?}");
    };
    assert!(text.contains("aws dynamodb query"), "{text}");
    assert!(text.contains("begins_with(#sk, :sk)"), "{text}");
    assert_eq!(what, "the query as AWS CLI command");
    assert!(
        matches!(harness.state.overlay, Some(Overlay::QueryForm(_))),
        "the form stays open"
    );
    harness.act(Action::Submit).await;
    let commands = harness.act_only(Action::CopyQueryBoto3);
    assert!(
        matches!(commands.as_slice(), [Command::CopyToClipboard { text, .. }] if text.contains("boto3")),
        "{commands:?}"
    );
}

#[tokio::test]
async fn sorting_a_results_column_reorders_the_rows_and_open_follows_the_display() {
    let mut harness = started(Settings::default()).await;
    open(&mut harness, user_orders()).await;
    // Select the SK column, sort ascending, then descending.
    harness
        .act_all([
            Action::Submit,
            Action::NextColumn,
            Action::SortColumn,
            Action::SortColumn,
        ])
        .await;
    let first = run(&harness).item_at(0).expect("a row");
    assert_eq!(first["SK"], AttrValue::s("ORDER#2026-07-05#o5"));
    harness.act(Action::Open).await;
    let View::Inspector(inspector) = harness.state.views.current() else {
        panic!("inspector expected");
    };
    assert_eq!(inspector.item["SK"], AttrValue::s("ORDER#2026-07-05#o5"));
}

#[tokio::test]
async fn query_index_in_the_gsi_browser_opens_the_builder_on_that_index() {
    let mut harness = started(Settings::default()).await;
    harness.act(Action::ShowIndexes).await;
    // Row 0 is the table, then the indexes in order: GSI1 first.
    harness
        .act_all([Action::CursorDown, Action::QueryIndex])
        .await;
    assert_eq!(form(&harness).spec.index.as_deref(), Some("GSI1"));
    assert_eq!(form(&harness).focus, FormField::Partition);
}

#[tokio::test]
async fn tab_on_an_index_partition_completes_from_its_browsed_partitions_or_says_why_not() {
    let mut harness = started(Settings::default()).await;
    harness.act(Action::ShowIndexes).await;
    harness
        .act_all([Action::CursorDown, Action::QueryIndex])
        .await;
    type_text(&mut harness, "STATUS#P").await;
    harness.act(Action::Complete).await;
    assert_eq!(form(&harness).spec.partition, "STATUS#P");
    assert_ne!(form(&harness).focus, FormField::Partition, "Tab moves on");
    let Some(Notice::Info(why)) = &harness.state.notice else {
        panic!("Tab says why nothing completed: {:?}", harness.state.notice);
    };
    assert!(
        why.contains("no GSI1 partition values known to complete from"),
        "{why}"
    );
    // Browsing the index reads its partitions; the builder offers them.
    harness.act(Action::Back).await;
    harness.act(Action::Open).await;
    assert!(matches!(
        harness.state.views.current(),
        View::IndexGroups { .. }
    ));
    harness.act(Action::Back).await;
    harness.act(Action::QueryIndex).await;
    assert_eq!(form(&harness).spec.index.as_deref(), Some("GSI1"));
    type_text(&mut harness, "STATUS#P").await;
    harness.act(Action::Complete).await;
    assert_eq!(form(&harness).spec.partition, "STATUS#PENDING");
    assert_eq!(form(&harness).focus, FormField::Partition, "Tab completed");
}

#[tokio::test]
async fn raw_mode_refuses_a_filter_on_what_a_keys_only_index_lacks_in_the_services_words() {
    let mut harness = started(Settings::default()).await;
    let mut preset = preset("REVIEW", None);
    preset.index = Some("Review".to_owned());
    open(&mut harness, preset).await;
    harness.act(Action::ToggleRawMode).await;
    assert_eq!(form(&harness).raw.key_condition, "#pk = :pk");
    focus(&mut harness, FormField::RawFilter).await;
    type_text(&mut harness, "amount > 10").await;
    // DynamoDB refuses the Query rather than filtering on what the index does not hold.
    let refused = form(&harness).outcome.clone().expect_err("refused");
    let words = "Secondary index Review does not project one or more filter attributes: [amount]";
    assert!(
        refused
            .iter()
            .any(|error| error.field == FormField::RawFilter && error.message.contains(words)),
        "{refused:?}"
    );
    harness.act(Action::Submit).await;
    assert!(harness.query_pages().is_empty(), "nothing sent");
    assert_eq!(form(&harness).focus, FormField::RawFilter);
}

#[tokio::test]
async fn between_with_a_date_upper_bound_warns_of_that_days_keys_and_tab_makes_it_inclusive() {
    let mut harness = started(Settings::default()).await;
    open(
        &mut harness,
        preset(
            "USER#u1",
            Some((
                SortOperator::Between,
                "ORDER#2026-07-02",
                Some("ORDER#2026-07-04"),
            )),
        ),
    )
    .await;
    let built = form(&harness).outcome.as_ref().expect("valid").clone();
    let preview = preview_text(&built);
    assert!(
        preview.contains(
            "warning: BETWEEN ends at \"ORDER#2026-07-04\", which leaves out that day's longer keys (ORDER#2026-07-04#…)"
        ),
        "{preview}"
    );
    assert!(
        preview.contains("\"ORDER#2026-07-04~\""),
        "offers the inclusive bound: {preview}"
    );
    // As typed, the day's order is left out, exactly as DynamoDB would.
    harness.act(Action::Submit).await;
    assert_eq!(
        sort_keys(&run(&harness).items),
        ["ORDER#2026-07-02#o2", "ORDER#2026-07-03#o3"]
    );
    harness.act(Action::EditQuery).await;
    focus(&mut harness, FormField::SortUpper).await;
    harness.act(Action::Complete).await;
    assert_eq!(form(&harness).spec.sort_upper, "ORDER#2026-07-04~");
    assert_eq!(
        form(&harness).focus,
        FormField::SortUpper,
        "Tab applied the bound"
    );
    let built = form(&harness).outcome.as_ref().expect("valid").clone();
    assert!(
        !preview_text(&built).contains("warning: BETWEEN"),
        "{}",
        preview_text(&built)
    );
    harness.act(Action::Submit).await;
    assert_eq!(
        sort_keys(&run(&harness).items),
        [
            "ORDER#2026-07-02#o2",
            "ORDER#2026-07-03#o3",
            "ORDER#2026-07-04#o4"
        ]
    );
}

#[tokio::test]
async fn a_chosen_template_starts_from_the_parts_of_the_key_the_form_was_opened_on() {
    let mut harness = started(Settings::default()).await;
    let table_preset = QueryPreset {
        index: None,
        partition: Some("STORE#s1".to_owned()),
        sort: Some((
            SortOperator::Eq,
            "STATUS#OPEN#DATE#2026-07-18".to_owned(),
            None,
        )),
    };
    open(&mut harness, table_preset).await;
    focus(&mut harness, FormField::Template).await;
    harness.act(Action::NextChoice).await;
    assert_eq!(form(&harness).template_parts, ["OPEN", "2026-07-18"]);
    assert_eq!(
        form(&harness).spec.sort_value,
        "STATUS#OPEN#DATE#2026-07-18"
    );
    // Clearing the date reads every date of that status.
    focus(&mut harness, FormField::TemplatePart(1)).await;
    harness.act(Action::DeleteToStart).await;
    assert_eq!(form(&harness).spec.sort_value, "STATUS#OPEN#DATE#");
}

#[tokio::test]
async fn tab_in_a_template_part_completes_from_the_values_seen_in_that_part() {
    let mut harness = tui_support::started_demo(400, Settings::default()).await;
    open(
        &mut harness,
        QueryPreset {
            index: None,
            partition: Some("STORE#st_0001".to_owned()),
            sort: Some((SortOperator::BeginsWith, "STATUS#".to_owned(), None)),
        },
    )
    .await;
    harness.act(Action::Submit).await;
    let statuses: BTreeSet<String> = sort_keys(&run(&harness).items)
        .iter()
        .filter_map(|sk| sk.split('#').nth(1).map(str::to_owned))
        .collect();
    let first = statuses.iter().next().expect("statuses seen").clone();
    let initial = &first[..1];
    let expected = ddbx::domain::common_prefix::common_prefix(
        statuses
            .iter()
            .filter(|status| status.starts_with(initial))
            .map(String::as_str),
    )
    .expect("a prefix");
    // From an item of the results, the builder opens on its labelled key and offers its template.
    harness.act(Action::Open).await;
    harness.act(Action::OpenQueryForm).await;
    focus(&mut harness, FormField::Template).await;
    harness.act(Action::NextChoice).await;
    focus(&mut harness, FormField::TemplatePart(0)).await;
    harness.act(Action::DeleteToStart).await;
    type_text(&mut harness, initial).await;
    harness.act(Action::Complete).await;
    assert_eq!(
        form(&harness).template_parts[0],
        expected,
        "seen: {statuses:?}"
    );
    assert_eq!(
        form(&harness).focus,
        FormField::TemplatePart(0),
        "completion keeps the focus"
    );
}

/// Up and Down stop at the first and last field, so counting presses from anywhere lands where
/// it should (an Up×5 from the partition field is the Target, never a field at the bottom);
/// Tab still goes round.
#[tokio::test]
async fn up_and_down_stop_at_the_ends_and_tab_goes_round() {
    let mut harness = started(Settings::default()).await;
    harness.act(Action::OpenQueryForm).await;
    harness
        .act_all(std::iter::repeat_n(Action::PrevField, 5))
        .await;
    assert_eq!(form(&harness).focus, FormField::Target);
    let last = *form(&harness).fields().last().expect("fields");
    let count = form(&harness).fields().len();
    harness
        .act_all(std::iter::repeat_n(Action::NextField, count + 3))
        .await;
    assert_eq!(form(&harness).focus, last, "Down stops at the last field");
    harness.act(Action::Complete).await;
    assert_eq!(form(&harness).focus, FormField::Target, "Tab goes round");
}

/// The focused field's label is drawn highlighted (reversed), and only that one, so the eye finds
/// the field the keys act on.
#[tokio::test]
async fn the_focused_fields_label_is_highlighted() {
    let mut harness = started(Settings::default()).await;
    harness.act(Action::OpenQueryForm).await;
    focus(&mut harness, FormField::Partition).await;
    let styled = tui_support::screen::styled_screen(&harness.state, 100, 30);
    let reversed_labels: Vec<&str> = styled
        .lines()
        .filter(|line| line.contains("REVERSED"))
        .filter(|line| {
            ["Target", "Partition", "Sort"]
                .iter()
                .any(|l| line.contains(&format!("\"{l}")))
        })
        .collect();
    assert_eq!(reversed_labels.len(), 1, "{styled}");
    assert!(reversed_labels[0].contains("\"Partition"), "{styled}");
}
