//! Row keys of the engine's ordered maps. A table is one flat ordered map of rows sorted by
//! (partition hash, partition key, sort key); an index adds a tie-breaker, so entries with equal
//! index keys come back in DynamoDB Local's order (see [`super::tie_order`]): a digest of the
//! table key, then the table key itself, which also makes every index row unique.
//!
//! [`Edge`] adds "below everything" and "above everything" sentinels to each component, so a
//! partition, a sort-key range or a segment of the hash space is a plain `BTreeMap::range`.

use crate::domain::schema::KeySchema;

use crate::domain::schema::IndexKind;

use super::codec::KeyParts;
use super::key::{PartitionSlot, ScalarKey};
use super::tie_order::{TieDigest, tie_digest};

/// A component with sentinels: `Low < At(_) < High`. Stored rows only ever use `At`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Edge<T> {
    Low,
    At(T),
    High,
}

/// A table's primary key in key form.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PrimaryKey {
    pub partition: ScalarKey,
    pub sort: Option<ScalarKey>,
}

impl PrimaryKey {
    /// This key as the decoder needs it.
    #[must_use]
    pub fn parts<'a>(&'a self, schema: &'a KeySchema) -> KeyParts<'a> {
        KeyParts {
            schema,
            partition: &self.partition,
            sort: self.sort.as_ref(),
        }
    }
}

/// How index rows with equal index keys are ordered: by the digest, then by the table key.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct IndexTie {
    digest: TieDigest,
    key: PrimaryKey,
}

/// The extra ordering component of a row: nothing for table rows, the table key (with its
/// digest) for index rows.
pub trait Tie: Ord + Clone {
    fn low() -> Self;
    fn high() -> Self;
}

impl Tie for () {
    fn low() -> Self {}
    fn high() -> Self {}
}

impl Tie for Edge<IndexTie> {
    fn low() -> Self {
        Edge::Low
    }
    fn high() -> Self {
        Edge::High
    }
}

/// One row key. `T = ()` for tables, `T = Edge<IndexTie>` for indexes.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Row<T> {
    pub hash: u32,
    pub partition: Edge<ScalarKey>,
    /// `At(None)` when the table or index has no sort key.
    pub sort: Edge<Option<ScalarKey>>,
    pub tie: T,
}

pub type TableRow = Row<()>;
pub type IndexRow = Row<Edge<IndexTie>>;

impl<T: Tie> Row<T> {
    /// The smallest possible row of `slot` with sort component `sort`.
    pub fn lowest(slot: &PartitionSlot, sort: Edge<Option<ScalarKey>>) -> Self {
        Self {
            hash: slot.hash,
            partition: Edge::At(slot.key.clone()),
            sort,
            tie: T::low(),
        }
    }

    /// The largest possible row of `slot` with sort component `sort`.
    pub fn highest(slot: &PartitionSlot, sort: Edge<Option<ScalarKey>>) -> Self {
        Self {
            hash: slot.hash,
            partition: Edge::At(slot.key.clone()),
            sort,
            tie: T::high(),
        }
    }

    /// The first possible row whose partition hash is at least `hash` (for scan segments).
    pub fn at_hash(hash: u32) -> Self {
        Self {
            hash,
            partition: Edge::Low,
            sort: Edge::Low,
            tie: T::low(),
        }
    }

    /// The stored sort key value, if this is a stored row.
    pub fn sort_value(&self) -> Option<&ScalarKey> {
        match &self.sort {
            Edge::At(Some(value)) => Some(value),
            _ => None,
        }
    }

    pub fn partition_value(&self) -> Option<&ScalarKey> {
        match &self.partition {
            Edge::At(value) => Some(value),
            _ => None,
        }
    }
}

impl TableRow {
    /// The row of a stored item with this primary key.
    #[must_use]
    pub fn of(key: &PrimaryKey) -> Self {
        Self {
            hash: key.partition.partition_hash(),
            partition: Edge::At(key.partition.clone()),
            sort: Edge::At(key.sort.clone()),
            tie: (),
        }
    }

    /// The row of a stored item, taking the key by value (no copy of its values).
    #[must_use]
    pub fn owning(key: PrimaryKey) -> Self {
        Self {
            hash: key.partition.partition_hash(),
            partition: Edge::At(key.partition),
            sort: Edge::At(key.sort),
            tie: (),
        }
    }

    /// The primary key of a stored row.
    pub fn primary_key(&self) -> Option<PrimaryKey> {
        Some(PrimaryKey {
            partition: self.partition_value()?.clone(),
            sort: match &self.sort {
                Edge::At(sort) => sort.clone(),
                _ => return None,
            },
        })
    }
}

impl IndexRow {
    /// The row, in an index of `kind`, of a table item whose index key is `(partition, sort)`.
    #[must_use]
    pub fn of(
        kind: IndexKind,
        partition: ScalarKey,
        sort: Option<ScalarKey>,
        table_key: PrimaryKey,
    ) -> Self {
        Self {
            hash: partition.partition_hash(),
            partition: Edge::At(partition),
            sort: Edge::At(sort),
            tie: Edge::At(IndexTie {
                digest: tie_digest(kind, &table_key.partition, table_key.sort.as_ref()),
                key: table_key,
            }),
        }
    }

    pub fn table_key(&self) -> Option<&PrimaryKey> {
        match &self.tie {
            Edge::At(tie) => Some(&tie.key),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(text: &str) -> ScalarKey {
        ScalarKey::S(text.into())
    }

    #[test]
    fn partition_bounds_enclose_every_row_of_the_partition_and_no_other() {
        let slot = PartitionSlot::new(s("USER#1"));
        let low = TableRow::lowest(&slot, Edge::Low);
        let high = TableRow::highest(&slot, Edge::High);
        let inside = TableRow::of(&PrimaryKey {
            partition: s("USER#1"),
            sort: Some(s("")),
        });
        let other = TableRow::of(&PrimaryKey {
            partition: s("USER#10"),
            sort: Some(s("A")),
        });
        assert!(low < inside && inside < high);
        assert!(!(low < other && other < high));
    }

    #[test]
    fn index_rows_with_equal_index_keys_are_ordered_by_the_table_key_digest() {
        let key = |pk: &str, sk: &str| PrimaryKey {
            partition: s(pk),
            sort: Some(s(sk)),
        };
        let row =
            |table_key| IndexRow::of(IndexKind::Global, s("GROUP#1"), Some(s("X")), table_key);
        // DynamoDB Local returned B/1 after A/2 (digests cb16… < e05d… < eb00…).
        let (a1, a2, b1) = (row(key("A", "1")), row(key("A", "2")), row(key("B", "1")));
        assert!(a1 < a2 && a2 < b1);
        let (first, second) = (a1, b1);
        let slot = PartitionSlot::new(s("GROUP#1"));
        let below = IndexRow::lowest(&slot, Edge::At(Some(s("X"))));
        let above = IndexRow::highest(&slot, Edge::At(Some(s("X"))));
        assert!(below < first && first < second && second < above);
    }
}
