//! `ddbx get`: the full primary key, typed from the table's key schema.

use crate::backend::{ExpressionParams, GetRequest};
use crate::cli::args::GetArgs;
use crate::cli::error::CliError;
use crate::cli::key_value::{KeyRole, typed_key_value};
use crate::domain::schema::TableDescription;
use crate::domain::value::Item;

/// Plans `ddbx get` against `table`'s description.
pub fn plan_get(table: &TableDescription, args: &GetArgs) -> Result<GetRequest, CliError> {
    let partition = &table.key.partition;
    let mut key = Item::new();
    key.insert(
        partition.name.clone(),
        typed_key_value("--pk", &args.pk, partition, KeyRole::Partition)?,
    );
    match (&table.key.sort, args.sk.as_deref()) {
        (Some(sort), Some(text)) => {
            key.insert(
                sort.name.clone(),
                typed_key_value("--sk", text, sort, KeyRole::Sort)?,
            );
        }
        (Some(sort), None) => {
            return Err(CliError::usage(format!(
                "--sk is required: table `{}` has sort key `{}` ({}); pass --sk V (or use `ddbx query --pk` to list the collection)",
                table.name, sort.name, sort.value_type
            )));
        }
        (None, Some(_)) => {
            return Err(CliError::usage(format!(
                "--sk: table `{}` has no sort key (its key is `{}` alone); drop --sk",
                table.name, partition.name
            )));
        }
        (None, None) => {}
    }
    Ok(GetRequest {
        table: table.name.clone(),
        key,
        projection: None,
        params: ExpressionParams::default(),
        consistent_read: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::plan::fixtures;
    use crate::domain::value::AttrValue;

    fn args(pk: &str, sk: Option<&str>) -> GetArgs {
        GetArgs {
            pk: pk.to_owned(),
            sk: sk.map(str::to_owned),
        }
    }

    #[test]
    fn the_full_key_is_typed_from_the_table_schema() {
        let request =
            plan_get(&fixtures::single_table(), &args("USER#1", Some("PROFILE"))).expect("valid");
        assert_eq!(request.table, "app");
        assert_eq!(
            request.key,
            Item::from([
                ("PK".to_owned(), AttrValue::s("USER#1")),
                ("SK".to_owned(), AttrValue::s("PROFILE")),
            ])
        );
        let request = plan_get(&fixtures::hash_only_numeric(), &args("7", None)).expect("valid");
        assert_eq!(
            request.key,
            Item::from([("id".to_owned(), AttrValue::n(7))])
        );
    }

    #[test]
    fn a_missing_sort_key_names_it() {
        let Err(CliError::Usage(message)) = plan_get(&fixtures::single_table(), &args("P", None))
        else {
            panic!("expected a usage error");
        };
        assert!(message.contains("has sort key `SK` (S)"), "{message}");
    }

    #[test]
    fn a_sort_key_on_a_hash_only_table_is_refused() {
        let Err(CliError::Usage(message)) =
            plan_get(&fixtures::hash_only_numeric(), &args("1", Some("2")))
        else {
            panic!("expected a usage error");
        };
        assert!(message.contains("has no sort key"), "{message}");
    }

    #[test]
    fn a_wrong_key_type_is_refused() {
        let Err(CliError::Usage(message)) =
            plan_get(&fixtures::hash_only_numeric(), &args("abc", None))
        else {
            panic!("expected a usage error");
        };
        assert!(
            message.contains("partition key `id` has type N"),
            "{message}"
        );
    }
}
