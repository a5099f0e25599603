//! The read-only wrapper refuses every write before a request leaves the process, and the AWS
//! backend reports an unreachable endpoint as a network error. Both run against a local TCP
//! listener this test owns, so they need no server.

use std::net::TcpListener;
use std::sync::Arc;
use std::time::Duration;

use ddbx::backend::aws::{AwsBackend, AwsOptions};
use ddbx::backend::read_only::ReadOnly;
use ddbx::backend::{
    Backend, BackendError, Condition, DeleteRequest, ExpressionParams, PutRequest, ReturnValues,
    TransactAction, TransactWriteRequest, UpdateRequest,
};

use crate::setup::{item, s};

/// A hang guard, not a speed assertion: a broken retry setup must fail the test, not stall it.
const HANG_GUARD: Duration = Duration::from_secs(60);

async fn backend_at(endpoint: &str) -> AwsBackend {
    AwsBackend::connect(AwsOptions {
        profile: None,
        region: Some("us-east-1".to_owned()),
        endpoint_url: Some(endpoint.to_owned()),
    })
    .await
    .expect("connect builds a client without contacting the endpoint")
}

fn connections_seen(listener: &TcpListener) -> usize {
    std::iter::from_fn(|| listener.accept().ok()).count()
}

#[tokio::test]
async fn read_only_wrapper_refuses_every_write_without_sending_a_request() {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind a loopback port");
    listener
        .set_nonblocking(true)
        .expect("non-blocking listener");
    let endpoint = format!("http://{}", listener.local_addr().expect("local address"));
    let read_only = ReadOnly::new(Arc::new(backend_at(&endpoint).await));
    assert!(read_only.connection().read_only);

    let key = item([("PK", s("USER#1"))]);
    let condition = Condition::new("attribute_exists(PK)");
    let put = PutRequest {
        table: "t".into(),
        item: key.clone(),
        condition: condition.clone(),
        params: ExpressionParams::default(),
        return_values: ReturnValues::None,
    };
    let update = UpdateRequest {
        table: "t".into(),
        key: key.clone(),
        update: "SET a = :a".into(),
        condition: condition.clone(),
        params: ExpressionParams::default(),
        return_values: ReturnValues::None,
    };
    let delete = DeleteRequest {
        table: "t".into(),
        key,
        condition,
        params: ExpressionParams::default(),
        return_values: ReturnValues::None,
    };
    let transaction = TransactWriteRequest {
        actions: vec![TransactAction::Put(put.clone())],
        client_token: None,
    };
    assert_eq!(read_only.put_item(put).await, Err(BackendError::ReadOnly));
    assert_eq!(
        read_only.update_item(update).await,
        Err(BackendError::ReadOnly)
    );
    assert_eq!(
        read_only.delete_item(delete).await,
        Err(BackendError::ReadOnly)
    );
    assert_eq!(
        read_only.transact_write(transaction).await,
        Err(BackendError::ReadOnly)
    );
    assert_eq!(
        connections_seen(&listener),
        0,
        "no write reached the endpoint"
    );

    // The listener does see requests: a read goes through the wrapper and connects. Nobody
    // answers it, so it is polled for until the connection shows, then dropped.
    let read_only = Arc::new(read_only);
    let reader = Arc::clone(&read_only);
    let read = tokio::spawn(async move { reader.list_tables().await });
    let deadline = tokio::time::Instant::now() + HANG_GUARD;
    while connections_seen(&listener) == 0 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the read never reached the listener"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    read.abort();
}

#[tokio::test]
async fn unreachable_endpoint_is_a_network_error_naming_the_endpoint() {
    // Port 1 (tcpmux) has nobody listening, so connections are refused. A port that was free a
    // moment ago would not do: the system hands it to the next test that binds port 0, and that
    // test's server would then receive this request.
    let endpoint = "http://127.0.0.1:1".to_owned();
    let backend = backend_at(&endpoint).await;
    assert_eq!(
        backend.connection().endpoint.as_deref(),
        Some(endpoint.as_str())
    );
    let result = tokio::time::timeout(HANG_GUARD, backend.list_tables())
        .await
        .expect("bounded retries end the request");
    // Refused at connect on every attempt: the request never left, and is classified so.
    let Err(BackendError::NotSent(message)) = result else {
        panic!("expected a connection that could not be opened, got {result:?}")
    };
    assert!(message.contains(&endpoint), "{message}");
    assert!(
        message.contains("--endpoint-url"),
        "hint included: {message}"
    );
}
