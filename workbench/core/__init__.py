"""Qt-free foundations: the puzzle protocol, errors, history, files."""
