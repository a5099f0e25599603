//! The header: table, where it lives (endpoint, or profile + region) and the read-only badge, on
//! every screen, so nobody mistakes one account for another.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::text::safe;
use crate::app::state::State;

pub(super) fn render(frame: &mut Frame<'_>, area: Rect, state: &State) {
    let connection = &state.connection;
    let place = match (
        &connection.endpoint,
        &connection.profile,
        &connection.region,
    ) {
        (Some(endpoint), _, _) => endpoint.clone(),
        (None, Some(profile), Some(region)) => format!("{profile} @ {region}"),
        (None, None, Some(region)) => format!("default @ {region}"),
        (None, Some(profile), None) => profile.clone(),
        (None, None, None) => connection.kind.clone(),
    };
    let mut spans = vec![
        Span::styled(
            " ddbx ",
            Style::new()
                .add_modifier(Modifier::BOLD)
                .fg(Color::Black)
                .bg(Color::Cyan),
        ),
        Span::raw(" "),
        Span::styled(
            safe(&state.table).into_owned(),
            Style::new().add_modifier(Modifier::BOLD),
        ),
        Span::raw(" │ "),
        Span::raw(safe(&place).into_owned()),
    ];
    if connection.read_only {
        spans.push(Span::raw(" "));
        spans.push(Span::styled(
            " READ-ONLY ",
            Style::new().fg(Color::Black).bg(Color::Yellow),
        ));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}
