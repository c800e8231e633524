"""Help ▸ Keyboard and mouse: the window's own keys, and the puzzle's help as flowing HTML."""

from __future__ import annotations

import html

GENERAL_HELP = (
    "<b>Everywhere:</b> undo Ctrl+Z, redo Ctrl+Shift+Z; a move after an undo starts a branch. "
    "Undo also takes back an editor edit, bringing back the board before it with all its moves.",
    "<b>History tab:</b> click any move to jump there.",
    "<b>Step-through tab:</b> the slider and buttons walk the current line; Home and End jump to its ends "
    "from anywhere. When the tab comes to the front it has the keyboard, so ← and → step; a click on the "
    "board gives the arrow keys back to play.",
    "<b>Zoom:</b> Ctrl+wheel, Ctrl++ and Ctrl+−; Ctrl+0 fits the board to the window.",
    "<b>Editor:</b> Ctrl+M switches editor mode on and off.",
    "<b>Solver:</b> F5 starts a run (the Solver tab comes to the front), F6 pauses, Shift+F5 cancels.",
    "<b>Cases and seeds:</b> Alt+← and Alt+→ (the toolbar's ◀ ▶) open the previous and next numbered "
    "file of the board's folder (0003.txt, 0004.txt…), or generate the previous and next seed; type a "
    "number in the box to go there. Ctrl+N generates with other options.",
    "<b>Clipboard:</b> Ctrl+C copies the board as an image, Ctrl+Shift+C the answer up to the position "
    "shown; Ctrl+V pastes an answer for this board, or a board.",
    "<b>Answer files:</b> an answer opened from a file is loaded again when the file changes on disk "
    "(your program rewrote it); Ctrl+R does it by hand. The next start reopens the last board and answer.",
    "<b>Theme:</b> View ▸ Theme follows the system's light or dark scheme, or keeps the one you choose.",
)


def help_html(title: str, puzzle_help: str, general: tuple[str, ...]) -> str:
    """Paragraphs of text as HTML: hard line breaks inside a paragraph are joined, so the
    dialog wraps the text to its own width; a paragraph that starts "Play:" gets the word bold."""
    paragraphs = []
    for block in puzzle_help.split("\n\n"):
        text = html.escape(" ".join(line.strip() for line in block.splitlines() if line.strip()))
        head, colon, rest = text.partition(":")
        if colon and len(head) <= 12 and " " not in head:
            text = f"<b>{head}:</b>{rest}"
        if text:
            paragraphs.append(text)
    body = "".join(f"<p>{p}</p>" for p in paragraphs + list(general))
    return f"<h3>{html.escape(title)}</h3>{body}"
