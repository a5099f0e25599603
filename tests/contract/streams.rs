//! DynamoDB Streams: what a table's stream records for each write, the images its view type
//! carries, shards, sequence numbers, where iterators start, and the errors of a bad iterator, an
//! unknown stream and a disabled stream. DynamoDB Local is the reference; the engine answers alike.

use ddbx::backend::{
    BackendError, ChangeKind, ChangeRecord, Condition, DeleteRequest, IteratorStart, PutRequest,
    ReturnValues, ShardIteratorRequest,
};
use ddbx::domain::value::Item;

use crate::deviations::Deviation;
use crate::setup::{Harness, item, params, s};
use crate::support::tables::TableSpec;

/// A fresh single-table table with a stream of `view_type`; its name and stream ARN.
async fn streamed(h: &Harness, view_type: &str) -> (String, String) {
    let table = h.create("stream", TableSpec::single_table("")).await;
    h.set_stream(&table, Some(view_type)).await;
    let description = h.backend().describe_table(&table).await.expect("describe");
    let stream = description.stream.expect("a stream in DescribeTable");
    assert!(stream.enabled, "{}", h.server.name());
    assert_eq!(stream.view_type.as_deref(), Some(view_type));
    let arn = stream.latest_arn.expect("LatestStreamArn");
    (table, arn)
}

fn profile(pk: &str, name: &str) -> Item {
    item([("PK", s(pk)), ("SK", s("PROFILE")), ("name", s(name))])
}

async fn delete(h: &Harness, table: &str, pk: &str) {
    let request = DeleteRequest {
        table: table.to_owned(),
        key: item([("PK", s(pk)), ("SK", s("PROFILE"))]),
        condition: Condition::new("attribute_exists(#pk)"),
        params: params([("#pk", "PK")], []),
        return_values: ReturnValues::None,
    };
    h.backend().delete_item(request).await.expect("delete");
}

async fn iterator(h: &Harness, arn: &str, shard: &str, start: IteratorStart) -> String {
    let request = ShardIteratorRequest {
        stream_arn: arn.to_owned(),
        shard_id: shard.to_owned(),
        start,
    };
    h.backend()
        .shard_iterator(request)
        .await
        .unwrap_or_else(|error| panic!("iterator on {}: {error}", h.server.name()))
}

/// Reads on from `iterator` until a page comes back empty or the shard ends.
async fn drain(h: &Harness, mut iterator: String) -> Vec<ChangeRecord> {
    let mut records = Vec::new();
    for _ in 0..20 {
        let page = h
            .backend()
            .get_records(iterator)
            .await
            .expect("get_records");
        let empty = page.records.is_empty();
        records.extend(page.records);
        match page.next_iterator {
            Some(next) if !empty => iterator = next,
            _ => break,
        }
    }
    records
}

/// Every record of every shard, parents first, from the trim horizon.
async fn everything(h: &Harness, arn: &str) -> Vec<ChangeRecord> {
    let mut records = Vec::new();
    for shard in h
        .backend()
        .describe_stream(arn)
        .await
        .expect("describe_stream")
    {
        let start = iterator(h, arn, &shard.id, IteratorStart::TrimHorizon).await;
        records.extend(drain(h, start).await);
    }
    records
}

/// Sequence numbers are decimal strings of any length; compared as numbers.
fn ascending(records: &[ChangeRecord]) -> bool {
    let number = |record: &ChangeRecord| {
        let digits = record.sequence.trim_start_matches('0');
        (digits.len(), digits.to_owned())
    };
    records
        .windows(2)
        .all(|pair| number(&pair[0]) < number(&pair[1]))
}

fn kinds(records: &[ChangeRecord]) -> Vec<ChangeKind> {
    records.iter().map(|record| record.kind).collect()
}

pub async fn a_stream_records_each_change_with_the_old_and_new_image(h: &Harness) {
    let (table, arn) = streamed(h, "NEW_AND_OLD_IMAGES").await;
    let (ada, grace) = (profile("USER#1", "Ada"), profile("USER#1", "Grace"));
    h.seed(&table, std::slice::from_ref(&ada)).await;
    h.seed(&table, std::slice::from_ref(&grace)).await;
    h.seed(&table, &[profile("USER#2", "Alan")]).await;
    delete(h, &table, "USER#1").await;
    let records = everything(h, &arn).await;
    assert_eq!(
        kinds(&records),
        [
            ChangeKind::Insert,
            ChangeKind::Modify,
            ChangeKind::Insert,
            ChangeKind::Remove
        ],
        "{}",
        h.server.name()
    );
    assert!(ascending(&records), "{records:?}");
    assert_eq!(records[0].old_image, None);
    assert_eq!(records[0].new_image.as_ref(), Some(&ada));
    assert_eq!(records[1].old_image.as_ref(), Some(&ada));
    assert_eq!(records[1].new_image.as_ref(), Some(&grace));
    assert_eq!(records[3].old_image.as_ref(), Some(&grace));
    assert_eq!(records[3].new_image, None);
    let keys = item([("PK", s("USER#1")), ("SK", s("PROFILE"))]);
    assert_eq!(records[3].keys, keys);
    assert!(records.iter().all(|record| record.created_at.is_some()));
    h.drop_table(&table).await;
}

pub async fn a_keys_only_stream_carries_no_images(h: &Harness) {
    let (table, arn) = streamed(h, "KEYS_ONLY").await;
    h.seed(&table, &[profile("USER#1", "Ada")]).await;
    let records = everything(h, &arn).await;
    assert_eq!(kinds(&records), [ChangeKind::Insert]);
    assert_eq!(
        records[0].keys,
        item([("PK", s("USER#1")), ("SK", s("PROFILE"))])
    );
    assert_eq!(
        (&records[0].old_image, &records[0].new_image),
        (&None, &None)
    );
    h.drop_table(&table).await;
}

