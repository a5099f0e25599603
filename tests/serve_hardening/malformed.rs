//! Requests that are not HTTP, or not the HTTP they claim: each is answered 4xx or closed, and
//! the server keeps serving everyone else.

use crate::raw::{assert_error, exchange, request};
use crate::spawned::Spawned;

/// Answered with a client error, or closed without a word; never a 2xx or 5xx.
fn refused_or_closed(what: &str, answer: &str) {
    assert!(
        answer.is_empty() || answer.starts_with("HTTP/1.1 4"),
        "{what}: {answer:?}"
    );
}

#[test]
fn malformed_requests_are_refused_and_the_server_keeps_serving() {
    let mut server = Spawned::start(&[]);
    let long_header = format!(
        "POST / HTTP/1.1\r\nhost: x\r\nx-long: {}\r\n\r\n",
        "a".repeat(1 << 20)
    );
    let many_headers = format!(
        "POST / HTTP/1.1\r\nhost: x\r\n{}\r\n",
        (0..500)
            .map(|n| format!("x-h{n}: v\r\n"))
            .collect::<String>()
    );
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("a garbage request line", b"HELLO THERE\r\n\r\n".to_vec()),
        ("binary noise", (0..=255u8).cycle().take(4096).collect()),
        (
            "a header without a colon",
            b"POST / HTTP/1.1\r\nhost x\r\n\r\n".to_vec(),
        ),
        (
            "a Content-Length that is not a number",
            b"POST / HTTP/1.1\r\nhost: x\r\ncontent-length: ten\r\n\r\n".to_vec(),
        ),
        (
            "two Content-Lengths that disagree",
            b"POST / HTTP/1.1\r\nhost: x\r\ncontent-length: 2\r\ncontent-length: 3\r\n\r\n{}"
                .to_vec(),
        ),
        (
            "a negative Content-Length",
            b"POST / HTTP/1.1\r\nhost: x\r\ncontent-length: -1\r\n\r\n".to_vec(),
        ),
        (
            "a Content-Length beyond 64 bits",
            b"POST / HTTP/1.1\r\nhost: x\r\ncontent-length: 99999999999999999999999\r\n\r\n"
                .to_vec(),
        ),
        ("a 1 MB header", long_header.into_bytes()),
        ("500 headers", many_headers.into_bytes()),
        (
            "HTTP/2's preface on an HTTP/1 port",
            b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".to_vec(),
        ),
        (
            "an unknown HTTP version",
            b"POST / HTTP/7.3\r\nhost: x\r\n\r\n".to_vec(),
        ),
    ];
    for (what, bytes) in &cases {
        refused_or_closed(what, &exchange(server.address, bytes, false));
        server.assert_serving();
    }
}

#[test]
fn a_chunked_body_with_a_bad_chunk_size_is_refused_in_the_services_words() {
    let mut server = Spawned::start(&[]);
    let head = "POST / HTTP/1.1\r\nhost: x\r\nx-amz-target: DynamoDB_20120810.ListTables\r\n\
                transfer-encoding: chunked\r\n\r\n";
    let answer = exchange(
        server.address,
        format!("{head}zz\r\n{{}}\r\n0\r\n\r\n").as_bytes(),
        false,
    );
    assert_error(
        &answer,
        400,
        "SerializationException",
        "is not what its headers announce",
    );
    server.assert_serving();
}

/// A body shorter than its headers announced, the client then shutting down its side: the
/// client is told, in the service's words, and nothing is done.
#[test]
fn a_body_that_ends_before_its_announced_length_is_refused() {
    let mut server = Spawned::start(&[]);
    let target = "x-amz-target: DynamoDB_20120810.ListTables";
    let cases = [
        (
            "Content-Length 100, 10 bytes sent",
            format!(
                "POST / HTTP/1.1\r\nhost: x\r\n{target}\r\ncontent-length: 100\r\n\r\n{{\"Limit\":1"
            ),
        ),
        (
            "a chunk of 0x64 bytes, 10 sent",
            format!(
                "POST / HTTP/1.1\r\nhost: x\r\n{target}\r\ntransfer-encoding: chunked\r\n\r\n64\r\n{{\"Limit\":1"
            ),
        ),
    ];
    for (what, bytes) in cases {
        let answer = exchange(server.address, bytes.as_bytes(), true);
        assert!(!answer.is_empty(), "{what}: no answer");
        assert_error(&answer, 400, "SerializationException", "nothing was done");
        server.assert_serving();
    }
}

/// A body longer than its Content-Length: the rest is read as the next request, which is not
/// one, so the connection is refused after the first answer.
#[test]
fn bytes_beyond_the_content_length_are_not_taken_as_part_of_the_request() {
    let mut server = Spawned::start(&[]);
    let mut bytes = request("ListTables", "{}");
    bytes.extend_from_slice(b"{\"trailing\":\"garbage\"}\r\n\r\n");
    let answer = exchange(server.address, &bytes, true);
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer:?}");
    server.assert_serving();
}
