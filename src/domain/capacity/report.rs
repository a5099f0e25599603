//! The figures of one capacity report: each pattern's calls as run (pages, items, bytes, the
//! read units computed from the items and those the service reported), each entity's writes,
//! and the monthly plans at the rates asked for.

use super::decimal::Exact;
use super::plan::{Direction, MonthlyPlan, monthly};
use super::prices::Prices;
use super::units::ReadUnits;
use super::writes::EntityWrites;

/// One page of a call: what it returned and what the service said it cost.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PageRead {
    pub items: u64,
    /// Items read before the filter (`ScannedCount`).
    pub scanned: u64,
    /// The returned items' sizes, summed.
    pub bytes: u64,
    /// `ConsumedCapacity.CapacityUnits`; `None` when the server did not report it.
    pub consumed: Option<f64>,
}

/// One call of a pattern: a Query read to its end.
#[derive(Clone, Debug, PartialEq)]
pub struct CallFigures {
    /// The parameter values (or the history query) that made the call, for people.
    pub label: String,
    pub pages: Vec<PageRead>,
    /// Whether it was sent strongly consistent.
    pub consistent: bool,
    /// False when it was cut short after its first pages (a very large partition).
    pub complete: bool,
    /// For a call with a filter or a projection: the bytes of each page of the same call read
    /// again without them, which is what the service charges for (`sizing`).
    pub read_bytes: Option<Vec<u64>>,
}

impl CallFigures {
    #[must_use]
    pub fn items(&self) -> u64 {
        self.pages.iter().map(|page| page.items).sum()
    }

    #[must_use]
    pub fn scanned(&self) -> u64 {
        self.pages.iter().map(|page| page.scanned).sum()
    }

    #[must_use]
    pub fn bytes(&self) -> u64 {
        self.pages.iter().map(|page| page.bytes).sum()
    }

    /// The read units of this call by the rules: from the items its key condition read (the
    /// sizing read), else from the items it returned, which are then the same.
    #[must_use]
    pub fn computed(&self) -> ReadUnits {
        match &self.read_bytes {
            Some(bytes) => ReadUnits::of_pages(bytes),
            None => {
                let bytes: Vec<u64> = self.pages.iter().map(|page| page.bytes).collect();
                ReadUnits::of_pages(&bytes)
            }
        }
    }

    /// The units the service reported over every page; `None` when a page had none.
    #[must_use]
    pub fn measured(&self) -> Option<f64> {
        self.pages.iter().map(|page| page.consumed).sum()
    }
}

/// One access pattern (or history shape) and its calls.
#[derive(Clone, Debug, PartialEq)]
pub struct PatternFigures {
    pub name: String,
    pub index: Option<String>,
    /// False on a global secondary index, which serves only eventually consistent reads.
    pub strong_allowed: bool,
    /// The key condition sent, for people.
    pub key_condition: String,
    pub calls: Vec<CallFigures>,
    /// Why no call ran (no item in the sample fits the pattern, or the pattern does not fit
    /// the table).
    pub skipped: Option<String>,
}

impl PatternFigures {
    /// The call with the most computed read units: the plan is made for it.
    #[must_use]
    pub fn costliest(&self) -> Option<&CallFigures> {
        self.calls
            .iter()
            .max_by_key(|call| (call.computed().strong.ceil(), call.bytes()))
    }

    /// The month of `reads_per_second` calls like the costliest, eventually consistent.
    #[must_use]
    pub fn monthly(&self, reads_per_second: Exact, prices: &Prices) -> Option<MonthlyPlan> {
        let units = self.costliest()?.computed().eventual;
        monthly(reads_per_second, units, Direction::Read, prices)
    }

    /// Whether some call read items its filter then dropped (its units are then sized from a
    /// read without the filter).
    #[must_use]
    pub fn filtered(&self) -> bool {
        self.calls.iter().any(|call| call.scanned() > call.items())
    }

    /// Whether some call's units were sized by reading it again without its filter or
    /// projection.
    #[must_use]
    pub fn sized_again(&self) -> bool {
        self.calls.iter().any(|call| call.read_bytes.is_some())
    }
}

/// Where the patterns came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PatternSource {
    Model,
    History,
}

/// A whole capacity report.
#[derive(Clone, Debug, PartialEq)]
pub struct CapacityReport {
    pub table: String,
    pub source: PatternSource,
    pub patterns: Vec<PatternFigures>,
    pub writes: Vec<EntityWrites>,
    /// Items read by the sample scan, and whether it read the whole table.
    pub sampled_items: u64,
    pub sample_complete: bool,
    /// Read units the sample scan itself consumed, as reported.
    pub sample_consumed: f64,
}

impl EntityWrites {
    /// The month of `writes_per_second` writes like the median one.
    #[must_use]
    pub fn monthly(&self, writes_per_second: Exact, prices: &Prices) -> Option<MonthlyPlan> {
        let units = Exact::integer(self.median.total());
        monthly(writes_per_second, units, Direction::Write, prices)
    }
}
