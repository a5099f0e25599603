//! The demo's own model: every access pattern it ships parses, and each one, given values the
//! demo holds, returns the items it is named for from the demo table (the embedded engine);
//! `--demo` puts them in the palette, and `--model` replaces them.

mod tui_support;

use std::collections::BTreeMap;

use ddbx::backend::Backend;
use ddbx::backend::memory::MemoryBackend;
use ddbx::domain::pattern_query::{parameters, pattern_request};
use ddbx::domain::value::Item;
use tui_support::pty::PtySession;

/// A pattern's name, the values of its parameters, and what every returned item must hold.
type Case = (
    &'static str,
    Vec<(&'static str, &'static str)>,
    fn(&Item) -> bool,
);

fn cases() -> Vec<Case> {
    fn s<'a>(item: &'a Item, name: &str) -> &'a str {
        item.get(name).and_then(|value| value.as_s()).unwrap_or("")
    }
    vec![
        ("User profile", vec![("userId", "usr_1001")], |item| {
            s(item, "type") == "User"
        }),
        (
            "Orders of a user",
            vec![("userId", "usr_1001"), ("date", "2026-12")],
            |item| s(item, "SK").starts_with("ORDER#2026-12"),
        ),
        (
            "Orders of a user between two dates (inclusive)",
            vec![
                ("userId", "usr_1001"),
                ("from", "2026-12-06"),
                ("to", "2027-01-05"),
            ],
            // The upper bound's own day is in: ord_5004 was placed on 2027-01-05.
            |item| s(item, "SK") == "ORDER#2027-01-05#ord_5004",
        ),
        (
            "Orders of a user by status",
            vec![("userId", "usr_1001"), ("status", "PENDING"), ("date", "")],
            // LSI1 projects keys only: the status is read from its sort key.
            |item| s(item, "LSI1SK").starts_with("PENDING#"),
        ),
        ("Groups of a user", vec![("userId", "usr_1022")], |item| {
            s(item, "SK").starts_with("GROUP#")
        }),
        ("Members of a group", vec![("groupId", "grp_001")], |item| {
            s(item, "GSI1PK") == "GROUP#grp_001"
        }),
        (
            "Order with its line items",
            vec![("orderId", "ord_5005")],
            |item| s(item, "PK") == "ORDER#ord_5005",
        ),
        ("Orders pending review", vec![], |item| {
            s(item, "status") == "PENDING"
        }),
        (
            "A store's status changes by status and date",
            vec![("storeId", "st_0001"), ("status", "OPEN"), ("date", "")],
            |item| s(item, "SK").starts_with("STATUS#OPEN#DATE#"),
        ),
        ("Account", vec![("accountId", "acc_100")], |item| {
            s(item, "type") == "Account"
        }),
        (
            "Orders by status and region",
            vec![
                ("status", "SHIPPED"),
                ("region", "EU"),
                ("placedAt", "2026"),
            ],
            // GSI3's partition key is status + region; placedAt is the first sort attribute.
            |item| {
                s(item, "status") == "SHIPPED"
                    && s(item, "region") == "EU"
                    && s(item, "placedAt").starts_with("2026")
            },
        ),
    ]
}

#[tokio::test]
async fn every_access_pattern_of_the_demo_returns_its_items_from_the_demo() {
    let model = ddbx::demo::model();
    let (description, items) =
        ddbx::demo::generate(ddbx::demo::DEFAULT_SEED, ddbx::demo::DEFAULT_SIZE);
    let backend = MemoryBackend::new(description.clone(), items).expect("the demo loads");
    let cases = cases();
    let names: Vec<&str> = model
        .access_patterns
        .iter()
        .map(|pattern| pattern.name.as_str())
        .collect();
    let tested: Vec<&str> = cases.iter().map(|(name, ..)| *name).collect();
    assert_eq!(names, tested, "every pattern of the demo's model is tried");
    for (name, values, holds) in cases {
        let pattern = model
            .access_patterns
            .iter()
            .find(|pattern| pattern.name == name)
            .expect("the pattern");
        let expected: Vec<String> = values.iter().map(|(n, _)| (*n).to_owned()).collect();
        assert_eq!(parameters(pattern), expected, "{name}: its parameters");
        let values: BTreeMap<String, String> = values
            .into_iter()
            .map(|(n, v)| (n.to_owned(), v.to_owned()))
            .collect();
        let request = pattern_request(&description, pattern, &values).expect("a request");
        let page = backend.query(request).await.expect("the query runs");
        assert!(!page.items.is_empty(), "{name}: no items");
        for item in &page.items {
            assert!(holds(item), "{name}: {item:?}");
        }
    }
}

#[test]
fn the_demo_model_names_itself_in_the_overview() {
    let model = ddbx::demo::model();
    assert_eq!(model.origin.as_deref(), Some("the demo's model"));
    assert!(
        model.entities.is_empty(),
        "entities are left to the heuristics"
    );
    assert_eq!(model.access_patterns.len(), 11);
}

/// The real binary: `--demo` alone offers the demo's patterns in the palette, and one runs.
#[test]
fn the_demo_palette_offers_its_access_patterns_and_runs_one() {
    let mut session = PtySession::spawn(&["--demo"], &[]);
    session.wait_for("ACCOUNT");
    session.send("\x10");
    session.wait_for("Orders of a user between two dates");
    session.send("members of");
    session.wait_for("Members of a group");
    session.send("\r");
    session.wait_for("groupId");
    session.send("grp_001\r");
    let screen = session.wait_for("USER#usr_1022");
    assert!(screen.contains("GROUP#grp_001"), "{screen}");
    session.send("q");
    session.send("q");
    session.send("q");
    assert!(session.wait_exit().success());
}
