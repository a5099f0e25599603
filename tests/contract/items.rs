//! put_item / get_item: every type survives the trip to the server and back.

use std::collections::{BTreeMap, BTreeSet};

use ddbx::backend::{Condition, ExpressionParams, GetRequest, PutRequest, ReturnValues};
use ddbx::domain::value::{AttrValue, Item};

use ddbx::backend::BackendError;

use crate::deviations::Deviation;
use crate::setup::{Harness, item, n, params, s};
use crate::support::tables::TableSpec;

/// The most maps and lists DynamoDB nests: its 32 levels count the attribute itself, so 31
/// containers may nest (a 32nd is refused even when empty, as DynamoDB Local shows).
const DEEPEST_NESTING: usize = 31;

/// A value nested `depth` containers deep, alternating maps and lists.
fn nested(depth: usize) -> AttrValue {
    (0..depth).fold(s("bottom"), |inner, level| {
        if level % 2 == 0 {
            AttrValue::M(BTreeMap::from([(format!("m{level}"), inner)]))
        } else {
            AttrValue::L(vec![inner, AttrValue::n(level as i64)])
        }
    })
}

fn number_set(texts: &[&str]) -> AttrValue {
    AttrValue::Ns(
        texts
            .iter()
            .map(|text| text.parse().expect("valid number"))
            .collect(),
    )
}

/// One attribute of every type, at the edges of what DynamoDB stores.
pub fn every_type_item(pk: &str) -> Item {
    item([
        ("PK", s(pk)),
        ("SK", s("PROFILE")),
        ("big", n("12345678901234567890123456789012345678")),
        (
            "negativeFraction",
            n("-0.00000000000000000000000000000000000001"),
        ),
        ("tiny", n("1E-130")),
        ("huge", n("9.9999999999999999999999999999999999999E+125")),
        ("money", n("1234567.89")),
        ("empty", s("")),
        ("unicode", s("naïve 日本 🚀")),
        ("binary", AttrValue::B(vec![0x00, 0x7f, 0x80, 0xfe, 0xff])),
        ("emptyBinary", AttrValue::B(Vec::new())),
        ("yes", AttrValue::Bool(true)),
        ("nothing", AttrValue::Null),
        (
            "tags",
            AttrValue::Ss(BTreeSet::from(["b".into(), "a".into(), "".into()])),
        ),
        (
            "scores",
            number_set(&[
                "1",
                "-2.5",
                "12345678901234567890123456789012345678",
                "1E-130",
            ]),
        ),
        (
            "blobs",
            AttrValue::Bs(BTreeSet::from([vec![0xff], vec![0x80, 0x00], vec![0x01]])),
        ),
        ("emptyMap", AttrValue::M(BTreeMap::new())),
        ("emptyList", AttrValue::L(Vec::new())),
        ("deep", nested(DEEPEST_NESTING)),
    ])
}

fn get(table: &str, key: Item) -> GetRequest {
    GetRequest {
        table: table.to_owned(),
        key,
        projection: None,
        params: ExpressionParams::default(),
        consistent_read: true,
    }
}

pub async fn put_then_get_keeps_every_type_losslessly(h: &Harness) {
    let table = h.create("types", TableSpec::single_table("")).await;
    let written = every_type_item("USER#types");
    let put = PutRequest {
        table: table.clone(),
        item: written.clone(),
        condition: Condition::new("attribute_not_exists(#pk)"),
        params: params([("#pk", "PK")], []),
        return_values: ReturnValues::None,
    };
    h.backend().put_item(put).await.expect("put_item");
    let key = item([("PK", s("USER#types")), ("SK", s("PROFILE"))]);
    let read = h
        .backend()
        .get_item(get(&table, key))
        .await
        .expect("get_item");
    assert_eq!(read.item, Some(written));
    let consumed = read.consumed.expect("GetItem reports consumed capacity");
    assert!(consumed.total > 0.0, "{consumed:?}");
    h.drop_table(&table).await;
}

