//! DynamoDB's capacity-unit rules, from the Developer Guide pages "Read/write capacity mode",
//! "DynamoDB item sizes and formats" and "Query operations in DynamoDB" (the capacity unit
//! consumption section): a read unit covers 4 KB strongly consistent and twice that eventually
//! consistent; a Query adds the sizes of the items it reads in a page and rounds the sum up to
//! the next 4 KB once, at least one unit; a write unit covers 1 KB of the item written, at least
//! one; a transactional read or write costs twice.

use super::decimal::Exact;

/// Bytes one read unit covers, strongly consistent.
pub const READ_UNIT_BYTES: u64 = 4096;
/// Bytes one write unit covers.
pub const WRITE_UNIT_BYTES: u64 = 1024;

/// Strongly consistent read units of one page (one request) that read `bytes` of items; an
/// eventually consistent page costs half.
#[must_use]
pub const fn page_strong_read_units(bytes: u64) -> u64 {
    let eventual = bytes.div_ceil(READ_UNIT_BYTES);
    if eventual == 0 { 1 } else { eventual }
}

/// The read units of one call made of pages of `page_bytes`, eventually and strongly
/// consistent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadUnits {
    pub eventual: Exact,
    pub strong: Exact,
}

impl ReadUnits {
    #[must_use]
    pub fn of_pages(page_bytes: &[u64]) -> Self {
        let halves: u64 = page_bytes
            .iter()
            .map(|bytes| page_strong_read_units(*bytes))
            .sum();
        Self {
            eventual: Exact::halves(halves),
            strong: Exact::integer(halves),
        }
    }
}

/// Write units of writing an item (or an index entry) of `bytes`.
#[must_use]
pub const fn write_units(bytes: u64) -> u64 {
    let units = bytes.div_ceil(WRITE_UNIT_BYTES);
    if units == 0 { 1 } else { units }
}
