//! Reads through a fault-injecting proxy in front of dynalite and DynamoDB Local: when the server
//! goes away mid-read, `-o table` prints the rows read so far (laid out at the end) and says so;
//! truncated answers are retried, and one that stays truncated is called so; no row is lost or
//! printed twice.

mod support;

use std::collections::BTreeSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use ddbx::domain::value::{AttrValue, Item, ValueType};
use support::cli::ddbx;
use support::fault_proxy::{Fault, FaultProxy};
use support::items::seed_items;
use support::tables::{TableSpec, create_table, delete_table};
use support::{Server, sdk_client, server_endpoint, unique_table_name};

const ITEMS: usize = 60;
const PAGE: usize = 10;
/// Scan pages answered before the server "dies" (every later scan request is reset).
const PAGES_BEFORE_DEATH: u64 = 2;

/// A table of `ITEMS` profiles on dynalite; returns the client, the table and the items.
fn seeded_table(endpoint: &str) -> (aws_sdk_dynamodb::Client, String) {
    let client = sdk_client(endpoint);
    let table = unique_table_name("read-faults");
    let items: Vec<Item> = (0..ITEMS)
        .map(|n| {
            Item::from([
                ("PK".to_owned(), AttrValue::s(format!("USER#{n:03}"))),
                ("SK".to_owned(), AttrValue::s("PROFILE")),
            ])
        })
        .collect();
    support::block_on(async {
        create_table(
            &client,
            &TableSpec::new(&table, "PK", ValueType::S).sort("SK", ValueType::S),
        )
        .await;
        seed_items(&client, &table, &items).await;
    });
    (client, table)
}

/// Throttling and HTTP 500s on a seeded third of the scan requests: the SDK retries them, and
/// the scan prints every item exactly once.
#[test]
fn injected_throttling_and_server_errors_lose_and_duplicate_nothing() {
    let Some(endpoint) = server_endpoint(Server::Dynalite) else {
        return;
    };
    let (client, table) = seeded_table(&endpoint);
    let seeded = support::fault_proxy::Seeded::new(13);
    let proxy = FaultProxy::start(
        Some(&endpoint),
        Arc::new(move |n, target| {
            if !target.ends_with(".Scan") || !seeded.one_in(3) {
                return Fault::Pass;
            }
            let (status, code) = if n % 2 == 0 {
                (400, "ProvisionedThroughputExceededException")
            } else {
                (500, "InternalServerError")
            };
            Fault::Respond {
                status,
                body: format!(
                    "{{\"__type\":\"com.amazonaws.dynamodb.v20120810#{code}\",\"message\":\"injected\"}}"
                ),
            }
        }),
    );
    let limit = PAGE.to_string();
    let run = ddbx(
        &proxy.endpoint(),
        Some(&table),
        &["-o", "ddb", "scan", "--limit", &limit],
    )
    .success();
    let keys: Vec<String> = run
        .ddb_items()
        .iter()
        .map(|item| format!("{:?}", item.get("PK")))
        .collect();
    let distinct: BTreeSet<&String> = keys.iter().collect();
    assert_eq!(keys.len(), ITEMS, "items printed (none lost, none twice)");
    assert_eq!(distinct.len(), ITEMS, "no item printed twice");
    assert!(
        proxy.requests() > u64::try_from(ITEMS / PAGE).expect("small"),
        "faults were injected and retried"
    );
    support::block_on(delete_table(&client, &table));
}

