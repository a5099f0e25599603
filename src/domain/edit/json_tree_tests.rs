use super::*;

fn error_at(text: &str) -> (usize, usize, String) {
    let error = parse(text).expect_err("text is invalid");
    (error.line, error.column, error.message)
}

#[test]
fn errors_point_at_the_offending_character_with_one_based_line_and_column() {
    let cases = [
        ("{\n  \"a\": 1,\n  \"b\" 2\n}", 3, 7, "expected ':'"),
        ("{\n  \"a\": 1\n  \"b\": 2\n}", 3, 3, "missing comma"),
        ("{\"a\": [1, 2,]}", 1, 13, "trailing comma"),
        ("{\"a\": 1,}", 1, 9, "trailing comma"),
        ("{\"a\": tru}", 1, 7, "unexpected word 'tru'"),
        ("{\"a\": 01}", 1, 7, "not a valid JSON number"),
        ("{\"a\": \"x}", 1, 7, "never closed"),
        ("{\"a\": 1} x", 1, 10, "after the end"),
        ("", 1, 1, "empty"),
        ("{\"a\": 1, \"a\": 2}", 1, 10, "appears twice"),
        ("{\"é\": 'x'}", 1, 7, "unexpected character"),
    ];
    for (text, line, column, message) in cases {
        let (got_line, got_column, got_message) = error_at(text);
        assert_eq!(
            (got_line, got_column),
            (line, column),
            "{text:?}: {got_message}"
        );
        assert!(got_message.contains(message), "{text:?}: {got_message}");
    }
}

#[test]
fn numbers_keep_their_exact_text() {
    let json = parse("[12345678901234567890123456789012345678, -1E-130, 0.10]").expect("valid");
    let JsonKind::Array(elements) = json.kind else {
        panic!("expected an array");
    };
    let texts: Vec<_> = elements
        .iter()
        .map(|e| match &e.kind {
            JsonKind::Number(text) => text.as_str(),
            other => panic!("expected a number, got {other:?}"),
        })
        .collect();
    assert_eq!(
        texts,
        ["12345678901234567890123456789012345678", "-1E-130", "0.10"]
    );
}

#[test]
fn escapes_decode_including_surrogate_pairs() {
    let json = parse(r#""a\n\u00e9\ud83d\ude00\"""#).expect("valid");
    assert_eq!(json.kind, JsonKind::String("a\né😀\"".to_owned()));
}

#[test]
fn hostile_nesting_is_refused_instead_of_overflowing_the_stack() {
    let text = "[".repeat(100_000);
    let (_, _, message) = error_at(&text);
    assert!(message.contains("nesting deeper"), "{message}");
}

#[test]
fn positions_count_characters_not_bytes() {
    let json = parse("{\"ü\": \"é\", \"b\": 1}").expect("valid");
    let JsonKind::Object(members) = json.kind else {
        panic!("expected an object");
    };
    assert_eq!(
        members[1].1,
        Pos {
            line: 1,
            column: 12
        }
    );
}
