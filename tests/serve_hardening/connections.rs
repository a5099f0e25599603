//! A thousand clients at once: all answered while the server has descriptors for them; beyond
//! that, the rest are told at once that the server is busy (HTTP 503, which SDKs retry) instead
//! of waiting unanswered, and the server keeps serving.

use std::io::Write;
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use crate::raw::{assert_error, connect, exchange, read_answer, request};
use crate::spawned::Spawned;

const CLIENTS: usize = 1000;

/// Lets this test process hold a thousand sockets where the soft descriptor limit is lower
/// (often 1,024): raised to 4,096 with `prlimit` when the hard limit allows; else left as is.
fn room_for_a_thousand_sockets() {
    let soft = std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|limits| {
            let line = limits
                .lines()
                .find(|line| line.starts_with("Max open files"))?;
            line.split_whitespace().nth(3)?.parse::<u64>().ok()
        });
    if soft.is_some_and(|soft| soft >= 4096) {
        return;
    }
    let _ = std::process::Command::new("prlimit")
        .arg(format!("--pid={}", std::process::id()))
        .arg("--nofile=4096:")
        .output();
}

/// Opens every connection first, then sends a request on each, then reads every answer: all
/// thousand are open at once.
fn thousand_answers(address: SocketAddr) -> Vec<String> {
    let mut streams: Vec<TcpStream> = (0..CLIENTS).map(|_| connect(address)).collect();
    let bytes = request("ListTables", "{}");
    for stream in &mut streams {
        // A refused connection may be closed before the request is written.
        let _ = stream.write_all(&bytes);
    }
    streams.iter_mut().map(read_answer).collect()
}

#[test]
fn a_thousand_concurrent_connections_are_all_answered() {
    // Before the server starts, which inherits the limit.
    room_for_a_thousand_sockets();
    let mut server = Spawned::start(&[]);
    for answer in thousand_answers(server.address) {
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer:?}");
    }
    server.assert_serving();
}

#[test]
fn connections_beyond_the_descriptor_limit_are_refused_at_once_with_503() {
    room_for_a_thousand_sockets();
    let mut server = Spawned::start_with_descriptors(64, &[]);
    let answers = thousand_answers(server.address);
    let served = answers
        .iter()
        .filter(|answer| answer.starts_with("HTTP/1.1 200"))
        .count();
    for answer in &answers {
        if !answer.starts_with("HTTP/1.1 200") {
            assert_error(
                answer,
                503,
                "ServiceUnavailableException",
                "ddbx serve is busy",
            );
        }
    }
    assert!(served > 0, "no connection was served");
    assert!(
        served < CLIENTS,
        "64 descriptors served {served} connections"
    );
    drop(answers);
    // The clients have closed; once the server has seen it, its descriptors serve again.
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let answer = exchange(server.address, &request("ListTables", "{}"), false);
        if answer.starts_with("HTTP/1.1 200") {
            break;
        }
        assert!(answer.starts_with("HTTP/1.1 503"), "{answer:?}");
        assert!(
            Instant::now() < deadline,
            "still refusing after the clients left"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    server.assert_serving();
}
