//! The settings file, `$XDG_CONFIG_HOME/ddbx/config.toml` (beside the keymap): preferences a
//! command-line flag can also give, the flag winning. Unknown keys are errors, so a misspelt
//! setting is reported instead of silently doing nothing.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::connect::ThemeChoice;

/// The settings a file may hold; each is optional.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// `theme = "dark" | "light" | "auto"`.
    pub theme: Option<ThemeChoice>,
}

/// `$XDG_CONFIG_HOME/ddbx/config.toml`, or `~/.config/ddbx/config.toml`.
#[must_use]
pub fn default_path() -> Option<PathBuf> {
    let config = crate::storage::config_home()?;
    Some(crate::storage::ddbx_dir(&config).join("config.toml"))
}

/// The user's settings: none when the file does not exist; an error naming the file and what is
/// wrong otherwise.
pub fn load_default() -> Result<Config, String> {
    default_path().map_or_else(|| Ok(Config::default()), |path| load(&path))
}

/// The settings in `path`, none when it does not exist.
pub fn load(path: &Path) -> Result<Config, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            return Ok(Config::default());
        }
        Err(error) => return Err(format!("{}: {error}", path.display())),
    };
    parse(&text).map_err(|error| format!("{}: {error}", path.display()))
}

fn parse(text: &str) -> Result<Config, String> {
    toml::from_str(text).map_err(|error| error.message().trim_end().to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_theme_is_read_and_unknown_keys_are_refused() {
        assert_eq!(parse("").map(|c| c.theme), Ok(None));
        assert_eq!(
            parse("theme = \"light\"\n").map(|c| c.theme),
            Ok(Some(ThemeChoice::Light))
        );
        assert!(parse("theme = \"sepia\"\n").is_err());
        assert!(parse("colour = \"light\"\n").is_err());
    }

    #[test]
    fn a_missing_file_is_no_settings() {
        let missing = std::env::temp_dir().join("ddbx-no-such-dir/config.toml");
        assert_eq!(load(&missing), Ok(Config::default()));
    }
}
