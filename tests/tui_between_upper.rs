//! BETWEEN's *To* field in the query builder: with a template it starts as the key *From*
//! builds and follows *From* until edited; `Tab` in it completes from the sort keys read so far.

mod tui_support;

use ddbx::app::action::Action;
use ddbx::app::state::query::form::FormField;
use ddbx::app::state::query::preset::QueryPreset;
use ddbx::app::state::{Overlay, QueryForm, Settings, View};
use ddbx::app::update::query::open_form;
use ddbx::domain::access_pattern::SortOperator;
use ddbx::domain::query_spec::SortChoice;
use tui_support::Harness;
use tui_support::screen::screen;

fn form(harness: &Harness) -> &QueryForm {
    match &harness.state.overlay {
        Some(Overlay::QueryForm(form)) => form,
        other => panic!("the query form is open, not {other:?}"),
    }
}

async fn type_text(harness: &mut Harness, text: &str) {
    for c in text.chars() {
        harness.act(Action::Input(c)).await;
    }
}

use tui_support::query_form::focus;

async fn store_between(harness: &mut Harness, from: &str) {
    let preset = QueryPreset {
        index: None,
        partition: Some("STORE#st_0001".to_owned()),
        sort: Some((SortOperator::Between, from.to_owned(), None)),
    };
    let commands = open_form(&mut harness.state, preset);
    harness.run(commands).await;
}

#[tokio::test]
async fn to_starts_from_the_template_and_follows_from_until_edited() {
    let mut harness = tui_support::started_demo(400, Settings::default()).await;
    store_between(&mut harness, "STATUS#RENOVATING#DATE#2026-01-02").await;
    assert_eq!(form(&harness).spec.sort, SortChoice::Between);
    focus(&mut harness, FormField::Template).await;
    harness.act(Action::NextChoice).await;
    assert_eq!(form(&harness).template_parts, ["RENOVATING", "2026-01-02"]);
    assert_eq!(
        form(&harness).spec.sort_upper,
        "STATUS#RENOVATING#DATE#2026-01-02"
    );
    assert!(
        form(&harness).outcome.is_ok(),
        "a valid range to start from"
    );
    insta::assert_snapshot!("between_to_prefilled_80x24", screen(&harness.state, 80, 24));
    insta::assert_snapshot!(
        "between_to_prefilled_140x40",
        screen(&harness.state, 140, 40)
    );

    // A new status in From: To follows.
    focus(&mut harness, FormField::TemplatePart(0)).await;
    harness.act(Action::DeleteToStart).await;
    type_text(&mut harness, "OPEN").await;
    assert_eq!(
        form(&harness).spec.sort_upper,
        "STATUS#OPEN#DATE#2026-01-02"
    );

    // Edited by hand, To is the user's: From no longer changes it.
    focus(&mut harness, FormField::SortUpper).await;
    for _ in "01-02".chars() {
        harness.act(Action::DeleteChar).await;
    }
    type_text(&mut harness, "12-31").await;
    assert_eq!(
        form(&harness).spec.sort_upper,
        "STATUS#OPEN#DATE#2026-12-31"
    );
    focus(&mut harness, FormField::TemplatePart(0)).await;
    harness.act(Action::DeleteToStart).await;
    type_text(&mut harness, "CLOSED").await;
    assert_eq!(
        form(&harness).spec.sort_upper,
        "STATUS#OPEN#DATE#2026-12-31"
    );
    assert_eq!(
        form(&harness).spec.sort_value,
        "STATUS#CLOSED#DATE#2026-01-02"
    );
}

#[tokio::test]
async fn tab_in_to_completes_from_the_sort_keys_read() {
    let mut harness = tui_support::started_demo(400, Settings::default()).await;
    // Read the store's keys once.
    let preset = QueryPreset {
        index: None,
        partition: Some("STORE#st_0001".to_owned()),
        sort: Some((SortOperator::BeginsWith, "STATUS#".to_owned(), None)),
    };
    let commands = open_form(&mut harness.state, preset);
    harness.run(commands).await;
    harness.act(Action::Submit).await;
    let View::QueryResults { run, .. } = harness.state.views.current() else {
        panic!("the results are shown");
    };
    let renovating: Vec<String> = harness.state.queries.runs[*run]
        .items
        .iter()
        .filter_map(|item| item.get("SK")?.as_s().map(str::to_owned))
        .filter(|sk| sk.starts_with("STATUS#R"))
        .collect();
    let expected =
        ddbx::domain::common_prefix::common_prefix(renovating.iter().map(String::as_str))
            .expect("the store has RENOVATING keys");
    assert!(expected.len() > "STATUS#R".len(), "{renovating:?}");

    store_between(&mut harness, "STATUS#A").await;
    focus(&mut harness, FormField::SortUpper).await;
    harness.act(Action::DeleteToStart).await;
    type_text(&mut harness, "STATUS#R").await;
    harness.act(Action::Complete).await;
    assert_eq!(form(&harness).spec.sort_upper, expected, "{renovating:?}");
    assert_eq!(form(&harness).focus, FormField::SortUpper);
}
