//! One journal line and its JSON form.

use serde_json::{Map, Value, json};

use crate::backend::Connection;
use crate::domain::ddb_json::{item_from_json, item_to_json};
use crate::domain::edit::diff::display_path;
use crate::domain::edit::path_edit::parse_path;
use crate::domain::edit::{Adjustment, PlannedWrite, WritePlan, request_preview};
use crate::domain::number::Number;
use crate::domain::value::Item;

/// Where a write went. Built from [`Connection`], which never holds credentials.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct JournalConnection {
    pub kind: String,
    pub profile: Option<String>,
    pub region: Option<String>,
    pub endpoint: Option<String>,
}

impl From<&Connection> for JournalConnection {
    fn from(connection: &Connection) -> Self {
        Self {
            kind: connection.kind.clone(),
            profile: connection.profile.clone(),
            region: connection.region.clone(),
            endpoint: connection.endpoint.clone(),
        }
    }
}

/// One write, as recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JournalEntry {
    /// RFC 3339 UTC.
    pub time: String,
    pub connection: JournalConnection,
    pub table: String,
    /// The primary key written (for a key change: the old key; `after` holds the new one).
    pub key: Item,
    /// `UpdateItem`, `PutItem`, `DeleteItem` or `TransactWriteItems`.
    pub operation: String,
    /// The exact request, as [`request_preview`] shows it.
    pub request: String,
    /// The item before the write (`None`: it did not exist).
    pub before: Option<Item>,
    /// The item after the write (`None`: it was deleted).
    pub after: Option<Item>,
    /// True while only the intent is recorded: the request was (or was about to be) sent and no
    /// outcome followed (a crash, a lost connection). `before` is the item as read and `after`
    /// the item as the write would leave it; reading the item tells whether it landed.
    pub pending: bool,
    /// True for a pending write the user passed over (`ddbx undo --skip-pending`) when reading
    /// the item could not settle it: its fate stays unknown, and undo never reverts it.
    pub passed_over: bool,
    /// The intent's id, for recording its outcome later (`None` for a complete entry).
    pub id: Option<String>,
    /// For an undo: the time of the entry it reverted (`None`: not an undo, or an entry
    /// written before undos were marked).
    pub reverts: Option<String>,
    /// The bulk run this write belongs to (`None`: a single write). One id for all of a run's
    /// writes, so the run can be undone or resumed as one.
    pub batch: Option<String>,
    /// The numbers an adjustment added to where they stood (empty for any other write): undone
    /// by adding the opposite, so what others added since is kept.
    pub adjusts: Vec<Adjustment>,
}

fn operation(plan: &WritePlan) -> &'static str {
    match plan {
        WritePlan::Nothing => "Nothing",
        WritePlan::Update(_) => "UpdateItem",
        WritePlan::Put(_) => "PutItem",
        WritePlan::Delete(_) => "DeleteItem",
        WritePlan::MoveKey(_) => "TransactWriteItems",
    }
}

/// The current time as RFC 3339 UTC.
fn now() -> String {
    let since_epoch = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    let instant = crate::domain::civil::UtcInstant {
        seconds: i64::try_from(since_epoch.as_secs()).unwrap_or(i64::MAX),
        nanos: since_epoch.subsec_millis() * 1_000_000,
    };
    instant.to_rfc3339().unwrap_or_default()
}

impl JournalEntry {
    /// The intent to write `planned`, recorded before it is sent: the item as read and the
    /// item as the write will leave it.
    #[must_use]
    pub fn intent(connection: &Connection, table: &str, planned: &PlannedWrite, key: Item) -> Self {
        Self {
            pending: true,
            ..Self::for_write(
                connection,
                table,
                planned,
                key,
                planned.original.clone(),
                planned.expected.clone(),
            )
        }
    }

    /// The entry for a successful write of `planned` with the images `execute_planned` returned.
    #[must_use]
    pub fn for_write(
        connection: &Connection,
        table: &str,
        planned: &PlannedWrite,
        key: Item,
        before: Option<Item>,
        after: Option<Item>,
    ) -> Self {
        Self {
            time: now(),
            connection: JournalConnection::from(connection),
            table: table.to_owned(),
            key,
            operation: operation(&planned.plan).to_owned(),
            request: request_preview(&planned.plan),
            before,
            after,
            pending: false,
            passed_over: false,
            id: None,
            reverts: planned.reverts.clone(),
            batch: None,
            adjusts: planned.adjusts.clone(),
        }
    }

