//! Classroom handouts: a rules page in the class's language, game sheets
//! (with copies carrying a name / class / date line) and worksheets of
//! exercises with an answer key, in one multi-page document with a header and
//! page numbers.

pub mod exercises;
pub mod texts;
pub mod wrap;
