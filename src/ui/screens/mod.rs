//! The drawing of each screen unit: a new screen is its module here and its line below.

mod capacity;
mod diff;
mod staged;
mod timeline;
mod versions;

use ratatui::Frame;
use ratatui::layout::Rect;

use crate::app::state::State;
use crate::app::state::screen_view::ScreenView;

pub(in crate::ui) fn render(frame: &mut Frame<'_>, area: Rect, state: &State, view: &ScreenView) {
    if let Some(view) = view.of() {
        versions::render(frame, area, state, view);
    }
    if let Some(view) = view.of() {
        staged::render(frame, area, state, view);
    }
    if let Some(view) = view.of() {
        diff::render(frame, area, state, view);
    }
    if let Some(view) = view.of() {
        capacity::render(frame, area, state, view);
    }
    if let Some(view) = view.of() {
        timeline::render(frame, area, state, view);
    }
}
