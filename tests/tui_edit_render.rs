//! Render snapshots of the edit screens at 80×24 and 60×16: the editor (valid and with a JSON
//! error), the write preview, the 3-way conflict view and the two questions; plus the check that
//! a hostile value reaches neither the editor nor the preview as a raw control character.

mod tui_support;

use std::sync::Arc;

use crossterm::event::KeyCode;
use ddbx::app::action::Action;
use ddbx::app::state::{Inspector, Settings, State, Theme, View};
use ddbx::backend::memory::MemoryBackend;
use ddbx::backend::{Backend, Condition, ExpressionParams, ReturnValues, UpdateRequest};
use ddbx::domain::number::Number;
use ddbx::domain::value::{AttrValue, Item};
use ddbx::keymap::Key;
use tui_support::screen::screen;
use tui_support::{Harness, item, pk_sk_table};

const SIZES: [(u16, u16); 2] = [(80, 24), (60, 16)];

fn snapshot(name: &str, state: &State) {
    for (width, height) in SIZES {
        insta::assert_snapshot!(
            format!("{name}_{width}x{height}"),
            screen(state, width, height)
        );
    }
}

fn ada() -> Item {
    let mut ada = item(&[("PK", "USER#u1"), ("SK", "METADATA"), ("name", "Ada")]);
    ada.insert(
        "version".to_owned(),
        AttrValue::N(Number::parse("3").expect("number")),
    );
    ada.insert("city".to_owned(), AttrValue::s("Lisbon"));
    ada
}

async fn editing(item: Item) -> (Harness, Arc<dyn Backend>) {
    let backend: Arc<dyn Backend> =
        Arc::new(MemoryBackend::new(pk_sk_table("Shop"), [item.clone()]).expect("valid item"));
    let mut harness = Harness::new(Arc::clone(&backend), "Shop", Settings::default());
    harness.start().await;
    harness
        .state
        .views
        .open(View::Inspector(Box::new(Inspector::new(item))));
    harness.act(Action::EditItem).await;
    (harness, backend)
}

fn text(harness: &Harness) -> String {
    harness
        .state
        .edits
        .flow
        .as_ref()
        .and_then(|flow| flow.editor.as_ref())
        .map(ddbx::app::state::edit::Editor::text)
        .expect("editor open")
}

#[tokio::test]
async fn editor_snapshots() {
    let (mut harness, _) = editing(ada()).await;
    snapshot("editor", &harness.state);
    harness
        .act(Action::EditorKey(Key::plain(KeyCode::Char('x'))))
        .await;
    snapshot("editor_json_error", &harness.state);
    harness.act(Action::Back).await;
    snapshot("editor_leave_question", &harness.state);
}

#[tokio::test]
async fn preview_snapshot() {
    let (mut harness, _) = editing(ada()).await;
    let edited = text(&harness).replace("\"Ada\"", "\"Grace\"");
    harness.act(Action::ExternalEdited(Ok(edited))).await;
    harness.act(Action::SaveEdit).await;
    snapshot("preview_update", &harness.state);
}

#[tokio::test]
async fn conflict_snapshot() {
    let (mut harness, backend) = editing(ada()).await;
    let edited = text(&harness).replace("\"Ada\"", "\"Grace\"");
    harness.act(Action::ExternalEdited(Ok(edited))).await;
    harness.act(Action::SaveEdit).await;
    let mut params = ExpressionParams::default();
    params.names.insert("#c".to_owned(), "city".to_owned());
    params.values.insert(":c".to_owned(), AttrValue::s("Porto"));
    params.values.insert(
        ":v".to_owned(),
        AttrValue::N(Number::parse("4").expect("number")),
    );
    backend
        .update_item(UpdateRequest {
            table: "Shop".to_owned(),
            key: item(&[("PK", "USER#u1"), ("SK", "METADATA")]),
            update: "SET #c = :c, version = :v".to_owned(),
            condition: Condition::new("attribute_exists(#c)"),
            params,
            return_values: ReturnValues::None,
        })
        .await
        .expect("concurrent write");
    harness.act(Action::Confirm).await;
    snapshot("conflict", &harness.state);
}

