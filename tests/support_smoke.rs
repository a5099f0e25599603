//! Exercises the shared test support against each configured server: create a table with a sort
//! key, a GSI and an LSI, seed more than one BatchWriteItem chunk, count it back, delete it.

mod support;

use aws_sdk_dynamodb::types::Select;
use ddbx::domain::value::{AttrValue, Item, ValueType};
use support::tables::{IndexSpec, ProjectionSpec, TableSpec, create_table, delete_table};
use support::{Server, items::seed_items, sdk_client, server_endpoint, unique_table_name};

async fn seeded_table_holds_every_item_and_is_deleted_afterwards(server: Server) {
    let Some(endpoint) = server_endpoint(server) else {
        return;
    };
    let client = sdk_client(&endpoint);
    let name = unique_table_name("support");
    let spec = TableSpec::single_table(&name)
        .gsi(IndexSpec::new("GSI1", "GSI1PK", ValueType::S).sort("GSI1SK", ValueType::N))
        .lsi("LSI1", "created", ValueType::S, ProjectionSpec::KeysOnly);
    create_table(&client, &spec).await;
    let items: Vec<Item> = (0..60)
        .map(|i| {
            Item::from([
                ("PK".to_owned(), AttrValue::s(format!("USER#{}", i % 3))),
                ("SK".to_owned(), AttrValue::s(format!("ORDER#{i:03}"))),
                ("GSI1PK".to_owned(), AttrValue::s("ORDERS")),
                ("GSI1SK".to_owned(), AttrValue::n(i)),
            ])
        })
        .collect();
    seed_items(&client, &name, &items).await;
    let count = client
        .scan()
        .table_name(&name)
        .select(Select::Count)
        .send()
        .await
        .expect("scan of the seeded table")
        .count;
    assert_eq!(count, 60, "{} holds every seeded item", server.name());
    delete_table(&client, &name).await;
    let after = client.describe_table().table_name(&name).send().await;
    let gone = after
        .as_ref()
        .err()
        .and_then(|error| error.as_service_error())
        .is_some_and(|error| error.is_resource_not_found_exception());
    assert!(gone, "table deleted, DescribeTable gave {after:?}");
}

#[tokio::test]
async fn support_creates_seeds_and_deletes_tables_on_ddblocal() {
    seeded_table_holds_every_item_and_is_deleted_afterwards(Server::DdbLocal).await;
}

#[tokio::test]
async fn support_creates_seeds_and_deletes_tables_on_dynalite() {
    seeded_table_holds_every_item_and_is_deleted_afterwards(Server::Dynalite).await;
}

#[tokio::test]
async fn support_creates_seeds_and_deletes_tables_on_moto() {
    seeded_table_holds_every_item_and_is_deleted_afterwards(Server::Moto).await;
}

#[test]
fn unique_table_names_differ_and_are_valid_dynamodb_names() {
    let first = unique_table_name("same prefix!");
    let second = unique_table_name("same prefix!");
    assert_ne!(first, second);
    for name in [&first, &second] {
        assert!((3..=255).contains(&name.len()));
        assert!(
            name.chars()
                .all(|c| c.is_ascii_alphanumeric() || "_.-".contains(c)),
            "{name}"
        );
    }
}

#[test]
fn synchronous_tests_can_set_up_tables_with_block_on() {
    let Some(endpoint) = server_endpoint(Server::Dynalite) else {
        return;
    };
    let client = sdk_client(&endpoint);
    let name = unique_table_name("support-sync");
    support::block_on(create_table(
        &client,
        &TableSpec::new(&name, "id", ValueType::N),
    ));
    let item = Item::from([("id".to_owned(), AttrValue::n(7))]);
    support::block_on(seed_items(&client, &name, std::slice::from_ref(&item)));
    let count = support::block_on(client.scan().table_name(&name).select(Select::Count).send())
        .expect("scan")
        .count;
    assert_eq!(count, 1);
    support::block_on(delete_table(&client, &name));
}
