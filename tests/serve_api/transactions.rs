//! The 4 MB limit of TransactWriteItems: a transaction of items over 4 MB in all is refused
//! before anything is written, one just under it is written.

use aws_sdk_dynamodb::error::ProvideErrorMetadata;
use aws_sdk_dynamodb::types::{Put, TransactWriteItem};

use crate::endpoints::{Endpoint, create_table, ddb_local, s, served};
use crate::support::unique_table_name;

fn put(table: &str, pk: String) -> TransactWriteItem {
    TransactWriteItem::builder()
        .put(
            Put::builder()
                .table_name(table)
                .item("pk", s(&pk))
                .item("payload", s(&"x".repeat(350_000)))
                .build()
                .expect("a put"),
        )
        .build()
}

/// Ten puts of 350 KB (3.5 MB) and twelve (4.2 MB): what each answers, and how many of the
/// twelve were written.
async fn large_transactions(endpoint: &Endpoint) -> Vec<String> {
    let table = unique_table_name("serve-4mb");
    let client = &endpoint.client;
    create_table(client, &table, false, None).await;
    let mut lines = Vec::new();
    for count in [10, 12] {
        let mut request = client.transact_write_items();
        for position in 0..count {
            request = request.transact_items(put(&table, format!("{count}-{position}")));
        }
        lines.push(match request.send().await {
            Ok(_) => format!("{count}: written"),
            Err(error) => format!("{count}: {:?} {:?}", error.code(), error.message()),
        });
    }
    let mut written = 0;
    let mut start = None;
    loop {
        // Every page: a page reads at most 1 MB, three of these items.
        let page = client
            .scan()
            .table_name(&table)
            .select(aws_sdk_dynamodb::types::Select::Count)
            .set_exclusive_start_key(start)
            .send()
            .await
            .expect("Scan");
        written += page.count();
        start = page.last_evaluated_key;
        if start.is_none() {
            break;
        }
    }
    lines.push(format!("items: {written}"));
    lines
}

#[tokio::test]
async fn a_transaction_over_four_megabytes_is_refused_and_writes_nothing() {
    let served = served();
    let ours = large_transactions(&served).await;
    assert_eq!(
        ours,
        [
            "10: written".to_owned(),
            format!(
                "12: Some(\"ValidationException\") Some({:?})",
                ddbx::domain::limits::TRANSACT_TOO_LARGE
            ),
            "items: 10".to_owned(),
        ]
    );
    served.stop();
    let Some(reference) = ddb_local() else { return };
    let theirs = large_transactions(&reference).await;
    assert_eq!(ours[0], theirs[0]);
    assert_eq!(ours[2], theirs[2]);
    assert!(theirs[1].contains("ValidationException"), "{theirs:#?}");
}
