//! One module per subcommand. Each has `Args` (clap) and `run`, which returns
//! the process exit code or a diagnostic (printed by `main`, exit 2).

pub mod analyze;
pub mod check;
pub mod handout;
pub mod maps;
pub mod render;
pub mod templates;
