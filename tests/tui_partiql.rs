//! The PartiQL statement screen as a state machine over the demo's embedded engine: what a
//! statement will do said before it runs, a large scan asked about first, pages read by
//! NextToken into the results table, rows opened in the inspector, writes and read-only
//! sessions refused before anything is sent, the service's words on a failure. Snapshots of
//! the screen and the results at 80×24.

mod tui_support;

use ddbx::app::action::Action;
use ddbx::app::read::{Read, ReadFor};
use ddbx::app::state::mode::Mode;
use ddbx::app::state::partiql::{StatementForm, StatementRun};
use ddbx::app::state::{Notice, Overlay, Paging, Settings, View};
use ddbx::domain::value::Item;
use tui_support::Harness;
use tui_support::screen::screen;

/// A user of the demo with orders, and its order count.
fn user_with_orders() -> (String, usize) {
    let (_, items) = ddbx::demo::generate(1, 400);
    let orders = |pk: &str| {
        items
            .iter()
            .filter(|item| text(item, "PK") == pk && text(item, "SK").starts_with("ORDER#"))
            .count()
    };
    items
        .iter()
        .map(|item| text(item, "PK").to_owned())
        .find(|pk| pk.starts_with("USER#") && orders(pk) > 1)
        .map(|pk| {
            let count = orders(&pk);
            (pk, count)
        })
        .expect("a demo user with orders")
}

fn text<'a>(item: &'a Item, name: &str) -> &'a str {
    item.get(name)
        .and_then(|value| value.as_s())
        .unwrap_or_default()
}

async fn demo(settings: Settings) -> Harness {
    tui_support::started_demo(400, settings).await
}

/// Opens the statement screen and types `statement` (and `parameters`) into it.
async fn typed(harness: &mut Harness, statement: &str, parameters: &str) {
    harness.act(Action::OpenPartiql).await;
    harness
        .act_all([
            Action::LineEnd,
            Action::DeleteToStart,
            Action::Paste(statement.to_owned()),
            Action::NextField,
            Action::LineEnd,
            Action::DeleteToStart,
            Action::Paste(parameters.to_owned()),
            Action::PrevField,
        ])
        .await;
}

/// A scan of the demo's orders: a statement read page by page.
fn order_scan() -> String {
    format!(
        r#"SELECT * FROM "{}" WHERE begins_with(SK, 'ORDER#')"#,
        ddbx::demo::TABLE_NAME
    )
}

fn form(harness: &Harness) -> &StatementForm {
    match &harness.state.overlay {
        Some(Overlay::Partiql(form)) => form,
        other => panic!("the statement screen is open, not {other:?}"),
    }
}

fn run(harness: &Harness) -> &StatementRun {
    match harness.state.views.current() {
        View::StatementResults { run, .. } => &harness.state.partiql.runs[*run],
        other => panic!("the statement results are shown, not {other:?}"),
    }
}

fn statements_sent(harness: &Harness) -> Vec<ddbx::backend::StatementRequest> {
    harness
        .reads_for(ReadFor::StatementRun)
        .into_iter()
        .map(|read| match read {
            Read::Statement(request) => request.clone(),
            other => panic!("a statement read, not {other:?}"),
        })
        .collect()
}

