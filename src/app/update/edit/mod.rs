//! Starting an edit (edit, new, duplicate, delete, undo) and the editor's keys. Writes are
//! planned by the domain's pure functions; what they plan is shown by [`write`] before anything is
//! sent.

use ratatui_textarea::Input;

use crate::app::action::Action;
use crate::app::command::Command;
use crate::app::state::edit::{DEFAULT_EDIT_FORMAT, EditFlow, EditPurpose, Editor, format_label};
use crate::app::state::{Notice, Overlay, State, View};
use crate::domain::edit::EditFormat;
use crate::domain::value::{AttrValue, Item};
use crate::keymap::Key;

use plan::close;
use selected::selected_item;

pub(in crate::app::update) mod adjust;
pub(in crate::app::update) mod conflict;
mod derived;
mod draft;
pub(in crate::app::update) mod new_version;
pub(in crate::app::update) mod plan;
mod refresh;
mod selected;
pub(in crate::app::update) mod show_written;
pub(in crate::app::update) mod stage;
pub(in crate::app::update) mod undo;
pub(in crate::app::update) mod write;

/// The write an action asks for, as the user would say it.
fn write_in_words(action: &Action) -> &'static str {
    match action {
        Action::EditItem => "editing an item",
        Action::NewItem => "creating an item",
        Action::DuplicateItem => "duplicating an item",
        Action::DeleteItem => "deleting an item",
        Action::Undo => "undoing the last write",
        _ => "writing",
    }
}

/// `edit_item`, `new_item`, `duplicate_item`, `delete_item`, `undo` on a view.
pub(in crate::app::update) fn start(state: &mut State, action: &Action) -> Vec<Command> {
    if state.session.connection.read_only {
        state.notice = Some(Notice::Error(format!(
            "read-only connection: {} is refused, nothing was sent (reopen without --read-only or --file to write)",
            write_in_words(action)
        )));
        return Vec::new();
    }
    if *action == Action::Undo {
        return undo::request_undo(state);
    }
    if let View::Inspector(inspector) = state.views.current()
        && let Some(partial) = &inspector.partial
    {
        // A write planned from a projection would journal it as the item's before-image.
        state.notice = Some(Notice::Error(format!(
            "this is {}'s partial copy of the item ({}): fetch the base item (F) to edit it",
            partial.index, partial.projection
        )));
        return Vec::new();
    }
    let Some(item) = selected_item(state) else {
        state.notice = Some(Notice::Error(
            "select an item first (open a partition or an item)".to_owned(),
        ));
        return Vec::new();
    };
    if draft::reopen(state, action, &item) {
        return Vec::new();
    }
    match action {
        Action::EditItem => {
            let editor = Editor::new(&item, DEFAULT_EDIT_FORMAT);
            open(
                state,
                EditFlow::editing(EditPurpose::Edit, Some(item), editor),
            );
        }
        Action::NewItem => {
            let template = new_item_template(state, &item);
            let editor = Editor::new(&template, DEFAULT_EDIT_FORMAT);
            open(state, EditFlow::editing(EditPurpose::Create, None, editor));
        }
        Action::DuplicateItem => {
            let editor = Editor::new(&item, DEFAULT_EDIT_FORMAT);
            open(
                state,
                EditFlow::editing(EditPurpose::Duplicate, Some(item), editor),
            );
        }
        Action::DeleteItem => return write::review_delete(state, item),
        _ => {}
    }
    Vec::new()
}

fn open(state: &mut State, flow: EditFlow) {
    state.notice = None;
    state.edits.flow = Some(Box::new(flow));
}

/// A start for a new item of the selected item's entity type: its attributes, with the key
/// that identifies the entity replaced by the entity's key template (from the model file) or
/// else by the key's prefix up to its last `#`, for the user to fill in. A child item
/// (`USER#u1` / `ORDER#o1`) gets a new sort key in the same partition; an item whose sort key is
/// a constant (`METADATA`) or that has none gets a new partition key.
fn new_item_template(state: &State, item: &Item) -> Item {
    let mut template = item.clone();
    let Some(description) = state.described() else {
        return template;
    };
    let key = &description.key;
    let text_of = |name: &str| item.get(name).and_then(AttrValue::as_s);
    let sk = key.sort.as_ref().and_then(|sort| text_of(&sort.name));
    // An entity known by its marker alone has no templates: its keys are reduced as unmodelled.
    let entity = state
        .entities
        .model()
        .and_then(|model| model.match_item(item, key))
        .filter(|entity| entity.pk.is_some());
    let sort_identifies = match (entity, sk) {
        (Some(entity), _) => entity
            .sk
            .as_ref()
            .is_some_and(|sk| sk.placeholders().next().is_some()),
        (None, Some(sk)) => sk.contains('#'),
        (None, None) => false,
    };
    let (name, model_template) = match (&key.sort, sort_identifies) {
        (Some(sort), true) => (
            sort.name.as_str(),
            entity
                .and_then(|entity| entity.sk.as_ref())
                .map(|sk| sk.as_str()),
        ),
        _ => (
            key.partition.name.as_str(),
            entity
                .and_then(|entity| entity.pk.as_ref())
                .map(|pk| pk.as_str()),
        ),
    };
    if let Some(AttrValue::S(value)) = template.get_mut(name) {
        *value = model_template.map_or_else(|| prefix_of(value).to_owned(), str::to_owned);
    }
    template
}

