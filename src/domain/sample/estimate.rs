//! Estimates from a sample of pages, with their margins of error.
//!
//! A segment's first page is a run of partitions from a random slice of the hash space, and the
//! slices of a sample are disjoint, so the pages are independent draws; the items and partitions
//! inside one page are not (a page ends wherever 1 MB ends, cutting its last partition). So the
//! page is the sampling unit: shares and per-item ratios use the ratio estimator of cluster
//! sampling over pages. With `m_p` the items of page `p`, `y_p` its contribution to the figure,
//! `n` pages and `m̄` their mean size,
//!
//! ```text
//! R = Σ y_p / Σ m_p      Var(R) ≈ (1 − f) · Σ (y_p − R·m_p)² / (n (n − 1) m̄²)
//! ```
//!
//! where `f` is the fraction of the table's items sampled. The margin is Student's t with
//! `n − 1` degrees of freedom at 97.5% times the standard error: a 95% interval that stays
//! honest when only a few pages have answered.
//!
//! A page cut at its 1 MB end is credited with the expected unread rest of its cut partition
//! ([`super::unread`]), in its own size and in its collection's figure.

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

/// Standard errors in a 95% margin under the normal approximation.
pub const Z95: f64 = 1.96;

/// Student's t at 97.5% for `degrees` degrees of freedom: the standard errors in a 95% margin
/// estimated from `degrees + 1` pages.
#[must_use]
pub fn t95(degrees: u64) -> f64 {
    const TABLE: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
        2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
        2.052, 2.048, 2.045, 2.042,
    ];
    match usize::try_from(degrees) {
        Ok(0) => f64::INFINITY,
        Ok(degrees @ 1..=30) => TABLE[degrees - 1],
        _ => {
            // The Cornish–Fisher expansion of t around the normal quantile; past 30 degrees it
            // is within 0.001 of the exact value.
            let (z, v) = (Z95, degrees as f64);
            z + (z.powi(3) + z) / (4.0 * v)
                + (5.0 * z.powi(5) + 16.0 * z.powi(3) + 3.0 * z) / (96.0 * v * v)
        }
    }
}

/// One sampled page's count of one class, or of the whole sample.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PageCount {
    pub items: u64,
    /// Partitions whose first item the page holds.
    pub partitions: u64,
}

/// The pages of a sample as a whole: what a class's pages are measured against.
#[derive(Clone, Copy, Debug)]
pub struct PageFrame<'a> {
    pub whole: &'a [PageCount],
    /// The items each page is expected to have left unread in the partition it cut at its end
    /// (zero for a page that read its segment to the end).
    pub unread: &'a [f64],
    /// The share of the table's items the sample read.
    pub fraction: f64,
}

impl PageFrame<'_> {
    fn sizes(&self) -> Vec<f64> {
        with_unread(self.whole, self.unread)
    }

    fn ratio(&self, figures: &[f64]) -> Estimate {
        let sizes = self.sizes();
        let total: f64 = sizes.iter().sum();
        let value = figures.iter().sum::<f64>() / total.max(f64::MIN_POSITIVE);
        let pages = sizes.len() as u64;
        if pages < 2 || total <= 0.0 {
            // One page says nothing about the spread between pages.
            return Estimate {
                value,
                margin: f64::INFINITY,
            };
        }
        let n = pages as f64;
        let mean = total / n;
        let residuals: f64 = (figures.iter().zip(&sizes))
            .map(|(figure, size)| (figure - value * size).powi(2))
            .sum();
        let variance =
            (1.0 - self.fraction).clamp(0.0, 1.0) * residuals / (n * (n - 1.0) * mean * mean);
        Estimate {
            value,
            margin: t95(pages - 1) * variance.sqrt(),
        }
    }
}

/// The share of the table's items that belong to a class with `class` in each page of `frame`,
/// of which each page is expected to have left `class_unread` unread past its end.
#[must_use]
pub fn item_share(class: &[PageCount], class_unread: &[f64], frame: &PageFrame<'_>) -> Estimate {
    frame.ratio(&with_unread(class, class_unread))
}

fn with_unread(counts: &[PageCount], unread: &[f64]) -> Vec<f64> {
    (counts.iter().enumerate())
        .map(|(page, count)| count.items as f64 + unread.get(page).copied().unwrap_or(0.0))
        .collect()
}

/// The partitions of a class per item of the table (times the table's items: its partitions).
/// The unread rest of a cut partition holds no partition the page did not already count.
#[must_use]
pub fn partitions_per_item(class: &[PageCount], frame: &PageFrame<'_>) -> Estimate {
    let figures: Vec<f64> = class.iter().map(|count| count.partitions as f64).collect();
    frame.ratio(&figures)
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

    fn pages(counts: &[(u64, u64)]) -> Vec<PageCount> {
        counts
            .iter()
            .map(|&(items, partitions)| PageCount { items, partitions })
            .collect()
    }

    #[test]
    fn a_sample_of_the_whole_table_has_no_margin() {
        let whole = pages(&[(10, 3), (12, 4), (9, 2)]);
        let class = pages(&[(4, 1), (6, 2), (0, 0)]);
        let frame = PageFrame {
            whole: &whole,
            unread: &[0.0; 3],
            fraction: 1.0,
        };
        let estimate = item_share(&class, &[0.0; 3], &frame);
        assert!((estimate.value - 10.0 / 31.0).abs() < 1e-12, "{estimate:?}");
        assert!(estimate.margin.abs() < 1e-12, "{estimate:?}");
    }

    #[test]
    fn one_page_gives_an_unbounded_margin() {
        let whole = pages(&[(10, 3)]);
        let frame = PageFrame {
            whole: &whole,
            unread: &[2.0],
            fraction: 0.01,
        };
        assert!(item_share(&whole, &[2.0], &frame).margin.is_infinite());
    }

    #[test]
    fn a_cut_page_counts_the_unread_rest_of_its_last_partition() {
        // Two pages, the first cut inside a partition of the class, with 5 of its items taken as
        // unread; the second read its segment to the end.
        let whole = pages(&[(10, 4), (10, 4)]);
        let class = pages(&[(2, 1), (2, 1)]);
        let frame = PageFrame {
            whole: &whole,
            unread: &[5.0, 0.0],
            fraction: 0.0,
        };
        let share = item_share(&class, &[5.0, 0.0], &frame);
        assert!((share.value - 9.0 / 25.0).abs() < 1e-12, "{share:?}");
        let other = item_share(&class, &[0.0, 0.0], &frame);
        assert!((other.value - 4.0 / 25.0).abs() < 1e-12, "{other:?}");
        let per_item = partitions_per_item(&class, &frame);
        assert!((per_item.value - 2.0 / 25.0).abs() < 1e-12, "{per_item:?}");
    }

    #[test]
    fn the_t_quantile_falls_toward_the_normal_one_as_pages_grow() {
        assert!((t95(1) - 12.706).abs() < 1e-9);
        assert!((t95(30) - 2.042).abs() < 1e-9);
        // Past the table the expansion meets it (2.042 at 30) and the exact 1.984 at 100.
        assert!((t95(31) - 2.040).abs() < 0.001, "{}", t95(31));
        assert!((t95(100) - 1.984).abs() < 0.001, "{}", t95(100));
        assert!(t95(0).is_infinite());
        assert!(t95(100_000) > Z95 && t95(100_000) < Z95 + 1e-4);
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
