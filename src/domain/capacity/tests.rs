//! The unit rules against the documented examples (the Developer Guide's "Read/write capacity
//! mode" and "Query operations in DynamoDB" pages and the pricing pages' worked examples), the
//! exact decimals, the monthly plans and the calls drawn from a sample.

use std::collections::BTreeMap;

use super::calls::pattern_calls;
use super::decimal::Exact;
use super::plan::{Direction, monthly};
use super::prices::Prices;
use super::units::{ReadUnits, write_units};
use super::writes::WriteCost;
use crate::domain::access_pattern::{AccessPattern, SortCondition, SortOperator};
use crate::domain::key_template::KeyTemplate;
use crate::domain::schema::{
    IndexKind, IndexSchema, KeyAttribute, KeySchema, Projection, TableDescription,
};
use crate::domain::value::{AttrValue, Item, ValueType, item_size};

fn exact(text: &str) -> Exact {
    Exact::parse(text).unwrap_or_else(|error| panic!("{text}: {error}"))
}

#[test]
fn an_8_kb_item_costs_2_strong_1_eventual_and_4_transactional_read_units() {
    let units = ReadUnits::of_pages(&[8 * 1024]);
    assert_eq!(units.strong, Exact::integer(2));
    assert_eq!(units.eventual, Exact::integer(1));
    assert_eq!(
        units.strong.times(Exact::integer(2)),
        Some(Exact::integer(4))
    );
}

#[test]
fn a_query_rounds_the_sum_of_its_items_up_once_not_each_item() {
    // Ten items of 40 bytes: 400 bytes, one unit strongly consistent, half eventually.
    let units = ReadUnits::of_pages(&[400]);
    assert_eq!(units.strong.to_string(), "1");
    assert_eq!(units.eventual.to_string(), "0.5");
    // 4097 bytes in one page round up to 2 units; two pages of 4096 are 2 as well.
    assert_eq!(ReadUnits::of_pages(&[4097]).strong.to_string(), "2");
    assert_eq!(ReadUnits::of_pages(&[4096, 4096]).eventual.to_string(), "1");
    // An empty result still costs the minimum.
    assert_eq!(ReadUnits::of_pages(&[0]).eventual.to_string(), "0.5");
}

#[test]
fn a_3_kb_write_costs_3_units_and_6_in_a_transaction() {
    assert_eq!(write_units(3 * 1024), 3);
    assert_eq!(write_units(3 * 1024 + 1), 4);
    assert_eq!(write_units(23), 1);
    assert_eq!(write_units(0), 1);
}

#[test]
fn decimals_are_exact_and_refuse_what_is_not_a_decimal() {
    assert_eq!(exact("1.50"), exact("1.5"));
    assert_eq!(Exact::halves(2), Exact::integer(1));
    assert_ne!(exact("1.05"), exact("1.5"));
    assert_eq!(
        exact("0.125").times(exact("0.5")).map(|e| e.to_string()),
        Some("0.0625".to_owned())
    );
    assert_eq!(exact("1.50").to_string(), "1.5");
    assert_eq!(
        exact("0.10").plus(exact("0.2")).map(|e| e.to_string()),
        Some("0.3".to_owned())
    );
    assert_eq!(exact("2.01").ceil(), 3);
    assert_eq!(exact("2").ceil(), 2);
    assert_eq!(exact("0.125").rounded(2), "0.13");
    assert_eq!(exact("12").rounded(2), "12.00");
    assert_eq!(exact("16.425").rounded(2), "16.43");
    assert_eq!(exact("16.42499").rounded(2), "16.42");
    // Scales past u128's digits (a product of many fractions) neither panic nor round up.
    let tiny = Exact::scaled(7, 40);
    assert_eq!((tiny.ceil(), tiny.rounded(2)), (1, "0.00".to_owned()));
    for bad in [
        "",
        ".",
        "-1",
        "1e3",
        "1.2.3",
        "0.0000000000001",
        "abc",
        " 1",
    ] {
        assert!(Exact::parse(bad).is_err(), "{bad:?} should be refused");
    }
}

