//! `ddbx tail` through the real binary against DynamoDB Local's stream: every event kind with
//! its images decoded by ddbx's entity and key-part logic, the `--pk`, `--prefix`, `--entity` and
//! `--event` filters, a tail started at LATEST keeping up while items are written, one started at
//! a time skipping what came before it, tables without a stream, and the demo's stream.

mod support;

use std::io::{BufRead, BufReader};
use std::process::Stdio;
use std::time::{Duration, Instant};

use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::types::{AttributeValue, StreamSpecification, StreamViewType};
use support::cli::{ddbx, ddbx_command};
use support::tables::{TableSpec, create_table, delete_table};
use support::{Server, block_on, sdk_client, server_endpoint, unique_table_name};

struct Streamed {
    endpoint: String,
    table: String,
    client: Client,
}

impl Drop for Streamed {
    fn drop(&mut self) {
        block_on(delete_table(&self.client, &self.table));
    }
}

fn streamed_table() -> Option<Streamed> {
    let endpoint = server_endpoint(Server::DdbLocal)?;
    let client = sdk_client(&endpoint);
    let table = unique_table_name("tail");
    block_on(async {
        create_table(&client, &TableSpec::single_table(&table)).await;
        client
            .update_table()
            .table_name(&table)
            .stream_specification(
                StreamSpecification::builder()
                    .stream_enabled(true)
                    .stream_view_type(StreamViewType::NewAndOldImages)
                    .build()
                    .expect("stream spec"),
            )
            .send()
            .await
            .expect("stream enabled");
    });
    Some(Streamed {
        endpoint,
        table,
        client,
    })
}

fn put(client: &Client, table: &str, pk: &str, sk: &str, extra: &[(&str, AttributeValue)]) {
    let mut request = client
        .put_item()
        .table_name(table)
        .item("PK", AttributeValue::S(pk.to_owned()))
        .item("SK", AttributeValue::S(sk.to_owned()));
    for (name, value) in extra {
        request = request.item(*name, value.clone());
    }
    block_on(request.send()).expect("put");
}

fn lines(stdout: &str) -> Vec<serde_json::Value> {
    stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect()
}

#[test]
fn every_event_is_one_line_with_its_images_entity_and_key_parts() {
    let Some(streamed) = streamed_table() else {
        return;
    };
    let (client, table) = (&streamed.client, streamed.table.as_str());
    let big = AttributeValue::N("12345678901234567890123456789012345678".to_owned());
    put(
        client,
        table,
        "USER#u1",
        "PROFILE",
        &[("name", AttributeValue::S("Ada".into())), ("n", big)],
    );
    put(client, table, "USER#u1", "ORDER#o1", &[]);
    put(client, table, "USER#u2", "PROFILE", &[]);
    put(
        client,
        table,
        "USER#u1",
        "PROFILE",
        &[("name", AttributeValue::S("Grace".into()))],
    );
    block_on(
        client
            .delete_item()
            .table_name(table)
            .key("PK", AttributeValue::S("USER#u1".into()))
            .key("SK", AttributeValue::S("ORDER#o1".into()))
            .send(),
    )
    .expect("delete");

    let run = ddbx(
        &streamed.endpoint,
        Some(table),
        &["tail", "--since", "TRIM_HORIZON", "--max-records", "5"],
    )
    .success();
    let records = lines(&run.stdout);
    let events: Vec<&str> = records
        .iter()
        .map(|r| r["event"].as_str().unwrap_or("?"))
        .collect();
    assert_eq!(events, ["INSERT", "INSERT", "INSERT", "MODIFY", "REMOVE"]);
    assert_eq!(
        records[0]["new"]["n"].to_string(),
        "12345678901234567890123456789012345678",
        "every digit kept"
    );
    assert_eq!(records[3]["old"]["name"], "Ada");
    assert_eq!(records[3]["new"]["name"], "Grace");
    assert!(records[4]["new"].is_null());
    assert_eq!(records[4]["old"]["SK"], "ORDER#o1");
    assert_eq!(records[0]["keys"]["PK"], "USER#u1");
    assert!(records[0]["entity"].is_string(), "{}", records[0]);
    assert_eq!(
        records[0]["key_parts"]["pk"][0],
        serde_json::json!({"label": "user", "value": "u1"}),
        "the key grammar names the part"
    );
    assert!(run.stderr.contains("from TRIM_HORIZON"), "{}", run.stderr);

    let only_u2 = ddbx(
        &streamed.endpoint,
        Some(table),
        &[
            "-o",
            "ddb",
            "tail",
            "--since",
            "TRIM_HORIZON",
            "--pk",
            "USER#u2",
            "--max-records",
            "1",
        ],
    )
    .success();
    let records = lines(&only_u2.stdout);
    assert_eq!(records.len(), 1);
    assert_eq!(
        records[0]["keys"]["PK"],
        serde_json::json!({"S": "USER#u2"})
    );
    let entity = records[0]["entity"].as_str().expect("an entity").to_owned();
    let by_entity = ddbx(
        &streamed.endpoint,
        Some(table),
        &[
            "tail",
            "--since",
            "TRIM_HORIZON",
            "--entity",
            &entity.to_lowercase(),
            "--max-records",
            "1",
        ],
    )
    .success();
    assert_eq!(lines(&by_entity.stdout)[0]["entity"], entity.as_str());

    // USER#u1's order, then its removal: the sort key prefix under --pk, and the event filter.
    let orders = ddbx(
        &streamed.endpoint,
        Some(table),
        &[
            "tail",
            "--since",
            "TRIM_HORIZON",
            "--pk",
            "USER#u1",
            "--prefix",
            "ORDER#",
            "--event",
            "REMOVE",
            "--max-records",
            "1",
        ],
    )
    .success();
    let removed = lines(&orders.stdout);
    assert_eq!(removed[0]["event"], "REMOVE");
    assert_eq!(removed[0]["keys"]["SK"], "ORDER#o1");
    // Without --pk the prefix is of the partition key: USER#u2's insert is the only one.
    let u2 = ddbx(
        &streamed.endpoint,
        Some(table),
        &[
            "tail",
            "--since",
            "TRIM_HORIZON",
            "--prefix",
            "USER#u2",
            "--event",
            "insert,modify",
            "--max-records",
            "1",
        ],
    )
    .success();
    let inserted = lines(&u2.stdout);
    assert_eq!(
        (
            inserted[0]["event"].as_str(),
            inserted[0]["keys"]["PK"].as_str()
        ),
        (Some("INSERT"), Some("USER#u2"))
    );
}

