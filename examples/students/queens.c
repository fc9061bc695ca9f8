/* N-Queens by backtracking, as a student might write it, printing its
 * trace in the JSON lines `backstep check` grades (one object per event).
 *
 *     cc -o queens queens.c && ./queens 6 > trace.jsonl
 *     backstep check trace.jsonl queens 6 --full
 *
 * With `--bug one-diagonal` it forgets the row+col ("low") diagonal, the
 * classic bug `backstep queens --bug one-diagonal` shows; `check` names it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_N 16

static int n = 4, bug = 0;
static int cols[MAX_N], high[2 * MAX_N], low[2 * MAX_N], queens[MAX_N];
static long step = 0, nodes = 1; /* the empty board is node 1 */

static void solve(int row) {
    if (row == n) {
        printf("{\"step\":%ld,\"event\":\"solution\",\"queens\":[", ++step);
        for (int r = 0; r < n; r++) printf(r ? ",%d" : "%d", queens[r]);
        printf("],\"nodes\":%ld}\n", nodes);
        return;
    }
    int placed = 0;
    for (int col = 0; col < n; col++) {
        int c = cols[col], h = high[row - col + n - 1], l = low[row + col] && !bug;
        if (c || h || l) {
            printf("{\"step\":%ld,\"event\":\"reject\",\"row\":%d,\"col\":%d,\"by\":[", ++step, row, col);
            const char *sep = "";
            if (c) { printf("%s\"column\"", sep); sep = ","; }
            if (h) { printf("%s\"high\"", sep); sep = ","; }
            if (l) { printf("%s\"low\"", sep); }
            printf("],\"nodes\":%ld}\n", nodes);
            continue;
        }
        placed = 1;
        cols[col] = high[row - col + n - 1] = low[row + col] = 1;
        queens[row] = col;
        nodes++;
        printf("{\"step\":%ld,\"event\":\"place\",\"row\":%d,\"col\":%d,\"nodes\":%ld}\n", ++step, row, col, nodes);
        solve(row + 1);
        cols[col] = high[row - col + n - 1] = low[row + col] = 0;
        printf("{\"step\":%ld,\"event\":\"undo\",\"row\":%d,\"col\":%d,\"nodes\":%ld}\n", ++step, row, col, nodes);
    }
    if (!placed) printf("{\"step\":%ld,\"event\":\"dead-end\",\"row\":%d,\"nodes\":%ld}\n", ++step, row, nodes);
}

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--bug") == 0 && i + 1 < argc && strcmp(argv[i + 1], "one-diagonal") == 0) {
            bug = 1;
            i++;
        } else {
            n = atoi(argv[i]);
        }
    }
    if (n < 0 || n > MAX_N) {
        fprintf(stderr, "queens: n must be 0 to %d\n", MAX_N);
        return 2;
    }
    solve(0);
    return 0;
}
