//! `ddbx history --pk V [--sk V]`: one item's changes, newest first, from every shard of the
//! table's stream (read from TRIM_HORIZON within `--max-requests` GetRecords calls) and from
//! ddbx's journal for the key. Like every read it prints one change per line as JSON (`-o ddb`:
//! images as DynamoDB JSON); `-o table` prints each change for people, with its attribute diff.
//! How much was read goes to stderr.

use std::io::Write;

use serde_json::{Map, Value, json};

use super::args::{HistoryArgs, OutputFormat};
use super::error::{CliError, ignore_closed_pipe};
use super::note::note;
use super::output::escape::escape_json_for_terminal;
use super::plan::plan_get;
use crate::backend::Backend;
use crate::domain::change_diff::{AttributeChange, changed_names, diff};
use crate::domain::escape::escape_for_terminal;
use crate::domain::item_history::{Change, STREAM_WHO, Source};
use crate::domain::schema::TableDescription;
use crate::domain::value::{AttrValue, Item};
use crate::item_history::{HistoryRequest, summary};

pub async fn run(
    backend: &dyn Backend,
    table: &TableDescription,
    args: &HistoryArgs,
    format: OutputFormat,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let key = plan_get(table, &args.key)?.key;
    let stream_arn = table
        .stream
        .as_ref()
        .filter(|stream| stream.enabled)
        .and_then(|stream| stream.latest_arn.clone());
    let request = HistoryRequest {
        table: table.name.clone(),
        key,
        key_schema: table.key.clone(),
        stream_arn,
        journal: crate::journal::Journal::default_path(),
        max_requests: args.max_requests,
    };
    let history = crate::item_history::read(backend, &request).await;
    for line in summary::lines(&history) {
        note(&format!("ddbx: {line}"));
    }
    for change in &history.changes {
        let text = match format {
            OutputFormat::Table => text(change),
            OutputFormat::Json | OutputFormat::Ddb => {
                escape_json_for_terminal(json_line(change, format))
            }
        };
        ignore_closed_pipe(writeln!(out, "{text}"))?;
    }
    ignore_closed_pipe(out.flush())
}

/// One change as one JSON object: when, what, the source and what it knows, both images.
fn json_line(change: &Change, format: OutputFormat) -> String {
    let image = |item: &Option<Item>| {
        item.as_ref().map_or(Value::Null, |item| match format {
            OutputFormat::Ddb => crate::domain::ddb_json::item_to_json(item),
            _ => crate::domain::plain_json::item_to_plain_json(item),
        })
    };
    let mut object = Map::new();
    object.insert("time".to_owned(), json!(change.at.map(|at| at.to_string())));
    object.insert("event".to_owned(), json!(change.kind().name()));
    match &change.source {
        Source::Stream { sequence, .. } => {
            object.insert("source".to_owned(), json!("stream"));
            object.insert("sequence".to_owned(), json!(sequence));
            object.insert("who".to_owned(), json!(STREAM_WHO));
        }
        Source::Journal(facts) => {
            object.insert("source".to_owned(), json!("ddbx-journal"));
            object.insert("who".to_owned(), json!("ddbx (this machine's journal)"));
            object.insert("operation".to_owned(), json!(facts.operation));
            object.insert("request".to_owned(), json!(facts.request));
            object.insert("connection".to_owned(), json!(facts.connection));
            object.insert("pending".to_owned(), json!(facts.pending));
            object.insert("reverts".to_owned(), json!(facts.reverts));
            object.insert("batch".to_owned(), json!(facts.batch));
            object.insert("in_stream".to_owned(), json!(change.in_stream));
        }
    }
    object.insert(
        "changed".to_owned(),
        json!(changed_names(change.old.as_ref(), change.new.as_ref())),
    );
    object.insert("old".to_owned(), image(&change.old));
    object.insert("new".to_owned(), image(&change.new));
    Value::Object(object).to_string()
}

/// One change for people: a heading, then each changed attribute (`~ name old → new`).
fn text(change: &Change) -> String {
    let when = change
        .at
        .map_or_else(|| "time unknown".to_owned(), |at| at.to_string());
    let source = match &change.source {
        Source::Stream { sequence, .. } => format!("stream · sequence {sequence} · {STREAM_WHO}"),
        Source::Journal(facts) => {
            let mut text = format!("ddbx journal · {} · {}", facts.operation, facts.connection);
            if facts.pending {
                text.push_str(" · pending (no outcome journaled)");
            }
            if let Some(reverts) = &facts.reverts {
                text.push_str(&format!(" · undo of {reverts}"));
            }
            if let Some(batch) = &facts.batch {
                text.push_str(&format!(" · bulk run {batch}"));
            }
            text
        }
    };
    let mut lines = vec![format!("{when}  {:<6}  {source}", change.kind().name())];
    let value = |value: &AttrValue| crate::domain::plain_json::to_plain_json(value).to_string();
    for (name, attribute) in diff(change.old.as_ref(), change.new.as_ref()) {
        let line = match attribute {
            AttributeChange::Added(new) => format!("  + {name} {}", value(new)),
            AttributeChange::Removed(old) => format!("  - {name} {}", value(old)),
            AttributeChange::Changed { old, new } => {
                format!("  ~ {name} {} → {}", value(old), value(new))
            }
            AttributeChange::Same(_) => continue,
        };
        lines.push(line);
    }
    lines
        .iter()
        .map(|line| escape_for_terminal(line).into_owned())
        .collect::<Vec<_>>()
        .join("\n")
}
