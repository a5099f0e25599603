//! A fault-injecting HTTP/1.1 proxy on 127.0.0.1 for tests: it forwards each request to a real
//! server (dynalite, moto, DynamoDB Local) unless the test's plan says otherwise for that request
//! — answer with a chosen status and body, cut the body short under the original
//! `Content-Length`, reset the connection, or hold it open without answering. With no upstream it
//! is a stand-in server that answers only from the plan (a hostile error body, a black hole).
//!
//! Bounded: one thread per connection, requests and responses of at most [`MAX_MESSAGE`] bytes,
//! stalls end when the proxy is dropped. Deterministic: the plan sees the request's number
//! (from 0, in arrival order) and its `X-Amz-Target`; [`Seeded`] gives a reproducible random
//! schedule from a seed.

use std::io::{self, BufRead, BufReader, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

/// The largest request or response the proxy handles (DynamoDB pages are at most 1 MB).
pub const MAX_MESSAGE: usize = 8 * 1024 * 1024;

/// What the proxy does with one request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// Forward it and return the server's answer unchanged.
    Pass,
    /// Answer without forwarding: this status and JSON body.
    Respond { status: u16, body: String },
    /// Forward it (the server acts on it), then return only the first `keep` bytes of the body
    /// under the original `Content-Length`, and close.
    Truncate { keep: usize },
    /// Forward it (the server acts on it), then return only the first `keep` bytes of the body
    /// under a `Content-Length` that matches them: a well-formed HTTP answer whose JSON is cut.
    TruncateMatching { keep: usize },
    /// Forward it (the server acts on it), then close the connection without answering.
    ResetAfterForward,
    /// Close the connection without forwarding or answering.
    Reset,
    /// Hold the connection open and never answer (until the proxy is dropped).
    Stall,
}

/// Chooses the fault for request number `n` with target `target` (e.g. `DynamoDB_20120810.Scan`).
pub type Plan = Arc<dyn Fn(u64, &str) -> Fault + Send + Sync>;

/// A running proxy; dropping it stops accepting and releases stalled connections.
pub struct FaultProxy {
    port: u16,
    stopped: Arc<AtomicBool>,
    requests: Arc<AtomicU64>,
    /// The targets of the requests seen, in order.
    targets: Arc<Mutex<Vec<String>>>,
}

impl FaultProxy {
    /// Starts a proxy in front of `upstream` (`http://127.0.0.1:PORT`, or `None` for a stand-in
    /// server whose plan never says [`Fault::Pass`]).
    #[must_use]
    pub fn start(upstream: Option<&str>, plan: Plan) -> Self {
        Self::start_at(0, upstream, plan)
    }

    /// As [`Self::start`], on `port` (0: any free one): a proxy started again where a dropped
    /// one listened is the same endpoint to a client, as a server restarted on its port is.
    #[must_use]
    pub fn start_at(port: u16, upstream: Option<&str>, plan: Plan) -> Self {
        let listener = TcpListener::bind(("127.0.0.1", port)).expect("a free loopback port");
        let port = listener.local_addr().expect("bound address").port();
        let upstream = upstream.map(|url| {
            let address = url.trim_start_matches("http://").trim_end_matches('/');
            assert!(address.starts_with("127.0.0.1:"), "loopback only: {url}");
            address.to_owned()
        });
        let proxy = Self {
            port,
            stopped: Arc::new(AtomicBool::new(false)),
            requests: Arc::new(AtomicU64::new(0)),
            targets: Arc::new(Mutex::new(Vec::new())),
        };
        let shared = Shared {
            upstream,
            plan,
            stopped: Arc::clone(&proxy.stopped),
            requests: Arc::clone(&proxy.requests),
            targets: Arc::clone(&proxy.targets),
        };
        thread::spawn(move || {
            for stream in listener.incoming() {
                if shared.stopped.load(Ordering::SeqCst) {
                    return;
                }
                let Ok(stream) = stream else { continue };
                let shared = shared.clone();
                thread::spawn(move || {
                    let _ = serve(stream, &shared);
                });
            }
        });
        proxy
    }

