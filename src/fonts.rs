//! The embedded fonts (Noto Sans, Noto Sans Thai; OFL, see fonts/OFL.txt).
