//! A small native load generator for `ddbx serve` and its peers: GetItem, a 100-item Query,
//! PutItem and a two-item TransactWriteItems, over 1 and 16 keep-alive connections, for N
//! seconds each, measured alternately across the servers so the machine's noise hits each
//! alike. Prints requests per second and p50/p99 latency. Requests are unsigned (the servers
//! verify no signature) and written once, so the client costs little and the same for all.
//!
//! ```text
//! serve_load run SECONDS NAME=http://127.0.0.1:PORT [NAME=URL ...]
//! serve_load load URL ITEMS          # ITEMS items in table BenchMillion, 16 connections
//! serve_load ready URL START_NS      # waits for ListTables; prints ms since START_NS
//! ```
//! `scripts/bench-serve.sh` starts the servers and runs all three.

mod connection;
mod measure;
mod requests;

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use connection::Connection;

fn usage() -> ! {
    eprintln!(
        "usage: serve_load run SECONDS NAME=URL [NAME=URL ...] | load URL ITEMS | ready URL START_NS"
    );
    std::process::exit(2);
}

fn address(url: &str) -> String {
    url.trim_start_matches("http://")
        .trim_end_matches('/')
        .to_owned()
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("run") if args.len() >= 3 => {
            let seconds: u64 = args[1].parse().unwrap_or_else(|_| usage());
            let targets: Vec<(String, String)> = args[2..]
                .iter()
                .map(|target| {
                    let (name, url) = target.split_once('=').unwrap_or_else(|| usage());
                    (name.to_owned(), address(url))
                })
                .collect();
            measure::run(&targets, Duration::from_secs(seconds)).await;
        }
        Some("load") if args.len() == 3 => {
            let items: usize = args[2].parse().unwrap_or_else(|_| usage());
            requests::load(&address(&args[1]), items).await;
        }
        Some("ready") if args.len() == 3 => {
            let start: u128 = args[2].parse().unwrap_or_else(|_| usage());
            ready(&address(&args[1]), start).await;
        }
        _ => usage(),
    }
}

/// Polls ListTables every millisecond until it is answered, then prints the milliseconds since
/// `start_ns` (the epoch time at which the server was launched).
async fn ready(address: &str, start_ns: u128) {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        if let Ok(mut connection) = Connection::open(address).await
            && let Ok((200, _)) = connection.call("ListTables", "{}".into()).await
        {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "{address} never answered ListTables"
        );
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .expect("the clock is after 1970")
        .as_nanos();
    println!("{:.0}", (now.saturating_sub(start_ns)) as f64 / 1e6);
}
