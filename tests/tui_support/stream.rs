//! The stream view's test steps: the real time of day on the app's clock (a start at a time is
//! settled against it) and `s` with a start typed.

use std::time::Duration;

use ddbx::app::action::{Action, Clock};
use ddbx::app::state::{Overlay, PromptKind};

use super::Harness;

/// The wall clock, Unix seconds: the engines stamp their records with it.
pub fn unix_now() -> i64 {
    let since = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970");
    i64::try_from(since.as_secs()).expect("seconds fit")
}

/// Lets `seconds` pass on the app's clock, a tick every 250 ms telling the real time of day.
pub async fn wait_in_real_time(harness: &mut Harness, seconds: f64) {
    for _ in 0..(seconds * 4.0).ceil() as u32 {
        let uptime = harness.state.clock.uptime + Duration::from_millis(250);
        let unix_seconds = unix_now();
        harness
            .act(Action::Tick(Clock {
                uptime,
                unix_seconds,
            }))
            .await;
    }
}

/// `s`, the start typed, Enter.
pub async fn start_from(harness: &mut Harness, text: &str) {
    harness.act(Action::StreamStartFrom).await;
    let Some(Overlay::Prompt(prompt)) = &harness.state.overlay else {
        panic!("the start prompt opens: {:?}", harness.state.overlay);
    };
    assert_eq!(prompt.kind, PromptKind::StreamStart);
    for ch in text.chars() {
        harness.act_only(Action::Input(ch));
    }
    harness.act(Action::Submit).await;
}
