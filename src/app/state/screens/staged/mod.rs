//! The staged changes screen: edits, creates, duplicates and deletes staged from the editor's
//! preview (`S`, or Alt-S in the editor) and checks staged on an item (`C`), each with its diff
//! and its own condition. `c` assembles them into one `TransactWriteItems` and shows the exact
//! request; confirming sends it journaled as one run, which `u` undoes whole. A cancelled
//! transaction leaves everything staged and marks the changes it failed on; `Enter` shows one
//! against the item as stored now.

mod commit;
mod conflict;
mod done;
mod set;
mod view;

pub use commit::{confirm, open_review, send};
pub use done::{Written, transaction_done};
pub use set::{CommitPurpose, CommitReview, Failure, StagedItem, StagedKind, StagedSet};
pub use view::StagedView;

use super::screen::Screen;
use super::unit::{ScreenUnit, Unclaimed, Unit, view_of};
use crate::app::action::Action;
use crate::app::command::Command;
use crate::app::read::ReadAnswer;
use crate::app::request_id::RequestId;
use crate::app::state::screen_view::ScreenView;
use crate::app::state::{Notice, State, View};
use crate::backend::BackendError;

pub struct StagedScreen;

/// The screen as the app routes to it.
pub const UNIT: Unit = Unit::of(&StagedScreen);

impl Screen for StagedScreen {
    fn row_count(&self, state: &State, _view: &View) -> usize {
        state.edits.staged.items.len()
    }

    fn row_texts(&self, state: &State, _view: &View) -> Vec<String> {
        state
            .edits
            .staged
            .items
            .iter()
            .map(|item| format!("{} {}", item.kind.label(), item.summary()))
            .collect()
    }
}

impl ScreenUnit for StagedScreen {
    type View = StagedView;

    const SHOW: &'static str = "show_staged";

    const DEFAULT_KEYS: &'static str = include_str!("keys.toml");

    fn open(state: &mut State) -> Vec<Command> {
        if view_of::<StagedView>(state.views.current()).is_none() {
            state
                .views
                .open(View::Screen(ScreenView::new(StagedView::default())));
        }
        Vec::new()
    }

    fn key(state: &mut State, action: &Action) -> Option<Vec<Command>> {
        if state.edits.staged.review.is_some() {
            return review_key(state, action);
        }
        match action {
            Action::Confirm => {
                if state.edits.staged.items.is_empty() {
                    state.notice = Some(Notice::Info("nothing is staged".to_owned()));
                } else {
                    let parts = state.edits.staged.parts();
                    open_review(state, CommitPurpose::Commit, parts);
                }
                Some(Vec::new())
            }
            Action::DeleteItem => {
                unstage_under_cursor(state);
                Some(Vec::new())
            }
            Action::Open => {
                open_under_cursor(state);
                Some(Vec::new())
            }
            _ => None,
        }
    }

    fn answered(
        _state: &mut State,
        _id: RequestId,
        result: Result<ReadAnswer, BackendError>,
    ) -> Result<Vec<Command>, Unclaimed> {
        // The screen reads nothing: its writes answer as transactions.
        Err(result)
    }
}

/// Keys while the transaction's preview is on the screen.
fn review_key(state: &mut State, action: &Action) -> Option<Vec<Command>> {
    if state.edits.staged.sending.is_some() {
        // A sent transaction runs to its outcome; keys wait for it.
        return Some(Vec::new());
    }
    match action {
        Action::Confirm => return Some(confirm(state)),
        Action::Back | Action::HistoryBack => {
            state.edits.staged.review = None;
            state.notice = Some(Notice::Info("nothing was sent".to_owned()));
            return Some(Vec::new());
        }
        Action::Quit => return None,
        _ => {}
    }
    let review = state.edits.staged.review.as_mut()?;
    match action {
        Action::CursorDown => review.scroll = review.scroll.saturating_add(1),
        Action::CursorUp => review.scroll = review.scroll.saturating_sub(1),
        Action::PageDown => review.scroll = review.scroll.saturating_add(10),
        Action::PageUp => review.scroll = review.scroll.saturating_sub(10),
        Action::CursorFirst => review.scroll = 0,
        _ => {}
    }
    Some(Vec::new())
}

fn cursor(state: &State) -> Option<usize> {
    view_of::<StagedView>(state.views.current()).map(|view| view.cursor)
}

/// `x`: the change under the cursor leaves the set (nothing is sent).
fn unstage_under_cursor(state: &mut State) {
    if state.edits.staged.sending.is_some() {
        state.notice = Some(Notice::Error(
            "the commit is being sent; wait for its outcome".to_owned(),
        ));
        return;
    }
    let Some(item) = cursor(state).and_then(|cursor| state.edits.staged.unstage(cursor)) else {
        return;
    };
    state.notice = Some(Notice::Info(format!(
        "unstaged the {}: {} ({} staged; nothing was sent)",
        item.kind.label(),
        item.summary(),
        state.edits.staged.items.len()
    )));
}

/// `Enter`: a change the last commit failed on, against the item now; else the item inspected.
fn open_under_cursor(state: &mut State) {
    let Some(item) = cursor(state).and_then(|cursor| state.edits.staged.items.get(cursor).cloned())
    else {
        return;
    };
    if item.failed.is_some() {
        conflict::open(state, &item);
        return;
    }
    if let Some(shown) = item.mine.clone().or(item.original.clone()) {
        state.inspect(shown);
    }
}
