//! Which fields identify each entity across two designs: the placeholders of its key templates
//! in the old model and in the new one. Where the two sets differ, items are matched by the
//! fields both designs key on, and the rest are compared like attributes instead.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use crate::domain::model::{EntityModel, Model};

/// How one entity's items are matched across the two designs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntityMatch {
    pub entity: String,
    /// The fields both designs key the entity on, sorted: the items' identity.
    pub fields: Vec<String>,
    /// Key fields of the old design only (compared with the new items' attributes).
    pub only_old: Vec<String>,
    /// Key fields of the new design only (compared with the old items' attributes).
    pub only_new: Vec<String>,
}

impl EntityMatch {
    /// Both designs key the entity on the same fields.
    #[must_use]
    pub fn same_fields(&self) -> bool {
        self.only_old.is_empty() && self.only_new.is_empty()
    }

    /// One line for the report: what identifies the entity's items, and what does not.
    #[must_use]
    pub fn note(&self) -> String {
        let list = |fields: &[String]| fields.join(", ");
        let mut line = format!("{}: matched by {}", self.entity, identity(&self.fields));
        if !self.only_old.is_empty() {
            let _ = write!(
                line,
                "; {} only in the old model's keys, compared with the new items' attributes",
                list(&self.only_old)
            );
        }
        if !self.only_new.is_empty() {
            let _ = write!(
                line,
                "; {} only in the new model's keys, compared with the old items' attributes",
                list(&self.only_new)
            );
        }
        line
    }
}

fn identity(fields: &[String]) -> String {
    if fields.is_empty() {
        "the entity alone (its keys have no placeholders: one item)".to_owned()
    } else {
        fields.join(", ")
    }
}

/// Every entity's matching, in the old model's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RedesignPlan {
    pub entities: Vec<EntityMatch>,
}

impl RedesignPlan {
    /// The matching of `old`'s entities with `new`'s; `Err` lists every problem, each with what
    /// to change in which file (`old_file`, `new_file` name them).
    pub fn new(
        (old, old_file): (&Model, &str),
        (new, new_file): (&Model, &str),
    ) -> Result<Self, String> {
        let mut problems = Vec::new();
        problems.extend(unidentifying(old, old_file));
        problems.extend(unidentifying(new, new_file));
        problems.extend(missing(old, new, new_file));
        problems.extend(missing(new, old, old_file));
        let mut entities = Vec::new();
        for entity in &old.entities {
            let Some(other) = new.entities.iter().find(|other| other.name == entity.name) else {
                continue;
            };
            let planned = entity_match(entity, other);
            if planned.fields.is_empty() && !planned.same_fields() {
                problems.push(format!(
                    "entity {:?}: no key field is common to both models (old {}, new {}): \
                     give both key templates at least one placeholder of the same name",
                    entity.name,
                    field_list(entity),
                    field_list(other)
                ));
            }
            entities.push(planned);
        }
        if old.entities.is_empty() {
            problems.push(format!(
                "{old_file}: the model has no [[entity]] to match items by"
            ));
        }
        if problems.is_empty() {
            return Ok(Self { entities });
        }
        Err(problems.join("\n"))
    }

    #[must_use]
    pub fn entity(&self, name: &str) -> Option<&EntityMatch> {
        self.entities.iter().find(|entity| entity.entity == name)
    }

    /// One line per entity whose designs key it on different fields.
    #[must_use]
    pub fn notes(&self) -> Vec<String> {
        self.entities
            .iter()
            .filter(|entity| !entity.same_fields())
            .map(EntityMatch::note)
            .collect()
    }
}

/// The placeholders of an entity's partition and sort key templates.
#[must_use]
pub fn key_fields(entity: &EntityModel) -> BTreeSet<String> {
    [&entity.pk, &entity.sk]
        .into_iter()
        .flatten()
        .flat_map(|template| template.placeholders().map(str::to_owned))
        .collect()
}

fn field_list(entity: &EntityModel) -> String {
    let fields: Vec<String> = key_fields(entity).into_iter().collect();
    if fields.is_empty() {
        "none".to_owned()
    } else {
        fields.join(", ")
    }
}