#[tokio::test]
async fn aws_table_name_question_snapshot() {
    let item = ada();
    let backend: Arc<dyn Backend> = Arc::new(
        MemoryBackend::new(pk_sk_table("Shop"), [item.clone()])
            .expect("valid item")
            .with_connection_kind("aws", None),
    );
    let mut harness = Harness::new(backend, "Shop", Settings::default());
    harness.start().await;
    harness
        .state
        .views
        .open(View::Inspector(Box::new(Inspector::new(item))));
    harness.act(Action::DeleteItem).await;
    harness.act(Action::Confirm).await;
    harness.act_all("Sh".chars().map(Action::Input)).await;
    snapshot("aws_table_name", &harness.state);
}

#[tokio::test]
async fn hostile_values_reach_neither_the_editor_nor_the_preview_as_control_characters() {
    let mut hostile = ada();
    hostile.insert(
        "note".to_owned(),
        AttrValue::s("\u{1b}]0;pwned\u{7}\u{9b}31m\u{202e}"),
    );
    let (mut harness, _) = editing(hostile).await;
    let screens = |harness: &Harness| screen(&harness.state, 80, 24);
    let editor = screens(&harness);
    // The diff shows the hostile value as the old value and the edited one as the new.
    let edited = text(&harness).replace("pwned", "owned");
    harness.act(Action::ExternalEdited(Ok(edited))).await;
    harness.act(Action::SaveEdit).await;
    let preview = screens(&harness);
    for shown in [editor, preview] {
        assert!(
            !shown
                .chars()
                .any(|c| c.is_control() && c != '\n' || ('\u{202a}'..='\u{202e}').contains(&c)),
            "{shown}"
        );
        assert!(
            shown.contains("\\u001b") || shown.contains("\\x1b"),
            "{shown}"
        );
    }
}

/// Replaces `from` with `to` in the editor's text and previews the write: the preview at 160×40.
async fn previewed(harness: &mut Harness, from: &str, to: &str) -> String {
    let edited = text(harness).replace(from, to);
    harness.act(Action::ExternalEdited(Ok(edited))).await;
    harness.act(Action::SaveEdit).await;
    screen(&harness.state, 160, 40)
}

/// The item of `table` at `pk`/`sk` as stored now, read consistently.
async fn stored(backend: &dyn Backend, table: &str, pk: &str, sk: &str) -> Option<Item> {
    tui_support::bulk::stored(backend, table, &item(&[("PK", pk), ("SK", sk)])).await
}

#[tokio::test]
async fn the_preview_lists_the_key_left_holding_an_edited_value() {
    let store = item(&[
        ("PK", "STORE#st_0001"),
        ("SK", "STATUS#OPEN#DATE#2026-07-01"),
        ("status", "OPEN"),
    ]);
    let (mut harness, _) = editing(store).await;
    let shown = previewed(&mut harness, "\"OPEN\"", "\"CLOSED\"").await;
    assert!(
        shown.contains("Out of sync (1): not changed by this write"),
        "{shown}"
    );
    assert!(
        shown.contains(
            "SK (from status): STATUS#OPEN#DATE#2026-07-01 — the key template would give STATUS#CLOSED#DATE#2026-07-01"
        ),
        "{shown}"
    );
}

/// `K` on the preview sets the key left out of sync to what its key template gives, in the
/// same conditioned write (here a key change: the transaction that moves the item).
#[tokio::test]
async fn k_on_the_preview_updates_the_key_left_out_of_sync_in_the_same_write() {
    let store = item(&[
        ("PK", "STORE#st_0001"),
        ("SK", "STATUS#OPEN#DATE#2026-07-01"),
        ("status", "OPEN"),
    ]);
    let (mut harness, backend) = editing(store).await;
    let shown = previewed(&mut harness, "\"OPEN\"", "\"CLOSED\"").await;
    assert!(
        shown.contains(
            "K: also update SK to STATUS#CLOSED#DATE#2026-07-01 in this same conditioned write"
        ),
        "{shown}"
    );
    harness.act(Action::UpdateDerivedKeys).await;
    let shown = screen(&harness.state, 160, 40);
    assert!(!shown.contains("Out of sync"), "{shown}");
    assert!(shown.contains("TransactWriteItems"), "{shown}");
    assert!(shown.contains("STATUS#CLOSED#DATE#2026-07-01"), "{shown}");
    assert!(
        text(&harness).contains("STATUS#CLOSED#DATE#2026-07-01"),
        "the editor's text shows the change too"
    );
    harness.act(Action::Confirm).await;
    let moved = stored(
        backend.as_ref(),
        "Shop",
        "STORE#st_0001",
        "STATUS#CLOSED#DATE#2026-07-01",
    )
    .await
    .expect("moved");
    assert_eq!(moved.get("status"), Some(&AttrValue::s("CLOSED")));
    let left = stored(
        backend.as_ref(),
        "Shop",
        "STORE#st_0001",
        "STATUS#OPEN#DATE#2026-07-01",
    );
    assert_eq!(left.await, None);
}

