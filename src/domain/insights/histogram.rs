//! Power-of-two histograms of counts (items or bytes per partition), for the terminal.

use crate::domain::figures::bytes;

/// Labels are right-aligned to at least this width, so bars of different histograms line up.
const MIN_LABEL_WIDTH: usize = 15;

/// Buckets `[1]`, `[2, 3]`, `[4, 7]`, …: bucket `i` holds values in `[2^i, 2^(i+1))`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Histogram {
    buckets: Vec<u64>,
}

impl Histogram {
    pub fn add(&mut self, value: u64) {
        if value == 0 {
            return;
        }
        let bucket = (u64::BITS - 1 - value.leading_zeros()) as usize;
        if self.buckets.len() <= bucket {
            self.buckets.resize(bucket + 1, 0);
        }
        self.buckets[bucket] += 1;
    }

    /// How many values were added (zeros are not counted).
    #[must_use]
    pub fn total(&self) -> u64 {
        self.buckets.iter().sum()
    }

    /// `(low, high, count)` for every bucket up to the highest non-empty one.
    #[must_use]
    pub fn rows(&self) -> Vec<(u64, u64, u64)> {
        self.buckets
            .iter()
            .enumerate()
            .map(|(bucket, &count)| {
                let low = 1_u64 << bucket;
                (low, low.saturating_mul(2) - 1, count)
            })
            .collect()
    }

    /// Bars of at most `width` characters, one per bucket from the first non-empty one:
    /// `   4–7     │████ 120`.
    #[must_use]
    pub fn bars(&self, width: usize) -> Vec<String> {
        self.bars_labelled(width, |low, high| {
            if low == high {
                low.to_string()
            } else {
                format!("{low}–{high}")
            }
        })
    }

    /// [`Self::bars`] of a histogram of byte sizes: each bucket from its lower bound up to, not
    /// including, the next one's (`1.0 KB–2.0 KB`), as sizes read in the rest of ddbx.
    #[must_use]
    pub fn byte_bars(&self, width: usize) -> Vec<String> {
        self.bars_labelled(width, |low, high| {
            format!("{}–{}", bytes(low), bytes(high.saturating_add(1)))
        })
    }

    fn bars_labelled(&self, width: usize, label: impl Fn(u64, u64) -> String) -> Vec<String> {
        let rows = self.rows();
        let most = rows.iter().map(|row| row.2).max().unwrap_or(0).max(1);
        let labelled: Vec<(String, u64)> = merge_empty_runs(&rows)
            .into_iter()
            .map(|(low, high, count)| (label(low, high), count))
            .collect();
        let label_width = labelled
            .iter()
            .map(|(label, _)| label.chars().count())
            .max()
            .unwrap_or(0)
            .max(MIN_LABEL_WIDTH);
        labelled
            .into_iter()
            .map(|(label, count)| {
                let length = usize::try_from(count.saturating_mul(width as u64) / most)
                    .unwrap_or(width)
                    .max(usize::from(count > 0));
                format!("{label:>label_width$} │{} {count}", "█".repeat(length))
            })
            .collect()
    }
}

/// The rows from the first non-empty one, each run of empty buckets as one row spanning them,
/// so a few outliers far above the rest do not draw a tall column of zeros.
fn merge_empty_runs(rows: &[(u64, u64, u64)]) -> Vec<(u64, u64, u64)> {
    let mut merged: Vec<(u64, u64, u64)> = Vec::new();
    for &(low, high, count) in rows.iter().skip_while(|row| row.2 == 0) {
        match merged.last_mut() {
            Some(last) if count == 0 && last.2 == 0 => last.1 = high,
            _ => merged.push((low, high, count)),
        }
    }
    merged
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_fall_into_power_of_two_buckets() {
        let mut histogram = Histogram::default();
        for value in [1, 2, 3, 4, 7, 8, 1000, 0] {
            histogram.add(value);
        }
        let rows = histogram.rows();
        assert_eq!(rows[0], (1, 1, 1));
        assert_eq!(rows[1], (2, 3, 2));
        assert_eq!(rows[2], (4, 7, 2));
        assert_eq!(rows[3], (8, 15, 1));
        assert_eq!(rows[9], (512, 1023, 1));
        assert_eq!(rows.len(), 10);
    }

    #[test]
    fn bars_scale_to_the_largest_bucket_and_never_hide_a_non_empty_one() {
        let mut histogram = Histogram::default();
        for _ in 0..100 {
            histogram.add(1);
        }
        histogram.add(2);
        let bars = histogram.bars(10);
        assert!(bars[0].ends_with("██████████ 100"), "{bars:?}");
        assert!(bars[1].ends_with("│█ 1"), "{bars:?}");
        let mut large_only = Histogram::default();
        large_only.add(40);
        assert_eq!(
            large_only.bars(10).len(),
            1,
            "leading empty buckets are not drawn"
        );
    }

    #[test]
    fn byte_bars_name_each_bucket_by_its_sizes() {
        let mut histogram = Histogram::default();
        histogram.add(300);
        histogram.add(1500);
        histogram.add(1500);
        let bars = histogram.byte_bars(4);
        assert_eq!(bars.len(), 3, "{bars:?}");
        assert!(
            bars[0].trim_start().starts_with("256 B–512 B │██ 1"),
            "{bars:?}"
        );
        assert!(
            bars[1].trim_start().starts_with("512 B–1.0 KB │ 0"),
            "{bars:?}"
        );
        assert!(
            bars[2].trim_start().starts_with("1.0 KB–2.0 KB │████ 2"),
            "{bars:?}"
        );
        let mut far = Histogram::default();
        far.add(1);
        far.add(1000);
        let bars = far.bars(4);
        assert_eq!(bars.len(), 3, "{bars:?}");
        assert!(
            bars[1].trim_start().starts_with("2–511 │ 0"),
            "empty buckets merged: {bars:?}"
        );
        let mut wide = Histogram::default();
        wide.add(100);
        wide.add(200 * 1024);
        let bars = wide.byte_bars(4);
        let bar_columns: Vec<Option<usize>> = bars
            .iter()
            .map(|bar| bar.chars().position(|c| c == '│'))
            .collect();
        assert!(
            bar_columns.iter().all(|column| *column == bar_columns[0]),
            "labels wider than the minimum still line up: {bars:?}"
        );
    }
}
