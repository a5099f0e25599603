//! The settings an incident needs to see at a glance: capacity and its limits, protection and
//! recovery, replication, and each GSI's own state. [`TableSettings`] comes with DescribeTable;
//! [`TableExtras`] needs one more call each and is read only when asked for, each value on its
//! own, so a principal not allowed one call still sees the others.

/// Read and write units: provisioned capacity units, or an on-demand maximum in request units
/// (`None` where the service reports none, which for a maximum means "no maximum").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Throughput {
    pub read: Option<i64>,
    pub write: Option<i64>,
}

/// Warm throughput: the reads and writes a second the table or index can take at once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WarmThroughput {
    pub read_per_second: Option<i64>,
    pub write_per_second: Option<i64>,
    /// `ACTIVE`, `UPDATING`, …
    pub status: Option<String>,
}

/// One Region the table is replicated to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replica {
    pub region: String,
    /// `ACTIVE`, `CREATING`, `UPDATING`, …
    pub status: Option<String>,
}

/// A GSI's own state and throughput.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IndexSettings {
    pub name: String,
    pub status: Option<String>,
    /// True while the service reads the table into a new index. The service gives no
    /// percentage; the index's item count against the table's is the only figure there is.
    pub backfilling: bool,
    pub provisioned: Option<Throughput>,
    pub on_demand_maximum: Option<Throughput>,
    pub warm: Option<WarmThroughput>,
}

/// Whether a global table's replicas agree at once (`STRONG`) or eventually (`EVENTUAL`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Consistency {
    Eventual,
    Strong,
}

/// What DescribeTable says beyond the key schema and indexes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableSettings {
    pub provisioned: Option<Throughput>,
    pub on_demand_maximum: Option<Throughput>,
    pub warm: Option<WarmThroughput>,
    pub deletion_protection: Option<bool>,
    /// `STANDARD` or `STANDARD_INFREQUENT_ACCESS`; `None` when not reported (STANDARD).
    pub table_class: Option<String>,
    pub replicas: Vec<Replica>,
    /// `None` for a table in one Region, or when the service does not say.
    pub consistency: Option<Consistency>,
    pub indexes: Vec<IndexSettings>,
}

impl TableSettings {
    #[must_use]
    pub fn index(&self, name: &str) -> Option<&IndexSettings> {
        self.indexes.iter().find(|index| index.name == name)
    }
}

/// What a write's version condition means for a table replicated to several Regions.
#[must_use]
pub fn consistency_note(consistency: Consistency) -> &'static str {
    match consistency {
        Consistency::Eventual => {
            "multi-Region eventual consistency: a version condition is checked in this Region only, so a concurrent write in another Region can still win"
        }
        Consistency::Strong => {
            "multi-Region strong consistency: a write is checked against every Region's latest version"
        }
    }
}

/// A value that needs a call of its own, or why it could not be read (no permission, a server
/// without the operation). Not being readable is never an error of the overview.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Readable<T> {
    Read(T),
    /// The error code or reason, e.g. `AccessDeniedException`.
    NotReadable(String),
}

impl<T> Readable<T> {
    /// `"not readable (reason)"` or the value's own text.
    pub fn text(&self, show: impl FnOnce(&T) -> String) -> String {
        match self {
            Self::Read(value) => show(value),
            Self::NotReadable(reason) => format!("not readable ({reason})"),
        }
    }
}

/// Point-in-time recovery, from DescribeContinuousBackups.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recovery {
    /// `ENABLED` or `DISABLED`.
    pub status: String,
    /// How many days back a restore can reach (1 to 35).
    pub period_days: Option<i32>,
    /// RFC 3339, when reported.
    pub earliest: Option<String>,
    pub latest: Option<String>,
}

/// Time to live, from DescribeTimeToLive; `None` inside when no attribute was ever set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ttl {
    pub attribute: Option<String>,
    /// `ENABLED`, `ENABLING`, `DISABLING`, `DISABLED`.
    pub status: String,
}