/// On the demo, a support-desk ticket whose hand-rolled index key `GSI1PK = STATUS#OPEN` is
/// built from its `status`: the preview offers the one key that updates it, naming the value;
/// `K` adds it to the same conditioned write; undo puts the old key back too.
#[tokio::test]
async fn the_preview_offers_the_stale_index_key_and_undo_restores_it() {
    let mut harness = tui_support::started_demo(40, Settings::default()).await;
    let dir = std::env::temp_dir().join(format!("ddbx-derived-undo-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    harness.state.session.journal_path = Some(dir.join("journal.jsonl"));
    let ticket = item(&[
        ("PK", "TENANT#acme"),
        ("SK", "TICKET#2026-07-01#tkt_00001"),
        ("GSI1PK", "STATUS#OPEN"),
        ("GSI1SK", "2026-07-01"),
        ("status", "OPEN"),
    ]);
    let backend = Arc::clone(&harness.backend);
    backend
        .put_item(ddbx::backend::PutRequest {
            table: ddbx::demo::TABLE_NAME.to_owned(),
            item: ticket.clone(),
            condition: Condition::new("attribute_not_exists(PK)"),
            params: ExpressionParams::default(),
            return_values: ReturnValues::None,
        })
        .await
        .expect("put");
    harness
        .state
        .views
        .open(View::Inspector(Box::new(Inspector::new(ticket))));
    harness.act(Action::EditItem).await;
    let shown = previewed(&mut harness, "\"OPEN\"", "\"PENDING\"").await;
    assert!(
        shown.contains(
            "GSI1PK (from status): STATUS#OPEN — the key template would give STATUS#PENDING"
        ),
        "{shown}"
    );
    assert!(
        shown.contains("K: also update GSI1PK to STATUS#PENDING in this same conditioned write"),
        "{shown}"
    );
    harness.act(Action::UpdateDerivedKeys).await;
    let shown = screen(&harness.state, 160, 40);
    assert!(!shown.contains("Out of sync"), "{shown}");
    assert!(shown.contains("ConditionExpression"), "{shown}");
    assert!(
        shown.contains("STATUS#PENDING"),
        "the exact request sets it:\n{shown}"
    );
    harness.act(Action::Confirm).await;
    let ticket = |backend: Arc<dyn Backend>| async move {
        let (table, pk, sk) = (
            ddbx::demo::TABLE_NAME,
            "TENANT#acme",
            "TICKET#2026-07-01#tkt_00001",
        );
        stored(backend.as_ref(), table, pk, sk)
            .await
            .expect("the ticket")
    };
    let written = ticket(Arc::clone(&backend)).await;
    assert_eq!(written.get("GSI1PK"), Some(&AttrValue::s("STATUS#PENDING")));
    assert_eq!(written.get("status"), Some(&AttrValue::s("PENDING")));
    harness
        .state
        .views
        .open(View::Inspector(Box::new(Inspector::new(written))));
    harness.act(Action::Undo).await;
    harness.act(Action::Confirm).await;
    let undone = ticket(backend).await;
    assert_eq!(undone.get("GSI1PK"), Some(&AttrValue::s("STATUS#OPEN")));
    assert_eq!(undone.get("status"), Some(&AttrValue::s("OPEN")));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Values that differ only near their end are folded in their columns, never cut where they
/// differ: each side is read to its last character.
#[tokio::test]
async fn conflict_values_wrap_to_the_character_where_they_differ() {
    const READ: &str = "TENANT#acme#TICKET#tkt_00001#PRIORITY#HIGH#STATUS#OPEN";
    const THEIRS: &str = "TENANT#acme#TICKET#tkt_00001#PRIORITY#HIGH#STATUS#RESOLVED";
    const MINE: &str = "TENANT#acme#TICKET#tkt_00001#PRIORITY#HIGH#STATUS#PENDING";
    let mut ticket = item(&[("PK", "USER#u1"), ("SK", "METADATA"), ("GSI1SK", READ)]);
    ticket.insert(
        "version".to_owned(),
        AttrValue::N(Number::parse("3").expect("number")),
    );
    let (mut harness, backend) = editing(ticket).await;
    let edited = text(&harness).replace("STATUS#OPEN", "STATUS#PENDING");
    harness.act(Action::ExternalEdited(Ok(edited))).await;
    harness.act(Action::SaveEdit).await;
    let mut params = ExpressionParams::default();
    params.values.insert(":s".to_owned(), AttrValue::s(THEIRS));
    params.values.insert(
        ":v".to_owned(),
        AttrValue::N(Number::parse("4").expect("number")),
    );
    backend
        .update_item(UpdateRequest {
            table: "Shop".to_owned(),
            key: item(&[("PK", "USER#u1"), ("SK", "METADATA")]),
            update: "SET GSI1SK = :s, version = :v".to_owned(),
            condition: Condition::new("attribute_exists(GSI1SK)"),
            params,
            return_values: ReturnValues::None,
        })
        .await
        .expect("concurrent write");
    harness.act(Action::Confirm).await;
    for (width, height) in SIZES {
        let shown = screen(&harness.state, width, height);
        for (column, whole) in [("as read", READ), ("yours", MINE), ("current", THEIRS)] {
            let text = column_text(&shown, column);
            assert!(
                text.contains(&format!("{{\"S\":\"{whole}\"}}")),
                "{width}x{height}: {column} holds {whole}, not {text}\n{shown}"
            );
        }
    }
    snapshot("conflict_long_values", &harness.state);
}

/// The text of one column of the conflict table, its rows rejoined: the cells from the header's
/// title to the next title (or the border), continuation indents dropped.
fn column_text(screen: &str, title: &str) -> String {
    let lines: Vec<Vec<char>> = screen.lines().map(|line| line.chars().collect()).collect();
    let header = lines
        .iter()
        .position(|line| line.iter().collect::<String>().contains("attribute"))
        .expect("the conflict table's header");
    let titles: Vec<usize> = ["as read", "yours", "current"]
        .iter()
        .map(|name| {
            let text: String = lines[header].iter().collect();
            text[..text.find(name).expect("a title")].chars().count()
        })
        .collect();
    let which = ["as read", "yours", "current"]
        .iter()
        .position(|name| *name == title)
        .expect("a known column");
    let start = titles[which];
    lines[header + 1..]
        .iter()
        .take_while(|line| !line.iter().collect::<String>().contains("re-apply"))
        .map(|line| {
            let end = titles
                .get(which + 1)
                .copied()
                .unwrap_or(line.len().saturating_sub(1));
            line.get(start..end.min(line.len()))
                .unwrap_or_default()
                .iter()
                .collect::<String>()
                .trim()
                .to_owned()
        })
        .collect()
}

/// The colour of the editor's first line number, drawn in `theme`.
fn line_number_colour(harness: &Harness, theme: Theme) -> ratatui::style::Color {
    let mut state = harness.state.clone();
    state.settings.theme = theme;
    let mut terminal =
        ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).expect("test terminal");
    terminal
        .draw(|frame| ddbx::ui::render(frame, &state))
        .expect("draw");
    let buffer = terminal.backend().buffer();
    let area = buffer.area;
    let (x, y) = (area.left()..area.right())
        .flat_map(|x| (area.top()..area.bottom()).map(move |y| (x, y)))
        .find(|&(x, y)| buffer[(x, y)].symbol() == "1")
        .expect("a line number 1");
    buffer[(x, y)].fg
}

#[tokio::test]
async fn the_editor_s_line_numbers_are_drawn_in_the_theme_s_muted_colour() {
    let (harness, _backend) = editing(ada()).await;
    for theme in [Theme::Dark, Theme::Light, Theme::NoColour] {
        let muted = ddbx::ui::theme::of_theme(theme)
            .muted
            .fg
            .unwrap_or(ratatui::style::Color::Reset);
        assert_eq!(line_number_colour(&harness, theme), muted, "{theme:?}");
    }
}
