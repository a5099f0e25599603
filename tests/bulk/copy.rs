//! Copying a scope from a table on DynamoDB Local to a table on dynalite, with a key prefix
//! rewritten, as conditioned creates: a second copy finds every key taken and changes nothing.

use ddbx::domain::value::{AttrValue, Item};

use crate::common::{Fixture, count, number, summary};
use crate::support::Server;

fn tenant_items() -> Vec<Item> {
    let mut items = Vec::new();
    for tenant in ["prod", "other"] {
        for i in 0..30 {
            items.push(Item::from([
                (
                    "PK".to_owned(),
                    AttrValue::s(format!("TENANT#{tenant}#USER#{}", i % 5)),
                ),
                ("SK".to_owned(), AttrValue::s(format!("ORDER#{i:02}"))),
                (
                    "total".to_owned(),
                    number("12345678901234567890123456789012345678"),
                ),
                (
                    "tags".to_owned(),
                    AttrValue::Ss(["x".to_owned()].into_iter().collect()),
                ),
            ]));
        }
    }
    items
}

#[tokio::test]
async fn copy_between_two_servers_rewrites_keys_and_never_overwrites() {
    let Some(source) = Fixture::new(Server::DdbLocal, "bulk-copy-src").await else {
        return;
    };
    let Some(target) = Fixture::new(Server::Dynalite, "bulk-copy-dst").await else {
        return;
    };
    source.seed(&tenant_items()).await;
    let args = [
        "copy",
        "--filter",
        "begins_with(PK, \"TENANT#prod#\")",
        "--to-table",
        &target.table,
        "--to-endpoint-url",
        &target.endpoint,
        "--rewrite-prefix",
        "TENANT#prod#=TENANT#dev#",
    ];
    let mut dry_args = args.to_vec();
    dry_args.push("--dry-run");
    let dry = summary(&source.ddbx(&dry_args).success());
    assert_eq!(count(&dry, "writes"), 30);
    assert_eq!(dry["by_operation"]["PutItem"], 30);
    let first = dry["first_requests"][0]["request"].to_string();
    assert!(first.contains("TENANT#dev#"), "{first}");
    assert!(first.contains("attribute_not_exists(PK)"), "{first}");
    assert!(target.items().await.is_empty(), "a dry run sends nothing");

    let copied = summary(&source.ddbx(&args).success());
    assert_eq!(count(&copied, "written"), 30);
    let expected: Vec<Item> = {
        let mut items: Vec<Item> = tenant_items()
            .into_iter()
            .filter(|item| matches!(item.get("PK"), Some(AttrValue::S(pk)) if pk.starts_with("TENANT#prod#")))
            .map(|mut item| {
                if let Some(AttrValue::S(pk)) = item.get("PK").cloned() {
                    item.insert("PK".to_owned(), AttrValue::s(pk.replacen("TENANT#prod#", "TENANT#dev#", 1)));
                }
                item
            })
            .collect();
        items.sort_by_key(crate::common::key_text);
        items
    };
    assert_eq!(target.items().await, expected);

    let again = source.ddbx(&args);
    assert_eq!(again.code, Some(3), "{}", again.stderr);
    assert_eq!(count(&summary(&again), "conflicted"), 30);
    assert_eq!(target.items().await, expected);
}
