//! Entity names interned to small ids, so a million items cost no string each.

use std::collections::HashMap;

/// The name shown for items no clue names.
pub const UNNAMED: &str = "(no entity)";

#[derive(Debug, Default)]
pub struct EntityNames {
    names: Vec<String>,
    ids: HashMap<String, usize>,
}

impl EntityNames {
    pub fn intern(&mut self, name: Option<&str>) -> usize {
        let name = name.unwrap_or(UNNAMED);
        if let Some(&id) = self.ids.get(name) {
            return id;
        }
        let id = self.names.len();
        self.names.push(name.to_owned());
        self.ids.insert(name.to_owned(), id);
        id
    }

    #[must_use]
    pub fn name(&self, id: usize) -> &str {
        self.names.get(id).map_or(UNNAMED, String::as_str)
    }

    #[must_use]
    pub fn is_unnamed(&self, id: usize) -> bool {
        self.name(id) == UNNAMED
    }
}
