//! Property tests of the value model: exact numbers against independent integer references, and
//! lossless DynamoDB JSON round trips. One test crate, so the suite links once.

#[path = "../support/values.rs"]
mod values;

mod ddb_json_props;
mod number_arithmetic_props;
mod number_props;
