//! PartiQL on `ddbx serve`: SELECT, INSERT, UPDATE and DELETE through ExecuteStatement, a batch
//! answering each statement in place, and a transaction of statements applied whole or not at
//! all — the same statements, the same answers as DynamoDB Local.

use std::collections::BTreeMap;

use aws_sdk_dynamodb::error::ProvideErrorMetadata;
use aws_sdk_dynamodb::types::{AttributeValue, BatchStatementRequest, ParameterizedStatement};

use crate::endpoints::{Endpoint, create_table, ddb_local, s, served};
use crate::support::unique_table_name;

type Row = std::collections::HashMap<String, AttributeValue>;

fn rows(items: &[Row]) -> String {
    let mut rows: Vec<String> = items
        .iter()
        .map(|item| format!("{:?}", item.iter().collect::<BTreeMap<_, _>>()))
        .collect();
    rows.sort();
    rows.join(" | ")
}

/// Runs `statement` with `parameters`; the rows it returns, or its error code.
async fn run(endpoint: &Endpoint, statement: &str, parameters: &[AttributeValue]) -> String {
    let mut request = endpoint.client.execute_statement().statement(statement);
    for parameter in parameters {
        request = request.parameters(parameter.clone());
    }
    match request.send().await {
        Ok(output) => format!("ok [{}]", rows(output.items())),
        Err(error) => format!("{:?}", error.code()),
    }
}

/// A script of statements over one table, each answered with its rows or its error code.
async fn statements(endpoint: &Endpoint) -> Vec<String> {
    let table = unique_table_name("serve-partiql");
    create_table(&endpoint.client, &table, true, None).await;
    let big = "12345678901234567890123456789012345678";
    let script: Vec<(String, Vec<AttributeValue>)> = vec![
        (
            format!(
                "INSERT INTO \"{table}\" VALUE {{'pk': 'a', 'sk': '1', 'n': {big}, 'tags': <<'x', 'y'>>, 'm': {{'inner': 'deep'}}, 'e': ''}}"
            ),
            vec![],
        ),
        (
            format!("INSERT INTO \"{table}\" VALUE {{'pk': 'a', 'sk': '1'}}"),
            vec![],
        ),
        (
            format!("INSERT INTO \"{table}\" VALUE {{'pk': ?, 'sk': ?, 'visits': 5}}"),
            vec![s("b"), s("1")],
        ),
        (
            format!("SELECT * FROM \"{table}\" WHERE pk = 'a' AND sk = '1'"),
            vec![],
        ),
        (
            format!("SELECT m.inner, sk FROM \"{table}\" WHERE pk = ?"),
            vec![s("a")],
        ),
        (
            format!("SELECT * FROM \"{table}\" WHERE pk = 'none'"),
            vec![],
        ),
        (
            format!(
                "UPDATE \"{table}\" SET e = 'filled' SET visits = visits + 1 WHERE pk = 'b' AND sk = '1'"
            ),
            vec![],
        ),
        (format!("SELECT * FROM \"{table}\" WHERE pk = 'b'"), vec![]),
        (
            format!("UPDATE \"{table}\" REMOVE tags WHERE pk = 'a' AND sk = '1'"),
            vec![],
        ),
        (format!("SELECT * FROM \"{table}\" WHERE pk = 'a'"), vec![]),
        (
            format!("UPDATE \"{table}\" SET x = 1 WHERE pk = 'missing' AND sk = '1'"),
            vec![],
        ),
        (
            format!("UPDATE \"{table}\" SET x = 1 WHERE pk = 'a'"),
            vec![],
        ),
        (
            format!("UPDATE \"{table}\" SET x = 1 WHERE pk = 'b' AND sk = '1' AND visits = 99"),
            vec![],
        ),
        (
            format!("DELETE FROM \"{table}\" WHERE pk = 'missing' AND sk = '1'"),
            vec![],
        ),
        (
            format!("DELETE FROM \"{table}\" WHERE pk = 'b' AND sk = '1' AND visits = 99"),
            vec![],
        ),
        (
            format!("DELETE FROM \"{table}\" WHERE pk = 'b' AND sk = '1' RETURNING ALL OLD *"),
            vec![],
        ),
        (format!("SELECT * FROM \"{table}\" WHERE pk = 'b'"), vec![]),
        (
            format!("INSERT INTO \"{table}\" VALUE {{'pk': 'b', 'sk': '1'}}"),
            vec![],
        ),
        (format!("SELECTT * FROMM \"{table}\""), vec![]),
        (
            "SELECT * FROM \"ddbx-no-such-table\" WHERE pk = 'x'".to_owned(),
            vec![],
        ),
    ];
    let mut lines = Vec::new();
    for (statement, parameters) in script {
        let answer = run(endpoint, &statement, &parameters).await;
        lines.push(format!("{}: {answer}", statement.replace(&table, "T")));
    }
    lines
}

