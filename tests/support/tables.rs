//! Creating and deleting test tables: partition key, optional sort key, GSIs and LSIs with their
//! key types and projections, on-demand billing.

use std::time::{Duration, Instant};

use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::types::{
    AttributeDefinition, BillingMode, GlobalSecondaryIndex, KeySchemaElement, KeyType,
    LocalSecondaryIndex, Projection, ProjectionType, ScalarAttributeType, TableStatus,
    TimeToLiveSpecification,
};
use ddbx::domain::value::ValueType;

use super::items::describe;

/// How long a new table may take to become ACTIVE (dynalite and moto are immediate).
const ACTIVE_DEADLINE: Duration = Duration::from_secs(20);
const POLL_INTERVAL: Duration = Duration::from_millis(50);

/// Which attributes an index carries, as in `CreateTable`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProjectionSpec {
    All,
    KeysOnly,
    Include(Vec<String>),
}

/// A secondary index to create: name, keys with their types, projection.
#[derive(Clone, Debug)]
pub struct IndexSpec {
    pub name: String,
    pub partition: (String, ValueType),
    pub sort: Option<(String, ValueType)>,
    pub projection: ProjectionSpec,
}

impl IndexSpec {
    /// An index with a partition key and `ALL` projection; add a sort key or projection with the
    /// builder methods.
    pub fn new(name: &str, partition: &str, partition_type: ValueType) -> Self {
        Self {
            name: name.to_owned(),
            partition: (partition.to_owned(), partition_type),
            sort: None,
            projection: ProjectionSpec::All,
        }
    }

    #[must_use]
    pub fn sort(mut self, name: &str, value_type: ValueType) -> Self {
        self.sort = Some((name.to_owned(), value_type));
        self
    }

    #[must_use]
    pub fn projection(mut self, projection: ProjectionSpec) -> Self {
        self.projection = projection;
        self
    }
}

/// A table to create. `TableSpec::new(name, "PK", S).sort("SK", S).gsi(...)`.
#[derive(Clone, Debug)]
pub struct TableSpec {
    pub name: String,
    pub partition: (String, ValueType),
    pub sort: Option<(String, ValueType)>,
    pub gsis: Vec<IndexSpec>,
    /// An LSI's partition key must be the table's; only its sort key and projection are used.
    pub lsis: Vec<IndexSpec>,
}

impl TableSpec {
    pub fn new(name: &str, partition: &str, partition_type: ValueType) -> Self {
        Self {
            name: name.to_owned(),
            partition: (partition.to_owned(), partition_type),
            sort: None,
            gsis: Vec::new(),
            lsis: Vec::new(),
        }
    }

    /// The usual single-table layout: `PK`/`SK` strings.
    pub fn single_table(name: &str) -> Self {
        Self::new(name, "PK", ValueType::S).sort("SK", ValueType::S)
    }

    #[must_use]
    pub fn sort(mut self, name: &str, value_type: ValueType) -> Self {
        self.sort = Some((name.to_owned(), value_type));
        self
    }

    #[must_use]
    pub fn gsi(mut self, index: IndexSpec) -> Self {
        self.gsis.push(index);
        self
    }

    /// Adds an LSI sorted by `sort`; its partition key is the table's.
    #[must_use]
    pub fn lsi(
        mut self,
        name: &str,
        sort: &str,
        sort_type: ValueType,
        projection: ProjectionSpec,
    ) -> Self {
        let mut index =
            IndexSpec::new(name, &self.partition.0, self.partition.1).sort(sort, sort_type);
        index.projection = projection;
        self.lsis.push(index);
        self
    }

