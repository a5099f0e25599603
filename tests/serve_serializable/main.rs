//! Serializability under load: 16 clients move money between 50 accounts in transactions
//! conditioned on the balance, while readers take transactional snapshots and scans. No
//! snapshot may see a transaction half applied, no condition may be bypassed (a balance never
//! goes negative), and no committed transfer may be lost. Run against `ddbx serve`, Dynoxide
//! and DynamoDB Local, the reference.

#[path = "../serve/server.rs"]
mod server;
#[path = "../support/mod.rs"]
mod support;

mod bank;
mod checks;

use support::Server;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn transfers_on_ddbx_serve_are_serializable() {
    let served = server::Served::start(&[]);
    let client = support::sdk_client(&served.endpoint);
    checks::run(&client, "ddbx serve").await;
    served.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn transfers_on_dynoxide_are_serializable() {
    let Some(endpoint) = support::server_endpoint(Server::Dynoxide) else {
        return;
    };
    checks::run(&support::sdk_client(&endpoint), "Dynoxide").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn transfers_on_dynamodb_local_are_serializable() {
    let Some(endpoint) = support::server_endpoint(Server::DdbLocal) else {
        return;
    };
    checks::run(&support::sdk_client(&endpoint), "DynamoDB Local").await;
}
