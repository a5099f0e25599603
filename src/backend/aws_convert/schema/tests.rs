//! DescribeTable / DescribeTimeToLive → domain schema tests.

use aws_sdk_dynamodb::types::{
    AttributeDefinition, BillingMode as SdkBillingMode, BillingModeSummary,
    GlobalSecondaryIndexDescription, IndexStatus, KeySchemaElement, KeyType,
    LocalSecondaryIndexDescription, Projection as SdkProjection, ProjectionType,
    ScalarAttributeType, StreamSpecification, StreamViewType, TableDescription as SdkTable,
    TableStatus, TimeToLiveDescription, TimeToLiveStatus,
};

use super::*;
use crate::domain::schema::{BillingMode, IndexKind, Projection};
use crate::domain::value::ValueType;

fn key(name: &str, key_type: KeyType) -> KeySchemaElement {
    KeySchemaElement::builder()
        .attribute_name(name)
        .key_type(key_type)
        .build()
        .expect("complete key element")
}

fn definition(name: &str, scalar: ScalarAttributeType) -> AttributeDefinition {
    AttributeDefinition::builder()
        .attribute_name(name)
        .attribute_type(scalar)
        .build()
        .expect("complete definition")
}

fn sdk_projection(projection_type: ProjectionType, non_key: &[&str]) -> SdkProjection {
    let mut builder = SdkProjection::builder().projection_type(projection_type);
    for name in non_key {
        builder = builder.non_key_attributes(*name);
    }
    builder.build()
}

fn single_table_description() -> SdkTable {
    SdkTable::builder()
        .table_name("app")
        .table_status(TableStatus::Active)
        .item_count(42)
        .table_size_bytes(4096)
        .table_arn("arn:aws:dynamodb:us-east-1:000000000000:table/app")
        .billing_mode_summary(
            BillingModeSummary::builder()
                .billing_mode(SdkBillingMode::PayPerRequest)
                .build(),
        )
        .stream_specification(
            StreamSpecification::builder()
                .stream_enabled(true)
                .stream_view_type(StreamViewType::NewAndOldImages)
                .build()
                .expect("complete stream specification"),
        )
        .latest_stream_arn("arn:stream")
        .attribute_definitions(definition("PK", ScalarAttributeType::S))
        .attribute_definitions(definition("SK", ScalarAttributeType::S))
        .attribute_definitions(definition("GSI1PK", ScalarAttributeType::S))
        .attribute_definitions(definition("GSI1SK", ScalarAttributeType::N))
        .attribute_definitions(definition("created", ScalarAttributeType::B))
        .key_schema(key("PK", KeyType::Hash))
        .key_schema(key("SK", KeyType::Range))
        .global_secondary_indexes(
            GlobalSecondaryIndexDescription::builder()
                .index_name("GSI1")
                .key_schema(key("GSI1PK", KeyType::Hash))
                .key_schema(key("GSI1SK", KeyType::Range))
                .projection(sdk_projection(ProjectionType::Include, &["name", "total"]))
                .index_status(IndexStatus::Active)
                .item_count(7)
                .index_size_bytes(700)
                .build(),
        )
        .global_secondary_indexes(
            GlobalSecondaryIndexDescription::builder()
                .index_name("MULTI")
                .key_schema(key("GSI1PK", KeyType::Hash))
                .key_schema(key("SK", KeyType::Hash))
                .key_schema(key("created", KeyType::Range))
                .key_schema(key("GSI1SK", KeyType::Range))
                .projection(sdk_projection(ProjectionType::All, &[]))
                .build(),
        )
        .global_secondary_indexes(
            GlobalSecondaryIndexDescription::builder()
                .index_name("RANGE_FIRST")
                .key_schema(key("SK", KeyType::Range))
                .key_schema(key("GSI1PK", KeyType::Hash))
                .projection(sdk_projection(ProjectionType::All, &[]))
                .build(),
        )
        .local_secondary_indexes(
            LocalSecondaryIndexDescription::builder()
                .index_name("LSI1")
                .key_schema(key("PK", KeyType::Hash))
                .key_schema(key("created", KeyType::Range))
                .projection(sdk_projection(ProjectionType::KeysOnly, &[]))
                .build(),
        )
        .build()
}

