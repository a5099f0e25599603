//! `ddbx serve` speaks the service's protocol where the engine alone has nothing to say: table
//! changes (UpdateTable, tags), the legacy request parameters, and the service's error wording.
//! Each test drives a served empty engine with the Rust SDK, as any application would.

#[path = "serve/server.rs"]
mod server;
mod support;

use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::error::ProvideErrorMetadata;
use aws_sdk_dynamodb::types::{
    AttributeDefinition, AttributeValue, BillingMode, ComparisonOperator, Condition,
    CreateGlobalSecondaryIndexAction, DeleteGlobalSecondaryIndexAction, ExpectedAttributeValue,
    Get, GlobalSecondaryIndexUpdate, KeySchemaElement, KeyType, LocalSecondaryIndex, Projection,
    ProjectionType, ScalarAttributeType, Tag, TransactGetItem,
};
use server::Served;

fn attribute(name: &str) -> AttributeDefinition {
    AttributeDefinition::builder()
        .attribute_name(name)
        .attribute_type(ScalarAttributeType::S)
        .build()
        .expect("a definition")
}

fn key(name: &str, kind: KeyType) -> KeySchemaElement {
    KeySchemaElement::builder()
        .attribute_name(name)
        .key_type(kind)
        .build()
        .expect("a key element")
}

fn s(text: &str) -> AttributeValue {
    AttributeValue::S(text.to_owned())
}

/// A served engine holding table `Tbl` (PK/SK) with three items in partition `P`.
async fn served_table() -> (Served, Client) {
    let served = Served::start(&[]);
    let client = support::sdk_client(&served.endpoint);
    client
        .create_table()
        .table_name("Tbl")
        .attribute_definitions(attribute("PK"))
        .attribute_definitions(attribute("SK"))
        .key_schema(key("PK", KeyType::Hash))
        .key_schema(key("SK", KeyType::Range))
        .billing_mode(BillingMode::PayPerRequest)
        .send()
        .await
        .expect("CreateTable");
    for (sk, group) in [("1", "a"), ("2", "a"), ("3", "b")] {
        client
            .put_item()
            .table_name("Tbl")
            .item("PK", s("P"))
            .item("SK", s(sk))
            .item("group", s(group))
            .send()
            .await
            .expect("PutItem");
    }
    (served, client)
}

#[tokio::test]
async fn update_table_adds_a_gsi_that_queries_read_and_deletes_it_again() {
    let (served, client) = served_table().await;
    let create = CreateGlobalSecondaryIndexAction::builder()
        .index_name("ByGroup")
        .key_schema(key("group", KeyType::Hash))
        .projection(
            Projection::builder()
                .projection_type(ProjectionType::All)
                .build(),
        )
        .build()
        .expect("a GSI");
    let updated = client
        .update_table()
        .table_name("Tbl")
        .attribute_definitions(attribute("group"))
        .global_secondary_index_updates(
            GlobalSecondaryIndexUpdate::builder().create(create).build(),
        )
        .send()
        .await
        .expect("UpdateTable adds the GSI");
    let indexes = updated
        .table_description()
        .expect("a description")
        .global_secondary_indexes();
    assert_eq!(indexes[0].index_name(), Some("ByGroup"));
    let query = client
        .query()
        .table_name("Tbl")
        .index_name("ByGroup")
        .key_condition_expression("#g = :g")
        .expression_attribute_names("#g", "group")
        .expression_attribute_values(":g", s("a"))
        .send()
        .await
        .expect("the new index is backfilled");
    assert_eq!(query.count(), 2);
    let delete = |name: &str| {
        GlobalSecondaryIndexUpdate::builder()
            .delete(
                DeleteGlobalSecondaryIndexAction::builder()
                    .index_name(name)
                    .build()
                    .expect("a delete"),
            )
            .build()
    };
    client
        .update_table()
        .table_name("Tbl")
        .global_secondary_index_updates(delete("ByGroup"))
        .send()
        .await
        .expect("UpdateTable deletes the GSI");
    let again = client
        .update_table()
        .table_name("Tbl")
        .global_secondary_index_updates(delete("ByGroup"))
        .send()
        .await
        .expect_err("the GSI is gone");
    assert_eq!(again.code(), Some("ResourceNotFoundException"));
    served.stop();
}

