//! Keymaps as data: `keymaps/default.toml` (embedded at build time) plus optional user overrides
//! with `prepend_keymap` (wins), `append_keymap` (fallback), `keymap` (replaces a section) and
//! `run = "noop"` to unbind. A bad user file never stops the app: its error is returned for the
//! status line and the defaults are used.

mod bindable;
mod binding;
mod error;
mod file;
pub mod key;
pub mod section;
mod suggest;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

pub use bindable::Bindable;
pub use binding::Binding;
pub use error::KeymapError;
pub use key::Key;
pub use section::{ScreenSection, Section};
pub use suggest::{edit_distance, nearest};

/// The shipped keymap, the single source of truth for default keys, help and hints.
pub const DEFAULT_KEYMAP: &str = include_str!("../../keymaps/default.toml");

/// A keymap is a few hundred lines; anything far larger is the wrong file.
const MAX_KEYMAP_FILE: u64 = 1024 * 1024;

/// What a key sequence means in a section.
#[derive(Clone, Debug, PartialEq)]
pub enum Lookup<A> {
    Action(A),
    /// The keys so far start a chord; wait for the next key.
    Pending,
    Unbound,
}

/// The effective keymap: per section, rows in priority order.
#[derive(Clone, Debug, PartialEq)]
pub struct Keymap<A> {
    sections: BTreeMap<Section, Vec<Binding<A>>>,
}

impl<A: Bindable> Keymap<A> {
    /// The built-in keymap. It is validated by tests, so failing here is a build defect.
    #[must_use]
    pub fn defaults() -> Self {
        match Self::from_default_text() {
            Ok(keymap) => keymap,
            Err(error) => panic!("the embedded default keymap is invalid: {error}"),
        }
    }

    /// The shipped keymap, then each screen's own keys after the rows of the sections they
    /// bind in.
    fn from_default_text() -> Result<Self, KeymapError> {
        let mut sections: BTreeMap<Section, Vec<Binding<A>>> = BTreeMap::new();
        let screens = A::screen_sections().iter().map(|screen| {
            (
                format!("<built-in keys of the {} screen>", screen.name),
                screen.default_keys,
            )
        });
        let sources =
            std::iter::once(("<built-in keymaps/default.toml>".to_owned(), DEFAULT_KEYMAP))
                .chain(screens);
        for (file, text) in sources {
            for (section, rows) in file::parse(&file, text)? {
                let bindings = sections.entry(section).or_default();
                bindings.extend(rows.prepend);
                bindings.extend(rows.replace.unwrap_or_default());
                bindings.extend(rows.append);
            }
        }
        Ok(Self { sections })
    }

    /// Every section of this keymap's actions, the app's screens included.
    #[must_use]
    pub fn sections(&self) -> Vec<Section> {
        Section::all(A::screen_sections())
    }

    /// The defaults with the user file `text` (named `file` in errors) applied on top.
    pub fn with_overrides(file: &str, text: &str) -> Result<Self, KeymapError> {
        let overrides = file::parse(file, text)?;
        let mut keymap = Self::defaults();
        for (section, rows) in overrides {
            let current = keymap.sections.entry(section).or_default();
            let base = rows.replace.unwrap_or_else(|| std::mem::take(current));
            let mut merged = rows.prepend;
            merged.extend(base);
            merged.extend(rows.append);
            *current = merged;
        }
        if !keymap.can_quit() {
            return Err(KeymapError {
                file: file.to_owned(),
                position: None,
                message: "no key quits any more (every binding of \"quit\" and \"back\" in                           [global] is unbound): one quit binding must remain, e.g.                           { on = \"<C-c>\", run = \"quit\" }"
                    .to_owned(),
            });
        }
        Ok(keymap)
    }

    /// Whether the first view (the overview) has a key that quits: `quit`, or `back`, which
    /// quits from there. A keymap without one would trap the user in the UI.
    fn can_quit(&self) -> bool {
        self.effective(Section::Overview)
            .iter()
            .any(|binding| binding.action.leaves_first_view())
    }

    /// Loads the effective keymap: `explicit` (from `--keymap`) or else the XDG user file if it
    /// exists, on top of the defaults. On any problem the defaults are returned with the error.
    #[must_use]
    pub fn load(explicit: Option<&Path>) -> (Self, Option<KeymapError>) {
        let path = match explicit {
            Some(path) => Some(path.to_path_buf()),
            None => user_keymap_path().filter(|path| path.exists()),
        };
        let Some(path) = path else {
            return (Self::defaults(), None);
        };
        let name = path.display().to_string();
        let loaded = crate::storage::input::read_regular_text(&path, MAX_KEYMAP_FILE)
            .map_err(|error| KeymapError {
                file: name.clone(),
                position: None,
                message: error.to_string(),
            })
            .and_then(|text| Self::with_overrides(&name, &text));
        match loaded {
            Ok(keymap) => (keymap, None),
            Err(error) => (Self::defaults(), Some(error)),
        }
    }

