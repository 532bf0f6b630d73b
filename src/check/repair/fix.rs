//! Applying the top suggestions to a record's text.