#[test]
fn a_month_of_reads_is_priced_exactly_on_demand_and_provisioned() {
    // 100 calls a second of 1.5 eventually consistent units: 150 RRU/s.
    let plan = monthly(
        exact("100"),
        exact("1.5"),
        Direction::Read,
        &Prices::default(),
    )
    .expect("fits");
    assert_eq!(plan.units_per_second.to_string(), "150");
    // 150 × 3600 × 730 = 394,200,000 units; × $0.125 per million = $49.275.
    assert_eq!(plan.on_demand.to_string(), "49.275");
    // 150 RCU × 730 h × $0.00013 = $14.235.
    assert_eq!(plan.provisioned_units, 150);
    assert_eq!(plan.provisioned.to_string(), "14.235");
    // A fraction of a unit a second still needs a whole unit provisioned.
    let small = monthly(
        exact("0.5"),
        exact("0.5"),
        Direction::Write,
        &Prices::default(),
    )
    .expect("fits");
    assert_eq!(small.provisioned_units, 1);
    assert_eq!(small.provisioned.to_string(), "0.4745");
}

fn s(text: &str) -> AttrValue {
    AttrValue::s(text)
}

fn item(entries: &[(&str, AttrValue)]) -> Item {
    entries
        .iter()
        .map(|(name, value)| ((*name).to_owned(), value.clone()))
        .collect()
}

fn table() -> TableDescription {
    let key = KeySchema::new(
        KeyAttribute::new("PK", ValueType::S),
        Some(KeyAttribute::new("SK", ValueType::S)),
    );
    let mut table = TableDescription::new("T", key);
    table.indexes.push(IndexSchema {
        name: "GSI1".to_owned(),
        kind: IndexKind::Global,
        key: KeySchema::new(KeyAttribute::new("GSI1PK", ValueType::S), None),
        projection: Projection::KeysOnly,
        item_count: None,
        size_bytes: None,
        status: None,
    });
    table
}

#[test]
fn a_write_costs_the_item_and_each_index_entry_it_carries_keys_for() {
    let big = "x".repeat(2000);
    let with_index = item(&[
        ("PK", s("U#1")),
        ("SK", s("A")),
        ("GSI1PK", s("G")),
        ("body", s(&big)),
    ]);
    let cost = WriteCost::of(&with_index, &table());
    assert_eq!(cost.bytes, item_size(&with_index) as u64);
    assert_eq!(cost.table, 2);
    // KEYS_ONLY: PK (2+3) + SK (2+1) + GSI1PK (6+1) = 15 bytes, one unit.
    assert_eq!(cost.indexes.len(), 1);
    assert_eq!(cost.indexes[0].bytes, 15);
    assert_eq!(cost.indexes[0].units, 1);
    assert_eq!((cost.total(), cost.transactional()), (3, 6));
    let without = item(&[("PK", s("U#1")), ("SK", s("B"))]);
    assert_eq!(WriteCost::of(&without, &table()).total(), 1);
}

fn template(text: &str) -> KeyTemplate {
    KeyTemplate::parse(text).expect("template")
}

#[test]
fn a_patterns_calls_take_their_values_from_the_items_that_fit_it() {
    let pattern = AccessPattern {
        name: "Orders of a user".to_owned(),
        index: None,
        pk: template("USER#{userId}"),
        more_pk: Vec::new(),
        sk: Some(SortCondition {
            leading: Vec::new(),
            operator: SortOperator::BeginsWith,
            template: template("ORDER#{date}"),
            upper: None,
        }),
        entity: None,
    };
    let items = [
        item(&[("PK", s("USER#1")), ("SK", s("METADATA"))]),
        item(&[("PK", s("USER#1")), ("SK", s("ORDER#2024"))]),
        item(&[("PK", s("USER#1")), ("SK", s("ORDER#2025"))]),
        item(&[("PK", s("USER#2")), ("SK", s("ORDER#2025"))]),
        item(&[("PK", s("USER#3")), ("SK", s("ORDER#2025"))]),
    ];
    let calls = pattern_calls(&pattern, &table(), &items, 2);
    let user = |id: &str| BTreeMap::from([("userId".to_owned(), id.to_owned())]);
    // begins_with leaves {date} empty: each user once, and no more than asked for.
    assert_eq!(calls, vec![user("1"), user("2")]);
}
