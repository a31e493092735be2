"""The engine: the rules of dominoes as values and transitions (pure Python, no I/O)."""