    /// A stand-in server that answers every request with `status` and `body`.
    #[must_use]
    pub fn answering(status: u16, body: &str) -> Self {
        let body = body.to_owned();
        Self::start(
            None,
            Arc::new(move |_, _| Fault::Respond {
                status,
                body: body.clone(),
            }),
        )
    }

    /// A black hole: accepts connections, reads requests and never answers.
    #[must_use]
    pub fn black_hole() -> Self {
        Self::start(None, Arc::new(|_, _| Fault::Stall))
    }

    /// Stops the proxy and waits until its port refuses connections.
    pub fn close(self) {
        let port = self.port;
        drop(self);
        for _ in 0..500 {
            if TcpStream::connect(("127.0.0.1", port)).is_err() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        panic!("port {port} still accepts connections after the proxy stopped");
    }

    #[must_use]
    pub fn port(&self) -> u16 {
        self.port
    }

    #[must_use]
    pub fn endpoint(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// How many requests arrived.
    #[must_use]
    pub fn requests(&self) -> u64 {
        self.requests.load(Ordering::SeqCst)
    }

    /// The `X-Amz-Target` of every request that arrived, in order.
    #[must_use]
    pub fn targets(&self) -> Vec<String> {
        self.targets.lock().map(|t| t.clone()).unwrap_or_default()
    }
}

impl Drop for FaultProxy {
    fn drop(&mut self) {
        self.stopped.store(true, Ordering::SeqCst);
        // Wakes the accept loop so it sees the flag.
        let _ = TcpStream::connect(("127.0.0.1", self.port));
    }
}

/// A reproducible pseudo-random schedule (xorshift64*), for "1 in N requests fails" plans.
pub struct Seeded(Mutex<u64>);

impl Seeded {
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self(Mutex::new(seed.max(1)))
    }

    /// True with probability `1 / n`.
    pub fn one_in(&self, n: u64) -> bool {
        let Ok(mut state) = self.0.lock() else {
            return false;
        };
        let mut x = *state;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        *state = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D) % n == 0
    }
}

#[derive(Clone)]
struct Shared {
    upstream: Option<String>,
    plan: Plan,
    stopped: Arc<AtomicBool>,
    requests: Arc<AtomicU64>,
    targets: Arc<Mutex<Vec<String>>>,
}

/// One HTTP message: the head (start line and headers, with the blank line) and the body.
struct Message {
    head: Vec<u8>,
    body: Vec<u8>,
    header_lines: Vec<String>,
}

impl Message {
    fn header(&self, name: &str) -> Option<&str> {
        self.header_lines.iter().find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.trim().eq_ignore_ascii_case(name).then(|| value.trim())
        })
    }
}

impl Message {
    /// The head with its `Content-Length` replaced by `length`.
    fn head_with_length(&self, length: usize) -> Vec<u8> {
        let mut lines = self.header_lines.iter().filter(|line| {
            !line
                .split_once(':')
                .is_some_and(|(key, _)| key.trim().eq_ignore_ascii_case("content-length"))
        });
        let mut head = String::new();
        if let Some(start) = lines.next() {
            head.push_str(start);
            head.push_str("\r\n");
        }
        for line in lines {
            head.push_str(line);
            head.push_str("\r\n");
        }
        head.push_str(&format!("Content-Length: {length}\r\n\r\n"));
        head.into_bytes()
    }
}

fn read_message(reader: &mut impl BufRead) -> io::Result<Option<Message>> {
    let mut head = Vec::new();
    let mut header_lines = Vec::new();
    loop {
        let mut line = Vec::new();
        if reader.read_until(b'\n', &mut line)? == 0 {
            return Ok(None);
        }
        head.extend_from_slice(&line);
        if head.len() > MAX_MESSAGE {
            return Err(io::Error::other("head too large"));
        }
        let text = String::from_utf8_lossy(&line).trim_end().to_owned();
        if text.is_empty() {
            break;
        }
        header_lines.push(text);
    }
    let mut message = Message {
        head,
        body: Vec::new(),
        header_lines,
    };
    if message
        .header("transfer-encoding")
        .is_some_and(|value| value.eq_ignore_ascii_case("chunked"))
    {
        message.body = read_chunks(reader)?;
        message
            .header_lines
            .retain(|line| !line.to_ascii_lowercase().starts_with("transfer-encoding:"));
        message.head = message.head_with_length(message.body.len());
        return Ok(Some(message));
    }
    let length: usize = message
        .header("content-length")
        .and_then(|value| value.parse().ok())
        .unwrap_or(0);
    if length > MAX_MESSAGE {
        return Err(io::Error::other("body too large"));
    }
    message.body = vec![0; length];
    reader.read_exact(&mut message.body)?;
    Ok(Some(message))
}

