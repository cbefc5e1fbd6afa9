"""Two-objective integer programs solved in order (lexicographically) over scipy's HiGHS.

The problem: ``matrix · x ≤ row_upper``, ``0 ≤ x ≤ upper``, ``x`` integer; first maximise
``first · x``, then, among the solutions that reach that, minimise ``second · x``. Both
objectives take whole-number values on integer ``x``.

Each round relaxes and restricts: the linear relaxation of the whole program (interior point,
fast) gives a bound, and the integer program is solved on the column groups the relaxation
uses (a group: the columns of one leg, say). An answer that meets the bound is proven optimal for
the whole program; otherwise the whole integer program gets the time left. The second round
first solves ``max first · x − ε · second · x`` with ``ε · second_limit < 1`` on the groups of
both relaxations and of the first answer (easy for HiGHS to find good solutions for), then, if
that is not proven, ``min second · x`` with ``first · x ≥`` the first answer on everything.
Large programs stop at the deadline with the best answer found and the bounds that show how far
from optimal it may be.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from scipy.optimize import Bounds, LinearConstraint, linprog, milp  # type: ignore[import-untyped]
from scipy.sparse import csr_array, vstack  # type: ignore[import-untyped]

Solution = npt.NDArray[np.int64]
Vector = npt.NDArray[np.float64]
Mask = npt.NDArray[np.bool_]
TOLERANCE = 1e-6


@dataclass(frozen=True, slots=True)
class Group:
    """Columns that come and go together: ``all`` is kept when any of ``triggers`` is used."""

    triggers: npt.NDArray[np.intp]
    all: npt.NDArray[np.intp]


@dataclass(frozen=True, slots=True)
class Lexicographic:
    """The problem (module docstring). ``second_limit`` bounds ``second · x`` from above;
    ``polish`` may improve a solution without worsening either objective or feasibility."""

    matrix: csr_array
    row_upper: Vector
    upper: Vector
    first: Vector
    second: Vector
    second_limit: float
    groups: Sequence[Group]
    polish: Callable[[Solution], Solution]

    def support(self, values: Vector | Solution | None) -> Mask:
        """The columns of every group whose triggers ``values`` uses (all when ``None``)."""
        if values is None:
            return np.ones(len(self.upper), dtype=bool)
        keep = np.zeros(len(self.upper), dtype=bool)
        for group in self.groups:
            if np.any(values[group.triggers] > TOLERANCE):
                keep[group.all] = True
        return keep


@dataclass(frozen=True, slots=True)
class Outcome:
    """The answer (``None``: none found in time), its objectives, and proven bounds:
    ``first_bound`` no solution exceeds (``None``: unknown), ``second_bound`` no solution with
    ``first`` reached goes below."""

    solution: Solution | None
    first: int = 0
    first_bound: int | None = None
    second: int = 0
    second_bound: int | None = None

    @property
    def first_proven(self) -> bool:
        """The first objective is proven the highest."""
        return self.first_bound is not None and self.first >= self.first_bound

    @property
    def second_proven(self) -> bool:
        """The second objective is proven the lowest given the first."""
        return self.second_bound is not None and self.second <= self.second_bound


def solve(problem: Lexicographic, time_limit: float) -> Outcome:
    """Both rounds within ``time_limit`` seconds (a little more: a relaxation is not cut)."""
    deadline = time.perf_counter() + time_limit
    model = _Model(problem.matrix, problem.row_upper, problem.upper)
    best, top, near = _first_round(problem, model, deadline)
    if best is None:
        return Outcome(None, first_bound=top)
    reached = round(float(problem.first @ best))
    best, lowest = _second_round(problem, model, deadline, best, reached, near)
    return Outcome(best, reached, top, round(float(problem.second @ best)), lowest)


def _first_round(
    problem: Lexicographic, model: _Model, deadline: float
) -> tuple[Solution | None, int | None, Mask]:
    """The most ``first · x`` found, the proven upper bound, and the relaxation's columns."""
    bound, relaxed = model.relax(-problem.first, deadline)
    top = None if bound is None else math.floor(-bound + TOLERANCE)
    near = problem.support(relaxed)
    found = model.integer(-problem.first, deadline, near)
    best = None if found is None else found.solution
    if relaxed is None:  # ``near`` was every column
        if found is not None and found.optimal:
            top = round(float(problem.first @ found.solution))
    elif best is None or top is None or problem.first @ best < top:
        whole = model.integer(-problem.first, deadline, None)
        if whole is not None:
            if whole.optimal:
                top = round(float(problem.first @ whole.solution))
            if best is None or problem.first @ whole.solution > problem.first @ best:
                best = whole.solution
    return (None if best is None else problem.polish(best)), top, near