#[tokio::test]
async fn statements_insert_update_delete_and_select_as_dynamodb_local_answers_them() {
    let served = served();
    let ours = statements(&served).await;
    let expected_codes = [
        (1, "DuplicateItemException"),
        (10, "ConditionalCheckFailedException"),
        (11, "ValidationException"),
        (12, "ConditionalCheckFailedException"),
        (14, "ConditionalCheckFailedException"),
        (18, "ValidationException"),
        (19, "ResourceNotFoundException"),
    ];
    for (line, code) in expected_codes {
        assert!(ours[line].contains(code), "{line}: {ours:#?}");
    }
    assert!(ours[4].contains("\"inner\": S(\"deep\")"), "{ours:#?}");
    assert!(ours[3].contains("N(\"12345678901234567890123456789012345678\")"));
    assert!(ours[3].contains("\"e\": S(\"\")") && ours[3].contains("Ss("));
    served.stop();
    let Some(reference) = ddb_local() else { return };
    let theirs = statements(&reference).await;
    // DynamoDB Local 1.25.1 deviates from DynamoDB (the conformance suite's recorded answers)
    // twice, asserted as it answers: it names a duplicate INSERT `DuplicateItem` instead of
    // `DuplicateItemException`, and refuses a projected path.
    assert!(
        theirs[1].ends_with("Some(\"DuplicateItem\")"),
        "{theirs:#?}"
    );
    assert!(
        theirs[4].ends_with("Some(\"ValidationException\")"),
        "{theirs:#?}"
    );
    for (line, (ours, theirs)) in ours.iter().zip(&theirs).enumerate() {
        if line != 1 && line != 4 {
            assert_eq!(ours, theirs, "statement {line}");
        }
    }
    assert_eq!(ours.len(), theirs.len());
}

fn batch_entry(statement: String) -> BatchStatementRequest {
    BatchStatementRequest::builder()
        .statement(statement)
        .build()
        .expect("a statement")
}

/// A batch of writes, a batch of reads with one statement on a missing table, and an empty one.
async fn batches(endpoint: &Endpoint) -> Vec<String> {
    let table = unique_table_name("serve-partiql-batch");
    create_table(&endpoint.client, &table, false, None).await;
    let insert = |pk: &str| batch_entry(format!("INSERT INTO \"{table}\" VALUE {{'pk': '{pk}'}}"));
    endpoint
        .client
        .batch_execute_statement()
        .statements(insert("a"))
        .send()
        .await
        .expect("BatchExecuteStatement of one INSERT");
    let writes = endpoint
        .client
        .batch_execute_statement()
        .statements(insert("b"))
        .statements(batch_entry(format!(
            "UPDATE \"{table}\" SET v = 1 WHERE pk = 'missing'"
        )))
        .statements(insert("a"))
        .send()
        .await
        .expect("BatchExecuteStatement of writes");
    let twice = endpoint
        .client
        .batch_execute_statement()
        .statements(insert("c"))
        .statements(insert("c"))
        .send()
        .await
        .expect_err("one item twice");
    let reads = endpoint
        .client
        .batch_execute_statement()
        .statements(batch_entry(format!(
            "SELECT * FROM \"{table}\" WHERE pk = 'a'"
        )))
        .statements(batch_entry(
            "SELECT * FROM \"ddbx-no-such-table\" WHERE pk = 'a'".to_owned(),
        ))
        .statements(batch_entry(format!(
            "SELECT * FROM \"{table}\" WHERE pk = 'b'"
        )))
        .send()
        .await
        .expect("BatchExecuteStatement of reads");
    let empty = endpoint
        .client
        .batch_execute_statement()
        .send()
        .await
        .expect_err("no statements");
    let answers = |responses: &[aws_sdk_dynamodb::types::BatchStatementResponse]| {
        responses
            .iter()
            .map(|response| {
                let item = response.item().map(|item| rows(std::slice::from_ref(item)));
                let error = response
                    .error()
                    .map(|error| error.code().map(|c| c.as_str().to_owned()));
                format!("item={item:?} error={error:?}")
            })
            .collect::<Vec<_>>()
    };
    let mut lines = answers(writes.responses());
    lines.extend(answers(reads.responses()));
    lines.push(format!("empty: {:?}", empty.code()));
    lines.push(format!("twice: {:?} {:?}", twice.code(), twice.message()));
    lines
}

