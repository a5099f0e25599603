//! Reading a request body within bounds a hostile client cannot move: at most 16 MB (refused
//! on the `Content-Length` header before a byte of the body is read), all of it within
//! [`BODY_DEADLINE`], and all bodies being read at once within [`BODY_BUDGET_KIB`], so a
//! thousand clients each sending 16 MB wait their turn instead of growing the server to 16 GB.

use std::sync::Arc;
use std::time::Duration;

use http_body_util::{BodyExt, LengthLimitError, Limited};
use hyper::body::{Body, Incoming};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::error::WireError;

/// DynamoDB refuses request bodies above 16 MB.
pub const MAX_BODY: usize = 16 * 1024 * 1024;
/// Bodies held at once, in KiB: 128 MiB, eight bodies of the largest size. A request's claim
/// is its `Content-Length` (a chunked body, whose length is unknown, claims the 16 MB it may
/// reach), taken whole before reading so no two requests each hold half of what they need.
const BODY_BUDGET_KIB: u32 = 128 * 1024;
/// A whole body arrives within this time or the request is refused: on loopback 16 MB takes
/// well under a second, so only a client trickling bytes on purpose (or a stuck one) waits it
/// out, and it cannot hold its share of the budget longer.
const BODY_DEADLINE: Duration = Duration::from_secs(30);

/// The budget shared by every connection of one server.
#[derive(Clone, Debug)]
pub struct BodyBudget(Arc<Semaphore>);

impl Default for BodyBudget {
    fn default() -> Self {
        Self(Arc::new(Semaphore::new(BODY_BUDGET_KIB as usize)))
    }
}

/// A body read whole, and its share of the budget, held until the answer is built.
pub struct ReadBody {
    pub bytes: Vec<u8>,
    _claim: OwnedSemaphorePermit,
}

fn too_large() -> WireError {
    let mut error = WireError::validation(
        "Request size exceeded 16 MB: split the request (BatchWriteItem and TransactWriteItems take 25 and 100 items)",
    );
    error.status = 413;
    error
}

/// A body that is not what its headers announce: cut short, or a chunk size that is not one.
fn broke_off(error: &(dyn std::error::Error + 'static)) -> WireError {
    // hyper's own message is generic ("error reading a body"); its source says what was wrong.
    let mut detail = error.to_string();
    let mut cause = error.source();
    while let Some(inner) = cause {
        detail = format!("{detail}: {inner}");
        cause = inner.source();
    }
    WireError::serialization(format!(
        "the request body is not what its headers announce ({detail}): nothing was done"
    ))
}

fn too_slow() -> WireError {
    let mut error = WireError::validation(format!(
        "the request body did not arrive within {} s: nothing was done",
        BODY_DEADLINE.as_secs()
    ));
    error.status = 408;
    error.kind = "com.amazon.coral.service#RequestTimeoutException".to_owned();
    error
}

/// Reads `body` whole, or says why not in the service's terms.
pub async fn read(body: Incoming, budget: &BodyBudget) -> Result<ReadBody, WireError> {
    let hint = body.size_hint();
    if hint.lower() > MAX_BODY as u64 {
        return Err(too_large());
    }
    let claim = hint.exact().unwrap_or(MAX_BODY as u64);
    let kib = u32::try_from(claim.div_ceil(1024).max(1)).unwrap_or(BODY_BUDGET_KIB);
    let claimed = budget
        .0
        .clone()
        .acquire_many_owned(kib)
        .await
        .map_err(|_| too_slow())?;
    // The claim covers the declared length, so it may be allocated up front: one copy, no
    // doubling as frames arrive.
    let capacity = usize::try_from(hint.exact().unwrap_or(0)).unwrap_or(0);
    let bytes = tokio::time::timeout(BODY_DEADLINE, collect(body, capacity))
        .await
        .map_err(|_| too_slow())??;
    Ok(ReadBody {
        bytes,
        _claim: claimed,
    })
}

async fn collect(body: Incoming, capacity: usize) -> Result<Vec<u8>, WireError> {
    let mut limited = Limited::new(body, MAX_BODY);
    let mut bytes = Vec::with_capacity(capacity);
    while let Some(frame) = limited.frame().await {
        let frame = frame.map_err(|error| {
            if error.downcast_ref::<LengthLimitError>().is_some() {
                too_large()
            } else {
                broke_off(error.as_ref())
            }
        })?;
        if let Ok(data) = frame.into_data() {
            bytes.extend_from_slice(&data);
        }
    }
    Ok(bytes)
}
