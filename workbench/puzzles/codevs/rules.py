"""One turn of the single-player puzzle (spec §2.8): ojama, drop or skill, chains, records.

Turns are counted from 1 in messages and records, like the moves of an answer
(the contest's own turn counter starts at 0). All arithmetic is exact integer.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import NamedTuple

from workbench.core.errors import IllegalMove
from workbench.core.puzzle import Frame, Transition

from .field import (
    VISIBLE,
    WIDTH,
    Field,
    Pack,
    add_ojama_row,
    blast_mask,
    cells_of,
    land,
    pack_problem,
    pair_mask,
    remove,
)

GAUGE_MAX = 100
GAUGE_PER_CHAIN_TURN = 8
SKILL_GAUGE = 80
OJAMA_ROW = WIDTH  # stock needed for one row of ojama to fall


class Drop(NamedTuple):
    """Command ``X R``: the pack turned R times clockwise, its left column over column X."""

    x: int
    r: int


@dataclass(frozen=True)
class Skill:
    """Command ``S``: explode every 5 instead of dropping this turn's pack."""


SKILL = Skill()
DROPS = tuple(Drop(x, r) for x in range(WIDTH - 1) for r in range(4))


@dataclass(frozen=True)
class Case:
    """A puzzle instance: the packs, the turn budget K and the incoming-ojama schedule.

    A chain problem set up in the editor also starts from its own field, gauge and
    ojama stock; a contest file always starts empty (spec §2.8), so it cannot hold them.
    """

    packs: tuple[Pack, ...]
    turns: int = 500  # K
    # A practice scenario (spec §2.7 steps 1 and 5): incoming[t] ojama join the stock before
    # turn t + 1, and the ojama a turn produces first cancels the stock. Default: none.
    incoming: tuple[int, ...] = ()
    start_field: Field = Field()
    start_gauge: int = 0
    start_stock: int = 0

    def __post_init__(self):
        for number, pack in enumerate(self.packs, start=1):
            problem = pack_problem(pack)
            if problem:
                raise ValueError(f"pack {number}: {problem}")
        if not 1 <= self.turns <= len(self.packs):
            raise ValueError(f"the turn budget must be 1..{len(self.packs)}, got {self.turns}")
        if any(amount < 0 for amount in self.incoming):
            raise ValueError("incoming ojama cannot be negative")
        if self.start_field.over_danger_line():
            raise ValueError(f"the start field has a block above row {VISIBLE}, over the danger line")
        if pair_mask(self.start_field).any():
            raise ValueError("the start field has touching blocks that sum to 10: they would have been erased")
        if not 0 <= self.start_gauge <= GAUGE_MAX:
            raise ValueError(f"the gauge is 0..{GAUGE_MAX}, got {self.start_gauge}")
        if self.start_stock < 0:
            raise ValueError("the ojama stock cannot be negative")

    @property
    def custom_start(self) -> bool:
        """Whether play starts elsewhere than the contest's empty field, gauge 0 and stock 0."""
        return (self.start_field, self.start_gauge, self.start_stock) != (Field(), 0, 0)

    def start(self) -> State:
        return State(field=self.start_field, gauge=self.start_gauge, stock=self.start_stock)

    def incoming_before(self, turn_index: int) -> int:
        return self.incoming[turn_index] if turn_index < len(self.incoming) else 0


@dataclass(frozen=True)
class TurnResult:
    chains: int  # chain count; on a skill turn, the chains that follow the explosion
    chain_score: int
    exploded: int = 0  # blocks the skill erased, the 5s included
    explosion_score: int = 0
    ojama: int = 0

    @property
    def score(self) -> int:
        return self.chain_score + self.explosion_score


@dataclass(frozen=True)
class State:
    field: Field = Field()
    turn: int = 0  # turns played; the next turn uses packs[turn]
    gauge: int = 0  # at the end of the last turn
    stock: int = 0  # incoming ojama that has not fallen yet
    total_score: int = 0
    max_chain: int = 0
    best_ojama: int = 0
    best_ojama_turn: int = 0  # the first turn that produced best_ojama (0: none yet)
    last: TurnResult | None = None


