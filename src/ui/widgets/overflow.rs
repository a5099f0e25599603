//! A pane longer than its room says so on its bottom border (`↑ 3 above · ↓ 12 more`), with the
//! keys that scroll it, instead of cutting its last lines silently: a warning at the end of a
//! preview would otherwise be invisible on a small terminal.

use ratatui::text::Line;

/// The rows of `rows` a pane of `height` rows shows from `scroll` (clamped so the last row is
/// at the bottom), with how many are above and below them.
pub(in crate::ui) struct Window<T> {
    pub shown: Vec<T>,
    pub above: usize,
    pub below: usize,
}

/// `rows` scrolled by `scroll` into `height` rows.
pub(in crate::ui) fn window<T>(rows: Vec<T>, scroll: usize, height: usize) -> Window<T> {
    let total = rows.len();
    let above = scroll.min(total.saturating_sub(height));
    let shown: Vec<T> = rows.into_iter().skip(above).take(height).collect();
    let below = total - above - shown.len();
    Window {
        shown,
        above,
        below,
    }
}

impl<T> Window<T> {
    /// The note for the pane's bottom border (right-aligned), if anything is out of sight;
    /// `keys` names the keys that scroll it (`PgDn/PgUp`), empty when the hint line says them.
    pub(in crate::ui) fn note(&self, keys: &str) -> Option<Line<'static>> {
        note(self.above, self.below, keys)
    }
}

/// `↑ N above · ↓ M more · keys`, or nothing when every row is in sight.
pub(in crate::ui) fn note(above: usize, below: usize, keys: &str) -> Option<Line<'static>> {
    if above == 0 && below == 0 {
        return None;
    }
    let mut parts = Vec::new();
    if above > 0 {
        parts.push(format!("↑ {above} above"));
    }
    if below > 0 {
        parts.push(format!("↓ {below} more"));
    }
    if !keys.is_empty() {
        parts.push(keys.to_owned());
    }
    Some(Line::from(format!(" {} ", parts.join(" · "))).right_aligned())
}
