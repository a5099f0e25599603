//! The ordinary entities of the demo: users, their orders and line items, groups, stores and
//! accounts. Each call to [`Generator::next_group`] appends one related group of items.

use std::collections::BTreeSet;

use crate::domain::number::Number;
use crate::domain::value::{AttrValue, Item};

use super::rng::Rng;
use super::text::{join, numbered};
use super::time::{iso_date, iso_timestamp};

/// 2026-01-01 as days since the epoch; demo dates fall in the year after it.
const BASE_DAY: i64 = 20_454;
const ORDER_STATUSES: [&str; 4] = ["PENDING", "SHIPPED", "DELIVERED", "CANCELLED"];
const STORE_STATUSES: [&str; 3] = ["OPEN", "CLOSED", "RENOVATING"];
const FIRST_NAMES: [&str; 8] = ["Ada", "Bo", "Chen", "Dara", "Émile", "Farah", "Gus", "Hana"];
const LAST_NAMES: [&str; 6] = [
    "Nakamura",
    "Okafor",
    "Silva",
    "Novak",
    "Haddad",
    "Lindqvist",
];
const PRODUCTS: [&str; 6] = [
    "Widget",
    "Gadget",
    "Sprocket",
    "Gizmo",
    "Doohickey",
    "Thingamajig",
];
const CITIES: [&str; 5] = ["Lisbon", "Osaka", "Denver", "Nairobi", "Tallinn"];
/// Sales regions of orders; every fifth order has none (so it is not in GSI3).
const REGIONS: [&str; 4] = ["EU", "NA", "APAC", "LATAM"];
const REVIEW_REASONS: [&str; 3] = ["HIGH_VALUE", "ADDRESS_MISMATCH", "VELOCITY"];

/// Builds items attribute by attribute. The attributes are gathered in a list and the item is
/// built from it at once: a map built in bulk from a short list costs less than one search and
/// insert per attribute, and a later attribute of the same name still replaces an earlier one.
struct Builder(Vec<(String, AttrValue)>);

impl Builder {
    fn new(pk: String, sk: impl Into<String>) -> Self {
        let mut attributes = Vec::with_capacity(12);
        attributes.push(("PK".into(), AttrValue::S(pk)));
        attributes.push(("SK".into(), AttrValue::S(sk.into())));
        Self(attributes)
    }

    fn s(self, name: &str, value: impl Into<String>) -> Self {
        self.value(name, AttrValue::S(value.into()))
    }

    fn n(self, name: &str, value: i64) -> Self {
        self.value(name, AttrValue::n(value))
    }

    /// A decimal with two places from an amount in cents, exact (never through f64).
    fn money(self, name: &str, cents: i64) -> Self {
        self.value(name, AttrValue::N(Number::from_scaled(cents, 2)))
    }

    fn value(mut self, name: &str, value: AttrValue) -> Self {
        self.0.push((name.into(), value));
        self
    }

    fn done(self, items: &mut Vec<Item>) {
        items.push(self.0.into_iter().collect());
    }
}

/// Counters that make every generated id unique.
pub struct Generator {
    round: u64,
    groups: u64,
    orders: u64,
    line_items: u64,
}

impl Generator {
    /// A generator for a table of about `size` items (it decides how many groups exist).
    #[must_use]
    pub fn new(size: usize) -> Self {
        Self {
            round: 0,
            groups: (size as u64 / 400).max(3),
            orders: 0,
            line_items: 0,
        }
    }

    /// Appends the next group of related items.
    pub fn next_group(&mut self, rng: &mut Rng, items: &mut Vec<Item>) {
        if self.round == 0 {
            self.group_metadata(items);
        }
        if self.round.is_multiple_of(10) {
            self.store(rng, items);
        }
        if self.round.is_multiple_of(3) {
            self.account(rng, items);
        }
        self.user(rng, items);
        self.round += 1;
    }

    fn group_metadata(&self, items: &mut Vec<Item>) {
        for group in 1..=self.groups {
            Builder::new(numbered("GROUP#grp_", group, 3), "METADATA")
                .s("type", "Group")
                .s("name", numbered("Team ", group, 0))
                .done(items);
        }
    }

