//! The loop: terminal events and worker results become actions, `update` turns actions into
//! commands for the worker, and the screen is redrawn once everything ready has been applied.
//! Generic over ratatui's backend and over the event source, so the whole app runs under
//! `TestBackend` with scripted key events.

use std::io;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use crossterm::event::{Event, KeyEventKind};
use futures_util::{Stream, StreamExt as _};
use ratatui::Terminal;
use tokio::sync::mpsc::UnboundedReceiver;

use crate::app::action::{Action, Clock};
use crate::app::command::Command;
use crate::app::state::State;
use crate::app::update::{start, update};
use crate::keymap::section::TextEntry;
use crate::keymap::{Key, Lookup, Section};
use crate::worker::{Flow, Worker};

/// Spinner and progress refresh while something is in flight.
const TICK: Duration = Duration::from_millis(100);
/// At most one frame per this interval while results stream in.
const FRAME: Duration = Duration::from_millis(16);

/// Turns key presses into actions through the keymap, holding the keys of an unfinished chord.
#[derive(Default)]
pub struct KeyRouter {
    pending: Vec<Key>,
}

impl KeyRouter {
    /// The action for one terminal event in the current state, if any.
    pub fn route(&mut self, state: &State, event: &Event) -> Option<Action> {
        match event {
            Event::Key(key) if key.kind != KeyEventKind::Release => {
                self.key(state, Key::from_event(*key))
            }
            Event::Paste(text)
                if matches!(
                    state.section().text_entry(),
                    TextEntry::TypedAndPasted | TextEntry::Editor
                ) =>
            {
                Some(Action::Paste(text.clone()))
            }
            Event::Resize(width, height) => Some(Action::Resize {
                width: *width,
                height: *height,
            }),
            _ => None,
        }
    }

    fn key(&mut self, state: &State, key: Key) -> Option<Action> {
        let section = state.section();
        self.pending.push(key);
        match state.keymap.lookup(section, &self.pending) {
            Lookup::Action(action) => {
                self.pending.clear();
                Some(action)
            }
            Lookup::Pending => None,
            Lookup::Unbound if self.pending.len() > 1 => {
                // An abandoned chord: the new key counts on its own.
                self.pending.clear();
                self.key(state, key)
            }
            Lookup::Unbound => {
                self.pending.clear();
                // In the item editor, every key no binding claims is text editing.
                if section.text_entry() == TextEntry::Editor {
                    return Some(Action::EditorKey(key));
                }
                typed_char(section, key).map(Action::Input).or_else(|| {
                    let elsewhere = !state.keymap.elsewhere(section, &[key]).is_empty();
                    elsewhere.then_some(Action::KeyElsewhere(key))
                })
            }
        }
    }
}

/// In text entry, an unbound printable key is typed.
fn typed_char(section: Section, key: Key) -> Option<char> {
    use crossterm::event::{KeyCode, KeyModifiers};
    let types = matches!(
        section.text_entry(),
        TextEntry::Typed | TextEntry::TypedAndPasted
    );
    match key.code {
        KeyCode::Char(c)
            if types
                && !key
                    .modifiers
                    .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) =>
        {
            Some(c)
        }
        _ => None,
    }
}

fn clock(started: Instant) -> Clock {
    let unix_seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| {
            i64::try_from(since.as_secs()).unwrap_or(i64::MAX)
        });
    Clock {
        uptime: started.elapsed(),
        unix_seconds,
    }
}

/// Hands the terminal to another program (the user's `$EDITOR`) and takes it back.
pub trait Handover<E> {
    /// Runs `$EDITOR` on `text` and returns the edited text. The key reader `events` is given
    /// up first (it would otherwise read the editor's keystrokes) and a new one returned.
    fn external_editor(&mut self, events: E, text: &str) -> (E, Result<String, String>);
}

/// No terminal to hand over (tests, scripted events): `$EDITOR` is reported unavailable.
pub struct NoHandover;

impl<E> Handover<E> for NoHandover {
    fn external_editor(&mut self, events: E, _text: &str) -> (E, Result<String, String>) {
        (
            events,
            Err("no terminal to hand to $EDITOR here".to_owned()),
        )
    }
}

/// Runs the app until it quits or the event stream ends; returns the final state.
pub async fn run<B, E>(
    terminal: &mut Terminal<B>,
    state: State,
    worker: Worker,
    results: UnboundedReceiver<Action>,
    events: E,
) -> io::Result<State>
where
    B: ratatui::backend::Backend,
    B::Error: std::error::Error + Send + Sync + 'static,
    E: Stream<Item = io::Result<Event>> + Unpin,
{
    run_with_handover(terminal, state, worker, results, events, &mut NoHandover).await
}

/// Starts `command`, except the one the loop itself must carry out (`$EDITOR` needs the
/// terminal): that one is kept in `handover` for after this batch.
fn dispatch(worker: &mut Worker, command: Command, handover: &mut Option<String>) -> Flow {
    match command {
        Command::ExternalEditor { text } => {
            *handover = Some(text);
            Flow::Continue
        }
        other => worker.run(other),
    }
}

/// Applies `action` and starts the commands it causes; `Flow::Quit` when one of them quits.
fn apply(
    state: &mut State,
    worker: &mut Worker,
    action: Action,
    handover: &mut Option<String>,
) -> Flow {
    let mut flow = Flow::Continue;
    for command in update(state, action) {
        if dispatch(worker, command, handover) == Flow::Quit {
            flow = Flow::Quit;
        }
    }
    flow
}

