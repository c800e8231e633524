"""Playing by hand: moves and the branching history, the editor, stepping through a line."""
