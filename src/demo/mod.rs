//! `ddbx --demo`: a deterministic single-table database (`SingleTableApp`) with users, orders,
//! line items, groups (adjacency list with an inverted GSI), stores with hierarchical sort keys,
//! a sparse review GSI, accounts with a version attribute, TTL'd sessions and a few oddly typed
//! and large items, so every screen has something real to show.
//!
//! Entry point: [`generate`]`(seed, size)`; the same seed and size always give the same table.

mod entities;
mod odd;
mod rng;
mod schema;
mod time;

use crate::domain::schema::TableDescription;
use crate::domain::value::Item;

pub use schema::{TABLE_NAME, description};

/// Default number of items of `--demo`.
pub const DEFAULT_SIZE: usize = 5_000;
/// Default `--seed`.
pub const DEFAULT_SEED: u64 = 1;

/// Generates the demo table: its description and exactly `size` items (the fixed odd items first,
/// then whole entity groups; the last group may be cut short).
#[must_use]
pub fn generate(seed: u64, size: usize) -> (TableDescription, Vec<Item>) {
    let mut rng = rng::Rng::new(seed);
    let mut items = odd::items();
    items.truncate(size);
    let mut generator = entities::Generator::new(size);
    while items.len() < size {
        generator.next_group(&mut rng, &mut items);
    }
    items.truncate(size);
    (description(), items)
}

#[cfg(test)]
mod tests;