#[test]
fn a_table_read_cut_off_mid_way_prints_what_was_read_and_says_so() {
    let Some(endpoint) = server_endpoint(Server::Dynalite) else {
        return;
    };
    let (client, table) = seeded_table(&endpoint);
    let scans = Arc::new(AtomicU64::new(0));
    let counted = Arc::clone(&scans);
    let proxy = FaultProxy::start(
        Some(&endpoint),
        Arc::new(move |_, target| {
            if !target.ends_with(".Scan") {
                return Fault::Pass;
            }
            if counted.fetch_add(1, Ordering::SeqCst) < PAGES_BEFORE_DEATH {
                Fault::Pass
            } else {
                Fault::Reset
            }
        }),
    );
    let limit = PAGE.to_string();
    let run = ddbx(
        &proxy.endpoint(),
        Some(&table),
        &["-o", "table", "scan", "--limit", &limit],
    );
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let rows: Vec<&str> = run
        .lines()
        .into_iter()
        .filter(|line| line.contains("USER#"))
        .collect();
    let distinct: BTreeSet<&str> = rows.iter().copied().collect();
    let expected = PAGE * usize::try_from(PAGES_BEFORE_DEATH).expect("small");
    assert_eq!(
        rows.len(),
        expected,
        "rows printed:\n{}\nstderr:\n{}",
        run.stdout,
        run.stderr
    );
    assert_eq!(distinct.len(), rows.len(), "a row was printed twice");
    assert!(
        run.stderr
            .contains(&format!("{expected} items were printed")),
        "{}",
        run.stderr
    );
    support::block_on(delete_table(&client, &table));
}

/// The first attempt at every scan page comes back cut short — alternately under the original
/// `Content-Length` and under one that matches the cut body — and the retry passes.
fn truncated_first_attempts_are_retried(server: Server) {
    let Some(endpoint) = server_endpoint(server) else {
        return;
    };
    let (client, table) = seeded_table(&endpoint);
    let scans = Arc::new(AtomicU64::new(0));
    let counted = Arc::clone(&scans);
    let proxy = FaultProxy::start(
        Some(&endpoint),
        Arc::new(move |_, target| {
            if !target.ends_with(".Scan") {
                return Fault::Pass;
            }
            match counted.fetch_add(1, Ordering::SeqCst) % 4 {
                0 => Fault::TruncateMatching { keep: 40 },
                2 => Fault::Truncate { keep: 40 },
                _ => Fault::Pass,
            }
        }),
    );
    let limit = PAGE.to_string();
    let run = ddbx(
        &proxy.endpoint(),
        Some(&table),
        &["-o", "ddb", "scan", "--limit", &limit],
    )
    .success();
    let keys: Vec<String> = run
        .ddb_items()
        .iter()
        .map(|item| format!("{:?}", item.get("PK")))
        .collect();
    let distinct: BTreeSet<&String> = keys.iter().collect();
    assert_eq!(keys.len(), ITEMS, "items printed (none lost, none twice)");
    assert_eq!(distinct.len(), ITEMS, "no item printed twice");
    let pages = u64::try_from(ITEMS / PAGE).expect("small");
    assert!(
        scans.load(Ordering::SeqCst) >= 2 * pages,
        "every page was truncated once and retried"
    );
    support::block_on(delete_table(&client, &table));
}

/// Every scan answer is cut short under a matching `Content-Length`: the command fails saying
/// the answer was truncated or invalid (not that the server sent no error code), after retries.
fn an_answer_that_stays_truncated_is_called_truncated(server: Server) {
    let Some(endpoint) = server_endpoint(server) else {
        return;
    };
    let (client, table) = seeded_table(&endpoint);
    let proxy = FaultProxy::start(
        Some(&endpoint),
        Arc::new(|_, target| {
            if target.ends_with(".Scan") {
                Fault::TruncateMatching { keep: 40 }
            } else {
                Fault::Pass
            }
        }),
    );
    let run = ddbx(&proxy.endpoint(), Some(&table), &["-o", "ddb", "scan"]);
    run.refused(1, &["truncated or invalid"]);
    assert!(
        !run.stderr.contains("without a DynamoDB error code"),
        "{}",
        run.stderr
    );
    let scans = proxy
        .targets()
        .iter()
        .filter(|target| target.ends_with(".Scan"))
        .count();
    assert!(
        scans > 1,
        "the truncated answer was retried ({scans} scans)"
    );
    support::block_on(delete_table(&client, &table));
}

