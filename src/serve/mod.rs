//! `ddbx serve`: the embedded engine answering DynamoDB's JSON protocol on 127.0.0.1, so an
//! application's own read code, a script or the AWS CLI can run against last night's export
//! (`--file`) or the demo table without touching a real account.
//!
//! Request signatures are accepted and never verified: the server binds only to a loopback
//! address, so only processes on this machine reach it.

mod batch;
mod body;
mod connections;
mod create_checks;
mod dispatch;
mod durable;
mod error;
mod faults;
mod http;
mod items;
mod legacy;
mod operations;
mod reads;
mod run;
mod served;
mod statements;
mod stats;
mod store;
mod streams;
mod tables;
mod tags;
mod transact;
mod update_table;
mod values;
mod wire;

pub use error::WireError;
pub use faults::Faults;
pub use http::{ServeOptions, check_host, serve};
pub use run::run;
pub use served::Served;
pub use stats::Stats;