    /// The bindings of one section, in priority order (global not included).
    #[must_use]
    pub fn bindings(&self, section: Section) -> &[Binding<A>] {
        self.sections.get(&section).map_or(&[], Vec::as_slice)
    }

    /// Bindings that apply in `section`, in lookup order, each key sequence only once (the first
    /// binding of a sequence shadows later ones) and without unbound (`noop`) rows: what the
    /// help overlay and the hints show.
    #[must_use]
    pub fn effective(&self, section: Section) -> Vec<&Binding<A>> {
        let mut seen = Vec::new();
        let mut result = Vec::new();
        for binding in self.chain(section) {
            if seen.contains(&&binding.keys) {
                continue;
            }
            seen.push(&binding.keys);
            if binding.action != A::NOOP {
                result.push(binding);
            }
        }
        result
    }

    fn chain(&self, section: Section) -> impl Iterator<Item = &Binding<A>> {
        let global: &[Binding<A>] = if section.falls_back_to_global() {
            self.bindings(Section::Global)
        } else {
            &[]
        };
        self.bindings(section).iter().chain(global)
    }

    /// What `keys` (pending chord keys plus the new one) mean in `section`.
    #[must_use]
    pub fn lookup(&self, section: Section, keys: &[Key]) -> Lookup<A> {
        let mut pending = false;
        for binding in self.chain(section) {
            if binding.keys == keys {
                return Lookup::Action(binding.action.clone());
            }
            pending |= binding.keys.len() > keys.len() && binding.keys.starts_with(keys);
        }
        if pending {
            Lookup::Pending
        } else {
            Lookup::Unbound
        }
    }

    /// The screens' sections other than `here` where `keys` do something, with what they do
    /// there: for a key pressed where it does nothing.
    #[must_use]
    pub fn elsewhere(&self, here: Section, keys: &[Key]) -> Vec<(Section, &Binding<A>)> {
        self.sections()
            .into_iter()
            .filter(|section| *section != here && *section != Section::Global)
            .filter_map(|section| {
                let bound = self.bindings(section).iter().find(|b| b.keys == keys)?;
                (bound.action != A::NOOP).then_some((section, bound))
            })
            .collect()
    }

    /// The keys bound to `action` in `section` (first one), for hints like "? help".
    #[must_use]
    pub fn key_for(&self, section: Section, action: &A) -> Option<String> {
        self.effective(section)
            .into_iter()
            .find(|binding| &binding.action == action)
            .map(Binding::keys_text)
    }

    /// The effective keymap as TOML in the shipped shape (what `ddbx keymap` prints).
    #[must_use]
    pub fn to_toml(&self) -> String {
        let mut out = String::new();
        for section in self.sections() {
            let _ = writeln!(out, "[{}]\nkeymap = [", section.name());
            for binding in self.bindings(section) {
                let on = if binding.keys.len() == 1 {
                    toml_string(&binding.keys_text())
                } else {
                    let keys: Vec<String> = binding
                        .keys
                        .iter()
                        .map(|key| toml_string(&key.to_string()))
                        .collect();
                    format!("[{}]", keys.join(", "))
                };
                let run = binding.action.name().unwrap_or("noop");
                let _ = writeln!(
                    out,
                    "  {{ on = {on}, run = {}, desc = {} }},",
                    toml_string(run),
                    toml_string(&binding.desc)
                );
            }
            out.push_str("]\n\n");
        }
        out
    }
}

fn toml_string(text: &str) -> String {
    let mut quoted = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => quoted.push_str("\\\""),
            '\\' => quoted.push_str("\\\\"),
            c if c.is_control() => {
                let _ = write!(quoted, "\\u{:04X}", u32::from(c));
            }
            c => quoted.push(c),
        }
    }
    quoted.push('"');
    quoted
}

/// `$XDG_CONFIG_HOME/ddbx/keymap.toml`, or `~/.config/ddbx/keymap.toml`.
#[must_use]
pub fn user_keymap_path() -> Option<PathBuf> {
    let config = crate::storage::config_home()?;
    Some(crate::storage::ddbx_dir(&config).join("keymap.toml"))
}

/// Prints the effective keymap (defaults plus the overrides in `user_file`, else the user's
/// keymap file) as TOML; a bad user file is reported as the error and the defaults are printed.
pub fn print_effective<A: Bindable>(user_file: Option<&Path>) -> Result<(), String> {
    let (keymap, error) = Keymap::<A>::load(user_file);
    // The overrides came from a file, so the text is escaped like every other output.
    let text: String = keymap
        .to_toml()
        .lines()
        .map(|line| format!("{}\n", crate::domain::escape::escape_for_terminal(line)))
        .collect();
    let mut out = std::io::stdout().lock();
    let _ = std::io::Write::write_all(&mut out, text.as_bytes())
        .and_then(|()| std::io::Write::flush(&mut out));
    match error {
        Some(error) => Err(format!(
            "keymap error (the defaults above are in effect): {error}"
        )),
        None => Ok(()),
    }
}