#[test]
fn table_description_maps_keys_indexes_counts_billing_and_stream() {
    let ttl = ttl_from_sdk(Some(
        &TimeToLiveDescription::builder()
            .attribute_name("expiresAt")
            .time_to_live_status(TimeToLiveStatus::Enabled)
            .build(),
    ));
    let table = table_from_sdk(&single_table_description(), ttl).expect("convertible table");
    assert_eq!(table.name, "app");
    assert_eq!(table.key.partition.name, "PK");
    assert_eq!(
        table.key.sort.as_ref().map(|sort| sort.value_type),
        Some(ValueType::S)
    );
    assert_eq!(table.attribute_types.get("GSI1SK"), Some(&ValueType::N));
    assert_eq!(table.item_count, Some(42));
    assert_eq!(table.size_bytes, Some(4096));
    assert_eq!(table.status.as_deref(), Some("ACTIVE"));
    assert_eq!(table.billing_mode, Some(BillingMode::PayPerRequest));
    let stream = table.stream.as_ref().expect("stream described");
    assert!(stream.enabled);
    assert_eq!(stream.view_type.as_deref(), Some("NEW_AND_OLD_IMAGES"));
    assert_eq!(stream.latest_arn.as_deref(), Some("arn:stream"));
    let ttl = table.ttl.as_ref().expect("ttl described");
    assert_eq!(
        (ttl.attribute.as_str(), ttl.status.as_str()),
        ("expiresAt", "ENABLED")
    );

    let gsi = table.index("GSI1").expect("GSI1 kept");
    assert_eq!(gsi.kind, IndexKind::Global);
    assert_eq!(
        gsi.key.sort.as_ref().map(|sort| sort.value_type),
        Some(ValueType::N)
    );
    assert_eq!(
        gsi.projection,
        Projection::Include(vec!["name".into(), "total".into()])
    );
    assert_eq!((gsi.item_count, gsi.size_bytes), (Some(7), Some(700)));
    assert_eq!(gsi.status.as_deref(), Some("ACTIVE"));

    let lsi = table.index("LSI1").expect("LSI1 kept");
    assert_eq!(lsi.kind, IndexKind::Local);
    assert_eq!(lsi.projection, Projection::KeysOnly);
    assert_eq!(
        lsi.key.sort.as_ref().map(|sort| sort.value_type),
        Some(ValueType::B)
    );
    assert_eq!(lsi.status, None);

    let multi = table.index("MULTI").expect("a multi-attribute GSI is kept");
    let names = |attributes: Vec<&KeyAttribute>| -> Vec<(String, ValueType)> {
        attributes
            .into_iter()
            .map(|attribute| (attribute.name.clone(), attribute.value_type))
            .collect()
    };
    assert_eq!(
        names(multi.key.partition_attributes().collect()),
        [("GSI1PK".into(), ValueType::S), ("SK".into(), ValueType::S)],
        "HASH elements in the order the service lists them"
    );
    assert_eq!(
        names(multi.key.sort_attributes().collect()),
        [
            ("created".into(), ValueType::B),
            ("GSI1SK".into(), ValueType::N)
        ],
    );
    assert_eq!(
        table.unsupported_indexes,
        ["RANGE_FIRST"],
        "a HASH after a RANGE is named, not dropped"
    );
}

#[test]
fn a_table_without_a_billing_summary_but_with_throughput_is_provisioned() {
    let description = SdkTable::builder()
        .table_name("old")
        .attribute_definitions(definition("id", ScalarAttributeType::N))
        .key_schema(key("id", KeyType::Hash))
        .provisioned_throughput(
            aws_sdk_dynamodb::types::ProvisionedThroughputDescription::builder()
                .read_capacity_units(5)
                .write_capacity_units(5)
                .build(),
        )
        .build();
    let table = table_from_sdk(&description, None).expect("convertible table");
    assert_eq!(table.billing_mode, Some(BillingMode::Provisioned));
    assert_eq!(table.key.sort, None);
    assert_eq!(table.key.partition.value_type, ValueType::N);
    assert_eq!(table.ttl, None);
}

#[test]
fn a_table_key_without_an_attribute_definition_is_an_error() {
    let description = SdkTable::builder()
        .table_name("broken")
        .key_schema(key("id", KeyType::Hash))
        .build();
    let error = table_from_sdk(&description, None).expect_err("untyped key");
    assert!(
        error
            .to_string()
            .starts_with("Table: unsupported table key schema"),
        "{error}"
    );
}

#[test]
fn ttl_without_an_attribute_is_no_ttl() {
    let description = TimeToLiveDescription::builder()
        .time_to_live_status(TimeToLiveStatus::Disabled)
        .build();
    assert_eq!(ttl_from_sdk(Some(&description)), None);
    assert_eq!(ttl_from_sdk(None), None);
}