#[test]
fn a_tail_from_latest_keeps_up_with_items_written_while_it_runs() {
    let Some(streamed) = streamed_table() else {
        return;
    };
    const WRITES: usize = 300;
    // A record that lands before the LATEST iterator exists is not seen; the first line on
    // stderr comes after every iterator was taken.
    let mut command = ddbx_command();
    command
        .args([
            "--endpoint-url",
            &streamed.endpoint,
            "--table",
            &streamed.table,
        ])
        .args([
            "tail",
            "--since",
            "LATEST",
            "--max-records",
            &WRITES.to_string(),
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command.spawn().expect("ddbx starts");
    let mut stderr = BufReader::new(child.stderr.take().expect("stderr"));
    let mut first = String::new();
    stderr
        .read_line(&mut first)
        .expect("the tail says it follows");
    assert!(first.contains("from LATEST"), "{first}");
    // Read while it runs: 300 lines are more than a pipe holds.
    let mut out = child.stdout.take().expect("stdout");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut out, &mut text).map(|_| text)
    });

    let started = Instant::now();
    let items: Vec<ddbx::domain::value::Item> = (0..WRITES)
        .map(|n| {
            [
                (
                    "PK".to_owned(),
                    ddbx::domain::value::AttrValue::s(format!("USER#w{n}")),
                ),
                (
                    "SK".to_owned(),
                    ddbx::domain::value::AttrValue::s("PROFILE"),
                ),
            ]
            .into_iter()
            .collect()
        })
        .collect();
    block_on(support::items::seed_items(
        &streamed.client,
        &streamed.table,
        &items,
    ));
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = child.try_wait().expect("status") {
            break status;
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            let mut rest = String::new();
            let _ = std::io::Read::read_to_string(&mut stderr, &mut rest);
            let seen = reader
                .join()
                .ok()
                .and_then(Result::ok)
                .map_or(0, |text| text.lines().count());
            panic!(
                "the tail did not see {WRITES} records in time: it printed {seen}; stderr: {rest}"
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let elapsed = started.elapsed();
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stderr, &mut rest).expect("stderr");
    assert!(status.success(), "{status}: {rest}");
    let stdout = reader.join().expect("reader").expect("stdout");
    let records = lines(&stdout);
    assert_eq!(records.len(), WRITES);
    assert!(records.iter().all(|r| r["event"] == "INSERT"));
    eprintln!(
        "tail: {WRITES} records written and tailed in {elapsed:?} ({:.0} records/s)",
        WRITES as f64 / elapsed.as_secs_f64()
    );
}

