//! Every kind of write, then `kill -9`, then a restart on the same folder: the tables, their
//! settings and their items read back identically (38-digit numbers, sets, binary, empty
//! strings), a GSI query included.

use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::types::{
    AttributeDefinition, AttributeValue, BillingMode, GlobalSecondaryIndex,
    GlobalSecondaryIndexUpdate, KeySchemaElement, KeyType, Projection, ProjectionType,
    ProvisionedThroughput, PutRequest, ScalarAttributeType, StreamSpecification, StreamViewType,
    TableDescription, Tag, TimeToLiveDescription, TimeToLiveSpecification, TransactWriteItem,
    WriteRequest,
};
use aws_smithy_types::Blob;

use crate::process::{Durable, Item, scan_all};
use crate::support::scratch::Scratch;
use crate::support::{block_on, sdk_client};

fn s(text: &str) -> AttributeValue {
    AttributeValue::S(text.to_owned())
}

fn n(text: &str) -> AttributeValue {
    AttributeValue::N(text.to_owned())
}

fn item(pairs: &[(&str, AttributeValue)]) -> Item {
    pairs
        .iter()
        .map(|(name, value)| ((*name).to_owned(), value.clone()))
        .collect()
}

fn key_element(name: &str, kind: KeyType) -> KeySchemaElement {
    KeySchemaElement::builder()
        .attribute_name(name)
        .key_type(kind)
        .build()
        .expect("a key element")
}

fn definition(name: &str, kind: ScalarAttributeType) -> AttributeDefinition {
    AttributeDefinition::builder()
        .attribute_name(name)
        .attribute_type(kind)
        .build()
        .expect("a definition")
}

fn gsi(name: &str, partition: &str, sort: &str) -> GlobalSecondaryIndex {
    GlobalSecondaryIndex::builder()
        .index_name(name)
        .key_schema(key_element(partition, KeyType::Hash))
        .key_schema(key_element(sort, KeyType::Range))
        .projection(
            Projection::builder()
                .projection_type(ProjectionType::All)
                .build(),
        )
        .build()
        .expect("a GSI")
}

/// `Orders`: PK/SK, a GSI on status/created, a stream, on demand. `Ledger`: a number key,
/// provisioned. `Matches`: the other kinds of index.
async fn create_tables(client: &Client) {
    client
        .create_table()
        .table_name("Orders")
        .key_schema(key_element("PK", KeyType::Hash))
        .key_schema(key_element("SK", KeyType::Range))
        .attribute_definitions(definition("PK", ScalarAttributeType::S))
        .attribute_definitions(definition("SK", ScalarAttributeType::S))
        .attribute_definitions(definition("status", ScalarAttributeType::S))
        .attribute_definitions(definition("created", ScalarAttributeType::N))
        .global_secondary_indexes(gsi("byStatus", "status", "created"))
        .billing_mode(BillingMode::PayPerRequest)
        .stream_specification(
            StreamSpecification::builder()
                .stream_enabled(true)
                .stream_view_type(StreamViewType::NewAndOldImages)
                .build()
                .expect("a stream"),
        )
        .send()
        .await
        .expect("Orders is created");
    client
        .create_table()
        .table_name("Ledger")
        .key_schema(key_element("id", KeyType::Hash))
        .attribute_definitions(definition("id", ScalarAttributeType::N))
        .provisioned_throughput(
            ProvisionedThroughput::builder()
                .read_capacity_units(7)
                .write_capacity_units(3)
                .build()
                .expect("throughput"),
        )
        .send()
        .await
        .expect("Ledger is created");
    create_matches(client).await;
}

