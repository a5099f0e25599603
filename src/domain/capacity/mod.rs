//! Capacity per access pattern: DynamoDB's unit rules applied to the items a pattern's calls
//! read, each entity's write units with its index writes, and what a rate of calls costs a
//! month on demand or provisioned, every figure an exact decimal.

pub mod calls;
pub mod decimal;
pub mod lines;
pub mod plan;
pub mod prices;
pub mod report;
pub mod shapes;
pub mod sizing;
pub mod units;
pub mod writes;

#[cfg(test)]
mod tests;
