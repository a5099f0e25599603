//! Key hints and key labels shared by the editor, the preview and the conflict view.

use ratatui::text::Line;

use crate::app::action::Action;
use crate::app::state::State;
use crate::app::state::inspect::inspector::key_text;
use crate::domain::value::Item;
use crate::keymap::Section;
use crate::ui::theme::Styles;
use crate::ui::widgets::text::safe;

/// `key` of the first binding of `action` in `section`, for hints.
pub(in crate::ui) fn key(state: &State, section: Section, action: &Action) -> String {
    state
        .keymap
        .key_for(section, action)
        .unwrap_or_else(|| "(unbound)".to_owned())
}

/// The item's primary key as `PK / SK` text, escaped.
pub(in crate::ui) fn key_label(state: &State, item: Option<&Item>) -> String {
    let key = item.and_then(|item| state.described()?.key.key_of(item));
    key.map_or_else(String::new, |key| {
        let text = key.values().map(key_text).collect::<Vec<_>>().join(" / ");
        safe(&text).into_owned()
    })
}

/// A dim line of key hints.
pub(in crate::ui) fn hints(styles: &Styles, parts: &[(String, &str)]) -> Line<'static> {
    let text = parts
        .iter()
        .map(|(keys, what)| format!("{keys} {what}"))
        .collect::<Vec<_>>()
        .join(" · ");
    Line::styled(text, styles.muted)
}
