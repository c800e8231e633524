"""The fast rule-based tilts of ymatsux's AHC015 write-up (3rd place).

Both only look at the flavour of the candy that drops next, which is public;
neither simulates the box. The tilt chosen after the last candy is a no-op.
"""

from __future__ import annotations

from workbench.puzzles.ahc015.box import Box, last_vertical_tilt

STRAWBERRY, WATERMELON, PUMPKIN = 1, 2, 3


def rule1(view: Box, played: tuple[str, ...]) -> str:
    """Strawberries to the front: tilt B before a strawberry drops, F before anything else.

    After B the empty cells are all in front, so the strawberry lands above the rest.
    """
    return "B" if view.next_flavour == STRAWBERRY else "F"


def gathered_in_front(played: tuple[str, ...]) -> bool:
    """Whether the candies sit in front: the last vertical tilt was F.

    The write-up defines "in front" (an F with no B since) and "at the back"
    (a B with no F since) but not the opening, before any vertical tilt. There
    the candies are not gathered anywhere yet, so rule 2 tilts F like rule 1
    and only starts the left/right split once an F has gathered them.
    """
    return last_vertical_tilt(played) == "F"


def rule2(view: Box, played: tuple[str, ...]) -> str:
    """Strawberry in front, watermelon back-left, pumpkin back-right.

    Before a strawberry: B, as in rule 1. Before a watermelon or a pumpkin,
    when the candies are not gathered in front: F, so it cannot land in front
    of the strawberries (front/back order outranks left/right). When they sit
    in front: R before a watermelon (the empty cells are then on the left) and
    L before a pumpkin.
    """
    upcoming = view.next_flavour
    if upcoming == STRAWBERRY:
        return "B"
    if not gathered_in_front(played):
        return "F"
    return "R" if upcoming == WATERMELON else "L"