#[test]
fn a_table_without_a_stream_is_refused_with_how_to_enable_one() {
    let Some(endpoint) = server_endpoint(Server::DdbLocal) else {
        return;
    };
    let client = sdk_client(&endpoint);
    let table = unique_table_name("tail-none");
    block_on(create_table(&client, &TableSpec::single_table(&table)));
    ddbx(&endpoint, Some(&table), &["tail"])
        .refused(2, &["has no stream", "--stream-specification"]);
    block_on(delete_table(&client, &table));
}

/// The demo table has a stream (the embedded engine keeps one), so the tail follows it; nothing
/// writes to a headless demo, so it waits until stopped.
#[test]
fn the_demo_tail_follows_the_engines_stream() {
    let mut demo = ddbx_command();
    demo.args([
        "--demo",
        "tail",
        "--event",
        "MODIFY,REMOVE",
        "--prefix",
        "USER#",
    ])
    .stdout(Stdio::piped())
    .stderr(Stdio::piped());
    let mut child = demo.spawn().expect("ddbx starts");
    let mut stderr = BufReader::new(child.stderr.take().expect("stderr"));
    let mut first = String::new();
    stderr
        .read_line(&mut first)
        .expect("the tail says it follows");
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        first.contains("following 1 shard(s) of the stream of") && first.contains("from LATEST"),
        "{first}"
    );
}

