//! Headless output for people, on the real `ddbx` binary: tables that lose nothing, summaries
//! that read well. The table comes from an offline `--file`, so no server is involved.

#[path = "../support/mod.rs"]
mod support;

mod fixture;
mod table_values;
