//! Every single-line field (jump prompt, search, palette, the query builder) takes the editing
//! keys of a shell, through the default keymap as a terminal delivers them: real key events
//! routed by `KeyRouter`, then `update`. Pastes arrive as one event and land at the cursor.

mod tui_support;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ddbx::app::state::palette::PaletteStage;
use ddbx::app::state::query::form::FormField;
use ddbx::app::state::{Overlay, QueryForm, Settings};
use ddbx::tui::KeyRouter;
use tui_support::{Harness, orders, started_demo};

/// A harness with a key router, so keys go through the keymap exactly as in the terminal.
struct Keys {
    harness: Harness,
    router: KeyRouter,
}

impl Keys {
    async fn event(&mut self, event: Event) {
        if let Some(action) = self.router.route(&self.harness.state, &event) {
            self.harness.act(action).await;
        }
    }

    async fn key(&mut self, code: KeyCode, modifiers: KeyModifiers) {
        self.event(Event::Key(KeyEvent::new(code, modifiers))).await;
    }

    async fn plain(&mut self, code: KeyCode) {
        self.key(code, KeyModifiers::NONE).await;
    }

    async fn ctrl(&mut self, c: char) {
        self.key(KeyCode::Char(c), KeyModifiers::CONTROL).await;
    }

    async fn alt(&mut self, c: char) {
        self.key(KeyCode::Char(c), KeyModifiers::ALT).await;
    }

    async fn typed(&mut self, text: &str) {
        for c in text.chars() {
            self.plain(KeyCode::Char(c)).await;
        }
    }

    async fn paste(&mut self, text: &str) {
        self.event(Event::Paste(text.to_owned())).await;
    }

    /// The open prompt's text with `|` at the cursor.
    fn prompt(&self) -> String {
        match &self.harness.state.overlay {
            Some(Overlay::Prompt(prompt)) => marked(prompt.text.text(), prompt.text.cursor()),
            other => panic!("the prompt is open, not {other:?}"),
        }
    }

    fn form(&self) -> &QueryForm {
        match &self.harness.state.overlay {
            Some(Overlay::QueryForm(form)) => form,
            other => panic!("the query form is open, not {other:?}"),
        }
    }

    /// The focused form field's text with `|` at the cursor.
    fn field(&self) -> String {
        let form = self.form();
        marked(form.text(form.focus).expect("a text field"), form.cursor())
    }
}

fn marked(text: &str, cursor: usize) -> String {
    let mut text = text.to_owned();
    text.insert(cursor, '|');
    text
}

async fn on_demo() -> Keys {
    Keys {
        harness: started_demo(200, Settings::default()).await,
        router: KeyRouter::default(),
    }
}

async fn on_orders() -> Keys {
    let mut harness = Harness::new(orders::backend(), orders::TABLE, Settings::default());
    harness.start().await;
    Keys {
        harness,
        router: KeyRouter::default(),
    }
}

#[tokio::test]
async fn the_jump_prompt_edits_in_the_middle_with_arrows_home_end_and_word_keys() {
    let mut keys = on_demo().await;
    keys.typed("P").await;
    keys.typed("USER#1001").await;
    keys.plain(KeyCode::Home).await;
    for _ in 0..5 {
        keys.plain(KeyCode::Right).await;
    }
    keys.typed("usr_").await;
    assert_eq!(keys.prompt(), "USER#usr_|1001");
    keys.ctrl('a').await;
    assert_eq!(keys.prompt(), "|USER#usr_1001", "Ctrl-A: start of line");
    keys.alt('f').await;
    assert_eq!(keys.prompt(), "USER|#usr_1001", "Alt-F: end of the word");
    keys.key(KeyCode::Right, KeyModifiers::CONTROL).await;
    assert_eq!(
        keys.prompt(),
        "USER#usr|_1001",
        "Ctrl-→: end of the next word"
    );
    keys.key(KeyCode::Left, KeyModifiers::CONTROL).await;
    keys.alt('b').await;
    assert_eq!(
        keys.prompt(),
        "|USER#usr_1001",
        "Ctrl-← and Alt-B: word starts"
    );
    keys.ctrl('e').await;
    keys.plain(KeyCode::Left).await;
    keys.plain(KeyCode::Backspace).await;
    keys.plain(KeyCode::Delete).await;
    assert_eq!(
        keys.prompt(),
        "USER#usr_10|",
        "Backspace before, Delete under the cursor"
    );
    keys.plain(KeyCode::End).await;
    keys.typed("01").await;
    assert_eq!(keys.prompt(), "USER#usr_1001|");
}

