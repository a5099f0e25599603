//! What a rate of calls costs a month: on demand (request units at the price per million) and
//! provisioned (the capacity units that serve the rate at full use, at the price per unit-hour).

use super::decimal::Exact;
use super::prices::{HOURS_PER_MONTH, Prices};

const SECONDS_PER_HOUR: u64 = 3600;
/// One millionth, for prices per million request units.
const PER_MILLION: Exact = Exact::scaled(1, 6);

/// The month of one rate of calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MonthlyPlan {
    /// Request (or capacity) units a second: the rate times the units of one call.
    pub units_per_second: Exact,
    /// US dollars a month on demand.
    pub on_demand: Exact,
    /// Capacity units to provision: the units a second rounded up, with no headroom.
    pub provisioned_units: u128,
    /// US dollars a month for them.
    pub provisioned: Exact,
}

/// Whether the calls read or write: they are priced apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Read,
    Write,
}

/// The month of `per_second` calls each costing `units_per_call`; `None` only when the figures
/// overflow (beyond any real table).
#[must_use]
pub fn monthly(
    per_second: Exact,
    units_per_call: Exact,
    direction: Direction,
    prices: &Prices,
) -> Option<MonthlyPlan> {
    let (per_million, per_unit_hour) = match direction {
        Direction::Read => (prices.read_per_million, prices.rcu_hour),
        Direction::Write => (prices.write_per_million, prices.wcu_hour),
    };
    let units_per_second = per_second.times(units_per_call)?;
    let seconds = Exact::integer(SECONDS_PER_HOUR * HOURS_PER_MONTH);
    let on_demand = units_per_second
        .times(seconds)?
        .times(per_million)?
        .times(PER_MILLION)?;
    let provisioned_units = units_per_second.ceil();
    let provisioned = Exact::integer(u64::try_from(provisioned_units).ok()?)
        .times(Exact::integer(HOURS_PER_MONTH))?
        .times(per_unit_hour)?;
    Some(MonthlyPlan {
        units_per_second,
        on_demand,
        provisioned_units,
        provisioned,
    })
}
