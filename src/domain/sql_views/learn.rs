//! What the items read say about each entity, decoded as the terminal UI decodes them (the
//! model first, then a type attribute, then the key grammars): which items are its, as tests
//! SQL can make on one item (a key starting with a prefix, a type attribute's value); the
//! labelled key parts, as the part at a position of a key split on its separator; and each
//! attribute's type, with the decimals its numbers need. The tests are checked against the
//! items read: an item they would give to another entity's view (or to none) is counted.

use std::collections::{BTreeMap, BTreeSet};

use crate::domain::entity::{EntityClue, EntityDecoder, TYPE_ATTRIBUTES};
use crate::domain::schema::KeySchema;
use crate::domain::value::{AttrValue, Item};

/// Separators a key's first part ends at, for the prefix an entity's keys start with.
const SEPARATORS: [char; 4] = ['#', '|', ':', '/'];
/// Alternatives kept per entity before its exact-key tests are dropped (a key with no
/// separator, different on every item, would otherwise give one alternative per item).
const MAX_RULES: usize = 32;
/// DECIMAL's precision in both engines.
pub const PRECISION: u32 = 38;

/// One test on an item.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Test {
    /// The string attribute starts with the text.
    Starts { attribute: String, prefix: String },
    /// The string attribute is the text.
    Equals { attribute: String, value: String },
    /// No type attribute holds a non-empty string (a type attribute names the entity first).
    NoTypeAttribute,
}

/// Tests all of which an item of the entity passes.
pub type Rule = Vec<Test>;

/// A labelled key part: the `position`-th piece (0-based) of `attribute` split on `separator`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct KeyPartColumn {
    pub label: String,
    pub attribute: String,
    pub separator: char,
    pub position: usize,
}

/// How an attribute is typed in the view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    Text,
    /// DECIMAL(38, scale).
    Number {
        scale: u32,
    },
    /// Numbers that no one DECIMAL(38, s) holds exactly: kept as text.
    NumberText,
    Bool,
    TextSet,
    NumberSet {
        scale: u32,
    },
    /// Base64 text, as DynamoDB JSON writes it.
    Binary,
    BinarySet,
    /// A list or map (`L`, `M`) or NULL: its DynamoDB JSON.
    Json(&'static str),
    /// Several types: the attribute's whole DynamoDB JSON value.
    Mixed,
}

/// One entity's view.
#[derive(Clone, Debug)]
pub struct EntityView {
    pub name: String,
    /// Items read of it.
    pub count: u64,
    /// The alternatives an item of it passes (any one).
    pub rules: Vec<Rule>,
    pub key_parts: Vec<KeyPartColumn>,
    /// Every attribute but the table's keys, by name.
    pub attributes: BTreeMap<String, Column>,
}

/// Everything learned from the items read.
#[derive(Clone, Debug)]
pub struct Learned {
    pub key: KeySchema,
    pub entities: Vec<EntityView>,
    pub items: u64,
    /// Items read whose entity is unknown (no view holds them).
    pub unknown: u64,
    /// Items the views' tests would give to another view, or to none.
    pub misplaced: u64,
}

#[derive(Default)]
struct Draft {
    count: u64,
    rules: BTreeSet<Rule>,
    parts: BTreeMap<KeyPartColumn, u64>,
    types: BTreeMap<String, Seen>,
}

/// The types and decimals one attribute was seen with.
#[derive(Default)]
struct Seen {
    tags: BTreeSet<&'static str>,
    integer_digits: u32,
    scale: u32,
    exponent: bool,
}

