//! Query, Scan and ExecuteStatement response bodies decoded straight into domain items.
//!
//! The SDK's own path parses the body into a `HashMap<String, AttributeValue>` per item and then
//! [`super::items_from_sdk`] walks those maps again; reading the body once, into the items ddbx
//! keeps, does half the work and touches half the memory.
//!
//! This decoder is only a fast path. Whatever it does not accept (an unknown type, an invalid
//! number, bad base64, a value with two types, JSON nested past serde_json's limit) makes it give
//! up, and the caller hands the untouched body to the SDK, whose answer and errors stay the
//! reference. So it never needs to say *where* a body is wrong, only *whether* it can read it.
//!
//! The items are read by a scanner written for DynamoDB JSON (see `scanner` and `values`): a
//! general JSON visitor spent most of a page's time on work this shape does not need. The page's
//! other members come once per page and are left to serde_json.

mod capacity;
#[cfg(test)]
mod oracle_tests;
mod scanner;
#[cfg(test)]
mod serde_oracle;
mod strings;
mod values;

use serde::de::{self, DeserializeOwned, IgnoredAny};

use self::capacity::WireCapacity;
use self::scanner::{Declined, Scanner};
use crate::backend::Page;
// The unit tests name the domain types through `super::*`, as they did when this file held them.
#[cfg(test)]
use crate::domain::{
    number::Number,
    value::{AttrValue, Item},
};

/// A page of items as a response body carries it: a [`Page`], and the `NextToken` an
/// ExecuteStatement answer pages with instead of `LastEvaluatedKey`.
#[derive(Debug, Default, PartialEq)]
pub struct BodyPage {
    pub page: Page,
    pub next_token: Option<String>,
}

/// A Query or Scan response body (`Items`, `LastEvaluatedKey`, `Count`, `ScannedCount`,
/// `ConsumedCapacity`) as a [`Page`]; unknown members are skipped, as the SDK skips them.
pub fn page_from_body(body: &[u8]) -> Result<Page, serde_json::Error> {
    body_page(body).map(|read| read.page)
}

/// A Query, Scan or ExecuteStatement response body.
pub fn body_page(body: &[u8]) -> Result<BodyPage, serde_json::Error> {
    // One UTF-8 check of the whole body is several times cheaper than one per string, and lets
    // every string be borrowed from the body as it is.
    let text = std::str::from_utf8(body).map_err(de::Error::custom)?;
    let mut scanner = Scanner::new(text);
    let page = read_page(&mut scanner)
        .and_then(|page| scanner.end().map(|()| page))
        .map_err(|Declined| de::Error::custom("a body for the SDK to read"))?;
    Ok(page)
}

fn read_page(scanner: &mut Scanner<'_>) -> Result<BodyPage, Declined> {
    let mut page = Page::default();
    let mut next_token = None;
    scanner.object(|scanner, name| {
        match &*name {
            "Items" => {
                // DynamoDB writes `Count` first; when it has, the page is sized once.
                let expected = usize::try_from(page.count).unwrap_or(0);
                page.items = values::items(scanner, expected)?;
            }
            "LastEvaluatedKey" => page.last_evaluated_key = Some(values::item(scanner)?),
            "Count" => page.count = by_serde(scanner)?,
            "ScannedCount" => page.scanned_count = by_serde(scanner)?,
            "ConsumedCapacity" => {
                page.consumed = Some(by_serde::<WireCapacity>(scanner)?.into_domain());
            }
            "NextToken" => next_token = Some(by_serde(scanner)?),
            // Members newer than this code are skipped, as the SDK skips them.
            _ => {
                by_serde::<IgnoredAny>(scanner)?;
            }
        }
        Ok(())
    })?;
    Ok(BodyPage { page, next_token })
}

/// A member read once per page, by serde_json: the same reading the serde-based decoder had.
fn by_serde<T: DeserializeOwned>(scanner: &mut Scanner<'_>) -> Result<T, Declined> {
    serde_json::from_str(scanner.raw_value()?).map_err(|_| Declined)
}

#[cfg(test)]
#[path = "response_body_tests.rs"]
mod tests;