/// `Matches`: a local index, and a global one with a multi-attribute key.
async fn create_matches(client: &Client) {
    let by_score = aws_sdk_dynamodb::types::LocalSecondaryIndex::builder()
        .index_name("byScore")
        .key_schema(key_element("matchId", KeyType::Hash))
        .key_schema(key_element("score", KeyType::Range))
        .projection(
            Projection::builder()
                .projection_type(ProjectionType::Include)
                .non_key_attributes("winner")
                .build(),
        )
        .build()
        .expect("an LSI");
    let by_region = GlobalSecondaryIndex::builder()
        .index_name("byRegion")
        .key_schema(key_element("tournamentId", KeyType::Hash))
        .key_schema(key_element("region", KeyType::Hash))
        .key_schema(key_element("round", KeyType::Range))
        .projection(
            Projection::builder()
                .projection_type(ProjectionType::All)
                .build(),
        )
        .build()
        .expect("a multi-attribute GSI");
    client
        .create_table()
        .table_name("Matches")
        .key_schema(key_element("matchId", KeyType::Hash))
        .key_schema(key_element("at", KeyType::Range))
        .attribute_definitions(definition("matchId", ScalarAttributeType::S))
        .attribute_definitions(definition("at", ScalarAttributeType::N))
        .attribute_definitions(definition("score", ScalarAttributeType::N))
        .attribute_definitions(definition("tournamentId", ScalarAttributeType::S))
        .attribute_definitions(definition("region", ScalarAttributeType::S))
        .attribute_definitions(definition("round", ScalarAttributeType::S))
        .local_secondary_indexes(by_score)
        .global_secondary_indexes(by_region)
        .billing_mode(BillingMode::PayPerRequest)
        .send()
        .await
        .expect("Matches is created");
    client
        .put_item()
        .table_name("Matches")
        .set_item(Some(item(&[
            ("matchId", s("m1")),
            ("at", n("1")),
            ("score", n("3")),
            ("winner", s("")),
            ("tournamentId", s("W24")),
            ("region", s("NA-EAST")),
            ("round", s("SEMIFINALS")),
        ])))
        .send()
        .await
        .expect("a match is written");
}

/// An order with every kind of value the store must keep as it is.
fn rich_order() -> Item {
    let nested = AttributeValue::M(item(&[
        ("empty", s("")),
        (
            "deep",
            AttributeValue::L(vec![n("-0.5"), AttributeValue::Null(true)]),
        ),
    ]));
    item(&[
        ("PK", s("U#1")),
        ("SK", s("O#1")),
        ("status", s("open")),
        ("created", n("12345678901234567890123456789012345678")),
        ("note", s("")),
        (
            "blob",
            AttributeValue::B(Blob::new(vec![0, 159, 146, 150, 255])),
        ),
        ("tags", AttributeValue::Ss(vec!["a".into(), "b c".into()])),
        (
            "amounts",
            AttributeValue::Ns(vec![
                "0.000000000000000000000000000000000001".into(),
                "99999999999999999999999999999999999999".into(),
            ]),
        ),
        (
            "digests",
            AttributeValue::Bs(vec![Blob::new(vec![0]), Blob::new(vec![1, 2, 3])]),
        ),
        ("paid", AttributeValue::Bool(false)),
        ("nested", nested),
    ])
}

