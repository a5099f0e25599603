//! A condition of a PartiQL WHERE, as read, and how it reads in DynamoDB's expression syntax.

/// A condition of WHERE, with names and values already placeholders in `params`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Cond {
    And(Vec<Cond>),
    Or(Vec<Cond>),
    /// `name op value` with the name's placeholder, the operator and the value's placeholder.
    Compare {
        name: String,
        op: &'static str,
        value: String,
    },
    Between {
        name: String,
        low: String,
        high: String,
    },
    In {
        name: String,
        values: Vec<String>,
    },
    BeginsWith {
        name: String,
        prefix: String,
    },
}

impl Cond {
    /// The conditions joined by a top-level AND, one by one.
    pub(super) fn into_conjuncts(self) -> Vec<Cond> {
        match self {
            Cond::And(parts) => parts,
            other => vec![other],
        }
    }

    /// The placeholder of the one attribute this condition tests, for a condition that is not
    /// an AND or OR of others.
    pub(super) fn attribute(&self) -> Option<&str> {
        match self {
            Cond::Compare { name, .. }
            | Cond::Between { name, .. }
            | Cond::BeginsWith { name, .. }
            | Cond::In { name, .. } => Some(name),
            Cond::And(_) | Cond::Or(_) => None,
        }
    }

    /// The value placeholders of a condition that is not an AND or OR of others.
    pub(super) fn values(&self) -> Vec<&str> {
        match self {
            Cond::Compare { value, .. } => vec![value],
            Cond::Between { low, high, .. } => vec![low, high],
            Cond::In { values, .. } => values.iter().map(String::as_str).collect(),
            Cond::BeginsWith { prefix, .. } => vec![prefix],
            Cond::And(_) | Cond::Or(_) => Vec::new(),
        }
    }

    /// Whether any attribute this condition tests is `named`.
    pub(super) fn mentions(&self, named: &dyn Fn(&str) -> bool) -> bool {
        match self {
            Cond::And(parts) | Cond::Or(parts) => parts.iter().any(|part| part.mentions(named)),
            leaf => leaf.attribute().is_some_and(named),
        }
    }
}

/// The condition in DynamoDB's expression syntax.
pub(super) fn render(cond: &Cond) -> String {
    match cond {
        Cond::And(parts) if parts.len() == 1 => parts.first().map(render).unwrap_or_default(),
        Cond::And(parts) => join(parts, " AND "),
        Cond::Or(parts) => join(parts, " OR "),
        Cond::Compare { name, op, value } => format!("{name} {op} {value}"),
        Cond::Between { name, low, high } => format!("{name} BETWEEN {low} AND {high}"),
        Cond::In { name, values } => format!("{name} IN ({})", values.join(", ")),
        Cond::BeginsWith { name, prefix } => format!("begins_with({name}, {prefix})"),
    }
}

fn join(parts: &[Cond], with: &str) -> String {
    parts
        .iter()
        .map(|part| format!("({})", render(part)))
        .collect::<Vec<_>>()
        .join(with)
}