fn key_select() -> (String, String, usize) {
    let (pk, orders) = user_with_orders();
    let statement = format!(
        r#"SELECT * FROM "{}" WHERE PK = ? AND begins_with(SK, 'ORDER#')"#,
        ddbx::demo::TABLE_NAME
    );
    (statement, format!(r#"[{{"S": "{pk}"}}]"#), orders)
}

#[tokio::test]
async fn a_key_select_is_said_to_be_a_key_query_before_it_runs_then_fills_the_results_table() {
    let mut harness = demo(Settings::default()).await;
    let (statement, parameters, orders) = key_select();
    typed(&mut harness, &statement, &parameters).await;
    assert!(
        matches!(harness.state.mode(), Mode::Partiql(_)),
        "{:?}",
        harness.state.mode()
    );
    let said = screen(&harness.state, 80, 24);
    assert!(said.contains("✓ key query on PK of table"), "{said}");
    insta::assert_snapshot!("partiql_key_select_form_80x24", said);
    assert!(
        statements_sent(&harness).is_empty(),
        "nothing sent while typing"
    );

    harness.act(Action::Submit).await;
    let sent = statements_sent(&harness);
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].statement, statement);
    let run = run(&harness);
    assert_eq!(run.items.len(), orders);
    assert!(run.paging.is_complete());
    assert!(run.progress.consumed_capacity > 0.0, "capacity reported");
    assert!(run.plan.starts_with("key query on PK"));
    let results = screen(&harness.state, 80, 24);
    assert!(results.contains("RCU"), "{results}");
    insta::assert_snapshot!("partiql_key_select_results_80x24", results);

    harness.act(Action::Open).await;
    let View::Inspector(inspector) = harness.state.views.current() else {
        panic!("the row opens in the inspector");
    };
    assert!(text(&inspector.item, "SK").starts_with("ORDER#"));
}

#[tokio::test]
async fn a_scan_reads_page_by_page_with_next_token_as_the_cursor_moves() {
    let mut harness = demo(tui_support::small_pages(7)).await;
    typed(&mut harness, &order_scan(), "").await;
    assert!(screen(&harness.state, 100, 30).contains("⚠ full table scan"));
    harness.act(Action::Submit).await;
    let first = statements_sent(&harness).len();
    assert!(first > 1, "reads a screenful ahead: {first} pages");
    for _ in 0..40 {
        harness.act(Action::CursorLast).await;
    }
    let sent = statements_sent(&harness);
    assert!(sent.len() > first, "more pages as the cursor moves");
    assert!(sent[0].next_token.is_none());
    assert!(sent[1..].iter().all(|request| request.next_token.is_some()));
    assert!(sent.iter().all(|request| request.limit == Some(7)));
    let (_, items) = ddbx::demo::generate(1, 400);
    let orders = items
        .iter()
        .filter(|item| text(item, "SK").starts_with("ORDER#"))
        .count();
    let run = run(&harness);
    assert!(run.paging.is_complete(), "{:?}", run.paging);
    assert_eq!(run.items.len(), orders);
    assert_eq!(run.progress.pages, sent.len() as u64);
}

