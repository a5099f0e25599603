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
mod text;
mod time;

use crate::domain::schema::TableDescription;
use crate::domain::value::Item;

pub use schema::{TABLE_NAME, description};

/// The demo's model file: its access patterns, for the palette.
pub const MODEL: &str = include_str!("model.toml");

/// The demo's model, parsed (it is part of the program, and a test parses it).
#[must_use]
pub fn model() -> crate::domain::model::Model {
    let mut model =
        crate::domain::model::Model::parse(MODEL, "demo/model.toml").unwrap_or_default();
    model.origin = Some("the demo's model".to_owned());
    model
}

/// Default number of items of `--demo`.
pub const DEFAULT_SIZE: usize = 5_000;
/// Default `--seed`.
pub const DEFAULT_SEED: u64 = 1;

/// Generates the demo table: its description and exactly `size` items (the fixed odd items first,
/// then whole entity groups; the last group may be cut short).
#[must_use]
pub fn generate(seed: u64, size: usize) -> (TableDescription, Vec<Item>) {
    (description(), items(seed, size).collect())
}

/// The demo items as a stream, for loading large demos without holding them all decoded.
#[must_use]
pub fn items(seed: u64, size: usize) -> DemoItems {
    DemoItems {
        rng: rng::Rng::new(seed),
        generator: entities::Generator::new(size),
        pending: odd::items().into(),
        remaining: size,
    }
}

/// Iterator over the demo items; see [`items`].
pub struct DemoItems {
    rng: rng::Rng,
    generator: entities::Generator,
    pending: std::collections::VecDeque<Item>,
    remaining: usize,
}

impl Iterator for DemoItems {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        if self.remaining == 0 {
            return None;
        }
        while self.pending.is_empty() {
            let mut group = Vec::new();
            self.generator.next_group(&mut self.rng, &mut group);
            self.pending.extend(group);
        }
        self.remaining -= 1;
        self.pending.pop_front()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

#[cfg(test)]
mod tests;
