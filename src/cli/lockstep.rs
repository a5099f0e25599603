//! Two reads of the same keys on two sides (the same scan segment of two tables, or the same
//! partition's Query) kept within a few pages of each other: a read that runs ahead waits for
//! the other side's before asking for its next page. Two tables of one service return a
//! segment's keys in the same order, so the items of a key arrive on both sides close together
//! and a diff compares them as they come instead of holding one side until the other catches up.
//! A read that ends, by its last page or an error, never holds the other back.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use tokio::sync::Notify;

/// Pages a read may be ahead of the other side's read of the same keys.
const PAGES_AHEAD: u64 = 1;

/// The steps of every pair of reads: one pair per segment (or per Query).
pub struct Lockstep {
    pairs: Vec<Arc<Pair>>,
}

/// How far each side's read of one pair has come.
#[derive(Default)]
struct Pair {
    pages: [AtomicU64; 2],
    ended: [AtomicBool; 2],
    moved: Notify,
}

/// One side's read of one pair, telling the other side how far it has come.
pub struct Step {
    pair: Arc<Pair>,
    side: usize,
}

impl Lockstep {
    /// `reads` pairs of reads, read `n` of each side kept in step with the other side's read `n`.
    #[must_use]
    pub fn new(reads: usize) -> Self {
        Self {
            pairs: (0..reads).map(|_| Arc::new(Pair::default())).collect(),
        }
    }

    /// The step of read `read` of side `side` (0 or 1); `None` past the pairs.
    #[must_use]
    pub fn step(&self, read: usize, side: usize) -> Option<Step> {
        let pair = Arc::clone(self.pairs.get(read)?);
        Some(Step {
            pair,
            side: side.min(1),
        })
    }
}

impl Step {
    /// Waits until the other side's read has come within [`PAGES_AHEAD`] pages of `page` (this
    /// side's next page), or has ended.
    pub async fn wait_turn(&self, page: u64) {
        let other = 1 - self.side;
        loop {
            let moved = self.pair.moved.notified();
            tokio::pin!(moved);
            moved.as_mut().enable();
            let caught_up = self.pair.pages[other].load(Ordering::Acquire) + PAGES_AHEAD >= page;
            if caught_up || self.pair.ended[other].load(Ordering::Acquire) {
                return;
            }
            moved.await;
        }
    }

    /// This side has read one more page.
    pub fn read_page(&self) {
        self.pair.pages[self.side].fetch_add(1, Ordering::AcqRel);
        self.pair.moved.notify_waiters();
    }
}

impl Drop for Step {
    /// However the read ends, the other side no longer waits for it.
    fn drop(&mut self) {
        self.pair.ended[self.side].store(true, Ordering::Release);
        self.pair.moved.notify_waiters();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_read_ahead_waits_for_the_other_side_and_never_for_an_ended_one() {
        let lockstep = Lockstep::new(1);
        let (Some(ahead), Some(behind)) = (lockstep.step(0, 0), lockstep.step(0, 1)) else {
            panic!("one pair");
        };
        for _ in 0..=PAGES_AHEAD {
            ahead.wait_turn(0).await;
            ahead.read_page();
        }
        let waiting = tokio::spawn(async move {
            ahead.wait_turn(PAGES_AHEAD + 1).await;
            ahead
        });
        tokio::task::yield_now().await;
        assert!(!waiting.is_finished(), "three pages ahead waits");
        behind.read_page();
        let ahead = waiting
            .await
            .expect("it goes on once the other side reads a page");
        drop(behind);
        ahead.wait_turn(1000).await;
        assert!(lockstep.step(1, 0).is_none());
    }
}
