//! Slow and half-closed clients: a client trickling its headers or its body is cut off after
//! the server's deadline (30 s) instead of holding a connection and a share of the body budget
//! forever, and a client that sends its request and shuts down its side still gets its answer.

use std::io::{Read, Write};
use std::net::Shutdown;
use std::time::{Duration, Instant};

use crate::raw::{PATIENCE, assert_error, connect, exchange, read_answer, request};
use crate::spawned::Spawned;

/// Slowloris: one byte of headers a second, never the blank line that ends them.
#[test]
fn a_client_trickling_its_headers_is_disconnected() {
    let mut server = Spawned::start(&[]);
    let mut stream = connect(server.address);
    stream
        .set_read_timeout(Some(Duration::from_secs(1)))
        .expect("a read timeout");
    stream
        .write_all(b"POST / HTTP/1.1\r\nhost: x\r\nx-slow: ")
        .expect("the first bytes are sent");
    let start = Instant::now();
    let mut buffer = [0; 1024];
    let closed = loop {
        assert!(
            start.elapsed() < PATIENCE,
            "the connection was still open after {PATIENCE:?} of trickled headers"
        );
        if stream.write_all(b"a").is_err() {
            break true;
        }
        match stream.read(&mut buffer) {
            Ok(_) => break true,
            Err(error) if error.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(error) if error.kind() == std::io::ErrorKind::TimedOut => {}
            Err(_) => break true,
        }
    };
    assert!(closed);
    server.assert_serving();
}

/// A body announced at 100 bytes of which 10 arrive, the client then silent but connected.
#[test]
fn a_client_that_stops_sending_its_body_is_answered_with_a_timeout() {
    let mut server = Spawned::start(&[]);
    let mut stream = connect(server.address);
    stream
        .write_all(
            b"POST / HTTP/1.1\r\nhost: x\r\nx-amz-target: DynamoDB_20120810.ListTables\r\n\
              content-length: 100\r\n\r\n{\"Limit\":1",
        )
        .expect("the request's start is sent");
    let answer = read_answer(&mut stream);
    assert_error(
        &answer,
        408,
        "RequestTimeoutException",
        "did not arrive within 30 s",
    );
    server.assert_serving();
}

/// The client writes its whole request and shuts down its sending side while the server is
/// still working on it (`--delay-ms`): the answer still reaches it.
#[test]
fn a_client_that_half_closes_after_its_request_gets_its_answer() {
    let mut server = Spawned::start(&["--delay-ms", "300"]);
    let answer = exchange(server.address, &request("ListTables", "{}"), true);
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer:?}");
    assert!(answer.contains("TableNames"), "{answer}");
    server.assert_serving();
}

/// A client that connects and goes away, or half-closes without a request, costs nothing.
#[test]
fn clients_that_leave_without_a_request_leave_the_server_serving() {
    let mut server = Spawned::start(&[]);
    for _ in 0..200 {
        let stream = connect(server.address);
        drop(stream);
        let stream = connect(server.address);
        stream.shutdown(Shutdown::Write).expect("a half close");
        drop(stream);
    }
    server.assert_serving();
}
