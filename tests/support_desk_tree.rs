//! A support-desk design on DynamoDB Local, keyed the way its guides write it: a tenant's
//! partition (`TENANT#acme`) holds the tenant and its tickets, each ticket's partition
//! (`TENANT#acme#TICKET#tkt_00001`) holds its comments. The comments belong to the ticket, the
//! deepest labelled part of their partition key, and the level rows say which partitions they hold:
//! headless `collections` and the home screen agree.

mod support;
mod tui_support;

use std::sync::Arc;

use ddbx::app::state::Settings;
use ddbx::app::state::rows::home_rows;
use ddbx::domain::value::{AttrValue, Item};
use support::libraries::dynalite_backend;
use support::tables::seeded_table;
use support::{Server, server_endpoint};
use tui_support::Harness;

fn item(pk: &str, sk: &str) -> Item {
    [("PK", pk), ("SK", sk)]
        .into_iter()
        .map(|(name, value)| (name.to_owned(), AttrValue::s(value)))
        .collect()
}

/// Three tenants, five tickets each, three comments per ticket.
fn support_desk() -> Vec<Item> {
    let mut items = Vec::new();
    for tenant in ["acme", "globex", "initech"] {
        items.push(item(&format!("TENANT#{tenant}"), "METADATA"));
        for ticket in 1..=5 {
            let id = format!("tkt_{ticket:05}");
            items.push(item(&format!("TENANT#{tenant}"), &format!("TICKET#{id}")));
            for comment in 1..=3 {
                items.push(item(
                    &format!("TENANT#{tenant}#TICKET#{id}"),
                    &format!("COMMENT#2026-07-0{comment}#c{comment}"),
                ));
            }
        }
    }
    items
}

/// Each group's prefix with its entities and their item counts, as `collections` prints them.
fn printed_groups(stdout: &str) -> Vec<(String, Vec<(String, u64)>)> {
    stdout
        .lines()
        .map(|line| {
            let group: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            let entities = group["entities"]
                .as_array()
                .expect("entities")
                .iter()
                .map(|entity| {
                    let name = entity["entity"].as_str().expect("a name").to_owned();
                    (name, entity["items"].as_u64().expect("a count"))
                })
                .collect();
            (
                group["prefix"].as_str().expect("a prefix").to_owned(),
                entities,
            )
        })
        .collect()
}

fn owned(entities: &[(&str, u64)]) -> Vec<(String, u64)> {
    entities
        .iter()
        .map(|(name, count)| ((*name).to_owned(), *count))
        .collect()
}

#[test]
fn comments_in_a_ticket_partition_belong_to_the_ticket_headless() {
    let Some(endpoint) = server_endpoint(Server::DdbLocal) else {
        return;
    };
    let table = seeded_table(&endpoint, "support-desk", &support_desk());
    let run = support::cli::ddbx(&endpoint, Some(&table.name), &["collections"]).success();
    assert_eq!(
        printed_groups(&run.stdout),
        [
            (
                "TENANT".to_owned(),
                owned(&[("Ticket›Comment", 45), ("Tenant›Ticket", 15), ("Tenant", 3)])
            ),
            (
                "TENANT › TICKET".to_owned(),
                owned(&[("Ticket›Comment", 45)])
            ),
        ]
    );
    // The name is one a person can type: the comments export by their last part.
    let export = support::cli::ddbx(
        &endpoint,
        Some(&table.name),
        &["export", "--entity", "ticket>comment"],
    )
    .success();
    assert_eq!(export.stdout.lines().count(), 45, "{}", export.stderr);
}

#[tokio::test]
async fn the_home_screen_labels_each_level_by_the_partitions_it_holds() {
    let Some(endpoint) = server_endpoint(Server::DdbLocal) else {
        return;
    };
    let table = tokio::task::spawn_blocking({
        let endpoint = endpoint.clone();
        move || seeded_table(&endpoint, "support-desk-ui", &support_desk())
    })
    .await
    .expect("seeded");
    let backend = Arc::new(dynalite_backend(&endpoint).await);
    let mut harness = Harness::new(backend, &table.name, Settings::default());
    harness.start().await;
    let rows: Vec<(usize, String, u64, u64, String)> = home_rows(&harness.state)
        .iter()
        .map(|row| {
            let holds = row
                .entities
                .iter()
                .map(|(entity, count)| format!("{} {count}", entity.unwrap_or("?")))
                .collect::<Vec<_>>()
                .join(", ");
            let name = row.name.as_deref().unwrap_or("-").to_owned();
            (row.depth, name, row.partition_count, row.item_count, holds)
        })
        .collect();
    let expected = [
        (
            0,
            "TENANT",
            18,
            63,
            "Ticket›Comment 45, Tenant›Ticket 15, Tenant 3",
        ),
        (1, "(TENANT alone)", 3, 18, "Tenant›Ticket 15, Tenant 3"),
        (1, "TICKET", 15, 45, "Ticket›Comment 45"),
    ]
    .map(|(depth, name, partitions, items, holds)| {
        (depth, name.to_owned(), partitions, items, holds.to_owned())
    });
    assert_eq!(rows, expected);
    tokio::task::spawn_blocking(move || drop(table))
        .await
        .expect("table deleted");
}