    fn user(&mut self, rng: &mut Rng, items: &mut Vec<Item>) {
        let user = numbered("usr_", 1000 + self.round, 0);
        let pk = join(&["USER#", &user]);
        let joined = BASE_DAY + rng.below(365) as i64;
        let name = join(&[*rng.pick(&FIRST_NAMES), " ", *rng.pick(&LAST_NAMES)]);
        let mut profile = Builder::new(pk.clone(), "METADATA")
            .s("type", "User")
            .s("userId", &user)
            .s("name", name)
            .s("email", join(&[&user, "@example.com"]))
            .s("createdAt", iso_date(joined))
            .s(
                "status",
                if rng.chance(90) {
                    "ACTIVE"
                } else {
                    "SUSPENDED"
                },
            )
            .n("loyaltyPoints", rng.below(5000) as i64);
        if rng.chance(30) {
            let tags: BTreeSet<String> = ["vip", "beta", "newsletter", "b2b"]
                .iter()
                .filter(|_| rng.chance(50))
                .map(|tag| (*tag).to_owned())
                .collect();
            if !tags.is_empty() {
                profile = profile.value("tags", AttrValue::Ss(tags));
            }
        }
        profile.done(items);
        if rng.chance(20) {
            let expires = (joined + 400) * 86_400 + rng.below(86_400) as i64;
            Builder::new(
                pk.clone(),
                numbered("SESSION#", rng.next_u64() % 1_000_000, 0),
            )
            .n("expiresAt", expires)
            .s("device", *rng.pick(&["ios", "android", "web"]))
            .done(items);
        }
        // Consecutive groups from a random start: never the same group twice for one user.
        let first_group = rng.below(self.groups);
        for offset in 0..rng.between(0, 2) {
            let group = numbered("GROUP#grp_", (first_group + offset) % self.groups + 1, 3);
            Builder::new(pk.clone(), group.clone())
                .s("GSI1PK", &group)
                .s("GSI1SK", &pk)
                .s("role", *rng.pick(&["member", "member", "admin"]))
                .s("joinedAt", iso_date(joined + rng.below(30) as i64))
                .done(items);
        }
        for _ in 0..rng.between(0, 4) {
            self.order(rng, items, &user, &pk, joined);
        }
    }

    fn order(
        &mut self,
        rng: &mut Rng,
        items: &mut Vec<Item>,
        user: &str,
        user_pk: &str,
        joined: i64,
    ) {
        self.orders += 1;
        let order = numbered("ord_", 5000 + self.orders, 0);
        let placed_day = joined + rng.below(120) as i64;
        let placed = iso_date(placed_day);
        let placed_at = placed_day * 86_400 + rng.below(86_400) as i64;
        let status = *rng.pick(&ORDER_STATUSES);
        let lines = rng.between(1, 3);
        let mut total = 0i64;
        let mut line_items = Vec::new();
        for _ in 0..lines {
            self.line_items += 1;
            let quantity = rng.between(1, 5) as i64;
            let price = rng.between(199, 25_000) as i64;
            total += quantity * price;
            line_items.push(
                Builder::new(
                    join(&["ORDER#", &order]),
                    numbered("ITEM#li_", self.line_items, 0),
                )
                .s("productName", *rng.pick(&PRODUCTS))
                .n("quantity", quantity)
                .money("unitPrice", price),
            );
        }
        Builder::new(user_pk.to_owned(), join(&["ORDER#", &placed, "#", &order]))
            .s("type", "OrderRef")
            .s("orderId", &order)
            .s("status", status)
            .s("LSI1SK", join(&[status, "#", &placed]))
            .money("total", total)
            .done(items);
        let mut metadata = Builder::new(join(&["ORDER#", &order]), "METADATA")
            .s("type", "Order")
            .s("orderId", &order)
            .s("userId", user)
            .s("status", status)
            .s("placedAt", iso_timestamp(placed_at))
            .money("total", total);
        // From the order number, not the generator, so every other value stays as it was.
        if !self.orders.is_multiple_of(5) {
            metadata = metadata.s("region", REGIONS[(self.orders % 4) as usize]);
        }
        if status == "PENDING" && rng.chance(40) {
            metadata = metadata
                .s("GSI2PK", "ORDERS_PENDING_REVIEW")
                .s("GSI2SK", iso_timestamp(placed_at))
                .s("reviewReason", *rng.pick(&REVIEW_REASONS));
        }
        metadata.done(items);
        for line in line_items {
            line.done(items);
        }
    }

    fn store(&self, rng: &mut Rng, items: &mut Vec<Item>) {
        let store = numbered("STORE#st_", self.round / 10 + 1, 4);
        let city = *rng.pick(&CITIES);
        // One status change per quarter: dates never repeat within a store, so keys are unique.
        for quarter in 0..rng.between(1, 4) {
            let date = iso_date(BASE_DAY + quarter as i64 * 91 + rng.below(91) as i64);
            Builder::new(
                store.clone(),
                join(&["STATUS#", *rng.pick(&STORE_STATUSES), "#DATE#", &date]),
            )
            .s("city", city)
            .s(
                "manager",
                join(&[*rng.pick(&FIRST_NAMES), " ", *rng.pick(&LAST_NAMES)]),
            )
            .done(items);
        }
    }

    fn account(&self, rng: &mut Rng, items: &mut Vec<Item>) {
        Builder::new(
            numbered("ACCOUNT#acc_", 100 + self.round / 3, 0),
            "METADATA",
        )
        .s("type", "Account")
        .s("ownerId", numbered("usr_", 1000 + self.round, 0))
        .money("balance", rng.below(10_000_000) as i64 - 50_000)
        .s("currency", *rng.pick(&["EUR", "USD", "JPY"]))
        .n("version", rng.between(1, 40) as i64)
        .done(items);
    }
}