/// Each kind of write serve answers: PutItem, UpdateItem, DeleteItem, BatchWriteItem,
/// TransactWriteItems, a PartiQL INSERT, and the table changes (TTL, tags, a new GSI).
async fn write_everything(client: &Client) {
    let put = |it: Item| {
        client
            .put_item()
            .table_name("Orders")
            .set_item(Some(it))
            .send()
    };
    put(rich_order()).await.expect("PutItem");
    for (sk, status, created) in [("O#2", "open", "2"), ("O#3", "shipped", "3")] {
        put(item(&[
            ("PK", s("U#1")),
            ("SK", s(sk)),
            ("status", s(status)),
            ("created", n(created)),
        ]))
        .await
        .expect("PutItem");
    }
    client
        .update_item()
        .table_name("Orders")
        .key("PK", s("U#1"))
        .key("SK", s("O#2"))
        .update_expression("SET #s = :s ADD visits :one")
        .expression_attribute_names("#s", "status")
        .expression_attribute_values(":s", s("shipped"))
        .expression_attribute_values(":one", n("1"))
        .send()
        .await
        .expect("UpdateItem");
    client
        .delete_item()
        .table_name("Orders")
        .key("PK", s("U#1"))
        .key("SK", s("O#3"))
        .send()
        .await
        .expect("DeleteItem");
    let batch: Vec<WriteRequest> = (1..=3)
        .map(|i| {
            let id = format!("1234567890123456789012345678901234567{i}");
            let request = PutRequest::builder()
                .set_item(Some(item(&[("id", n(&id)), ("memo", s(""))])))
                .build()
                .expect("a put request");
            WriteRequest::builder().put_request(request).build()
        })
        .collect();
    client
        .batch_write_item()
        .request_items("Ledger", batch)
        .send()
        .await
        .expect("BatchWriteItem");
    let transact_put = |sk: &str| {
        let put = aws_sdk_dynamodb::types::Put::builder()
            .table_name("Orders")
            .set_item(Some(item(&[("PK", s("U#2")), ("SK", s(sk))])))
            .build()
            .expect("a put");
        TransactWriteItem::builder().put(put).build()
    };
    client
        .transact_write_items()
        .transact_items(transact_put("T#a"))
        .transact_items(transact_put("T#b"))
        .send()
        .await
        .expect("TransactWriteItems");
    client
        .execute_statement()
        .statement("INSERT INTO \"Orders\" VALUE {'PK': 'U#3', 'SK': 'Q#1', 'status': 'open', 'created': 9}")
        .send()
        .await
        .expect("a PartiQL INSERT");
    change_tables(client).await;
}

async fn change_tables(client: &Client) {
    client
        .update_time_to_live()
        .table_name("Orders")
        .time_to_live_specification(
            TimeToLiveSpecification::builder()
                .attribute_name("expires")
                .enabled(true)
                .build()
                .expect("a TTL"),
        )
        .send()
        .await
        .expect("UpdateTimeToLive");
    let arn = described_arn(client, "Orders").await;
    client
        .tag_resource()
        .resource_arn(arn)
        .tags(Tag::builder().key("team").value("").build().expect("a tag"))
        .send()
        .await
        .expect("TagResource");
    let create = aws_sdk_dynamodb::types::CreateGlobalSecondaryIndexAction::builder()
        .index_name("bySk")
        .key_schema(key_element("SK", KeyType::Hash))
        .projection(
            Projection::builder()
                .projection_type(ProjectionType::KeysOnly)
                .build(),
        )
        .build()
        .expect("a GSI");
    client
        .update_table()
        .table_name("Orders")
        .global_secondary_index_updates(
            GlobalSecondaryIndexUpdate::builder().create(create).build(),
        )
        .send()
        .await
        .expect("UpdateTable adds a GSI");
}

async fn described_arn(client: &Client, table: &str) -> String {
    let described = client.describe_table().table_name(table).send().await;
    let table = described.expect("DescribeTable").table.expect("a table");
    table.table_arn.expect("an ARN")
}

/// What a client can read of the tables: items, descriptions, TTL, tags and a GSI query
/// (compared as values: the SDK's maps have no order).
#[derive(Debug, PartialEq)]
struct Seen {
    tables: Vec<String>,
    items: Vec<Vec<Item>>,
    descriptions: Vec<TableDescription>,
    ttl: Vec<Option<TimeToLiveDescription>>,
    tags: Vec<Option<Vec<Tag>>>,
    open_orders: Option<Vec<Item>>,
    region_matches: Option<Vec<Item>>,
}