pub async fn iterators_start_at_latest_at_and_after_a_sequence_number(h: &Harness) {
    let (table, arn) = streamed(h, "NEW_IMAGE").await;
    for n in 1..=3 {
        h.seed(&table, &[profile(&format!("USER#{n}"), "x")]).await;
    }
    let shards = h.backend().describe_stream(&arn).await.expect("describe");
    let shard = shards.last().expect("a shard").id.clone();
    let all = everything(h, &arn).await;
    assert_eq!(all.len(), 3, "{}", h.server.name());
    let second = all[1].sequence.clone();
    let at = iterator(h, &arn, &shard, IteratorStart::At(second.clone())).await;
    assert_eq!(drain(h, at).await, all[1..]);
    let after = iterator(h, &arn, &shard, IteratorStart::After(second)).await;
    assert_eq!(drain(h, after).await, all[2..]);

    let latest = iterator(h, &arn, &shard, IteratorStart::Latest).await;
    let page = h.backend().get_records(latest).await.expect("get_records");
    assert!(page.records.is_empty(), "LATEST skips what is there");
    let next = page.next_iterator.expect("an open shard goes on");
    h.seed(&table, &[profile("USER#4", "new")]).await;
    let fresh = drain(h, next).await;
    assert_eq!(kinds(&fresh), [ChangeKind::Insert]);
    assert_eq!(fresh[0].new_image.as_ref(), Some(&profile("USER#4", "new")));
    h.drop_table(&table).await;
}

pub async fn a_bad_iterator_is_refused_and_an_unknown_stream_is_not_found(h: &Harness) {
    let (table, arn) = streamed(h, "NEW_IMAGE").await;
    let error = h
        .backend()
        .get_records("not-an-iterator".to_owned())
        .await
        .expect_err("a made-up iterator");
    if Deviation::MotoCrashesOnAMalformedShardIterator.applies_to(h.server) {
        Deviation::MotoCrashesOnAMalformedShardIterator.note(h.server);
        assert!(
            matches!(&error, BackendError::Service { code, .. } if code == "HTTP500"),
            "{error:?}"
        );
    } else {
        assert!(
            matches!(error, BackendError::Validation(_)),
            "{}: {error:?}",
            h.server.name()
        );
    }
    let unknown = arn.replace("/stream/", "/stream/1999-");
    let answer = h.backend().describe_stream(&unknown).await;
    let lax = [
        Deviation::MotoIgnoresTheLabelOfAStreamArn,
        Deviation::DynoxideIgnoresTheLabelOfAStreamArn,
    ]
    .into_iter()
    .find(|deviation| deviation.applies_to(h.server));
    if let Some(deviation) = lax {
        deviation.note(h.server);
        assert!(answer.is_ok_and(|shards| !shards.is_empty()));
        h.drop_table(&table).await;
        return;
    }
    let error = answer.expect_err("an unknown stream");
    assert!(
        matches!(error, BackendError::NotFound(_)),
        "{}: {error:?}",
        h.server.name()
    );
    h.drop_table(&table).await;
}

pub async fn a_disabled_stream_stops_recording_and_keeps_what_it_holds(h: &Harness) {
    let (table, arn) = streamed(h, "NEW_AND_OLD_IMAGES").await;
    h.seed(&table, &[profile("USER#1", "Ada")]).await;
    h.set_stream(&table, None).await;
    let after = h.backend().put_item(PutRequest {
        table: table.clone(),
        item: profile("USER#2", "after"),
        condition: Condition::new("attribute_not_exists(#pk)"),
        params: params([("#pk", "PK")], []),
        return_values: ReturnValues::None,
    });
    let crashes = Deviation::MotoBreaksADisabledStream;
    match after.await {
        Err(error) if crashes.applies_to(h.server) => {
            crashes.note(h.server);
            let stored_then_failed = match &error {
                BackendError::Service { code, .. } => code == "HTTP500",
                BackendError::ConditionFailed { current } => {
                    current.as_ref() == Some(&profile("USER#2", "after"))
                }
                _ => false,
            };
            assert!(stored_then_failed, "{error:?}");
        }
        result => {
            assert!(!crashes.applies_to(h.server), "moto wrote: {result:?}");
            result.unwrap_or_else(|error| panic!("{}: {error}", h.server.name()));
        }
    }
    let description = h.backend().describe_table(&table).await.expect("describe");
    assert!(
        description
            .stream
            .as_ref()
            .is_none_or(|stream| !stream.enabled),
        "{}: {:?}",
        h.server.name(),
        description.stream
    );
    let described = h.backend().describe_stream(&arn).await;
    if crashes.applies_to(h.server) {
        let error = described.expect_err("moto fails to describe a disabled stream");
        assert!(
            matches!(&error, BackendError::Service { code, .. } if code == "HTTP500"),
            "{error:?}"
        );
        h.drop_table(&table).await;
        return;
    }
    let forgets = Deviation::DynoxideForgetsADisabledStream;
    if forgets.applies_to(h.server) {
        forgets.note(h.server);
        let error = described.expect_err("Dynoxide forgets a disabled stream");
        assert!(matches!(error, BackendError::NotFound(_)), "{error:?}");
        h.drop_table(&table).await;
        return;
    }
    let shards = described.expect("describe");
    assert!(
        shards.iter().all(|shard| shard.closed),
        "{}: {shards:?}",
        h.server.name()
    );
    let records = everything(h, &arn).await;
    assert_eq!(kinds(&records), [ChangeKind::Insert], "{}", h.server.name());
    h.drop_table(&table).await;
}
