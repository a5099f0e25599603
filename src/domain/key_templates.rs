//! A model-file field that holds one key template or a list of them, one per attribute of a
//! multi-attribute key (`pk = "USER#{id}"` or `pk = ["{status}", "{region}"]`). Each listed
//! template keeps its own place in the file, so an error inside it points at it.

use std::fmt;
use std::ops::Range;

use serde::de::{Deserialize, Deserializer, SeqAccess, Visitor};
use toml::Spanned;

/// One template, or one per key attribute in key order.
#[derive(Debug)]
pub(super) enum Templates {
    One(String),
    Many(Vec<Spanned<String>>),
}

impl Templates {
    /// Each template with its place in the file; `span` is the whole field's.
    pub(super) fn spanned(&self, span: &Range<usize>) -> Vec<Spanned<String>> {
        match self {
            Self::One(text) => vec![Spanned::new(span.clone(), text.clone())],
            Self::Many(list) => list.clone(),
        }
    }
}

impl<'de> Deserialize<'de> for Templates {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(TemplatesVisitor)
    }
}

struct TemplatesVisitor;

impl<'de> Visitor<'de> for TemplatesVisitor {
    type Value = Templates;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a key template, or a list of one per key attribute")
    }

    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Templates, E> {
        Ok(Templates::One(text.to_owned()))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Templates, A::Error> {
        let mut list = Vec::new();
        while let Some(template) = seq.next_element::<Spanned<String>>()? {
            list.push(template);
        }
        Ok(Templates::Many(list))
    }
}
