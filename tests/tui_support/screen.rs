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
