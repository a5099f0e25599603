//! `ddbx bulk --add`: a number of every item of a scope adjusted where it stands, each write
//! guarded on its result; items whose number as read breaks the guard are refused before the
//! run, and undoing the run takes back only its own amounts.

use ddbx::domain::value::{AttrValue, Item};

use crate::common::{Fixture, number};
use crate::support::Server;

fn accounts(balances: &[&str]) -> Vec<Item> {
    balances
        .iter()
        .enumerate()
        .map(|(i, balance)| {
            Item::from([
                ("PK".to_owned(), AttrValue::s("BANK#1")),
                ("SK".to_owned(), AttrValue::s(format!("ACCOUNT#{i}"))),
                ("balance".to_owned(), number(balance)),
            ])
        })
        .collect()
}

async fn balances(fixture: &Fixture) -> Vec<AttrValue> {
    fixture
        .items()
        .await
        .iter()
        .map(|item| item["balance"].clone())
        .collect()
}

/// Someone else adds 1 to account `i` (an adjustment of their own, through another journal).
fn someone_adds_one(fixture: &Fixture, i: usize) {
    let mut other = fixture.command(&[
        "update",
        "--pk",
        "BANK#1",
        "--sk",
        &format!("ACCOUNT#{i}"),
        "--add",
        "balance=1",
    ]);
    other.env("DDBX_JOURNAL", fixture.state.join("someone-else.jsonl"));
    crate::support::cli::run_command(other).success();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bulk_adjustment_guards_each_item_and_its_undo_keeps_other_writes() {
    let Some(fixture) = Fixture::new(Server::DdbLocal, "bulk-adjust").await else {
        return;
    };
    fixture
        .seed(&accounts(&[
            "10",
            "20",
            "30",
            "40",
            "12345678901234567890123456789012345678",
        ]))
        .await;
    let scope = [
        "bulk",
        "--pk",
        "BANK#1",
        "--add",
        "balance=-25",
        "--at-least",
        "balance=0",
    ];

    let dry = fixture
        .ddbx(&[&scope[..], &["--dry-run"]].concat())
        .success();
    let plan: serde_json::Value = serde_json::from_str(&dry.stdout).expect("a JSON plan");
    assert_eq!(plan["by_operation"]["UpdateItem"], 3, "{}", dry.stdout);
    assert_eq!(plan["refused"]["count"], 2, "{}", dry.stdout);
    assert!(
        dry.stdout
            .contains("balance is 10: adding -25 would leave it at -15, below 0"),
        "{}",
        dry.stdout
    );
    // Each item's change old → new, numbers exact to the last of 38 digits.
    assert_eq!(plan["item_changes"]["count"], 3, "{}", dry.stdout);
    let changes: Vec<(String, String, String)> = plan["item_changes"]["items"]
        .as_array()
        .expect("items")
        .iter()
        .flat_map(|item| item["changes"].as_array().expect("changes").clone())
        .map(|change| {
            (
                change["path"].as_str().unwrap_or_default().to_owned(),
                change["old"]["N"].as_str().unwrap_or_default().to_owned(),
                change["new"]["N"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect();
    let expected = [
        ("balance", "30", "5"),
        ("balance", "40", "15"),
        (
            "balance",
            "12345678901234567890123456789012345678",
            "12345678901234567890123456789012345653",
        ),
    ]
    .map(|(path, old, new)| (path.to_owned(), old.to_owned(), new.to_owned()));
    assert_eq!(changes, expected, "{}", dry.stdout);

    fixture
        .ddbx(&[&scope[..], &["--skip-refused"]].concat())
        .success();
    assert_eq!(
        balances(&fixture).await,
        [
            "10",
            "20",
            "5",
            "15",
            "12345678901234567890123456789012345653"
        ]
        .map(number)
    );

    someone_adds_one(&fixture, 2);
    fixture.ddbx(&["undo"]).success();
    assert_eq!(
        balances(&fixture).await,
        [
            "10",
            "20",
            "31",
            "40",
            "12345678901234567890123456789012345678"
        ]
        .map(number),
        "the undo adds back each 25 and keeps the other writer's 1"
    );
}
