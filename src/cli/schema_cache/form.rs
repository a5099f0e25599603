//! The part of a table's description that planning a read needs — keys, key types, indexes —
//! in a form that is written to and read back from the cache file. Counts, status and settings
//! are left out: they change without the schema changing, and `describe` always asks for them.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::domain::schema::{
    IndexKind, IndexSchema, KeyAttribute, KeySchema, Projection, TableDescription,
};
use crate::domain::value::ValueType;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct SchemaForm {
    name: String,
    key: KeyForm,
    /// AttributeDefinitions: name to `S`, `N` or `B`.
    types: BTreeMap<String, String>,
    indexes: Vec<IndexForm>,
    unsupported_indexes: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct KeyForm {
    partition: Vec<AttributeForm>,
    sort: Vec<AttributeForm>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct AttributeForm {
    name: String,
    #[serde(rename = "type")]
    value_type: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct IndexForm {
    name: String,
    global: bool,
    key: KeyForm,
    projection: ProjectionForm,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum ProjectionForm {
    All,
    KeysOnly,
    Include(Vec<String>),
}

impl SchemaForm {
    pub(super) fn of(table: &TableDescription) -> Self {
        Self {
            name: table.name.clone(),
            key: KeyForm::of(&table.key),
            types: table
                .attribute_types
                .iter()
                .map(|(name, value_type)| (name.clone(), value_type.descriptor().to_owned()))
                .collect(),
            indexes: table.indexes.iter().map(IndexForm::of).collect(),
            unsupported_indexes: table.unsupported_indexes.clone(),
        }
    }

    /// The description this form was made from, less what the form leaves out; `None` when the
    /// file holds something no description could have produced.
    pub(super) fn to_table(&self) -> Option<TableDescription> {
        let mut table = TableDescription::new(self.name.clone(), self.key.to_key()?);
        table.attribute_types = self
            .types
            .iter()
            .map(|(name, text)| Some((name.clone(), ValueType::from_descriptor(text)?)))
            .collect::<Option<_>>()?;
        table.indexes = self
            .indexes
            .iter()
            .map(IndexForm::to_index)
            .collect::<Option<_>>()?;
        table
            .unsupported_indexes
            .clone_from(&self.unsupported_indexes);
        Some(table)
    }
}

impl KeyForm {
    fn of(key: &KeySchema) -> Self {
        Self {
            partition: key.partition_attributes().map(AttributeForm::of).collect(),
            sort: key.sort_attributes().map(AttributeForm::of).collect(),
        }
    }

    fn to_key(&self) -> Option<KeySchema> {
        let attributes = |forms: &[AttributeForm]| {
            forms
                .iter()
                .map(AttributeForm::to_attribute)
                .collect::<Option<Vec<_>>>()
        };
        KeySchema::from_parts(attributes(&self.partition)?, attributes(&self.sort)?)
    }
}

impl AttributeForm {
    fn of(attribute: &KeyAttribute) -> Self {
        Self {
            name: attribute.name.clone(),
            value_type: attribute.value_type.descriptor().to_owned(),
        }
    }

    fn to_attribute(&self) -> Option<KeyAttribute> {
        let value_type = ValueType::from_descriptor(&self.value_type)?;
        Some(KeyAttribute::new(self.name.clone(), value_type))
    }
}

impl IndexForm {
    fn of(index: &IndexSchema) -> Self {
        Self {
            name: index.name.clone(),
            global: index.kind == IndexKind::Global,
            key: KeyForm::of(&index.key),
            projection: match &index.projection {
                Projection::All => ProjectionForm::All,
                Projection::KeysOnly => ProjectionForm::KeysOnly,
                Projection::Include(names) => ProjectionForm::Include(names.clone()),
            },
        }
    }

    fn to_index(&self) -> Option<IndexSchema> {
        Some(IndexSchema {
            name: self.name.clone(),
            kind: if self.global {
                IndexKind::Global
            } else {
                IndexKind::Local
            },
            key: self.key.to_key()?,
            projection: match &self.projection {
                ProjectionForm::All => Projection::All,
                ProjectionForm::KeysOnly => Projection::KeysOnly,
                ProjectionForm::Include(names) => Projection::Include(names.clone()),
            },
            item_count: None,
            size_bytes: None,
            status: None,
        })
    }
}
