//! Reliability of safe edits: no lost update under concurrent writers, lossless round
//! trips, bad input refused with nothing sent, conflicts shown instead of overwritten, read-only
//! enforced — on the embedded engine and on DynamoDB Local, dynalite and moto (via
//! `scripts/test-servers.sh`).

#[path = "../support/mod.rs"]
mod support;
#[path = "../support/values.rs"]
mod values;

mod adjust;
mod argument_files;
mod bad_input;
mod conflict;
mod harness;
mod headless;
mod journal;
mod journal_faults;
mod lost_update;
mod props;
mod round_trip;
mod skip_pending;
mod unsent_writes;
