//! `ddbx describe --grammars`: the key grammars the scan found and their share of the items, the
//! line the overview shows, as text or as a `Grammars` member of the JSON description.

use serde_json::{Value, json};

use crate::domain::escape::escape_for_terminal;
use crate::domain::grammar::Grammar;
use crate::domain::grammar_census::GrammarCensus;
use crate::domain::grammar_census::text::shares_text;

/// How keys no grammar reads are named, as in the overview.
const UNSTRUCTURED: &str = "unstructured keys";

/// `grammars  ElectroDB 100% (of 364 items scanned)`, aligned with the other describe lines.
#[must_use]
pub fn grammars_line(census: &GrammarCensus) -> String {
    format!(
        "{:<10} {}\n",
        "grammars",
        escape_for_terminal(&shares_text(census))
    )
}

/// `{"ItemsScanned": 364, "Shares": [{"Grammar": "ElectroDB", "Share": 1.0}]}`, largest first.
#[must_use]
pub fn grammars_json(census: &GrammarCensus) -> Value {
    let shares: Vec<Value> = census
        .shares()
        .into_iter()
        .map(|(grammar, share)| {
            json!({"Grammar": grammar.map_or(UNSTRUCTURED, Grammar::name), "Share": share})
        })
        .collect();
    json!({"ItemsScanned": census.total(), "Shares": shares})
}
