//! A bare word in `--filter` is an attribute name, as DynamoDB reads it; ddbx keeps that meaning
//! but warns on stderr (exit code unchanged) when no item returned has such an attribute.

use crate::fixture::ddbx;

#[test]
fn a_bare_word_that_names_no_attribute_gets_a_did_you_mean_warning() {
    let run = ddbx(&["--demo", "scan", "--filter", "status = PENDING"]).success();
    assert_eq!(
        run.stdout, "",
        "DynamoDB's meaning: no item has an attribute PENDING"
    );
    assert!(
        run.stderr.contains("did you mean \"PENDING\"?"),
        "{}",
        run.stderr
    );
    let query = ddbx(&[
        "--demo",
        "query",
        "--pk",
        "USER#usr_1001",
        "--filter",
        "status IN (PENDING, SHIPPED)",
    ])
    .success();
    assert!(
        query.stderr.contains("did you mean \"PENDING\"?"),
        "{}",
        query.stderr
    );
    assert!(
        query.stderr.contains("did you mean \"SHIPPED\"?"),
        "{}",
        query.stderr
    );
}

#[test]
fn quoted_values_and_real_attributes_compared_get_no_warning() {
    let quoted = ddbx(&[
        "--demo",
        "scan",
        "--filter",
        "status = \"PENDING\"",
        "--max-items",
        "2",
    ])
    .success();
    assert_eq!(quoted.lines().len(), 2, "{}", quoted.stdout);
    assert!(!quoted.stderr.contains("did you mean"), "{}", quoted.stderr);
    let attributes = ddbx(&[
        "--demo",
        "scan",
        "--filter",
        "userId <> orderId",
        "--max-items",
        "2",
    ])
    .success();
    assert_eq!(attributes.lines().len(), 2, "{}", attributes.stdout);
    assert!(
        !attributes.stderr.contains("did you mean"),
        "{}",
        attributes.stderr
    );
}
