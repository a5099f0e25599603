//! The column keys of a results grid (query results, statement results and index items alike),
//! and the column choices they leave remembered per entity type.

use crate::app::action::Action;
use crate::app::command::Command;
use crate::app::state::grid::columns::{ColumnChoice, Columns};
use crate::app::state::{Notice, State};

/// What a column key changed, for the caller to act on.
#[derive(Default)]
pub(in crate::app::update) struct ColumnKey {
    /// The sort changed: the caller reorders its rows.
    pub reorder: bool,
    /// A column hidden or shown, or every one shown again: what to remember.
    pub remember: Option<Remember>,
}

/// A change to the remembered column choices.
pub(in crate::app::update) enum Remember {
    One(ColumnChoice),
    /// Every column of this entity type shown again: its choice forgotten.
    Forget {
        entity: String,
    },
}

/// Applies a column key to `columns` with `selected` the selected column: select, sort, hide,
/// show all, resize.
pub(in crate::app::update) fn column_key(
    columns: &mut Columns,
    selected: &mut usize,
    action: &Action,
) -> ColumnKey {
    let last = columns.len().saturating_sub(1);
    let mut outcome = ColumnKey::default();
    match action {
        Action::NextColumn => *selected = (*selected + 1).min(last),
        Action::PrevColumn => *selected = selected.saturating_sub(1),
        Action::SortColumn => {
            columns.sort_by(*selected);
            outcome.reorder = true;
        }
        Action::HideColumn => {
            outcome.remember = columns.toggle_hidden(*selected).map(Remember::One)
        }
        Action::ResetColumns => {
            let entity = columns.show_all();
            outcome.remember = Some(Remember::Forget { entity });
        }
        Action::WidenColumn => columns.widen(*selected),
        Action::NarrowColumn => columns.narrow(*selected),
        _ => {}
    }
    outcome
}

/// Remembers `change` for the open table, and has the worker keep it in the choices' file.
pub(in crate::app::update) fn remember(
    state: &mut State,
    change: Option<Remember>,
) -> Vec<Command> {
    let Some(change) = change else {
        return Vec::new();
    };
    let table = state.table.name.clone();
    let choices = &mut state.column_choices;
    let changed = match &change {
        Remember::One(choice) => {
            state.notice = Some(Notice::Info(format!(
                "{} {} for {}, remembered also after a restart",
                choice.attribute,
                if choice.hidden { "hidden" } else { "shown" },
                entity_words(&choice.entity)
            )));
            choices.set_hidden(&table, &choice.entity, &choice.attribute, choice.hidden)
        }
        Remember::Forget { entity } => {
            let forgotten = choices.forget(&table, entity);
            state.notice = Some(Notice::Info(format!(
                "every column shown; {}",
                if forgotten {
                    format!(
                        "the hidden columns of {} are forgotten",
                        entity_words(entity)
                    )
                } else {
                    format!("nothing was remembered for {}", entity_words(entity))
                }
            )));
            forgotten
        }
    };
    match &state.column_choices.file {
        Some(path) if changed => vec![Command::SaveColumnChoices {
            path: path.clone(),
            text: state.column_choices.to_text(),
        }],
        _ => Vec::new(),
    }
}

fn entity_words(entity: &str) -> String {
    if entity.is_empty() {
        "rows of no known type".to_owned()
    } else {
        format!("{entity} rows")
    }
}
