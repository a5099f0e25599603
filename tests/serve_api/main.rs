//! The rest of the API `ddbx serve` answers from the engine: the DynamoDB Streams API (on the
//! same port, as DynamoDB Local serves it), PartiQL (`ExecuteStatement`,
//! `BatchExecuteStatement`, `ExecuteTransaction`), the 4 MB limit of a transaction, and the
//! options for other test suites (ready file, delay, throttling). Each test
//! drives a served empty engine with the Rust SDK and sends the same requests to DynamoDB Local
//! (the reference), asserting the same answers; where the two differ on purpose, the difference
//! is asserted.

#[path = "../serve/server.rs"]
mod server;
#[path = "../support/mod.rs"]
mod support;

mod endpoints;
mod faults;
mod namespaces;
mod partiql;
mod streams;
mod transactions;
