//! Helpers shared by the expression test files.
#![allow(dead_code)]

use ddbx::domain::ddb_json::item_from_str;
use ddbx::domain::expr::ast::{Condition, ProjectionExpr, UpdateExpr};
use ddbx::domain::expr::{ExprError, ExprKind, ExpressionParams, WireRequest};
use ddbx::domain::number::Number;
use ddbx::domain::schema::{
    IndexKind, IndexSchema, KeyAttribute, KeySchema, Projection, TableDescription,
};
use ddbx::domain::value::{AttrValue, Item, ValueType};

pub fn n(text: &str) -> AttrValue {
    AttrValue::N(Number::parse(text).expect("test number"))
}

pub fn s(text: &str) -> AttrValue {
    AttrValue::s(text)
}

/// An item from DynamoDB JSON.
pub fn item(json: &str) -> Item {
    item_from_str(json).expect("test item is valid DynamoDB JSON")
}

/// Params every wire scenario may use. Placeholder names say what they hold.
pub fn standard_params() -> ExpressionParams {
    let mut params = ExpressionParams::default();
    for (placeholder, name) in [
        ("#name", "name"),
        ("#status", "status"),
        ("#pr", "ProductReviews.OneStar"),
        ("#a", "a"),
    ] {
        params.names.insert(placeholder.into(), name.into());
    }
    let values = [
        (":s", s("x")),
        (":s2", s("y")),
        (":empty", s("")),
        (":n", n("1")),
        (":n2", n("2")),
        (":b", AttrValue::B(vec![1, 2])),
        (":l", AttrValue::L(vec![n("1")])),
        (":m", AttrValue::M(Default::default())),
        (":ss", AttrValue::Ss(["a".to_owned()].into())),
        (":ns", AttrValue::Ns([Number::from(1)].into())),
        (":bool", AttrValue::Bool(true)),
        (":null", AttrValue::Null),
        (":typeS", s("S")),
        (":typeBad", s("X")),
        (":big", n("1e50")),
    ];
    for (placeholder, value) in values {
        params.values.insert(placeholder.into(), value);
    }
    params
}

/// Parses one wire expression of `kind` against the standard params (no unused check).
pub fn parse_wire(kind: ExprKind, text: &str) -> Result<Parsed, ExprError> {
    let params = standard_params();
    let mut request = WireRequest::new(&params);
    Ok(match kind {
        ExprKind::Update => Parsed::Update(request.update(text)?),
        ExprKind::Projection => Parsed::Projection(request.projection(text)?),
        _ => Parsed::Condition(request.condition(kind, text)?),
    })
}

#[derive(Debug)]
pub enum Parsed {
    Condition(Condition),
    Update(UpdateExpr),
    Projection(ProjectionExpr),
}

/// `PK`/`SK` strings; GSI1 on `GSI1PK` (S) / `GSI1SK` (N); LSI1 on `LSI1SK` (S).
pub fn single_table() -> TableDescription {
    let key = KeySchema::new(
        KeyAttribute::new("PK", ValueType::S),
        Some(KeyAttribute::new("SK", ValueType::S)),
    );
    let mut table = TableDescription::new("app", key);
    let gsi = IndexSchema {
        name: "GSI1".into(),
        kind: IndexKind::Global,
        key: KeySchema::new(
            KeyAttribute::new("GSI1PK", ValueType::S),
            Some(KeyAttribute::new("GSI1SK", ValueType::N)),
        ),
        projection: Projection::All,
        item_count: None,
        size_bytes: None,
        status: None,
    };
    let lsi = IndexSchema {
        name: "LSI1".into(),
        kind: IndexKind::Local,
        key: KeySchema::new(
            KeyAttribute::new("PK", ValueType::S),
            Some(KeyAttribute::new("LSI1SK", ValueType::S)),
        ),
        projection: Projection::KeysOnly,
        item_count: None,
        size_bytes: None,
        status: None,
    };
    table.attribute_types.insert("GSI1PK".into(), ValueType::S);
    table.attribute_types.insert("GSI1SK".into(), ValueType::N);
    table.attribute_types.insert("LSI1SK".into(), ValueType::S);
    table.indexes = vec![gsi, lsi];
    table
}

/// A hash-only table keyed on `id` (N).
pub fn hash_only() -> TableDescription {
    TableDescription::new(
        "counters",
        KeySchema::new(KeyAttribute::new("id", ValueType::N), None),
    )
}
