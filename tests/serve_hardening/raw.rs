//! Requests written byte by byte, as a hostile or broken client sends them.

use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::time::Duration;

/// Longest a test waits for an answer: far beyond any timeout of the server's, so a server
/// that never answers fails the test instead of hanging it.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// A well-formed DynamoDB request for `operation` with `body`.
pub fn request(operation: &str, body: &str) -> Vec<u8> {
    format!(
        "POST / HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/x-amz-json-1.0\r\n\
         x-amz-target: DynamoDB_20120810.{operation}\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

pub fn connect(address: SocketAddr) -> TcpStream {
    let stream = TcpStream::connect(address).expect("the server accepts a connection");
    stream
        .set_read_timeout(Some(PATIENCE))
        .expect("a read timeout");
    stream
}

/// What the server sent until it closed the connection, or until it answered once (a
/// keep-alive connection stays open); panics when it neither answers nor closes in time.
pub fn read_answer(stream: &mut TcpStream) -> String {
    let mut received = Vec::new();
    let mut buffer = [0; 65536];
    loop {
        match stream.read(&mut buffer) {
            Ok(0) => break,
            Ok(read) => {
                received.extend_from_slice(&buffer[..read]);
                if complete(&received) {
                    break;
                }
            }
            // A reset after the answer (or instead of one) is a close.
            Err(error) if error.kind() == std::io::ErrorKind::ConnectionReset => break,
            Err(error) => panic!(
                "no answer and no close within {PATIENCE:?}: {error}; received {:?}",
                String::from_utf8_lossy(&received)
            ),
        }
    }
    String::from_utf8_lossy(&received).into_owned()
}

/// Whether `received` holds a whole response with a `content-length`.
fn complete(received: &[u8]) -> bool {
    let text = String::from_utf8_lossy(received);
    let Some((head, body)) = text.split_once("\r\n\r\n") else {
        return false;
    };
    head.lines()
        .find_map(|line| {
            let (name, value) = line.split_once(':')?;
            name.eq_ignore_ascii_case("content-length")
                .then(|| value.trim().parse::<usize>().ok())?
        })
        .is_some_and(|length| body.len() >= length)
}

/// Sends `bytes` (then shuts down the sending side when `half_close`) and reads the answer.
pub fn exchange(address: SocketAddr, bytes: &[u8], half_close: bool) -> String {
    let mut stream = connect(address);
    // The server may close before everything is written (it refused early): not an error.
    let _ = stream.write_all(bytes);
    if half_close {
        let _ = stream.shutdown(Shutdown::Write);
    }
    read_answer(&mut stream)
}

/// The `__type` of an error answer's JSON body, after its `#`.
pub fn error_name(answer: &str) -> String {
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, body)| body);
    let json: serde_json::Value = serde_json::from_str(body)
        .unwrap_or_else(|_| panic!("the answer's body is not JSON: {answer:?}"));
    json["__type"]
        .as_str()
        .and_then(|kind| kind.rsplit('#').next())
        .unwrap_or_default()
        .to_owned()
}

/// The `message` of an error answer's JSON body.
pub fn error_message(answer: &str) -> String {
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, body)| body);
    let json: serde_json::Value = serde_json::from_str(body).unwrap_or_default();
    json["message"].as_str().unwrap_or_default().to_owned()
}

/// Panics unless `answer` has `status` and the error `name` with `words` in its message.
pub fn assert_error(answer: &str, status: u16, name: &str, words: &str) {
    assert!(
        answer.starts_with(&format!("HTTP/1.1 {status}")),
        "wanted {status} {name}: {answer:?}"
    );
    assert_eq!(error_name(answer), name, "{answer}");
    assert!(
        error_message(answer).contains(words),
        "wanted {words:?}: {answer}"
    );
}
