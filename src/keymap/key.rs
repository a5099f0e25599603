//! Key syntax of keymap files: `j`, `G`, `?`, `<C-s>`, `<Enter>`, `<S-Tab>`, `<A-x>`, `<Space>`.
//! One printable character stands for itself (its case carries Shift); anything else is a name
//! in angle brackets with optional `C-`, `A-`, `S-` modifier prefixes.

use std::fmt;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// One key press as keymaps describe it: a code plus Ctrl/Alt/Shift.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    pub code: KeyCode,
    pub modifiers: KeyModifiers,
}

/// Named keys accepted inside `<…>`, with the code each names.
const NAMED: &[(&str, KeyCode)] = &[
    ("Enter", KeyCode::Enter),
    ("Esc", KeyCode::Esc),
    ("Tab", KeyCode::Tab),
    ("BackTab", KeyCode::BackTab),
    ("Backspace", KeyCode::Backspace),
    ("Delete", KeyCode::Delete),
    ("Insert", KeyCode::Insert),
    ("Up", KeyCode::Up),
    ("Down", KeyCode::Down),
    ("Left", KeyCode::Left),
    ("Right", KeyCode::Right),
    ("Home", KeyCode::Home),
    ("End", KeyCode::End),
    ("PageUp", KeyCode::PageUp),
    ("PageDown", KeyCode::PageDown),
    ("Space", KeyCode::Char(' ')),
    ("lt", KeyCode::Char('<')),
];

impl Key {
    /// A key with no modifiers.
    #[must_use]
    pub const fn plain(code: KeyCode) -> Self {
        Self {
            code,
            modifiers: KeyModifiers::NONE,
        }
    }

    /// The key a terminal event stands for, normalised so `G` typed with Shift equals `G` in a
    /// keymap (the character already carries the case) and Shift+Tab equals `<BackTab>`.
    #[must_use]
    pub fn from_event(event: KeyEvent) -> Self {
        let mut modifiers =
            event.modifiers & (KeyModifiers::CONTROL | KeyModifiers::ALT | KeyModifiers::SHIFT);
        let code = match event.code {
            KeyCode::Char(c) => {
                modifiers.remove(KeyModifiers::SHIFT);
                KeyCode::Char(c)
            }
            KeyCode::BackTab => {
                modifiers.remove(KeyModifiers::SHIFT);
                KeyCode::BackTab
            }
            other => other,
        };
        Self { code, modifiers }
    }

    /// Parses one key of the keymap syntax; the error says what is wrong with it.
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (None, _) => return Err("empty key".to_owned()),
            (Some(c), None) if !c.is_control() => return Ok(Self::plain(KeyCode::Char(c))),
            _ => {}
        }
        let inner = text
            .strip_prefix('<')
            .and_then(|rest| rest.strip_suffix('>'))
            .ok_or_else(|| {
                format!("invalid key `{text}`: write one character, or a name in angle brackets like `<Enter>` or `<C-s>`")
            })?;
        let mut modifiers = KeyModifiers::NONE;
        let mut rest = inner;
        while let Some((prefix, tail)) = rest.split_once('-').filter(|(_, tail)| !tail.is_empty()) {
            modifiers |= match prefix {
                "C" => KeyModifiers::CONTROL,
                "A" | "M" => KeyModifiers::ALT,
                "S" => KeyModifiers::SHIFT,
                _ => {
                    return Err(format!(
                        "invalid key `{text}`: unknown modifier `{prefix}-` (use C-, A- or S-)"
                    ));
                }
            };
            rest = tail;
        }
        let mut chars = rest.chars();
        let code = match (chars.next(), chars.next()) {
            (Some(c), None) => KeyCode::Char(c),
            _ => {
                if let Some(number) = rest.strip_prefix('F').and_then(|n| n.parse::<u8>().ok()) {
                    KeyCode::F(number)
                } else {
                    NAMED
                        .iter()
                        .find(|(name, _)| name.eq_ignore_ascii_case(rest))
                        .map(|(_, code)| *code)
                        .ok_or_else(|| format!("invalid key `{text}`: unknown key name `{rest}`"))?
                }
            }
        };
        let mut key = Self { code, modifiers };
        // `<S-Tab>` is how terminals report BackTab; `<S-x>` means `X`.
        if key.modifiers.contains(KeyModifiers::SHIFT) {
            match key.code {
                KeyCode::Tab => {
                    key.code = KeyCode::BackTab;
                    key.modifiers.remove(KeyModifiers::SHIFT);
                }
                KeyCode::Char(c) => {
                    key.code = KeyCode::Char(c.to_ascii_uppercase());
                    key.modifiers.remove(KeyModifiers::SHIFT);
                }
                _ => {}
            }
        }
        Ok(key)
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let named = NAMED
            .iter()
            .find(|(_, code)| *code == self.code)
            .map(|(name, _)| *name);
        let mut prefix = String::new();
        if self.modifiers.contains(KeyModifiers::CONTROL) {
            prefix.push_str("C-");
        }
        if self.modifiers.contains(KeyModifiers::ALT) {
            prefix.push_str("A-");
        }
        if self.modifiers.contains(KeyModifiers::SHIFT) {
            prefix.push_str("S-");
        }
        match (self.code, named) {
            (KeyCode::Char(c), None) if prefix.is_empty() => write!(f, "{c}"),
            (KeyCode::Char(c), None) => write!(f, "<{prefix}{c}>"),
            (KeyCode::F(n), _) => write!(f, "<{prefix}F{n}>"),
            (_, Some(name)) => write!(f, "<{prefix}{name}>"),
            (other, None) => write!(f, "<{prefix}{other:?}>"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_parse_and_print_back_in_canonical_form() {
        let cases = [
            ("j", "j"),
            ("G", "G"),
            ("?", "?"),
            ("<C-s>", "<C-s>"),
            ("<Enter>", "<Enter>"),
            ("<enter>", "<Enter>"),
            ("<S-Tab>", "<BackTab>"),
            ("<S-g>", "G"),
            ("<A-x>", "<A-x>"),
            ("<Space>", "<Space>"),
            ("<F5>", "<F5>"),
            ("<C-Up>", "<C-Up>"),
            ("<->", "-"),
        ];
        for (input, expected) in cases {
            let key = Key::parse(input).unwrap_or_else(|e| panic!("{input}: {e}"));
            assert_eq!(key.to_string(), expected, "{input}");
        }
    }

    #[test]
    fn malformed_keys_are_rejected_with_what_is_wrong() {
        let cases = [
            ("", "empty key"),
            ("jj", "write one character"),
            ("<Entr>", "unknown key name `Entr`"),
            ("<X-a>", "unknown modifier `X-`"),
        ];
        for (input, expected) in cases {
            let error = Key::parse(input).expect_err(input);
            assert!(error.contains(expected), "{input}: {error}");
        }
    }

    #[test]
    fn shifted_letters_from_the_terminal_match_uppercase_keymap_keys() {
        let event = KeyEvent::new(KeyCode::Char('G'), KeyModifiers::SHIFT);
        assert_eq!(Key::from_event(event), Key::parse("G").expect("valid"));
        let event = KeyEvent::new(KeyCode::BackTab, KeyModifiers::SHIFT);
        assert_eq!(
            Key::from_event(event),
            Key::parse("<S-Tab>").expect("valid")
        );
    }
}