fn entity_match(old: &EntityModel, new: &EntityModel) -> EntityMatch {
    let (old_fields, new_fields) = (key_fields(old), key_fields(new));
    EntityMatch {
        entity: old.name.clone(),
        fields: old_fields.intersection(&new_fields).cloned().collect(),
        only_old: old_fields.difference(&new_fields).cloned().collect(),
        only_new: new_fields.difference(&old_fields).cloned().collect(),
    }
}

/// Entities known only by a marker attribute: their keys cannot be decoded into fields.
fn unidentifying(model: &Model, file: &str) -> Vec<String> {
    model
        .entities
        .iter()
        .filter(|entity| entity.pk.is_none())
        .map(|entity| {
            format!(
                "{file}: entity {:?} has no key templates, so its fields cannot be read from \
                 its keys: give it pk (and sk) templates such as pk = \"USER#{{userId}}\"",
                entity.name
            )
        })
        .collect()
}

/// The entities of `model` that `other` (the file `other_file`) does not define.
fn missing(model: &Model, other: &Model, other_file: &str) -> Vec<String> {
    model
        .entities
        .iter()
        .filter(|entity| !other.entities.iter().any(|e| e.name == entity.name))
        .map(|entity| {
            format!(
                "entity {:?} is not in {other_file}: define it there (under the same name) \
                 or take it out of the other model",
                entity.name
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn model(text: &str) -> Model {
        Model::parse(text, "m.toml").unwrap_or_else(|error| panic!("{error}"))
    }

    const OLD: &str = r##"
[[entity]]
name = "User"
pk = "USER#{userId}"
sk = "PROFILE"

[[entity]]
name = "Order"
pk = "USER#{userId}"
sk = "ORDER#{orderId}"
"##;

    const NEW: &str = r##"
[[entity]]
name = "Order"
pk = "CUSTOMER#{userId}"
sk = "ORD#{orderDate}#{orderId}"

[[entity]]
name = "User"
pk = "USER#{userId}"
sk = "PROFILE"
"##;

    #[test]
    fn an_entity_keyed_on_other_fields_is_matched_by_the_common_ones() {
        let plan = RedesignPlan::new((&model(OLD), "old.toml"), (&model(NEW), "new.toml"))
            .expect("a plan");
        let order = plan.entity("Order").expect("Order");
        assert_eq!(order.fields, ["orderId", "userId"]);
        assert!(order.only_old.is_empty());
        assert_eq!(order.only_new, ["orderDate"]);
        assert!(plan.entity("User").expect("User").same_fields());
        assert_eq!(
            plan.notes(),
            [
                "Order: matched by orderId, userId; orderDate only in the new model's keys, \
              compared with the old items' attributes"
            ]
        );
    }

    #[test]
    fn an_entity_of_one_model_only_is_refused_with_what_to_fix() {
        let fewer =
            model("[[entity]]\nname = \"User\"\npk = \"USER#{userId}\"\nsk = \"PROFILE\"\n");
        let error = RedesignPlan::new((&model(OLD), "old.toml"), (&fewer, "new.toml"))
            .expect_err("Order is missing");
        assert!(
            error.contains("entity \"Order\" is not in new.toml"),
            "{error}"
        );
    }

    #[test]
    fn no_common_key_field_is_refused() {
        let old = model("[[entity]]\nname = \"A\"\npk = \"A#{x}\"\n");
        let new = model("[[entity]]\nname = \"A\"\npk = \"A#{y}\"\n");
        let error = RedesignPlan::new((&old, "old.toml"), (&new, "new.toml")).expect_err("none");
        assert!(
            error.contains("no key field is common to both models (old x, new y)"),
            "{error}"
        );
    }

    #[test]
    fn a_singleton_keyed_on_literals_alone_is_its_own_identity() {
        let config = model("[[entity]]\nname = \"Config\"\npk = \"CONFIG\"\nsk = \"GLOBAL\"\n");
        let plan = RedesignPlan::new((&config, "old.toml"), (&config, "new.toml")).expect("ok");
        assert_eq!(plan.entities[0].fields, Vec::<String>::new());
        assert!(plan.notes().is_empty());
    }

    #[test]
    fn an_empty_model_is_refused() {
        let error = RedesignPlan::new(
            (&Model::default(), "old.toml"),
            (&Model::default(), "new.toml"),
        )
        .expect_err("nothing to match by");
        assert!(
            error.contains("old.toml: the model has no [[entity]]"),
            "{error}"
        );
    }
}
