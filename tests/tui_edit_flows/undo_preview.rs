//! The undo preview names the write it reverts (its time, operation and changed attributes),
//! and an undo of an undo says so.

use super::support::*;
use crate::tui_support::screen::screen;

fn undoing_time(harness: &Harness) -> String {
    harness
        .state
        .edits
        .flow
        .as_ref()
        .and_then(|flow| flow.undoing.as_ref())
        .map(|entry| entry.time.clone())
        .expect("an undo is previewed")
}

/// The screen with the journal's wall-clock times (of the write undone, and of the write that
/// one undid) replaced, so the snapshot is stable.
fn shown(harness: &Harness, width: u16, height: u16) -> String {
    let entry = harness
        .state
        .edits
        .flow
        .as_ref()
        .and_then(|flow| flow.undoing.as_ref())
        .expect("an undo is previewed");
    let mut text = screen(&harness.state, width, height);
    for time in std::iter::once(&entry.time).chain(entry.reverts.as_ref()) {
        let readable = time.get(..19).unwrap_or(time).replace('T', " ");
        text = text.replace(&readable, "YYYY-MM-DD hh:mm:ss");
    }
    text
}

#[tokio::test]
async fn the_undo_preview_says_which_write_it_reverts_and_an_undo_of_an_undo_says_so() {
    let backend: Arc<dyn Backend> = Arc::new(memory());
    let mut harness = inspecting(Arc::clone(&backend), "USER#u1", "METADATA").await;
    let path = journal_path(&mut harness, "undo-preview");
    edit_and_save(&mut harness, "\"Ada\"", "\"Grace\"").await;
    harness.act(Action::Confirm).await;

    harness.act(Action::Undo).await;
    let time = undoing_time(&harness);
    let readable = time.get(..19).unwrap_or(&time).replace('T', " ");
    let text = screen(&harness.state, 140, 40);
    assert!(
        text.contains(&format!("Reverts: the UpdateItem of {readable} UTC")),
        "{text}"
    );
    assert!(text.contains("which changed name, version"), "{text}");
    assert!(!text.contains("undoes the undo"), "{text}");
    for (width, height) in [(80, 24), (140, 40)] {
        insta::assert_snapshot!(
            format!("undo_preview_{width}x{height}"),
            shown(&harness, width, height)
        );
    }
    harness.act(Action::Confirm).await;

    harness.act(Action::Undo).await;
    let text = screen(&harness.state, 140, 40);
    assert!(text.contains("undoes the undo"), "{text}");
    assert!(
        text.contains(&format!("{readable} UTC")),
        "names the write it brings back: {text}"
    );
    for (width, height) in [(80, 24), (140, 40)] {
        insta::assert_snapshot!(
            format!("undo_of_undo_preview_{width}x{height}"),
            shown(&harness, width, height)
        );
    }
    let _ = std::fs::remove_dir_all(path.parent().and_then(|p| p.parent()).expect("dir"));
}
