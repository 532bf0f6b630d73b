//! TOML layout specs: parsing, defaults and validation.
