//! Query: every sort-key operator in both directions on S and N sort keys, projection,
//! Select=COUNT, and reading a GSI.

use std::cmp::Ordering;

use ddbx::backend::{BackendError, ExpressionParams, QueryRequest, Select};
use ddbx::domain::value::{AttrValue, Item, ValueType};

use crate::deviations::Deviation;
use crate::pages::query_all;
use crate::setup::{Harness, item, n, params, s};
use crate::support::tables::{IndexSpec, TableSpec};

fn compare(a: &AttrValue, b: &AttrValue) -> Ordering {
    match (a, b) {
        (AttrValue::B(a), AttrValue::B(b)) => a.cmp(b),
        (AttrValue::S(a), AttrValue::S(b)) => a.as_bytes().cmp(b.as_bytes()),
        (AttrValue::N(a), AttrValue::N(b)) => a.cmp(b),
        _ => panic!("sort keys of different types: {a:?} {b:?}"),
    }
}

/// One key condition on the sort key, and which sort keys it selects.
struct Case {
    name: &'static str,
    condition: &'static str,
    values: Vec<(&'static str, AttrValue)>,
    selects: Box<dyn Fn(&AttrValue) -> bool>,
}

fn case(
    name: &'static str,
    condition: &'static str,
    values: Vec<(&'static str, AttrValue)>,
    selects: impl Fn(&AttrValue) -> bool + 'static,
) -> Case {
    Case {
        name,
        condition,
        values,
        selects: Box::new(selects),
    }
}

/// Runs every case forward and backward against a partition holding `sort_keys`.
async fn check_operators(h: &Harness, table: &str, sort_keys: &[AttrValue], cases: Vec<Case>) {
    for case in cases {
        let mut expected: Vec<AttrValue> = sort_keys
            .iter()
            .filter(|key| (case.selects)(key))
            .cloned()
            .collect();
        expected.sort_by(compare);
        for forward in [true, false] {
            let mut request_params = params([("#pk", "PK"), ("#sk", "SK")], [(":pk", s("P"))]);
            for (placeholder, value) in &case.values {
                request_params
                    .values
                    .insert((*placeholder).to_owned(), value.clone());
            }
            let key_condition = format!("#pk = :pk AND {}", case.condition);
            let mut request = QueryRequest::new(table, key_condition, request_params);
            request.forward = forward;
            let (items, _) = query_all(h.backend(), request).await;
            let got: Vec<AttrValue> = items.iter().map(|item| item["SK"].clone()).collect();
            let mut want = expected.clone();
            if !forward {
                want.reverse();
            }
            assert_eq!(
                got,
                want,
                "{} (forward: {forward}) on {}",
                case.name,
                h.server.name()
            );
        }
    }
}

pub async fn every_sort_key_operator_on_a_string_key_both_directions(h: &Harness) {
    let table = h.create("sk-s", TableSpec::single_table("")).await;
    let sort_keys: Vec<AttrValue> = ["A", "A#1", "A#10", "A#2", "B", "B#1", "C", "a", "É"]
        .into_iter()
        .map(s)
        .collect();
    let mut items: Vec<Item> = sort_keys
        .iter()
        .map(|sk| item([("PK", s("P")), ("SK", sk.clone())]))
        .collect();
    items.push(item([("PK", s("OTHER")), ("SK", s("A#1"))]));
    h.seed(&table, &items).await;
    let text = |value: &AttrValue| value.as_s().expect("string key").to_owned();
    let cases = vec![
        case("=", "#sk = :a", vec![(":a", s("A#2"))], move |k| {
            text(k) == "A#2"
        }),
        case("<", "#sk < :a", vec![(":a", s("B"))], move |k| {
            text(k).as_str() < "B"
        }),
        case("<=", "#sk <= :a", vec![(":a", s("B"))], move |k| {
            text(k).as_str() <= "B"
        }),
        case(">", "#sk > :a", vec![(":a", s("B"))], move |k| {
            text(k).as_str() > "B"
        }),
        case(">=", "#sk >= :a", vec![(":a", s("B"))], move |k| {
            text(k).as_str() >= "B"
        }),
        case(
            "BETWEEN",
            "#sk BETWEEN :a AND :b",
            vec![(":a", s("A#10")), (":b", s("B#1"))],
            move |k| ("A#10"..="B#1").contains(&text(k).as_str()),
        ),
        case(
            "begins_with",
            "begins_with(#sk, :a)",
            vec![(":a", s("A#1"))],
            move |k| text(k).starts_with("A#1"),
        ),
        case("no match", "#sk = :a", vec![(":a", s("Z"))], |_| false),
    ];
    check_operators(h, &table, &sort_keys, cases).await;
    h.drop_table(&table).await;
}

pub async fn every_sort_key_operator_on_a_number_key_both_directions(h: &Harness) {
    let table = h
        .create(
            "sk-n",
            TableSpec::new("", "PK", ValueType::S).sort("SK", ValueType::N),
        )
        .await;
    let sort_keys: Vec<AttrValue> = [
        "-12345678901234567890123456789012345678",
        "-10",
        "-1.5",
        "-1E-130",
        "0",
        "1E-130",
        "1",
        "2",
        "10",
        "100.5",
        "12345678901234567890123456789012345678",
    ]
    .into_iter()
    .map(n)
    .collect();
    let items: Vec<Item> = sort_keys
        .iter()
        .map(|sk| item([("PK", s("P")), ("SK", sk.clone())]))
        .collect();
    h.seed(&table, &items).await;
    let num = |text: &str| n(text);
    let between = (num("-1.5"), num("10"));
    let cases = vec![
        case("=", "#sk = :a", vec![(":a", num("1E-130"))], move |k| {
            k == &n("1E-130")
        }),
        case("<", "#sk < :a", vec![(":a", num("0"))], move |k| {
            compare(k, &n("0")).is_lt()
        }),
        case("<=", "#sk <= :a", vec![(":a", num("0"))], move |k| {
            compare(k, &n("0")).is_le()
        }),
        case(">", "#sk > :a", vec![(":a", num("2"))], move |k| {
            compare(k, &n("2")).is_gt()
        }),
        case(">=", "#sk >= :a", vec![(":a", num("2"))], move |k| {
            compare(k, &n("2")).is_ge()
        }),
        case(
            "BETWEEN",
            "#sk BETWEEN :a AND :b",
            vec![(":a", between.0.clone()), (":b", between.1.clone())],
            move |k| compare(k, &between.0).is_ge() && compare(k, &between.1).is_le(),
        ),
    ];
    check_operators(h, &table, &sort_keys, cases).await;

    // begins_with is defined for strings and binary only.
    let request = QueryRequest::new(
        &table,
        "#pk = :pk AND begins_with(#sk, :a)",
        params(
            [("#pk", "PK"), ("#sk", "SK")],
            [(":pk", s("P")), (":a", n("1"))],
        ),
    );
    let result = h.backend().query(request).await;
    match result {
        Err(BackendError::Validation(message)) => assert_eq!(
            message,
            "Invalid KeyConditionExpression: Incorrect operand type for operator or function; \
             operator or function: begins_with, operand type: N"
        ),
        // Also shows how a server failure without a DynamoDB error reads: status, not a dump.
        Err(BackendError::Service { code, message })
            if Deviation::MotoCrashesOnBeginsWithOnNumberKey.applies_to(h.server) =>
        {
            Deviation::MotoCrashesOnBeginsWithOnNumberKey.note(h.server);
            assert_eq!(code, "HTTP500");
            assert!(
                message.contains(&h.endpoint) && message.contains("HTTP status 500"),
                "{message}"
            );
        }
        other => panic!("begins_with on an N sort key should be a validation error, got {other:?}"),
    }
    h.drop_table(&table).await;
}

/// Binary sort keys order by unsigned bytes: 0x80 and above sort after 0x7f.
pub async fn binary_sort_keys_order_by_unsigned_bytes(h: &Harness) {
    let table = h
        .create(
            "sk-b",
            TableSpec::new("", "PK", ValueType::S).sort("SK", ValueType::B),
        )
        .await;
    let sort_keys: Vec<AttrValue> = [
        vec![0x00],
        vec![0x7f],
        vec![0x7f, 0xff],
        vec![0x80],
        vec![0x80, 0x00],
        vec![0xff],
    ]
    .into_iter()
    .map(AttrValue::B)
    .collect();
    let items: Vec<Item> = sort_keys
        .iter()
        .map(|sk| item([("PK", s("P")), ("SK", sk.clone())]))
        .collect();
    h.seed(&table, &items).await;
    let bytes = |k: &AttrValue| match k {
        AttrValue::B(bytes) => bytes.clone(),
        other => panic!("binary key expected, got {other:?}"),
    };
    let cases = vec![
        case(
            ">",
            "#sk > :a",
            vec![(":a", AttrValue::B(vec![0x7f]))],
            move |k| bytes(k).as_slice() > [0x7f].as_slice(),
        ),
        case(
            "begins_with",
            "begins_with(#sk, :a)",
            vec![(":a", AttrValue::B(vec![0x80]))],
            move |k| bytes(k).starts_with(&[0x80]),
        ),
    ];
    check_operators(h, &table, &sort_keys, cases).await;
    h.drop_table(&table).await;
}

fn order(pk: &str, sk: &str, total: &str) -> Item {
    item([
        ("PK", s(pk)),
        ("SK", s(sk)),
        ("GSI1PK", s("ORDERS")),
        ("GSI1SK", s(sk)),
        ("total", n(total)),
        ("status", s("OPEN")),
        (
            "lines",
            AttrValue::L(vec![item_value("sku-1"), item_value("sku-2")]),
        ),
    ])
}

fn item_value(sku: &str) -> AttrValue {
    AttrValue::M(item([("sku", s(sku)), ("qty", n("2"))]))
}

fn orders_table() -> TableSpec {
    TableSpec::single_table("")
        .gsi(IndexSpec::new("GSI1", "GSI1PK", ValueType::S).sort("GSI1SK", ValueType::S))
}

pub async fn projection_returns_only_the_named_attributes(h: &Harness) {
    let table = h.create("proj", orders_table()).await;
    h.seed(
        &table,
        &[
            order("USER#1", "ORDER#1", "10.50"),
            order("USER#1", "ORDER#2", "7"),
        ],
    )
    .await;
    let mut request = QueryRequest::new(
        &table,
        "#pk = :pk",
        params(
            [("#pk", "PK"), ("#st", "status"), ("#l", "lines")],
            [(":pk", s("USER#1"))],
        ),
    );
    // `status` and `lines` are reserved words: they must go through placeholders.
    request.projection = Some("SK, #st, #l[1].sku".to_owned());
    let mut expected_lines = AttrValue::L(vec![AttrValue::M(item([("sku", s("sku-2"))]))]);
    if Deviation::MotoMisreadsPlaceholderWithListIndex.applies_to(h.server) {
        Deviation::MotoMisreadsPlaceholderWithListIndex.note(h.server);
        let refused = h.backend().query(request.clone()).await;
        assert!(
            matches!(&refused, Err(BackendError::Validation(message)) if message.contains("#l")),
            "{refused:?}"
        );
        // Project the whole list instead, which moto handles.
        request.projection = Some("SK, #st, #l".to_owned());
        expected_lines = AttrValue::L(vec![item_value("sku-1"), item_value("sku-2")]);
    }
    let (items, _) = query_all(h.backend(), request).await;
    assert_eq!(items.len(), 2);
    for got in &items {
        let names: Vec<&str> = got.keys().map(String::as_str).collect();
        assert_eq!(names, ["SK", "lines", "status"], "{got:?}");
        assert_eq!(got["lines"], expected_lines);
    }
    h.drop_table(&table).await;
}

pub async fn select_count_returns_counts_and_no_items(h: &Harness) {
    let table = h.create("count", orders_table()).await;
    let items: Vec<Item> = (0..12)
        .map(|i| order("USER#1", &format!("ORDER#{i:02}"), &i.to_string()))
        .collect();
    h.seed(&table, &items).await;
    let mut request = QueryRequest::new(
        &table,
        "#pk = :pk",
        params([("#pk", "PK")], [(":pk", s("USER#1"))]),
    );
    request.select = Select::Count;
    request.filter = Some("#t >= :min".to_owned());
    request.params.names.insert("#t".into(), "total".into());
    request.params.values.insert(":min".into(), n("5"));
    let page = h.backend().query(request).await.expect("count query");
    assert!(page.items.is_empty(), "{:?}", page.items);
    assert_eq!((page.count, page.scanned_count), (7, 12));
    assert!(page.consumed.is_some(), "Query reports consumed capacity");
    h.drop_table(&table).await;
}

pub async fn gsi_query_reads_the_index(h: &Harness) {
    let table = h.create("gsi", orders_table()).await;
    h.seed(
        &table,
        &[
            order("USER#1", "ORDER#2", "1"),
            order("USER#2", "ORDER#1", "2"),
            order("USER#3", "ORDER#3", "3"),
        ],
    )
    .await;
    let mut request = QueryRequest::new(
        &table,
        "GSI1PK = :pk AND begins_with(GSI1SK, :prefix)",
        ExpressionParams {
            names: Default::default(),
            values: [
                (":pk".to_owned(), s("ORDERS")),
                (":prefix".to_owned(), s("ORDER#")),
            ]
            .into(),
        },
    );
    request.index = Some("GSI1".to_owned());
    request.forward = false;
    let (items, pages) = query_all(h.backend(), request).await;
    let owners: Vec<&str> = items
        .iter()
        .map(|item| crate::setup::text_of(item, "PK"))
        .collect();
    // GSI1SK descending: ORDER#3 (USER#3), ORDER#2 (USER#1), ORDER#1 (USER#2).
    assert_eq!(owners, ["USER#3", "USER#1", "USER#2"]);
    assert!(
        pages.iter().all(|page| page.consumed.is_some()),
        "Query reports consumed capacity"
    );
    h.drop_table(&table).await;
}
