//! A sampled diff: about P% of the keys, the same keys on both sides, so an item of the sample
//! is compared with its counterpart and never counted missing because the other side left it
//! out. Two ways of choosing them:
//!
//! - **Scan segments**: a parallel Scan's segment is a range of the partition key's hash, so on
//!   two tables with the same partition keys, hashed by the same service, a key falls in the
//!   same segment of the same TotalSegments; reading a few segments of both reads the same
//!   keys, and only those (the way AWS's Bulk Executor samples).
//! - **Key hash**: where the two sides may hash differently (another server, an export, keys
//!   rewritten on the way), every item is read and only those whose own key (in the target's
//!   terms) hashes into the sample are compared: the same keys, at the cost of a full read.
//!
//! Either way a sample can show differences, never their absence elsewhere; the report says so.

/// Segments a sample may split the table into: dynalite's segments are slices of 4,096 hash
/// prefixes, so more would leave some empty and others overlapping.
const MAX_TOTAL_SEGMENTS: u32 = 4096;

/// Parses `--sample P%` (the `%` optional): a percentage above 0 and at most 100.
pub fn parse_percent(text: &str) -> Result<f64, String> {
    let number = text.trim().trim_end_matches('%').trim();
    match number.parse::<f64>() {
        Ok(percent) if percent > 0.0 && percent <= 100.0 => Ok(percent),
        _ => Err(format!(
            "{text:?} is not a percentage above 0 and at most 100 (e.g. --sample 1%)"
        )),
    }
}

/// How the sample's keys are chosen.
#[derive(Clone, Debug, PartialEq)]
pub enum SampleMethod {
    /// Segments `read` of `total`, on both sides.
    Segments { total: u32, read: Vec<u32> },
    /// Keys whose hash falls in the first `percent`% of the hash space.
    KeyHash { percent: f64 },
}

impl SampleMethod {
    /// About `percent`% of the keys in `parallel` segments read at once, spread evenly over the
    /// hash space (so the sample is not one corner of it).
    #[must_use]
    pub fn segments(percent: f64, parallel: u32) -> Self {
        let wanted = (f64::from(parallel.max(1)) * 100.0 / percent).round();
        let total = (wanted as u32).clamp(1, MAX_TOTAL_SEGMENTS);
        let count = ((percent / 100.0 * f64::from(total)).round() as u32).clamp(1, total);
        let read = (0..count)
            .map(|i| (u64::from(i) * u64::from(total) / u64::from(count)) as u32)
            .collect();
        Self::Segments { total, read }
    }

    /// The share of keys sampled, in percent.
    #[must_use]
    pub fn percent(&self) -> f64 {
        match self {
            Self::Segments { total, read } => read.len() as f64 * 100.0 / f64::from(*total),
            Self::KeyHash { percent } => *percent,
        }
    }

    /// Whether a key (its text in the target's terms) is in a key-hash sample; every key read
    /// is in a segment sample.
    #[must_use]
    pub fn keeps(&self, key_text: &str) -> bool {
        match self {
            Self::Segments { .. } => true,
            Self::KeyHash { percent } => {
                let share = fnv1a(key_text.as_bytes()) as f64 / u64::MAX as f64;
                share < percent / 100.0
            }
        }
    }

    /// How the keys were chosen, in words.
    #[must_use]
    pub fn describe(&self) -> String {
        match self {
            Self::Segments { total, read } => format!(
                "scan segments {} of {total} on both sides (the same partition-key hash ranges)",
                read.len()
            ),
            Self::KeyHash { .. } => "every item read, the keys whose hash falls in the sample \
                compared (the two sides may hash keys differently)"
                .to_owned(),
        }
    }

    /// What a sample with `differences` found can and cannot conclude.
    #[must_use]
    pub fn statement(&self, differences: u64) -> String {
        format!(
            "a sample of ~{}% of keys: {differences} differences found; absence of \
             differences elsewhere is not shown",
            percent_text(self.percent())
        )
    }
}

fn percent_text(percent: f64) -> String {
    let text = format!("{percent:.3}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// A 64-bit FNV-1a hash, the same in every run and on every platform, so a sample's keys can be
/// named again.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(*byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_parse_with_or_without_the_sign_and_out_of_range_is_refused() {
        assert_eq!(parse_percent("1%"), Ok(1.0));
        assert_eq!(parse_percent("0.5"), Ok(0.5));
        assert!(parse_percent("0%").is_err());
        assert!(parse_percent("101%").is_err());
        assert!(parse_percent("a few").is_err());
    }

    #[test]
    fn segment_samples_spread_their_segments_and_round_to_what_they_read() {
        let one = SampleMethod::segments(1.0, 4);
        assert_eq!(
            one,
            SampleMethod::Segments {
                total: 400,
                read: vec![0, 100, 200, 300]
            }
        );
        assert!((one.percent() - 1.0).abs() < 1e-9);
        let all = SampleMethod::segments(100.0, 4);
        assert!((all.percent() - 100.0).abs() < 1e-9);
        let tiny = SampleMethod::segments(0.001, 4);
        assert_eq!(
            tiny,
            SampleMethod::Segments {
                total: 4096,
                read: vec![0]
            }
        );
    }

    #[test]
    fn a_key_hash_sample_keeps_about_its_share_and_the_same_keys_every_time() {
        let sample = SampleMethod::KeyHash { percent: 10.0 };
        let kept = (0..10_000)
            .filter(|n| sample.keeps(&format!("{{\"PK\":{{\"S\":\"USER#{n}\"}}}}")))
            .count();
        assert!((800..1200).contains(&kept), "{kept}");
        assert_eq!(sample.keeps("x"), sample.keeps("x"));
        assert_eq!(
            sample.statement(3),
            "a sample of ~10% of keys: 3 differences found; absence of differences elsewhere \
             is not shown"
        );
    }
}