@cache
def chain_score(chains: int) -> int:
    """Σ floor(1.3^i) for i = 1..chains, as 13^i // 10^i."""
    return sum(13**i // 10**i for i in range(1, chains + 1))


@cache
def explosion_score(blocks: int) -> int:
    """floor(25 · 2^(blocks/12)): the largest x with x^12 <= 25^12 · 2^blocks (0 for no block)."""
    if blocks == 0:
        return 0
    bound = 25**12 << blocks
    x = int(25 * 2 ** (blocks / 12))  # a close guess, corrected exactly below
    while x**12 > bound:
        x -= 1
    while (x + 1) ** 12 <= bound:
        x += 1
    return x


def as_move(move) -> Drop | Skill:
    if isinstance(move, Skill):
        return move
    if isinstance(move, tuple) and len(move) == 2 and all(isinstance(v, int) for v in move):
        return Drop(*move)
    raise IllegalMove(f"{move!r} is neither a drop 'X R' nor the skill 'S'")


def move_text(move: Drop | Skill) -> str:
    return "S" if isinstance(move, Skill) else f"{move.x} {move.r}"


def _resolve_chains(field: Field, during: State, frames: list) -> tuple[Field, int]:
    """Erase all pairs at once, let the blocks fall, and repeat; returns the count of erasures."""
    chains = 0
    while True:
        erased = pair_mask(field)
        if not erased.any():
            return field, chains
        chains += 1
        cells = cells_of(erased)
        frames.append(Frame(replace(during, field=field), f"chain {chains}: {len(cells)} blocks erased", cells))
        field = remove(field, erased)
        frames.append(Frame(replace(during, field=field), f"chain {chains}: the blocks above fell"))


def _drop(case: Case, during: State, move: Drop, frames: list) -> tuple[Field, TurnResult]:
    if not (0 <= move.x <= WIDTH - 2):
        raise IllegalMove(f"X must be 0..{WIDTH - 2}, got {move.x}")
    if not (0 <= move.r <= 3):
        raise IllegalMove(f"R must be 0..3, got {move.r}")
    a, b, c, d = case.packs[during.turn]
    field, landed = land(during.field, (a, b, c, d), move.x, move.r)
    frames.append(
        Frame(
            replace(during, field=field),
            f"pack {a} {b} / {c} {d} dropped at column {move.x}, rotation {move.r}",
            landed,
        )
    )
    field, chains = _resolve_chains(field, during, frames)
    score = chain_score(chains)
    return field, TurnResult(chains, score, ojama=score // 2)


def _skill(during: State, frames: list) -> tuple[Field, TurnResult]:
    if during.gauge < SKILL_GAUGE:
        raise IllegalMove(
            f"the skill needs a gauge of {SKILL_GAUGE} at the end of the previous turn, it is {during.gauge}"
        )
    blast = blast_mask(during.field)
    cells = cells_of(blast)
    exploded = explosion_score(len(cells))
    frames.append(Frame(during, f"skill: {len(cells)} blocks explode (score {exploded})", cells))
    field = remove(during.field, blast)
    frames.append(Frame(replace(during, field=field), "skill: the blocks above fell"))
    field, chains = _resolve_chains(field, during, frames)
    score = chain_score(chains)
    # The two halves are floored separately (the official example: 16 + 4 = 20).
    return field, TurnResult(chains, score, len(cells), exploded, exploded // 2 + score // 2)


def play_turn(case: Case, state: State, move) -> Transition:
    """Play one turn; IllegalMove for a bad command or a field over the danger line after it."""
    if state.turn >= case.turns:
        raise IllegalMove(f"all {case.turns} turns of the budget are played")
    if state.field.over_danger_line():
        raise IllegalMove("the field is already over the danger line")
    move = as_move(move)
    frames: list[Frame] = []
    # Spec §2.7 step 1: one full row of ojama falls when the stock holds one. ``during`` is
    # the state as the frames show it until the turn settles.
    during = replace(state, stock=state.stock + case.incoming_before(state.turn))
    if during.stock >= OJAMA_ROW:
        during = replace(during, field=add_ojama_row(during.field), stock=during.stock - OJAMA_ROW)
        frames.append(Frame(during, f"a row of ojama fell, {during.stock} left in stock"))
    if isinstance(move, Skill):
        field, result = _skill(during, frames)
        gauge = 0  # the skill empties the gauge before any gain from its chains
    else:
        field, result = _drop(case, during, move, frames)
        gauge = state.gauge
    turn = state.turn + 1
    if field.over_danger_line():
        raise IllegalMove(f"the field is over the danger line after turn {turn}")
    if result.chains:
        gauge = min(GAUGE_MAX, gauge + GAUGE_PER_CHAIN_TURN)
    better = result.ojama > state.best_ojama
    settled = State(
        field=field,
        turn=turn,
        gauge=gauge,
        stock=max(0, during.stock - result.ojama),  # step 5: our ojama first cancels our stock
        total_score=state.total_score + result.score,
        max_chain=max(state.max_chain, result.chains),
        best_ojama=result.ojama if better else state.best_ojama,
        best_ojama_turn=turn if better else state.best_ojama_turn,
        last=result,
    )
    return Transition(settled, tuple(frames))


def legal_moves(case: Case, state: State) -> list[Drop | Skill]:
    """Every command the turn accepts, including that it leaves the field under the danger line."""
    if state.turn >= case.turns or state.field.over_danger_line():
        return []
    candidates = DROPS + ((SKILL,) if state.gauge >= SKILL_GAUGE else ())
    legal = []
    for move in candidates:
        try:
            play_turn(case, state, move)
        except IllegalMove:
            continue
        legal.append(move)
    return legal
