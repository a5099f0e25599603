//! The service's `ThrottlingReasons`, decoded into one sentence a person on call can act on: which
//! limit was hit, on which table or index, and what to do about it.
//!
//! A reason is `ResourceType + OperationType + LimitType` (API Reference, `ThrottlingReason`):
//! `Table`/`Index`, `Read`/`Write`, then one of four limits, sixteen reasons in all (Developer
//! Guide, "DynamoDB throttling resolution guide"). Its `resource` is the ARN of the table or
//! index that was throttled.

use std::fmt::Write as _;

/// One entry of an error's `ThrottlingReasons`, as the service sent it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThrottlingReason {
    /// `TableReadKeyRangeThroughputExceeded`, `IndexWriteProvisionedThroughputExceeded`, …
    pub reason: String,
    /// The ARN of the throttled table or index, when sent.
    pub resource: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Operation {
    Read,
    Write,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Limit {
    /// One partition's own limit: a hot key.
    KeyRange,
    /// The capacity units provisioned for the table or index.
    Provisioned,
    /// The account's per-table quota for on-demand tables in the Region.
    AccountQuota,
    /// The maximum on-demand throughput configured on the table or index.
    OnDemandMaximum,
}

/// The parts of a reason string ddbx knows; `None` for a reason it does not.
fn parse_reason(reason: &str) -> Option<(bool, Operation, Limit)> {
    let (is_index, rest) = if let Some(rest) = reason.strip_prefix("Index") {
        (true, rest)
    } else {
        (false, reason.strip_prefix("Table")?)
    };
    let (operation, rest) = if let Some(rest) = rest.strip_prefix("Read") {
        (Operation::Read, rest)
    } else {
        (Operation::Write, rest.strip_prefix("Write")?)
    };
    let limit = match rest {
        "KeyRangeThroughputExceeded" => Limit::KeyRange,
        "ProvisionedThroughputExceeded" => Limit::Provisioned,
        "AccountLimitExceeded" => Limit::AccountQuota,
        "MaxOnDemandThroughputExceeded" => Limit::OnDemandMaximum,
        _ => return None,
    };
    Some((is_index, operation, limit))
}

/// `table Orders` or `index GSI1 of table Orders` from an ARN such as
/// `arn:aws:dynamodb:us-east-1:111122223333:table/Orders/index/GSI1`.
fn resource_name(arn: &str) -> Option<String> {
    let path = arn.split_once(":table/")?.1;
    Some(match path.split_once("/index/") {
        Some((table, index)) => format!("index {index} of table {table}"),
        None => format!("table {path}"),
    })
}

impl ThrottlingReason {
    /// What was throttled, by name when the ARN says so.
    fn subject(&self, is_index: bool) -> String {
        self.resource
            .as_deref()
            .and_then(resource_name)
            .unwrap_or_else(|| {
                if is_index {
                    "an index".to_owned()
                } else {
                    "the table".to_owned()
                }
            })
    }

    /// One clause: the limit, where, and what to do.
    #[must_use]
    pub fn explain(&self) -> String {
        let Some((is_index, operation, limit)) = parse_reason(&self.reason) else {
            let on = self
                .resource
                .as_deref()
                .map(|resource| format!(" on {resource}"))
                .unwrap_or_default();
            return format!("{}{on}", self.reason);
        };
        let subject = self.subject(is_index);
        let (ops, unit) = match operation {
            Operation::Read => ("reads", "read"),
            Operation::Write => ("writes", "write"),
        };
        let mut text = match limit {
            Limit::KeyRange => format!(
                "{ops} on one partition key value of {subject} exceed a partition's own limit (a hot key): spread them over more key values or cache the hot items; Contributor Insights names the hot keys"
            ),
            Limit::Provisioned => format!(
                "{ops} on {subject} exceed its provisioned {unit} capacity: raise its {unit} capacity units, turn on auto scaling, or switch to on-demand"
            ),
            Limit::AccountQuota => format!(
                "{ops} on {subject} reached the account's per-table on-demand {unit} quota in this Region: ask for a higher quota in Service Quotas"
            ),
            Limit::OnDemandMaximum => format!(
                "{ops} on {subject} reached its configured on-demand maximum {unit} throughput: raise or remove it (UpdateTable OnDemandThroughput)"
            ),
        };
        if is_index && operation == Operation::Write {
            text.push_str("; writes to the table wait for the index, so they are throttled too");
        }
        text
    }
}

/// Every reason's clause, `; `-joined, and how often the SDK retried before giving up.
#[must_use]
pub fn explain_all(reasons: &[ThrottlingReason], retries: u32) -> String {
    let mut text = reasons
        .iter()
        .map(ThrottlingReason::explain)
        .collect::<Vec<_>>()
        .join("; ");
    if retries > 0 {
        let _ = write!(text, " (still throttled after {})", retried(retries));
    }
    text
}

/// `1 retry`, `2 retries`.
#[must_use]
pub fn retried(retries: u32) -> String {
    if retries == 1 {
        "1 retry".to_owned()
    } else {
        format!("{retries} retries")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reason(reason: &str, resource: Option<&str>) -> ThrottlingReason {
        ThrottlingReason {
            reason: reason.to_owned(),
            resource: resource.map(str::to_owned),
        }
    }

    const TABLE_ARN: &str = "arn:aws:dynamodb:eu-west-1:111122223333:table/Orders";
    const INDEX_ARN: &str = "arn:aws:dynamodb:eu-west-1:111122223333:table/Orders/index/GSI1";

    #[test]
    fn each_of_the_sixteen_documented_reasons_names_its_limit_and_resource() {
        for kind in ["Table", "Index"] {
            for operation in ["Read", "Write"] {
                for limit in [
                    "KeyRangeThroughputExceeded",
                    "ProvisionedThroughputExceeded",
                    "AccountLimitExceeded",
                    "MaxOnDemandThroughputExceeded",
                ] {
                    let arn = if kind == "Index" {
                        INDEX_ARN
                    } else {
                        TABLE_ARN
                    };
                    let name = format!("{kind}{operation}{limit}");
                    let text = reason(&name, Some(arn)).explain();
                    assert!(parse_reason(&name).is_some(), "{name}");
                    let subject = if kind == "Index" {
                        "index GSI1 of table Orders"
                    } else {
                        "table Orders"
                    };
                    assert!(text.contains(subject), "{name}: {text}");
                    let ops = if operation == "Read" {
                        "reads"
                    } else {
                        "writes"
                    };
                    assert!(text.starts_with(ops), "{name}: {text}");
                    assert!(text.contains(": "), "says what to do: {text}");
                }
            }
        }
    }

    #[test]
    fn the_limit_decides_the_advice() {
        let hot = reason("TableWriteKeyRangeThroughputExceeded", Some(TABLE_ARN)).explain();
        assert!(hot.contains("hot key"), "{hot}");
        let provisioned =
            reason("IndexReadProvisionedThroughputExceeded", Some(INDEX_ARN)).explain();
        assert!(
            provisioned.contains("index GSI1 of table Orders exceed its provisioned read capacity"),
            "{provisioned}"
        );
        let quota = reason("TableReadAccountLimitExceeded", Some(TABLE_ARN)).explain();
        assert!(quota.contains("Service Quotas"), "{quota}");
        let maximum = reason("TableWriteMaxOnDemandThroughputExceeded", None).explain();
        assert_eq!(
            maximum,
            "writes on the table reached its configured on-demand maximum write throughput: raise or remove it (UpdateTable OnDemandThroughput)"
        );
        let index_write =
            reason("IndexWriteProvisionedThroughputExceeded", Some(INDEX_ARN)).explain();
        assert!(
            index_write.ends_with("so they are throttled too"),
            "{index_write}"
        );
    }

    #[test]
    fn an_unknown_reason_is_shown_as_sent_with_its_resource() {
        assert_eq!(
            reason("TableReadSomethingNew", Some(TABLE_ARN)).explain(),
            format!("TableReadSomethingNew on {TABLE_ARN}")
        );
        assert!(parse_reason("Tablet").is_none());
    }

    #[test]
    fn several_reasons_share_one_line_with_the_retries() {
        let text = explain_all(
            &[
                reason("TableReadProvisionedThroughputExceeded", Some(TABLE_ARN)),
                reason("IndexReadProvisionedThroughputExceeded", Some(INDEX_ARN)),
            ],
            2,
        );
        assert!(!text.contains('\n'));
        assert!(text.contains("table Orders exceed"), "{text}");
        assert!(text.contains("; reads on index GSI1"), "{text}");
        assert!(
            text.ends_with("(still throttled after 2 retries)"),
            "{text}"
        );
        assert_eq!(retried(1), "1 retry");
    }
}
