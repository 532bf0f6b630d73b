//! Classroom handouts: rules pages, game sheets and worksheets.