async fn snapshot(client: &Client) -> Seen {
    let listed = client.list_tables().send().await.expect("ListTables");
    let tables = listed.table_names.unwrap_or_default();
    let mut seen = Seen {
        tables: tables.clone(),
        items: Vec::new(),
        descriptions: Vec::new(),
        ttl: Vec::new(),
        tags: Vec::new(),
        open_orders: None,
        region_matches: None,
    };
    for table in &tables {
        seen.items.push(scan_all(client, table).await);
        let described = client.describe_table().table_name(table).send().await;
        let mut described = described.expect("DescribeTable").table.expect("a table");
        // The stream is a new one after a restart (its records are not kept): compare its
        // settings, not its ARN.
        described.latest_stream_arn = None;
        described.latest_stream_label = None;
        seen.descriptions.push(described);
        let ttl = client
            .describe_time_to_live()
            .table_name(table)
            .send()
            .await;
        seen.ttl
            .push(ttl.expect("DescribeTimeToLive").time_to_live_description);
        let arn = described_arn(client, table).await;
        let tags = client
            .list_tags_of_resource()
            .resource_arn(arn)
            .send()
            .await;
        seen.tags.push(tags.expect("ListTags").tags);
    }
    let query = client
        .query()
        .table_name("Orders")
        .index_name("byStatus")
        .key_condition_expression("#s = :s")
        .expression_attribute_names("#s", "status")
        .expression_attribute_values(":s", s("open"))
        .send()
        .await
        .expect("a GSI Query");
    seen.open_orders = query.items;
    let query = client
        .query()
        .table_name("Matches")
        .index_name("byRegion")
        .key_condition_expression("tournamentId = :t AND #r = :r")
        .expression_attribute_names("#r", "region")
        .expression_attribute_values(":t", s("W24"))
        .expression_attribute_values(":r", s("NA-EAST"))
        .send()
        .await
        .expect("a multi-attribute GSI Query");
    seen.region_matches = query.items;
    seen
}

#[test]
fn every_write_survives_kill_9_and_reads_back_identically() {
    let scratch = Scratch::new("serve-durable-round-trip");
    let dir = scratch.path().join("data");
    let server = Durable::start(&dir, &[]);
    let client = sdk_client(&server.endpoint);
    let before = block_on(async {
        create_tables(&client).await;
        write_everything(&client).await;
        snapshot(&client).await
    });
    assert_eq!(before.tables, ["Ledger", "Matches", "Orders"]);
    assert_eq!(
        before.items[2].len(),
        5,
        "every write was made: {before:#?}"
    );
    assert_eq!(before.open_orders.as_ref().map(Vec::len), Some(2));
    assert_eq!(before.region_matches.as_ref().map(Vec::len), Some(1));
    server.kill_9();
    let server = Durable::start(&dir, &[]);
    let client = sdk_client(&server.endpoint);
    let after = block_on(snapshot(&client));
    assert_eq!(before, after);
    let stream = block_on(client.describe_table().table_name("Orders").send())
        .expect("DescribeTable")
        .table
        .and_then(|table| table.stream_specification)
        .expect("the stream is still enabled");
    assert_eq!(
        stream.stream_view_type,
        Some(StreamViewType::NewAndOldImages)
    );
    server.kill_9();
}

#[test]
fn each_access_key_finds_its_own_tables_after_a_restart() {
    let scratch = Scratch::new("serve-durable-namespaces");
    let dir = scratch.path().join("data");
    let server = Durable::start(&dir, &[]);
    block_on(create_tables(&sdk_client(&server.endpoint)));
    server.kill_9();
    let server = Durable::start(&dir, &[]);
    let listed = block_on(sdk_client(&server.endpoint).list_tables().send()).expect("ListTables");
    assert_eq!(listed.table_names(), ["Ledger", "Matches", "Orders"]);
    server.kill_9();
    // Started --shared, the same folder serves the shared tables, which are none yet.
    let shared = Durable::start(&dir, &["--shared"]);
    let listed = block_on(sdk_client(&shared.endpoint).list_tables().send()).expect("ListTables");
    assert!(listed.table_names().is_empty());
    shared.kill_9();
}
