//! What a SELECT will cost before it is sent: a key query of named partitions or a full scan
//! (and why), on which table or index, and whether a parameter compared with a key attribute
//! has the key's type (a mismatch would match nothing, silently). The headless command and the
//! terminal UI both say this, in the same words.

use super::{Access, Operand, Statement};
use crate::domain::schema::TableDescription;
use crate::domain::value::{AttrValue, ValueType};

/// How a SELECT reads its table, as said before it runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    pub access: Access,
    /// `table T` or `index I of T`.
    pub target: String,
    /// The partition key attribute of the table or index read.
    pub partition_key: String,
}

/// Why a SELECT cannot be planned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlanError {
    NoSuchIndex {
        table: String,
        index: String,
    },
    /// Parameter `position` (from 0) has the wrong type for the key attribute it is compared with.
    KeyParameterType {
        position: usize,
        given: ValueType,
        attribute: String,
        expected: ValueType,
    },
}

impl Plan {
    /// One line: `key query on PK of table T (2 partitions)` or `full table scan of …: reason`.
    #[must_use]
    pub fn summary(&self) -> String {
        match &self.access {
            Access::KeyQuery { partitions } => format!(
                "key query on {} of {} ({partitions} partition{})",
                self.partition_key,
                self.target,
                if *partitions == 1 { "" } else { "s" }
            ),
            Access::FullScan { reason } => format!("full table scan of {}: {reason}", self.target),
        }
    }

    /// True for a full scan of a table whose size (as DescribeTable reports it) is above
    /// `threshold` bytes: the one case that is asked about first.
    #[must_use]
    pub fn is_large_scan(&self, table: &TableDescription, threshold: u64) -> bool {
        matches!(self.access, Access::FullScan { .. }) && table.size_bytes.unwrap_or(0) > threshold
    }
}

/// Plans `statement` (a SELECT) with its bound `parameters` on `table`.
pub fn plan(
    statement: &Statement,
    parameters: &[AttrValue],
    table: &TableDescription,
) -> Result<Plan, PlanError> {
    let index = statement.index.as_deref();
    let Some(key) = table.key_schema_of(index) else {
        return Err(PlanError::NoSuchIndex {
            table: table.name.clone(),
            index: index.unwrap_or_default().to_owned(),
        });
    };
    for attribute in key.names() {
        check_key_parameter(statement, parameters, table, attribute)?;
    }
    let target = index.map_or_else(
        || format!("table {}", table.name),
        |index| format!("index {index} of {}", table.name),
    );
    Ok(Plan {
        access: statement.access(key),
        target,
        partition_key: key.partition.name.clone(),
    })
}

fn check_key_parameter(
    statement: &Statement,
    parameters: &[AttrValue],
    table: &TableDescription,
    attribute: &str,
) -> Result<(), PlanError> {
    let Some(Operand::Parameter(n)) = statement.equality(attribute) else {
        return Ok(());
    };
    let (Some(value), Some(expected)) = (parameters.get(*n), table.attribute_types.get(attribute))
    else {
        return Ok(());
    };
    if value.value_type() == *expected {
        return Ok(());
    }
    Err(PlanError::KeyParameterType {
        position: *n,
        given: value.value_type(),
        attribute: attribute.to_owned(),
        expected: *expected,
    })
}
