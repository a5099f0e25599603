//! ExecuteStatement (PartiQL SELECT): a key select reads its partition in sort key order, page
//! by page with NextToken; without the partition key it scans; filters, projections, sort key
//! conditions, ORDER BY DESC and IN over partition keys; malformed statements are validation
//! errors. DynamoDB Local is the reference; dynalite has no PartiQL.

use std::collections::BTreeSet;

use ddbx::backend::{BackendError, StatementPage, StatementRequest};
use ddbx::domain::value::{AttrValue, Item};

use crate::deviations::Deviation;
use crate::setup::{Harness, item, n, s, text_of};
use crate::support::tables::TableSpec;

fn seeded_items() -> Vec<Item> {
    let mut items = Vec::new();
    for user in 0..3 {
        for order in 0..5 {
            items.push(item([
                ("PK", s(&format!("USER#{user}"))),
                ("SK", s(&format!("ORDER#{order}"))),
                ("n", n(&(user * 10 + order).to_string())),
                ("note", s("")),
            ]));
        }
        items.push(item([
            ("PK", s(&format!("USER#{user}"))),
            ("SK", s("PROFILE")),
            ("n", n(&user.to_string())),
        ]));
    }
    items
}

async fn seeded(h: &Harness) -> String {
    let table = h.create("partiql", TableSpec::single_table("")).await;
    h.seed(&table, &seeded_items()).await;
    table
}

pub fn request(
    statement: String,
    parameters: Vec<AttrValue>,
    limit: Option<u32>,
) -> StatementRequest {
    StatementRequest {
        statement,
        parameters,
        next_token: None,
        limit,
        consistent_read: false,
    }
}

/// Every page of `request`, following NextToken to its end.
pub async fn all_pages(h: &Harness, mut request: StatementRequest) -> Vec<StatementPage> {
    let mut pages = Vec::new();
    loop {
        let page = h
            .backend()
            .execute_statement(request.clone())
            .await
            .unwrap_or_else(|error| panic!("{}: {error}", request.statement));
        let next = page.next_token.clone();
        pages.push(page);
        assert!(pages.len() < 100, "NextToken never ends");
        match next {
            Some(token) => request.next_token = Some(token),
            None => return pages,
        }
    }
}

fn items_of(pages: &[StatementPage]) -> Vec<Item> {
    pages.iter().flat_map(|page| page.items.clone()).collect()
}

fn keys(items: &[Item]) -> Vec<(String, String)> {
    items
        .iter()
        .map(|item| {
            (
                text_of(item, "PK").to_owned(),
                text_of(item, "SK").to_owned(),
            )
        })
        .collect()
}

/// Items compared without their order.
fn unordered(items: &[Item]) -> BTreeSet<String> {
    items.iter().map(|item| format!("{item:?}")).collect()
}

fn expected(filter: impl Fn(&Item) -> bool) -> Vec<Item> {
    seeded_items().into_iter().filter(filter).collect()
}

