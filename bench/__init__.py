"""Benchmarks, run as modules: ``python -m bench.<name>``; each prints figures, none asserts them.

``bench.engines`` (engine rates against a plain C++ engine), ``bench.responsiveness`` (GUI stalls
and cancel latency), ``bench.cold_start`` (first solve with a cold numba cache), ``bench.scrub``
(step-through cost), ``bench.f5_hops`` (F5's modules and calls, and the best line's replays).
Solver strength over seeds is measured with ``main.py batch``, the one way to evaluate anything
over many cases.
"""