#[tokio::test]
async fn a_scan_of_a_large_table_is_asked_about_first_and_sends_nothing_when_declined() {
    let settings = Settings {
        large_table_bytes: 0,
        ..Settings::default()
    };
    let mut harness = demo(settings).await;
    // Discovery asks first too; skipping it leaves the table unread.
    assert!(
        matches!(harness.state.mode(), Mode::ConfirmScan { .. }),
        "{:?}",
        harness.state.mode()
    );
    harness.act(Action::Back).await;
    let statement = format!(r#"SELECT * FROM "{}""#, ddbx::demo::TABLE_NAME);
    typed(&mut harness, &statement, "").await;
    assert!(screen(&harness.state, 100, 30).contains("you will be asked before it is read"));
    harness.act(Action::Submit).await;
    assert!(
        matches!(harness.state.mode(), Mode::ConfirmPartiqlScan(_)),
        "{:?}",
        harness.state.mode()
    );
    let asked = screen(&harness.state, 80, 24);
    assert!(
        asked.contains("Full table scan of a large table"),
        "{asked}"
    );
    harness.act(Action::Back).await;
    assert!(statements_sent(&harness).is_empty());
    assert!(
        form(&harness)
            .error
            .as_deref()
            .is_some_and(|error| error.contains("not run"))
    );
    harness.act_all([Action::Submit, Action::Confirm]).await;
    assert_eq!(statements_sent(&harness).len(), 1);
    assert!(matches!(
        harness.state.views.current(),
        View::StatementResults { .. }
    ));
}

#[tokio::test]
async fn writes_are_refused_before_sending_with_what_to_use_and_read_only_says_so() {
    let mut harness = demo(Settings::default()).await;
    let update = format!(
        r#"UPDATE "{}" SET n = 1 WHERE PK = 'USER#x' AND SK = 'PROFILE'"#,
        ddbx::demo::TABLE_NAME
    );
    typed(&mut harness, &update, "").await;
    harness.act(Action::Submit).await;
    let error = form(&harness).error.clone().expect("refused");
    assert!(
        error.contains("ddbx does not send PartiQL UPDATE"),
        "{error}"
    );
    assert!(error.contains("e (edit item)"), "{error}");

    harness.state.session.connection.read_only = true;
    for statement in [
        update,
        format!(
            r#"INSERT INTO "{}" VALUE {{'PK': 'USER#x', 'SK': 'PROFILE'}}"#,
            ddbx::demo::TABLE_NAME
        ),
        format!(
            r#"DELETE FROM "{}" WHERE PK = 'USER#x' AND SK = 'PROFILE'"#,
            ddbx::demo::TABLE_NAME
        ),
    ] {
        typed(&mut harness, &statement, "").await;
        harness.act(Action::Submit).await;
        let error = form(&harness).error.clone().expect("refused");
        assert!(error.starts_with("read-only: PartiQL"), "{error}");
        assert!(error.contains("nothing was sent"), "{error}");
        harness.act(Action::Back).await;
    }
    assert!(statements_sent(&harness).is_empty());
    assert!(harness.reads_for(ReadFor::StatementItem).is_empty());
    assert!(harness.writes().is_empty());
}

#[tokio::test]
async fn an_insert_becomes_the_editors_put_conditioned_on_the_key_not_existing() {
    let mut harness = demo(Settings::default()).await;
    let table = ddbx::demo::TABLE_NAME;
    typed(
        &mut harness,
        &format!(r#"INSERT INTO "{table}" VALUE {{'PK': 'USER#new', 'n': 1}}"#),
        "",
    )
    .await;
    harness.act(Action::Submit).await;
    let error = form(&harness).error.clone().expect("refused");
    assert!(error.contains("no SK"), "{error}");

    let insert = format!(
        r#"INSERT INTO "{table}" VALUE {{'PK': ?, 'SK': 'PROFILE', 'n': 12345678901234567890123456789012345678, 'tags': <<'a', 'b'>>, 'empty': '', 'nested': {{'l': [1, true, null]}}}}"#
    );
    typed(&mut harness, &insert, r#"[{"S": "USER#new"}]"#).await;
    let said = screen(&harness.state, 120, 30);
    assert!(said.contains("✓ a new item"), "{said}");
    harness.act(Action::Submit).await;
    assert!(
        matches!(harness.state.mode(), Mode::Preview(_)),
        "{:?} the editor's put preview",
        harness.state.mode()
    );
    let flow = harness.state.edits.flow.as_deref().expect("an edit flow");
    let review = flow.review().expect("a preview");
    let mine = review.mine.clone().expect("the item written");
    assert_eq!(
        format!("{:?}", mine["n"]),
        format!(
            "{:?}",
            ddbx::domain::value::AttrValue::N(
                "12345678901234567890123456789012345678".parse().expect("n")
            )
        ),
        "38 digits kept"
    );
    assert!(matches!(&mine["tags"], ddbx::domain::value::AttrValue::Ss(set) if set.len() == 2));
    assert_eq!(
        mine["empty"],
        ddbx::domain::value::AttrValue::S(String::new())
    );
    assert!(
        review.request_text.contains("attribute_not_exists"),
        "{}",
        review.request_text
    );
    assert!(
        harness.writes().is_empty(),
        "nothing sent before the preview is confirmed"
    );
    harness.act(Action::Confirm).await;
    assert_eq!(harness.writes().len(), 1);
    assert_eq!(
        harness.state.edits.flow.as_ref().map(|_| ()),
        None,
        "written"
    );

    // The same INSERT again meets the item it made: the condition fails, nothing is written.
    typed(&mut harness, &insert, r#"[{"S": "USER#new"}]"#).await;
    harness.act_all([Action::Submit, Action::Confirm]).await;
    assert!(
        matches!(harness.state.mode(), Mode::Conflict(_)),
        "{:?}",
        harness.state.mode()
    );
}

#[tokio::test]
async fn bad_statements_and_parameters_are_refused_in_the_form_and_failures_keep_the_services_words()
 {
    let mut harness = demo(Settings::default()).await;
    let table = ddbx::demo::TABLE_NAME;
    for (statement, parameters, said) in [
        (
            format!("SELECT * FROM \"{table}\" WHERE PK = 'a"),
            "",
            "unterminated",
        ),
        (
            format!("SELECT * FROM \"{table}\" WHERE PK = ?"),
            "",
            "1 `?` parameter(s)",
        ),
        (
            format!("SELECT * FROM \"{table}\" WHERE PK = ?"),
            "[1]",
            "parameters value 1",
        ),
        (
            format!("SELECT * FROM \"{table}\" WHERE PK = ?"),
            r#"[{"N": "1"}]"#,
            "is N but PK is a key of type S",
        ),
        (
            "SELECT * FROM \"Other\"".to_owned(),
            "",
            "switch tables first",
        ),
        (
            format!("SELECT * FROM \"{table}\" WHERE PK = 'x' AND"),
            "",
            "Statement wasn't well formed, can't be processed: expected a condition (at the end",
        ),
        (
            format!("SELECT * FROM \"{table}\" WHERE PK = 5"),
            "",
            "Key attribute's data type should match its data type in table's schema: Key PK",
        ),
    ] {
        typed(&mut harness, &statement, parameters).await;
        harness.act(Action::Submit).await;
        let error = form(&harness).error.clone().expect("refused");
        assert!(error.contains(said), "{statement}: {error}");
        harness.act(Action::Back).await;
    }
    assert!(statements_sent(&harness).is_empty());

    typed(
        &mut harness,
        &format!("SELECT * FROM \"{table}\" WHERE NOT x = 1"),
        "",
    )
    .await;
    harness.act(Action::Submit).await;
    assert!(
        matches!(&run(&harness).paging, Paging::Failed(message) if message.contains("PartiqlNotSupported"))
    );
    let shown = screen(&harness.state, 120, 30);
    assert!(
        shown.contains("0 pages · capacity not reported · failed:") && !shown.contains("RCU"),
        "a failed run reports no capacity, as a run the server reports none for:\n{shown}"
    );
    assert!(matches!(
        &harness.state.notice,
        Some(Notice::Error(message)) if message.contains("does not run PartiQL with NOT")
    ));
    // The statement comes back to be fixed.
    harness.act(Action::EditQuery).await;
    assert!(form(&harness).statement.text().contains("NOT x = 1"));
}

#[tokio::test]
async fn a_delete_of_one_full_key_becomes_the_editors_previewed_conditioned_journaled_delete() {
    let mut harness = demo(Settings::default()).await;
    let (_, items) = ddbx::demo::generate(1, 400);
    let (pk, _) = user_with_orders();
    let victim = items
        .iter()
        .find(|item| text(item, "PK") == pk && text(item, "SK").starts_with("ORDER#"))
        .expect("an order")
        .clone();
    let table = ddbx::demo::TABLE_NAME;
    let sk = text(&victim, "SK").to_owned();

    // Anything but the full key alone stays refused.
    typed(
        &mut harness,
        &format!("DELETE FROM \"{table}\" WHERE PK = ? AND SK = ? AND status = 'X'"),
        &format!(r#"[{{"S": "{pk}"}}, {{"S": "{sk}"}}]"#),
    )
    .await;
    harness.act(Action::Submit).await;
    let error = form(&harness).error.clone().expect("refused");
    assert!(
        error.contains("names the full key and nothing else"),
        "{error}"
    );
    harness.act(Action::Back).await;

    typed(
        &mut harness,
        &format!("DELETE FROM \"{table}\" WHERE PK = ? AND SK = 'NO-SUCH'"),
        &format!(r#"[{{"S": "{pk}"}}]"#),
    )
    .await;
    harness.act(Action::Submit).await;
    let error = form(&harness).error.clone().expect("nothing to delete");
    assert!(error.contains("no item has that key"), "{error}");
    harness.act(Action::Back).await;
    assert!(harness.writes().is_empty());

    typed(
        &mut harness,
        &format!("DELETE FROM \"{table}\" WHERE PK = ? AND SK = '{sk}'"),
        &format!(r#"[{{"S": "{pk}"}}]"#),
    )
    .await;
    assert!(screen(&harness.state, 120, 30).contains("✓ delete of the item"));
    harness.act(Action::Submit).await;
    assert!(
        matches!(harness.state.mode(), Mode::Preview(_)),
        "{:?} the editor's delete preview",
        harness.state.mode()
    );
    let flow = harness.state.edits.flow.as_deref().expect("an edit flow");
    assert_eq!(
        flow.original.as_ref(),
        Some(&victim),
        "conditioned on the item as read"
    );
    assert!(
        harness.writes().is_empty(),
        "nothing sent before the preview is confirmed"
    );
    harness.act(Action::Confirm).await;
    assert_eq!(harness.writes().len(), 1);
    let gets = harness.reads_for(ReadFor::StatementItem);
    assert_eq!(gets.len(), 2, "the item was read before each attempt");
    harness.act(Action::OpenPartiql).await;
    typed(
        &mut harness,
        &format!("DELETE FROM \"{table}\" WHERE PK = ? AND SK = '{sk}'"),
        &format!(r#"[{{"S": "{pk}"}}]"#),
    )
    .await;
    harness.act(Action::Submit).await;
    let error = form(&harness).error.clone().expect("gone");
    assert!(error.contains("no item has that key"), "deleted: {error}");
}

#[tokio::test]
async fn cancelling_a_statement_drops_its_page_in_flight_and_cancelling_again_resumes_it() {
    let mut harness = demo(tui_support::small_pages(7)).await;
    typed(&mut harness, &order_scan(), "").await;
    let commands = harness.act_only(Action::Submit);
    let [ddbx::app::command::Command::Read(job)] = commands.as_slice() else {
        panic!("one page requested: {commands:?}");
    };
    assert_eq!(job.owner, ReadFor::StatementRun);
    let cancel = harness.act_only(Action::CancelQuery);
    assert_eq!(
        cancel,
        vec![ddbx::app::command::Command::Cancel(vec![job.id])]
    );
    assert_eq!(
        harness.state.notice,
        Some(Notice::Info(
            "statement cancelled; cancel again to resume".to_owned()
        ))
    );
    assert_eq!(run(&harness).paging, Paging::Cancelled { resume: None });
    // The page answers anyway: it is stale and dropped.
    let late = ddbx::worker::answer(job.clone(), harness.backend.as_ref()).await;
    assert!(ddbx::app::update::update(&mut harness.state, late).is_empty());
    assert!(run(&harness).items.is_empty());

    harness.act(Action::CancelQuery).await;
    assert_eq!(harness.state.notice, None);
    assert!(
        !run(&harness).items.is_empty(),
        "resumed from the first page"
    );
    let resumed = &statements_sent(&harness)[0];
    assert!(resumed.next_token.is_none(), "{resumed:?}");
}

/// Opening the screen again brings the last statement back selected: the first key typed
/// replaces it (no more new text run onto the old), an arrow keeps it to edit, and the screen
/// says which.
#[tokio::test]
async fn the_last_statement_comes_back_selected_and_typing_replaces_it() {
    let mut harness = demo(Settings::default()).await;
    typed(&mut harness, &order_scan(), "").await;
    harness.act(Action::Back).await;
    harness.act(Action::OpenPartiql).await;
    assert!(form(&harness).recalled);
    let shown = screen(&harness.state, 120, 40);
    assert!(
        shown.contains("the last statement: typing replaces it"),
        "{shown}"
    );
    harness.act(Action::Input('S')).await;
    assert_eq!(form(&harness).statement.text(), "S");
    assert!(!form(&harness).recalled);

    harness.act(Action::Back).await;
    harness.act(Action::OpenPartiql).await;
    harness.act(Action::CursorLeft).await;
    harness.act(Action::Input('x')).await;
    assert_eq!(
        form(&harness).statement.text(),
        "xS",
        "an arrow keeps the text to edit"
    );

    harness.act(Action::Back).await;
    harness.act(Action::OpenPartiql).await;
    harness.act(Action::DeleteChar).await;
    assert_eq!(
        form(&harness).statement.text(),
        "",
        "Backspace clears it whole"
    );
}
