//! The measured runs: for each operation and connection count, each server in turn for the
//! same time, every request's latency kept for the percentiles.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::connection::Connection;
use crate::requests;

const OPERATIONS: [&str; 4] = ["GetItem", "Query", "PutItem", "TransactWriteItems"];
const CONNECTIONS: [usize; 2] = [1, 16];
/// The unmeasured run of each operation before the measured ones.
const WARM_UP: Duration = Duration::from_secs(3);

/// One run's outcome.
struct Outcome {
    per_second: f64,
    p50: Duration,
    p99: Duration,
    errors: usize,
}

fn percentile(sorted: &[Duration], share: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let at = ((sorted.len() - 1) as f64 * share).round() as usize;
    sorted[at]
}

/// `connections` clients sending `operation` back to back for `length`.
async fn measure(
    address: &str,
    operation: &'static str,
    connections: usize,
    length: Duration,
) -> Outcome {
    let numbers = Arc::new(AtomicUsize::new(0));
    let start = Instant::now();
    let clients: Vec<_> = (0..connections)
        .map(|_| {
            let address = address.to_owned();
            let numbers = numbers.clone();
            tokio::spawn(async move {
                let mut connection = Connection::open(&address).await.expect("a connection");
                let mut latencies = Vec::new();
                let mut errors = 0;
                while start.elapsed() < length {
                    let body = requests::body(operation, numbers.fetch_add(1, Ordering::Relaxed));
                    let sent = Instant::now();
                    match connection.call(operation, body).await {
                        Ok((200, _)) => latencies.push(sent.elapsed()),
                        Ok(_) => errors += 1,
                        Err(_) => {
                            errors += 1;
                            connection = Connection::open(&address).await.expect("a connection");
                        }
                    }
                }
                (latencies, errors)
            })
        })
        .collect();
    let mut latencies = Vec::new();
    let mut errors = 0;
    for client in clients {
        let (mine, failed) = client.await.expect("a client ends");
        latencies.extend(mine);
        errors += failed;
    }
    let elapsed = start.elapsed().as_secs_f64();
    latencies.sort_unstable();
    Outcome {
        per_second: latencies.len() as f64 / elapsed,
        p50: percentile(&latencies, 0.50),
        p99: percentile(&latencies, 0.99),
        errors,
    }
}

fn milliseconds(duration: Duration) -> String {
    format!("{:.2}", duration.as_secs_f64() * 1e3)
}

/// Every operation at 1 and 16 connections, each server in turn; one Markdown row per run.
/// Each server first runs every operation unmeasured for a while: DynamoDB Local is a JVM,
/// whose first seconds are spent compiling, and the others' first requests fill their caches.
pub async fn run(targets: &[(String, String)], length: Duration) {
    for (_, address) in targets {
        requests::setup(address).await;
        for operation in OPERATIONS {
            measure(address, operation, 16, WARM_UP.min(length)).await;
        }
    }
    println!("| operation | connections | server | requests/s | p50 ms | p99 ms | errors |");
    println!("|---|---|---|---|---|---|---|");
    for operation in OPERATIONS {
        for connections in CONNECTIONS {
            for (name, address) in targets {
                let outcome = measure(address, operation, connections, length).await;
                println!(
                    "| {operation} | {connections} | {name} | {:.0} | {} | {} | {} |",
                    outcome.per_second,
                    milliseconds(outcome.p50),
                    milliseconds(outcome.p99),
                    outcome.errors
                );
            }
        }
    }
}
