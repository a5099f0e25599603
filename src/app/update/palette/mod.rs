//! The palette: choose a saved access pattern or a past query; a pattern then asks for each
//! parameter in turn, and the resulting Query runs in the results view.

use std::collections::BTreeMap;

use crate::app::action::Action;
use crate::app::command::Command;
use crate::app::state::palette::{ChoiceTarget, Palette, PaletteStage, choices};
use crate::app::state::text_field::{TextEdit, TextField};
use crate::app::state::{Overlay, State};
use crate::backend::QueryRequest;
use crate::domain::access_pattern::AccessPattern;
use crate::domain::pattern_query::{parameters, pattern_request};

pub(in crate::app::update) fn open(state: &mut State) -> Vec<Command> {
    state.overlay = Some(Overlay::Palette(Palette::new()));
    Vec::new()
}

fn patterns(state: &State) -> &[AccessPattern] {
    state
        .entities
        .model()
        .map_or(&[], |model| model.access_patterns.as_slice())
}

pub(in crate::app::update) fn key(
    state: &mut State,
    mut palette: Palette,
    action: Action,
) -> Vec<Command> {
    let commands = match &mut palette.stage {
        PaletteStage::Choose => match action {
            Action::CursorDown | Action::CursorUp => {
                let rows = choices(
                    patterns(state),
                    &state.queries.history,
                    palette.filter.text(),
                )
                .len();
                palette.cursor = if action == Action::CursorDown {
                    (palette.cursor + 1).min(rows.saturating_sub(1))
                } else {
                    palette.cursor.saturating_sub(1)
                };
                Vec::new()
            }
            Action::Back => {
                state.overlay = None;
                return Vec::new();
            }
            Action::Submit => return choose(state, palette),
            other => {
                // A changed filter changes the list: the best match is selected again.
                if let Some(edit) = TextEdit::of(&other)
                    && palette.filter.apply(&edit)
                {
                    palette.cursor = 0;
                }
                Vec::new()
            }
        },
        PaletteStage::Parameters {
            values, current, ..
        } => match action {
            Action::Back if *current > 0 => {
                *current -= 1;
                Vec::new()
            }
            Action::Back => {
                palette.stage = PaletteStage::Choose;
                palette.error = None;
                Vec::new()
            }
            Action::Submit if *current + 1 < values.len() => {
                *current += 1;
                Vec::new()
            }
            Action::Submit => return run_pattern(state, palette),
            other => {
                if let (Some(edit), Some(value)) = (TextEdit::of(&other), values.get_mut(*current))
                {
                    value.apply(&edit);
                }
                Vec::new()
            }
        },
    };
    state.overlay = Some(Overlay::Palette(palette));
    commands
}

fn choose(state: &mut State, mut palette: Palette) -> Vec<Command> {
    let rows = choices(
        patterns(state),
        &state.queries.history,
        palette.filter.text(),
    );
    let Some(choice) = rows.get(palette.cursor) else {
        state.overlay = Some(Overlay::Palette(palette));
        return Vec::new();
    };
    match choice.target {
        ChoiceTarget::History(position) => {
            let Some(entry) = state.queries.history.entries.get(position) else {
                return Vec::new();
            };
            let request = entry.request.clone();
            state.overlay = None;
            run(state, request)
        }
        ChoiceTarget::Pattern(position) => {
            let Some(pattern) = patterns(state).get(position) else {
                return Vec::new();
            };
            let names = parameters(pattern);
            palette.error = None;
            palette.stage = PaletteStage::Parameters {
                pattern: position,
                values: vec![TextField::default(); names.len()],
                names,
                current: 0,
            };
            if matches!(&palette.stage, PaletteStage::Parameters { names, .. } if names.is_empty())
            {
                return run_pattern(state, palette);
            }
            state.overlay = Some(Overlay::Palette(palette));
            Vec::new()
        }
    }
}

/// Builds the chosen pattern's Query from the typed parameters and runs it; on a mistake the
/// palette stays open on the parameters with the reason.
fn run_pattern(state: &mut State, mut palette: Palette) -> Vec<Command> {
    let PaletteStage::Parameters {
        pattern,
        names,
        values,
        ..
    } = &palette.stage
    else {
        return Vec::new();
    };
    let given: BTreeMap<String, String> = names
        .iter()
        .cloned()
        .zip(values.iter().map(|value| value.text().to_owned()))
        .collect();
    let result = match (state.described(), patterns(state).get(*pattern)) {
        (Some(description), Some(pattern)) => pattern_request(description, pattern, &given),
        (None, _) => Err("the table is not described yet; try again in a moment".to_owned()),
        (_, None) => Err("this access pattern is gone".to_owned()),
    };
    match result {
        Ok(mut request) => {
            request.table.clone_from(&state.table.name);
            state.overlay = None;
            run(state, request)
        }
        Err(message) => {
            palette.error = Some(message);
            state.overlay = Some(Overlay::Palette(palette));
            Vec::new()
        }
    }
}

/// Runs a query chosen in the palette in the results view (which records it in the history).
fn run(state: &mut State, request: QueryRequest) -> Vec<Command> {
    crate::app::update::query::run_query(state, request, None)
}