#[test]
fn a_tail_through_a_dropped_connection_retries_and_goes_on_where_it_was() {
    use support::fault_proxy::{Fault, FaultProxy};
    let Some(streamed) = streamed_table() else {
        return;
    };
    let passing = || -> support::fault_proxy::Plan { std::sync::Arc::new(|_, _| Fault::Pass) };
    let proxy = FaultProxy::start(Some(&streamed.endpoint), passing());
    let port = proxy.port();
    let mut command = ddbx_command();
    command
        .args([
            "--endpoint-url",
            &proxy.endpoint(),
            "--table",
            &streamed.table,
        ])
        .args(["tail", "--since", "LATEST", "--max-records", "2"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command.spawn().expect("ddbx starts");
    let mut stderr = BufReader::new(child.stderr.take().expect("stderr"));
    let mut first = String::new();
    stderr
        .read_line(&mut first)
        .expect("the tail says it follows");
    assert!(first.contains("from LATEST"), "{first}");
    put(
        &streamed.client,
        &streamed.table,
        "USER#before",
        "PROFILE",
        &[],
    );
    std::thread::sleep(Duration::from_millis(800));

    proxy.close();
    put(
        &streamed.client,
        &streamed.table,
        "USER#while-down",
        "PROFILE",
        &[],
    );
    // DynamoDB Local may first renew a fresh LATEST iterator (its note comes before).
    let mut retrying = String::new();
    while !retrying.contains("retrying in") {
        let mut line = String::new();
        let read = stderr.read_line(&mut line).expect("stderr");
        assert!(read > 0, "the tail ended without retrying: {retrying}");
        retrying.push_str(&line);
    }
    let _back = FaultProxy::start_at(port, Some(&streamed.endpoint), passing());

    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = child.try_wait().expect("status") {
            break status;
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            panic!("the tail did not go on after the connection came back");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stderr, &mut rest).expect("stderr");
    assert!(status.success(), "{status}: {retrying}{rest}");
    assert!(rest.contains("reconnected after"), "{rest}");
    let mut stdout = String::new();
    std::io::Read::read_to_string(&mut child.stdout.take().expect("stdout"), &mut stdout)
        .expect("stdout");
    let keys: Vec<String> = lines(&stdout)
        .iter()
        .map(|record| record["keys"]["PK"].to_string())
        .collect();
    assert_eq!(keys.len(), 2, "{stdout}");
    assert!(keys[0].contains("USER#before"), "{keys:?}");
    assert!(keys[1].contains("USER#while-down"), "{keys:?}");
}

/// The wall clock, Unix seconds.
fn unix_now() -> i64 {
    let since = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970");
    i64::try_from(since.as_secs()).expect("seconds fit")
}

/// `seconds` as RFC 3339 in UTC.
fn rfc3339(seconds: i64) -> String {
    ddbx::domain::civil::UtcInstant::from_seconds(seconds).to_string()
}

/// Runs a tail that ends by `--max-records`, killing it (and failing) if it has not within a
/// minute: a start that skipped too much would otherwise wait for ever.
fn tail_within(streamed: &Streamed, args: &[&str]) -> support::cli::Run {
    let mut command = ddbx_command();
    command
        .args([
            "--endpoint-url",
            &streamed.endpoint,
            "--table",
            &streamed.table,
        ])
        .arg("tail")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command.spawn().expect("ddbx starts");
    let deadline = Instant::now() + Duration::from_secs(60);
    while child.try_wait().expect("status").is_none() {
        if Instant::now() >= deadline {
            let _ = child.kill();
            let output = child.wait_with_output().expect("output");
            panic!(
                "tail {args:?} did not end: stdout {} stderr {}",
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let output = child.wait_with_output().expect("output");
    support::cli::Run {
        code: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

fn partition_keys(run: &support::cli::Run) -> Vec<String> {
    lines(&run.stdout)
        .iter()
        .map(|record| record["keys"]["PK"].as_str().unwrap_or("?").to_owned())
        .collect()
}

/// DynamoDB Local gives creation times rounded down to the minute, so the cut is put on a minute
/// boundary with the earlier write at least ten seconds before it and the later one after it:
/// the earlier record's time is before the cut however it is rounded, the later one's is not.
#[test]
fn a_tail_since_a_time_skips_the_records_written_before_it() {
    let Some(streamed) = streamed_table() else {
        return;
    };
    let (client, table) = (&streamed.client, streamed.table.as_str());
    put(client, table, "USER#before", "PROFILE", &[]);
    let written = unix_now();
    let cut = (written + 10).div_euclid(60) * 60 + 60;
    while unix_now() < cut {
        std::thread::sleep(Duration::from_millis(100));
    }
    put(client, table, "USER#after", "PROFILE", &[]);

    // Both are within ten minutes: a duration reads every shard from its oldest record.
    let ten_minutes = tail_within(&streamed, &["--since", "10m", "--max-records", "2"]).success();
    assert_eq!(
        partition_keys(&ten_minutes),
        ["USER#before", "USER#after"],
        "{}",
        ten_minutes.stderr
    );
    assert!(
        ten_minutes
            .stderr
            .contains("(each shard from TRIM_HORIZON, older records skipped)"),
        "{}",
        ten_minutes.stderr
    );
    assert!(
        ten_minutes.stderr.contains("0 records created before"),
        "{}",
        ten_minutes.stderr
    );

    // The cut as a time, and as a duration back to a few seconds before it: the earlier record
    // is skipped, so the one record printed is the later one.
    let at = tail_within(&streamed, &["--since", &rfc3339(cut), "--max-records", "1"]).success();
    assert_eq!(partition_keys(&at), ["USER#after"], "{}", at.stderr);
    assert!(at.stderr.contains(&rfc3339(cut)), "{}", at.stderr);
    let readable_cut =
        ddbx::domain::stream_start::readable(ddbx::domain::civil::UtcInstant::from_seconds(cut));
    let one_skipped = format!(
        "ddbx: 1 record created before {readable_cut} was skipped; \
         a stream keeps 24 hours of changes"
    );
    assert_eq!(
        at.stderr.matches(&one_skipped).count(),
        1,
        "said once: {}",
        at.stderr
    );
    let back = format!("{}s", unix_now() - cut + 4);
    let ago = tail_within(&streamed, &["--since", &back, "--max-records", "1"]).success();
    assert_eq!(
        partition_keys(&ago),
        ["USER#after"],
        "--since {back}: {}",
        ago.stderr
    );
    assert!(
        ago.stderr.contains("ddbx: 1 record created before"),
        "{}",
        ago.stderr
    );

    // Two days back is more than the stream holds: everything is read, and said so once.
    let two_days = tail_within(&streamed, &["--since", "2d", "--max-records", "2"]).success();
    assert_eq!(partition_keys(&two_days), ["USER#before", "USER#after"]);
    let note = "the stream holds 24 hours; reading from its oldest record";
    assert_eq!(
        two_days.stderr.matches(note).count(),
        1,
        "{}",
        two_days.stderr
    );
    assert!(!at.stderr.contains(note), "{}", at.stderr);
}

#[test]
fn a_tail_since_a_time_in_the_future_is_refused() {
    let Some(streamed) = streamed_table() else {
        return;
    };
    let tomorrow = rfc3339(unix_now() + 86_400);
    let run = ddbx(
        &streamed.endpoint,
        Some(&streamed.table),
        &["tail", "--since", &tomorrow],
    );
    run.refused(2, &["--since", "in the future", "LATEST"]);
}
