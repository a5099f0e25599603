//! The explanation as text for a ticket (the default and `-o table`) or as one JSON object
//! (`-o json`, `-o ddb`); every table string escaped before it reaches the terminal.

use std::io::Write;

use serde_json::{Value, json};

use crate::backend::QueryRequest;
use crate::cli::args::OutputFormat;
use crate::cli::error::{CliError, ignore_closed_pipe};
use crate::cli::output::escape::escape_json_for_terminal;
use crate::domain::escape::escape_for_terminal;
use crate::domain::schema::TableDescription;
use crate::domain::value::Item;
use crate::domain::why::report::{query_expressions, report_lines};
use crate::domain::why::{Step, summary};

pub struct Report<'a> {
    pub table: &'a TableDescription,
    pub key: &'a Item,
    pub request: &'a QueryRequest,
    pub steps: &'a [Step],
}

/// Text unless `-o json` or `-o ddb` was asked for: an explanation is read by people first.
pub fn write(
    report: &Report<'_>,
    format: Option<OutputFormat>,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let text = match format {
        None | Some(OutputFormat::Table) => text(report),
        Some(OutputFormat::Json | OutputFormat::Ddb) => {
            escape_json_for_terminal(json(report).to_string()) + "\n"
        }
    };
    ignore_closed_pipe(out.write_all(text.as_bytes()).and_then(|()| out.flush()))
}

fn text(report: &Report<'_>) -> String {
    let mut out = String::new();
    for line in report_lines(report.table, report.key, report.request, report.steps) {
        out.push_str(&escape_for_terminal(&line));
        out.push('\n');
    }
    out
}

fn json(report: &Report<'_>) -> Value {
    let (key_condition, filter) = query_expressions(report.request);
    let steps: Vec<Value> = report
        .steps
        .iter()
        .map(|step| {
            json!({
                "check": step.check.name(),
                "verdict": step.verdict.name(),
                "lines": step.lines,
                "relied_on": step.relied_on,
            })
        })
        .collect();
    json!({
        "item": crate::domain::ddb_json::item_to_json(report.key),
        "query": {
            "table": report.request.table,
            "index": report.request.index,
            "key_condition": key_condition,
            "filter": filter,
            "limit": report.request.limit,
            "forward": report.request.forward,
        },
        "summary": summary(report.steps),
        "steps": steps,
    })
}
