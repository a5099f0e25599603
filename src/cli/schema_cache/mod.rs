//! Key schemas remembered between runs, so a `get` or `query` sends its one request without a
//! DescribeTable first. An entry is trusted for a short time (`DDBX_SCHEMA_TTL` seconds, 300 by
//! default, 0 to turn the cache off), and never blindly: when a read planned from a cached
//! schema is refused by the planner or by the server (ValidationException), or its first answer
//! lacks a key attribute the schema names, the table is described again and, if the schema
//! changed, the read runs once more on the fresh one. A table recreated with other keys is
//! therefore answered correctly or refused with the fresh schema's message, never read wrongly.

mod form;
mod store;

use std::path::PathBuf;
use std::time::Duration;

use self::form::SchemaForm;
use super::error::CliError;
use crate::backend::{Backend, BackendError};
use crate::domain::schema::TableDescription;
use crate::domain::table_settings::TableExtras;
use crate::domain::value::Item;

const DEFAULT_TTL: Duration = Duration::from_secs(300);

/// A table's schema and whether it came from the cache (and so may be stale).
pub struct Schema {
    pub table: TableDescription,
    pub cached: bool,
}

/// Why one attempt at a read failed.
pub enum Attempt {
    /// The planner refused the arguments against this schema.
    Plan(CliError),
    /// The server refused or failed the request.
    Server(BackendError),
    /// The first answer holds an item without a key attribute of this schema.
    Stale,
}

impl From<CliError> for Attempt {
    fn from(error: CliError) -> Self {
        Self::Plan(error)
    }
}

impl From<BackendError> for Attempt {
    fn from(error: BackendError) -> Self {
        Self::Server(error)
    }
}

impl Attempt {
    fn into_cli(self, table: &str) -> CliError {
        match self {
            Self::Plan(error) => error,
            Self::Server(error) => error.into(),
            // Only reported for a cached schema, and a fresh one is then tried.
            Self::Stale => CliError::Failed(format!(
                "the answer does not carry the key attributes table `{table}` is described with"
            )),
        }
    }
}

/// True when some item lacks one of `table`'s key attributes: a sign that the schema they were
/// read with is not the table's any more.
#[must_use]
pub fn lacks_key(table: &TableDescription, items: &[Item]) -> bool {
    items
        .iter()
        .any(|item| table.key.names().any(|name| !item.contains_key(name)))
}

/// Where entries live and for how long; `None` when the cache is off.
struct Cache {
    path: PathBuf,
    key: String,
    ttl: Duration,
}

impl Cache {
    /// Only servers are cached: the demo and files are described in memory, for free.
    fn for_table(backend: &dyn Backend, table: &str) -> Option<Self> {
        let ttl = ttl_from(std::env::var("DDBX_SCHEMA_TTL").ok().as_deref());
        let connection = backend.connection();
        if ttl.is_zero() || connection.kind != "aws" {
            return None;
        }
        let part = |value: Option<String>| value.unwrap_or_default();
        let key = [
            part(connection.endpoint),
            part(connection.region),
            part(connection.profile),
            table.to_owned(),
        ]
        .join("\n");
        Some(Self {
            path: store::default_path()?,
            key,
            ttl,
        })
    }

    fn load(&self) -> Option<TableDescription> {
        store::load(&self.path, &self.key, self.ttl)?.to_table()
    }

    fn save(&self, table: Option<&TableDescription>) {
        store::save(&self.path, &self.key, table.map(SchemaForm::of), self.ttl);
    }
}

/// `DDBX_SCHEMA_TTL`: whole seconds; unset or unreadable means the default.
fn ttl_from(value: Option<&str>) -> Duration {
    value
        .and_then(|text| text.trim().parse::<u64>().ok())
        .map_or(DEFAULT_TTL, Duration::from_secs)
}

/// The table's keys and indexes (DescribeTable, without TTL), remembered for the next run.
pub async fn describe(backend: &dyn Backend, table: &str) -> Result<TableDescription, CliError> {
    let described = backend.describe_schema(table).await;
    remember(backend, table, described.as_ref());
    Ok(described?)
}

/// DescribeTable and the extras `describe` shows, the schema remembered for the next run.
pub async fn describe_with_extras(
    backend: &dyn Backend,
    table: &str,
) -> Result<(TableDescription, TableExtras), CliError> {
    let described = backend.describe_with_extras(table).await;
    let schema = described.as_ref().map(|(description, _)| description);
    remember(backend, table, schema);
    Ok(described?)
}

/// Saves what DescribeTable answered: the schema, or that the table does not exist.
fn remember(
    backend: &dyn Backend,
    table: &str,
    described: Result<&TableDescription, &BackendError>,
) {
    let Some(cache) = Cache::for_table(backend, table) else {
        return;
    };
    match described {
        Ok(described) => cache.save(Some(described)),
        Err(BackendError::NotFound(_)) => cache.save(None),
        Err(_) => {}
    }
}

/// Runs `read` on the table's schema: the cached one when there is one, checked as the module
/// says, else a freshly described one.
pub async fn with_schema<T>(
    backend: &dyn Backend,
    table: &str,
    mut read: impl AsyncFnMut(&Schema) -> Result<T, Attempt>,
) -> Result<T, CliError> {
    let cache = Cache::for_table(backend, table);
    let Some(cached) = cache.as_ref().and_then(Cache::load) else {
        let table_description = describe(backend, table).await?;
        let schema = Schema {
            table: table_description,
            cached: false,
        };
        return read(&schema).await.map_err(|error| error.into_cli(table));
    };
    let schema = Schema {
        table: cached,
        cached: true,
    };
    let error = match read(&schema).await {
        Ok(value) => return Ok(value),
        Err(error) => error,
    };
    let stale = matches!(
        error,
        Attempt::Plan(_) | Attempt::Stale | Attempt::Server(BackendError::Validation(_))
    );
    if !stale {
        if matches!(error, Attempt::Server(BackendError::NotFound(_)))
            && let Some(cache) = &cache
        {
            cache.save(None);
        }
        return Err(error.into_cli(table));
    }
    let fresh = describe(backend, table).await?;
    if SchemaForm::of(&fresh) == SchemaForm::of(&schema.table) && !matches!(error, Attempt::Stale) {
        return Err(error.into_cli(table));
    }
    let schema = Schema {
        table: fresh,
        cached: false,
    };
    read(&schema).await.map_err(|error| error.into_cli(table))
}

#[cfg(test)]
#[path = "tests.rs"]
mod tests;
