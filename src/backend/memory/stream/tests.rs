use std::time::Duration;

use super::*;
use crate::domain::schema::KeyAttribute;
use crate::domain::value::{AttrValue, ValueType};

fn key() -> KeySchema {
    KeySchema::new(
        KeyAttribute::new("PK", ValueType::S),
        Some(KeyAttribute::new("SK", ValueType::S)),
    )
}

fn item(pk: &str, name: &str) -> Item {
    let mut item = Item::new();
    item.insert("PK".into(), AttrValue::s(pk));
    item.insert("SK".into(), AttrValue::s("A"));
    item.insert("name".into(), AttrValue::s(name));
    item
}

fn log(view_type: ViewType, settings: StreamSettings) -> StreamLog {
    StreamLog::new("arn:t/stream/1".into(), view_type, settings)
}

fn read_all(log: &StreamLog, shard: &str) -> Vec<ChangeRecord> {
    let iterator = log
        .iterator(shard, &IteratorStart::TrimHorizon)
        .expect("iterator");
    let position = Position::decode(&iterator).expect("decodes");
    log.read(&position, 1000).expect("reads").0
}

#[test]
fn each_write_is_one_record_with_the_view_types_images_and_a_no_op_is_none() {
    let mut stream = log(ViewType::NewAndOldImages, StreamSettings::default());
    let (first, second) = (item("U#1", "Ada"), item("U#1", "Grace"));
    stream.record(&key(), None, Some(&first));
    stream.record(&key(), Some(&first), Some(&first));
    stream.record(&key(), Some(&first), Some(&second));
    stream.record(&key(), Some(&second), None);
    stream.record(&key(), None, None);
    let shard = stream.shards()[0].id.clone();
    let records = read_all(&stream, &shard);
    let kinds: Vec<ChangeKind> = records.iter().map(|r| r.kind).collect();
    assert_eq!(
        kinds,
        [ChangeKind::Insert, ChangeKind::Modify, ChangeKind::Remove]
    );
    assert_eq!(records[1].old_image.as_ref(), Some(&first));
    assert_eq!(records[1].new_image.as_ref(), Some(&second));
    assert_eq!(records[2].keys.len(), 2);
    assert!(records.windows(2).all(|w| w[0].sequence < w[1].sequence));

    let mut keys_only = log(ViewType::KeysOnly, StreamSettings::default());
    keys_only.record(&key(), None, Some(&first));
    let shard = keys_only.shards()[0].id.clone();
    let record = &read_all(&keys_only, &shard)[0];
    assert_eq!(
        (record.old_image.clone(), record.new_image.clone()),
        (None, None)
    );
    assert_eq!(record.keys.get("PK"), Some(&AttrValue::s("U#1")));
}

#[test]
fn a_full_shard_closes_and_its_child_carries_on() {
    let settings = StreamSettings {
        shard_records: 2,
        ..StreamSettings::default()
    };
    let mut stream = log(ViewType::NewImage, settings);
    for n in 0..5 {
        stream.record(&key(), None, Some(&item(&format!("U#{n}"), "x")));
    }
    let shards = stream.shards();
    assert_eq!(shards.len(), 3);
    assert!(shards[0].closed && shards[1].closed && !shards[2].closed);
    assert_eq!(shards[1].parent.as_deref(), Some(shards[0].id.as_str()));
    let iterator = stream
        .iterator(&shards[0].id, &IteratorStart::TrimHorizon)
        .expect("iterator");
    let (records, next) = stream
        .read(&Position::decode(&iterator).expect("decodes"), 1000)
        .expect("reads");
    assert_eq!(records.len(), 2);
    assert_eq!(
        next, None,
        "a closed shard read to its end has no next iterator"
    );
    let open = stream
        .iterator(&shards[2].id, &IteratorStart::Latest)
        .expect("iterator");
    let (records, next) = stream
        .read(&Position::decode(&open).expect("decodes"), 1000)
        .expect("reads");
    assert!(records.is_empty());
    assert!(next.is_some(), "an open shard always has a next iterator");
}

