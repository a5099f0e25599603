//! An S3 object's body as a [`std::io::Read`]: a task on the bucket's runtime pulls the body's
//! chunks and hands them over a bounded channel, so at most [`CHUNKS_IN_FLIGHT`] chunks wait for
//! the reader and a slow reader slows the download instead of filling memory.

use std::io::Read;

use aws_sdk_s3::primitives::ByteStream;
use bytes::{Buf, Bytes};
use tokio::sync::mpsc;

/// Chunks received ahead of the reader (the SDK's chunks are a few to a few dozen KB).
const CHUNKS_IN_FLIGHT: usize = 16;

/// An object's bytes as they arrive. Read it on a plain thread (never inside an async task,
/// where waiting for a chunk would block the runtime).
pub struct ObjectReader {
    chunks: mpsc::Receiver<Result<Bytes, String>>,
    current: Bytes,
    /// Stops the download when the reader is dropped before the end.
    task: tokio::task::AbortHandle,
}

impl ObjectReader {
    pub(super) fn spawn(runtime: &tokio::runtime::Handle, mut body: ByteStream) -> Self {
        let (sender, chunks) = mpsc::channel(CHUNKS_IN_FLIGHT);
        let task = runtime.spawn(async move {
            while let Some(chunk) = body.next().await {
                let chunk = chunk.map_err(|error| {
                    format!(
                        "the download broke off: {}",
                        aws_sdk_s3::error::DisplayErrorContext(error)
                    )
                });
                let failed = chunk.is_err();
                if sender.send(chunk).await.is_err() || failed {
                    return;
                }
            }
        });
        Self {
            chunks,
            current: Bytes::new(),
            task: task.abort_handle(),
        }
    }
}

impl Read for ObjectReader {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        while self.current.is_empty() {
            match self.chunks.blocking_recv() {
                None => return Ok(0),
                Some(Ok(chunk)) => self.current = chunk,
                Some(Err(message)) => return Err(std::io::Error::other(message)),
            }
        }
        let taken = buffer.len().min(self.current.len());
        buffer[..taken].copy_from_slice(&self.current[..taken]);
        self.current.advance(taken);
        Ok(taken)
    }
}

impl Drop for ObjectReader {
    fn drop(&mut self) {
        self.task.abort();
    }
}
