//! The scope being read before its dry run: pages and items so far, and how to cancel.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;

use crate::app::action::Action;
use crate::app::state::State;
use crate::app::state::bulk::BulkForm;
use crate::app::state::bulk::scope::ScopeProgress;
use crate::domain::figures::counted;
use crate::keymap::Section;
use crate::ui::edit::hints::{hints, key};
use crate::ui::theme;
use crate::ui::widgets::boxed::boxed;
use crate::ui::widgets::text::safe;

pub(super) fn render(
    frame: &mut Frame<'_>,
    area: Rect,
    state: &State,
    form: &BulkForm,
    progress: &ScopeProgress,
) {
    let styles = theme::of(state);
    let marked = state.bulk.selection.len();
    let lines = vec![
        Line::raw(format!(
            "Reading {} before the dry run of {}.",
            safe(&form.chosen().label(marked)),
            form.kind.label()
        )),
        Line::raw(""),
        Line::styled(
            format!(
                "{} read, {} of the scope, {} so far…",
                counted(progress.returned, "item", "items"),
                progress.items.len(),
                counted(progress.pages, "page", "pages")
            ),
            styles.active,
        ),
        Line::raw(""),
        Line::styled(
            "Nothing is sent: the dry run follows the last page.",
            styles.muted,
        ),
    ];
    let hint = hints(
        styles,
        &[(
            key(state, Section::Bulk, &Action::Back),
            "cancel (nothing sent)",
        )],
    );
    boxed(
        frame,
        area,
        " Reading the scope ".to_owned(),
        lines,
        0,
        hint,
    );
}
