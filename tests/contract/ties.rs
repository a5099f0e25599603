//! Items with equal index keys: DynamoDB promises no order among them, DynamoDB Local (the
//! reference) returns them in the order of a digest of their table key, and the engine must
//! return them in the same order; dynalite has an order of its own (a named deviation).

use ddbx::backend::QueryRequest;
use ddbx::domain::value::{AttrValue, Item, ValueType};

use crate::deviations::Deviation;
use crate::setup::{Harness, item, params, s};
use crate::support::Server;
use crate::support::tables::{IndexSpec, TableSpec};

fn spec() -> TableSpec {
    TableSpec::single_table("")
        .gsi(IndexSpec::new("GSI1", "GSI1PK", ValueType::S).sort("GSI1SK", ValueType::N))
}

/// Twelve items in three partitions, all with the same GSI1 key.
fn tied_items() -> Vec<Item> {
    let mut items = Vec::new();
    for pk in ["A", "USER#1", "USER#10"] {
        for sk in ["1", "2", "META", "ORDER#9"] {
            items.push(item([
                ("PK", s(pk)),
                ("SK", s(sk)),
                ("GSI1PK", s("TIED")),
                ("GSI1SK", AttrValue::n(7)),
            ]));
        }
    }
    items
}

/// The table keys, in the order a GSI1 query on the tied key returns them.
async fn tie_order(h: &Harness) -> Vec<(String, String)> {
    let table = h.create("ties", spec()).await;
    h.seed(&table, &tied_items()).await;
    let mut request = QueryRequest::new(&table, "GSI1PK = :g", params([], [(":g", s("TIED"))]));
    request.index = Some("GSI1".to_owned());
    let page = h.backend().query(request).await.expect("query GSI1");
    assert!(page.last_evaluated_key.is_none(), "one page holds them all");
    h.drop_table(&table).await;
    page.items
        .iter()
        .map(|item| {
            let text = |name: &str| item[name].as_s().expect("string key").to_owned();
            (text("PK"), text("SK"))
        })
        .collect()
}

pub async fn index_ties_come_back_in_dynamodb_local_order() {
    let Some(reference) = Harness::aws(Server::DdbLocal).await else {
        return;
    };
    let expected = tie_order(&reference).await;
    assert_eq!(expected.len(), 12);
    let engine = Harness::memory().await.expect("the engine");
    assert_eq!(
        tie_order(&engine).await,
        expected,
        "the engine orders ties as DynamoDB Local"
    );
    let Some(dynalite) = Harness::aws(Server::Dynalite).await else {
        return;
    };
    let on_dynalite = tie_order(&dynalite).await;
    let deviation = Deviation::DynaliteOrdersIndexTiesItsOwnWay;
    assert!(deviation.applies_to(Server::Dynalite));
    deviation.note(Server::Dynalite);
    let (mut sorted_dynalite, mut sorted_expected) = (on_dynalite.clone(), expected.clone());
    sorted_dynalite.sort();
    sorted_expected.sort();
    assert_eq!(
        sorted_dynalite, sorted_expected,
        "dynalite returns the same items"
    );
    assert_ne!(on_dynalite, expected, "{deviation:?} no longer shows");
}
