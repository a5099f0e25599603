//! Reading Query and Scan bodies ourselves gives exactly what the SDK's reading gives: the same
//! pages for every body the decoder takes, and the SDK's own answer (page or error) for every
//! body it declines. The SDK runs whole here, signing and all, against a connector that answers
//! every request with one fixed response; the real servers are exercised by the integration tests.

use proptest::prelude::*;
use serde_json::json;

use super::super::canned::CannedServer;
use super::super::errors::classify;
use super::super::reads::scan;
use super::super::statement::execute_statement;
use super::*;
use crate::backend::aws_convert::strategies::item_strategy;
use crate::backend::aws_convert::{capacity_from_sdk, items_from_sdk};
use crate::backend::{BackendError, Page, ScanRequest, StatementPage, StatementRequest};
use crate::domain::ddb_json::item_to_json;
use crate::domain::value::Item;

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a test runtime")
}

/// Whether the capture decodes `body`, and the SDK-only reading beside ddbx's reading.
struct Readings {
    decoded: bool,
    sdk: Result<Page, BackendError>,
    ddbx_query: Result<Page, BackendError>,
    ddbx_scan: Result<Page, BackendError>,
    sdk_statement: Result<StatementPage, BackendError>,
    ddbx_statement: Result<StatementPage, BackendError>,
}

/// An ExecuteStatement page as the SDK alone reads it.
async fn statement_through_the_sdk(server: &CannedServer) -> Result<StatementPage, BackendError> {
    let output = server
        .client
        .execute_statement()
        .statement("SELECT * FROM t")
        .send()
        .await
        .map_err(|error| classify(&error, server.target()))?;
    Ok(StatementPage {
        items: items_from_sdk(output.items.unwrap_or_default())?,
        next_token: output.next_token,
        consumed: output.consumed_capacity.map(capacity_from_sdk),
    })
}

fn statement() -> StatementRequest {
    StatementRequest {
        statement: "SELECT * FROM t".to_owned(),
        parameters: Vec::new(),
        next_token: None,
        limit: None,
        consistent_read: false,
    }
}

fn readings(status: u16, body: &[u8]) -> Readings {
    let server = CannedServer::new(status, body.to_vec());
    runtime().block_on(async {
        let (capture, decoded) = page_capture();
        let captured = server
            .client
            .query()
            .table_name("t")
            .key_condition_expression("PK = :pk")
            .customize()
            .interceptor(capture)
            .send()
            .await;
        let decoded = captured.is_ok() && decoded.take().is_some();
        Readings {
            decoded,
            sdk: server.query_through_the_sdk().await,
            ddbx_query: server.query().await,
            ddbx_scan: scan(&server.client, server.target(), ScanRequest::new("t")).await,
            sdk_statement: statement_through_the_sdk(&server).await,
            ddbx_statement: execute_statement(&server.client, server.target(), statement()).await,
        }
    })
}

fn body_of(items: &[Item], key: Option<&Item>, next_token: Option<&str>) -> Vec<u8> {
    let mut object = json!({
        "ConsumedCapacity": {"CapacityUnits": 1.5, "TableName": "t",
                             "GlobalSecondaryIndexes": {"byType": {"CapacityUnits": 0.5}}},
        "Count": items.len(),
        "Items": items.iter().map(item_to_json).collect::<Vec<_>>(),
        "ScannedCount": items.len() + 2,
    });
    if let Some(key) = key {
        object["LastEvaluatedKey"] = item_to_json(key);
    }
    if let Some(token) = next_token {
        object["NextToken"] = json!(token);
    }
    serde_json::to_vec(&object).expect("JSON renders")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn a_decoded_body_gives_the_page_the_sdk_reads(
        items in prop::collection::vec(item_strategy(), 0..4),
        key in prop::option::of(item_strategy()),
        next_token in prop::option::of("[A-Za-z0-9+/=]{1,40}"),
    ) {
        let readings = readings(200, &body_of(&items, key.as_ref(), next_token.as_deref()));
        prop_assert!(readings.decoded, "the decoder declined a valid body");
        let sdk = readings.sdk.expect("the SDK reads a valid body");
        prop_assert_eq!(&sdk.items, &items);
        prop_assert_eq!(readings.ddbx_query, Ok(sdk.clone()));
        prop_assert_eq!(readings.ddbx_scan, Ok(sdk));
        let statement = readings.sdk_statement.expect("the SDK reads a valid body");
        prop_assert_eq!(&statement.next_token, &next_token);
        prop_assert_eq!(readings.ddbx_statement, Ok(statement));
    }
}

#[test]
fn a_declined_body_is_read_by_the_sdk_as_before() {
    let declined = [
        ("unknown type", r#"{"Count":1,"Items":[{"v":{"X":"1"}}]}"#),
        (
            "invalid number",
            r#"{"Count":1,"Items":[{"v":{"N":"1e999"}}]}"#,
        ),
        (
            "two types",
            r#"{"Count":1,"Items":[{"v":{"S":"a","N":"1"}}]}"#,
        ),
        ("cut short", r#"{"Count":1,"Items":[{"v":{"S":"#),
    ];
    for (what, body) in declined {
        let before = page_bodies_left_to_the_sdk();
        let readings = readings(200, body.as_bytes());
        assert!(!readings.decoded, "{what}: decoded");
        assert!(
            page_bodies_left_to_the_sdk() >= before + 4,
            "{what}: not counted"
        );
        assert!(readings.sdk.is_err(), "{what}: the SDK read it");
        assert_eq!(readings.ddbx_query, readings.sdk, "{what}");
        assert_eq!(readings.ddbx_scan, readings.sdk, "{what}");
        assert!(readings.sdk_statement.is_err(), "{what}: the SDK read it");
        assert_eq!(readings.ddbx_statement, readings.sdk_statement, "{what}");
    }
}

#[test]
fn an_error_answer_is_left_to_the_sdk() {
    let body = br#"{"__type":"com.amazon.coral.validation#ValidationException","message":"Query condition missed key schema element: SK"}"#;
    let readings = readings(400, body);
    assert!(!readings.decoded);
    assert_eq!(
        readings.ddbx_query,
        Err(BackendError::Validation(
            "Query condition missed key schema element: SK".into()
        ))
    );
    assert_eq!(readings.ddbx_query, readings.sdk);
    assert_eq!(readings.ddbx_statement, readings.sdk_statement);
}
