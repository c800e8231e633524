"""Benchmarks, run as modules: ``python -m bench.<puzzle>``."""


def seed_range(text: str) -> list[int]:
    """Seeds from '7', '11-30' (inclusive) or '0-9,20-29,50'."""
    seeds = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        seeds.extend(range(int(low), int(high or low) + 1))
    return seeds
