//! The demo table's schema.

use crate::domain::schema::{
    BillingMode, IndexKind, IndexSchema, KeyAttribute, KeySchema, Projection, StreamDescription,
    TableDescription, TtlDescription,
};
use crate::domain::value::ValueType;

pub const TABLE_NAME: &str = "SingleTableApp";

fn s(name: &str) -> KeyAttribute {
    KeyAttribute::new(name, ValueType::S)
}

fn index(name: &str, kind: IndexKind, key: KeySchema, projection: Projection) -> IndexSchema {
    IndexSchema {
        name: name.into(),
        kind,
        key,
        projection,
        item_count: None,
        size_bytes: None,
        status: (kind == IndexKind::Global).then(|| "ACTIVE".to_owned()),
    }
}

/// `PK`/`SK` strings; `GSI1` is the inverted group roster (ALL), `GSI2` the sparse list of orders
/// pending review (INCLUDE status and total), `LSI1` a user's orders by status and date
/// (KEYS_ONLY), `GSI3` orders by status and region, newest last (multi-attribute keys: partition
/// `status + region`, sort `placedAt + total`; orders without a region are not in it). TTL on
/// `expiresAt`; a stream of new and old images.
#[must_use]
pub fn description() -> TableDescription {
    let mut table = TableDescription::new(TABLE_NAME, KeySchema::new(s("PK"), Some(s("SK"))));
    table.indexes = vec![
        index(
            "GSI1",
            IndexKind::Global,
            KeySchema::new(s("GSI1PK"), Some(s("GSI1SK"))),
            Projection::All,
        ),
        index(
            "GSI2",
            IndexKind::Global,
            KeySchema::new(s("GSI2PK"), Some(s("GSI2SK"))),
            Projection::Include(vec!["status".into(), "total".into()]),
        ),
        index(
            "GSI3",
            IndexKind::Global,
            KeySchema::from_parts(
                vec![s("status"), s("region")],
                vec![s("placedAt"), KeyAttribute::new("total", ValueType::N)],
            )
            .expect("two attributes per part"),
            Projection::Include(vec!["userId".into()]),
        ),
        index(
            "LSI1",
            IndexKind::Local,
            KeySchema::new(s("PK"), Some(s("LSI1SK"))),
            Projection::KeysOnly,
        ),
    ];
    for name in [
        "GSI1PK", "GSI1SK", "GSI2PK", "GSI2SK", "LSI1SK", "status", "region", "placedAt",
    ] {
        table.attribute_types.insert(name.into(), ValueType::S);
    }
    table.attribute_types.insert("total".into(), ValueType::N);
    table.status = Some("ACTIVE".into());
    table.billing_mode = Some(BillingMode::PayPerRequest);
    table.ttl = Some(TtlDescription {
        attribute: "expiresAt".into(),
        status: "ENABLED".into(),
    });
    // The engine opens the stream when the table is loaded, so `--demo` shows live changes.
    table.stream = Some(StreamDescription {
        enabled: true,
        view_type: Some("NEW_AND_OLD_IMAGES".into()),
        latest_arn: None,
    });
    table.arn = Some(format!(
        "arn:aws:dynamodb:local:000000000000:table/{TABLE_NAME}"
    ));
    table
}
