//! Assembling one Query or Scan page from ordered rows: `Limit` counts rows *evaluated* (before
//! the filter), reading stops at 1 MB of evaluated data, `ScannedCount` counts evaluated rows and
//! `Count` the rows that passed the filter. The cursor is the key of the last evaluated row.

use crate::backend::BackendError;
use crate::domain::value::Item;

use super::codec::StoredItem;
use super::key::ScalarKey;

/// A page stops once this much data has been read (before filter and projection).
pub const PAGE_BYTES: usize = 1024 * 1024;

/// A predicate on the visible item (the filter expression).
pub type Filter<'a> = &'a dyn Fn(&Item) -> Result<bool, BackendError>;
/// The user's projection expression applied to a returned item.
pub type Projector<'a> = &'a dyn Fn(Item) -> Result<Item, BackendError>;

/// What to do with the rows of one page.
pub struct PageRules<'a> {
    pub limit: Option<u32>,
    pub filter: Option<Filter<'a>>,
    pub projection: Option<Projector<'a>>,
    /// `Select=COUNT`: count, return no items.
    pub count_only: bool,
    /// The attribute names that make up the cursor (table key plus index key for an index).
    pub cursor_names: Vec<String>,
}

/// A page before capacity is attached.
#[derive(Debug, Default, PartialEq)]
pub struct RawPage {
    pub items: Vec<Item>,
    pub count: u64,
    pub scanned_count: u64,
    /// Bytes of the rows evaluated, for capacity.
    pub bytes_read: usize,
    pub last_evaluated_key: Option<Item>,
}

/// One row to read: the stored item and its table key (which the encoding leaves out).
#[derive(Clone, Copy)]
pub struct RowRef<'r> {
    pub partition: &'r ScalarKey,
    pub sort: Option<&'r ScalarKey>,
    pub stored: &'r StoredItem,
}

/// Turns a stored row into the item visible through the table or index, and the bytes its read
/// costs.
pub type View<'a> = &'a dyn Fn(RowRef<'_>) -> Result<(Item, usize), BackendError>;

/// Reads rows in order until the limit or the 1 MB threshold.
pub fn collect<'r>(
    rows: impl Iterator<Item = RowRef<'r>>,
    view: View<'_>,
    rules: &PageRules<'_>,
) -> Result<RawPage, BackendError> {
    let mut page = RawPage::default();
    let limit = rules.limit.map_or(u64::MAX, u64::from);
    if !rules.count_only {
        // Growing the page one doubling at a time copies it over and over.
        page.items
            .reserve(usize::try_from(limit).unwrap_or(usize::MAX).min(1_024));
    }
    let mut rows = rows.peekable();
    while let Some(row) = rows.next() {
        let (visible, bytes) = view(row)?;
        page.scanned_count += 1;
        page.bytes_read += bytes;
        let cursor_source = (page.scanned_count >= limit || page.bytes_read >= PAGE_BYTES)
            .then(|| cursor_of(&visible, &rules.cursor_names));
        let passes = match rules.filter {
            Some(filter) => filter(&visible)?,
            None => true,
        };
        if passes {
            page.count += 1;
            if !rules.count_only {
                let item = match rules.projection {
                    Some(project) => project(visible)?,
                    None => visible,
                };
                page.items.push(item);
            }
        }
        if let Some(cursor) = cursor_source {
            // A limit reached exactly at the end still yields a cursor, as the service does;
            // the 1 MB stop only when something is left to read.
            if page.scanned_count >= limit || rows.peek().is_some() {
                page.last_evaluated_key = Some(cursor);
            }
            break;
        }
    }
    Ok(page)
}

fn cursor_of(item: &Item, names: &[String]) -> Item {
    names
        .iter()
        .filter_map(|name| Some((name.clone(), item.get(name)?.clone())))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::value::AttrValue;

    use crate::backend::memory::codec::KeyParts;
    use crate::domain::compact::AttributeNames;
    use crate::domain::schema::{KeyAttribute, KeySchema};
    use crate::domain::value::ValueType;

    fn schema() -> KeySchema {
        KeySchema::new(KeyAttribute::new("PK", ValueType::N), None)
    }

    /// Rows of items `PK = id` with `padding` bytes of text each.
    fn table(ids: std::ops::RangeInclusive<i64>, padding: usize) -> Vec<(ScalarKey, StoredItem)> {
        ids.map(|id| {
            let mut item = Item::new();
            item.insert("PK".into(), AttrValue::n(id));
            item.insert("pad".into(), AttrValue::s("x".repeat(padding)));
            let key = ScalarKey::from_value(&AttrValue::n(id)).expect("a number key");
            // Names spelled out, so the view decodes them without the dictionary.
            let mut names = AttributeNames::limited(0);
            (key, StoredItem::encode(&item, &schema(), &mut names))
        })
        .collect()
    }

    fn rows(table: &[(ScalarKey, StoredItem)]) -> impl Iterator<Item = RowRef<'_>> {
        table.iter().map(|(partition, stored)| RowRef {
            partition,
            sort: None,
            stored,
        })
    }

    fn full_view(row: RowRef<'_>) -> Result<(Item, usize), BackendError> {
        let schema = schema();
        let parts = KeyParts {
            schema: &schema,
            partition: row.partition,
            sort: row.sort,
        };
        let item = row
            .stored
            .decode(parts, &AttributeNames::limited(0))
            .map_err(|_| BackendError::Validation("corrupt".into()))?;
        Ok((item, row.stored.size()))
    }

    fn rules<'a>(limit: Option<u32>, filter: Option<Filter<'a>>) -> PageRules<'a> {
        PageRules {
            limit,
            filter,
            projection: None,
            count_only: false,
            cursor_names: vec!["PK".into()],
        }
    }

    #[test]
    fn limit_counts_items_evaluated_before_the_filter_and_may_yield_an_empty_page_with_a_cursor() {
        let rows_of = table(1..=10, 1);
        let never: &dyn Fn(&Item) -> Result<bool, BackendError> = &|_| Ok(false);
        let page = collect(rows(&rows_of), &full_view, &rules(Some(3), Some(never))).expect("page");
        assert!(page.items.is_empty());
        assert_eq!((page.count, page.scanned_count), (0, 3));
        let cursor = page.last_evaluated_key.expect("a cursor after the limit");
        assert_eq!(cursor.get("PK"), Some(&AttrValue::n(3)));
    }

    #[test]
    fn a_page_stops_once_one_megabyte_has_been_read() {
        let rows_of = table(1..=30, 100_000);
        let page = collect(rows(&rows_of), &full_view, &rules(None, None)).expect("page");
        // Ten items of ~100 KB stay under 1 MB; the eleventh crosses it and ends the page.
        assert_eq!(page.scanned_count, 11);
        assert!(page.last_evaluated_key.is_some());
    }

    #[test]
    fn reading_to_the_end_without_a_limit_gives_no_cursor() {
        let rows_of = table(1..=5, 1);
        let page = collect(rows(&rows_of), &full_view, &rules(None, None)).expect("page");
        assert_eq!(page.items.len(), 5);
        assert_eq!(page.last_evaluated_key, None);
    }

    #[test]
    fn count_only_counts_without_returning_items() {
        let rows_of = table(1..=5, 1);
        let mut count_rules = rules(None, None);
        count_rules.count_only = true;
        let page = collect(rows(&rows_of), &full_view, &count_rules).expect("page");
        assert!(page.items.is_empty());
        assert_eq!((page.count, page.scanned_count), (5, 5));
    }
}