#[test]
fn truncated_first_attempts_are_retried_on_dynalite() {
    truncated_first_attempts_are_retried(Server::Dynalite);
}

#[test]
fn truncated_first_attempts_are_retried_on_dynamodb_local() {
    truncated_first_attempts_are_retried(Server::DdbLocal);
}

#[test]
fn an_answer_that_stays_truncated_is_called_truncated_on_dynalite() {
    an_answer_that_stays_truncated_is_called_truncated(Server::Dynalite);
}

#[test]
fn an_answer_that_stays_truncated_is_called_truncated_on_dynamodb_local() {
    an_answer_that_stays_truncated_is_called_truncated(Server::DdbLocal);
}

/// Every kind of fault the proxy injects, on the first attempt at every scan page.
fn probe_faults() -> Vec<(&'static str, Fault)> {
    let error = |status: u16, code: &str| Fault::Respond {
        status,
        body: format!(
            "{{\"__type\":\"com.amazonaws.dynamodb.v20120810#{code}\",\"message\":\"injected\"}}"
        ),
    };
    vec![
        (
            "throttling (400)",
            error(400, "ProvisionedThroughputExceededException"),
        ),
        ("server error (500)", error(500, "InternalServerError")),
        ("unavailable (503)", error(503, "ServiceUnavailable")),
        (
            "truncated under the original length",
            Fault::Truncate { keep: 40 },
        ),
        (
            "truncated under a matching length",
            Fault::TruncateMatching { keep: 40 },
        ),
        ("reset after the server answered", Fault::ResetAfterForward),
        ("reset before forwarding", Fault::Reset),
    ]
}

/// Scan pages of the probe: fewer than the other tests', as each fault costs a retry's backoff.
const PROBE_PAGE: usize = 20;

/// The fault probe: for each fault and server, a paged scan through the proxy must print every
/// item exactly once. Prints one line of figures per case (`--no-capture` shows them).
fn probe(server: Server) {
    let Some(endpoint) = server_endpoint(server) else {
        return;
    };
    let (client, table) = seeded_table(&endpoint);
    for (name, fault) in probe_faults() {
        let scans = Arc::new(AtomicU64::new(0));
        let counted = Arc::clone(&scans);
        let proxy = FaultProxy::start(
            Some(&endpoint),
            Arc::new(move |_, target| {
                let first_attempt = target.ends_with(".Scan")
                    && counted.fetch_add(1, Ordering::SeqCst).is_multiple_of(2);
                if first_attempt {
                    fault.clone()
                } else {
                    Fault::Pass
                }
            }),
        );
        let limit = PROBE_PAGE.to_string();
        let run = ddbx(
            &proxy.endpoint(),
            Some(&table),
            &["-o", "ddb", "scan", "--limit", &limit],
        );
        assert_eq!(
            run.code,
            Some(0),
            "{name} on {}: {}",
            server.name(),
            run.stderr
        );
        let keys: Vec<String> = run
            .ddb_items()
            .iter()
            .map(|item| format!("{:?}", item.get("PK")))
            .collect();
        let distinct: BTreeSet<&String> = keys.iter().collect();
        let (lost, duplicated) = (ITEMS - distinct.len(), keys.len() - distinct.len());
        eprintln!(
            "probe {:<9} {name:<38} printed {:>3}/{ITEMS}  lost {lost}  duplicated {duplicated}  scan requests {}",
            server.name(),
            keys.len(),
            scans.load(Ordering::SeqCst)
        );
        assert_eq!((lost, duplicated), (0, 0), "{name} on {}", server.name());
    }
    support::block_on(delete_table(&client, &table));
}

#[test]
fn fault_probe_loses_and_duplicates_nothing_on_dynalite() {
    probe(Server::Dynalite);
}

#[test]
fn fault_probe_loses_and_duplicates_nothing_on_dynamodb_local() {
    probe(Server::DdbLocal);
}
