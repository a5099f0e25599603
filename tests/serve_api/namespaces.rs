//! Tables kept per access key and region, as DynamoDB Local keeps them without `-sharedDb`, so
//! test suites running at once against one `ddbx serve` do not see each other's tables; with
//! `--shared` every client sees every table.

use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::config::{BehaviorVersion, Credentials, Region};

use crate::endpoints::create_table;
use crate::server::Served;

fn client_of(endpoint: &str, key: &str, region: &str) -> Client {
    let config = aws_sdk_dynamodb::Config::builder()
        .behavior_version(BehaviorVersion::latest())
        .region(Region::new(region.to_owned()))
        .credentials_provider(Credentials::new(key, "secret", None, None, "ddbx-tests"))
        .endpoint_url(endpoint)
        .build();
    Client::from_conf(config)
}

async fn tables(client: &Client) -> Vec<String> {
    client
        .list_tables()
        .send()
        .await
        .expect("ListTables")
        .table_names()
        .to_vec()
}

#[tokio::test]
async fn each_access_key_and_region_has_its_own_tables_unless_shared() {
    let served = Served::start(&[]);
    let alice = client_of(&served.endpoint, "alice", "us-east-1");
    let bob = client_of(&served.endpoint, "bob", "us-east-1");
    let alice_elsewhere = client_of(&served.endpoint, "alice", "eu-west-1");
    create_table(&alice, "Orders", false, None).await;
    assert_eq!(tables(&alice).await, ["Orders"]);
    assert!(tables(&bob).await.is_empty());
    assert!(tables(&alice_elsewhere).await.is_empty());
    // The same name is free in another namespace.
    create_table(&bob, "Orders", false, None).await;
    served.stop();

    let shared = Served::start_serving(&[], &["--shared"]);
    let alice = client_of(&shared.endpoint, "alice", "us-east-1");
    let bob = client_of(&shared.endpoint, "bob", "eu-west-1");
    create_table(&alice, "Orders", false, None).await;
    assert_eq!(tables(&bob).await, ["Orders"]);
    shared.stop();
}
