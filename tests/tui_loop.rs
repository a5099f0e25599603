//! The whole loop under ratatui's TestBackend: scripted terminal events go through the keymap,
//! commands run on the real worker over a fake backend, and the app quits on `q`.

mod tui_support;

use std::sync::Arc;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ddbx::app::state::{Settings, State, View};
use ddbx::clipboard::RecordingClipboard;
use ddbx::keymap::Keymap;
use ddbx::worker::Worker;
use futures_util::StreamExt as _;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use tui_support::{shop_backend, shop_items};

fn key(code: KeyCode) -> std::io::Result<Event> {
    Ok(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)))
}

fn chars(text: &str) -> Vec<std::io::Result<Event>> {
    text.chars().map(|c| key(KeyCode::Char(c))).collect()
}

#[tokio::test]
async fn scripted_keys_run_through_the_keymap_the_worker_and_the_renderer_until_quit() {
    let backend = shop_backend(shop_items());
    let state = State::new(
        "Shop",
        ddbx::backend::Backend::connection(backend.as_ref()),
        Keymap::defaults(),
        Settings::default(),
    );
    let (sender, results) = tokio::sync::mpsc::unbounded_channel();
    let clipboard = Arc::new(RecordingClipboard::default());
    let worker = Worker::new(backend, clipboard, sender);
    let mut script = vec![key(KeyCode::Char('?')), key(KeyCode::Char('?'))];
    script.extend(chars("PUSER#u1"));
    script.push(key(KeyCode::Enter));
    // `g g` is a chord; `G` alone; then back out to the first view and quit.
    script.extend(chars("ggGqq"));
    let events = futures_util::stream::iter(script).chain(futures_util::stream::pending());
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("terminal");
    let state = ddbx::tui::run(&mut terminal, state, worker, results, events)
        .await
        .expect("the loop runs");
    assert!(state.quitting);
    assert!(state.overlay.is_none(), "help was opened and closed");
    assert!(matches!(state.views.current(), View::Prefixes { .. }));
    let mut history = state.views.clone();
    assert!(history.forward(), "the jump opened a view");
    assert_eq!(
        *history.current(),
        View::Partition {
            pk: ddbx::domain::value::AttrValue::s("USER#u1"),
            cursor: 0
        },
        "the typed partition was opened (`g g` and `G` kept the cursor in bounds)"
    );
    let screen: String = terminal
        .backend()
        .buffer()
        .content()
        .iter()
        .map(|cell| cell.symbol())
        .collect();
    assert!(screen.contains("Shop"), "the header was drawn");
}
