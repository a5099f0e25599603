//! One attribute of a change as a line: `~ name old → new`, `+ name new`, `- name old`, or
//! the unchanged value muted. The stream view's record and the item history draw it alike.

use ratatui::text::{Line, Span};

use crate::app::state::change_rows::{DiffMark, DiffRow};
use crate::ui::theme::Styles;
use crate::ui::widgets::text::safe;

#[must_use]
pub fn diff_line(styles: &Styles, row: &DiffRow) -> Line<'static> {
    let (mark, style) = match row.mark {
        DiffMark::Added => ("+", styles.added),
        DiffMark::Removed => ("-", styles.removed),
        DiffMark::Changed => ("~", styles.changed),
        DiffMark::Same => (" ", styles.muted),
    };
    let value = match (&row.old, &row.new, row.mark) {
        (Some(old), Some(new), DiffMark::Changed) => format!("{} → {}", safe(old), safe(new)),
        (_, Some(new), DiffMark::Added | DiffMark::Same) => safe(new).into_owned(),
        (Some(old), _, _) => safe(old).into_owned(),
        _ => String::new(),
    };
    Line::from(vec![
        Span::styled(format!("{mark} {:<16} ", safe(&row.name)), style),
        Span::raw(value),
    ])
}
