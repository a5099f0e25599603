//! How far a table being loaded into the embedded engine has come, shared between the thread
//! that loads it and the terminal UI that shows it: plain atomics, so the loader never waits for
//! the screen and the screen never waits for the loader.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::figures::count;

/// Items loaded so far, out of how many when that is known up front (the demo knows; a file is
/// only known once read), and the notices the load leaves for the user.
#[derive(Debug, Default)]
pub struct LoadProgress {
    loaded: AtomicU64,
    /// Zero while unknown.
    total: AtomicU64,
    finished: AtomicBool,
    notices: Mutex<Vec<String>>,
}

impl LoadProgress {
    /// A load of `total` items, when that is known.
    #[must_use]
    pub fn new(total: Option<u64>) -> Self {
        Self {
            total: AtomicU64::new(total.unwrap_or(0)),
            ..Self::default()
        }
    }

    /// Records that `loaded` items are in so far.
    pub fn set_loaded(&self, loaded: u64) {
        self.loaded.store(loaded, Ordering::Relaxed);
    }

    /// Leaves notices for the user (skipped lines, an inferred schema), shown once loaded.
    pub fn leave_notices(&self, notices: Vec<String>) {
        if let Ok(mut kept) = self.notices.lock() {
            kept.extend(notices);
        }
    }

    /// Records the end of the load, successful or not.
    pub fn finish(&self) {
        self.finished.store(true, Ordering::Release);
    }

    #[must_use]
    pub fn loaded(&self) -> u64 {
        self.loaded.load(Ordering::Relaxed)
    }

    #[must_use]
    pub fn total(&self) -> Option<u64> {
        Some(self.total.load(Ordering::Relaxed)).filter(|total| *total > 0)
    }

    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.finished.load(Ordering::Acquire)
    }

    /// The notices of a finished load, handed over once.
    pub fn take_notices(&self) -> Vec<String> {
        self.notices
            .lock()
            .map(|mut kept| std::mem::take(&mut *kept))
            .unwrap_or_default()
    }

    /// `loading 340,000 of 1,000,000 items` (or `loading 340,000 items` without a total).
    #[must_use]
    pub fn line(&self) -> String {
        let loaded = self.loaded();
        match self.total() {
            Some(total) => format!("loading {} of {} items", count(loaded), count(total)),
            None => format!("loading {} items", count(loaded)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_counts_with_and_without_a_known_total() {
        let demo = LoadProgress::new(Some(1_000_000));
        demo.set_loaded(340_000);
        assert_eq!(demo.line(), "loading 340,000 of 1,000,000 items");
        let file = LoadProgress::new(None);
        file.set_loaded(1_234);
        assert_eq!(file.line(), "loading 1,234 items");
    }

    #[test]
    fn notices_are_handed_over_once_after_the_load_finishes() {
        let progress = LoadProgress::new(None);
        assert!(!progress.is_finished());
        progress.leave_notices(vec!["2 warnings".to_owned()]);
        progress.finish();
        assert!(progress.is_finished());
        assert_eq!(progress.take_notices(), vec!["2 warnings".to_owned()]);
        assert!(progress.take_notices().is_empty());
    }
}