/// Learns the entities of `items` under the table key `key`, decoded by `decoder`.
#[must_use]
pub fn learn(items: &[Item], key: &KeySchema, decoder: &EntityDecoder) -> Learned {
    let mut drafts: BTreeMap<String, Draft> = BTreeMap::new();
    let mut unknown = 0;
    for item in items {
        let clue = decoder.clue(item, key);
        let Some(name) = clue.name().map(std::borrow::Cow::into_owned) else {
            unknown += 1;
            continue;
        };
        let draft = drafts.entry(name).or_default();
        draft.count += 1;
        draft.rules.insert(rule_of(item, key, &clue, decoder));
        for part in key_part_columns(item, key, decoder) {
            *draft.parts.entry(part).or_default() += 1;
        }
        for (name, value) in item {
            if !key.names().any(|key_name| key_name == name) {
                draft.types.entry(name.clone()).or_default().add(value);
            }
        }
    }
    let entities: Vec<EntityView> = drafts.into_iter().map(finish).collect();
    let misplaced = items
        .iter()
        .filter(|item| misplaced(item, key, decoder, &entities))
        .count() as u64;
    Learned {
        key: key.clone(),
        entities,
        items: items.len() as u64,
        unknown,
        misplaced,
    }
}

fn finish((name, draft): (String, Draft)) -> EntityView {
    let mut rules: Vec<Rule> = draft.rules.into_iter().collect();
    if rules.len() > MAX_RULES {
        let loose: BTreeSet<Rule> = rules
            .into_iter()
            .map(|rule| {
                rule.into_iter()
                    .filter(|test| !matches!(test, Test::Equals { .. }))
                    .collect()
            })
            .collect();
        rules = loose.into_iter().collect();
    }
    // A part is a column when every item of the entity has it where the others have it.
    let key_parts = draft
        .parts
        .into_iter()
        .filter(|(_, seen)| *seen == draft.count)
        .map(|(part, _)| part)
        .collect();
    let attributes = draft
        .types
        .into_iter()
        .map(|(name, seen)| (name, seen.column()))
        .collect();
    EntityView {
        name,
        count: draft.count,
        rules,
        key_parts,
        attributes,
    }
}

/// The tests that single out the items decoded as `item` was.
fn rule_of(item: &Item, key: &KeySchema, clue: &EntityClue<'_>, decoder: &EntityDecoder) -> Rule {
    if let EntityClue::TypeAttribute { attribute, value } = clue {
        return vec![Test::Equals {
            attribute: (*attribute).to_owned(),
            value: (*value).to_owned(),
        }];
    }
    let model = decoder
        .model()
        .and_then(|model| model.match_item(item, key));
    let mut rule = Vec::new();
    if model.is_none() {
        rule.push(Test::NoTypeAttribute);
    }
    let sort = key.sort.as_ref().map(|sort| sort.name.as_str());
    for (attribute, template) in [
        (
            Some(key.partition.name.as_str()),
            model.and_then(|m| m.pk.as_ref()),
        ),
        (sort, model.and_then(|m| m.sk.as_ref())),
    ] {
        let Some(attribute) = attribute else { continue };
        let Some(value) = item.get(attribute).and_then(AttrValue::as_s) else {
            continue;
        };
        let test = match template {
            Some(template) => starts(attribute, template.literal_prefix()),
            None => key_test(attribute, value),
        };
        rule.extend(test);
    }
    rule
}

fn starts(attribute: &str, prefix: &str) -> Option<Test> {
    (!prefix.is_empty()).then(|| Test::Starts {
        attribute: attribute.to_owned(),
        prefix: prefix.to_owned(),
    })
}

/// A key's first part with its separator (`USER#`), or the whole key when it has none.
fn key_test(attribute: &str, value: &str) -> Option<Test> {
    match value.find(SEPARATORS) {
        Some(at) => starts(attribute, &value[..=at]),
        None => Some(Test::Equals {
            attribute: attribute.to_owned(),
            value: value.to_owned(),
        }),
    }
}

