//! While the first request to the server is pending, one line on the normal screen says where
//! ddbx is connecting, for how long so far, and how to give up — instead of a blank terminal
//! that echoes keys for as long as `--timeout`. The alternate screen is entered only once the
//! table is known, so a failure still prints on a normal terminal.

use std::future::Future;
use std::io::{self, Write as _};
use std::time::{Duration, Instant};

use crossterm::cursor::{Hide, Show};
use crossterm::event::{Event, EventStream, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::terminal::{Clear, ClearType, disable_raw_mode, enable_raw_mode};
use crossterm::{execute, queue};
use futures_util::StreamExt as _;

use crate::domain::escape::escape_for_terminal;

/// How often the elapsed time is redrawn.
const TICK: Duration = Duration::from_millis(250);

/// What waiting ended with.
pub enum Waited<T> {
    Answered(T),
    /// The user pressed q, Esc or Ctrl-C.
    Quit,
}

/// Raw mode (so keys are read, not echoed) and a hidden cursor, undone on every exit path.
struct LineGuard;

impl LineGuard {
    fn enter() -> io::Result<Self> {
        enable_raw_mode()?;
        let guard = Self;
        execute!(io::stdout(), Hide)?;
        Ok(guard)
    }
}

impl Drop for LineGuard {
    fn drop(&mut self) {
        let mut stdout = io::stdout();
        let _ = execute!(
            stdout,
            crossterm::cursor::MoveToColumn(0),
            Clear(ClearType::CurrentLine),
            Show
        );
        let _ = disable_raw_mode();
        let _ = stdout.flush();
    }
}

/// The status line: `connecting to http://127.0.0.1:8000 … 3s (q or Ctrl-C to quit)`.
#[must_use]
pub fn status_line(target: &str, elapsed: Duration) -> String {
    format!(
        "ddbx: connecting to {} … {}s (q or Ctrl-C to quit)",
        escape_for_terminal(target),
        elapsed.as_secs()
    )
}

/// Awaits `pending`, showing the status line on the terminal and quitting on q, Esc or Ctrl-C.
pub async fn wait<T>(target: &str, pending: impl Future<Output = T>) -> io::Result<Waited<T>> {
    let guard = LineGuard::enter()?;
    let mut events = EventStream::new();
    let start = Instant::now();
    let mut tick = tokio::time::interval(TICK);
    tokio::pin!(pending);
    let waited = loop {
        draw(&status_line(target, start.elapsed()))?;
        tokio::select! {
            answer = &mut pending => break Waited::Answered(answer),
            _ = tick.tick() => {}
            event = events.next() => match event {
                Some(Ok(Event::Key(key))) if quits(&key) => break Waited::Quit,
                Some(Err(error)) => return Err(error),
                _ => {}
            },
        }
    };
    drop(guard);
    Ok(waited)
}

fn draw(line: &str) -> io::Result<()> {
    let mut stdout = io::stdout();
    queue!(
        stdout,
        crossterm::cursor::MoveToColumn(0),
        Clear(ClearType::CurrentLine)
    )?;
    stdout.write_all(line.as_bytes())?;
    stdout.flush()
}

/// The fixed ways out: the keymap is not in force before the UI starts.
fn quits(key: &KeyEvent) -> bool {
    key.kind == KeyEventKind::Press
        && match key.code {
            KeyCode::Char('q') | KeyCode::Esc => true,
            KeyCode::Char('c') => key.modifiers.contains(KeyModifiers::CONTROL),
            _ => false,
        }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_status_line_names_the_target_escaped_with_the_elapsed_seconds() {
        assert_eq!(
            status_line(
                "http://127.0.0.1:9\u{1b}]0;x\u{7}",
                Duration::from_millis(3400)
            ),
            "ddbx: connecting to http://127.0.0.1:9\\x1b]0;x\\x07 … 3s (q or Ctrl-C to quit)"
        );
    }

    #[test]
    fn q_escape_and_control_c_quit_and_other_keys_do_not() {
        let press = |code, modifiers| KeyEvent::new(code, modifiers);
        assert!(quits(&press(KeyCode::Char('q'), KeyModifiers::NONE)));
        assert!(quits(&press(KeyCode::Esc, KeyModifiers::NONE)));
        assert!(quits(&press(KeyCode::Char('c'), KeyModifiers::CONTROL)));
        assert!(!quits(&press(KeyCode::Char('c'), KeyModifiers::NONE)));
        assert!(!quits(&press(KeyCode::Enter, KeyModifiers::NONE)));
    }
}
