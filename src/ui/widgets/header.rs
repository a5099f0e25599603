//! The header: table, where it lives (endpoint, or profile + region), the AWS account once STS
//! named it, and the read-only badge, on every screen, so nobody mistakes one account for another.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::app::state::State;
use crate::ui::theme::{self, Styles};
use crate::ui::widgets::text::safe;

pub(in crate::ui) fn render(frame: &mut Frame<'_>, area: Rect, state: &State) {
    let styles = theme::of(state);
    let connection = &state.session.connection;
    let place = match (
        &connection.endpoint,
        &connection.profile,
        &connection.region,
    ) {
        (Some(endpoint), _, Some(region)) => format!("{endpoint} ({region})"),
        (Some(endpoint), _, None) => endpoint.clone(),
        (None, Some(profile), Some(region)) => format!("{profile} @ {region}"),
        (None, None, Some(region)) => format!("default @ {region}"),
        (None, Some(profile), None) => profile.clone(),
        (None, None, None) => connection.kind.clone(),
    };
    let mut spans = vec![
        Span::styled(" ddbx ", styles.badge),
        Span::raw(" "),
        if state.table.name.is_empty() {
            Span::styled("no table open", styles.muted)
        } else {
            Span::styled(safe(&state.table.name).into_owned(), styles.heading)
        },
        Span::raw(" │ "),
        Span::raw(safe(&place).into_owned()),
    ];
    let badge = if connection.read_only {
        vec![Span::raw(" "), Span::styled(" READ-ONLY ", styles.banner)]
    } else {
        Vec::new()
    };
    if let Some(account) = state.account_id() {
        let account = account_spans(styles, account);
        let total: usize = spans
            .iter()
            .chain(&account)
            .chain(&badge)
            .map(Span::width)
            .sum();
        // A cut-off account id would name a different account, which is worse than naming none.
        if total <= usize::from(area.width) {
            spans.extend(account);
        }
    }
    spans.extend(badge);
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

/// ` │ account 123456789012`; the id comes from a server, so it is escaped like table data.
fn account_spans(styles: &Styles, account: &str) -> [Span<'static>; 2] {
    [
        Span::raw(" │ account "),
        Span::styled(safe(account).into_owned(), styles.heading),
    ]
}
