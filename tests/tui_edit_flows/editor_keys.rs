//! The item editor takes the same line keys as every field: Ctrl-U deletes to the start of the
//! line (undo moved to Ctrl-Z), and a paste arrives as one event, line breaks kept.

use super::support::*;
use crossterm::event::{Event, KeyEvent, KeyModifiers};
use ddbx::tui::KeyRouter;

async fn press(harness: &mut Harness, router: &mut KeyRouter, event: Event) {
    if let Some(action) = router.route(&harness.state, &event) {
        harness.act(action).await;
    }
}

fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
    Event::Key(KeyEvent::new(code, modifiers))
}

fn second_line(harness: &Harness) -> String {
    editor_text(harness)
        .lines()
        .nth(1)
        .unwrap_or_default()
        .to_owned()
}

#[tokio::test]
async fn ctrl_u_deletes_to_the_line_start_and_ctrl_z_undoes_it() {
    let backend: Arc<dyn Backend> = Arc::new(memory());
    let mut harness = inspecting(backend, "USER#u1", "METADATA").await;
    let mut router = KeyRouter::default();
    harness.act(Action::EditItem).await;
    let original = editor_text(&harness);
    assert!(second_line(&harness).contains("PK"), "{original}");
    press(
        &mut harness,
        &mut router,
        key(KeyCode::Down, KeyModifiers::NONE),
    )
    .await;
    press(
        &mut harness,
        &mut router,
        key(KeyCode::End, KeyModifiers::NONE),
    )
    .await;
    press(
        &mut harness,
        &mut router,
        key(KeyCode::Char('u'), KeyModifiers::CONTROL),
    )
    .await;
    assert_eq!(second_line(&harness), "", "the line was cut to its start");
    assert_ne!(editor_text(&harness), original);
    press(
        &mut harness,
        &mut router,
        key(KeyCode::Char('z'), KeyModifiers::CONTROL),
    )
    .await;
    assert_eq!(editor_text(&harness), original, "Ctrl-Z brings it back");
}

#[tokio::test]
async fn a_paste_goes_into_the_editor_at_the_cursor_with_its_line_breaks() {
    let backend: Arc<dyn Backend> = Arc::new(memory());
    let mut harness = inspecting(backend, "USER#u1", "METADATA").await;
    let mut router = KeyRouter::default();
    harness.act(Action::EditItem).await;
    let original = editor_text(&harness);
    press(&mut harness, &mut router, Event::Paste("a\r\nb".to_owned())).await;
    let text = editor_text(&harness);
    assert_eq!(
        text,
        format!("a\nb{original}"),
        "pasted before the first line"
    );
    assert!(
        harness.state.edits.flow.is_some(),
        "nothing in the paste was read as a key"
    );
}
