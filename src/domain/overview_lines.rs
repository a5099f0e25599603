//! The incident part of a table's overview as labelled lines, shared by `ddbx describe -o table`
//! and the TUI's overview so both say the same thing in the same words. Values come unescaped;
//! whoever prints them escapes them for the terminal.

use super::figures::count;
use super::schema::{BillingMode, TableDescription};
use super::table_settings::{
    IndexSettings, TableExtras, TableSettings, consistency_note, recovery_text, throughput_text,
    warm_text,
};

/// One `label  value` line.
pub type Labelled = (&'static str, String);

fn capacity(table: &TableDescription) -> String {
    let settings = &table.settings;
    match table.billing_mode {
        Some(BillingMode::PayPerRequest) => settings.on_demand_maximum.as_ref().map_or_else(
            || "on-demand, no maximum set".to_owned(),
            |maximum| format!("on-demand maximum {}", throughput_text(maximum)),
        ),
        _ => settings.provisioned.as_ref().map_or_else(
            || "not reported".to_owned(),
            |provisioned| format!("provisioned {}", throughput_text(provisioned)),
        ),
    }
}

fn replicas(settings: &TableSettings) -> Vec<Labelled> {
    if settings.replicas.is_empty() {
        return vec![("replicas", "none (one Region)".to_owned())];
    }
    let regions = settings
        .replicas
        .iter()
        .map(|replica| match &replica.status {
            Some(status) => format!("{} ({status})", replica.region),
            None => replica.region.clone(),
        })
        .collect::<Vec<_>>()
        .join(", ");
    let mut lines = vec![("replicas", regions)];
    lines.extend(
        settings
            .consistency
            .map(|consistency| ("consistency", consistency_note(consistency).to_owned())),
    );
    lines
}

/// The lines DescribeTable alone answers.
#[must_use]
pub fn settings_lines(table: &TableDescription) -> Vec<Labelled> {
    let settings = &table.settings;
    let mut lines = vec![
        ("capacity", capacity(table)),
        (
            "warm",
            settings
                .warm
                .as_ref()
                .map_or_else(|| "not reported".to_owned(), warm_text),
        ),
        (
            "deletion",
            match settings.deletion_protection {
                Some(true) => "protected (deletion protection on)".to_owned(),
                Some(false) => "not protected (deletion protection off)".to_owned(),
                None => "not reported".to_owned(),
            },
        ),
        (
            "class",
            settings
                .table_class
                .clone()
                .unwrap_or_else(|| "STANDARD".to_owned()),
        ),
    ];
    lines.extend(replicas(settings));
    lines
}

/// The lines that need a call each; `None` while they are being read.
#[must_use]
pub fn extras_lines(extras: Option<&TableExtras>) -> Vec<Labelled> {
    let Some(extras) = extras else {
        return vec![(
            "recovery",
            "reading PITR, TTL, policy and contributor insights…".to_owned(),
        )];
    };
    vec![
        ("pitr", extras.recovery.text(recovery_text)),
        (
            "ttl",
            extras.ttl.text(|ttl| match &ttl.attribute {
                Some(attribute) => format!("{attribute} ({})", ttl.status),
                None => format!("not configured ({})", ttl.status),
            }),
        ),
        (
            "policy",
            extras.resource_policy.text(|attached| {
                if *attached {
                    "a resource-based policy is attached".to_owned()
                } else {
                    "no resource-based policy".to_owned()
                }
            }),
        ),
        ("insights", contributor_insights_text(extras)),
    ]
}

/// `contributor insights ENABLED; GSI1 DISABLED, GSI2 not readable (AccessDeniedException)`.
fn contributor_insights_text(extras: &TableExtras) -> String {
    let mut text = extras
        .contributor_insights
        .text(|status| format!("contributor insights {status}"));
    let indexes: Vec<String> = extras
        .index_contributor_insights
        .iter()
        .map(|(index, status)| format!("{index} {}", status.text(String::clone)))
        .collect();
    if !indexes.is_empty() {
        text.push_str("; ");
        text.push_str(&indexes.join(", "));
    }
    text
}

/// `ACTIVE · provisioned reads 5 · writes 5 · warm 12,000 reads/s · …`; a backfilling index
/// says how far it got in the only figures the service gives.
#[must_use]
pub fn index_line(
    index: &IndexSettings,
    item_count: Option<u64>,
    table_items: Option<u64>,
) -> String {
    let mut parts = vec![index.status.clone().unwrap_or_else(|| "?".to_owned())];
    if index.backfilling {
        let progress = match (item_count, table_items) {
            (Some(indexed), Some(total)) => format!(
                "backfilling: {} of the table's {} items so far (both refreshed about every 6 h; the service reports no percentage)",
                count(indexed),
                count(total)
            ),
            _ => "backfilling (the service reports no percentage)".to_owned(),
        };
        parts.push(progress);
    }
    // An on-demand index reports zero provisioned units; only real capacity is worth a word.
    if let Some(provisioned) = index.provisioned.as_ref().filter(|provisioned| {
        provisioned.read.is_some_and(|read| read > 0)
            || provisioned.write.is_some_and(|write| write > 0)
    }) {
        parts.push(format!("provisioned {}", throughput_text(provisioned)));
    }
    if let Some(maximum) = &index.on_demand_maximum {
        parts.push(format!("on-demand maximum {}", throughput_text(maximum)));
    }
    if let Some(warm) = &index.warm {
        parts.push(format!("warm {}", warm_text(warm)));
    }
    parts.join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::schema::{KeyAttribute, KeySchema};
    use crate::domain::table_settings::{
        Consistency, Readable, Recovery, Replica, Throughput, Ttl,
    };
    use crate::domain::value::ValueType;

    fn table() -> TableDescription {
        let key = KeySchema::new(KeyAttribute::new("PK", ValueType::S), None);
        TableDescription::new("Orders", key)
    }

    #[test]
    fn an_on_demand_global_table_says_its_maximum_and_what_a_version_condition_means() {
        let mut table = table();
        table.billing_mode = Some(BillingMode::PayPerRequest);
        table.settings.on_demand_maximum = Some(Throughput {
            read: Some(4000),
            write: Some(-1),
        });
        table.settings.replicas = vec![Replica {
            region: "eu-west-1".into(),
            status: Some("ACTIVE".into()),
        }];
        table.settings.consistency = Some(Consistency::Eventual);
        let lines = settings_lines(&table);
        assert!(lines.contains(&(
            "capacity",
            "on-demand maximum reads 4,000 · writes none".to_owned()
        )));
        assert!(lines.contains(&("replicas", "eu-west-1 (ACTIVE)".to_owned())));
        let consistency = lines
            .iter()
            .find(|(label, _)| *label == "consistency")
            .map(|(_, text)| text.as_str())
            .unwrap_or_default();
        assert!(
            consistency.contains("checked in this Region only")
                && consistency.contains("another Region can still win"),
            "{consistency}"
        );
    }

    #[test]
    fn a_value_without_permission_reads_not_readable_and_the_others_still_show() {
        let extras = TableExtras {
            recovery: Readable::Read(Recovery {
                status: "ENABLED".into(),
                period_days: Some(7),
                earliest: None,
                latest: None,
            }),
            ttl: Readable::Read(Ttl {
                attribute: Some("expiresAt".into()),
                status: "ENABLED".into(),
            }),
            resource_policy: Readable::NotReadable("AccessDeniedException".into()),
            contributor_insights: Readable::Read("DISABLED".into()),
            index_contributor_insights: vec![
                ("GSI1".into(), Readable::Read("ENABLED".into())),
                (
                    "GSI2".into(),
                    Readable::NotReadable("AccessDeniedException".into()),
                ),
            ],
        };
        let lines = extras_lines(Some(&extras));
        assert_eq!(
            lines,
            [
                ("pitr", "enabled, 7-day recovery window".to_owned()),
                ("ttl", "expiresAt (ENABLED)".to_owned()),
                ("policy", "not readable (AccessDeniedException)".to_owned()),
                (
                    "insights",
                    "contributor insights DISABLED; GSI1 ENABLED, GSI2 not readable (AccessDeniedException)"
                        .to_owned()
                ),
            ]
        );
    }

    #[test]
    fn a_backfilling_index_shows_the_only_progress_figures_there_are() {
        let index = IndexSettings {
            name: "GSI2".into(),
            status: Some("CREATING".into()),
            backfilling: true,
            ..IndexSettings::default()
        };
        assert_eq!(
            index_line(&index, Some(1200), Some(5000)),
            "CREATING · backfilling: 1,200 of the table's 5,000 items so far (both refreshed about every 6 h; the service reports no percentage)"
        );
    }
}