/// The values that need a call each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableExtras {
    pub recovery: Readable<Recovery>,
    pub ttl: Readable<Ttl>,
    /// Whether a resource-based policy is attached (GetResourcePolicy).
    pub resource_policy: Readable<bool>,
    /// DescribeContributorInsights' status for the table: `ENABLED`, `DISABLED`, …
    pub contributor_insights: Readable<String>,
    /// The same for each global index, in the table's order: an index is watched (and billed)
    /// apart from its table, and a hot index key is most often where throttling starts.
    pub index_contributor_insights: Vec<(String, Readable<String>)>,
}

impl TableExtras {
    /// The TTL attribute while TTL is enabled: only then is an expired item one TTL deletes.
    #[must_use]
    pub fn enabled_ttl_attribute(&self) -> Option<&str> {
        match &self.ttl {
            Readable::Read(ttl) if ttl.status == "ENABLED" => ttl.attribute.as_deref(),
            _ => None,
        }
    }

    /// Every value not readable for the same reason: a backend that keeps none of them.
    #[must_use]
    pub fn none_readable(reason: &str) -> Self {
        Self {
            recovery: Readable::NotReadable(reason.to_owned()),
            ttl: Readable::NotReadable(reason.to_owned()),
            resource_policy: Readable::NotReadable(reason.to_owned()),
            contributor_insights: Readable::NotReadable(reason.to_owned()),
            index_contributor_insights: Vec::new(),
        }
    }
}

/// `PITR enabled, 35-day window (2026-11-01T00:00:00Z … 2026-12-01T09:00:00Z)`.
#[must_use]
pub fn recovery_text(recovery: &Recovery) -> String {
    let mut text = recovery.status.to_ascii_lowercase();
    if let Some(days) = recovery.period_days {
        text.push_str(&format!(", {days}-day recovery window"));
    }
    match (&recovery.earliest, &recovery.latest) {
        (Some(earliest), Some(latest)) => text.push_str(&format!(" ({earliest} … {latest})")),
        (Some(earliest), None) => text.push_str(&format!(" (from {earliest})")),
        _ => {}
    }
    text
}

/// `reads 4,000 · writes 1,000`; a missing figure as `none`.
#[must_use]
pub fn throughput_text(throughput: &Throughput) -> String {
    let figure = |value: Option<i64>| match value {
        // The service reports -1 for "no maximum".
        Some(value) if value >= 0 => crate::domain::figures::count(value.unsigned_abs()),
        _ => "none".to_owned(),
    };
    format!(
        "reads {} · writes {}",
        figure(throughput.read),
        figure(throughput.write)
    )
}

/// `12,000 reads/s · 4,000 writes/s (ACTIVE)`.
#[must_use]
pub fn warm_text(warm: &WarmThroughput) -> String {
    let figure = |value: Option<i64>| {
        value.map_or_else(
            || "?".to_owned(),
            |value| crate::domain::figures::count(value.unsigned_abs()),
        )
    };
    let mut text = format!(
        "{} reads/s · {} writes/s",
        figure(warm.read_per_second),
        figure(warm.write_per_second)
    );
    if let Some(status) = &warm.status {
        text.push_str(&format!(" ({status})"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unreadable_value_says_so_with_its_reason() {
        let value: Readable<bool> = Readable::NotReadable("AccessDeniedException".into());
        assert_eq!(
            value.text(|_| "x".into()),
            "not readable (AccessDeniedException)"
        );
        assert_eq!(Readable::Read(true).text(|on| on.to_string()), "true");
    }

    #[test]
    fn figures_read_as_people_write_them() {
        let throughput = Throughput {
            read: Some(4000),
            write: Some(-1),
        };
        assert_eq!(throughput_text(&throughput), "reads 4,000 · writes none");
        let recovery = Recovery {
            status: "ENABLED".into(),
            period_days: Some(35),
            earliest: Some("2026-10-27T00:00:00Z".into()),
            latest: Some("2026-12-01T09:00:00Z".into()),
        };
        assert_eq!(
            recovery_text(&recovery),
            "enabled, 35-day recovery window (2026-10-27T00:00:00Z … 2026-12-01T09:00:00Z)"
        );
        assert!(consistency_note(Consistency::Eventual).contains("another Region can still win"));
    }
}
