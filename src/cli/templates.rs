//! `paperboard templates`.

use std::process::ExitCode;

use miette::IntoDiagnostic;
use paperboard_sheets::spec::Template;

use crate::console::Printer;

/// Arguments of `paperboard templates`.
#[derive(clap::Args)]
pub struct Args {
    /// Print this template's TOML spec, to start a spec of your own
    /// (`paperboard templates --show sos > mine.toml`).
    #[arg(long, value_name = "NAME", conflicts_with = "json")]
    pub show: Option<String>,
    /// Print the list as JSON: `{"version": …, "templates": [{"name": …,
    /// "description": …}, …]}`.
    #[arg(long)]
    pub json: bool,
}

/// `templates --json`.
#[derive(serde::Serialize)]
struct TemplatesJson {
    version: &'static str,
    templates: Vec<TemplateJson>,
}

#[derive(serde::Serialize)]
struct TemplateJson {
    name: &'static str,
    description: String,
}

/// Runs `paperboard templates`: one line per built-in template, or one
/// template's text.
pub fn run(args: Args) -> miette::Result<ExitCode> {
    if let Some(name) = &args.show {
        let t = Template::from_name(name).ok_or_else(|| {
            let names: Vec<&str> = Template::ALL.iter().map(|t| t.name()).collect();
            miette::miette!(
                help = format!("built-in templates: {}", names.join(", ")),
                "there is no built-in template `{name}`"
            )
        })?;
        let mut out = Printer::new();
        out.print(t.text())?;
        out.finish()?;
        return Ok(ExitCode::SUCCESS);
    }
    if args.json {
        let json = TemplatesJson {
            version: env!("CARGO_PKG_VERSION"),
            templates: Template::ALL
                .iter()
                .map(|t| TemplateJson {
                    name: t.name(),
                    description: t.description(),
                })
                .collect(),
        };
        let mut out = Printer::new();
        out.line(&serde_json::to_string_pretty(&json).into_diagnostic()?)?;
        out.finish()?;
        return Ok(ExitCode::SUCCESS);
    }
    let width = Template::ALL
        .iter()
        .map(|t| t.name().len())
        .max()
        .unwrap_or(0);
    let mut out = Printer::new();
    for t in Template::ALL {
        out.line(&format!("{:width$}  {}", t.name(), t.description()))?;
    }
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}