pub async fn seeded_items_read_back_identically(h: &Harness) {
    // Written by the test-side SDK conversion, read through ddbx's: two independent
    // implementations agreeing on every type.
    let table = h.create("seeded", TableSpec::single_table("")).await;
    let items: Vec<Item> = (0..30)
        .map(|i| every_type_item(&format!("USER#{i:02}")))
        .collect();
    h.seed(&table, &items).await;
    for expected in items.iter().step_by(7) {
        let key = item([("PK", expected["PK"].clone()), ("SK", s("PROFILE"))]);
        let read = h
            .backend()
            .get_item(get(&table, key))
            .await
            .expect("get_item");
        assert_eq!(read.item.as_ref(), Some(expected));
    }
    h.drop_table(&table).await;
}

pub async fn get_of_a_missing_item_is_none_and_projection_limits_attributes(h: &Harness) {
    let table = h.create("get", TableSpec::single_table("")).await;
    // A modest item: moto 5.2.5 answers HTTP 500 when projecting an item holding 1E-130 or a
    // 38-digit number (its projection code round-trips through Python's 28-digit decimals).
    let stored = item([
        ("PK", s("USER#1")),
        ("SK", s("PROFILE")),
        ("big", n("1234567890")),
        ("deep", AttrValue::L(vec![s("first"), s("second")])),
        ("tags", AttrValue::Ss(BTreeSet::from(["a".into()]))),
        ("other", s("not projected")),
    ]);
    h.seed(&table, std::slice::from_ref(&stored)).await;
    let missing = item([("PK", s("USER#404")), ("SK", s("PROFILE"))]);
    let read = h
        .backend()
        .get_item(get(&table, missing))
        .await
        .expect("get_item");
    assert_eq!(read.item, None);

    let mut request = get(&table, item([("PK", s("USER#1")), ("SK", s("PROFILE"))]));
    request.projection = Some("#b, deep[0], tags".to_owned());
    request.params = params([("#b", "big")], []);
    let read = h
        .backend()
        .get_item(request)
        .await
        .expect("projected get_item");
    let projected = read.item.expect("item exists");
    let names: Vec<&str> = projected.keys().map(String::as_str).collect();
    assert_eq!(names, ["big", "deep", "tags"]);
    assert_eq!(projected["big"], n("1234567890"));
    assert_eq!(projected["deep"], AttrValue::L(vec![s("first")]));
    h.drop_table(&table).await;
}

pub async fn a_value_nested_past_the_limit_is_refused(h: &Harness) {
    let table = h.create("too-deep", TableSpec::single_table("")).await;
    let mut too_deep = item([("PK", s("USER#deep")), ("SK", s("PROFILE"))]);
    too_deep.insert("deep".to_owned(), nested(DEEPEST_NESTING + 1));
    let put = PutRequest {
        table: table.clone(),
        item: too_deep,
        condition: Condition::new("attribute_not_exists(PK)"),
        params: ExpressionParams::default(),
        return_values: ReturnValues::None,
    };
    let result = h.backend().put_item(put).await;
    let lax = [
        Deviation::DynaliteAcceptsTooDeepNesting,
        Deviation::MotoAcceptsTooDeepNesting,
    ]
    .into_iter()
    .find(|deviation| deviation.applies_to(h.server));
    let refusal = "Nesting Levels have exceeded supported limits: Attributes in the item have \
                   nested levels beyond supported limit";
    let counted = Deviation::DynoxideCountsTheNestingError;
    match (lax, result) {
        (Some(deviation), Ok(_)) => deviation.note(h.server),
        (None, Err(BackendError::Validation(message))) if counted.applies_to(h.server) => {
            counted.note(h.server);
            assert_eq!(message, format!("1 validation error detected: {refusal}"));
        }
        (None, Err(BackendError::Validation(message))) => assert_eq!(message, refusal),
        (lax, other) => panic!("{} (deviation {lax:?}) answered {other:?}", h.server.name()),
    }
    h.drop_table(&table).await;
}
