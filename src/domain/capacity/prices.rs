//! The prices a monthly cost is computed with. The defaults are DynamoDB Standard table class
//! prices for US East (N. Virginia), us-east-1, from the "Amazon DynamoDB pricing" pages
//! (<https://aws.amazon.com/dynamodb/pricing/on-demand/> and
//! <https://aws.amazon.com/dynamodb/pricing/provisioned/>) as published after the on-demand
//! price reduction of 1 November 2024; read on 2026-12-05 from stored copies of those pages and
//! of articles quoting them, not from the live pages. Prices change and differ by region and
//! table class: every figure can be replaced by the user's own (`--price-…`).

use super::decimal::Exact;

/// The region the default prices are for.
pub const DEFAULT_PRICES_REGION: &str = "us-east-1";
/// Where the default prices come from, and when they were read.
pub const DEFAULT_PRICES_SOURCE: &str = "Amazon DynamoDB pricing (aws.amazon.com/dynamodb/pricing), \
     Standard table class, us-east-1, read on 2026-12-05";

/// US dollars per million on-demand read request units: $0.125.
pub const ON_DEMAND_READ_PER_MILLION: Exact = Exact::scaled(125, 3);
/// US dollars per million on-demand write request units: $0.625.
pub const ON_DEMAND_WRITE_PER_MILLION: Exact = Exact::scaled(625, 3);
/// US dollars per provisioned read capacity unit per hour: $0.00013.
pub const PROVISIONED_RCU_HOUR: Exact = Exact::scaled(13, 5);
/// US dollars per provisioned write capacity unit per hour: $0.00065.
pub const PROVISIONED_WCU_HOUR: Exact = Exact::scaled(65, 5);
/// Hours in the month the pricing pages' examples bill (365 × 24 / 12).
pub const HOURS_PER_MONTH: u64 = 730;

/// The prices used for one report, in US dollars.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prices {
    pub read_per_million: Exact,
    pub write_per_million: Exact,
    pub rcu_hour: Exact,
    pub wcu_hour: Exact,
    /// True when every price is the default (us-east-1); false once the user gave one.
    pub defaults: bool,
}

impl Default for Prices {
    fn default() -> Self {
        Self {
            read_per_million: ON_DEMAND_READ_PER_MILLION,
            write_per_million: ON_DEMAND_WRITE_PER_MILLION,
            rcu_hour: PROVISIONED_RCU_HOUR,
            wcu_hour: PROVISIONED_WCU_HOUR,
            defaults: true,
        }
    }
}

impl Prices {
    /// Where the prices come from, for the report.
    #[must_use]
    pub fn source(&self) -> String {
        if self.defaults {
            format!("{DEFAULT_PRICES_SOURCE}; prices change and differ by region")
        } else {
            "prices given on the command line (the defaults fill the others: \
             us-east-1, read on 2026-12-05)"
                .to_owned()
        }
    }
}
