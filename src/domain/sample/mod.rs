//! Sampled discovery of a table too large to scan: the first page of many parallel-scan
//! segments, spread over the hash space and stopped by a budget ([`plan`]), read as estimates
//! with their margins of error ([`estimate`], [`collections`]) from what each page added
//! ([`pages`]) and what the pages cut at their end left unread ([`unread`]).

pub mod collections;
pub mod estimate;
pub mod pages;
pub mod plan;
pub mod unread;

#[cfg(test)]
mod coverage_tests;
#[cfg(test)]
mod test_table;