/// The labelled parts of `item`'s keys that are one piece of the key split on one separator.
fn key_part_columns(item: &Item, key: &KeySchema, decoder: &EntityDecoder) -> Vec<KeyPartColumn> {
    let parts = decoder.key_parts(item, key);
    let sort = key.sort.as_ref().map(|sort| sort.name.as_str());
    let mut columns = Vec::new();
    for (attribute, parts) in [
        (Some(key.partition.name.as_str()), &parts.pk),
        (sort, &parts.sk),
    ] {
        let Some(attribute) = attribute else { continue };
        let Some(value) = item.get(attribute).and_then(AttrValue::as_s) else {
            continue;
        };
        let Some(separator) = value.chars().find(|c| SEPARATORS.contains(c)) else {
            continue;
        };
        let pieces: Vec<&str> = value.split(separator).collect();
        if pieces.len() != parts.len() {
            continue;
        }
        for (position, (piece, part)) in pieces.iter().zip(parts).enumerate() {
            if let Some(label) = &part.label
                && *piece == part.value
            {
                columns.push(KeyPartColumn {
                    label: label.to_string(),
                    attribute: attribute.to_owned(),
                    separator,
                    position,
                });
            }
        }
    }
    columns
}

impl Seen {
    fn add(&mut self, value: &AttrValue) {
        let tag = tag(value);
        self.tags.insert(tag);
        match value {
            AttrValue::N(number) => self.number(&number.to_string()),
            AttrValue::Ns(numbers) => {
                for number in numbers {
                    self.number(&number.to_string());
                }
            }
            _ => {}
        }
    }

    fn number(&mut self, text: &str) {
        if text.contains(['e', 'E']) {
            self.exponent = true;
            return;
        }
        let digits = text.trim_start_matches('-');
        let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
        let whole = whole.trim_start_matches('0');
        self.integer_digits = self.integer_digits.max(whole.len() as u32);
        self.scale = self.scale.max(fraction.len() as u32);
    }

    fn fits(&self) -> bool {
        !self.exponent && self.integer_digits + self.scale <= PRECISION
    }

    fn column(&self) -> Column {
        let only = (self.tags.len() == 1)
            .then(|| self.tags.first().copied())
            .flatten();
        match only {
            Some("S") => Column::Text,
            Some("N") if self.fits() => Column::Number { scale: self.scale },
            Some("N") => Column::NumberText,
            Some("NS") if self.fits() => Column::NumberSet { scale: self.scale },
            Some("BOOL") => Column::Bool,
            Some("SS" | "NS") => Column::TextSet,
            Some("B") => Column::Binary,
            Some("BS") => Column::BinarySet,
            Some(tag @ ("L" | "M" | "NULL")) => Column::Json(tag),
            _ => Column::Mixed,
        }
    }
}

/// The DynamoDB JSON type tag of `value`.
#[must_use]
pub fn tag(value: &AttrValue) -> &'static str {
    match value {
        AttrValue::S(_) => "S",
        AttrValue::N(_) => "N",
        AttrValue::B(_) => "B",
        AttrValue::Bool(_) => "BOOL",
        AttrValue::Null => "NULL",
        AttrValue::Ss(_) => "SS",
        AttrValue::Ns(_) => "NS",
        AttrValue::Bs(_) => "BS",
        AttrValue::L(_) => "L",
        AttrValue::M(_) => "M",
    }
}

/// Whether the views' tests give `item` to a view other than its entity's, or to none.
fn misplaced(
    item: &Item,
    key: &KeySchema,
    decoder: &EntityDecoder,
    entities: &[EntityView],
) -> bool {
    let own = decoder
        .clue(item, key)
        .name()
        .map(std::borrow::Cow::into_owned);
    let holding: Vec<&str> = entities
        .iter()
        .filter(|entity| entity.rules.iter().any(|rule| passes(item, rule)))
        .map(|entity| entity.name.as_str())
        .collect();
    match own {
        Some(own) => holding != [own.as_str()],
        None => !holding.is_empty(),
    }
}

/// What the SQL of `rule` decides for `item`.
#[must_use]
pub fn passes(item: &Item, rule: &Rule) -> bool {
    let text = |name: &str| item.get(name).and_then(AttrValue::as_s);
    rule.iter().all(|test| match test {
        Test::Starts { attribute, prefix } => {
            text(attribute).is_some_and(|v| v.starts_with(prefix.as_str()))
        }
        Test::Equals { attribute, value } => text(attribute) == Some(value.as_str()),
        Test::NoTypeAttribute => TYPE_ATTRIBUTES
            .iter()
            .all(|name| text(name).is_none_or(str::is_empty)),
    })
}
