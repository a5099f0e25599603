//! Running totals of a read and the one-line summary printed to stderr.

use std::fmt;

use crate::backend::Page;

/// Totals over every page of a query or scan (all segments together).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReadTotals {
    /// Items written to stdout (after `--max-items`).
    pub printed: u64,
    /// Sum of the pages' Count (items after the filter).
    pub count: u64,
    /// Sum of the pages' ScannedCount (items read before the filter).
    pub scanned_count: u64,
    pub pages: u64,
    /// Read capacity units; `None` when no page reported any.
    pub capacity_units: Option<f64>,
}

impl ReadTotals {
    /// Adds a page's counters (not its printed items, which `--max-items` may cut).
    pub fn add_page(&mut self, page: &Page) {
        self.count += page.count;
        self.scanned_count += page.scanned_count;
        self.pages += 1;
        if let Some(consumed) = &page.consumed {
            *self.capacity_units.get_or_insert(0.0) += consumed.total;
        }
    }
}

impl fmt::Display for ReadTotals {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "items: {}, Count: {}, ScannedCount: {}, pages: {}, consumed: ",
            self.printed, self.count, self.scanned_count, self.pages
        )?;
        match self.capacity_units {
            Some(units) => write!(f, "{units} RCU"),
            None => f.write_str("not reported"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::ConsumedCapacity;

    #[test]
    fn totals_add_up_counts_pages_and_capacity() {
        let mut totals = ReadTotals::default();
        let page = |count, scanned, units: Option<f64>| Page {
            count,
            scanned_count: scanned,
            consumed: units.map(|total| ConsumedCapacity {
                total,
                ..ConsumedCapacity::default()
            }),
            ..Page::default()
        };
        totals.add_page(&page(2, 5, Some(0.5)));
        totals.add_page(&page(1, 3, Some(1.0)));
        totals.add_page(&page(0, 0, None));
        totals.printed = 3;
        assert_eq!(
            totals.to_string(),
            "items: 3, Count: 3, ScannedCount: 8, pages: 3, consumed: 1.5 RCU"
        );
    }

    #[test]
    fn unreported_capacity_is_said_plainly() {
        let totals = ReadTotals::default();
        assert_eq!(
            totals.to_string(),
            "items: 0, Count: 0, ScannedCount: 0, pages: 0, consumed: not reported"
        );
    }
}
