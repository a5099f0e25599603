//! The incident overview and throttling against DynamoDB Local, the one local server that
//! implements most of the calls behind them; each way it differs from the service is asserted,
//! so a new version that changes one is noticed.

mod support;

use serde_json::{Value, json};
use support::cli::ddbx;
use support::tables::{TableSpec, create_table, delete_table};
use support::{Server, sdk_client, server_endpoint, unique_table_name};

#[tokio::test]
async fn dynamodb_local_answers_the_overview_calls_and_ddbx_says_which_it_cannot_read() {
    let Some(endpoint) = server_endpoint(Server::DdbLocal) else {
        return;
    };
    let client = sdk_client(&endpoint);
    let table = unique_table_name("incident");
    create_table(&client, &TableSpec::single_table(&table)).await;
    let run = {
        let endpoint = endpoint.clone();
        let table = table.clone();
        tokio::task::spawn_blocking(move || ddbx(&endpoint, Some(&table), &["describe"]))
            .await
            .expect("the run")
    };
    delete_table(&client, &table).await;
    let run = run.success();
    let doc: Value = serde_json::from_str(&run.stdout).expect("JSON on stdout");
    // Deviations of DynamoDB Local 1.25.1 (observed 2026-12-01): three of the four calls are
    // not implemented at all, so each shows as not readable with the server's code; the service
    // answers all four.
    for field in [
        "ContinuousBackupsDescription",
        "ResourcePolicy",
        "ContributorInsights",
    ] {
        assert_eq!(
            doc[field],
            json!({"NotReadable": "UnknownOperationException"}),
            "{field}: {doc:#}"
        );
    }
    // Implemented as the service answers it.
    assert_eq!(
        doc["TimeToLive"],
        json!({"AttributeName": null, "TimeToLiveStatus": "DISABLED"})
    );
    assert_eq!(doc["DeletionProtectionEnabled"], false);
    assert_eq!(
        doc["ProvisionedThroughput"],
        json!({"ReadCapacityUnits": 0, "WriteCapacityUnits": 0}),
        "an on-demand table reports zero provisioned units, as the service does"
    );
    // Not reported by DynamoDB Local, though the service reports them for every table.
    assert!(doc.get("WarmThroughput").is_none(), "{doc:#}");
    assert!(doc.get("TableClassSummary").is_none(), "{doc:#}");
    assert!(doc.get("Replicas").is_none(), "{doc:#}");

    let text = {
        let endpoint = endpoint.clone();
        tokio::task::spawn_blocking(move || {
            ddbx(
                &endpoint,
                Some("ddbx-no-such-table-incident"),
                &["describe", "-o", "table"],
            )
        })
        .await
        .expect("the run")
    };
    text.refused(1, &["ResourceNotFoundException"]);
}
