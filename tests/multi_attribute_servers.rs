//! What the local servers do with a table whose GSI has multi-attribute keys (two HASH and two
//! RANGE elements, allowed by DynamoDB since November 2025). `ddbx serve` creates and queries
//! one; of the others none implements the feature yet, and each test asserts the behaviour
//! observed, so a server that gains it makes the test fail and the note in
//! docs/multi-attribute-keys.md is revisited.

#[path = "serve/server.rs"]
mod server;
mod support;

use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::types::{
    AttributeDefinition, BillingMode, GlobalSecondaryIndex, KeySchemaElement, KeyType, Projection,
    ProjectionType, ScalarAttributeType,
};
use ddbx::backend::Backend;
use ddbx::backend::aws::{AwsBackend, AwsOptions};
use support::{Server, sdk_client, server_endpoint, unique_table_name};

fn definition(name: &str, kind: ScalarAttributeType) -> AttributeDefinition {
    AttributeDefinition::builder()
        .attribute_name(name)
        .attribute_type(kind)
        .build()
        .expect("complete definition")
}

fn element(name: &str, key_type: KeyType) -> KeySchemaElement {
    KeySchemaElement::builder()
        .attribute_name(name)
        .key_type(key_type)
        .build()
        .expect("complete key element")
}

/// CreateTable with GSI `ByRegion`: HASH tournamentId, HASH region, RANGE round, RANGE matchNo.
async fn create_multi_attribute_table(client: &Client, table: &str) -> Result<(), String> {
    let index = GlobalSecondaryIndex::builder()
        .index_name("ByRegion")
        .key_schema(element("tournamentId", KeyType::Hash))
        .key_schema(element("region", KeyType::Hash))
        .key_schema(element("round", KeyType::Range))
        .key_schema(element("matchNo", KeyType::Range))
        .projection(
            Projection::builder()
                .projection_type(ProjectionType::All)
                .build(),
        )
        .build()
        .expect("complete index");
    client
        .create_table()
        .table_name(table)
        .billing_mode(BillingMode::PayPerRequest)
        .attribute_definitions(definition("matchId", ScalarAttributeType::S))
        .attribute_definitions(definition("tournamentId", ScalarAttributeType::S))
        .attribute_definitions(definition("region", ScalarAttributeType::S))
        .attribute_definitions(definition("round", ScalarAttributeType::S))
        .attribute_definitions(definition("matchNo", ScalarAttributeType::N))
        .key_schema(element("matchId", KeyType::Hash))
        .global_secondary_indexes(index)
        .send()
        .await
        .map(|_| ())
        .map_err(|error| format!("{}", aws_sdk_dynamodb::error::DisplayErrorContext(error)))
}

async fn outcome(server: Server) -> Option<Result<(), String>> {
    let endpoint = server_endpoint(server)?;
    let client = sdk_client(&endpoint);
    let table = unique_table_name("multi-attribute");
    let result = create_multi_attribute_table(&client, &table).await;
    eprintln!("{}: {result:?}", server.name());
    if result.is_ok() {
        let _ = client.delete_table().table_name(&table).send().await;
    }
    Some(result)
}

#[tokio::test]
async fn dynamodb_local_refuses_a_gsi_with_two_hash_and_two_range_elements() {
    let Some(result) = outcome(Server::DdbLocal).await else {
        return;
    };
    let error = result.expect_err("DynamoDB Local 1.25.1 has no multi-attribute keys");
    assert!(
        error.contains(
            "Key Schema too big.  Key Schema must at most consist of the hash and range key of a table"
        ),
        "{error}"
    );
}

#[tokio::test]
async fn dynalite_refuses_a_gsi_with_two_hash_and_two_range_elements() {
    let Some(result) = outcome(Server::Dynalite).await else {
        return;
    };
    let error = result.expect_err("dynalite has no multi-attribute keys");
    assert!(
        error.contains(
            "failed to satisfy constraint: Member must have length less than or equal to 2"
        ),
        "{error}"
    );
}

/// moto accepts the table and describes the index with its four key elements in order, which
/// ddbx reads as a two-attribute partition key and a two-attribute sort key.
#[tokio::test]
async fn moto_accepts_a_gsi_with_two_hash_and_two_range_elements_and_ddbx_describes_it_in_order() {
    let Some(endpoint) = server_endpoint(Server::Moto) else {
        return;
    };
    let client = sdk_client(&endpoint);
    let table = unique_table_name("multi-attribute");
    create_multi_attribute_table(&client, &table)
        .await
        .expect("moto accepts multi-attribute GSI keys");
    let backend = AwsBackend::connect(AwsOptions {
        region: Some(support::TEST_REGION.into()),
        endpoint_url: Some(endpoint),
        profile: None,
    })
    .await
    .expect("connects");
    let description = backend.describe_table(&table).await.expect("describes");
    let _ = client.delete_table().table_name(&table).send().await;
    let index = description.index("ByRegion").expect("the index is kept");
    assert_eq!(index.key.partition_label(), "tournamentId + region");
    assert_eq!(index.key.sort_label().as_deref(), Some("round + matchNo"));
    assert!(description.unsupported_indexes.is_empty());
}

/// `ddbx serve` creates the table, describes the index's four key elements in order, and answers
/// a Query of the index on both partition attributes and the first sort attribute.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ddbx_serve_creates_and_queries_a_gsi_with_two_hash_and_two_range_elements() {
    use aws_sdk_dynamodb::types::AttributeValue;
    let served = server::Served::start(&[]);
    let client = sdk_client(&served.endpoint);
    let table = unique_table_name("multi-attribute");
    create_multi_attribute_table(&client, &table)
        .await
        .expect("ddbx serve has multi-attribute GSI keys");
    let described = client
        .describe_table()
        .table_name(&table)
        .send()
        .await
        .expect("describes");
    let index = &described
        .table()
        .expect("a table")
        .global_secondary_indexes()[0];
    let elements: Vec<(&str, &str)> = index
        .key_schema()
        .iter()
        .map(|element| (element.attribute_name(), element.key_type().as_str()))
        .collect();
    assert_eq!(
        elements,
        [
            ("tournamentId", "HASH"),
            ("region", "HASH"),
            ("round", "RANGE"),
            ("matchNo", "RANGE")
        ]
    );
    for (id, region, round, number) in [
        ("m1", "EU", "R1", "1"),
        ("m2", "EU", "R1", "2"),
        ("m3", "EU", "R2", "1"),
        ("m4", "US", "R1", "1"),
    ] {
        client
            .put_item()
            .table_name(&table)
            .item("matchId", AttributeValue::S(id.into()))
            .item("tournamentId", AttributeValue::S("T1".into()))
            .item("region", AttributeValue::S(region.into()))
            .item("round", AttributeValue::S(round.into()))
            .item("matchNo", AttributeValue::N(number.into()))
            .send()
            .await
            .expect("put");
    }
    let found = client
        .query()
        .table_name(&table)
        .index_name("ByRegion")
        .key_condition_expression("tournamentId = :t AND #region = :r AND round = :round")
        .expression_attribute_names("#region", "region")
        .expression_attribute_values(":t", AttributeValue::S("T1".into()))
        .expression_attribute_values(":r", AttributeValue::S("EU".into()))
        .expression_attribute_values(":round", AttributeValue::S("R1".into()))
        .send()
        .await
        .expect("queries the index");
    let ids: Vec<&str> = found
        .items()
        .iter()
        .filter_map(|item| item.get("matchId")?.as_s().ok().map(String::as_str))
        .collect();
    assert_eq!(ids, ["m1", "m2"], "EU's round R1, by matchNo");
    served.stop();
}
