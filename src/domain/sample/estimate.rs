//! Estimates from a sample of partitions, with their margins of error.
//!
//! A segment's first page is a run of partitions at random places of the hash space, so the
//! sampled partitions are treated as a simple random sample of the table's partitions, each a
//! cluster of items (all items of a partition share its key, hence its collection). Shares and
//! per-item ratios use the ratio estimator of cluster sampling: with `m_j` the items of sampled
//! partition `j`, `y_j` its contribution to the figure, `n` partitions and `m̄` their mean size,
//!
//! ```text
//! R = Σ y_j / Σ m_j      Var(R) ≈ (1 − f) · Σ (y_j − R·m_j)² / (n (n − 1) m̄²)
//! ```
//!
//! where `f` is the fraction of the table's items sampled. The margin is 1.96 standard errors,
//! a 95% interval under the normal approximation. A page cut in the middle of a partition counts
//! that partition's sampled items only, a small bias toward smaller partitions.

/// The partitions of one class (a collection, or the whole sample) by size: what the ratio
/// estimator needs, summed without keeping the partitions.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ClusterSums {
    pub partitions: u64,
    pub items: u64,
    /// Σ m_j², the sum of the squared partition sizes.
    pub squares: f64,
}

impl ClusterSums {
    pub fn add_partition(&mut self, items: u64) {
        self.partitions += 1;
        self.items += items;
        self.squares += (items as f64) * (items as f64);
    }

    pub fn merge(&mut self, other: &Self) {
        self.partitions += other.partitions;
        self.items += other.items;
        self.squares += other.squares;
    }
}

/// A figure and its 95% margin of error: the truth lies in `value ± margin` with about 95%
/// confidence.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    pub value: f64,
    pub margin: f64,
}

impl Estimate {
    #[must_use]
    pub fn scaled(self, factor: f64) -> Self {
        Self {
            value: self.value * factor,
            margin: self.margin * factor,
        }
    }
}

/// Standard errors in a 95% margin.
pub const Z95: f64 = 1.96;

fn ratio(estimate: f64, residuals: f64, whole: &ClusterSums, fraction: f64) -> Estimate {
    let n = whole.partitions as f64;
    if whole.partitions < 2 || whole.items == 0 {
        // One partition says nothing about the spread between partitions.
        return Estimate {
            value: estimate,
            margin: f64::INFINITY,
        };
    }
    let mean = whole.items as f64 / n;
    let variance =
        (1.0 - fraction).clamp(0.0, 1.0) * residuals.max(0.0) / (n * (n - 1.0) * mean * mean);
    Estimate {
        value: estimate,
        margin: Z95 * variance.sqrt(),
    }
}

/// The share of the table's items that belong to `class`, from a sample whose partitions sum to
/// `whole`; `fraction` of the table's items were sampled.
#[must_use]
pub fn item_share(class: &ClusterSums, whole: &ClusterSums, fraction: f64) -> Estimate {
    let share = class.items as f64 / (whole.items.max(1) as f64);
    // y_j = m_j inside the class, 0 outside.
    let residuals = (1.0 - share).powi(2) * class.squares
        + share.powi(2) * (whole.squares - class.squares).max(0.0);
    ratio(share, residuals, whole, fraction)
}

/// The partitions of `class` per item of the table (times the table's items: its partitions).
#[must_use]
pub fn partitions_per_item(class: &ClusterSums, whole: &ClusterSums, fraction: f64) -> Estimate {
    let per_item = class.partitions as f64 / (whole.items.max(1) as f64);
    // y_j = 1 inside the class, 0 outside.
    let residuals = class.partitions as f64 - 2.0 * per_item * class.items as f64
        + per_item.powi(2) * whole.squares;
    ratio(per_item, residuals, whole, fraction)
}

/// A part of `of` whose share of it is observed as `part` of `observed` items: the entity mix of
/// a collection. Its margin adds (in quadrature) the relative margin of `of` and a binomial
/// margin on the share as if the `observed` items were independent, which understates it when
/// partitions hold one entity each.
#[must_use]
pub fn part_of(of: Estimate, part: u64, observed: u64) -> Estimate {
    let observed_items = observed.max(1) as f64;
    let share = part as f64 / observed_items;
    let value = of.value * share;
    if part == 0 || of.value <= 0.0 {
        return Estimate { value, margin: 0.0 };
    }
    let binomial = Z95 * (share * (1.0 - share) / observed_items).sqrt() / share;
    let relative = (of.margin / of.value).hypot(binomial);
    Estimate {
        value,
        margin: value * relative,
    }
}

