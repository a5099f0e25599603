//! The AWS backend with a GSI of multi-attribute keys, at the SDK boundary: a small HTTP server
//! of the test's own records the JSON the SDK sends and answers with the documented response
//! shapes (API Reference: DescribeTable's `TableDescription.GlobalSecondaryIndexes[].KeySchema`,
//! Query's `Items`/`Count`/`ScannedCount`/`LastEvaluatedKey`). No local server implements the
//! feature (docs/multi-attribute-keys.md), so this is where the request shapes are held.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};
use std::thread;

mod support;

use serde_json::{Value, json};
use support::cli::ddbx;

/// One recorded request: its `X-Amz-Target` and JSON body.
type Recorded = Arc<Mutex<Vec<(String, Value)>>>;

const TABLE: &str = "Matches";

fn describe_table_answer() -> Value {
    json!({"Table": {
        "TableName": TABLE,
        "TableStatus": "ACTIVE",
        "AttributeDefinitions": [
            {"AttributeName": "matchId", "AttributeType": "S"},
            {"AttributeName": "tournamentId", "AttributeType": "S"},
            {"AttributeName": "region", "AttributeType": "S"},
            {"AttributeName": "round", "AttributeType": "S"},
            {"AttributeName": "matchNo", "AttributeType": "N"}
        ],
        "KeySchema": [{"AttributeName": "matchId", "KeyType": "HASH"}],
        "GlobalSecondaryIndexes": [{
            "IndexName": "ByRegion",
            "KeySchema": [
                {"AttributeName": "tournamentId", "KeyType": "HASH"},
                {"AttributeName": "region", "KeyType": "HASH"},
                {"AttributeName": "round", "KeyType": "RANGE"},
                {"AttributeName": "matchNo", "KeyType": "RANGE"}
            ],
            "Projection": {"ProjectionType": "ALL"},
            "IndexStatus": "ACTIVE",
            "ItemCount": 1,
            "IndexSizeBytes": 100
        }]
    }})
}

fn query_answer() -> Value {
    let item = json!({
        "matchId": {"S": "m1"}, "tournamentId": {"S": "W24"}, "region": {"S": "NA-EAST"},
        "round": {"S": "SEMIFINALS"}, "matchNo": {"N": "2"}
    });
    json!({"Items": [item.clone()], "Count": 1, "ScannedCount": 1, "LastEvaluatedKey": item})
}

fn answer(target: &str) -> (u16, Value) {
    match target.rsplit('.').next().unwrap_or_default() {
        "DescribeTable" => (200, describe_table_answer()),
        "DescribeTimeToLive" => (
            200,
            json!({"TimeToLiveDescription": {"TimeToLiveStatus": "DISABLED"}}),
        ),
        "Query" => (200, query_answer()),
        other => (
            400,
            json!({"__type": "com.amazonaws.dynamodb.v20120810#UnknownOperationException", "message": other}),
        ),
    }
}

/// Serves `connections` connections on 127.0.0.1, recording every request.
fn recording_server(recorded: Recorded) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a loopback port");
    let port = listener.local_addr().expect("bound").port();
    thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(stream) = stream else { return };
            let recorded = Arc::clone(&recorded);
            thread::spawn(move || serve(stream, &recorded));
        }
    });
    port
}

fn serve(stream: std::net::TcpStream, recorded: &Recorded) {
    let mut writer = stream.try_clone().expect("a second handle");
    let mut reader = BufReader::new(stream);
    loop {
        let mut target = String::new();
        let mut length = 0usize;
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            return;
        }
        loop {
            line.clear();
            if reader.read_line(&mut line).unwrap_or(0) == 0 {
                return;
            }
            let header = line.trim_end();
            if header.is_empty() {
                break;
            }
            if let Some((name, value)) = header.split_once(':') {
                match name.to_ascii_lowercase().as_str() {
                    "x-amz-target" => target = value.trim().to_owned(),
                    "content-length" => length = value.trim().parse().unwrap_or(0),
                    _ => {}
                }
            }
        }
        let mut body = vec![0; length];
        if reader.read_exact(&mut body).is_err() {
            return;
        }
        let json: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
        recorded
            .lock()
            .expect("not poisoned")
            .push((target.clone(), json));
        let (status, answer) = answer(&target);
        let text = answer.to_string();
        let reply = format!(
            "HTTP/1.1 {status} X\r\ncontent-type: application/x-amz-json-1.0\r\ncontent-length: {}\r\n\r\n{text}",
            text.len()
        );
        if writer.write_all(reply.as_bytes()).is_err() {
            return;
        }
    }
}

fn endpoint(port: u16) -> String {
    format!("http://127.0.0.1:{port}")
}