#[test]
fn retention_is_bounded_and_a_trimmed_position_is_the_trimmed_error() {
    let settings = StreamSettings {
        max_records: 3,
        shard_records: 2,
        ..StreamSettings::default()
    };
    let mut stream = log(ViewType::NewAndOldImages, settings);
    let first_shard = {
        stream.record(&key(), None, Some(&item("U#0", "x")));
        stream.shards()[0].id.clone()
    };
    let early = stream
        .iterator(&first_shard, &IteratorStart::TrimHorizon)
        .expect("iterator");
    for n in 1..50 {
        stream.record(&key(), None, Some(&item(&format!("U#{n}"), "x")));
    }
    assert_eq!(stream.held().0, 3);
    let error = stream
        .read(&Position::decode(&early).expect("decodes"), 1000)
        .expect_err("trimmed");
    assert!(
        matches!(&error, BackendError::Service { code, .. } if code == "TrimmedDataAccessException"),
        "{error:?}"
    );
    assert!(stream.shards().len() <= MAX_SHARDS);
    let bytes = StreamSettings {
        max_bytes: 200,
        ..StreamSettings::default()
    };
    let mut by_bytes = log(ViewType::NewAndOldImages, bytes);
    for n in 0..100 {
        by_bytes.record(&key(), None, Some(&item(&format!("U#{n}"), "x")));
    }
    let (records, held) = by_bytes.held();
    assert!(
        held <= 200 && records > 0,
        "{records} records, {held} bytes"
    );
}

#[test]
fn iterators_start_at_after_and_expire() {
    let mut stream = log(ViewType::NewImage, StreamSettings::default());
    for n in 0..3 {
        stream.record(&key(), None, Some(&item(&format!("U#{n}"), "x")));
    }
    let shard = stream.shards()[0].id.clone();
    let all = read_all(&stream, &shard);
    let second = all[1].sequence.clone();
    let at = stream
        .iterator(&shard, &IteratorStart::At(second.clone()))
        .expect("at");
    let after = stream
        .iterator(&shard, &IteratorStart::After(second))
        .expect("after");
    let read = |iterator: &str| {
        stream
            .read(&Position::decode(iterator).expect("decodes"), 1000)
            .expect("reads")
            .0
    };
    assert_eq!(read(&at), all[1..]);
    assert_eq!(read(&after), all[2..]);
    let error = stream
        .iterator(&shard, &IteratorStart::At("999".into()))
        .expect_err("out of range");
    assert!(matches!(error, BackendError::Validation(_)), "{error:?}");
    assert!(matches!(
        Position::decode("garbage"),
        Err(BackendError::Validation(_))
    ));

    let settings = StreamSettings {
        iterator_lifetime: Duration::ZERO,
        ..StreamSettings::default()
    };
    let mut short = log(ViewType::NewImage, settings);
    short.record(&key(), None, Some(&item("U#1", "x")));
    let shard = short.shards()[0].id.clone();
    let mut position = Position::decode(
        &short
            .iterator(&shard, &IteratorStart::TrimHorizon)
            .expect("it"),
    )
    .expect("decodes");
    position.issued_at -= 1;
    let error = short.read(&position, 1000).expect_err("expired");
    assert!(
        matches!(&error, BackendError::Service { code, .. } if code == "ExpiredIteratorException"),
        "{error:?}"
    );
}

#[test]
fn a_disabled_stream_closes_its_shard_keeps_its_records_and_takes_no_more() {
    let mut stream = log(ViewType::NewImage, StreamSettings::default());
    stream.record(&key(), None, Some(&item("U#1", "x")));
    stream.disable();
    stream.record(&key(), None, Some(&item("U#2", "x")));
    let shards = stream.shards();
    assert!(shards.iter().all(|shard| shard.closed));
    assert_eq!(read_all(&stream, &shards[0].id).len(), 1);
}
