//! `ddbx capacity`'s options: which patterns, how many calls and how large a sample, the rates
//! a month is priced at, and the prices (us-east-1's unless given).

use clap::Args;

use crate::domain::capacity::decimal::Exact;

#[derive(Debug, Args)]
pub struct CapacityArgs {
    /// Only the access pattern (or, without a model, the history's query shape) named N;
    /// case-insensitive.
    #[arg(long, value_name = "NAME")]
    pub pattern: Option<String>,

    /// Calls run per pattern: distinct parameter values found in the sample.
    #[arg(long, value_name = "N", default_value_t = crate::capacity::DEFAULT_CALLS,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1000))]
    pub calls: usize,

    /// Scan pages (1 MB each at most) read as the sample the calls and the write sizes come from.
    #[arg(long, value_name = "N", default_value_t = crate::capacity::DEFAULT_SAMPLE_PAGES,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub sample_pages: u64,

    /// Send the calls strongly consistent (calls on a global index stay eventually consistent).
    #[arg(long)]
    pub consistent: bool,

    /// Calls a second of each pattern to price a month at, e.g. 50 or 0.5.
    #[arg(long, value_name = "N", value_parser = Exact::parse)]
    pub reads_per_second: Option<Exact>,

    /// Writes a second of each entity to price a month at.
    #[arg(long, value_name = "N", value_parser = Exact::parse)]
    pub writes_per_second: Option<Exact>,

    /// US dollars per million on-demand read request units (default: us-east-1's).
    #[arg(long, value_name = "USD", value_parser = Exact::parse)]
    pub price_read_request: Option<Exact>,

    /// US dollars per million on-demand write request units (default: us-east-1's).
    #[arg(long, value_name = "USD", value_parser = Exact::parse)]
    pub price_write_request: Option<Exact>,

    /// US dollars per provisioned read capacity unit per hour (default: us-east-1's).
    #[arg(long, value_name = "USD", value_parser = Exact::parse)]
    pub price_rcu_hour: Option<Exact>,

    /// US dollars per provisioned write capacity unit per hour (default: us-east-1's).
    #[arg(long, value_name = "USD", value_parser = Exact::parse)]
    pub price_wcu_hour: Option<Exact>,
}

impl CapacityArgs {
    /// The prices: the user's where given, the defaults elsewhere.
    #[must_use]
    pub fn prices(&self) -> crate::domain::capacity::prices::Prices {
        let defaults = crate::domain::capacity::prices::Prices::default();
        crate::domain::capacity::prices::Prices {
            read_per_million: self.price_read_request.unwrap_or(defaults.read_per_million),
            write_per_million: self
                .price_write_request
                .unwrap_or(defaults.write_per_million),
            rcu_hour: self.price_rcu_hour.unwrap_or(defaults.rcu_hour),
            wcu_hour: self.price_wcu_hour.unwrap_or(defaults.wcu_hour),
            defaults: self.price_read_request.is_none()
                && self.price_write_request.is_none()
                && self.price_rcu_hour.is_none()
                && self.price_wcu_hour.is_none(),
        }
    }
}
