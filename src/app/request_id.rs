//! Request identities: every command that answers asynchronously carries one, and its result comes
//! back tagged with it, so a result for a request that is no longer current is recognised and
//! dropped (a cancelled scan page, the first partition after the user already opened another).

/// Identifies one asynchronous request for the lifetime of the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RequestId(pub u64);

/// Hands out increasing request ids.
#[derive(Clone, Debug, Default)]
pub struct RequestIds {
    last: u64,
}

impl RequestIds {
    /// A fresh id, never handed out before.
    pub fn issue(&mut self) -> RequestId {
        self.last += 1;
        RequestId(self.last)
    }
}
