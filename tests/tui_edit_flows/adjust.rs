//! `+` in the inspector adjusts a number where it stands: the prompt holds the number under the
//! cursor, the preview shows the guarded request, the write counts what others added meanwhile,
//! and undo takes back only its own amount.

use super::support::*;
use crate::tui_support::screen::screen;
use ddbx::app::state::rows::row_context;

fn account() -> Item {
    let mut account = item(&[("PK", "ACCOUNT#7"), ("SK", "BALANCE"), ("owner", "Ada")]);
    account.insert("balance".to_owned(), number("100"));
    account.insert("version".to_owned(), number("1"));
    account
}

async fn inspecting_account(test: &str) -> (Harness, Arc<dyn Backend>) {
    let backend: Arc<dyn Backend> =
        Arc::new(MemoryBackend::new(pk_sk_table("Shop"), [account()]).expect("valid item"));
    let mut harness = inspecting(Arc::clone(&backend), "ACCOUNT#7", "BALANCE").await;
    journal_path(&mut harness, test);
    (harness, backend)
}

/// Puts the inspector's cursor on the row labelled `label`.
fn cursor_on(harness: &mut Harness, label: &str) {
    let context_rows = match harness.state.views.current() {
        View::Inspector(inspector) => inspector.rows(&row_context(&harness.state)),
        other => panic!("expected the inspector, found {other:?}"),
    };
    let row = context_rows
        .iter()
        .position(|row| row.label == label)
        .unwrap_or_else(|| panic!("no row {label}"));
    if let View::Inspector(inspector) = harness.state.views.current_mut() {
        inspector.cursor = row;
    }
}

fn prompt_text(harness: &Harness) -> String {
    match &harness.state.overlay {
        Some(Overlay::Prompt(prompt)) => prompt.text.text().to_owned(),
        other => panic!("expected the prompt, found {other:?}"),
    }
}

async fn type_text(harness: &mut Harness, text: &str) {
    for c in text.chars() {
        harness.act(Action::Input(c)).await;
    }
}

async fn balance(backend: &dyn Backend) -> AttrValue {
    stored(backend, "ACCOUNT#7", "BALANCE")
        .await
        .and_then(|item| item.get("balance").cloned())
        .expect("a balance")
}

/// Another client adds `amount` to the balance.
async fn someone_adds(backend: &dyn Backend, amount: &str) {
    let mut params = ExpressionParams::default();
    params.values.insert(":n".to_owned(), number(amount));
    backend
        .update_item(UpdateRequest {
            table: "Shop".to_owned(),
            key: key("ACCOUNT#7", "BALANCE"),
            update: "SET balance = balance + :n".to_owned(),
            condition: Condition::new("attribute_exists(PK)"),
            params,
            return_values: ReturnValues::AllNew,
        })
        .await
        .expect("the other write");
}

#[tokio::test]
async fn plus_adjusts_the_number_under_the_cursor_and_undo_keeps_what_others_added() {
    let (mut harness, backend) = inspecting_account("adjust").await;
    cursor_on(&mut harness, "balance");
    harness.act(Action::AdjustNumber).await;
    assert_eq!(prompt_text(&harness), "balance ");
    insta::assert_snapshot!("adjust_prompt_80x24", screen(&harness.state, 80, 24));
    type_text(&mut harness, "-25 >= 0").await;
    harness.act(Action::Submit).await;
    let request = request_text(&harness);
    for line in [
        "UpdateExpression: SET balance = balance + :v0, version = version + :v1",
        "ConditionExpression: attribute_exists(PK) AND balance >= :v2",
    ] {
        assert!(request.contains(line), "{line} in {request}");
    }
    for (width, height) in [(80, 24), (120, 40)] {
        insta::assert_snapshot!(
            format!("adjust_preview_{width}x{height}"),
            screen(&harness.state, width, height)
        );
    }
    // Read before the preview; another client adds 10 before the confirm. Both count.
    someone_adds(backend.as_ref(), "10").await;
    harness.act(Action::Confirm).await;
    assert_eq!(balance(backend.as_ref()).await, number("85"));

    someone_adds(backend.as_ref(), "1").await;
    harness.act(Action::Undo).await;
    assert!(
        request_text(&harness).contains("SET balance = balance + :v0"),
        "{}",
        request_text(&harness)
    );
    harness.act(Action::Confirm).await;
    assert_eq!(
        balance(backend.as_ref()).await,
        number("111"),
        "the undo adds back its 25 and keeps the other client's 10 and 1"
    );
}

#[tokio::test]
async fn a_guard_the_item_breaks_or_a_bad_line_is_refused_with_nothing_sent() {
    let (mut harness, backend) = inspecting_account("adjust-refused").await;
    for (typed, words) in [
        ("balance -200 >= 0", "below 0"),
        ("balance 5", "say + or -"),
        ("owner +1", "not a number"),
    ] {
        harness.act(Action::AdjustNumber).await;
        harness.act(Action::Submit).await;
        // The cursor is not on a number, so the prompt starts empty.
        assert!(harness.state.overlay.is_none());
        harness.act(Action::AdjustNumber).await;
        type_text(&mut harness, typed).await;
        harness.act(Action::Submit).await;
        assert!(harness.state.edits.flow.is_none(), "{typed}: no preview");
        let said = notice(&harness);
        assert!(said.contains(words), "{typed}: {said}");
        assert_eq!(
            said.matches("nothing was sent").count(),
            1,
            "said once: {said}"
        );
    }
    assert_eq!(balance(backend.as_ref()).await, number("100"));
}

#[tokio::test]
async fn read_only_refuses_before_the_prompt() {
    let (mut harness, _) = inspecting_account("adjust-read-only").await;
    harness.state.session.connection.read_only = true;
    harness.act(Action::AdjustNumber).await;
    assert!(harness.state.overlay.is_none());
    assert!(
        notice(&harness).contains("read-only"),
        "{}",
        notice(&harness)
    );
}
