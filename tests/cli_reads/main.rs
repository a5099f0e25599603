//! End-to-end tests of the real `ddbx` binary: every read command and output format against
//! both dynalite and moto, on a seeded single-table design with a GSI and an LSI.

#[path = "../support/mod.rs"]
mod support;

mod commands;
mod demo_and_files;
mod entity_column;
mod expr;
mod fixture;
mod malformed_files;
mod query;
mod schema_cache;
