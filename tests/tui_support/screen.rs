//! Rendering to text for snapshots: draw into ratatui's `TestBackend` and read the buffer back
//! one line per row, trailing spaces trimmed.

use ddbx::app::action::Action;
use ddbx::app::state::State;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::{Frame, Terminal};

/// The whole app as `state` draws at `width`×`height` (after a resize to that size).
pub fn screen(state: &State, width: u16, height: u16) -> String {
    let mut state = state.clone();
    ddbx::app::update::update(&mut state, Action::Resize { width, height });
    draw(width, height, |frame| ddbx::ui::render(frame, &state))
}

/// [`screen`] with a per-run table name masked (always as long, so nothing else moves) and a
/// server's endpoint shown as `http://127.0.0.1:PORT`.
pub fn masked_screen(
    state: &State,
    endpoint: &str,
    table: &str,
    width: u16,
    height: u16,
) -> String {
    screen(state, width, height)
        .replace(table, &"#".repeat(table.len()))
        .replace(endpoint, "http://127.0.0.1:PORT")
}

/// Whatever `render` draws on a `width`×`height` test terminal, as text.
pub fn draw(width: u16, height: u16, render: impl FnOnce(&mut Frame)) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test terminal");
    terminal.draw(render).expect("draw");
    buffer_text(terminal.backend().buffer())
}

/// The buffer's text, one line per row with trailing spaces trimmed, each ending in `\n`.
pub fn buffer_text(buffer: &Buffer) -> String {
    let area = buffer.area;
    let mut text = String::new();
    for y in area.top()..area.bottom() {
        let mut line = String::new();
        for x in area.left()..area.right() {
            line.push_str(buffer[(x, y)].symbol());
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}

/// The whole app as `state` draws, text first, then every run of cells drawn in a style other
/// than the terminal's default: `row col..col fg bg modifiers "text"`, so a snapshot records the
/// colours and modifiers of each role as well as the words.
pub fn styled_screen(state: &State, width: u16, height: u16) -> String {
    let mut state = state.clone();
    ddbx::app::update::update(&mut state, Action::Resize { width, height });
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test terminal");
    terminal
        .draw(|frame| ddbx::ui::render(frame, &state))
        .expect("draw");
    let buffer = terminal.backend().buffer();
    let mut text = buffer_text(buffer);
    text.push_str("--- styles ---\n");
    text.push_str(&style_runs(buffer));
    text
}

/// Runs of equally styled cells, row by row, leaving out the unstyled ones.
pub fn style_runs(buffer: &Buffer) -> String {
    let area = buffer.area;
    let mut runs = String::new();
    for y in area.top()..area.bottom() {
        let mut x = area.left();
        while x < area.right() {
            let style = cell_style(&buffer[(x, y)]);
            let start = x;
            let mut symbols = String::new();
            while x < area.right() && cell_style(&buffer[(x, y)]) == style {
                symbols.push_str(buffer[(x, y)].symbol());
                x += 1;
            }
            if style != ("-".to_owned(), "-".to_owned(), String::new()) {
                let (fg, bg, modifiers) = &style;
                runs.push_str(&format!(
                    "{y:>2} {start:>3}..{end:<3} fg={fg} bg={bg} {modifiers} {symbols:?}\n",
                    end = x,
                    symbols = symbols.trim_end(),
                ));
            }
        }
    }
    runs
}

fn cell_style(cell: &ratatui::buffer::Cell) -> (String, String, String) {
    use ratatui::style::Color;
    let name = |color: Color| match color {
        Color::Reset => "-".to_owned(),
        other => format!("{other:?}"),
    };
    let modifiers = if cell.modifier.is_empty() {
        String::new()
    } else {
        format!("{:?}", cell.modifier)
    };
    (name(cell.fg), name(cell.bg), modifiers)
}