#[tokio::test]
async fn ctrl_u_k_and_w_cut_to_the_start_the_end_and_the_previous_blank() {
    let mut keys = on_demo().await;
    keys.typed("/").await;
    keys.typed("status PENDING").await;
    keys.ctrl('w').await;
    assert_eq!(keys.prompt(), "status |");
    keys.typed("SHIPPED").await;
    keys.alt('b').await;
    keys.ctrl('k').await;
    assert_eq!(keys.prompt(), "status |");
    keys.typed("OPEN").await;
    keys.alt('b').await;
    keys.ctrl('u').await;
    assert_eq!(keys.prompt(), "|OPEN");
    keys.plain(KeyCode::Enter).await;
    assert_eq!(
        keys.harness.state.explore.last_search.as_deref(),
        Some("OPEN")
    );
}

#[tokio::test]
async fn a_paste_lands_at_the_cursor_as_one_line_and_is_never_read_as_keys() {
    let mut keys = on_demo().await;
    keys.typed("P").await;
    keys.typed("#usr_1001").await;
    keys.plain(KeyCode::Home).await;
    // A pasted `q` or `?` is text, not a key; the trailing line break is dropped.
    keys.paste("USER?q\n").await;
    assert_eq!(keys.prompt(), "USER?q|#usr_1001");
    keys.paste("a\nb").await;
    assert_eq!(keys.prompt(), "USER?qa b|#usr_1001");
    keys.plain(KeyCode::Esc).await;
    // With no field open a paste does nothing (it is never replayed as keys).
    keys.paste("q").await;
    assert!(!keys.harness.state.quitting);
    assert_eq!(keys.harness.state.overlay, None);
}

#[tokio::test]
async fn the_palette_filter_and_its_parameters_take_the_same_keys() {
    let mut keys = on_demo().await;
    keys.ctrl('p').await;
    keys.typed("ordrs").await;
    keys.plain(KeyCode::Left).await;
    keys.plain(KeyCode::Left).await;
    keys.typed("e").await;
    keys.paste("!").await;
    let Some(Overlay::Palette(palette)) = &keys.harness.state.overlay else {
        panic!("the palette is open");
    };
    assert_eq!(
        marked(palette.filter.text(), palette.filter.cursor()),
        "orde!|rs"
    );
    keys.ctrl('u').await;
    let Some(Overlay::Palette(palette)) = &keys.harness.state.overlay else {
        panic!("the palette is open");
    };
    assert_eq!(
        marked(palette.filter.text(), palette.filter.cursor()),
        "|rs"
    );
    assert_eq!(palette.stage, PaletteStage::Choose);
}

