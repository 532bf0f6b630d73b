//! Layout: turns a validated spec into a display::Document.
