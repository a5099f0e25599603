//! Render snapshots of the query builder form (fields with an error under its position, raw
//! mode, the live preview) and of the results view, at 80×24 and 100×30.

mod tui_support;

use ddbx::app::action::Action;
use ddbx::app::state::query::preset::QueryPreset;
use ddbx::app::state::{Settings, State};
use ddbx::app::update::query::open_form;
use ddbx::domain::access_pattern::SortOperator;
use tui_support::screen::screen;
use tui_support::{Harness, orders};

const SIZES: [(u16, u16); 2] = [(80, 24), (100, 30)];

fn snapshot(name: &str, state: &State) {
    for (width, height) in SIZES {
        insta::assert_snapshot!(
            format!("{name}_{width}x{height}"),
            screen(state, width, height)
        );
    }
}

async fn form_on(preset: QueryPreset) -> Harness {
    let mut harness = Harness::new(orders::backend(), orders::TABLE, Settings::default());
    harness.start().await;
    let commands = open_form(&mut harness.state, preset);
    harness.run(commands).await;
    harness
}

fn user_orders(index: Option<&str>, operator: SortOperator, value: &str) -> QueryPreset {
    QueryPreset {
        index: index.map(str::to_owned),
        partition: Some("USER#u1".to_owned()),
        sort: Some((operator, value.to_owned(), None)),
    }
}

#[tokio::test]
async fn the_form_shows_target_keys_and_the_live_preview() {
    let mut harness = form_on(user_orders(None, SortOperator::BeginsWith, "ORDER#")).await;
    // From the sort operator: value, then the first filter row's attribute, operator, value.
    harness.act(Action::NextField).await;
    harness.act(Action::NextField).await;
    for c in "status".chars() {
        harness.act(Action::Input(c)).await;
    }
    harness.act(Action::NextField).await;
    harness.act(Action::NextField).await;
    for c in "PENDING".chars() {
        harness.act(Action::Input(c)).await;
    }
    snapshot("query_form_preview", &harness.state);
}

#[tokio::test]
async fn the_form_marks_a_type_error_under_its_position() {
    let harness = form_on(user_orders(Some("LSI1"), SortOperator::Gt, "ten")).await;
    snapshot("query_form_type_error", &harness.state);
}

#[tokio::test]
async fn the_form_in_raw_mode_shows_the_request_texts() {
    let mut harness = form_on(user_orders(None, SortOperator::Eq, "METADATA")).await;
    harness.act(Action::ToggleRawMode).await;
    snapshot("query_form_raw", &harness.state);
}

#[tokio::test]
async fn the_results_show_progress_columns_and_the_form_refuses_an_unprojected_attribute() {
    let mut harness = form_on(user_orders(None, SortOperator::BeginsWith, "ORDER#")).await;
    harness.act(Action::Submit).await;
    snapshot("query_results", &harness.state);
    let mut review = form_on(QueryPreset {
        index: Some("Review".to_owned()),
        partition: Some("REVIEW".to_owned()),
        sort: None,
    })
    .await;
    // Projection field: name an attribute the KEYS_ONLY index lacks.
    for _ in 0..20 {
        if matches!(
            &review.state.overlay,
            Some(ddbx::app::state::Overlay::QueryForm(form))
                if form.focus == ddbx::app::state::query::form::FormField::Projection
        ) {
            break;
        }
        review.act(Action::NextField).await;
    }
    for c in "SK, amount".chars() {
        review.act(Action::Input(c)).await;
    }
    // DynamoDB refuses it (a global index does not fetch from the table): the form says so.
    snapshot("query_form_unprojected", &review.state);
}

/// The demo's GSI3 has a two-attribute partition key (status + region) and a two-attribute sort
/// key (placedAt + total): the form shows a typed field per attribute and the query returns
/// exactly the orders of that status and region, oldest first.
#[tokio::test]
async fn the_form_on_a_multi_attribute_index_has_a_field_per_key_attribute() {
    use ddbx::app::state::query::form::FormField;
    use ddbx::domain::value::AttrValue;
    let mut harness = tui_support::started_demo(400, Settings::default()).await;
    let preset = QueryPreset {
        index: Some("GSI3".to_owned()),
        partition: Some("PENDING".to_owned()),
        sort: None,
    };
    let commands = open_form(&mut harness.state, preset);
    harness.run(commands).await;
    let focus = |harness: &Harness| match &harness.state.overlay {
        Some(ddbx::app::state::Overlay::QueryForm(form)) => Some(form.focus),
        _ => None,
    };
    assert_eq!(
        focus(&harness),
        Some(FormField::MorePartition(0)),
        "the preset filled `status`; `region` is next"
    );
    for c in "EU".chars() {
        harness.act(Action::Input(c)).await;
    }
    snapshot("query_form_multi_attribute", &harness.state);
    harness.act(Action::Submit).await;
    let run = harness.state.queries.runs.last().expect("a run");
    assert!(!run.items.is_empty(), "the demo has pending EU orders");
    let text = |item: &ddbx::domain::value::Item, name: &str| {
        item.get(name)
            .and_then(AttrValue::as_s)
            .unwrap_or_default()
            .to_owned()
    };
    for item in run.items.iter() {
        assert_eq!(
            (text(&item, "status"), text(&item, "region")),
            ("PENDING".into(), "EU".into())
        );
    }
    let placed: Vec<String> = run
        .items
        .iter()
        .map(|item| text(&item, "placedAt"))
        .collect();
    let mut sorted = placed.clone();
    sorted.sort();
    assert_eq!(placed, sorted, "ordered by the first sort attribute");
}
