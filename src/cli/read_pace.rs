//! A cap on the read units per second that concurrent scans consume together (both sides of a
//! diff, every segment of each). A page's cost is known only once it is answered, so each page
//! reserves what the pages so far cost on average (at first, an estimate from the page size)
//! and is sent when the reservations of every page before it and its own fit the budget that
//! has accrued since the start; its answer then replaces the reservation with what it consumed.
//! Consumption by any moment therefore stays within the cap times the time elapsed, up to the
//! error of the estimates still in flight.

use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Read units a page consumes when the server does not say: 4 KB per unit for a strongly
/// consistent read, half for an eventually consistent one (every scan here), rounded up per page.
#[must_use]
pub fn units_of_bytes(bytes: u64) -> f64 {
    bytes.div_ceil(4096) as f64 / 2.0
}

/// What a page consumed: as the server reported it, else as its items' size implies.
#[must_use]
pub fn page_units(page: &crate::backend::Page) -> f64 {
    page.consumed.as_ref().map_or_else(
        || {
            let bytes: usize = page.items.iter().map(crate::domain::value::item_size).sum();
            units_of_bytes(bytes as u64)
        },
        |consumed| consumed.total,
    )
}

pub struct ReadPace {
    per_second: f64,
    started: Instant,
    state: Mutex<PaceState>,
}

struct PaceState {
    /// Units consumed by answered pages plus those reserved by pages in flight.
    committed: f64,
    consumed: f64,
    pages: u64,
    first_estimate: f64,
}

impl ReadPace {
    /// At most `per_second` units a second; a page is expected to cost `first_estimate` until one
    /// has been answered.
    #[must_use]
    pub fn new(per_second: f64, first_estimate: f64) -> Self {
        Self {
            per_second,
            started: Instant::now(),
            state: Mutex::new(PaceState {
                committed: 0.0,
                consumed: 0.0,
                pages: 0,
                first_estimate,
            }),
        }
    }

    /// Waits until the budget covers one more page, and reserves it; returns the reservation,
    /// to hand to [`Self::answered`].
    pub async fn before_page(&self) -> f64 {
        let (reserved, due) = self.reserve();
        tokio::time::sleep_until((self.started + due).into()).await;
        reserved
    }

    /// Reserves one more page: what it is expected to cost, and when (since the start) the
    /// budget covers it and every reservation before it.
    fn reserve(&self) -> (f64, Duration) {
        let mut state = self.lock();
        let reserved = if state.pages == 0 {
            state.first_estimate
        } else {
            state.consumed / state.pages as f64
        };
        state.committed += reserved;
        let due = Duration::from_secs_f64((state.committed / self.per_second).max(0.0));
        (reserved, due)
    }

    /// A page reserved `reserved` units and consumed `consumed`.
    pub fn answered(&self, reserved: f64, consumed: f64) {
        let mut state = self.lock();
        state.committed += consumed - reserved;
        state.consumed += consumed;
        state.pages += 1;
    }

    /// A page that failed consumed nothing the budget must keep.
    pub fn failed(&self, reserved: f64) {
        self.lock().committed -= reserved;
    }

    #[must_use]
    pub const fn per_second(&self) -> f64 {
        self.per_second
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, PaceState> {
        // The state is plain numbers: a panic elsewhere leaves nothing half-updated to fear.
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_round_up_to_whole_four_kilobyte_units_halved() {
        assert!((units_of_bytes(1) - 0.5).abs() < f64::EPSILON);
        assert!((units_of_bytes(4096) - 0.5).abs() < f64::EPSILON);
        assert!((units_of_bytes(4097) - 1.0).abs() < f64::EPSILON);
    }

    #[test]
    fn each_page_is_due_when_the_budget_covers_it_and_answers_correct_the_reservations() {
        let pace = ReadPace::new(10.0, 5.0);
        let (first, due) = pace.reserve();
        assert_eq!(due, Duration::from_millis(500));
        let (second, due) = pace.reserve();
        assert_eq!(
            due,
            Duration::from_secs(1),
            "in flight together: one after the other"
        );
        pace.answered(first, 20.0);
        pace.answered(second, 20.0);
        // 40 units consumed, and 20 reserved (the average so far): due at 6 s.
        let (third, due) = pace.reserve();
        assert!((third - 20.0).abs() < f64::EPSILON);
        assert_eq!(due, Duration::from_secs(6));
        pace.failed(third);
        let (_, due) = pace.reserve();
        assert_eq!(
            due,
            Duration::from_secs(6),
            "a failed page gives its reservation back"
        );
    }
}
