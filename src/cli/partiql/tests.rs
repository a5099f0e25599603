use super::*;

fn args(statement: &str, params: Option<&str>) -> PartiqlArgs {
    PartiqlArgs {
        statement: statement.to_owned(),
        params: params.map(str::to_owned),
        limit: None,
        max_items: None,
        consistent: false,
        allow_scan: false,
    }
}

fn usage(result: Result<impl std::fmt::Debug, CliError>) -> String {
    match result {
        Err(CliError::Usage(message)) => message,
        other => panic!("expected a usage error, got {other:?}"),
    }
}

#[test]
fn writes_are_refused_with_the_command_to_use_instead() {
    let cases = [
        (
            r#"INSERT INTO "Orders" VALUE {'PK': 'a'}"#,
            "ddbx --table Orders put --item",
        ),
        (
            r#"UPDATE "Orders" SET x = 1 WHERE PK = 'a'"#,
            "ddbx --table Orders update --pk",
        ),
        (
            r#"DELETE FROM "Orders" WHERE PK = 'a'"#,
            "ddbx --table Orders delete --pk",
        ),
    ];
    for (statement, instead) in cases {
        let message = usage(check(&args(statement, None), false));
        assert!(message.contains(instead), "{message}");
        assert!(message.contains("journaled"), "{message}");
        let read_only = usage(check(&args(statement, None), true));
        assert!(read_only.starts_with("read-only:"), "{read_only}");
        assert!(read_only.contains("nothing was sent"), "{read_only}");
    }
}

#[test]
fn parameters_are_dynamodb_json_and_must_match_the_question_marks() {
    let select = r#"SELECT * FROM "Orders" WHERE PK = ? AND SK = ?"#;
    let (_, values) = check(
        &args(
            select,
            Some(r#"[{"S": "USER#1"}, {"N": "12345678901234567890123456789012345678"}]"#),
        ),
        false,
    )
    .expect("valid");
    assert_eq!(values[0], AttrValue::s("USER#1"));
    assert_eq!(values[1].value_type(), crate::domain::value::ValueType::N);
    assert!(usage(check(&args(select, Some(r#"[{"S": "a"}]"#)), false)).contains("2 `?`"));
    assert!(usage(check(&args(select, Some("{}")), false)).contains("JSON array"));
    assert!(usage(check(&args(select, Some("[1, 2]")), false)).contains("value 1"));
    assert!(usage(check(&args(select, Some("[")), false)).contains("not JSON"));
}

#[test]
fn malformed_statements_are_refused_with_the_position() {
    let message = usage(check(&args("SELECT * FROM 'Orders", None), false));
    assert!(message.contains("unterminated"), "{message}");
    assert!(message.contains("at character 15"), "{message}");
}

fn table(size: u64) -> TableDescription {
    let mut table = crate::cli::plan::fixtures::single_table();
    table.size_bytes = Some(size);
    table
}

/// `text` read and planned as `ddbx partiql` does.
fn planned(
    text: &str,
    parameters: &[AttrValue],
    table: &TableDescription,
    allow_scan: bool,
) -> Result<String, CliError> {
    let statement = parse(text).expect("parses");
    plan(text, &statement, parameters, table, allow_scan)
}

#[test]
fn a_select_is_said_to_be_a_key_query_or_a_scan_and_a_large_scan_needs_allow_scan() {
    let key = r#"SELECT * FROM "T" WHERE PK IN ['a', 'b']"#;
    let said = planned(key, &[], &table(10), false).expect("plans");
    assert!(said.starts_with("key query on PK of table"), "{said}");
    assert!(said.contains("2 partitions"), "{said}");

    let scan = r#"SELECT * FROM "T" WHERE status = 'x'"#;
    let said = planned(scan, &[], &table(10), false).expect("small scans run");
    assert!(said.starts_with("full table scan"), "{said}");
    let big = table(LARGE_TABLE_BYTES + 1);
    assert!(usage(planned(scan, &[], &big, false)).contains("--allow-scan"));
    assert!(planned(scan, &[], &big, true).is_ok());
    assert!(
        planned(key, &[], &big, false).is_ok(),
        "a key query of a big table runs"
    );

    let index = r#"SELECT * FROM "T"."GSI1" WHERE GSI1PK = 'g'"#;
    let said = planned(index, &[], &table(10), false).expect("plans");
    assert!(said.contains("GSI1PK of index GSI1"), "{said}");
    let missing = r#"SELECT * FROM "T"."NOPE""#;
    assert!(usage(planned(missing, &[], &table(10), false)).contains("no index NOPE"));
}

#[test]
fn a_parameter_of_the_wrong_type_for_a_key_is_refused() {
    let statement = r#"SELECT * FROM "T" WHERE PK = ?"#;
    let message = usage(planned(statement, &[AttrValue::n(1)], &table(10), false));
    assert!(
        message.contains("is N but PK is a key of type S"),
        "{message}"
    );
    assert!(planned(statement, &[AttrValue::s("USER#1")], &table(10), false).is_ok());
}

#[test]
fn a_statement_the_service_refuses_is_refused_before_sending_in_its_words() {
    let cut_short = usage(planned(
        r#"SELECT * FROM "app" WHERE PK = 'x' AND"#,
        &[],
        &table(10),
        false,
    ));
    assert_eq!(
        cut_short,
        "Statement wasn't well formed, can't be processed: expected a condition (at the end of \
         the statement); nothing was sent"
    );
    let literal = usage(planned(
        r#"SELECT * FROM "app" WHERE PK = 5"#,
        &[],
        &table(10),
        false,
    ));
    assert_eq!(
        literal,
        "Key attribute's data type should match its data type in table's schema: Key PK; \
         nothing was sent"
    );
    assert!(
        planned(
            r#"SELECT * FROM "app" WHERE PK = 'x' AND status = 5"#,
            &[],
            &table(10),
            false
        )
        .is_ok(),
        "a filter compares any type"
    );
}