#[tokio::test]
async fn legacy_key_conditions_expected_and_attributes_to_get_are_served() {
    let (served, client) = served_table().await;
    let query = client
        .query()
        .table_name("Tbl")
        .key_conditions(
            "PK",
            Condition::builder()
                .comparison_operator(ComparisonOperator::Eq)
                .attribute_value_list(s("P"))
                .build()
                .expect("a condition"),
        )
        .key_conditions(
            "SK",
            Condition::builder()
                .comparison_operator(ComparisonOperator::Ge)
                .attribute_value_list(s("2"))
                .build()
                .expect("a condition"),
        )
        .attributes_to_get("SK")
        .send()
        .await
        .expect("a KeyConditions query");
    let keys: Vec<_> = query
        .items()
        .iter()
        .map(|item| item.keys().cloned().collect::<Vec<_>>())
        .collect();
    assert_eq!(keys, [vec!["SK".to_owned()], vec!["SK".to_owned()]]);
    let refused = client
        .put_item()
        .table_name("Tbl")
        .item("PK", s("P"))
        .item("SK", s("1"))
        .expected(
            "group",
            ExpectedAttributeValue::builder().value(s("b")).build(),
        )
        .send()
        .await
        .expect_err("group is a, not b");
    assert_eq!(refused.code(), Some("ConditionalCheckFailedException"));
    let mixed = client
        .put_item()
        .table_name("Tbl")
        .item("PK", s("P"))
        .item("SK", s("1"))
        .expected(
            "group",
            ExpectedAttributeValue::builder().exists(false).build(),
        )
        .condition_expression("attribute_exists(PK)")
        .send()
        .await
        .expect_err("legacy and expression parameters do not mix");
    assert_eq!(
        mixed.message(),
        Some(
            "Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {Expected} Expression parameters: {ConditionExpression}"
        )
    );
    served.stop();
}

#[tokio::test]
async fn tags_are_kept_per_table_and_an_unknown_table_is_access_denied() {
    let (served, client) = served_table().await;
    let arn = client
        .describe_table()
        .table_name("Tbl")
        .send()
        .await
        .expect("DescribeTable")
        .table()
        .and_then(|table| table.table_arn().map(str::to_owned))
        .expect("an ARN");
    let tag = |k: &str, v: &str| Tag::builder().key(k).value(v).build().expect("a tag");
    client
        .tag_resource()
        .resource_arn(&arn)
        .tags(tag("env", "test"))
        .tags(tag("team", "support"))
        .send()
        .await
        .expect("TagResource");
    client
        .untag_resource()
        .resource_arn(&arn)
        .tag_keys("team")
        .send()
        .await
        .expect("UntagResource");
    let listed = client
        .list_tags_of_resource()
        .resource_arn(&arn)
        .send()
        .await
        .expect("ListTags");
    let pairs: Vec<(&str, &str)> = listed.tags().iter().map(|t| (t.key(), t.value())).collect();
    assert_eq!(pairs, [("env", "test")]);
    let unknown = client
        .list_tags_of_resource()
        .resource_arn(arn.replace("table/Tbl", "table/Nope"))
        .send()
        .await
        .expect_err("no such table");
    assert_eq!(unknown.code(), Some("AccessDeniedException"));
    served.stop();
}

