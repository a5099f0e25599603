//! A request the SDK is sending again, told while it happens: a throttled or dropped request is
//! retried within its attempts, and without a word the user only sees a read that is slow.

use std::fmt;

use tokio::sync::broadcast::Receiver;
use tokio::sync::broadcast::error::RecvError;

/// One more attempt of a request that failed for a reason that may pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RetryNotice {
    /// The operation, as the service names it: `Query`, `PutItem`, …
    pub operation: String,
    /// This attempt's number: 2 for the first retry.
    pub attempt: u32,
    pub max_attempts: u32,
    /// What the attempt before it met: `ThrottlingException`, `HTTP 503`, `no answer in time`.
    pub after: String,
}

impl fmt::Display for RetryNotice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} met {}: sent again (attempt {} of {})",
            self.operation, self.after, self.attempt, self.max_attempts
        )
    }
}

/// Hands each notice to `tell` until the backend is gone or `tell` answers false. A watcher
/// that fell behind skips what it missed: those retries are over.
pub async fn tell_each(
    mut notices: Receiver<RetryNotice>,
    mut tell: impl FnMut(RetryNotice) -> bool + Send,
) {
    loop {
        match notices.recv().await {
            Ok(notice) => {
                if !tell(notice) {
                    break;
                }
            }
            Err(RecvError::Lagged(_)) => {}
            Err(RecvError::Closed) => break,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_retry_says_what_the_attempt_before_it_met_and_which_attempt_this_is() {
        let notice = RetryNotice {
            operation: "Query".into(),
            attempt: 2,
            max_attempts: 3,
            after: "ThrottlingException".into(),
        };
        assert_eq!(
            notice.to_string(),
            "Query met ThrottlingException: sent again (attempt 2 of 3)"
        );
    }
}
