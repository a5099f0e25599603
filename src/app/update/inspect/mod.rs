//! Inspector actions: format toggles, copying, following related links, reading the item again.

pub(in crate::app::update) mod reread;

use crate::app::action::Action;
use crate::app::command::Command;
use crate::app::state::inspect::inspector::{BinaryFormat, ItemFormat};
use crate::app::state::{State, View};
use crate::domain::{ddb_json, plain_json};

use crate::app::state::rows::row_context;
use crate::app::update::explore::collections::open_partition;

pub(in crate::app::update) fn action(state: &mut State, action: &Action) -> Vec<Command> {
    let description_key = state.described().map(|description| description.key.clone());
    let View::Inspector(inspector) = state.views.current_mut() else {
        return Vec::new();
    };
    match action {
        Action::ToggleJson => {
            inspector.format = inspector.format.next();
            inspector.cursor = 0;
            Vec::new()
        }
        Action::ToggleBinary => {
            inspector.binary = match inspector.binary {
                BinaryFormat::Base64 => BinaryFormat::Hex,
                BinaryFormat::Hex => BinaryFormat::Base64,
            };
            Vec::new()
        }
        Action::CopyItemJson => copy(
            pretty(&plain_json::item_to_plain_json(&inspector.item)),
            "item as plain JSON",
        ),
        Action::CopyItemDdbJson => copy(
            pretty(&ddb_json::item_to_json(&inspector.item)),
            "item as DynamoDB JSON",
        ),
        Action::CopyKey => {
            let key = description_key
                .and_then(|key| key.key_of(&inspector.item))
                .unwrap_or_default();
            copy(
                pretty(&ddb_json::item_to_json(&key)),
                "key as DynamoDB JSON",
            )
        }
        Action::CopyValue => {
            let inspector = inspector.clone();
            let rows = inspector.rows(&row_context(state));
            match rows.get(inspector.cursor) {
                Some(row) if inspector.format == ItemFormat::Tree => match &row.copy {
                    Some(text) => copy(text.clone(), &format!("value of {}", row.label)),
                    None => Vec::new(),
                },
                _ => copy(
                    inspector.json_text(),
                    &format!("item as {}", inspector.format.label()),
                ),
            }
        }
        _ => Vec::new(),
    }
}

fn pretty(json: &serde_json::Value) -> String {
    serde_json::to_string_pretty(json).unwrap_or_default()
}

fn copy(text: String, what: &str) -> Vec<Command> {
    vec![Command::CopyToClipboard {
        text,
        what: what.to_owned(),
    }]
}

/// `open` on a related-collection row opens that partition.
pub(in crate::app::update) fn follow_link(state: &mut State) -> Vec<Command> {
    let View::Inspector(inspector) = state.views.current() else {
        return Vec::new();
    };
    let link = inspector
        .rows(&row_context(state))
        .get(inspector.cursor)
        .and_then(|row| row.link.clone());
    link.map_or_else(Vec::new, |pk| open_partition(state, pk))
}
