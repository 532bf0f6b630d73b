//! Tests of the server in-process.
