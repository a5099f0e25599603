//! Query, Scan and ExecuteStatement pages read straight from the response body.
//!
//! [`PageCapture`] is an interceptor for one call. On a successful response it reads the whole
//! body, decodes it with [`body_page`] and leaves the [`BodyPage`] in its [`DecodedPage`]; the
//! SDK is handed `{}` instead, so it parses two bytes rather than the page a second time. A body
//! the decoder declines reaches the SDK untouched, so its output and its errors are unchanged.
//! Errors (non-2xx) are never touched: the SDK classifies and retries them as always.

use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll, ready};

use aws_smithy_runtime_api::box_error::BoxError;
use aws_smithy_runtime_api::client::interceptors::Intercept;
use aws_smithy_runtime_api::client::interceptors::context::BeforeDeserializationInterceptorContextMut;
use aws_smithy_runtime_api::client::runtime_components::RuntimeComponents;
use aws_smithy_types::body::SdkBody;
use aws_smithy_types::config_bag::ConfigBag;
use bytes::Bytes;
use http_body::{Body, Frame, SizeHint};

use crate::backend::aws_convert::{BodyPage, body_page};

type Slot = Arc<Mutex<Option<BodyPage>>>;

/// Successful bodies the decoder declined in this process, so a test can show that a server's
/// pages take the fast path rather than quietly falling back to the SDK's reading.
static DECLINED: AtomicU64 = AtomicU64::new(0);

/// How many successful Query, Scan and ExecuteStatement bodies were left to the SDK in this
/// process so far.
#[must_use]
pub fn page_bodies_left_to_the_sdk() -> u64 {
    DECLINED.load(Ordering::Relaxed)
}

/// The interceptor to give one Query, Scan or ExecuteStatement call.
#[derive(Debug)]
pub(super) struct PageCapture {
    slot: Slot,
}

/// Where the page decoded from the last successful attempt's body is left.
pub(super) struct DecodedPage {
    slot: Slot,
}

impl DecodedPage {
    /// The decoded page; `None` when the decoder declined the body and the SDK read it instead.
    pub(super) fn take(&self) -> Option<BodyPage> {
        self.slot
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
    }
}

/// A capture for one call, and where its page will be.
pub(super) fn page_capture() -> (PageCapture, DecodedPage) {
    let slot = Slot::default();
    (PageCapture { slot: slot.clone() }, DecodedPage { slot })
}

impl Intercept for PageCapture {
    fn name(&self) -> &'static str {
        "PageCapture"
    }

    fn modify_before_deserialization(
        &self,
        context: &mut BeforeDeserializationInterceptorContextMut<'_>,
        _runtime_components: &RuntimeComponents,
        _cfg: &mut ConfigBag,
    ) -> Result<(), BoxError> {
        // A retried attempt must not leave an earlier attempt's page behind.
        self.slot
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        let response = context.response_mut();
        if response.status().is_success() {
            let body = response.take_body();
            *response.body_mut() = SdkBody::from_body_1_x(CapturedBody {
                received: Vec::with_capacity(presized(&body)),
                inner: body,
                slot: Some(self.slot.clone()),
            });
        }
        Ok(())
    }
}

/// A page is at most 1 MB of items; a body is sized up front from its Content-Length only up to
/// a few times that, so a server that announces gigabytes cannot make ddbx reserve them.
const LARGEST_PRESIZED_BODY: u64 = 4 << 20;

fn presized(body: &SdkBody) -> usize {
    let announced = body.content_length().unwrap_or(0);
    usize::try_from(announced.min(LARGEST_PRESIZED_BODY)).unwrap_or(0)
}

/// Collects the whole body, then yields either `{}` (the page was decoded) or the body itself.
struct CapturedBody {
    inner: SdkBody,
    received: Vec<u8>,
    /// `None` once the one frame that replaces the body has been yielded.
    slot: Option<Slot>,
}

impl CapturedBody {
    fn replacement(&mut self, slot: &Slot) -> Bytes {
        let received = std::mem::take(&mut self.received);
        match body_page(&received) {
            Ok(page) => {
                *slot.lock().unwrap_or_else(PoisonError::into_inner) = Some(page);
                Bytes::from_static(b"{}")
            }
            Err(_) => {
                DECLINED.fetch_add(1, Ordering::Relaxed);
                Bytes::from(received)
            }
        }
    }
}

impl Body for CapturedBody {
    type Data = Bytes;
    type Error = BoxError;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, BoxError>>> {
        let this = &mut *self;
        loop {
            if this.slot.is_none() {
                return Poll::Ready(None);
            }
            match ready!(Pin::new(&mut this.inner).poll_frame(cx)) {
                Some(Ok(frame)) => {
                    // These responses carry no trailers; only data frames matter.
                    if let Ok(data) = frame.into_data() {
                        this.received.extend_from_slice(&data);
                    }
                }
                Some(Err(error)) => return Poll::Ready(Some(Err(error))),
                None => {
                    let Some(slot) = this.slot.take() else {
                        return Poll::Ready(None);
                    };
                    return Poll::Ready(Some(Ok(Frame::data(this.replacement(&slot)))));
                }
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        self.slot.is_none()
    }

    fn size_hint(&self) -> SizeHint {
        // The length is only known once the body has been decoded.
        SizeHint::default()
    }
}

#[cfg(test)]
#[path = "page_body_tests.rs"]
mod tests;
