//! One keystroke in the item editor: the text area takes the key and the whole text is parsed
//! again (so JSON errors show while typing). Measured for a typical demo item and for an item
//! with a 350 KB attribute, in both edit formats; each iteration types one character and deletes
//! it again, so it is two keystrokes. Plus one full frame of the editor screen for each item.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use crossterm::event::KeyCode;
use ddbx::app::state::edit::{EditFlow, EditPurpose, Editor};
use ddbx::app::state::{Settings, State};
use ddbx::backend::Connection;
use ddbx::domain::edit::EditFormat;
use ddbx::domain::number::Number;
use ddbx::domain::value::{AttrValue, Item};
use ddbx::keymap::Key;
use ddbx::keymap::Keymap;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui_textarea::{CursorMove, Input};

fn typical() -> Item {
    let (_, items) = ddbx::demo::generate(ddbx::demo::DEFAULT_SEED, 2_000);
    items
        .into_iter()
        .max_by_key(Item::len)
        .expect("the demo has items")
}

fn large() -> Item {
    let mut item = Item::new();
    item.insert("PK".to_owned(), AttrValue::s("DOC#1"));
    item.insert("SK".to_owned(), AttrValue::s("BODY"));
    item.insert(
        "version".to_owned(),
        AttrValue::N(Number::parse("12").expect("number")),
    );
    item.insert(
        "body".to_owned(),
        AttrValue::s("lorem ipsum ".repeat(350 * 1024 / 12)),
    );
    item
}

fn input(code: KeyCode) -> Input {
    let key = Key::plain(code);
    Input::from(crossterm::event::KeyEvent::new(key.code, key.modifiers))
}

/// Puts the cursor inside the first string value, so typing keeps the text valid and every
/// keystroke pays for a full parse (an error near the start would stop the parser early).
fn place_cursor_inside_a_string(editor: &mut Editor) {
    let (row, column) = editor
        .textarea
        .lines()
        .iter()
        .enumerate()
        .find_map(|(row, line)| {
            let chars = line.chars().count();
            if line.contains(": \"") && line.ends_with("\",") {
                Some((row, chars - 2))
            } else if line.contains(": \"") && line.ends_with('"') {
                Some((row, chars - 1))
            } else {
                None
            }
        })
        .expect("a string value");
    editor.textarea.move_cursor(CursorMove::Jump(
        u16::try_from(row).expect("row"),
        u16::try_from(column).expect("column"),
    ));
    editor.textarea.input(input(KeyCode::Char('x')));
    editor.reparse();
    assert!(
        editor.parsed.is_ok(),
        "typing inside a string keeps the item valid"
    );
    editor.textarea.input(input(KeyCode::Backspace));
}

fn keystrokes(c: &mut Criterion) {
    for (name, item) in [("typical", typical()), ("350KB", large())] {
        for format in [EditFormat::DdbJson, EditFormat::TypedJson] {
            let mut editor = Editor::new(&item, format);
            place_cursor_inside_a_string(&mut editor);
            eprintln!(
                "{name} {format:?}: {} bytes of text, {} lines",
                editor.text().len(),
                editor.textarea.lines().len()
            );
            c.bench_function(&format!("type_and_delete_{name}_{format:?}"), |b| {
                b.iter(|| {
                    editor.textarea.input(input(KeyCode::Char('x')));
                    editor.reparse();
                    editor.textarea.input(input(KeyCode::Backspace));
                    editor.reparse();
                    black_box(editor.parsed.is_ok())
                });
            });
        }
    }
}

/// One full frame of the editor screen (what follows every keystroke), 120×40.
fn frames(c: &mut Criterion) {
    for (name, item) in [("typical", typical()), ("350KB", large())] {
        let mut state = State::new(
            "Bench",
            Connection::default(),
            Keymap::defaults(),
            Settings::default(),
        );
        let editor = Editor::new(&item, EditFormat::DdbJson);
        state.edits.flow = Some(Box::new(EditFlow::editing(
            EditPurpose::Edit,
            Some(item.clone()),
            editor,
        )));
        let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("test terminal");
        c.bench_function(&format!("editor_frame_{name}"), |b| {
            b.iter(|| {
                terminal
                    .draw(|frame| ddbx::ui::render(frame, &state))
                    .expect("draw");
            });
        });
        if let Some(editor) = state
            .edits
            .flow
            .as_mut()
            .and_then(|flow| flow.editor.as_mut())
        {
            place_cursor_inside_a_string(editor);
        }
        // What the user waits for: the key, the re-parse and the next frame (twice: type, delete).
        c.bench_function(&format!("keystroke_and_frame_{name}"), |b| {
            b.iter(|| {
                for code in [KeyCode::Char('x'), KeyCode::Backspace] {
                    if let Some(editor) = state
                        .edits
                        .flow
                        .as_mut()
                        .and_then(|flow| flow.editor.as_mut())
                    {
                        editor.textarea.input(input(code));
                        editor.reparse();
                    }
                    terminal
                        .draw(|frame| ddbx::ui::render(frame, &state))
                        .expect("draw");
                }
            });
        });
    }
}

criterion_group!(benches, keystrokes, frames);
criterion_main!(benches);
