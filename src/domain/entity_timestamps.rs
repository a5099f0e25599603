//! The attributes a library stamps an entity's items with when they are created and last
//! modified (dynamodb-toolbox's `_ct` and `_md`), as its model declares them. The inspector names
//! them for what they are and the one-line summaries read them with the other state-like
//! attributes, instead of leaving them as two cryptic names among the rest.

/// What a timestamp attribute records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimestampRole {
    Created,
    Modified,
}

impl TimestampRole {
    /// How the inspector says it.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::Created => "when the item was created",
            Self::Modified => "when the item was last modified",
        }
    }
}

/// The attribute names (as saved in items) of an entity's timestamps; `None` when the entity
/// keeps no such timestamp.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EntityTimestamps {
    pub created: Option<String>,
    pub modified: Option<String>,
}

impl EntityTimestamps {
    /// What the attribute `name` records, if it is one of these timestamps.
    #[must_use]
    pub fn role_of(&self, name: &str) -> Option<TimestampRole> {
        if self.modified.as_deref() == Some(name) {
            Some(TimestampRole::Modified)
        } else if self.created.as_deref() == Some(name) {
            Some(TimestampRole::Created)
        } else {
            None
        }
    }

    /// The timestamps with their roles, modified first (the fresher fact leads a summary).
    pub fn named(&self) -> impl Iterator<Item = (&str, TimestampRole)> {
        let modified = self
            .modified
            .as_deref()
            .map(|name| (name, TimestampRole::Modified));
        let created = self
            .created
            .as_deref()
            .map(|name| (name, TimestampRole::Created));
        modified.into_iter().chain(created)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_known_by_its_role_and_others_are_not() {
        let stamps = EntityTimestamps {
            created: Some("_ct".into()),
            modified: Some("_md".into()),
        };
        assert_eq!(stamps.role_of("_ct"), Some(TimestampRole::Created));
        assert_eq!(stamps.role_of("_md"), Some(TimestampRole::Modified));
        assert_eq!(stamps.role_of("created"), None);
        assert_eq!(
            stamps.named().collect::<Vec<_>>(),
            [
                ("_md", TimestampRole::Modified),
                ("_ct", TimestampRole::Created)
            ]
        );
        assert_eq!(EntityTimestamps::default().named().count(), 0);
    }
}