/// `USER#usr_1001` → `USER#`; `ORDER#2026-07-01#ord_9` → `ORDER#2026-07-01#`; no `#` → empty.
fn prefix_of(value: &str) -> &str {
    value.rfind('#').map_or("", |at| &value[..=at])
}

/// Keys in the item editor.
pub(in crate::app::update) fn editor_key(state: &mut State, action: Action) -> Vec<Command> {
    let Some(editor) = state
        .edits
        .flow
        .as_mut()
        .and_then(|flow| flow.editor.as_mut())
    else {
        return Vec::new();
    };
    match action {
        Action::EditorKey(key) => {
            if editor_edit(&mut editor.textarea, key) {
                editor.reparse();
            }
            Vec::new()
        }
        Action::Paste(text) => {
            // One undo step for the whole paste; the editor keeps its line breaks.
            if editor.textarea.insert_str(text.replace("\r\n", "\n")) {
                editor.reparse();
            }
            Vec::new()
        }
        Action::SaveEdit => write::save(state),
        Action::StageWrite => stage::from_editor(state),
        Action::SwitchEditFormat => {
            switch_format(state);
            Vec::new()
        }
        Action::ExternalEditor => vec![Command::ExternalEditor {
            text: editor.text(),
        }],
        Action::Back => {
            if editor.is_dirty() {
                state.overlay = Some(Overlay::ConfirmDiscardEdit);
            } else {
                close(state, "edit closed; nothing was written");
            }
            Vec::new()
        }
        _ => Vec::new(),
    }
}

/// One key on the editor's text; true when the text changed. Ctrl-U deletes to the start of the
/// line as in every other field (the text area would undo), so undo is on Ctrl-Z.
fn editor_edit(textarea: &mut ratatui_textarea::TextArea<'static>, key: Key) -> bool {
    use crossterm::event::{KeyCode, KeyModifiers};
    if key.modifiers == KeyModifiers::CONTROL {
        match key.code {
            KeyCode::Char('u') => return textarea.delete_line_by_head(),
            KeyCode::Char('z') => return textarea.undo(),
            _ => {}
        }
    }
    textarea.input(textarea_input(key))
}

/// The editor's key as the text area understands it (Shift stays on non-character keys, so
/// Shift+arrows select).
fn textarea_input(key: Key) -> Input {
    Input::from(crossterm::event::KeyEvent::new(key.code, key.modifiers))
}

/// DynamoDB JSON ⇄ typed JSON, keeping the user's changes (the text must parse first).
fn switch_format(state: &mut State) {
    let Some(editor) = state
        .edits
        .flow
        .as_mut()
        .and_then(|flow| flow.editor.as_mut())
    else {
        return;
    };
    let item = match &editor.parsed {
        Ok(item) => item.clone(),
        Err(error) => {
            let message = format!(
                "fix the text before switching format: line {}, column {}: {}",
                error.line, error.column, error.message
            );
            state.notice = Some(Notice::Error(message));
            return;
        }
    };
    let format = match editor.format {
        EditFormat::DdbJson => EditFormat::TypedJson,
        EditFormat::TypedJson => EditFormat::DdbJson,
    };
    editor.switch_format(&item, format);
    state.notice = Some(Notice::Info(format!("editing as {}", format_label(format))));
}

/// `$EDITOR` came back.
pub(in crate::app::update) fn external_edited(state: &mut State, result: Result<String, String>) {
    let editor = state
        .edits
        .flow
        .as_mut()
        .and_then(|flow| flow.editor.as_mut());
    match (result, editor) {
        (Ok(text), Some(editor)) => {
            editor.replace_text(&text);
            state.notice = Some(Notice::Info(
                "text from $EDITOR loaded; save to preview the write".to_owned(),
            ));
        }
        (Err(message), _) => state.notice = Some(Notice::Error(message)),
        (Ok(_), None) => {}
    }
}

/// The "discard unsaved changes?" question.
pub(in crate::app::update) fn confirm_discard_key(
    state: &mut State,
    action: &Action,
) -> Vec<Command> {
    match action {
        Action::Confirm => {
            state.overlay = None;
            close(state, "changes discarded; nothing was written");
        }
        Action::Back => state.overlay = None,
        _ => {}
    }
    Vec::new()
}
