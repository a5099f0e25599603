//! Power-of-two histograms of counts (items per partition), for the terminal.

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

    /// Bars of at most `width` characters, one per bucket: `   4–7     │████ 120`.
    #[must_use]
    pub fn bars(&self, width: usize) -> Vec<String> {
        let rows = self.rows();
        let most = rows.iter().map(|row| row.2).max().unwrap_or(0).max(1);
        rows.iter()
            .map(|&(low, high, count)| {
                let range = if low == high {
                    low.to_string()
                } else {
                    format!("{low}–{high}")
                };
                let length = usize::try_from(count.saturating_mul(width as u64) / most)
                    .unwrap_or(width)
                    .max(usize::from(count > 0));
                format!("{range:>15} │{} {count}", "█".repeat(length))
            })
            .collect()
    }
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
    }
}
