//! `backstep replay FILE`: the command line of the player in
//! [`crate::ui::replay`].

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use clap::Args;

use crate::launch::Launch;
use crate::ui::replay::{run, speed};

/// Play a recording (an asciicast v2 file) back in the terminal; q, Esc or
/// Ctrl-C stops it, and after the end any key leaves.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The recording, as written by --record or --print cast.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// How many times faster than recorded: 2 plays twice as fast, 0.5 at
    /// half speed.
    #[arg(long, value_name = "S", default_value_t = 1.0, value_parser = speed)]
    pub speed: f64,
}

impl Launch for ReplayArgs {
    fn run(self) -> Result<ExitCode> {
        run(&self.file, self.speed)?;
        Ok(ExitCode::SUCCESS)
    }
}