fn requests_of(recorded: &Recorded, operation: &str) -> Vec<Value> {
    recorded
        .lock()
        .expect("not poisoned")
        .iter()
        .filter(|(target, _)| target.ends_with(&format!(".{operation}")))
        .map(|(_, body)| body.clone())
        .collect()
}

#[test]
fn headless_describe_lists_every_key_attribute_of_a_multi_attribute_gsi_in_order() {
    let recorded = Recorded::default();
    let port = recording_server(Arc::clone(&recorded));
    let run = ddbx(&endpoint(port), Some(TABLE), &["describe"]).success();
    assert_eq!(
        requests_of(&recorded, "DescribeTable"),
        [json!({"TableName": TABLE})]
    );
    let described: Value = serde_json::from_str(&run.stdout).expect("JSON on stdout");
    assert_eq!(
        described["GlobalSecondaryIndexes"][0]["KeySchema"],
        describe_table_answer()["Table"]["GlobalSecondaryIndexes"][0]["KeySchema"],
        "the four elements, HASH then RANGE, in the service's order"
    );
    assert!(described.get("UnsupportedIndexes").is_none(), "{described}");
    let text = ddbx(&endpoint(port), Some(TABLE), &["describe", "-o", "table"]).success();
    assert!(
        text.stdout.contains(
            "ByRegion: tournamentId (S) + region (S), sort round (S) + matchNo (N); projection ALL"
        ),
        "{}",
        text.stdout
    );
}

#[test]
fn a_headless_query_on_several_key_attributes_sends_one_key_condition_with_every_value_typed() {
    let recorded = Recorded::default();
    let port = recording_server(Arc::clone(&recorded));
    let condition = "tournamentId = :t AND #r = :r AND round = :round AND matchNo >= :n";
    let values =
        r#"{":t":{"S":"W24"},":r":{"S":"NA-EAST"},":round":{"S":"SEMIFINALS"},":n":{"N":"2"}}"#;
    let run = ddbx(
        &endpoint(port),
        Some(TABLE),
        &[
            "query",
            "--index",
            "ByRegion",
            "--expr",
            condition,
            "--values",
            values,
            "--names",
            r##"{"#r":"region"}"##,
            "--max-items",
            "1",
        ],
    )
    .success();
    assert!(run.stdout.contains("m1"), "{}", run.stdout);
    let sent = requests_of(&recorded, "Query");
    assert_eq!(sent.len(), 1, "one page asked for: {sent:?}");
    let body = &sent[0];
    assert_eq!(body["TableName"], TABLE);
    assert_eq!(body["IndexName"], "ByRegion");
    assert_eq!(body["KeyConditionExpression"], condition);
    assert_eq!(body["ExpressionAttributeNames"], json!({"#r": "region"}));
    assert_eq!(
        body["ExpressionAttributeValues"],
        json!({
            ":t": {"S": "W24"}, ":r": {"S": "NA-EAST"},
            ":round": {"S": "SEMIFINALS"}, ":n": {"N": "2"}
        })
    );
}

/// R7 checked before sending: a query that skips `round` never reaches the server.
#[test]
fn a_headless_query_that_skips_a_sort_attribute_is_refused_before_anything_is_sent() {
    let recorded = Recorded::default();
    let port = recording_server(Arc::clone(&recorded));
    let values = r#"{":t":{"S":"W24"},":r":{"S":"NA-EAST"},":n":{"N":"2"}}"#;
    let run = ddbx(
        &endpoint(port),
        Some(TABLE),
        &[
            "query",
            "--index",
            "ByRegion",
            "--expr",
            "tournamentId = :t AND #r = :r AND matchNo = :n",
            "--values",
            values,
            "--names",
            r##"{"#r":"region"}"##,
        ],
    );
    run.refused(2, &["Query condition missed key schema element: round"]);
    assert!(requests_of(&recorded, "Query").is_empty());
}

/// `--pk` names one value; a two-attribute partition key needs each attribute named.
#[test]
fn pk_on_a_multi_attribute_index_is_refused_with_the_attributes_to_name() {
    let recorded = Recorded::default();
    let port = recording_server(Arc::clone(&recorded));
    let run = ddbx(
        &endpoint(port),
        Some(TABLE),
        &["query", "--index", "ByRegion", "--pk", "W24"],
    );
    run.refused(
        2,
        &[
            "multi-attribute key (partition tournamentId + region, sort round + matchNo)",
            r##"--expr '#k0 = "…" AND #k1 = "…"' --names '{"#k0":"tournamentId","#k1":"region"}'"##,
        ],
    );
    assert!(requests_of(&recorded, "Query").is_empty());
}
