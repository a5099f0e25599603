//! `ddbx serve` made for other people's test suites: the address on stdout and in a ready file,
//! every answer late by `--delay-ms`, and a share of the requests throttled by
//! `--throttle-rate` as the service throttles them.

use std::io::{BufRead, BufReader};
use std::process::Stdio;
use std::time::{Duration, Instant};

use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::config::retry::RetryConfig;
use aws_sdk_dynamodb::config::{BehaviorVersion, Credentials, Region};
use aws_sdk_dynamodb::operation::get_item::GetItemError;

use crate::endpoints::{create_table, s};
use crate::server::Served;
use crate::support::cli::{ddbx_command, run_command};
use crate::support::scratch::Scratch;

/// A client that never retries, so each throttled answer is seen.
fn client_without_retries(endpoint: &str) -> Client {
    let config = aws_sdk_dynamodb::Config::builder()
        .behavior_version(BehaviorVersion::latest())
        .region(Region::new("us-east-1"))
        .credentials_provider(Credentials::new("test", "test", None, None, "ddbx-tests"))
        .endpoint_url(endpoint)
        .retry_config(RetryConfig::disabled())
        .build();
    Client::from_conf(config)
}

#[test]
fn the_address_is_printed_on_stdout_and_written_to_the_ready_file_once_it_accepts_connections() {
    let scratch = Scratch::new("serve-ready");
    let ready = scratch.path().join("ready");
    let mut child = ddbx_command()
        .args(["serve", "--port", "0", "--ready-file"])
        .arg(&ready)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("ddbx serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("the address is printed");
    let address = line.trim().to_owned();
    assert!(address.starts_with("http://127.0.0.1:"), "{address}");
    // The file is written as the address is printed; it appears whole.
    let deadline = Instant::now() + Duration::from_secs(10);
    while !ready.exists() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    let written = std::fs::read_to_string(&ready).expect("the ready file is written");
    assert_eq!(written, format!("{address}\n"));
    let tables =
        crate::support::block_on(crate::support::sdk_client(&address).list_tables().send())
            .expect("the address answers");
    assert!(tables.table_names().is_empty());
    let _ = child.kill();
    let _ = child.wait();
}

#[test]
fn bad_fault_options_are_refused_before_listening() {
    let mut rate = ddbx_command();
    rate.args(["serve", "--port", "0", "--throttle-rate", "1.5"]);
    run_command(rate).refused(2, &["--throttle-rate 1.5 is not a share"]);
    let mut ready = ddbx_command();
    ready.args([
        "serve",
        "--port",
        "0",
        "--ready-file",
        "/nonexistent/ddbx/ready",
    ]);
    run_command(ready).refused(2, &["the folder /nonexistent/ddbx does not exist"]);
}

#[tokio::test]
async fn a_throttle_rate_throttles_that_share_of_item_requests_with_the_service_s_reasons() {
    let served = Served::start_serving(&[], &["--throttle-rate", "0.5"]);
    let client = client_without_retries(&served.endpoint);
    // Table operations are never throttled, so a suite's setup runs.
    create_table(&client, "Throttled", false, None).await;
    let mut answers = Vec::new();
    for _ in 0..4 {
        let answer = client
            .get_item()
            .table_name("Throttled")
            .key("pk", s("a"))
            .send()
            .await;
        answers.push(
            match answer.map_err(aws_sdk_dynamodb::error::SdkError::into_service_error) {
                Ok(_) => "ok".to_owned(),
                Err(GetItemError::ProvisionedThroughputExceededException(throttled)) => {
                    let reasons: Vec<(Option<&str>, Option<&str>)> = throttled
                        .throttling_reasons()
                        .iter()
                        .map(|reason| (reason.reason(), reason.resource()))
                        .collect();
                    format!("throttled {reasons:?}")
                }
                Err(other) => format!("unexpected {other:?}"),
            },
        );
    }
    let reason = "throttled [(Some(\"TableReadProvisionedThroughputExceeded\"), Some(\"arn:aws:dynamodb:ddbx-local:000000000000:table/Throttled\"))]";
    assert_eq!(answers, ["ok", reason, "ok", reason]);
    let summary = served.stop();
    assert!(summary.contains("GetItem 4 (2 errors)"), "{summary}");
}

#[tokio::test]
async fn a_delay_holds_every_answer_back_at_least_that_long() {
    let served = Served::start_serving(&[], &["--delay-ms", "300"]);
    let client = crate::support::sdk_client(&served.endpoint);
    let started = Instant::now();
    client.list_tables().send().await.expect("ListTables");
    assert!(started.elapsed() >= Duration::from_millis(300));
    served.stop();
}
