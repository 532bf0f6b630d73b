//! The checker: replays parsed records through the rules engines and reports.