/// A chunked body, whole (DynamoDB Local sends a large answer in chunks); the proxy passes it
/// on under a `Content-Length`, which a client reads the same.
fn read_chunks(reader: &mut impl BufRead) -> io::Result<Vec<u8>> {
    let mut body = Vec::new();
    loop {
        let mut line = String::new();
        reader.read_line(&mut line)?;
        let size = line.trim().split(';').next().unwrap_or("");
        let size = usize::from_str_radix(size, 16).map_err(io::Error::other)?;
        if body.len() + size > MAX_MESSAGE {
            return Err(io::Error::other("body too large"));
        }
        if size == 0 {
            // The trailers, if any, end with a blank line.
            loop {
                line.clear();
                if reader.read_line(&mut line)? == 0 || line.trim().is_empty() {
                    return Ok(body);
                }
            }
        }
        let mut chunk = vec![0; size + 2];
        reader.read_exact(&mut chunk)?;
        body.extend_from_slice(&chunk[..size]);
    }
}

fn serve(client: TcpStream, shared: &Shared) -> io::Result<()> {
    let mut reader = BufReader::new(client.try_clone()?);
    let mut writer = client;
    while let Some(request) = read_message(&mut reader)? {
        // A stopped server answers nothing more, not even on a connection kept alive from
        // before: a client's pooled connection must not outlive the server it came from.
        if shared.stopped.load(Ordering::SeqCst) {
            return writer.shutdown(Shutdown::Both);
        }
        let number = shared.requests.fetch_add(1, Ordering::SeqCst);
        let target = request.header("x-amz-target").unwrap_or("").to_owned();
        if let Ok(mut targets) = shared.targets.lock() {
            targets.push(target.clone());
        }
        match (shared.plan)(number, &target) {
            Fault::Pass => {
                let response = forward(shared, &request)?;
                writer.write_all(&response.head)?;
                writer.write_all(&response.body)?;
            }
            Fault::Respond { status, body } => {
                let head = format!(
                    "HTTP/1.1 {status} Fault\r\nContent-Type: application/x-amz-json-1.0\r\nContent-Length: {}\r\n\r\n",
                    body.len()
                );
                writer.write_all(head.as_bytes())?;
                writer.write_all(body.as_bytes())?;
            }
            Fault::Truncate { keep } => {
                let response = forward(shared, &request)?;
                writer.write_all(&response.head)?;
                writer.write_all(&response.body[..keep.min(response.body.len())])?;
                writer.flush()?;
                return writer.shutdown(Shutdown::Both);
            }
            Fault::TruncateMatching { keep } => {
                let response = forward(shared, &request)?;
                let body = &response.body[..keep.min(response.body.len())];
                writer.write_all(&response.head_with_length(body.len()))?;
                writer.write_all(body)?;
            }
            Fault::ResetAfterForward => {
                forward(shared, &request)?;
                return writer.shutdown(Shutdown::Both);
            }
            Fault::Reset => return writer.shutdown(Shutdown::Both),
            Fault::Stall => {
                while !shared.stopped.load(Ordering::SeqCst) {
                    thread::sleep(Duration::from_millis(50));
                }
                return Ok(());
            }
        }
        writer.flush()?;
    }
    Ok(())
}

/// Sends `request` to the upstream server on a fresh connection and reads its answer.
fn forward(shared: &Shared, request: &Message) -> io::Result<Message> {
    let upstream = shared
        .upstream
        .as_deref()
        .ok_or_else(|| io::Error::other("no upstream to forward to"))?;
    let mut stream = TcpStream::connect(upstream)?;
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    stream.write_all(&request.head)?;
    stream.write_all(&request.body)?;
    stream.flush()?;
    let mut reader = BufReader::new(stream);
    read_message(&mut reader)?.ok_or_else(|| io::Error::other("upstream closed without answering"))
}