    /// Every distinct key attribute with its type (AttributeDefinitions).
    fn attribute_definitions(&self) -> Vec<AttributeDefinition> {
        let mut seen: Vec<(&str, ValueType)> = Vec::new();
        let keys =
            std::iter::once(&self.partition)
                .chain(self.sort.as_ref())
                .chain(self.gsis.iter().chain(&self.lsis).flat_map(|index| {
                    std::iter::once(&index.partition).chain(index.sort.as_ref())
                }));
        for (name, value_type) in keys {
            match seen.iter().find(|(known, _)| known == name) {
                Some((_, known_type)) => assert_eq!(
                    known_type, value_type,
                    "key attribute {name} declared with two types in {}",
                    self.name
                ),
                None => seen.push((name, *value_type)),
            }
        }
        seen.into_iter()
            .map(|(name, value_type)| {
                AttributeDefinition::builder()
                    .attribute_name(name)
                    .attribute_type(scalar_type(value_type))
                    .build()
                    .expect("name and type are set")
            })
            .collect()
    }
}

fn scalar_type(value_type: ValueType) -> ScalarAttributeType {
    match value_type {
        ValueType::S => ScalarAttributeType::S,
        ValueType::N => ScalarAttributeType::N,
        ValueType::B => ScalarAttributeType::B,
        other => panic!("{other} cannot be a key attribute type"),
    }
}

fn key_schema(
    partition: &(String, ValueType),
    sort: Option<&(String, ValueType)>,
) -> Vec<KeySchemaElement> {
    let element = |name: &str, key_type| {
        KeySchemaElement::builder()
            .attribute_name(name)
            .key_type(key_type)
            .build()
            .expect("name and key type are set")
    };
    std::iter::once(element(&partition.0, KeyType::Hash))
        .chain(sort.map(|(name, _)| element(name, KeyType::Range)))
        .collect()
}

fn projection(spec: &ProjectionSpec) -> Projection {
    match spec {
        ProjectionSpec::All => Projection::builder()
            .projection_type(ProjectionType::All)
            .build(),
        ProjectionSpec::KeysOnly => Projection::builder()
            .projection_type(ProjectionType::KeysOnly)
            .build(),
        ProjectionSpec::Include(names) => Projection::builder()
            .projection_type(ProjectionType::Include)
            .set_non_key_attributes(Some(names.clone()))
            .build(),
    }
}

/// Creates the table (on-demand billing) and waits until it is ACTIVE. Panics on failure.
pub async fn create_table(client: &Client, spec: &TableSpec) {
    let gsis: Vec<GlobalSecondaryIndex> = spec
        .gsis
        .iter()
        .map(|index| {
            GlobalSecondaryIndex::builder()
                .index_name(&index.name)
                .set_key_schema(Some(key_schema(&index.partition, index.sort.as_ref())))
                .projection(projection(&index.projection))
                .build()
                .expect("name, key schema and projection are set")
        })
        .collect();
    let lsis: Vec<LocalSecondaryIndex> = spec
        .lsis
        .iter()
        .map(|index| {
            LocalSecondaryIndex::builder()
                .index_name(&index.name)
                .set_key_schema(Some(key_schema(&spec.partition, index.sort.as_ref())))
                .projection(projection(&index.projection))
                .build()
                .expect("name, key schema and projection are set")
        })
        .collect();
    client
        .create_table()
        .table_name(&spec.name)
        .set_attribute_definitions(Some(spec.attribute_definitions()))
        .set_key_schema(Some(key_schema(&spec.partition, spec.sort.as_ref())))
        .billing_mode(BillingMode::PayPerRequest)
        .set_global_secondary_indexes((!gsis.is_empty()).then_some(gsis))
        .set_local_secondary_indexes((!lsis.is_empty()).then_some(lsis))
        .send()
        .await
        .unwrap_or_else(|error| panic!("creating table {}: {}", spec.name, describe(&error)));
    wait_until_active(client, &spec.name).await;
}

