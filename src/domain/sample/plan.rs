//! Which segments a sample reads, in which order, and when its budget stops it.
//!
//! A segment of a parallel Scan is a slice of the partition-key hash space, so its first page is
//! a run of partitions drawn at random from the whole table. Segments are read in bit-reversed
//! order, so whatever prefix of the order the budget allows is spread evenly over the hash space.

use std::time::Duration;

/// What the user allows a sample to spend. Pages are never exceeded; read units and seconds stop
/// the issuing of new pages (see [`SamplePlan::next_segment`] for how close they are kept).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SampleBudget {
    /// Pages to read at most (one page per segment).
    pub pages: u64,
    /// Read units the pages may consume.
    pub read_units: Option<f64>,
    /// Time the sample may take.
    pub seconds: Option<f64>,
}

/// Why a sample stopped issuing pages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SampleStop {
    /// Every planned segment was read.
    Segments,
    Pages,
    ReadUnits,
    Seconds,
}

impl SampleStop {
    #[must_use]
    pub fn text(self) -> &'static str {
        match self {
            Self::Segments => "every planned segment answered",
            Self::Pages => "the page budget is spent",
            Self::ReadUnits => "the read-unit budget is spent",
            Self::Seconds => "the time budget is spent",
        }
    }
}

/// A sample in progress: the order of its segments and what it has spent.
#[derive(Clone, Debug, PartialEq)]
pub struct SamplePlan {
    /// The number of segments the hash space is split into.
    pub total_segments: u32,
    pub budget: SampleBudget,
    order: Vec<u32>,
    /// Pages requested so far (the first `issued` entries of the order).
    pub issued: u64,
    pub answered: u64,
    /// Answered segments whose first page was their last: those slices were read whole.
    pub exhausted: u64,
    pub read_units: f64,
    /// The dearest page seen, the guess for what the next one will cost.
    largest_page: f64,
}

/// Pages a sample keeps in flight at once.
pub const PAGES_IN_FLIGHT: u64 = 8;

impl SamplePlan {
    #[must_use]
    pub fn new(total_segments: u32, budget: SampleBudget) -> Self {
        let total_segments = total_segments.max(1);
        Self {
            total_segments,
            budget,
            order: spread_order(total_segments),
            issued: 0,
            answered: 0,
            exhausted: 0,
            read_units: 0.0,
            largest_page: 0.0,
        }
    }

    /// The pages the sample will read at most: the page budget or the segment count.
    #[must_use]
    pub fn planned_pages(&self) -> u64 {
        self.budget.pages.min(u64::from(self.total_segments))
    }

    #[must_use]
    pub fn in_flight(&self) -> u64 {
        self.issued - self.answered
    }

    /// The next segment to request, or why none may be. With a read-unit budget a page is issued
    /// only while what was spent plus every page in flight and this one, each priced at the
    /// dearest page seen so far, fits the budget; before any page has answered one page goes out
    /// alone. So the budget is exceeded only by pages dearer than every earlier one.
    ///
    /// # Errors
    /// Why the sample may not issue a page now. `ReadUnits` can change once pages in flight
    /// answer; the others are final.
    pub fn next_segment(&mut self, elapsed: Duration) -> Result<u32, SampleStop> {
        let segment = self.peek(elapsed)?;
        self.issued += 1;
        Ok(segment)
    }

    fn peek(&self, elapsed: Duration) -> Result<u32, SampleStop> {
        let Some(&segment) = self
            .order
            .get(usize::try_from(self.issued).unwrap_or(usize::MAX))
        else {
            return Err(SampleStop::Segments);
        };
        if self.issued >= self.budget.pages {
            return Err(SampleStop::Pages);
        }
        if self
            .budget
            .seconds
            .is_some_and(|limit| elapsed.as_secs_f64() >= limit)
        {
            return Err(SampleStop::Seconds);
        }
        if let Some(limit) = self.budget.read_units {
            let price = if self.answered == 0 {
                if self.in_flight() > 0 {
                    return Err(SampleStop::ReadUnits);
                }
                0.0
            } else {
                self.largest_page
            };
            let committed = self.read_units + price * (self.in_flight() + 1) as f64;
            if self.read_units >= limit || committed > limit {
                return Err(SampleStop::ReadUnits);
            }
        }
        Ok(segment)
    }

    /// A page answered, costing `read_units`; `last` when its segment has no more pages.
    pub fn answered(&mut self, read_units: f64, last: bool) {
        self.answered += 1;
        self.read_units += read_units;
        self.largest_page = self.largest_page.max(read_units);
        if last {
            self.exhausted += 1;
        }
    }

    /// True when nothing is in flight and no page may be issued any more.
    #[must_use]
    pub fn finished(&self, elapsed: Duration) -> bool {
        self.in_flight() == 0 && self.peek(elapsed).is_err()
    }

    /// Why the sample stopped (or would stop now).
    #[must_use]
    pub fn stopped_by(&self, elapsed: Duration) -> Option<SampleStop> {
        self.peek(elapsed).err()
    }

