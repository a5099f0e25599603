//! The one-line prompt: jump to a partition by typing its key (a Query, never a Scan), search in
//! the current list, and hand every other prompt's line to the feature that asked for it.

use base64::Engine as _;

use crate::app::action::Action;
use crate::app::command::Command;
use crate::app::state::text_field::{TextEdit, TextField};
use crate::app::state::{Notice, Overlay, Prompt, PromptKind, State, View};
use crate::domain::number::Number;
use crate::domain::value::{AttrValue, ValueType};

use crate::app::state::screens::row_texts;
use crate::app::update::explore::collections::open_partition;
use crate::app::update::navigation::set_cursor;

pub(in crate::app::update) fn open(state: &mut State, kind: PromptKind) -> Vec<Command> {
    state.overlay = Some(Overlay::Prompt(Prompt {
        kind,
        text: TextField::default(),
    }));
    Vec::new()
}

pub(in crate::app::update) fn key(
    state: &mut State,
    mut prompt: Prompt,
    action: Action,
) -> Vec<Command> {
    match action {
        Action::Complete if prompt.kind == PromptKind::JumpToPartition => {
            let completed = complete(state, prompt.text.text());
            prompt.text.set(completed);
        }
        Action::Back => {
            state.overlay = None;
            return Vec::new();
        }
        Action::Submit => {
            state.overlay = None;
            return submit(state, prompt);
        }
        other => {
            if let Some(edit) = TextEdit::of(&other) {
                prompt.text.apply(&edit);
            }
        }
    }
    state.overlay = Some(Overlay::Prompt(prompt));
    Vec::new()
}

/// The longest common prefix of the discovered partition keys starting with `text`.
fn complete(state: &State, text: &str) -> String {
    state
        .explore
        .discovery
        .found
        .as_ref()
        .and_then(|found| found.complete_partition_prefix(text))
        .unwrap_or_else(|| text.to_owned())
}

fn submit(state: &mut State, prompt: Prompt) -> Vec<Command> {
    match prompt.kind {
        PromptKind::JumpToPartition => {
            if prompt.text.text().is_empty() {
                return Vec::new();
            }
            match typed_key(state, prompt.text.text()) {
                Ok(pk) => open_partition(state, pk),
                Err(message) => {
                    state.notice = Some(Notice::Error(message));
                    Vec::new()
                }
            }
        }
        PromptKind::Search => {
            state.explore.last_search = Some(prompt.text.into_text());
            search_next(state)
        }
        PromptKind::StreamFilter => {
            crate::app::update::stream::filter_typed(state, prompt.text.text());
            Vec::new()
        }
        PromptKind::StreamStart => {
            crate::app::update::stream::start_typed(state, prompt.text.text())
        }
        PromptKind::Why => crate::app::update::why::submit(state, prompt.text.text()),
        PromptKind::Screen(name) => crate::app::state::screens::unit(name)
            .map_or_else(Vec::new, |unit| {
                (unit.text_typed)(state, prompt.text.text())
            }),
        PromptKind::Adjust => crate::app::update::edit::adjust::submit(state, prompt.text.text()),
    }
}

/// The typed text as a value of the table's partition key type.
fn typed_key(state: &State, text: &str) -> Result<AttrValue, String> {
    let key_type = state.described().map_or(ValueType::S, |description| {
        description.key.partition.value_type
    });
    match key_type {
        ValueType::N => Number::parse(text)
            .map(AttrValue::N)
            .map_err(|error| format!("the partition key is a number: {error}")),
        ValueType::B => base64::engine::general_purpose::STANDARD
            .decode(text)
            .map(AttrValue::B)
            .map_err(|error| format!("the partition key is binary; type it as base64: {error}")),
        _ => Ok(AttrValue::S(text.to_owned())),
    }
}

/// Moves to the next row (after the cursor, wrapping) containing the last search text.
pub(in crate::app::update) fn search_next(state: &mut State) -> Vec<Command> {
    let Some(needle) = state
        .explore
        .last_search
        .clone()
        .filter(|needle| !needle.is_empty())
    else {
        return Vec::new();
    };
    let needle = needle.to_lowercase();
    let texts = row_texts(state);
    let start = state.views.current().cursor();
    let found = (1..=texts.len())
        .map(|offset| (start + offset) % texts.len().max(1))
        .find(|&row| {
            texts
                .get(row)
                .is_some_and(|text| text.to_lowercase().contains(&needle))
        });
    match found {
        Some(row) => set_cursor(state, row),
        None => {
            let why = why_hint(state);
            state.notice = Some(Notice::Info(format!(
                "no match for \"{needle}\" among the {} rows read{why}",
                texts.len()
            )));
        }
    }
    Vec::new()
}

/// Where `w` explains a missing item, a search that finds nothing says so: the item may be
/// beyond the rows read, or left out by the query.
fn why_hint(state: &State) -> String {
    let explains = matches!(
        state.views.current(),
        View::QueryResults { .. } | View::StatementResults { .. } | View::Partition { .. }
    );
    let key = state
        .keymap
        .key_for(state.mode().section(), &Action::ExplainWhy);
    match key {
        Some(key) if explains => format!(" · {key} explains why an item is not here"),
        _ => String::new(),
    }
}
