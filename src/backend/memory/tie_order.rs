//! The order of items whose index keys are equal. DynamoDB promises none; DynamoDB Local, the
//! reference the engine is tested against, orders them by a digest of the table key, and the
//! engine does the same so both answer a query with the same items in the same order.
//!
//! Observed on DynamoDB Local 1.25.1 (its storage keeps these digests beside each item, and a
//! query of equal index keys returns ascending digests): each key value is digested as
//! SHA-1("LocalDdb" ‖ value bytes); a GSI orders ties by SHA-1("LocalDdb" ‖ digest(partition) ‖
//! digest(sort)) — or by digest(partition) when the table has no sort key — and an LSI, whose
//! ties share the partition, by digest(sort).

use sha1::{Digest, Sha1};

use crate::domain::schema::IndexKind;

use super::key::ScalarKey;

const SALT: &[u8] = b"LocalDdb";

pub type TieDigest = [u8; 20];

fn salted(parts: &[&[u8]]) -> TieDigest {
    let mut hasher = Sha1::new();
    hasher.update(SALT);
    for part in parts {
        hasher.update(part);
    }
    hasher.finalize().into()
}

/// The digest of one key value. Strings and binaries are digested as their bytes, exactly as
/// DynamoDB Local does; a number as its canonical text, which is not DynamoDB Local's own
/// number encoding, so ties among numeric table keys may come back in another order.
fn value_digest(value: &ScalarKey) -> TieDigest {
    match value {
        ScalarKey::S(text) => salted(&[text.as_bytes()]),
        ScalarKey::B(bytes) => salted(&[bytes]),
        ScalarKey::N(number) => salted(&[number.plain_text().as_str().as_bytes()]),
        // Table keys are never tuples; digest the parts in order should one be given.
        ScalarKey::Tuple(values) => {
            let digests: Vec<TieDigest> = values.iter().map(value_digest).collect();
            let parts: Vec<&[u8]> = digests.iter().map(|digest| digest.as_slice()).collect();
            salted(&parts)
        }
    }
}

/// Where an item with table key (`partition`, `sort`) falls among items with the same key in an
/// index of `kind`.
#[must_use]
pub fn tie_digest(kind: IndexKind, partition: &ScalarKey, sort: Option<&ScalarKey>) -> TieDigest {
    match (sort, kind) {
        (None, _) => value_digest(partition),
        (Some(sort), IndexKind::Local) => value_digest(sort),
        (Some(sort), IndexKind::Global) => salted(&[&value_digest(partition), &value_digest(sort)]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(text: &str) -> ScalarKey {
        ScalarKey::S(text.into())
    }

    fn hex(digest: TieDigest) -> String {
        digest.iter().map(|byte| format!("{byte:02x}")).collect()
    }

    /// Digests read from a DynamoDB Local 1.25.1 database file for the item PK="A", SK="1".
    #[test]
    fn digests_match_those_dynamodb_local_stores() {
        assert_eq!(
            hex(value_digest(&s("A"))),
            "f82b430e76142582ceb91224ca9eac423fc499ef"
        );
        assert_eq!(
            hex(value_digest(&s("1"))),
            "1f319d8d4fe3a91229a5c43e8bdb1419ff5e0a54"
        );
        let (partition, sort) = (s("A"), s("1"));
        assert_eq!(
            hex(tie_digest(IndexKind::Global, &partition, Some(&sort))),
            "cb16c2f5fdffe080facf13ee77e03f97778b86ed"
        );
        assert_eq!(
            tie_digest(IndexKind::Local, &partition, Some(&sort)),
            value_digest(&s("1"))
        );
    }
}
