//! Rules engines, one module per game, apart from any drawing.
