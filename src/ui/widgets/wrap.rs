//! Long lines folded onto as many rows as they need (or cut with `…` where one row is all there
//! is room for), styles kept, so text wider than the screen
//! (an expression, a key, a summary) is shown whole instead of cut at the border. A row breaks
//! after the last blank that fits when there is one in its second half, else at the width;
//! continuation rows are indented under the line's own indent, two columns deeper.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// `lines` folded to `width` columns (one column per character, as the rest of the screen
/// counts them).
#[must_use]
pub fn wrap_lines(lines: Vec<Line<'static>>, width: usize) -> Vec<Line<'static>> {
    let mut rows = Vec::with_capacity(lines.len());
    for line in lines {
        wrap_line(line, width, &mut rows);
    }
    rows
}

/// `line` cut to `width` columns, `…` in the last one when anything was cut.
#[must_use]
pub fn cut_line(line: Line<'static>, width: usize) -> Line<'static> {
    let cells = cells_of(&line);
    if cells.len() <= width || width == 0 {
        return line;
    }
    let mut kept = cells[..width - 1].to_vec();
    let style = kept.last().map_or_else(Style::new, |(_, style)| *style);
    kept.push(('…', style));
    line_of(&kept)
}

fn cells_of(line: &Line<'_>) -> Vec<(char, Style)> {
    line.spans
        .iter()
        .flat_map(|span| {
            let style = line.style.patch(span.style);
            span.content.chars().map(move |c| (c, style))
        })
        .collect()
}

fn wrap_line(line: Line<'static>, width: usize, rows: &mut Vec<Line<'static>>) {
    let cells = cells_of(&line);
    if width == 0 || cells.len() <= width {
        rows.push(line);
        return;
    }
    let indent = cells.iter().take_while(|(c, _)| *c == ' ').count() + 2;
    let indent = if indent * 2 > width { 0 } else { indent };
    let mut rest: &[(char, Style)] = &cells;
    let mut lead = 0;
    while !rest.is_empty() {
        let room = width - lead;
        let take = if rest.len() <= room {
            rest.len()
        } else {
            break_at(rest, room)
        };
        let mut row = vec![(' ', Style::new()); lead];
        row.extend_from_slice(&rest[..take]);
        rows.push(line_of(&row));
        rest = &rest[take..];
        // A continuation never starts with the blank it broke at.
        while rest.first().is_some_and(|(c, _)| *c == ' ') {
            rest = &rest[1..];
        }
        lead = indent;
    }
}

/// How many cells of `cells` go on a row of `room` columns.
fn break_at(cells: &[(char, Style)], room: usize) -> usize {
    cells[..=room.min(cells.len() - 1)]
        .iter()
        .rposition(|(c, _)| *c == ' ')
        .filter(|at| *at * 2 >= room && *at > 0)
        .unwrap_or(room)
}

/// One line from styled cells, runs of one style as one span.
fn line_of(cells: &[(char, Style)]) -> Line<'static> {
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut text = String::new();
    let mut current: Option<Style> = None;
    for (c, style) in cells {
        if current.is_some_and(|current| current != *style) {
            spans.push(Span::styled(
                std::mem::take(&mut text),
                current.unwrap_or_default(),
            ));
        }
        current = Some(*style);
        text.push(*c);
    }
    if !text.is_empty() {
        spans.push(Span::styled(text, current.unwrap_or_default()));
    }
    Line::from(spans)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::style::Color;

    fn texts(lines: &[Line<'_>]) -> Vec<String> {
        lines.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn a_long_line_breaks_at_a_blank_and_indents_its_continuation() {
        let line = Line::raw("  ConditionExpression: #type = :v0 AND version = :v1");
        let rows = wrap_lines(vec![line], 30);
        assert_eq!(
            texts(&rows),
            [
                "  ConditionExpression: #type =",
                "    :v0 AND version = :v1"
            ]
        );
    }

    #[test]
    fn a_word_longer_than_the_row_is_cut_and_nothing_is_lost() {
        let text = format!("Key: {}", "x".repeat(25));
        let rows = wrap_lines(vec![Line::raw(text.clone())], 10);
        let joined: String = texts(&rows).iter().map(|row| row.trim_start()).collect();
        assert_eq!(joined.replace(' ', ""), text.replace(' ', ""));
        assert!(
            rows.iter().all(|row| row.width() <= 10),
            "{:?}",
            texts(&rows)
        );
    }

    #[test]
    fn styles_follow_their_characters_onto_the_next_row() {
        let line = Line::from(vec![
            Span::raw("old "),
            Span::styled("RED RED RED", Style::new().fg(Color::Red)),
        ]);
        let rows = wrap_lines(vec![line], 8);
        let last = rows.last().expect("rows");
        assert!(
            last.spans
                .iter()
                .filter(|span| !span.content.trim().is_empty())
                .all(|span| span.style.fg == Some(Color::Red)),
            "{last:?}"
        );
        assert_eq!(texts(&rows).len(), 3);
    }

    #[test]
    fn a_cut_line_ends_in_an_ellipsis() {
        let cut = cut_line(Line::raw("orders_by_status  STORE#{storeId}"), 12);
        assert_eq!(cut.to_string(), "orders_by_s…");
        assert_eq!(cut_line(Line::raw("short"), 12).to_string(), "short");
    }

    #[test]
    fn short_lines_are_left_alone() {
        let rows = wrap_lines(vec![Line::raw("short"), Line::raw("")], 10);
        assert_eq!(texts(&rows), ["short", ""]);
    }
}
