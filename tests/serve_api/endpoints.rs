//! The two endpoints every test here talks to: a fresh `ddbx serve` and DynamoDB Local.

use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::types::{
    AttributeDefinition, AttributeValue, BillingMode, KeySchemaElement, KeyType,
    ScalarAttributeType, StreamSpecification, StreamViewType,
};

use crate::server::Served;
use crate::support::{self, Server};

/// One endpoint: its DynamoDB and DynamoDB Streams clients, and the server when the test
/// started it.
pub struct Endpoint {
    pub name: &'static str,
    pub client: Client,
    pub streams: aws_sdk_dynamodbstreams::Client,
    served: Option<Served>,
}

impl Endpoint {
    fn at(name: &'static str, endpoint: &str, served: Option<Served>) -> Self {
        let config = aws_sdk_dynamodbstreams::Config::builder()
            .behavior_version(aws_sdk_dynamodbstreams::config::BehaviorVersion::latest())
            .region(aws_sdk_dynamodbstreams::config::Region::new(
                support::TEST_REGION,
            ))
            .credentials_provider(aws_sdk_dynamodbstreams::config::Credentials::new(
                "test",
                "test",
                None,
                None,
                "ddbx-tests",
            ))
            .endpoint_url(endpoint)
            .build();
        Self {
            name,
            client: support::sdk_client(endpoint),
            streams: aws_sdk_dynamodbstreams::Client::from_conf(config),
            served,
        }
    }

    pub fn stop(self) {
        if let Some(served) = self.served {
            served.stop();
        }
    }
}

/// A fresh `ddbx serve` of empty tables.
pub fn served() -> Endpoint {
    let served = Served::start(&[]);
    let endpoint = served.endpoint.clone();
    Endpoint::at("ddbx serve", &endpoint, Some(served))
}

/// DynamoDB Local, or `None` (skipping) when it is not configured.
pub fn ddb_local() -> Option<Endpoint> {
    let endpoint = support::server_endpoint(Server::DdbLocal)?;
    Some(Endpoint::at("DynamoDB Local", &endpoint, None))
}

pub fn s(text: &str) -> AttributeValue {
    AttributeValue::S(text.to_owned())
}

pub fn n(text: &str) -> AttributeValue {
    AttributeValue::N(text.to_owned())
}

/// Creates `table` keyed by `pk` (and `sk` when given, both strings), on demand, with a stream
/// of `view` when given.
pub async fn create_table(client: &Client, table: &str, sort: bool, view: Option<StreamViewType>) {
    let mut request = client
        .create_table()
        .table_name(table)
        .billing_mode(BillingMode::PayPerRequest);
    let keys: &[(&str, KeyType)] = if sort {
        &[("pk", KeyType::Hash), ("sk", KeyType::Range)]
    } else {
        &[("pk", KeyType::Hash)]
    };
    for (name, kind) in keys {
        request = request
            .attribute_definitions(
                AttributeDefinition::builder()
                    .attribute_name(*name)
                    .attribute_type(ScalarAttributeType::S)
                    .build()
                    .expect("a definition"),
            )
            .key_schema(
                KeySchemaElement::builder()
                    .attribute_name(*name)
                    .key_type(kind.clone())
                    .build()
                    .expect("a key element"),
            );
    }
    if let Some(view) = view {
        request = request.stream_specification(
            StreamSpecification::builder()
                .stream_enabled(true)
                .stream_view_type(view)
                .build()
                .expect("a stream specification"),
        );
    }
    request.send().await.expect("CreateTable");
}
