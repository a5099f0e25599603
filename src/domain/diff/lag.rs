//! When a followed change is due to be checked on the target: its lag budget counted from when
//! the change was made, as far as the stream record's approximate creation time tells it.

use std::time::Duration;

/// How long to wait before checking a change created at `created_at` (Unix seconds, which
/// Streams rounds down), `now_millis` being the time now (Unix milliseconds). An old record (read
/// from the trim horizon) is due at once; without a creation time the whole `lag` is waited.
#[must_use]
pub fn wait_before_check(lag: Duration, created_at: Option<i64>, now_millis: i64) -> Duration {
    let Some(created) = created_at else {
        return lag;
    };
    // The second was rounded down, so the change may have been made up to a second later.
    let made_by = created.saturating_add(1).saturating_mul(1000);
    let age = u64::try_from(now_millis.saturating_sub(made_by)).unwrap_or(0);
    lag.saturating_sub(Duration::from_millis(age))
}

#[cfg(test)]
mod tests {
    use super::*;

    const LAG: Duration = Duration::from_secs(5);

    #[test]
    fn a_fresh_change_waits_its_whole_budget_less_its_age() {
        assert_eq!(wait_before_check(LAG, Some(100), 101_000), LAG);
        assert_eq!(
            wait_before_check(LAG, Some(100), 103_500),
            Duration::from_millis(2_500)
        );
    }

    #[test]
    fn an_old_change_is_due_at_once() {
        assert_eq!(wait_before_check(LAG, Some(100), 900_000), Duration::ZERO);
    }

    #[test]
    fn a_clock_behind_the_server_waits_no_longer_than_the_budget() {
        assert_eq!(wait_before_check(LAG, Some(200), 100_000), LAG);
    }

    #[test]
    fn no_creation_time_waits_the_whole_budget() {
        assert_eq!(wait_before_check(LAG, None, 100_000), LAG);
    }
}
