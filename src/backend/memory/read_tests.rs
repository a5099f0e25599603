//! Behaviour of Query and Scan over the engine's storage, without expressions.

use std::collections::BTreeSet;

use crate::backend::{BackendError, Select};
use crate::domain::schema::{
    IndexKind, IndexSchema, KeyAttribute, KeySchema, Projection, TableDescription,
};
use crate::domain::value::{AttrValue, Item, ValueType};

use super::key::ScalarKey;
use super::limits::{WriteKind, check_item};
use super::page::{PageRules, RawPage};
use super::read::{KeyRange, ReadTarget, SortCondition, query};
use super::scan::scan;
use super::table::TableData;

/// A PK/SK table with a GSI1 (GSI1PK/GSI1SK) of the given projection; shared by the engine's
/// unit tests.
pub(super) fn description(projection: Projection) -> TableDescription {
    let mut table = TableDescription::new(
        "T",
        KeySchema::new(
            KeyAttribute::new("PK", ValueType::S),
            Some(KeyAttribute::new("SK", ValueType::S)),
        ),
    );
    table.indexes.push(IndexSchema {
        name: "GSI1".into(),
        kind: IndexKind::Global,
        key: KeySchema::new(
            KeyAttribute::new("GSI1PK", ValueType::S),
            Some(KeyAttribute::new("GSI1SK", ValueType::S)),
        ),
        projection,
        item_count: None,
        size_bytes: None,
        status: None,
    });
    table
}

fn row(pk: &str, sk: &str, extra: &[(&str, &str)]) -> Item {
    let mut item = Item::new();
    item.insert("PK".into(), AttrValue::s(pk));
    item.insert("SK".into(), AttrValue::s(sk));
    for (name, value) in extra {
        item.insert((*name).into(), AttrValue::s(*value));
    }
    item
}

fn table_of(items: Vec<Item>, projection: Projection) -> TableData {
    let description = description(projection);
    let keyed: Vec<_> = items
        .into_iter()
        .map(|item| {
            let key = check_item(&description, &item, WriteKind::Put).expect("valid test item");
            (key, item)
        })
        .collect();
    TableData::load(description, keyed).0
}

fn sample() -> TableData {
    let mut items = vec![row("USER#1", "METADATA", &[("name", "Ann")])];
    for day in 1..=9 {
        items.push(row("USER#1", &format!("ORDER#2026-07-0{day}"), &[]));
    }
    for user in 1..=5 {
        items.push(row(
            &format!("USER#{user}"),
            "GROUP#g1",
            &[
                ("GSI1PK", "GROUP#g1"),
                ("GSI1SK", &format!("USER#{user}")),
                ("role", "member"),
            ],
        ));
    }
    table_of(items, Projection::KeysOnly)
}

fn s(text: &str) -> ScalarKey {
    ScalarKey::S(text.into())
}

fn target<'a>(index: Option<&'a str>, start_key: Option<&'a Item>) -> ReadTarget<'a> {
    ReadTarget {
        index,
        start_key,
        select: Select::Default,
        has_projection: false,
        consistent_read: false,
    }
}

fn rules(limit: Option<u32>) -> PageRules<'static> {
    PageRules {
        limit,
        filter: None,
        projection: None,
        count_only: false,
        cursor_names: Vec::new(),
    }
}

fn sort_keys(page: &RawPage) -> Vec<String> {
    page.items
        .iter()
        .map(|item| {
            item.get("SK")
                .and_then(AttrValue::as_s)
                .unwrap_or("?")
                .to_owned()
        })
        .collect()
}

fn query_sk(condition: Option<SortCondition>, forward: bool) -> Vec<String> {
    let range = KeyRange {
        partition: s("USER#1"),
        sort: condition,
    };
    let page = query(&sample(), &range, forward, &target(None, None), rules(None)).expect("query");
    sort_keys(&page)
}

#[test]
fn a_partition_comes_back_in_sort_key_order_and_reversed_when_not_forward() {
    let forward = query_sk(None, true);
    assert_eq!(forward.first().map(String::as_str), Some("GROUP#g1"));
    assert_eq!(forward.last().map(String::as_str), Some("ORDER#2026-07-09"));
    let mut backward = query_sk(None, false);
    backward.reverse();
    assert_eq!(forward, backward);
}

