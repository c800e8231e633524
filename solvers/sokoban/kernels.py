"""numba kernels of the Sokoban A*: the level's tables, and the search over push states.

A state is the boxes' cells (sorted) and the player's cell right after the last push (exact, so a
push's cost in moves is the walk to it plus one). Only pushes make edges; the walk between them is
a breadth-first search over the floor with the boxes in the way. The heuristic is the cheapest
matching of boxes to goals, each pair costing the fewest pushes from the box's cell to the goal
(other boxes ignored; the Hungarian method): admissible and consistent for both moves and pushes,
since a push changes it by one at most, so the first solved state popped is optimal. A box is
never pushed onto a dead square (no goal reachable from it), into a 2x2 block of walls and boxes
that holds a box off its goal (a frozen deadlock), nor where no matching of boxes to goals is left.

Directions are l, u, r, d (0..3); the opposite of d is (d + 2) % 4.
"""

from __future__ import annotations

import numpy as np

from solvers.jit import njit
from solvers.kernels import least_assignment

FAR = 1 << 28  # no goal can be reached
# meta slots
USED, HEAP, EXPANDED, DONE, SOLUTION, BEST, FULL, STAMP = range(8)
SOLVED, EXHAUSTED = 1, 2
DR = np.array([0, -1, 0, 1], dtype=np.int64)
DC = np.array([-1, 0, 1, 0], dtype=np.int64)


@njit(cache=True, nogil=True)
def neighbour_table(rows, cols, walls):
    """int32[cells, 4]: the open cell next to each cell in each direction, -1 for a wall or the edge."""
    nb = np.full((rows * cols, 4), -1, dtype=np.int32)
    for cell in range(rows * cols):
        r, c = cell // cols, cell % cols
        for d in range(4):
            rr, cc = r + DR[d], c + DC[d]
            if 0 <= rr < rows and 0 <= cc < cols and walls[rr * cols + cc] == 0:
                nb[cell, d] = rr * cols + cc
    return nb


@njit(cache=True, nogil=True)
def push_distances(nb, walls, goals):
    """int32[goals, cells]: the fewest pushes that bring a box from each cell to each goal, alone on
    the level (FAR when it cannot). Breadth-first from each goal, pulling."""
    cells = nb.shape[0]
    count = 0
    for cell in range(cells):
        if goals[cell] and not walls[cell]:
            count += 1
    table = np.full((count, cells), FAR, dtype=np.int32)
    queue = np.empty(cells, dtype=np.int32)
    g = -1
    for goal in range(cells):
        if goals[goal] == 0 or walls[goal]:
            continue
        g += 1
        dist = table[g]
        dist[goal] = 0
        head, tail = 0, 1
        queue[0] = goal
        while head < tail:
            y = queue[head]
            head += 1
            for d in range(4):
                x = nb[y, (d + 2) % 4]  # the box came from x, pushed in direction d ...
                if x < 0:
                    continue
                stand = nb[x, (d + 2) % 4]  # ... by the player standing behind it
                if stand < 0 or dist[x] != FAR:
                    continue
                dist[x] = dist[y] + 1
                queue[tail] = x
                tail += 1
    return table


@njit(cache=True, nogil=True)
def matching_cost(goal_dist, boxes, cost, work):
    """The cheapest assignment of ``boxes`` to goals, one each, under ``goal_dist`` (the Hungarian
    method; ``cost`` and ``work`` are its scratch): FAR or more when every assignment holds a box
    that cannot reach its goal."""
    n = boxes.shape[0]
    for i in range(n):
        for j in range(n):
            cost[i, j] = goal_dist[j, boxes[i]]
    return least_assignment(cost, n, n, work)


@njit(cache=True, nogil=True)
def _heap_push(hkey, hnode, meta, key, node):
    i = meta[HEAP]
    meta[HEAP] += 1
    while i > 0:
        parent = (i - 1) >> 1
        if hkey[parent] < key or (hkey[parent] == key and hnode[parent] < node):
            break
        hkey[i], hnode[i] = hkey[parent], hnode[parent]
        i = parent
    hkey[i], hnode[i] = key, node


@njit(cache=True, nogil=True)
def _heap_pop(hkey, hnode, meta):
    top = hnode[0]
    meta[HEAP] -= 1
    size = meta[HEAP]
    key, node = hkey[size], hnode[size]
    i = 0
    while True:
        child = 2 * i + 1
        if child >= size:
            break
        if child + 1 < size and (
            hkey[child + 1] < hkey[child] or (hkey[child + 1] == hkey[child] and hnode[child + 1] < hnode[child])
        ):
            child += 1
        if hkey[child] > key or (hkey[child] == key and hnode[child] > node):
            break
        hkey[i], hnode[i] = hkey[child], hnode[child]
        i = child
    hkey[i], hnode[i] = key, node
    return top


@njit(cache=True, nogil=True)
def heap_key(f, g):
    """Smaller f first; among equal f, the deeper (larger g) first."""
    return (np.int64(f) << 32) + np.int64((1 << 31) - 1 - g)


@njit(cache=True, nogil=True)
def _find(table, nhash, nbox, nplayer, hsh, boxes, player):
    """The node holding this state, or -(slot + 1) for the free slot where it would go."""
    mask = table.shape[0] - 1
    slot = np.int64(hsh & np.uint64(mask))
    while True:
        node = table[slot]
        if node < 0:
            return -(slot + 1)
        if nhash[node] == hsh and nplayer[node] == player:
            same = True
            for i in range(boxes.shape[0]):
                if nbox[node, i] != boxes[i]:
                    same = False
                    break
            if same:
                return node
        slot = (slot + 1) & mask


