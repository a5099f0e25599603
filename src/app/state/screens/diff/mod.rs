//! The diff screen: `=` in the overview (`o`) compares the open table with another table, chosen
//! from the tables of the session's connection or, after `t`, of another connection or an
//! export; `=` in the inspector compares only the
//! item's partition. Both are read through the worker's reads (the progress of each side
//! shown, `Esc` abandons them), the worker matches and compares their items as `ddbx diff`
//! does, and the report lists the counts per entity and each difference (`-` only in the
//! source, `+` only in the target, `*` different); `Enter` shows a difference's two items side
//! by side, `i` ignores its attributes and compares again, `y` copies the report as `ddbx diff`
//! prints it. A diff never writes.

mod place;
mod read;
mod view;

use std::collections::BTreeSet;

pub use read::{KEPT_DIFFERENCES, SEGMENTS};
pub use view::{DiffScope, DiffView, Reading, Shown, SideRead, Stage};

use super::screen::Screen;
use super::unit::{ScreenUnit, Unclaimed, Unit, prompt, view_of, view_of_mut};
use crate::app::action::Action;
use crate::app::command::Command;
use crate::app::read::ReadAnswer;
use crate::app::request_id::RequestId;
use crate::app::state::{Loadable, Notice, State, View};
use crate::backend::BackendError;
use crate::domain::diff::Finding;
use crate::domain::diff::text::{finding_text, report_text};

pub struct DiffScreen;

/// The screen as the app routes to it.
pub const UNIT: Unit = Unit::of(&DiffScreen);

impl Screen for DiffScreen {
    fn row_count(&self, _state: &State, view: &View) -> usize {
        view_of::<DiffView>(view).map_or(0, |view| row_texts(view).len())
    }

    fn row_texts(&self, _state: &State, view: &View) -> Vec<String> {
        view_of::<DiffView>(view).map_or_else(Vec::new, row_texts)
    }
}

/// The rows the cursor moves on: the tables to choose from, or the differences of the report.
#[must_use]
pub fn row_texts(view: &DiffView) -> Vec<String> {
    match &view.stage {
        Stage::Choosing(Loadable::Loaded(names)) => names.clone(),
        Stage::Report(shown) => shown
            .report
            .findings
            .iter()
            .map(|(entity, finding)| {
                let text = finding_text(entity, finding, false);
                text.lines().next().unwrap_or_default().to_owned()
            })
            .collect(),
        _ => Vec::new(),
    }
}

impl ScreenUnit for DiffScreen {
    type View = DiffView;

    const SHOW: &'static str = "show_diff";

    const DEFAULT_KEYS: &'static str = include_str!("keys.toml");

    fn open(state: &mut State) -> Vec<Command> {
        read::open(state)
    }

    fn key(state: &mut State, action: &Action) -> Option<Vec<Command>> {
        match action {
            Action::Open => Some(open_under_cursor(state)),
            Action::Back => read::cancel(state).or_else(|| close_items(state)),
            Action::CopyExplanation => Some(copy_report(state)),
            Action::HideColumn => Some(ignore_under_cursor(state)),
            Action::EditItem => Some(ask_place(state)),
            _ => None,
        }
    }

    const PROMPT_TITLE: &'static str = place::PROMPT_TITLE;

    fn text_typed(state: &mut State, text: &str) -> Vec<Command> {
        match place::parse_place(text, &state.session.connection) {
            Ok(place) => read::choose_in(state, place),
            Err(message) => {
                state.notice = Some(Notice::Error(format!("{message}; nothing was read")));
                Vec::new()
            }
        }
    }

    fn refresh(state: &mut State) -> Vec<Command> {
        let target = view_of::<DiffView>(state.views.current())
            .and_then(|view| view.target().map(str::to_owned));
        match target {
            Some(target) => {
                let mut commands = read::cancel(state).unwrap_or_default();
                commands.extend(read::start(state, target));
                commands
            }
            None => Vec::new(),
        }
    }

    fn answered(
        state: &mut State,
        id: RequestId,
        result: Result<ReadAnswer, BackendError>,
    ) -> Result<Vec<Command>, Unclaimed> {
        read::answered(state, id, result)
    }
}

/// `t`: the prompt for the other side's place, holding the one chosen.
fn ask_place(state: &mut State) -> Vec<Command> {
    let Some(view) = view_of::<DiffView>(state.views.current()) else {
        return Vec::new();
    };
    let text = view
        .place
        .as_ref()
        .map(ToString::to_string)
        .unwrap_or_default();
    state.overlay = Some(prompt::<DiffView>(&text));
    Vec::new()
}

/// `Enter`: compares with the table under the cursor, or shows the difference under it.
fn open_under_cursor(state: &mut State) -> Vec<Command> {
    let Some(view) = view_of_mut::<DiffView>(state.views.current_mut()) else {
        return Vec::new();
    };
    let cursor = view.cursor;
    let target = match &mut view.stage {
        Stage::Choosing(Loadable::Loaded(names)) => names.get(cursor).cloned(),
        Stage::Report(shown) if cursor < shown.report.findings.len() => {
            shown.open = Some(cursor);
            None
        }
        _ => None,
    };
    target.map_or_else(Vec::new, |target| read::start(state, target))
}

/// `i` on a difference: its attributes (their top-level names) join the ignored ones, and the
/// items already read are compared again: nothing is read.
fn ignore_under_cursor(state: &mut State) -> Vec<Command> {
    let id = state.ids.issue();
    let Some(view) = view_of_mut::<DiffView>(state.views.current_mut()) else {
        return Vec::new();
    };
    let Stage::Report(shown) = &view.stage else {
        return Vec::new();
    };
    let at = shown.open.unwrap_or(view.cursor);
    let Some((_, Finding::Different { attributes, .. })) = shown.report.findings.get(at) else {
        state.notice = Some(Notice::Info(
            "i ignores the attributes of a difference (*); this item is on one side only"
                .to_owned(),
        ));
        return Vec::new();
    };
    let names: BTreeSet<String> = attributes
        .iter()
        .map(|attribute| top_level(&attribute.path).to_owned())
        .collect();
    view.ignore.extend(names.iter().cloned());
    let mut sides = shown.sides.clone();
    sides.ignore.clone_from(&view.ignore);
    let (stage, commands) = read::comparing(id, shown.target.clone(), sides);
    view.stage = stage;
    view.cursor = 0;
    let names: Vec<String> = names.into_iter().collect();
    state.notice = Some(Notice::Info(format!(
        "ignoring {} and comparing again (nothing is read again)",
        names.join(", ")
    )));
    commands
}

/// The attribute a path starts in: `address` of `address.city`, `lines` of `lines[2]`.
fn top_level(path: &str) -> &str {
    path.split(['.', '[']).next().unwrap_or(path)
}

/// `Esc` on a difference shown side by side: back to the report.
fn close_items(state: &mut State) -> Option<Vec<Command>> {
    let view = view_of_mut::<DiffView>(state.views.current_mut())?;
    match &mut view.stage {
        Stage::Report(shown) if shown.open.is_some() => {
            shown.open = None;
            Some(Vec::new())
        }
        _ => None,
    }
}

/// `y`: the report as `ddbx diff` prints it.
fn copy_report(state: &mut State) -> Vec<Command> {
    let Some(view) = view_of::<DiffView>(state.views.current()) else {
        return Vec::new();
    };
    let Stage::Report(shown) = &view.stage else {
        return Vec::new();
    };
    vec![Command::CopyToClipboard {
        text: report_text(
            &shown.report,
            &view.source,
            &view.target_words(&shown.target),
        ),
        what: "the diff report as text".to_owned(),
    }]
}