#[tokio::test]
async fn the_builder_edits_text_with_readline_keys_and_choices_cycle_with_arrows_or_space() {
    let mut keys = on_orders().await;
    keys.typed(":").await;
    assert_eq!(keys.form().focus, FormField::Partition);
    keys.typed("USER#1").await;
    keys.plain(KeyCode::Left).await;
    keys.typed("u").await;
    assert_eq!(keys.field(), "USER#u|1");
    // Ctrl-A moves to the start here too: it no longer adds a filter row.
    let rows = keys.form().spec.filters.len();
    keys.ctrl('a').await;
    assert_eq!(keys.field(), "|USER#u1");
    keys.ctrl('k').await;
    assert_eq!(
        keys.field(),
        "|",
        "Ctrl-K deletes to the end, no longer removes a row"
    );
    assert_eq!(keys.form().spec.filters.len(), rows);
    keys.paste("USER#u1").await;
    assert_eq!(keys.form().spec.partition, "USER#u1");

    // On a choice field the arrows (and Space, and Shift-arrows) cycle the choice.
    keys.plain(KeyCode::Down).await;
    assert_eq!(keys.form().focus, FormField::Sort);
    let before = keys.form().spec.sort;
    keys.plain(KeyCode::Right).await;
    let after_right = keys.form().spec.sort;
    assert_ne!(after_right, before, "→ cycles the sort operator");
    keys.plain(KeyCode::Left).await;
    assert_eq!(keys.form().spec.sort, before, "← cycles back");
    keys.key(KeyCode::Right, KeyModifiers::SHIFT).await;
    assert_eq!(keys.form().spec.sort, after_right, "Shift-→ cycles too");
    keys.typed(" ").await;
    assert_ne!(keys.form().spec.sort, after_right, "Space cycles too");
}

#[tokio::test]
async fn filter_rows_are_added_and_removed_with_ctrl_n_and_ctrl_x() {
    let mut keys = on_orders().await;
    keys.typed(":").await;
    let rows = keys.form().spec.filters.len();
    keys.ctrl('n').await;
    assert_eq!(keys.form().spec.filters.len(), rows + 1);
    assert_eq!(keys.form().focus, FormField::FilterAttribute(rows));
    keys.typed("status").await;
    keys.ctrl('x').await;
    assert_eq!(keys.form().spec.filters.len(), rows);
}

#[tokio::test]
async fn the_cursor_stays_in_its_field_and_a_moved_focus_starts_at_the_end() {
    let mut keys = on_orders().await;
    keys.typed(":").await;
    keys.typed("USER#u1").await;
    keys.plain(KeyCode::Home).await;
    keys.plain(KeyCode::Down).await;
    keys.plain(KeyCode::Up).await;
    assert_eq!(
        keys.field(),
        "USER#u1|",
        "back in the field, the cursor is at its end"
    );
    keys.alt('b').await;
    keys.typed("x").await;
    assert_eq!(keys.field(), "USER#x|u1");
    // The form is rebuilt on every key: the request follows the text edited in the middle.
    let built = keys.form().outcome.as_ref().expect("a valid form");
    assert!(
        built
            .request
            .params
            .values
            .values()
            .any(|value| *value == ddbx::domain::value::AttrValue::s("USER#xu1")),
        "{:?}",
        built.request
    );
    keys.plain(KeyCode::Esc).await;
    assert_eq!(keys.harness.state.overlay, None);
    assert!(
        matches!(
            keys.harness.state.mode(),
            ddbx::app::state::Mode::View(ddbx::app::state::ViewMode::Collections)
        ),
        "{:?}",
        keys.harness.state.mode()
    );
}

#[tokio::test]
async fn a_text_longer_than_its_field_scrolls_to_keep_the_cursor_in_view() {
    let mut keys = on_demo().await;
    keys.typed("P").await;
    let long = format!("ORDER#2026-10-31#{}#ord_end", "x".repeat(150));
    keys.paste(&long).await;
    for (width, height) in [(80, 24), (140, 40)] {
        let shown = tui_support::screen::screen(&keys.harness.state, width, height);
        assert!(
            shown.contains("#ord_end█"),
            "the end with the cursor is shown:\n{shown}"
        );
        insta::assert_snapshot!(format!("prompt_scrolled_end_{width}x{height}"), shown);
    }
    keys.plain(KeyCode::Home).await;
    for (width, height) in [(80, 24), (140, 40)] {
        let shown = tui_support::screen::screen(&keys.harness.state, width, height);
        assert!(
            shown.contains("ORDER#2026-10-31#x"),
            "the start is shown:\n{shown}"
        );
        insta::assert_snapshot!(format!("prompt_scrolled_start_{width}x{height}"), shown);
    }
}