@njit(cache=True, nogil=True)
def rebuild_table(table, nhash, used):
    table[:] = -1
    mask = table.shape[0] - 1
    for node in range(used):
        slot = np.int64(nhash[node] & np.uint64(mask))
        while table[slot] >= 0:
            slot = (slot + 1) & mask
        table[slot] = node


@njit(cache=True, nogil=True)
def _frozen(walls, occ, goals, rows, cols, cell):
    """Whether a box on ``cell`` completes a 2x2 block of walls and boxes holding a box off its goal."""
    r, c = cell // cols, cell % cols
    for top in range(r - 1, r + 1):
        for left in range(c - 1, c + 1):
            if top < 0 or left < 0 or top + 1 >= rows or left + 1 >= cols:
                continue
            blocked, loose = True, False
            for rr in range(top, top + 2):
                for cc in range(left, left + 2):
                    x = rr * cols + cc
                    if occ[x]:
                        if goals[x] == 0:
                            loose = True
                    elif walls[x] == 0:
                        blocked = False
            if blocked and loose:
                return True
    return False


@njit(cache=True, nogil=True)
def astar_slice(
    max_expansions,
    meta,
    nbox,
    nplayer,
    ng,
    npush,
    nh,
    nparent,
    nclosed,
    nhash,
    table,
    hkey,
    hnode,
    nb,
    walls,
    h_cell,
    goal_dist,
    goals,
    rows,
    cols,
    zob_box,
    zob_player,
    count_moves,
    dist,
    stamp,
    queue,
    occ,
    child,
    pair_cost,
    pair_work,
    stop_flag,
):
    """Expand up to ``max_expansions`` nodes; meta[DONE] says when a solution is popped or nothing is
    left, meta[FULL] when the node arrays need room (the caller grows them and calls again)."""
    boxes = nbox.shape[1]
    room = 4 * boxes + 1
    for _ in range(max_expansions):
        if stop_flag[0] != 0 or meta[DONE] != 0:
            break
        if meta[HEAP] == 0:
            meta[DONE] = EXHAUSTED
            break
        if meta[USED] + room > nbox.shape[0] or meta[HEAP] + room > hkey.shape[0]:
            meta[FULL] = 1
            break
        node = _heap_pop(hkey, hnode, meta)
        if nclosed[node]:
            continue
        nclosed[node] = 1
        meta[EXPANDED] += 1
        if nh[node] == 0:
            meta[DONE] = SOLVED
            meta[SOLUTION] = node
            break
        # The floor the player walks, boxes in the way: distances by breadth-first search.
        meta[STAMP] += 1
        mark = meta[STAMP]
        for i in range(boxes):
            occ[nbox[node, i]] = 1
        start = nplayer[node]
        stamp[start] = mark
        dist[start] = 0
        queue[0] = start
        head, tail = 0, 1
        while head < tail:
            x = queue[head]
            head += 1
            for d in range(4):
                y = nb[x, d]
                if y >= 0 and occ[y] == 0 and stamp[y] != mark:
                    stamp[y] = mark
                    dist[y] = dist[x] + 1
                    queue[tail] = y
                    tail += 1
        for i in range(boxes):
            box = nbox[node, i]
            for d in range(4):
                to = nb[box, d]
                if to < 0 or occ[to] or h_cell[to] >= FAR:
                    continue
                frm = nb[box, (d + 2) % 4]
                if frm < 0 or stamp[frm] != mark:
                    continue
                occ[box] = 0
                occ[to] = 1
                frozen = _frozen(walls, occ, goals, rows, cols, to)
                occ[to] = 0
                occ[box] = 1
                if frozen:
                    continue
                # The child's boxes, kept sorted.
                k = 0
                placed = False
                for j in range(boxes):
                    if j == i:
                        continue
                    b = nbox[node, j]
                    if not placed and to < b:
                        child[k] = to
                        k += 1
                        placed = True
                    child[k] = b
                    k += 1
                if not placed:
                    child[k] = to
                cost = ng[node] + (dist[frm] + 1 if count_moves else 1)
                hsh = nhash[node] ^ zob_box[box] ^ zob_box[to] ^ zob_player[nplayer[node]] ^ zob_player[box]
                found = _find(table, nhash, nbox, nplayer, hsh, child, box)
                if found >= 0:
                    if nclosed[found] or ng[found] <= cost:
                        continue
                    target = found
                    h = nh[found]
                else:
                    h = matching_cost(goal_dist, child, pair_cost, pair_work)
                    if h >= FAR:
                        continue  # the boxes can no longer all reach goals of their own
                    target = meta[USED]
                    meta[USED] += 1
                    table[-found - 1] = target
                    nbox[target, :] = child
                    nplayer[target] = box
                    nhash[target] = hsh
                    nh[target] = h
                    nclosed[target] = 0
                ng[target] = cost
                npush[target] = npush[node] + 1
                nparent[target] = node
                _heap_push(hkey, hnode, meta, heap_key(cost + h, cost), target)
                best = meta[BEST]
                if h < nh[best] or (h == nh[best] and cost < ng[best]):
                    meta[BEST] = target
        for i in range(boxes):
            occ[nbox[node, i]] = 0
