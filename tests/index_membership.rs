//! Index membership of items in sparse GSIs and LSIs, with the reason when they are left out.

use ddbx::domain::index_membership::{Exclusion, Membership, Projected, index_membership};
use ddbx::domain::schema::{
    IndexKind, IndexSchema, KeyAttribute, KeySchema, Projection, TableDescription,
};
use ddbx::domain::value::{AttrValue, Item, ValueType};

fn key(partition: &str, sort: Option<(&str, ValueType)>) -> KeySchema {
    KeySchema::new(
        KeyAttribute::new(partition, ValueType::S),
        sort.map(|(name, value_type)| KeyAttribute::new(name, value_type)),
    )
}

fn index(name: &str, kind: IndexKind, key: KeySchema, projection: Projection) -> IndexSchema {
    IndexSchema {
        name: name.into(),
        kind,
        key,
        projection,
        item_count: None,
        size_bytes: None,
        status: None,
    }
}

fn table() -> TableDescription {
    let mut table = TableDescription::new("SingleTableApp", key("PK", Some(("SK", ValueType::S))));
    table.indexes = vec![
        index(
            "GSI1",
            IndexKind::Global,
            key("GSI1PK", Some(("GSI1SK", ValueType::S))),
            Projection::All,
        ),
        index(
            "GSI2",
            IndexKind::Global,
            key("GSI2PK", None),
            Projection::KeysOnly,
        ),
        index(
            "GSI3",
            IndexKind::Global,
            key("GSI3PK", Some(("GSI3SK", ValueType::S))),
            Projection::Include(vec!["email".into()]),
        ),
        index(
            "LSI1",
            IndexKind::Local,
            key("PK", Some(("createdAt", ValueType::N))),
            Projection::All,
        ),
    ];
    for (name, value_type) in [
        ("GSI1PK", ValueType::S),
        ("GSI1SK", ValueType::S),
        ("GSI2PK", ValueType::S),
        ("GSI3PK", ValueType::S),
        ("GSI3SK", ValueType::S),
        ("createdAt", ValueType::N),
    ] {
        table.attribute_types.insert(name.into(), value_type);
    }
    table
}

fn item(pairs: &[(&str, AttrValue)]) -> Item {
    pairs
        .iter()
        .map(|(name, value)| ((*name).to_owned(), value.clone()))
        .collect()
}

fn user() -> Item {
    item(&[
        ("PK", AttrValue::s("USER#u1")),
        ("SK", AttrValue::s("METADATA")),
        ("GSI1PK", AttrValue::s("GROUP#g1")),
        ("GSI1SK", AttrValue::s("USER#u1")),
        ("GSI2PK", AttrValue::s("")),
        ("GSI3PK", AttrValue::n(7)),
        ("email", AttrValue::s("a@example.com")),
        ("name", AttrValue::s("Ada")),
    ])
}

#[test]
fn each_index_says_whether_it_holds_the_item_and_why_not() {
    let table = table();
    let user = user();
    let lines: Vec<String> = index_membership(&user, &table)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        lines,
        [
            "in GSI1 as GSI1PK=GROUP#g1, GSI1SK=USER#u1",
            "not in GSI2: GSI2PK is empty (index keys cannot be empty)",
            "not in GSI3: GSI3PK has wrong type N (index expects S), GSI3SK missing",
            "not in LSI1: createdAt missing",
        ]
    );
}

#[test]
fn keys_only_and_include_projections_list_what_they_hold() {
    let table = table();
    let mut order = item(&[
        ("PK", AttrValue::s("USER#u1")),
        ("SK", AttrValue::s("ORDER#o1")),
        ("GSI2PK", AttrValue::s("PENDING")),
        ("GSI3PK", AttrValue::s("STATUS#PENDING")),
        ("GSI3SK", AttrValue::s("DATE#2026-07-18")),
        ("email", AttrValue::s("a@example.com")),
        ("total", AttrValue::n(1999)),
    ]);
    order.insert("createdAt".into(), AttrValue::n(1_784_368_800));
    let memberships = index_membership(&order, &table);
    let projected = |position: usize| match &memberships[position] {
        Membership::In { projected, .. } => projected.clone(),
        other => panic!("expected membership, got {other}"),
    };
    assert_eq!(
        projected(1),
        Projected::Some {
            held: vec!["GSI2PK", "PK", "SK"],
            left_out: vec!["GSI3PK", "GSI3SK", "createdAt", "email", "total"],
        }
    );
    assert_eq!(
        projected(2),
        Projected::Some {
            held: vec!["GSI3PK", "GSI3SK", "PK", "SK", "email"],
            left_out: vec!["GSI2PK", "createdAt", "total"],
        }
    );
    assert_eq!(projected(3), Projected::All);
    assert_eq!(
        memberships[3].to_string(),
        "in LSI1 as PK=USER#u1, createdAt=1784368800"
    );
}

#[test]
fn a_null_index_key_counts_as_a_wrong_type() {
    let table = table();
    let mut nulled = user();
    nulled.insert("GSI1SK".into(), AttrValue::Null);
    let memberships = index_membership(&nulled, &table);
    assert!(matches!(
        &memberships[0],
        Membership::NotIn { reasons, .. } if reasons == &[Exclusion::WrongType {
            attribute: "GSI1SK",
            found: ValueType::Null,
            expected: ValueType::S
        }]
    ));
}

#[test]
fn hostile_key_values_are_escaped_in_the_description() {
    let table = table();
    let mut hostile = user();
    hostile.insert("GSI1PK".into(), AttrValue::s("GROUP#\u{1b}]0;owned\u{7}"));
    let line = index_membership(&hostile, &table)[0].to_string();
    assert_eq!(
        line,
        "in GSI1 as GSI1PK=GROUP#\\x1b]0;owned\\x07, GSI1SK=USER#u1"
    );
}

#[test]
fn a_table_without_indexes_has_no_memberships() {
    let table = TableDescription::new("Plain", key("id", None));
    assert!(index_membership(&user(), &table).is_empty());
}

/// Developer Guide, "Constraints in Amazon DynamoDB": a partition key value is at most 2048
/// bytes, a sort key value at most 1024, counted in UTF-8 bytes for strings.
#[test]
fn index_key_values_over_the_size_limits_leave_the_item_out_and_say_which_limit() {
    let table = table();
    let at_limits = {
        let mut item = user();
        item.insert("GSI1PK".into(), AttrValue::s("p".repeat(2048)));
        item.insert("GSI1SK".into(), AttrValue::s("s".repeat(1024)));
        item
    };
    assert!(matches!(
        index_membership(&at_limits, &table)[0],
        Membership::In { .. }
    ));
    let mut over = at_limits.clone();
    over.insert("GSI1PK".into(), AttrValue::s("p".repeat(2049)));
    // 513 two-byte characters: 1026 bytes, though only 513 characters.
    over.insert("GSI1SK".into(), AttrValue::s("é".repeat(513)));
    let line = index_membership(&over, &table)[0].to_string();
    assert_eq!(
        line,
        "not in GSI1: GSI1PK is longer than a partition key may be (2,048 bytes), GSI1SK is longer than a sort key may be (1,024 bytes)"
    );
    let mut empty = at_limits;
    empty.insert("GSI1SK".into(), AttrValue::s(""));
    assert_eq!(
        index_membership(&empty, &table)[0].to_string(),
        "not in GSI1: GSI1SK is empty (index keys cannot be empty)"
    );
}