#[tokio::test]
async fn a_batch_answers_each_statement_in_its_place_as_dynamodb_local_does() {
    let served = served();
    let ours = batches(&served).await;
    assert!(ours[1].contains("ConditionalCheckFailed"), "{ours:#?}");
    assert!(ours[2].contains("DuplicateItem"), "{ours:#?}");
    assert!(ours[4].contains("ResourceNotFound"), "{ours:#?}");
    assert!(ours[6].contains("ValidationException"), "{ours:#?}");
    assert!(
        ours[7].contains("ValidationException") && ours[7].contains("duplicates"),
        "{ours:#?}"
    );
    served.stop();
    let Some(reference) = ddb_local() else { return };
    assert_eq!(ours, batches(&reference).await);
}

fn transact_entry(statement: String) -> ParameterizedStatement {
    ParameterizedStatement::builder()
        .statement(statement)
        .build()
        .expect("a statement")
}

/// A transaction with a duplicate INSERT (cancelled, nothing written), one that succeeds, and
/// one of reads.
async fn transactions(endpoint: &Endpoint) -> Vec<String> {
    let table = unique_table_name("serve-partiql-txn");
    create_table(&endpoint.client, &table, false, None).await;
    let insert =
        |pk: &str| transact_entry(format!("INSERT INTO \"{table}\" VALUE {{'pk': '{pk}'}}"));
    endpoint
        .client
        .execute_statement()
        .statement(format!(
            "INSERT INTO \"{table}\" VALUE {{'pk': 'a', 'v': 1}}"
        ))
        .send()
        .await
        .expect("INSERT");
    let cancelled = endpoint
        .client
        .execute_transaction()
        .transact_statements(insert("a"))
        .transact_statements(insert("b"))
        .send()
        .await
        .expect_err("a duplicate key");
    let reasons = match cancelled.into_service_error() {
        aws_sdk_dynamodb::operation::execute_transaction::ExecuteTransactionError::TransactionCanceledException(cancelled) => cancelled
            .cancellation_reasons()
            .iter()
            .map(|reason| format!("{:?}", reason.code()))
            .collect::<Vec<_>>(),
        other => vec![format!("not cancelled: {:?}", other.code())],
    };
    let mut lines = vec![format!("cancelled: {reasons:?}")];
    endpoint
        .client
        .execute_transaction()
        .transact_statements(insert("b"))
        .transact_statements(transact_entry(format!(
            "UPDATE \"{table}\" SET v = v + 1 WHERE pk = 'a'"
        )))
        .send()
        .await
        .expect("a transaction of an INSERT and an UPDATE");
    let read = endpoint
        .client
        .execute_transaction()
        .transact_statements(transact_entry(format!(
            "SELECT * FROM \"{table}\" WHERE pk = 'a'"
        )))
        .transact_statements(transact_entry(format!(
            "SELECT * FROM \"{table}\" WHERE pk = 'b'"
        )))
        .send()
        .await
        .expect("a transaction of reads");
    for response in read.responses() {
        let item = response.item().map(|item| rows(std::slice::from_ref(item)));
        lines.push(format!("read: {}", item.unwrap_or_default()));
    }
    let empty = endpoint
        .client
        .execute_transaction()
        .send()
        .await
        .expect_err("no statements");
    lines.push(format!("empty: {:?}", empty.code()));
    lines
}

#[tokio::test]
async fn a_transaction_of_statements_is_applied_whole_or_not_at_all_as_in_dynamodb_local() {
    let served = served();
    let ours = transactions(&served).await;
    assert_eq!(
        ours[0],
        "cancelled: [\"Some(\\\"DuplicateItem\\\")\", \"Some(\\\"None\\\")\"]"
    );
    assert!(
        ours[1].contains("N(\"2\")"),
        "the UPDATE added one: {ours:#?}"
    );
    assert!(
        ours[2].contains("\"pk\": S(\"b\")"),
        "the INSERT landed: {ours:#?}"
    );
    served.stop();
    let Some(reference) = ddb_local() else { return };
    let theirs = transactions(&reference).await;
    // DynamoDB Local 1.25.1 gives the duplicate INSERT's reason as `ValidationError`, where
    // DynamoDB's documented code is `DuplicateItem`.
    assert_eq!(
        theirs[0],
        "cancelled: [\"Some(\\\"ValidationError\\\")\", \"Some(\\\"None\\\")\"]"
    );
    assert_eq!(ours[1..], theirs[1..]);
}
