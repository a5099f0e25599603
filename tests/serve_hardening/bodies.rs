//! Bodies over DynamoDB's 16 MB, and many large bodies at once: refused in the service's words,
//! with the server's memory bounded by its own budget, not by what clients send.

use std::io::Write;
use std::sync::Arc;

use crate::raw::{assert_error, connect, exchange, read_answer};
use crate::spawned::Spawned;

const MIB: usize = 1024 * 1024;

fn head(length: &str) -> String {
    format!(
        "POST / HTTP/1.1\r\nhost: x\r\ncontent-type: application/x-amz-json-1.0\r\n\
         x-amz-target: DynamoDB_20120810.PutItem\r\n{length}\r\n\r\n"
    )
}

fn assert_too_large(answer: &str) {
    assert_error(
        answer,
        413,
        "ValidationException",
        "Request size exceeded 16 MB",
    );
}

/// The refusal comes from the header alone: the client has not sent a byte of the body.
#[test]
fn a_content_length_over_16_mb_is_refused_before_the_body_is_sent() {
    let mut server = Spawned::start(&[]);
    let answer = exchange(
        server.address,
        head(&format!("content-length: {}", 16 * MIB + 1)).as_bytes(),
        false,
    );
    assert_too_large(&answer);
    let answer = exchange(
        server.address,
        head("content-length: 1099511627776").as_bytes(),
        false,
    );
    assert_too_large(&answer);
    server.assert_serving();
}

/// A chunked body announces no length: it is read up to 16 MB and refused there, while the
/// client goes on sending up to 256 MB.
#[test]
fn a_chunked_body_is_refused_at_16_mb_without_holding_the_rest() {
    let mut server = Spawned::start(&[]);
    let before = server.peak_memory();
    let mut stream = connect(server.address);
    let mut writer = stream.try_clone().expect("a second handle");
    let sender = std::thread::spawn(move || {
        let _ = writer.write_all(head("transfer-encoding: chunked").as_bytes());
        let chunk = format!("10000\r\n{}\r\n", "x".repeat(65536));
        for _ in 0..4096 {
            if writer.write_all(chunk.as_bytes()).is_err() {
                return;
            }
        }
    });
    let answer = read_answer(&mut stream);
    drop(stream);
    let _ = sender.join();
    assert_too_large(&answer);
    server.assert_grown_less_than(before, 96, "for a refused body");
    server.assert_serving();
}

/// Forty clients each send a body just under 16 MB at once: each is answered (the bodies are
/// not JSON), and the server holds at most its budget of bodies at a time, not 640 MB.
#[test]
fn many_large_bodies_at_once_are_read_within_the_servers_budget() {
    let mut server = Spawned::start(&[]);
    let before = server.peak_memory();
    let length = 16 * MIB - 1024;
    let body: Arc<Vec<u8>> = Arc::new(vec![b'x'; length]);
    let address = server.address;
    let clients: Vec<_> = (0..40)
        .map(|_| {
            let body = body.clone();
            std::thread::spawn(move || {
                let mut stream = connect(address);
                let sent = stream
                    .write_all(head(&format!("content-length: {length}")).as_bytes())
                    .and_then(|()| stream.write_all(&body));
                sent.expect("the body is sent");
                read_answer(&mut stream)
            })
        })
        .collect();
    for client in clients {
        let answer = client.join().expect("the client ends");
        assert_error(&answer, 400, "SerializationException", "");
    }
    server.assert_grown_less_than(before, 320, "while reading 40 bodies of 16 MB");
    server.assert_serving();
}
