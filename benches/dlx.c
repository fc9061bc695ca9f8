/* A plain dancing-links exact-cover counter, the reference the `cover`
 * bench times backstep against (compiled with cc -O2 at bench time).
 *
 * Reads Knuth's DLX format from the file named by argv[1] (comments `|`,
 * the item line with an optional `|` before the secondary items, then one
 * option per line), runs Algorithm X with the same MRV rule (fewest
 * options, first on ties) and the same update count as backstep, and
 * prints `solutions=S nodes=N updates=U seconds=T`. Recursive, pointerless
 * (int arrays), no error handling beyond what the bench files need.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_NODES 200000
#define MAX_ITEMS 4096
#define NAME 16

static int L[MAX_NODES], R[MAX_NODES], U[MAX_NODES], D[MAX_NODES], TOP[MAX_NODES];
static int LEN[MAX_ITEMS];
static char names[MAX_ITEMS][NAME];
static int n_items, n_nodes;
static long long solutions, nodes, updates;

static int find(const char *name) {
    for (int i = 1; i <= n_items; i++)
        if (strcmp(names[i], name) == 0) return i;
    fprintf(stderr, "unknown item %s\n", name);
    exit(2);
}

static void cover(int c) {
    L[R[c]] = L[c];
    R[L[c]] = R[c];
    for (int i = D[c]; i != c; i = D[i])
        for (int j = R[i]; j != i; j = R[j]) {
            U[D[j]] = U[j];
            D[U[j]] = D[j];
            LEN[TOP[j]]--;
            updates++;
        }
}

static void uncover(int c) {
    for (int i = U[c]; i != c; i = U[i])
        for (int j = L[i]; j != i; j = L[j]) {
            LEN[TOP[j]]++;
            U[D[j]] = j;
            D[U[j]] = j;
        }
    L[R[c]] = c;
    R[L[c]] = c;
}

static void search(void) {
    if (R[0] == 0) {
        solutions++;
        return;
    }
    int c = 0, best = 1 << 30;
    for (int j = R[0]; j != 0; j = R[j])
        if (LEN[j] < best) {
            best = LEN[j];
            c = j;
            if (best == 0) break;
        }
    if (best == 0) return;
    cover(c);
    for (int r = D[c]; r != c; r = D[r]) {
        nodes++;
        for (int j = R[r]; j != r; j = R[j]) cover(TOP[j]);
        search();
        for (int j = L[r]; j != r; j = L[j]) uncover(TOP[j]);
    }
    uncover(c);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: dlx FILE\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    static char line[1 << 16];
    int have_items = 0, primary = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '|') continue;
        char *tok = strtok(line, " \t\r\n");
        if (!tok) continue;
        if (!have_items) {
            have_items = 1;
            int secondary = 0;
            for (; tok; tok = strtok(NULL, " \t\r\n")) {
                if (strcmp(tok, "|") == 0) {
                    secondary = 1;
                    continue;
                }
                n_items++;
                strncpy(names[n_items], tok, NAME - 1);
                if (!secondary) primary = n_items;
            }
            for (int i = 0; i <= n_items; i++) {
                U[i] = D[i] = i;
                TOP[i] = i;
                LEN[i] = 0;
            }
            /* Primary items in a circle through the root; secondary alone. */
            for (int i = 0; i <= primary; i++) {
                R[i] = i == primary ? 0 : i + 1;
                L[i] = i == 0 ? primary : i - 1;
            }
            for (int i = primary + 1; i <= n_items; i++) L[i] = R[i] = i;
            n_nodes = n_items + 1;
            continue;
        }
        int first = n_nodes;
        for (; tok; tok = strtok(NULL, " \t\r\n")) {
            int c = find(tok), x = n_nodes++;
            TOP[x] = c;
            U[x] = U[c];
            D[x] = c;
            D[U[c]] = x;
            U[c] = x;
            LEN[c]++;
            L[x] = x - 1;
            R[x] = x + 1;
        }
        L[first] = n_nodes - 1;
        R[n_nodes - 1] = first;
    }
    fclose(f);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    nodes = 1;
    search();
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double seconds = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
    printf("solutions=%lld nodes=%lld updates=%lld seconds=%.6f\n", solutions, nodes, updates,
           seconds);
    return 0;
}