/// Brings the state to the clock and the terminal's size and starts the app's first reads.
fn start_up(
    state: &mut State,
    worker: &mut Worker,
    started: Instant,
    size: ratatui::layout::Size,
) -> Flow {
    for action in [
        Action::Tick(clock(started)),
        Action::Resize {
            width: size.width,
            height: size.height,
        },
    ] {
        update(state, action);
    }
    let mut flow = Flow::Continue;
    for command in start(state) {
        flow = worker.run(command);
    }
    flow
}

/// [`run`], with a way to hand the terminal to `$EDITOR`.
pub async fn run_with_handover<B, E, H>(
    terminal: &mut Terminal<B>,
    mut state: State,
    mut worker: Worker,
    mut results: UnboundedReceiver<Action>,
    mut events: E,
    handover: &mut H,
) -> io::Result<State>
where
    B: ratatui::backend::Backend,
    B::Error: std::error::Error + Send + Sync + 'static,
    E: Stream<Item = io::Result<Event>> + Unpin,
    H: Handover<E>,
{
    let mut external: Option<String> = None;
    let started = Instant::now();
    let mut router = KeyRouter::default();
    let mut ticker = tokio::time::interval(TICK);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let mut terminate = Terminate::new();
    let size = terminal.size().map_err(io::Error::other)?;
    let mut flow = start_up(&mut state, &mut worker, started, size);
    terminal
        .draw(|frame| crate::ui::render(frame, &state))
        .map_err(io::Error::other)?;
    let mut last_draw = Instant::now();
    while flow == Flow::Continue {
        let mut ready: Vec<Action> = Vec::new();
        tokio::select! {
            event = events.next() => match event {
                Some(Ok(event)) => {
                    // Ticks come only while something is in flight, so an idle app's clock may
                    // be old; a key can decide by the time ("15m" back from now), so the clock
                    // is brought up to date first.
                    if !state.is_busy() {
                        ready.push(Action::Tick(clock(started)));
                    }
                    ready.extend(router.route(&state, &event));
                }
                Some(Err(error)) => return Err(error),
                None => break,
            },
            Some(action) = results.recv() => ready.push(action),
            _ = ticker.tick(), if state.is_busy() => ready.push(Action::Tick(clock(started))),
            () = terminate.wait() => ready.push(Action::Quit),
        }
        // Drain everything already waiting so one frame shows all of it.
        while let Ok(action) = results.try_recv() {
            ready.push(action);
        }
        let mut handled = ready.len();
        for action in ready {
            if apply(&mut state, &mut worker, action, &mut external) == Flow::Quit {
                flow = Flow::Quit;
            }
        }
        // Drain key events that are already waiting too. Polled inside `select!` (never with
        // `now_or_never`): crossterm's EventStream keeps the waker of the poll that found it empty,
        // so a poll with a throwaway waker would leave the loop deaf to the next key.
        while flow == Flow::Continue {
            let event = tokio::select! {
                biased;
                event = events.next() => event,
                () = std::future::ready(()) => None,
            };
            let Some(event) = event else { break };
            let event = event?;
            if let Some(action) = router.route(&state, &event) {
                handled += 1;
                flow = apply(&mut state, &mut worker, action, &mut external);
            }
        }
        if flow == Flow::Quit || state.quitting {
            break;
        }
        if let Some(text) = external.take() {
            let (resumed, result) = handover.external_editor(events, &text);
            events = resumed;
            let edited = Action::ExternalEdited(result);
            if apply(&mut state, &mut worker, edited, &mut external) == Flow::Quit {
                flow = Flow::Quit;
            }
            // The other program drew over the screen, which the handover cleared. A blank frame
            // first makes the next one write every cell (ratatui's `clear` would ask the
            // terminal for the cursor position, which not every terminal answers).
            terminal
                .draw(|frame| frame.render_widget(ratatui::widgets::Clear, frame.area()))
                .map_err(io::Error::other)?;
            handled += 1;
        }
        if handled > 0 && (!state.is_busy() || last_draw.elapsed() >= FRAME) {
            terminal
                .draw(|frame| crate::ui::render(frame, &state))
                .map_err(io::Error::other)?;
            last_draw = Instant::now();
        }
    }
    Ok(state)
}

/// SIGTERM and SIGINT (sent by another process; Ctrl-C typed in raw mode arrives as a key).
struct Terminate {
    #[cfg(unix)]
    term: Option<tokio::signal::unix::Signal>,
    #[cfg(unix)]
    int: Option<tokio::signal::unix::Signal>,
}

impl Terminate {
    fn new() -> Self {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{SignalKind, signal};
            Self {
                term: signal(SignalKind::terminate()).ok(),
                int: signal(SignalKind::interrupt()).ok(),
            }
        }
        #[cfg(not(unix))]
        {
            Self {}
        }
    }

    async fn wait(&mut self) {
        #[cfg(unix)]
        {
            let term = async {
                match &mut self.term {
                    Some(signal) => signal.recv().await,
                    None => std::future::pending().await,
                }
            };
            let int = async {
                match &mut self.int {
                    Some(signal) => signal.recv().await,
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                _ = term => {},
                _ = int => {},
            }
        }
        #[cfg(not(unix))]
        std::future::pending::<()>().await;
    }
}