#[tokio::test]
async fn errors_use_the_service_wording() {
    let (served, client) = served_table().await;
    let missing = client
        .get_item()
        .table_name("Nope")
        .key("PK", s("P"))
        .send()
        .await
        .expect_err("no table");
    assert_eq!(missing.code(), Some("ResourceNotFoundException"));
    assert_eq!(missing.message(), Some("Requested resource not found"));
    let described = client
        .describe_table()
        .table_name("Nope")
        .send()
        .await
        .expect_err("no table");
    assert_eq!(
        described.message(),
        Some("Requested resource not found: Table: Nope not found")
    );
    let pattern = client
        .get_item()
        .table_name("bad name!")
        .key("PK", s("P"))
        .send()
        .await
        .expect_err("bad name");
    assert_eq!(
        pattern.message(),
        Some(
            "1 validation error detected: Value 'bad name!' at 'tableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+"
        )
    );
    let lsi = client
        .create_table()
        .table_name("HashOnly")
        .attribute_definitions(attribute("PK"))
        .attribute_definitions(attribute("other"))
        .key_schema(key("PK", KeyType::Hash))
        .local_secondary_indexes(
            LocalSecondaryIndex::builder()
                .index_name("L")
                .key_schema(key("PK", KeyType::Hash))
                .key_schema(key("other", KeyType::Range))
                .projection(
                    Projection::builder()
                        .projection_type(ProjectionType::All)
                        .build(),
                )
                .build()
                .expect("an LSI"),
        )
        .billing_mode(BillingMode::PayPerRequest)
        .send()
        .await
        .expect_err("an LSI needs a table sort key");
    assert_eq!(
        lsi.message(),
        Some(
            "One or more parameter values were invalid: Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex"
        )
    );
    served.stop();
}

#[tokio::test]
async fn an_invalid_key_cancels_a_transact_get_and_a_malformed_projection_fails_it() {
    let (served, client) = served_table().await;
    let get = |key: Vec<(&str, &str)>| {
        let mut builder = Get::builder().table_name("Tbl");
        for (name, value) in key {
            builder = builder.key(name, s(value));
        }
        TransactGetItem::builder()
            .get(builder.build().expect("a get"))
            .build()
    };
    let error = client
        .transact_get_items()
        .transact_items(get(vec![("PK", "P"), ("SK", "1")]))
        .transact_items(get(vec![("PK", "P")]))
        .send()
        .await
        .expect_err("the second get lacks the sort key");
    let service = error.into_service_error();
    let aws_sdk_dynamodb::operation::transact_get_items::TransactGetItemsError::TransactionCanceledException(cancelled) = service else {
        panic!("expected TransactionCanceledException, got {service:?}");
    };
    let codes: Vec<_> = cancelled
        .cancellation_reasons()
        .iter()
        .map(|r| r.code().unwrap_or_default())
        .collect();
    assert_eq!(codes, ["None", "ValidationError"]);
    let malformed = Get::builder()
        .table_name("Tbl")
        .key("PK", s("P"))
        .key("SK", s("1"))
        .projection_expression("SK,,")
        .build()
        .expect("a get");
    let refused = client
        .transact_get_items()
        .transact_items(TransactGetItem::builder().get(malformed).build())
        .send()
        .await
        .expect_err("the projection does not parse");
    assert_eq!(refused.code(), Some("ValidationException"), "{refused:?}");
    served.stop();
}

/// The demo's GSI3 has two partition and two sort attributes: DescribeTable lists every one, in
/// order, as the service lists a multi-attribute key.
#[tokio::test]
async fn describe_table_lists_every_attribute_of_a_multi_attribute_index_key_in_order() {
    let served = Served::start(&["--demo"]);
    let client = support::sdk_client(&served.endpoint);
    let described = client
        .describe_table()
        .table_name(ddbx::demo::TABLE_NAME)
        .send()
        .await
        .expect("DescribeTable");
    let table = described.table.expect("a table");
    let index = table
        .global_secondary_indexes()
        .iter()
        .find(|index| index.index_name() == Some("GSI3"))
        .expect("GSI3 is described");
    let elements: Vec<(&str, &KeyType)> = index
        .key_schema()
        .iter()
        .map(|element| (element.attribute_name(), element.key_type()))
        .collect();
    assert_eq!(
        elements,
        [
            ("status", &KeyType::Hash),
            ("region", &KeyType::Hash),
            ("placedAt", &KeyType::Range),
            ("total", &KeyType::Range),
        ]
    );
    served.stop();
}