/// Polls DescribeTable until the table (and each GSI) is ACTIVE; panics after a deadline.
pub async fn wait_until_active(client: &Client, table: &str) {
    let deadline = Instant::now() + ACTIVE_DEADLINE;
    loop {
        let output = client
            .describe_table()
            .table_name(table)
            .send()
            .await
            .unwrap_or_else(|error| panic!("describing table {table}: {}", describe(&error)));
        let description = output.table.expect("DescribeTable returns a table");
        let table_active = description.table_status == Some(TableStatus::Active);
        let indexes_active = description.global_secondary_indexes().iter().all(|index| {
            index
                .index_status
                .as_ref()
                .is_none_or(|status| status.as_str() == "ACTIVE")
        });
        if table_active && indexes_active {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "table {table} not ACTIVE after {ACTIVE_DEADLINE:?} (status {:?})",
            description.table_status
        );
        tokio::time::sleep(POLL_INTERVAL).await;
    }
}

/// Turns on TTL with `attribute`. Returns the service error text when the server does not
/// implement UpdateTimeToLive, so the caller can record the deviation.
pub async fn enable_ttl(client: &Client, table: &str, attribute: &str) -> Result<(), String> {
    let specification = TimeToLiveSpecification::builder()
        .enabled(true)
        .attribute_name(attribute)
        .build()
        .expect("enabled and attribute name are set");
    client
        .update_time_to_live()
        .table_name(table)
        .time_to_live_specification(specification)
        .send()
        .await
        .map(|_| ())
        .map_err(|error| describe(&error))
}

/// Deletes the table and waits until DescribeTable no longer finds it (servers report
/// `DELETING` for a moment). A table that is already gone is fine; any other error panics.
pub async fn delete_table(client: &Client, table: &str) {
    if let Err(error) = client.delete_table().table_name(table).send().await {
        let already_gone = error
            .as_service_error()
            .is_some_and(|service| service.is_resource_not_found_exception());
        assert!(already_gone, "deleting table {table}: {}", describe(&error));
    }
    let deadline = Instant::now() + ACTIVE_DEADLINE;
    loop {
        match client.describe_table().table_name(table).send().await {
            Err(error)
                if error
                    .as_service_error()
                    .is_some_and(|service| service.is_resource_not_found_exception()) =>
            {
                return;
            }
            Err(error) => panic!("waiting for {table} to be deleted: {}", describe(&error)),
            Ok(_) => {
                assert!(
                    Instant::now() < deadline,
                    "table {table} still exists {ACTIVE_DEADLINE:?} after DeleteTable"
                );
                tokio::time::sleep(POLL_INTERVAL).await;
            }
        }
    }
}

/// Enables (`Some(view type)`) or disables (`None`) the table's stream with UpdateTable.
pub async fn set_stream(client: &Client, table: &str, view_type: Option<&str>) {
    let specification = aws_sdk_dynamodb::types::StreamSpecification::builder()
        .stream_enabled(view_type.is_some())
        .set_stream_view_type(view_type.map(aws_sdk_dynamodb::types::StreamViewType::from))
        .build()
        .expect("stream enabled is set");
    client
        .update_table()
        .table_name(table)
        .stream_specification(specification)
        .send()
        .await
        .unwrap_or_else(|error| panic!("stream of {table}: {}", describe(&error)));
    wait_until_active(client, table).await;
}

/// A single-table-design table (`PK`, `SK`) created and seeded for one test, deleted when
/// dropped.
pub struct SeededTable {
    pub client: Client,
    pub name: String,
}

impl Drop for SeededTable {
    fn drop(&mut self) {
        super::block_on(delete_table(&self.client, &self.name));
    }
}

/// A new table named after `prefix` on `endpoint`, holding `items`.
#[must_use]
pub fn seeded_table(
    endpoint: &str,
    prefix: &str,
    items: &[ddbx::domain::value::Item],
) -> SeededTable {
    let client = super::sdk_client(endpoint);
    let name = super::unique_table_name(prefix);
    super::block_on(async {
        create_table(&client, &TableSpec::single_table(&name)).await;
        super::items::seed_items(&client, &name, items).await;
    });
    SeededTable { client, name }
}
