//! Copying a scope to another table: the target's connection, and the key rewrite.

use std::sync::Arc;

use crate::backend::Backend;
use crate::backend::aws::AwsOptions;
use crate::cli::args::GlobalOptions;
use crate::cli::args::bulk::CopyArgs;
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
        if let Some(rewrite) = rewrites.iter().find(|r| text.starts_with(r.old.as_str())) {
            let value = format!("{}{}", rewrite.new, &text[rewrite.old.len()..]);
            rewritten.insert(name.to_owned(), AttrValue::S(value));
        }
    }
    rewritten
}

/// The target's backend: the source's own when no `--to-*` connection option is given.
pub async fn target_backend(
    source: &Arc<dyn Backend>,
    global: &GlobalOptions,
    args: &CopyArgs,
) -> Result<Arc<dyn Backend>, CliError> {
    let other = OtherConnection {
        endpoint_url: args.to_endpoint_url.clone(),
        region: args.to_region.clone(),
        profile: args.to_profile.clone(),
    };
    other_backend(source, global, &other).await
}

/// The `--to-endpoint-url`, `--to-region` and `--to-profile` of a command with two sides.
pub struct OtherConnection {
    pub endpoint_url: Option<String>,
    pub region: Option<String>,
    pub profile: Option<String>,
}

/// The other side's backend: the source's own when no option names another connection, else
/// one with the source's options where the other's are not given (read-only when it is).
pub async fn other_backend(
    source: &Arc<dyn Backend>,
    global: &GlobalOptions,
    other: &OtherConnection,
) -> Result<Arc<dyn Backend>, CliError> {
    if other.endpoint_url.is_none() && other.region.is_none() && other.profile.is_none() {
        return Ok(Arc::clone(source));
    }
    crate::cli::endpoint::check_endpoint_url(other.endpoint_url.as_deref())?;
    let options = AwsOptions {
        profile: other.profile.clone().or_else(|| global.profile.clone()),
        region: other.region.clone().or_else(|| global.region.clone()),
        endpoint_url: other
            .endpoint_url
            .clone()
            .or_else(|| global.endpoint_url.clone()),
    };
    let source = Source::Aws {
        options,
        timeout: std::time::Duration::from_secs_f64(global.timeout),
    };
    let opened = crate::connect::open(source, Load::Whole, global.read_only).await?;
    Ok(opened.backend)
}