    /// The entry as one JSON object (written on one line).
    #[must_use]
    pub fn to_json(&self) -> Value {
        let image = |item: &Option<Item>| item.as_ref().map_or(Value::Null, item_to_json);
        let text = |value: &Option<String>| value.clone().map_or(Value::Null, Value::String);
        let mut entry = json!({
            "time": self.time,
            "connection": {
                "kind": self.connection.kind,
                "profile": text(&self.connection.profile),
                "region": text(&self.connection.region),
                "endpoint": text(&self.connection.endpoint),
            },
            "table": self.table,
            "key": item_to_json(&self.key),
            "operation": self.operation,
            "request": self.request,
            "before": image(&self.before),
            "after": image(&self.after),
            "reverts": text(&self.reverts),
            "batch": text(&self.batch),
        });
        if !self.adjusts.is_empty() {
            entry["adjusts"] = adjusts_json(&self.adjusts);
        }
        entry
    }

    /// Reads an entry back; `None` for a line that is not one (a damaged line is skipped).
    #[must_use]
    pub fn from_json(value: &Value) -> Option<Self> {
        let object: &Map<String, Value> = value.as_object()?;
        let string = |field: &str| object.get(field)?.as_str().map(str::to_owned);
        let image = |field: &str| -> Option<Option<Item>> {
            match object.get(field)? {
                Value::Null => Some(None),
                other => item_from_json(other).ok().map(Some),
            }
        };
        let connection = object.get("connection")?.as_object()?;
        let optional = |field: &str| {
            connection
                .get(field)
                .and_then(Value::as_str)
                .map(str::to_owned)
        };
        Some(Self {
            time: string("time")?,
            connection: JournalConnection {
                kind: optional("kind").unwrap_or_default(),
                profile: optional("profile"),
                region: optional("region"),
                endpoint: optional("endpoint"),
            },
            table: string("table")?,
            key: item_from_json(object.get("key")?).ok()?,
            operation: string("operation")?,
            request: string("request")?,
            before: image("before")?,
            after: image("after")?,
            pending: false,
            passed_over: false,
            id: string("id"),
            reverts: string("reverts"),
            batch: string("batch"),
            adjusts: adjusts_from_json(object.get("adjusts"))?,
        })
    }
}

/// An adjustment as the journal writes it: the path as typed and the numbers with every digit.
fn adjusts_json(adjusts: &[Adjustment]) -> Value {
    let number =
        |value: &Option<Number>| value.as_ref().map_or(Value::Null, |n| json!(n.to_string()));
    adjusts
        .iter()
        .map(|adjust| {
            json!({
                "path": display_path(&adjust.path),
                "by": adjust.by.to_string(),
                "at_least": number(&adjust.at_least),
                "at_most": number(&adjust.at_most),
            })
        })
        .collect()
}

/// Reads [`adjusts_json`] back (absent in entries of other writes, and of older versions);
/// `None` when it is there but damaged, so the entry is skipped rather than undone wrongly.
fn adjusts_from_json(value: Option<&Value>) -> Option<Vec<Adjustment>> {
    let Some(value) = value.filter(|value| !value.is_null()) else {
        return Some(Vec::new());
    };
    let number = |value: Option<&Value>| -> Option<Option<Number>> {
        match value {
            None | Some(Value::Null) => Some(None),
            Some(text) => Number::parse(text.as_str()?).ok().map(Some),
        }
    };
    value
        .as_array()?
        .iter()
        .map(|adjust| {
            Some(Adjustment {
                path: parse_path(adjust.get("path")?.as_str()?).ok()?,
                by: Number::parse(adjust.get("by")?.as_str()?).ok()?,
                at_least: number(adjust.get("at_least"))?,
                at_most: number(adjust.get("at_most"))?,
            })
        })
        .collect()
}
