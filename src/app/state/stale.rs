//! What a view showed before it was read again. A refresh replaces a view's data with a fresh
//! read; when that read fails, a list of "failed" would throw away everything the user was
//! looking at, so the last good data is kept aside while the refresh runs and put back, marked
//! stale with when it was read and why the refresh failed. A first load that fails has nothing
//! to fall back on and still shows its error.

use crate::app::action::Clock;

/// The label of data put back after a failed refresh.
pub const STALE: &str = "stale";

/// The last good data of a view, kept while it is read again.
#[derive(Clone, Debug)]
pub struct Kept<T> {
    pub data: Box<T>,
    /// The clock when the refresh was asked for: the data is as read by then.
    pub read_at: Clock,
}

/// The mark on data a failed refresh put back.
#[derive(Clone, Debug, PartialEq)]
pub struct Stale {
    pub read_at: Clock,
    /// The refresh's error, as the service gave it.
    pub error: String,
}

impl Stale {
    /// `stale: as read by 12:03:04 UTC; the refresh failed: …`, for a view's status line.
    #[must_use]
    pub fn text(&self) -> String {
        format!("{STALE}: {}", self.detail())
    }

    /// The text after the `stale` label: `as read by 12:03:04 UTC; the refresh failed: …`.
    #[must_use]
    pub fn detail(&self) -> String {
        format!(
            "as read by {}; the refresh failed: {}",
            time_of_day(self.read_at.unix_seconds),
            self.error
        )
    }
}

/// `HH:MM:SS UTC` of a Unix time.
#[must_use]
pub fn time_of_day(seconds: i64) -> String {
    let day = seconds.rem_euclid(86_400);
    format!("{:02}:{:02}:{:02} UTC", day / 3600, day / 60 % 60, day % 60)
}

/// Data a view reads again as a whole: where its kept copy and stale mark live, and whether it
/// holds anything worth keeping.
pub trait Refreshable: Sized {
    fn kept(&mut self) -> &mut Option<Kept<Self>>;
    fn stale(&mut self) -> &mut Option<Stale>;
    /// True when a read succeeded far enough to show something (not failed, not still loading
    /// its first page).
    fn has_data(&self) -> bool;
}

/// A refresh starts: `fresh` takes the place of `old`, keeping `old` aside when it held good
/// data. A refresh over a refresh still running keeps the data the first one kept; data put
/// back stale keeps the time it was read.
pub fn refresh<T: Refreshable>(mut old: T, mut fresh: T, now: Clock) -> T {
    *fresh.kept() = match old.kept().take() {
        Some(kept) => Some(kept),
        None if old.has_data() => {
            let read_at = old.stale().take().map_or(now, |stale| stale.read_at);
            Some(Kept {
                data: Box::new(old),
                read_at,
            })
        }
        None => None,
    };
    fresh
}

/// The refresh of `current` failed: the kept data comes back marked stale. False when nothing
/// was kept (a first load failed), leaving `current` to show the error.
pub fn fall_back<T: Refreshable>(current: &mut T, error: &str) -> bool {
    let Some(kept) = current.kept().take() else {
        return false;
    };
    *current = *kept.data;
    *current.stale() = Some(Stale {
        read_at: kept.read_at,
        error: error.to_owned(),
    });
    true
}

/// The refresh got far enough to stand on its own: the kept data goes.
pub fn settle<T: Refreshable>(current: &mut T) {
    *current.kept() = None;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Default)]
    struct Rows {
        rows: Vec<u32>,
        loaded: bool,
        kept: Option<Kept<Self>>,
        stale: Option<Stale>,
    }

    impl Refreshable for Rows {
        fn kept(&mut self) -> &mut Option<Kept<Self>> {
            &mut self.kept
        }
        fn stale(&mut self) -> &mut Option<Stale> {
            &mut self.stale
        }
        fn has_data(&self) -> bool {
            self.loaded
        }
    }

    fn at(unix_seconds: i64) -> Clock {
        Clock {
            uptime: std::time::Duration::ZERO,
            unix_seconds,
        }
    }

    #[test]
    fn a_failed_refresh_puts_the_good_rows_back_marked_with_when_they_were_read() {
        let good = Rows {
            rows: vec![1, 2],
            loaded: true,
            ..Rows::default()
        };
        let mut current = refresh(good, Rows::default(), at(3_723));
        assert!(fall_back(&mut current, "connection refused"));
        assert_eq!(current.rows, vec![1, 2]);
        let stale = current.stale.clone().expect("marked stale");
        assert_eq!(
            stale.text(),
            "stale: as read by 01:02:03 UTC; the refresh failed: connection refused"
        );
        // Failing again keeps the first reading's time.
        let mut again = refresh(current, Rows::default(), at(9_999));
        assert!(fall_back(&mut again, "still down"));
        assert_eq!(again.stale.map(|stale| stale.read_at), Some(at(3_723)));
    }

    #[test]
    fn a_failed_first_load_has_nothing_to_fall_back_on() {
        let mut current = refresh(Rows::default(), Rows::default(), at(1));
        assert!(!fall_back(&mut current, "down"));
        let mut settled = refresh(
            Rows {
                loaded: true,
                ..Rows::default()
            },
            Rows::default(),
            at(1),
        );
        settle(&mut settled);
        assert!(!fall_back(&mut settled, "down"));
    }
}
