//! Where the table comes from and how it is read: the options naming the demo, an offline file,
//! a model, a keymap and a theme, for the terminal UI and the headless commands alike.

use std::path::PathBuf;

use clap::Args;

/// Where the table comes from and how it is read, for the terminal UI and the headless
/// commands alike.
#[derive(Clone, Debug, Default, Args)]
// Under a heading of their own, after a command's own options, which they would otherwise
// interleave with (`--demo` between `--sk-gt` and `--sk-ge`).
#[command(next_help_heading = "Data source and terminal UI")]
pub struct TuiOptions {
    /// Open the built-in demo table (SingleTableApp, in memory; nothing leaves the process).
    #[arg(long, global = true)]
    pub demo: bool,

    /// Items in the demo table (it is generated, so the same seed and size give the same table).
    #[arg(long = "demo-size", global = true, value_name = "N", requires = "demo",
          default_value_t = crate::demo::DEFAULT_SIZE,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=50_000_000))]
    pub demo_size: usize,

    /// Seed of the demo generator: another seed gives another (equally deterministic) table.
    #[arg(long, global = true, value_name = "N", requires = "demo",
          default_value_t = crate::demo::DEFAULT_SEED)]
    pub seed: u64,

    /// Open an offline table, read-only: `aws dynamodb scan` output, DynamoDB JSON lines (.gz
    /// too) or an Export-to-S3 folder.
    #[arg(long, global = true, value_name = "PATH")]
    pub file: Option<PathBuf>,

    /// `aws dynamodb describe-table` JSON giving --file its key schema and indexes (otherwise
    /// inferred from the items).
    #[arg(long, global = true, value_name = "FILE", requires = "file")]
    pub schema: Option<PathBuf>,

    /// S3 endpoint URL for `--file s3://…` on an S3-compatible server (moto, MinIO), addressed
    /// path-style; AWS_ENDPOINT_URL_S3 works too. Credentials and region are DynamoDB's.
    #[arg(
        long = "s3-endpoint-url",
        global = true,
        value_name = "URL",
        requires = "file"
    )]
    pub s3_endpoint_url: Option<String>,

    /// Which image of an incremental export's changes --file opens: each changed item as it is
    /// after the change (deleted items left out), or as it was before (inserted ones left out).
    #[arg(long = "export-image", global = true, value_enum, value_name = "IMAGE",
          default_value_t = ImageChoice::New, requires = "file")]
    pub export_image: ImageChoice,

    /// What to do with a malformed line or item in --file: report it and go on, or stop.
    #[arg(long = "bad-lines", global = true, value_enum, value_name = "WHAT",
          default_value_t = BadLinesChoice::Skip, requires = "file")]
    pub bad_lines: BadLinesChoice,

    /// Model file naming entities by key templates (TOML), or a NoSQL Workbench model (JSON)
    /// whose facets become entities and access patterns; wins over the heuristics.
    #[arg(long, global = true, value_name = "FILE")]
    pub model: Option<PathBuf>,

    /// Keymap file with overrides (default: $XDG_CONFIG_HOME/ddbx/keymap.toml).
    #[arg(long, global = true, value_name = "FILE")]
    pub keymap: Option<PathBuf>,

    /// Parallel Scan segments used to discover item collections.
    #[arg(long = "discovery-segments", global = true, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub discovery_segments: u32,

    /// Colours for a dark or a light terminal background; `auto` asks the terminal (default:
    /// `theme` in $XDG_CONFIG_HOME/ddbx/config.toml, else auto).
    #[arg(long, global = true, value_enum, value_name = "THEME")]
    pub theme: Option<ThemeChoice>,
}

/// `--theme` and the config file's `theme`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ThemeChoice {
    /// Ask the terminal for its background colour; dark when it does not answer.
    #[default]
    Auto,
    Dark,
    Light,
}

/// `--bad-lines`: the command-line face of [`crate::offline::BadLines`], kept here so the offline
/// loaders do not depend on clap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum BadLinesChoice {
    /// Report each bad line (file and line number) and load the rest.
    #[default]
    Skip,
    /// Stop at the first bad line.
    Stop,
}

/// `--export-image`: the command-line face of [`crate::offline::Image`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ImageChoice {
    /// The item after the change; a deleted item has none.
    #[default]
    New,
    /// The item before the change; an inserted item has none.
    Old,
}

impl TuiOptions {
    /// How `--file` is read: bad lines, the image, and S3 reached with `aws`'s profile and
    /// region at `--s3-endpoint-url`.
    #[must_use]
    pub fn reading(&self, aws: &crate::backend::aws::AwsOptions) -> crate::offline::Reading {
        crate::offline::Reading {
            bad_lines: self.bad_lines.into(),
            image: match self.export_image {
                ImageChoice::New => crate::offline::Image::New,
                ImageChoice::Old => crate::offline::Image::Old,
            },
            s3: crate::backend::aws::s3::S3Options {
                profile: aws.profile.clone(),
                region: aws.region.clone(),
                endpoint_url: self.s3_endpoint_url.clone(),
            },
        }
    }
}

impl From<BadLinesChoice> for crate::offline::BadLines {
    fn from(choice: BadLinesChoice) -> Self {
        match choice {
            BadLinesChoice::Skip => Self::Skip,
            BadLinesChoice::Stop => Self::Stop,
        }
    }
}