/// How many items the table holds, for turning shares into counts.
#[must_use]
pub fn table_items(
    reported: Option<u64>,
    sampled_items: u64,
    segments_read: u64,
    segments_whole: u64,
    total_segments: u32,
) -> Option<f64> {
    if segments_read > 0 && segments_whole == segments_read {
        // Every page read its segment to the end: the sample is exactly `read / total` of the
        // hash space, a current figure where DescribeTable's lags by hours.
        return Some(sampled_items as f64 * f64::from(total_segments) / segments_read as f64);
    }
    reported
        .filter(|&items| items > 0)
        .map(|items| items.max(sampled_items) as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A population of partitions of known sizes and classes, sampled deterministically.
    fn population() -> Vec<(u8, u64)> {
        let mut state = 0x9e37_79b9_u64;
        (0..200_000)
            .map(|_| {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let roll = (state >> 33) % 100;
                let class = match roll {
                    0..50 => 0,
                    50..80 => 1,
                    80..95 => 2,
                    _ => 3,
                };
                let size = 1 + (state >> 20) % (u64::from(class) * 20 + 3);
                (class, size)
            })
            .collect()
    }

    fn sums(partitions: &[(u8, u64)], class: Option<u8>) -> ClusterSums {
        let mut sums = ClusterSums::default();
        for (_, size) in partitions
            .iter()
            .filter(|(c, _)| class.is_none_or(|want| *c == want))
        {
            sums.add_partition(*size);
        }
        sums
    }

    #[test]
    fn about_ninety_five_of_a_hundred_samples_cover_the_true_share() {
        let all = population();
        let truth = sums(&all, None);
        let true_share = sums(&all, Some(2)).items as f64 / truth.items as f64;
        let covered = (0..100)
            .filter(|offset| {
                let sample: Vec<(u8, u64)> =
                    all.iter().skip(*offset * 7).step_by(200).copied().collect();
                let whole = sums(&sample, None);
                let fraction = whole.items as f64 / truth.items as f64;
                let estimate = item_share(&sums(&sample, Some(2)), &whole, fraction);
                (estimate.value - true_share).abs() <= estimate.margin
            })
            .count();
        assert!((88..=100).contains(&covered), "{covered} of 100 covered");
    }

    #[test]
    fn a_sample_of_the_whole_table_has_no_margin() {
        let all = population();
        let whole = sums(&all, None);
        let estimate = item_share(&sums(&all, Some(1)), &whole, 1.0);
        assert!(estimate.margin.abs() < 1e-12, "{estimate:?}");
    }

    #[test]
    fn one_partition_gives_an_unbounded_margin() {
        let mut whole = ClusterSums::default();
        whole.add_partition(10);
        assert!(item_share(&whole, &whole, 0.0).margin.is_infinite());
    }

    #[test]
    fn whole_segments_scale_by_the_hash_share_they_cover_and_otherwise_the_reported_count_is_used()
    {
        assert_eq!(table_items(Some(5), 300, 3, 3, 100), Some(10_000.0));
        assert_eq!(table_items(Some(9_000), 300, 3, 2, 100), Some(9_000.0));
        assert_eq!(table_items(Some(100), 300, 3, 2, 100), Some(300.0));
        assert_eq!(table_items(None, 300, 3, 2, 100), None);
        assert_eq!(table_items(Some(0), 300, 3, 2, 100), None);
    }

    #[test]
    fn a_part_carries_the_relative_margin_of_its_whole_and_of_its_share() {
        let of = Estimate {
            value: 1000.0,
            margin: 100.0,
        };
        let part = part_of(of, 50, 100);
        assert!((part.value - 500.0).abs() < 1e-9);
        assert!(part.margin > 50.0, "{part:?}");
        assert_eq!(part_of(of, 0, 100).value, 0.0);
    }
}