#[test]
fn sort_conditions_select_exactly_the_matching_keys() {
    let orders: Vec<String> = (1..=9).map(|d| format!("ORDER#2026-07-0{d}")).collect();
    let cases: Vec<(SortCondition, Vec<String>)> = vec![
        (SortCondition::BeginsWith(s("ORDER#")), orders.clone()),
        (
            SortCondition::Between(s("ORDER#2026-07-03"), s("ORDER#2026-07-05")),
            orders[2..5].to_vec(),
        ),
        (
            SortCondition::Lt(s("ORDER#2026-07-02")),
            vec!["GROUP#g1".into(), "METADATA".into(), orders[0].clone()],
        ),
        (
            SortCondition::Gt(s("ORDER#2026-07-08")),
            vec![orders[8].clone()],
        ),
        (SortCondition::Eq(s("METADATA")), vec!["METADATA".into()]),
        (
            SortCondition::Ge(s("ORDER#2026-07-09")),
            vec![orders[8].clone()],
        ),
        (SortCondition::Le(s("GROUP#g1")), vec!["GROUP#g1".into()]),
    ];
    for (condition, expected) in cases {
        assert_eq!(
            query_sk(Some(condition.clone()), true),
            expected,
            "{condition:?}"
        );
        let mut reversed = expected;
        reversed.reverse();
        assert_eq!(
            query_sk(Some(condition.clone()), false),
            reversed,
            "{condition:?} reversed"
        );
    }
}

fn all_pages(read: impl Fn(Option<&Item>) -> Result<RawPage, BackendError>) -> (Vec<Item>, usize) {
    let mut items = Vec::new();
    let mut cursor: Option<Item> = None;
    let mut pages = 0;
    loop {
        let page = read(cursor.as_ref()).expect("page");
        pages += 1;
        items.extend(page.items);
        match page.last_evaluated_key {
            Some(next) => cursor = Some(next),
            None => return (items, pages),
        }
    }
}

#[test]
fn paging_with_a_limit_returns_every_item_once_in_order_in_both_directions() {
    let table = sample();
    let range = KeyRange {
        partition: s("USER#1"),
        sort: None,
    };
    for forward in [true, false] {
        let whole =
            query(&table, &range, forward, &target(None, None), rules(None)).expect("query");
        let (paged, pages) = all_pages(|start| {
            query(
                &table,
                &range,
                forward,
                &target(None, start),
                rules(Some(3)),
            )
        });
        assert_eq!(paged, whole.items);
        // 11 items in pages of 3: four pages, the last with fewer than three items.
        assert_eq!(pages, 4);
    }
}

#[test]
fn a_gsi_cursor_holds_the_table_key_and_the_index_key() {
    let table = sample();
    let range = KeyRange {
        partition: s("GROUP#g1"),
        sort: None,
    };
    let page = query(
        &table,
        &range,
        true,
        &target(Some("GSI1"), None),
        rules(Some(2)),
    )
    .expect("query");
    let cursor = page.last_evaluated_key.expect("cursor");
    let names: Vec<&str> = cursor.keys().map(String::as_str).collect();
    assert_eq!(names, ["GSI1PK", "GSI1SK", "PK", "SK"]);
    let (all, _) = all_pages(|start| {
        query(
            &table,
            &range,
            true,
            &target(Some("GSI1"), start),
            rules(Some(2)),
        )
    });
    let members: Vec<&str> = all.iter().filter_map(|i| i.get("GSI1SK")?.as_s()).collect();
    assert_eq!(members, ["USER#1", "USER#2", "USER#3", "USER#4", "USER#5"]);
}

#[test]
fn a_keys_only_gsi_returns_only_keys() {
    let range = KeyRange {
        partition: s("GROUP#g1"),
        sort: None,
    };
    let page = query(
        &sample(),
        &range,
        true,
        &target(Some("GSI1"), None),
        rules(Some(1)),
    )
    .expect("query");
    assert_eq!(page.items.len(), 1);
    let names: Vec<&str> = page.items[0].keys().map(String::as_str).collect();
    assert_eq!(names, ["GSI1PK", "GSI1SK", "PK", "SK"]);
}

fn validation(result: Result<RawPage, BackendError>) -> String {
    match result {
        Err(BackendError::Validation(message)) => message,
        other => panic!("expected a validation error, got {other:?}"),
    }
}

