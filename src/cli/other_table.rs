//! What `copy` and `diff` share about the other table: its connection (this one or another),
//! and the rewrite of key prefixes that maps a source key to the other table's.

use std::sync::Arc;

use crate::backend::Backend;
use crate::backend::aws::AwsOptions;
use crate::cli::args::{GlobalOptions, OtherConnectionArgs};
use crate::cli::error::CliError;
use crate::connect::{Load, Source};
use crate::domain::schema::TableDescription;
use crate::domain::value::{AttrValue, Item};

/// One `--rewrite-prefix OLD=NEW`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rewrite {
    pub old: String,
    pub new: String,
}

/// Parses every `--rewrite-prefix`.
pub fn parse_rewrites(texts: &[String]) -> Result<Vec<Rewrite>, CliError> {
    texts
        .iter()
        .map(|text| match text.split_once('=') {
            Some((old, new)) if !old.is_empty() => Ok(Rewrite {
                old: old.to_owned(),
                new: new.to_owned(),
            }),
            _ => Err(CliError::usage(format!(
                "--rewrite-prefix {text:?}: expected OLD=NEW with a non-empty OLD, e.g. --rewrite-prefix TENANT#prod=TENANT#dev"
            ))),
        })
        .collect()
}

/// `item` with every string key attribute of the target (table and index keys) that starts
/// with a rewrite's OLD starting with its NEW instead; the first matching rewrite applies.
#[must_use]
pub fn rewrite_keys(item: &Item, target: &TableDescription, rewrites: &[Rewrite]) -> Item {
    if rewrites.is_empty() {
        return item.clone();
    }
    let mut names: Vec<&str> = target.key.names().collect();
    for index in &target.indexes {
        names.extend(index.key.names());
    }
    let mut rewritten = item.clone();
    for name in names {
        let Some(AttrValue::S(text)) = rewritten.get(name) else {
            continue;
        };
        let value = rewrite_text(text, rewrites);
        rewritten.insert(name.to_owned(), AttrValue::S(value));
    }
    rewritten
}

/// `text` starting with the first matching rewrite's NEW instead of its OLD (unchanged when no
/// rewrite matches).
#[must_use]
pub fn rewrite_text(text: &str, rewrites: &[Rewrite]) -> String {
    match rewrites.iter().find(|r| text.starts_with(r.old.as_str())) {
        Some(rewrite) => format!("{}{}", rewrite.new, &text[rewrite.old.len()..]),
        None => text.to_owned(),
    }
}

/// The other side's backend: the source's own when no option names another connection, else
/// one with the source's options where the other's are not given (read-only when it is).
pub async fn other_backend(
    source: &Arc<dyn Backend>,
    global: &GlobalOptions,
    other: &OtherConnectionArgs,
) -> Result<Arc<dyn Backend>, CliError> {
    if other.is_source() {
        return Ok(Arc::clone(source));
    }
    crate::cli::endpoint::check_endpoint_url(other.to_endpoint_url.as_deref())?;
    let options = AwsOptions {
        profile: other.to_profile.clone().or_else(|| global.profile.clone()),
        region: other.to_region.clone().or_else(|| global.region.clone()),
        endpoint_url: other
            .to_endpoint_url
            .clone()
            .or_else(|| global.endpoint_url.clone()),
    };
    let source = Source::Aws {
        options,
        timeout: std::time::Duration::from_secs_f64(global.timeout),
    };
    let opened = crate::connect::open(source, Load::Whole, global.read_only).await?;
    crate::cli::note_retries(opened.backend.as_ref());
    Ok(opened.backend)
}
