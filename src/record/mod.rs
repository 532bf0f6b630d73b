//! Game records (RECORD-FORMAT.md): the parser.
