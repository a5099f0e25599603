//! list_tables and describe_table.

use ddbx::domain::schema::{BillingMode, IndexKind, Projection};
use ddbx::domain::value::ValueType;

use crate::deviations::Deviation;
use crate::setup::Harness;
use crate::support::tables::{IndexSpec, ProjectionSpec, TableSpec, create_table};
use crate::support::unique_table_name;

pub async fn list_tables_includes_every_created_table(h: &Harness) {
    // Created in the opposite of name order, so creation order and name order tell apart.
    let first = h.create("list-b", TableSpec::single_table("")).await;
    let second = h
        .create("list-a", TableSpec::new("", "id", ValueType::N))
        .await;
    let names = h.backend().list_tables().await.expect("list_tables");
    let position = |table: &String| {
        names
            .iter()
            .position(|name| name == table)
            .unwrap_or_else(|| panic!("{table} not listed in {names:?}"))
    };
    let (first_at, second_at) = (position(&first), position(&second));
    if Deviation::MotoListsTablesUnsorted.applies_to(h.server) {
        Deviation::MotoListsTablesUnsorted.note(h.server);
        assert!(
            first_at < second_at,
            "moto lists tables in creation order: {names:?}"
        );
    } else {
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(names, sorted, "ListTables returns names in ascending order");
        assert!(second_at < first_at, "{names:?}");
    }
    h.drop_table(&first).await;
    h.drop_table(&second).await;
}

/// ListTables returns at most 100 names per page; 101 tables of our own force a second page.
pub async fn list_tables_follows_every_page(h: &Harness) {
    let mut tasks = tokio::task::JoinSet::new();
    for _ in 0..101 {
        let admin = h.admin().clone();
        let spec = TableSpec::new(&unique_table_name("many"), "id", ValueType::S);
        tasks.spawn(async move {
            create_table(&admin, &spec).await;
            spec.name
        });
    }
    let created: Vec<String> = tasks.join_all().await;
    let first_page = h.admin().list_tables().send().await.expect("ListTables");
    assert!(
        first_page.last_evaluated_table_name.is_some(),
        "precondition: the server pages ListTables (it returned {} names at once)",
        first_page.table_names().len()
    );
    let names = h.backend().list_tables().await.expect("list_tables");
    let missing: Vec<&String> = created
        .iter()
        .filter(|name| !names.contains(name))
        .collect();
    assert!(
        missing.is_empty(),
        "{} of 101 tables not listed: {missing:?}",
        missing.len()
    );
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(
        unique.len(),
        names.len(),
        "no table is listed twice across pages"
    );
    for name in &created {
        h.drop_table(name).await;
    }
}

pub async fn describe_reports_keys_indexes_projections_and_billing(h: &Harness) {
    let spec = TableSpec::single_table("")
        .gsi(IndexSpec::new("GSI1", "GSI1PK", ValueType::S).sort("GSI1SK", ValueType::N))
        .gsi(
            IndexSpec::new("ByStatus", "status", ValueType::S)
                .projection(ProjectionSpec::Include(vec!["total".into(), "name".into()])),
        )
        .lsi(
            "ByCreated",
            "created",
            ValueType::B,
            ProjectionSpec::KeysOnly,
        );
    let table = h.create("describe", spec).await;
    let description = h
        .backend()
        .describe_table(&table)
        .await
        .expect("describe_table");

    assert_eq!(description.name, table);
    assert_eq!(description.key.partition.name, "PK");
    assert_eq!(description.key.partition.value_type, ValueType::S);
    let sort = description.key.sort.as_ref().expect("sort key");
    assert_eq!((sort.name.as_str(), sort.value_type), ("SK", ValueType::S));
    assert_eq!(
        description.attribute_types.get("GSI1SK"),
        Some(&ValueType::N)
    );
    assert_eq!(
        description.attribute_types.get("created"),
        Some(&ValueType::B)
    );
    assert_eq!(description.billing_mode, Some(BillingMode::PayPerRequest));
    assert_eq!(description.status.as_deref(), Some("ACTIVE"));
    assert_eq!(description.item_count, Some(0));
    assert!(
        description.unsupported_indexes.is_empty(),
        "{:?}",
        description.unsupported_indexes
    );

    let gsi = description.index("GSI1").expect("GSI1 described");
    assert_eq!(gsi.kind, IndexKind::Global);
    assert_eq!(gsi.key.partition.name, "GSI1PK");
    assert_eq!(
        gsi.key.sort.as_ref().map(|sort| sort.value_type),
        Some(ValueType::N)
    );
    assert_eq!(gsi.projection, Projection::All);

    let by_status = description.index("ByStatus").expect("ByStatus described");
    assert_eq!(by_status.key.sort, None);
    let Projection::Include(mut included) = by_status.projection.clone() else {
        panic!(
            "INCLUDE projection expected, got {:?}",
            by_status.projection
        )
    };
    included.sort();
    assert_eq!(included, ["name", "total"]);

    let lsi = description.index("ByCreated").expect("LSI described");
    assert_eq!(lsi.kind, IndexKind::Local);
    assert_eq!(lsi.key.partition.name, "PK");
    assert_eq!(
        lsi.key.sort.as_ref().map(|sort| sort.name.as_str()),
        Some("created")
    );
    assert_eq!(lsi.projection, Projection::KeysOnly);
    h.drop_table(&table).await;
}

pub async fn describe_reports_the_ttl_attribute(h: &Harness) {
    let table = h.create("ttl", TableSpec::single_table("")).await;
    let before = h
        .backend()
        .describe_table(&table)
        .await
        .expect("describe_table");
    assert_eq!(before.ttl, None, "no TTL configured yet");
    match h.enable_ttl(&table, "expiresAt").await {
        Ok(()) if Deviation::DynaliteHasNoTtl.applies_to(h.server) => {
            panic!(
                "{:?} no longer shows: UpdateTimeToLive succeeded",
                Deviation::DynaliteHasNoTtl
            )
        }
        Ok(()) => {
            let after = h
                .backend()
                .describe_table(&table)
                .await
                .expect("describe_table");
            let ttl = after.ttl.expect("TTL described after enabling it");
            assert_eq!(ttl.attribute, "expiresAt");
            assert!(
                ["ENABLED", "ENABLING"].contains(&ttl.status.as_str()),
                "{}",
                ttl.status
            );
        }
        Err(error) if Deviation::DynaliteHasNoTtl.applies_to(h.server) => {
            Deviation::DynaliteHasNoTtl.note(h.server);
            assert!(
                error.contains("UnknownOperationException"),
                "dynalite refuses UpdateTimeToLive as an unknown operation: {error}"
            );
            // describe_table still works on a server without TTL support: TTL is just unknown.
            let after = h
                .backend()
                .describe_table(&table)
                .await
                .expect("describe_table");
            assert_eq!(after.ttl, None, "enable failed with {error}");
        }
        Err(error) => panic!("UpdateTimeToLive failed on {}: {error}", h.server.name()),
    }
    h.drop_table(&table).await;
}