pub async fn a_key_select_reads_its_partition_in_sort_order_page_by_page(h: &Harness) {
    let table = seeded(h).await;
    let statement = format!(r#"SELECT * FROM "{table}" WHERE PK = ?"#);
    let pages = all_pages(h, request(statement, vec![s("USER#1")], Some(2))).await;
    let want = expected(|item| text_of(item, "PK") == "USER#1");
    assert_eq!(items_of(&pages), want, "whole items, sort key ascending");
    assert!(
        pages.len() >= 3,
        "6 items in pages of 2: {} pages",
        pages.len()
    );
    if Deviation::DdbLocalReportsNoCapacityForStatements.applies_to(h.server) {
        Deviation::DdbLocalReportsNoCapacityForStatements.note(h.server);
        assert!(pages.iter().all(|page| page.consumed.is_none()));
    } else {
        assert!(
            pages.iter().all(|page| page.consumed.is_some()),
            "every page reports consumed capacity"
        );
    }
    h.drop_table(&table).await;
}

pub async fn a_select_without_the_partition_key_scans_filters_and_projects(h: &Harness) {
    let table = seeded(h).await;
    let statement =
        format!(r#"SELECT PK, "n" FROM "{table}" WHERE n >= 12 AND begins_with(SK, 'ORDER#')"#);
    let got = items_of(&all_pages(h, request(statement, Vec::new(), Some(4))).await);
    let at_least_12 = |item: &Item| match (&item["n"], n("12")) {
        (AttrValue::N(value), AttrValue::N(twelve)) => *value >= twelve,
        _ => false,
    };
    let want: Vec<Item> =
        expected(|item| text_of(item, "SK").starts_with("ORDER#") && at_least_12(item))
            .into_iter()
            .map(|item| {
                item.into_iter()
                    .filter(|(name, _)| name == "PK" || name == "n")
                    .collect()
            })
            .collect();
    assert_eq!(
        unordered(&got),
        unordered(&want),
        "a scan's order is its own"
    );
    h.drop_table(&table).await;
}

pub async fn sort_key_conditions_and_order_by_desc_narrow_and_reverse_a_key_select(h: &Harness) {
    let table = seeded(h).await;
    let statement = format!(
        r#"SELECT * FROM "{table}" WHERE PK = 'USER#2' AND SK BETWEEN 'ORDER#1' AND 'ORDER#3' ORDER BY SK DESC"#
    );
    let got = items_of(&all_pages(h, request(statement, Vec::new(), None)).await);
    assert_eq!(
        keys(&got),
        [
            ("USER#2", "ORDER#3"),
            ("USER#2", "ORDER#2"),
            ("USER#2", "ORDER#1")
        ]
        .map(|(pk, sk)| (pk.to_owned(), sk.to_owned()))
    );
    let statement =
        format!(r#"SELECT * FROM "{table}" WHERE PK = 'USER#0' AND SK > 'ORDER#3' AND n < 4"#);
    let got = items_of(&all_pages(h, request(statement, Vec::new(), None)).await);
    assert_eq!(keys(&got), [("USER#0".to_owned(), "PROFILE".to_owned())]);
    h.drop_table(&table).await;
}

pub async fn in_over_partition_keys_reads_each_partition_named(h: &Harness) {
    let table = seeded(h).await;
    let statement =
        format!(r#"SELECT * FROM "{table}" WHERE PK IN ['USER#0', ?] AND SK = 'PROFILE'"#);
    let got = items_of(&all_pages(h, request(statement, vec![s("USER#2")], None)).await);
    let got: BTreeSet<(String, String)> = keys(&got).into_iter().collect();
    let want: BTreeSet<(String, String)> = ["USER#0", "USER#2"]
        .map(|pk| (pk.to_owned(), "PROFILE".to_owned()))
        .into_iter()
        .collect();
    assert_eq!(got, want);
    h.drop_table(&table).await;
}

pub async fn malformed_statements_and_missing_parameters_are_validation_errors(h: &Harness) {
    let table = seeded(h).await;
    for (statement, parameters) in [
        (format!(r#"SELECT * FROM "{table}" WHERE"#), Vec::new()),
        (
            format!(r#"SELECT * FROM "{table}" WHERE PK = ?"#),
            Vec::new(),
        ),
    ] {
        match h
            .backend()
            .execute_statement(request(statement.clone(), parameters, None))
            .await
        {
            Err(BackendError::Validation(message)) => assert!(!message.is_empty()),
            other => panic!("{statement}: {other:?}"),
        }
    }
    // A value beyond the statement's `?` is ignored, not refused.
    let statement = format!(r#"SELECT * FROM "{table}" WHERE PK = 'a'"#);
    let page = h
        .backend()
        .execute_statement(request(statement, vec![s("extra")], None))
        .await
        .expect("an extra parameter is ignored");
    assert!(page.items.is_empty());
    h.drop_table(&table).await;
}

pub async fn dynalite_refuses_partiql(h: &Harness) {
    assert!(Deviation::DynaliteHasNoPartiql.applies_to(h.server));
    Deviation::DynaliteHasNoPartiql.note(h.server);
    let table = seeded(h).await;
    let statement = format!(r#"SELECT * FROM "{table}" WHERE PK = 'USER#0'"#);
    match h
        .backend()
        .execute_statement(request(statement, Vec::new(), None))
        .await
    {
        Err(BackendError::Service { code, .. }) if code == "UnknownOperationException" => {}
        other => panic!("dynalite answered ExecuteStatement with {other:?}"),
    }
    h.drop_table(&table).await;
}
