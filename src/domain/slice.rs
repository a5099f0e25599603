//! One worker's share of a run split across k workers (`--slice i/k`): of a scan's N segments,
//! worker i takes the segments j with `j mod k = i - 1`. The shares are disjoint and together
//! cover every segment, and each worker's segments are spread over the whole hash space, so a
//! part of the table denser than the rest is divided among the workers instead of falling to
//! one. Which segments are whose is easy to say by hand: slice 3/8 of 16 reads 2 and 10.

use std::fmt;

/// Worker `index` (1-based) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slice {
    pub index: u32,
    pub count: u32,
}

impl Slice {
    /// Parses `i/k` with `1 <= i <= k`; the error says what to write instead.
    pub fn parse(text: &str) -> Result<Self, String> {
        let example = "e.g. --slice 1/4 for the first of 4 workers";
        let Some((index, count)) = text.split_once('/') else {
            return Err(format!("{text:?} is not i/k ({example})"));
        };
        let number = |part: &str| part.trim().parse::<u32>().ok();
        let (Some(index), Some(count)) = (number(index), number(count)) else {
            return Err(format!(
                "{text:?}: i and k must be whole numbers ({example})"
            ));
        };
        if count == 0 || index == 0 || index > count {
            return Err(format!(
                "{text:?}: i must be between 1 and k, and k at least 1 ({example}; a \
                 0-based job index such as AWS_BATCH_JOB_ARRAY_INDEX or \
                 JOB_COMPLETION_INDEX is written $((INDEX+1)))"
            ));
        }
        Ok(Self { index, count })
    }

    /// Checks that `total` segments give every worker at least one.
    pub fn check(self, total: u32) -> Result<(), String> {
        if self.count > total {
            return Err(format!(
                "--slice {self}: {} workers need at least as many segments, and --segments is \
                 {total}; give --segments {} or more (the same on every worker)",
                self.count, self.count
            ));
        }
        Ok(())
    }

    /// The segments of `total` this worker reads, in order.
    #[must_use]
    pub fn segments(self, total: u32) -> Vec<u32> {
        (self.index - 1..total)
            .step_by(self.count as usize)
            .collect()
    }

    /// The slice in words, as the journal records it: `slice 3/8 of 16 segments`.
    #[must_use]
    pub fn describe(self, total: u32) -> String {
        format!("slice {self} of {total} segments")
    }
}

impl fmt::Display for Slice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_take_every_kth_segment_and_together_cover_each_once() {
        let slice = |i| Slice { index: i, count: 8 };
        assert_eq!(slice(3).segments(16), vec![2, 10]);
        for total in [8, 9, 16, 17, 100] {
            let mut all: Vec<u32> = (1..=8).flat_map(|i| slice(i).segments(total)).collect();
            all.sort_unstable();
            assert_eq!(all, (0..total).collect::<Vec<_>>(), "{total}");
            let sizes: Vec<usize> = (1..=8).map(|i| slice(i).segments(total).len()).collect();
            let spread = sizes.iter().max().unwrap_or(&0) - sizes.iter().min().unwrap_or(&0);
            assert!(spread <= 1, "{total}: {sizes:?}");
        }
    }

    #[test]
    fn i_of_k_parses_and_anything_else_says_how_to_write_it() {
        assert_eq!(Slice::parse("3/8"), Ok(Slice { index: 3, count: 8 }));
        assert_eq!(Slice::parse("1/1"), Ok(Slice { index: 1, count: 1 }));
        for bad in ["0/4", "5/4", "1/0", "4", "a/4", "1/-2", "", "/", "1/4/2"] {
            let error = Slice::parse(bad).expect_err(bad);
            assert!(error.contains("--slice 1/4"), "{bad}: {error}");
        }
    }

    #[test]
    fn more_workers_than_segments_is_refused() {
        let slice = Slice { index: 1, count: 8 };
        assert!(slice.check(8).is_ok());
        let error = slice.check(4).expect_err("8 workers, 4 segments");
        assert!(error.contains("--segments 8"), "{error}");
        assert_eq!(slice.describe(16), "slice 1/8 of 16 segments");
    }
}
