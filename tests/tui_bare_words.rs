//! The query builder's filter fields warn about a bare word meant as a value: `status = PENDING`
//! reads `PENDING` as an attribute name (DynamoDB's meaning, kept), and when no item read has
//! such an attribute but one has the value, the form says `did you mean "PENDING"?`.

mod tui_support;

use ddbx::app::action::Action;
use ddbx::app::state::query::form::FormField;
use ddbx::app::state::query::preset::QueryPreset;
use ddbx::app::state::{Overlay, QueryForm, Settings};
use ddbx::app::update::query::open_form;
use tui_support::Harness;
use tui_support::screen::screen;

async fn type_text(harness: &mut Harness, text: &str) {
    for c in text.chars() {
        harness.act(Action::Input(c)).await;
    }
}

fn form(harness: &Harness) -> &QueryForm {
    match &harness.state.overlay {
        Some(Overlay::QueryForm(form)) => form,
        other => panic!("the query builder is open: {other:?}"),
    }
}

/// The demo with a user's partition read (its orders hold `status = PENDING`), and the builder
/// open on that partition with the focus on `field`.
async fn builder_on_a_read_partition(raw: bool, field: FormField) -> Harness {
    let mut harness = tui_support::started_demo(400, Settings::default()).await;
    harness.act(Action::JumpToPartition).await;
    type_text(&mut harness, "USER#usr_1001").await;
    harness.act(Action::Submit).await;
    let preset = QueryPreset {
        index: None,
        partition: Some("USER#usr_1001".to_owned()),
        sort: None,
    };
    let commands = open_form(&mut harness.state, preset);
    harness.run(commands).await;
    if raw {
        harness.act(Action::ToggleRawMode).await;
    }
    tui_support::query_form::focus(&mut harness, field).await;
    harness
}

#[tokio::test]
async fn a_bare_value_in_the_builders_filter_is_warned_about_and_a_quoted_one_is_not() {
    let mut harness = builder_on_a_read_partition(false, FormField::Filter).await;
    assert!(
        harness
            .state
            .items_read()
            .any(|item| item.get("status").and_then(|v| v.as_s()) == Some("PENDING")),
        "the partition read holds a PENDING order"
    );
    type_text(&mut harness, "status = PENDING").await;
    assert_eq!(form(&harness).bare_words, ["PENDING"]);
    // DynamoDB's meaning is kept: the request compares two attributes.
    let built = form(&harness).outcome.as_ref().expect("a valid request");
    assert_eq!(built.request.filter.as_deref(), Some("#status = PENDING"));
    let shown = screen(&harness.state, 100, 30);
    assert!(shown.contains("did you mean \"PENDING\"?"), "{shown}");
    insta::assert_snapshot!("bare_word_builder_100x30", shown);
    insta::assert_snapshot!("bare_word_builder_80x24", screen(&harness.state, 80, 24));

    for _ in "PENDING".chars() {
        harness.act(Action::DeleteChar).await;
    }
    type_text(&mut harness, "\"PENDING\"").await;
    assert!(form(&harness).bare_words.is_empty());
    assert!(!screen(&harness.state, 100, 30).contains("did you mean"));
}

#[tokio::test]
async fn an_attribute_compared_with_an_attribute_is_not_warned_about() {
    let mut harness = builder_on_a_read_partition(false, FormField::Filter).await;
    type_text(&mut harness, "status = type").await;
    assert!(form(&harness).bare_words.is_empty());
}

#[tokio::test]
async fn the_raw_modes_filter_is_checked_too() {
    let mut harness = builder_on_a_read_partition(true, FormField::RawFilter).await;
    harness.act(Action::DeleteToStart).await;
    type_text(&mut harness, "status = PENDING").await;
    assert_eq!(form(&harness).bare_words, ["PENDING"]);
}
