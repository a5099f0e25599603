//! What a bulk action acts on when nothing is marked: every item one read (a Query or a Scan,
//! all pages) returns, optionally only those ddbx decodes as one entity. The TUI and
//! `ddbx bulk --scope` read a scope page by page and keep the same items.

use crate::domain::entity::EntityDecoder;
use crate::domain::entity_name::entity_matches;
use crate::domain::request::{QueryRequest, ScanRequest};
use crate::domain::schema::TableDescription;
use crate::domain::value::Item;

/// The entity name of an item ddbx cannot decode.
pub const UNKNOWN_ENTITY: &str = "(unknown)";

/// The read behind a scope: its first page's request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScopeRead {
    Query(QueryRequest),
    Scan(ScanRequest),
}

impl ScopeRead {
    /// This read's request for the page that starts after `start_key` (the first for `None`).
    #[must_use]
    pub fn starting_at(&self, start_key: Option<Item>) -> Self {
        match self {
            Self::Query(request) => Self::Query(QueryRequest {
                start_key,
                ..request.clone()
            }),
            Self::Scan(request) => Self::Scan(ScanRequest {
                start_key,
                ..request.clone()
            }),
        }
    }
}

/// Every item `read` returns over all its pages, of `entity` when one is named.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scope {
    pub read: ScopeRead,
    pub entity: Option<String>,
}

impl Scope {
    /// The request of the page that starts after `start_key` (the first page for `None`).
    #[must_use]
    pub fn page(&self, start_key: Option<Item>) -> ScopeRead {
        self.read.starting_at(start_key)
    }

    /// Whether `item`, returned by the read, belongs to the scope.
    #[must_use]
    pub fn keeps(&self, decoder: &EntityDecoder, table: &TableDescription, item: &Item) -> bool {
        self.entity
            .as_deref()
            .is_none_or(|wanted| is_entity(decoder, table, item, wanted))
    }

    /// The items of `page` that belong to the scope.
    #[must_use]
    pub fn kept(
        &self,
        decoder: &EntityDecoder,
        table: &TableDescription,
        page: &[Item],
    ) -> Vec<Item> {
        page.iter()
            .filter(|item| self.keeps(decoder, table, item))
            .cloned()
            .collect()
    }
}

/// The entity ddbx decodes `item` as, or [`UNKNOWN_ENTITY`].
#[must_use]
pub fn entity_name(decoder: &EntityDecoder, table: &TableDescription, item: &Item) -> String {
    decoder
        .decode(item, &table.key)
        .map_or_else(|| UNKNOWN_ENTITY.to_owned(), |entity| entity.name)
}

/// Whether `item` decodes as the entity `wanted` (see [`entity_matches`]: the whole name or its
/// last parts, without regard to case). [`UNKNOWN_ENTITY`] names the items nothing identifies.
#[must_use]
pub fn is_entity(
    decoder: &EntityDecoder,
    table: &TableDescription,
    item: &Item,
    wanted: &str,
) -> bool {
    entity_matches(&entity_name(decoder, table, item), wanted)
}

#[cfg(test)]
mod tests {
    use super::{Scope, ScopeRead, UNKNOWN_ENTITY};
    use crate::domain::entity::EntityDecoder;
    use crate::domain::request::ScanRequest;
    use crate::domain::schema::{KeyAttribute, KeySchema, TableDescription};
    use crate::domain::value::{AttrValue, Item, ValueType};

    fn item(pk: &str, sk: &str) -> Item {
        [
            ("PK".to_owned(), AttrValue::s(pk)),
            ("SK".to_owned(), AttrValue::s(sk)),
        ]
        .into_iter()
        .collect()
    }

    #[test]
    fn an_entity_scope_keeps_only_that_entity_and_pages_continue_from_the_key() {
        let table = TableDescription::new(
            "T",
            KeySchema::new(
                KeyAttribute::new("PK", ValueType::S),
                Some(KeyAttribute::new("SK", ValueType::S)),
            ),
        );
        let decoder = EntityDecoder::default();
        let order = item("USER#1", "ORDER#1");
        let name = super::entity_name(&decoder, &table, &order);
        assert_ne!(name, UNKNOWN_ENTITY, "key prefixes name the entity");
        let scope = Scope {
            read: ScopeRead::Scan(ScanRequest::new("T")),
            entity: Some(name.to_lowercase()),
        };
        let page = [order.clone(), item("USER#1", "METADATA")];
        assert_eq!(scope.kept(&decoder, &table, &page), vec![order.clone()]);
        let ScopeRead::Scan(next) = scope.page(Some(order.clone())) else {
            panic!("a scan scope pages by Scan");
        };
        assert_eq!(next.start_key, Some(order));
        let every = Scope {
            entity: None,
            ..scope
        };
        assert_eq!(every.kept(&decoder, &table, &page).len(), 2);
    }
}
