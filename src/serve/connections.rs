//! How many clients are served at once, and what the others get: a connection beyond
//! [`MAX_CONNECTIONS`], or one that arrives when the process has no file descriptor left, is
//! accepted and answered at once with HTTP 503 (which every SDK retries) and closed, instead of
//! waiting unanswered in the listen queue or spinning the accept loop on `EMFILE`.

use std::io::{Read, Write};
use std::sync::Arc;
use std::time::Duration;

use serde_json::Map;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::error::WireError;

/// Connections served at once. Each idle one costs hyper's buffers (about 16 KB) and a file
/// descriptor; 4,096 is beyond what a test suite opens against one local server (an SDK client
/// pools a few dozen), keeps idle connections under ~64 MB, and fits under a raised descriptor
/// limit. Where the soft descriptor limit is lower (often 1,024), the descriptor reserve below
/// refuses what no longer fits.
pub const MAX_CONNECTIONS: usize = 4096;
/// How long a refusal may take to write before the connection is dropped without it.
const REFUSAL_WRITE: Duration = Duration::from_millis(100);
/// After a failed accept that is not descriptor exhaustion, a pause, so a persistent error
/// does not turn the accept loop into a busy loop.
const ACCEPT_PAUSE: Duration = Duration::from_millis(50);

/// The connection limit and a spare file descriptor, released to accept (and refuse) a
/// connection when every other descriptor is taken.
pub struct Admission {
    slots: Arc<Semaphore>,
    spare: Option<std::fs::File>,
}

/// What to do with the next connection.
pub enum Admitted {
    Serve(TcpStream, OwnedSemaphorePermit),
    /// Nothing to serve (a refused connection, or a transient accept error): accept again.
    Next,
}

fn open_spare() -> Option<std::fs::File> {
    std::fs::File::open(if cfg!(windows) { "NUL" } else { "/dev/null" }).ok()
}

fn out_of_descriptors(error: &std::io::Error) -> bool {
    // EMFILE (24) and ENFILE (23) on Linux and the BSDs.
    matches!(error.raw_os_error(), Some(23 | 24))
}

impl Default for Admission {
    fn default() -> Self {
        Self {
            slots: Arc::new(Semaphore::new(MAX_CONNECTIONS)),
            spare: open_spare(),
        }
    }
}

impl Admission {
    /// Accepts one connection: to serve it if there is room, else to refuse it.
    pub async fn accept(&mut self, listener: &TcpListener) -> Admitted {
        match listener.accept().await {
            Ok((stream, _)) => match self.slots.clone().try_acquire_owned() {
                Ok(slot) => Admitted::Serve(stream, slot),
                Err(_) => {
                    refuse(stream, "all its connections are in use");
                    Admitted::Next
                }
            },
            Err(error) if out_of_descriptors(&error) => {
                // Free the spare to take the waiting connection off the queue and refuse it.
                let refused = self.spare.take().is_some()
                    && match tokio::time::timeout(ACCEPT_PAUSE, listener.accept()).await {
                        Ok(Ok((stream, _))) => {
                            refuse(stream, "it has no file descriptor left (ulimit -n)");
                            true
                        }
                        _ => false,
                    };
                self.spare = open_spare();
                if !refused {
                    // No spare (or nothing to accept after all): wait for a descriptor to
                    // close rather than spin.
                    tokio::time::sleep(ACCEPT_PAUSE).await;
                }
                Admitted::Next
            }
            Err(_) => {
                tokio::time::sleep(ACCEPT_PAUSE).await;
                Admitted::Next
            }
        }
    }
}

/// Answers 503 without reading the request, and closes at once: the answer is a few hundred
/// bytes, which a fresh socket's buffer always takes, so no task waits on the client and the
/// descriptor is free again before the next accept. What the client already sent is read and
/// dropped first: closing a socket with unread data sends a reset, which may discard the
/// answer before the client reads it.
fn refuse(stream: TcpStream, why: &str) {
    let error = WireError {
        status: 503,
        kind: "com.amazon.coral.service#ServiceUnavailableException".to_owned(),
        message: format!(
            "ddbx serve is busy: {why}; retry when a connection closes (at most {MAX_CONNECTIONS} at once)"
        ),
        extra: Map::new(),
    };
    let body = serde_json::to_string(&error.body()).unwrap_or_default();
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/x-amz-json-1.0\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let Ok(mut stream) = stream.into_std() else {
        return;
    };
    let _ = stream.set_nonblocking(false);
    let _ = stream.set_write_timeout(Some(REFUSAL_WRITE));
    let _ = stream.write_all(answer.as_bytes());
    let _ = stream.shutdown(std::net::Shutdown::Write);
    let _ = stream.set_nonblocking(true);
    let mut sink = [0; 4096];
    while matches!(stream.read(&mut sink), Ok(read) if read > 0) {}
}
