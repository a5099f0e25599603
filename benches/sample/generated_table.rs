//! A 10-million-item single-table design that is never held in memory: partition `j` of the
//! hash order is computed from `j` alone (its collection, its item count, each item's size), so
//! a Scan page of any segment is generated on demand. Segments slice the hash order as DynamoDB
//! slices its hash space, and pages stop at 1 MB of (declared) item size, charged as DynamoDB
//! charges an eventually consistent Scan.

use ddbx::backend::{
    Backend, BackendError, BackendFuture, Connection, ConsumedCapacity, DeleteRequest, GetOutput,
    GetRequest, Page, PutRequest, QueryRequest, ScanRequest, TransactOutput, TransactWriteRequest,
    UpdateRequest, WriteOutput,
};
use ddbx::domain::schema::{KeyAttribute, KeySchema, TableDescription};
use ddbx::domain::value::{AttrValue, Item, ValueType};

/// Collection prefixes, the share of partitions each gets (per thousand), the largest item
/// count of one of its partitions, and the sort-key kind of its items.
pub const COLLECTIONS: [(&str, u64, u64, &str); 5] = [
    ("USER", 400, 9, "ORDER"),
    ("ORDER", 300, 4, "LINE"),
    ("PRODUCT", 150, 1, "META"),
    ("SESSION", 100, 19, "EVENT"),
    ("AUDIT", 50, 39, "ENTRY"),
];

const PAGE_BYTES: u64 = 1024 * 1024;
pub const TABLE: &str = "generated";

fn mix(mut value: u64) -> u64 {
    // splitmix64: a fixed, well-spread function of the partition number.
    value = value.wrapping_add(0x9e37_79b9_7f4a_7c15);
    value = (value ^ (value >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    value = (value ^ (value >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    value ^ (value >> 31)
}

/// The collection and item count of partition `j`.
#[must_use]
pub fn partition(j: u64) -> (usize, u64) {
    let roll = mix(j);
    let mut per_thousand = roll % 1000;
    for (index, (_, share, largest, _)) in COLLECTIONS.iter().enumerate() {
        if per_thousand < *share {
            return (index, 1 + (roll >> 20) % largest);
        }
        per_thousand -= share;
    }
    (0, 1)
}

fn item_bytes(j: u64, k: u64) -> u64 {
    700 + mix(j ^ (k << 40)) % 600
}

pub struct GeneratedTable {
    pub partitions: u64,
    pub items: u64,
}

impl GeneratedTable {
    /// A table of `partitions` partitions (about 4.9 items each).
    #[must_use]
    pub fn new(partitions: u64) -> Self {
        let items = (0..partitions).map(|j| partition(j).1).sum();
        Self { partitions, items }
    }

    fn key(j: u64, k: u64) -> Item {
        let (collection, _) = partition(j);
        let (prefix, _, _, kind) = COLLECTIONS[collection];
        let mut item = Item::new();
        item.insert("PK".into(), AttrValue::S(format!("{prefix}#{j:09}")));
        item.insert("SK".into(), AttrValue::S(format!("{kind}#{k:04}")));
        item
    }

    fn position(key: &Item) -> Option<(u64, u64)> {
        let digits = |name: &str| {
            key.get(name)
                .and_then(AttrValue::as_s)
                .and_then(|text| text.rsplit('#').next())
                .and_then(|digits| digits.parse::<u64>().ok())
        };
        Some((digits("PK")?, digits("SK")?))
    }

    fn page(&self, request: &ScanRequest) -> Page {
        let (segment, total) = request.segment.unwrap_or((0, 1));
        let start = self.partitions * u64::from(segment) / u64::from(total);
        let end = self.partitions * (u64::from(segment) + 1) / u64::from(total);
        let (mut j, mut k) = request
            .start_key
            .as_ref()
            .and_then(Self::position)
            .map_or((start, 0), |(j, k)| (j, k + 1));
        let limit = request.limit.map_or(u64::MAX, u64::from);
        let (mut items, mut bytes) = (Vec::new(), 0);
        while j < end && bytes < PAGE_BYTES && (items.len() as u64) < limit {
            if k >= partition(j).1 {
                (j, k) = (j + 1, 0);
                continue;
            }
            bytes += item_bytes(j, k);
            items.push(Self::key(j, k));
            k += 1;
        }
        let at_end = j >= end || (j + 1 == end && k >= partition(j).1);
        let count = items.len() as u64;
        Page {
            last_evaluated_key: if at_end { None } else { items.last().cloned() },
            items,
            count,
            scanned_count: count,
            consumed: Some(ConsumedCapacity {
                total: bytes.div_ceil(4096) as f64 / 2.0,
                table: None,
                indexes: Default::default(),
            }),
        }
    }
}

fn scan_only<'a, T: Send + 'a>() -> BackendFuture<'a, T> {
    Box::pin(std::future::ready(Err(BackendError::Validation(
        "the generated table answers DescribeTable and Scan only".to_owned(),
    ))))
}

impl Backend for GeneratedTable {
    fn connection(&self) -> Connection {
        Connection {
            kind: "memory".to_owned(),
            read_only: true,
            ..Connection::default()
        }
    }

    fn account_id(&self) -> BackendFuture<'_, Option<String>> {
        Box::pin(std::future::ready(Ok(None)))
    }

    fn list_tables(&self) -> BackendFuture<'_, Vec<String>> {
        Box::pin(std::future::ready(Ok(vec![TABLE.to_owned()])))
    }

    fn describe_table<'a>(&'a self, _table: &'a str) -> BackendFuture<'a, TableDescription> {
        let key = KeySchema::new(
            KeyAttribute::new("PK", ValueType::S),
            Some(KeyAttribute::new("SK", ValueType::S)),
        );
        let mut table = TableDescription::new(TABLE, key);
        table.item_count = Some(self.items);
        Box::pin(std::future::ready(Ok(table)))
    }

    fn query(&self, _request: QueryRequest) -> BackendFuture<'_, Page> {
        scan_only()
    }

    fn scan(&self, request: ScanRequest) -> BackendFuture<'_, Page> {
        Box::pin(std::future::ready(Ok(self.page(&request))))
    }

    fn get_item(&self, _request: GetRequest) -> BackendFuture<'_, GetOutput> {
        scan_only()
    }

    fn put_item(&self, _request: PutRequest) -> BackendFuture<'_, WriteOutput> {
        scan_only()
    }

    fn update_item(&self, _request: UpdateRequest) -> BackendFuture<'_, WriteOutput> {
        scan_only()
    }

    fn delete_item(&self, _request: DeleteRequest) -> BackendFuture<'_, WriteOutput> {
        scan_only()
    }

    fn transact_write(&self, _request: TransactWriteRequest) -> BackendFuture<'_, TransactOutput> {
        scan_only()
    }
}
