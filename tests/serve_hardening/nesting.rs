//! Deeply nested input: JSON nested past serde_json's recursion limit, attribute values nested
//! past DynamoDB's 32 levels, and expressions and PartiQL nested as deep as their length limits
//! allow. Each is answered with the service's error; none reaches a recursion deep enough to
//! overflow the server's stack.

use crate::raw::{assert_error, error_message, exchange, request};
use crate::spawned::Spawned;

fn call(server: &Spawned, operation: &str, body: &str) -> String {
    exchange(server.address, &request(operation, body), false)
}

fn create_table(server: &Spawned) {
    let answer = call(
        server,
        "CreateTable",
        r#"{"TableName":"Deep","BillingMode":"PAY_PER_REQUEST",
            "AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"}],
            "KeySchema":[{"AttributeName":"PK","KeyType":"HASH"}]}"#,
    );
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer:?}");
}

/// `levels` maps nested inside one another, the innermost holding a string.
fn nested_map(levels: usize) -> String {
    let mut value = r#"{"S":"bottom"}"#.to_owned();
    for _ in 0..levels {
        value = format!(r#"{{"M":{{"a":{value}}}}}"#);
    }
    value
}

#[test]
fn json_nested_past_the_parsers_limit_is_a_serialization_error() {
    let mut server = Spawned::start(&[]);
    for body in [
        "[".repeat(100_000),
        "{\"a\":".repeat(100_000),
        format!("{{\"TableName\":\"Deep\",\"Key\":{}}}", "[".repeat(50_000)),
    ] {
        let answer = call(&server, "GetItem", &body);
        assert_error(&answer, 400, "SerializationException", "");
        server.assert_serving();
    }
}

#[test]
fn attribute_values_nested_past_32_levels_are_refused_in_dynamodbs_words() {
    let mut server = Spawned::start(&[]);
    create_table(&server);
    let put = |levels: usize| {
        call(
            &server,
            "PutItem",
            &format!(
                r#"{{"TableName":"Deep","Item":{{"PK":{{"S":"p"}},"v":{}}}}}"#,
                nested_map(levels)
            ),
        )
    };
    // The attribute itself is a level: 31 maps inside it make 32.
    let answer = put(31);
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer:?}");
    let answer = put(32);
    assert_error(&answer, 400, "ValidationException", "");
    assert_eq!(
        error_message(&answer),
        "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit"
    );
    // As deep as the JSON parser lets a value go (about 63 maps), in an update.
    let answer = call(
        &server,
        "UpdateItem",
        &format!(
            r#"{{"TableName":"Deep","Key":{{"PK":{{"S":"p"}}}},"UpdateExpression":"SET v = :v",
                "ExpressionAttributeValues":{{":v":{}}}}}"#,
            nested_map(60)
        ),
    );
    assert_error(&answer, 400, "ValidationException", "");
    server.assert_serving();
}

#[test]
fn expressions_nested_to_their_length_limit_are_refused() {
    let mut server = Spawned::start(&[]);
    create_table(&server);
    let depth = 1000;
    let condition = format!("{}PK = :p{}", "(".repeat(depth), ")".repeat(depth));
    let answer = call(
        &server,
        "DeleteItem",
        &format!(
            r#"{{"TableName":"Deep","Key":{{"PK":{{"S":"p"}}}},"ConditionExpression":"{condition}",
                "ExpressionAttributeValues":{{":p":{{"S":"p"}}}}}}"#
        ),
    );
    assert_error(&answer, 400, "ValidationException", "");
    server.assert_serving();
}

#[test]
fn partiql_nested_to_its_length_limit_is_refused() {
    let mut server = Spawned::start(&[]);
    create_table(&server);
    let depth = 4000;
    let statements = [
        format!(
            r#"SELECT * FROM \"Deep\" WHERE {}PK = 'p'{}"#,
            "(".repeat(depth),
            ")".repeat(depth)
        ),
        format!(
            r#"INSERT INTO \"Deep\" VALUE {{'PK':'q','v':{}1{}}}"#,
            "[".repeat(depth),
            "]".repeat(depth)
        ),
    ];
    for statement in statements {
        let answer = call(
            &server,
            "ExecuteStatement",
            &format!(r#"{{"Statement":"{statement}"}}"#),
        );
        assert_error(&answer, 400, "ValidationException", "");
        server.assert_serving();
    }
}
