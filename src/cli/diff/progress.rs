//! Progress of a diff's reads on stderr: the items each side has read, items per second, the
//! read units the server reported consuming, and an ETA when DescribeTable counted the items.
//! Shown when stderr is a terminal (one line, redrawn; as `bulk`, `import` and `copy` show their
//! writes), or on request with `--progress` (a line a second, for a log); never otherwise, so a
//! pipe or a test reads only the report and the closing notes.

use std::io::{IsTerminal as _, Write as _};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::domain::escape::escape_for_terminal;

/// How often the line is redrawn on a terminal, and written to a log.
const ON_TERMINAL: Duration = Duration::from_millis(200);
const IN_A_LOG: Duration = Duration::from_secs(1);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    Source,
    Target,
}

pub struct ReadProgress {
    /// `None`: not shown.
    every: Option<Duration>,
    on_terminal: bool,
    started: Instant,
    /// Items both sides hold, as described.
    expected: Option<u64>,
    state: Mutex<Counts>,
}

#[derive(Default)]
struct Counts {
    source: u64,
    target: u64,
    units: f64,
    last_shown: Option<Instant>,
}

impl ReadProgress {
    /// Progress of reads expected to find `expected` items in all; shown on a terminal's stderr,
    /// or anywhere when `requested`.
    #[must_use]
    pub fn new(requested: bool, expected: Option<u64>) -> Self {
        let on_terminal = std::io::stderr().is_terminal();
        let every = if on_terminal {
            Some(ON_TERMINAL)
        } else {
            requested.then_some(IN_A_LOG)
        };
        Self {
            every,
            on_terminal,
            started: Instant::now(),
            expected,
            state: Mutex::new(Counts::default()),
        }
    }

    /// One page of `items` read on `side`, which consumed `units` (0 when not reported).
    pub fn page(&self, side: Which, items: u64, units: f64) {
        let Some(every) = self.every else {
            return;
        };
        let mut counts = self
            .state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        match side {
            Which::Source => counts.source += items,
            Which::Target => counts.target += items,
        }
        counts.units += units;
        if counts.last_shown.is_none_or(|at| at.elapsed() >= every) {
            counts.last_shown = Some(Instant::now());
            self.show(&counts, false);
        }
    }

    /// The last line, once both sides are read.
    pub fn done(&self) {
        if self.every.is_some() {
            let counts = self
                .state
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            self.show(&counts, true);
        }
    }

    fn show(&self, counts: &Counts, last: bool) {
        let line = self.line(counts);
        let line = escape_for_terminal(&line);
        let mut err = std::io::stderr().lock();
        let _ = if self.on_terminal {
            write!(err, "\r\x1b[2K{line}{}", if last { "\n" } else { "" })
        } else {
            writeln!(err, "{line}")
        };
        let _ = err.flush();
    }

    fn line(&self, counts: &Counts) -> String {
        let read = counts.source + counts.target;
        let seconds = self.started.elapsed().as_secs_f64().max(0.001);
        let per_second = read as f64 / seconds;
        let mut line = format!(
            "diff: read {} + {} items · {per_second:.0} items/s",
            counts.source, counts.target
        );
        if counts.units > 0.0 {
            line.push_str(&format!(" · {:.1} read units", counts.units));
        }
        if let Some(expected) = self.expected.filter(|_| per_second > 0.0) {
            let left = expected.saturating_sub(read) as f64 / per_second;
            line.push_str(&format!(" · ETA {left:.0}s (of about {expected} items)"));
        }
        line
    }
}
