//! A small HTTP/1.1 server of the tests' own on 127.0.0.1 that answers each DynamoDB operation
//! with a JSON shape the test chooses (the documented response and error shapes), and records
//! every request: its operation, its `amz-sdk-request` header (which attempt of how many) and
//! its JSON body. It stands in for the service where no local server implements a feature.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::thread;

use serde_json::Value;

/// One request as it arrived.
#[derive(Clone, Debug)]
pub struct Request {
    /// The operation: `Query`, `DescribeTable`, …
    pub operation: String,
    /// `attempt=2; max=3`, as the SDK sends it.
    pub attempt: String,
    pub body: Value,
}

/// How the server answers: the HTTP status and JSON body for an operation, given what was sent
/// so far (this request included), so an answer can depend on the attempt.
pub type Answer = dyn Fn(&str, &[Request]) -> (u16, Value) + Send + Sync;

/// The server's address and what it recorded.
#[derive(Clone)]
pub struct ShapedServer {
    pub endpoint: String,
    recorded: Arc<Mutex<Vec<Request>>>,
}

impl ShapedServer {
    /// Starts serving on a free loopback port until the test process ends.
    pub fn start(
        answer: impl Fn(&str, &[Request]) -> (u16, Value) + Send + Sync + 'static,
    ) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a loopback port");
        let port = listener.local_addr().expect("bound").port();
        let recorded = Arc::new(Mutex::new(Vec::new()));
        let answer: Arc<Answer> = Arc::new(answer);
        let shared = Arc::clone(&recorded);
        thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(stream) = stream else { return };
                let (recorded, answer) = (Arc::clone(&shared), Arc::clone(&answer));
                thread::spawn(move || serve(stream, &recorded, &*answer));
            }
        });
        Self {
            endpoint: format!("http://127.0.0.1:{port}"),
            recorded,
        }
    }

    /// Every request of `operation`, in arrival order.
    #[must_use]
    pub fn requests(&self, operation: &str) -> Vec<Request> {
        self.recorded
            .lock()
            .expect("not poisoned")
            .iter()
            .filter(|request| request.operation == operation)
            .cloned()
            .collect()
    }
}

/// A DynamoDB error body: `{"__type": "com.amazonaws.dynamodb.v20120810#<code>", "message": …}`
/// plus `extra` fields.
#[must_use]
pub fn error_body(code: &str, message: &str, extra: Value) -> Value {
    let mut body = serde_json::json!({
        "__type": format!("com.amazonaws.dynamodb.v20120810#{code}"),
        "message": message,
    });
    if let (Some(body), Value::Object(extra)) = (body.as_object_mut(), extra) {
        body.extend(extra);
    }
    body
}

fn serve(stream: TcpStream, recorded: &Mutex<Vec<Request>>, answer: &Answer) {
    let Ok(mut writer) = stream.try_clone() else {
        return;
    };
    let mut reader = BufReader::new(stream);
    while let Some(request) = read_request(&mut reader) {
        let (status, body) = {
            let mut all = recorded.lock().expect("not poisoned");
            all.push(request.clone());
            let so_far: Vec<Request> = all
                .iter()
                .filter(|earlier| earlier.operation == request.operation)
                .cloned()
                .collect();
            drop(all);
            answer(&request.operation, &so_far)
        };
        let text = body.to_string();
        let reply = format!(
            "HTTP/1.1 {status} X\r\ncontent-type: application/x-amz-json-1.0\r\nx-amzn-requestid: shaped\r\ncontent-length: {}\r\n\r\n{text}",
            text.len()
        );
        if writer.write_all(reply.as_bytes()).is_err() {
            return;
        }
    }
}

fn read_request(reader: &mut BufReader<TcpStream>) -> Option<Request> {
    let mut line = String::new();
    if reader.read_line(&mut line).ok()? == 0 {
        return None;
    }
    let (mut operation, mut attempt, mut length) = (String::new(), String::new(), 0usize);
    loop {
        line.clear();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let header = line.trim_end();
        if header.is_empty() {
            break;
        }
        let Some((name, value)) = header.split_once(':') else {
            continue;
        };
        let value = value.trim();
        match name.to_ascii_lowercase().as_str() {
            "x-amz-target" => value.rsplit('.').next()?.clone_into(&mut operation),
            "amz-sdk-request" => value.clone_into(&mut attempt),
            "content-length" => length = value.parse().unwrap_or(0),
            _ => {}
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).ok()?;
    Some(Request {
        operation,
        attempt,
        body: serde_json::from_slice(&body).unwrap_or(Value::Null),
    })
}