#[test]
fn invalid_reads_are_refused_with_the_service_wording() {
    let table = sample();
    let range = KeyRange {
        partition: s("USER#1"),
        sort: None,
    };
    let other_partition = row("USER#2", "METADATA", &[]);
    let mut consistent_gsi = target(Some("GSI1"), None);
    consistent_gsi.consistent_read = true;
    let mut all_attributes = target(Some("GSI1"), None);
    all_attributes.select = Select::AllAttributes;
    let bad_shape = row("USER#1", "METADATA", &[("extra", "x")]);
    let cases = [
        (
            query(
                &table,
                &range,
                true,
                &target(Some("nope"), None),
                rules(None),
            ),
            "The table does not have the specified index: nope",
        ),
        (
            query(&table, &range, true, &consistent_gsi, rules(None)),
            "Consistent reads are not supported on global secondary indexes",
        ),
        (
            query(&table, &range, true, &all_attributes, rules(None)),
            "One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for global secondary index GSI1 because its projection type is not ALL",
        ),
        (
            query(
                &table,
                &range,
                true,
                &target(None, Some(&other_partition)),
                rules(None),
            ),
            "The provided starting key is outside query boundaries based on provided conditions",
        ),
        (
            query(
                &table,
                &range,
                true,
                &target(None, Some(&bad_shape)),
                rules(None),
            ),
            "The provided starting key is invalid: The provided key element does not match the schema",
        ),
        (
            query(
                &table,
                &KeyRange {
                    partition: ScalarKey::N(Box::new(crate::domain::number::Number::from(1))),
                    sort: None,
                },
                true,
                &target(None, None),
                rules(None),
            ),
            "One or more parameter values were invalid: Condition parameter type does not match schema type",
        ),
    ];
    for (result, expected) in cases {
        assert_eq!(validation(result), expected);
    }
}

#[test]
fn scan_segments_are_disjoint_and_together_cover_the_table() {
    let table = sample();
    let (whole, _) = all_pages(|start| scan(&table, None, &target(None, start), rules(Some(4))));
    assert_eq!(whole.len(), table.item_count());
    for total in [1u32, 2, 3, 7] {
        let mut seen = BTreeSet::new();
        let mut count = 0;
        for segment in 0..total {
            let (items, _) = all_pages(|start| {
                scan(
                    &table,
                    Some((segment, total)),
                    &target(None, start),
                    rules(Some(2)),
                )
            });
            count += items.len();
            seen.extend(items.into_iter().map(|item| format!("{item:?}")));
        }
        assert_eq!(count, whole.len(), "{total} segments");
        assert_eq!(seen.len(), whole.len(), "{total} segments");
    }
}

/// A sampled `ddbx diff` reads the same segments of two tables and relies on a key falling in
/// the same segment of both, whatever else the tables hold and in whatever order they were
/// written.
#[test]
fn a_key_falls_in_the_same_segment_of_two_tables_holding_different_items() {
    let keys: Vec<(String, String)> = (0..300)
        .map(|n| (format!("USER#{}", n / 3), format!("ORDER#{n:04}")))
        .collect();
    let one = table_of(
        keys.iter().map(|(pk, sk)| row(pk, sk, &[])).collect(),
        Projection::All,
    );
    let mut other_rows: Vec<Item> = keys
        .iter()
        .rev()
        .map(|(pk, sk)| row(pk, sk, &[("payload", "x".repeat(50).as_str())]))
        .collect();
    other_rows.push(row("ORG#extra", "META", &[]));
    let other = table_of(other_rows, Projection::All);
    let segment_keys = |table: &TableData, segment: u32| -> BTreeSet<String> {
        let (items, _) = all_pages(|start| {
            scan(
                table,
                Some((segment, 7)),
                &target(None, start),
                rules(Some(16)),
            )
        });
        items
            .iter()
            .filter(|item| item.get("PK") != Some(&AttrValue::s("ORG#extra")))
            .map(|item| format!("{:?}/{:?}", item.get("PK"), item.get("SK")))
            .collect()
    };
    let mut compared = 0;
    for segment in 0..7 {
        let keys = segment_keys(&one, segment);
        assert_eq!(keys, segment_keys(&other, segment), "segment {segment}");
        compared += keys.len();
    }
    assert_eq!(compared, keys.len(), "every key is in one segment");
}

#[test]
fn a_segment_number_not_below_total_segments_is_refused() {
    let message = validation(scan(
        &sample(),
        Some((2, 2)),
        &target(None, None),
        rules(None),
    ));
    assert!(
        message.contains("Segment: 2 is not less than TotalSegments: 2"),
        "{message}"
    );
}
