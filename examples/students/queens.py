#!/usr/bin/env python3
"""N-Queens by backtracking, as a student might write it, printing its
trace in the JSON lines `backstep check` grades (one object per event).

    python3 queens.py 6 > trace.jsonl
    backstep check trace.jsonl queens 6 --full

With `--bug one-diagonal` it forgets the row+col ("low") diagonal, the
classic bug `backstep queens --bug one-diagonal` shows; `check` names it.
"""

import json
import sys


def main(argv):
    args = [a for a in argv if a != "--bug" and a != "one-diagonal"]
    bug = "--bug" in argv and "one-diagonal" in argv
    n = int(args[0]) if args else 4
    cols = [False] * n
    high = [False] * (2 * n)  # indexed by row - col + n - 1
    low = [False] * (2 * n)  # indexed by row + col
    queens = []
    counters = {"step": 0, "nodes": 1}  # the empty board is node 1

    def emit(event, **fields):
        counters["step"] += 1
        line = {"step": counters["step"], "event": event}
        line.update(fields)
        line["nodes"] = counters["nodes"]
        print(json.dumps(line, separators=(",", ":")))

    def solve(row):
        if row == n:
            emit("solution", queens=list(queens))
            return
        placed = False
        for col in range(n):
            by = []
            if cols[col]:
                by.append("column")
            if high[row - col + n - 1]:
                by.append("high")
            if low[row + col] and not bug:
                by.append("low")
            if by:
                emit("reject", row=row, col=col, by=by)
                continue
            placed = True
            cols[col] = high[row - col + n - 1] = low[row + col] = True
            queens.append(col)
            counters["nodes"] += 1
            emit("place", row=row, col=col)
            solve(row + 1)
            queens.pop()
            cols[col] = high[row - col + n - 1] = low[row + col] = False
            emit("undo", row=row, col=col)
        if not placed:
            emit("dead-end", row=row)

    solve(0)


if __name__ == "__main__":
    main(sys.argv[1:])
