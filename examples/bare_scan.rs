//! The floor for `ddbx scan` and discovery: a bare aws-sdk-dynamodb loop that scans a table in
//! N parallel segments and only counts the items, with nothing of ddbx in between.
//!
//!     cargo run --release --example bare_scan -- ENDPOINT TABLE SEGMENTS [PROJECTION]
//!
//! PROJECTION (e.g. `PK,SK`) projects the named attributes, as discovery does. With
//! `BARE_SCAN_CAPACITY=1` every page also asks for its consumed capacity, as ddbx does (a server
//! such as dynalite then sizes every item twice). Credentials are dummies: the endpoint is a
//! local DynamoDB-compatible server.

use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::config::{BehaviorVersion, Credentials, Region};
use aws_sdk_dynamodb::types::ReturnConsumedCapacity;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let usage = "usage: bare_scan ENDPOINT TABLE SEGMENTS [PROJECTION]";
    let endpoint = args.next().ok_or(usage)?;
    let table = args.next().ok_or(usage)?;
    let segments: i32 = args.next().ok_or(usage)?.parse()?;
    let projection = args.next();
    let capacity = std::env::var_os("BARE_SCAN_CAPACITY").is_some_and(|value| value == "1");
    let config = aws_sdk_dynamodb::Config::builder()
        .behavior_version(BehaviorVersion::latest())
        .endpoint_url(endpoint)
        .region(Region::new("us-east-1"))
        .credentials_provider(Credentials::new("bare", "bare", None, None, "bare_scan"))
        .build();
    let client = Client::from_conf(config);
    let tasks: Vec<_> = (0..segments)
        .map(|segment| {
            let (client, table, projection) = (client.clone(), table.clone(), projection.clone());
            tokio::spawn(async move {
                count_segment(&client, &table, (segment, segments), projection, capacity).await
            })
        })
        .collect();
    let mut items = 0;
    for task in tasks {
        items += task.await??;
    }
    println!("{items}");
    Ok(())
}

async fn count_segment(
    client: &Client,
    table: &str,
    (segment, segments): (i32, i32),
    projection: Option<String>,
    capacity: bool,
) -> Result<i64, aws_sdk_dynamodb::Error> {
    let mut items = 0_i64;
    let mut start = None;
    loop {
        let mut request = client
            .scan()
            .table_name(table)
            .set_exclusive_start_key(start);
        if capacity {
            request = request.return_consumed_capacity(ReturnConsumedCapacity::Indexes);
        }
        if segments > 1 {
            request = request.segment(segment).total_segments(segments);
        }
        if let Some(names) = &projection {
            let placeholders: Vec<String> = (0..names.split(',').count())
                .map(|i| format!("#a{i}"))
                .collect();
            request = request.projection_expression(placeholders.join(", "));
            for (placeholder, name) in placeholders.iter().zip(names.split(',')) {
                request = request.expression_attribute_names(placeholder, name);
            }
        }
        let page = request.send().await?;
        items += i64::from(page.count());
        start = page.last_evaluated_key;
        if start.is_none() {
            return Ok(items);
        }
    }
}