def _second_round(
    problem: Lexicographic,
    model: _Model,
    deadline: float,
    best: Solution,
    reached: int,
    near: Mask,
) -> tuple[Solution, int | None]:
    """The least ``second · x`` found with ``first · x ≥ reached``, and the proven lower bound."""
    fixed = model.with_row(-problem.first, -reached)
    least, relaxed = fixed.relax(problem.second, deadline)
    lowest = None if least is None else math.ceil(least - TOLERANCE)
    keep = near | problem.support(best)
    if relaxed is not None:
        keep |= problem.support(relaxed)
    blended = -problem.first + problem.second / (1 + problem.second_limit)
    if lowest is None or problem.second @ best > lowest:
        best = _better(problem, best, reached, model.integer(blended, deadline, keep))
    if lowest is None or problem.second @ best > lowest:
        whole = fixed.integer(problem.second, deadline, None)
        best = _better(problem, best, reached, whole)
        if whole is not None and whole.optimal:
            lowest = round(float(problem.second @ best))
    return best, lowest


def _better(problem: Lexicographic, best: Solution, reached: int, found: _Found | None) -> Solution:
    """The solution found, polished, when it reaches ``reached`` with a lower second objective."""
    if found is None:
        return best
    candidate = problem.polish(found.solution)
    if problem.first @ candidate >= reached and problem.second @ candidate < problem.second @ best:
        return candidate
    return best


@dataclass(frozen=True, slots=True)
class _Found:
    """An integer solution and whether the solver proved it optimal (on its columns)."""

    solution: Solution
    optimal: bool


@dataclass(frozen=True, slots=True)
class _Model:
    """``matrix · x ≤ row_upper``, ``0 ≤ x ≤ upper``."""

    matrix: csr_array
    row_upper: Vector
    upper: Vector

    def with_row(self, row: Vector, upper: float) -> _Model:
        """The same with one more row ``row · x ≤ upper``."""
        matrix = csr_array(vstack([self.matrix, csr_array(row.reshape(1, -1))]))
        return _Model(matrix, np.append(self.row_upper, upper), self.upper)

    def relax(self, cost: Vector, deadline: float) -> tuple[float | None, Vector | None]:
        """``min cost · x`` over real ``x`` and its solution; ``(None, None)`` when out of time
        or the solver fails."""
        left = deadline - time.perf_counter()
        if left <= 0:
            return None, None
        result = linprog(
            cost,
            A_ub=self.matrix,
            b_ub=self.row_upper,
            bounds=np.column_stack([np.zeros(len(self.upper)), self.upper]),
            method="highs-ipm",
            options={"time_limit": left},
        )
        if result.status != 0 or result.x is None:
            return None, None
        return float(result.fun), np.asarray(result.x, dtype=np.float64)

    def integer(self, cost: Vector, deadline: float, columns: Mask | None) -> _Found | None:
        """``min cost · x`` over integer ``x`` using only ``columns`` (all when ``None``): the
        best found by ``deadline``, or ``None``."""
        left = deadline - time.perf_counter()
        if left <= 0:
            return None
        upper = self.upper if columns is None else np.where(columns, self.upper, 0.0)
        result = milp(
            cost,
            integrality=np.ones(len(self.upper)),
            bounds=Bounds(np.zeros(len(self.upper)), upper),
            constraints=[LinearConstraint(self.matrix, -np.inf, self.row_upper)],
            options={"time_limit": left, "mip_rel_gap": 0.0},
        )
        if result.x is None or result.status not in (0, 1):
            return None
        solution = np.rint(np.asarray(result.x, dtype=np.float64)).astype(np.int64)
        return _Found(solution, result.status == 0)
