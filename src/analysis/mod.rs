//! The transition-distance analysis of the rulesets (RULES.md §6).
