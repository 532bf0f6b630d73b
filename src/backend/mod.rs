//! Backends: translate a display::Document to SVG or PDF, nothing more.