    /// The budget as a sentence, shown before the sample starts.
    #[must_use]
    pub fn budget_text(&self) -> String {
        let mut text = format!(
            "the first page of {} of {} segments",
            crate::domain::figures::count(self.planned_pages()),
            crate::domain::figures::count(u64::from(self.total_segments)),
        );
        if let Some(units) = self.budget.read_units {
            text.push_str(&format!(", at most {units} read units"));
        }
        if let Some(seconds) = self.budget.seconds {
            text.push_str(&format!(", at most {seconds} s"));
        }
        text
    }
}

/// `0..total` in bit-reversed order (numbers past `total` skipped): each prefix of the order
/// spreads over the range, so a sample cut short by its budget still covers the whole table.
#[must_use]
pub fn spread_order(total: u32) -> Vec<u32> {
    let bits = u32::BITS - total.saturating_sub(1).leading_zeros();
    let span = 1_u64 << bits;
    (0..span)
        .map(|index| {
            let index = u32::try_from(index).unwrap_or(u32::MAX);
            if bits == 0 {
                0
            } else {
                index.reverse_bits() >> (u32::BITS - bits)
            }
        })
        .filter(|&segment| segment < total)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn budget(pages: u64) -> SampleBudget {
        SampleBudget {
            pages,
            read_units: None,
            seconds: None,
        }
    }

    #[test]
    fn the_spread_order_is_a_permutation_whose_prefixes_cover_the_range() {
        for total in [1, 2, 3, 7, 100, 1000] {
            let order = spread_order(total);
            let mut sorted = order.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..total).collect::<Vec<_>>(), "{total}");
        }
        let order = spread_order(100);
        let first_four: Vec<u32> = order[..4].to_vec();
        assert_eq!(first_four, vec![0, 64, 32, 96]);
        // Any ten segments of the order fall into at least eight of ten tenths of the range.
        let tenths: std::collections::BTreeSet<u32> = order[..10].iter().map(|s| s / 10).collect();
        assert!(tenths.len() >= 8, "{tenths:?}");
    }

    #[test]
    fn the_page_budget_stops_issuing_at_exactly_that_many_pages() {
        let mut plan = SamplePlan::new(100, budget(30));
        let issued: Vec<u32> =
            std::iter::from_fn(|| plan.next_segment(Duration::ZERO).ok()).collect();
        assert_eq!(issued.len(), 30);
        assert_eq!(plan.stopped_by(Duration::ZERO), Some(SampleStop::Pages));
    }

    #[test]
    fn a_sample_with_a_larger_budget_than_segments_reads_each_segment_once() {
        let mut plan = SamplePlan::new(5, budget(50));
        let issued: Vec<u32> =
            std::iter::from_fn(|| plan.next_segment(Duration::ZERO).ok()).collect();
        assert_eq!(issued.len(), 5);
        assert_eq!(plan.planned_pages(), 5);
        assert_eq!(plan.stopped_by(Duration::ZERO), Some(SampleStop::Segments));
    }

    #[test]
    fn the_read_unit_budget_prices_pages_in_flight_at_the_dearest_page_seen() {
        let mut plan = SamplePlan::new(
            100,
            SampleBudget {
                read_units: Some(10.0),
                ..budget(100)
            },
        );
        assert!(plan.next_segment(Duration::ZERO).is_ok());
        // Until the first page answers its price is unknown: nothing else goes out.
        assert_eq!(
            plan.next_segment(Duration::ZERO),
            Err(SampleStop::ReadUnits)
        );
        plan.answered(3.0, false);
        // 3 spent; two more pages at 3 each fit (9), a third would not (12).
        assert!(plan.next_segment(Duration::ZERO).is_ok());
        assert!(plan.next_segment(Duration::ZERO).is_ok());
        assert_eq!(
            plan.next_segment(Duration::ZERO),
            Err(SampleStop::ReadUnits)
        );
        plan.answered(3.0, false);
        plan.answered(3.0, false);
        assert_eq!(
            plan.next_segment(Duration::ZERO),
            Err(SampleStop::ReadUnits)
        );
        assert!(plan.finished(Duration::ZERO));
        assert!(plan.read_units <= 10.0);
    }

    #[test]
    fn the_time_budget_stops_issuing_once_it_has_passed() {
        let mut plan = SamplePlan::new(
            100,
            SampleBudget {
                seconds: Some(2.0),
                ..budget(100)
            },
        );
        assert!(plan.next_segment(Duration::from_secs(1)).is_ok());
        assert_eq!(
            plan.next_segment(Duration::from_secs(2)),
            Err(SampleStop::Seconds)
        );
        assert!(
            !plan.finished(Duration::from_secs(2)),
            "a page is in flight"
        );
        plan.answered(1.0, true);
        assert!(plan.finished(Duration::from_secs(2)));
        assert_eq!(plan.exhausted, 1);
    }
}
