/* The depth-first box search of box_search.py (_search), compiled: the same order of the
 * boxes, the same bounds, the same nodes counted against the same limit, the same first
 * assignment kept per row; the counts in 128-bit integers, and a run whose numbers would
 * not fit says so (the caller then searches in Python). Loaded by native.py through
 * ctypes; nothing here knows about Python.
 *
 * box_search(n, sizes, rstart, rboxes, nrows, needs, free_row, node_limit, max_held,
 *            max_mines, out, capacity, used) searches the component of n boxes (sizes)
 * whose equations are given as CSR lists of box indices (rstart[r]..rstart[r+1] in
 * rboxes) with their needs; equation `free_row` (or -1) is left out of the bounds and sorts
 * the layouts by the mines in its boxes. Each row of the result, one per (mines in the
 * free boxes, mines) reached, in the order first reached, is written to `out` as
 * held (int32), mines (int32), layouts (two uint64, low first), the first assignment
 * (n int32, per box) and the mines of each box summed (n times two uint64). Returns 0,
 * 1 when the node limit is reached, 2 when a number would overflow 128 bits, 3 when the
 * rows do not fit in `capacity` bytes (`*used` is then the bytes needed), 4 when memory
 * runs out. */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned __int128 u128;

typedef struct {
    int n;
    const int32_t *size;
    int *order;          /* the boxes in search order */
    int *brstart, *brows; /* per box, its equations other than the free one (CSR) */
    int *need, *room;    /* per equation */
    uint8_t *in_free;    /* per box: in the free equation */
    u128 *comb;          /* comb[s * stride + k] = C(s, k) */
    int stride;
    int64_t nodes;
    int status;
    int32_t *assign;     /* per box */
    int *pbox, *pk, np;  /* the boxes holding mines, as placed */
    int max_held, max_mines;
    int *slot;           /* (held, mines) -> row, or -1 */
    int rows, cap;
    int32_t *row_key;    /* per row: held, mines */
    u128 *row_count;
    int32_t *row_example; /* per row: n */
    u128 *row_sums;      /* per row: n */
} Search;

static int grow(Search *s) {
    int cap = s->cap ? 2 * s->cap : 8;
    int32_t *key = realloc(s->row_key, sizeof(int32_t) * 2 * cap);
    if (!key) return 0;
    s->row_key = key;
    u128 *count = realloc(s->row_count, sizeof(u128) * cap);
    if (!count) return 0;
    s->row_count = count;
    int32_t *example = realloc(s->row_example, sizeof(int32_t) * (size_t)s->n * cap);
    if (!example) return 0;
    s->row_example = example;
    u128 *sums = realloc(s->row_sums, sizeof(u128) * (size_t)s->n * cap);
    if (!sums) return 0;
    s->row_sums = sums;
    s->cap = cap;
    return 1;
}

static void leaf(Search *s, int held, int mines, u128 weight) {
    int n = s->n;
    int at = held * (s->max_mines + 1) + mines;
    int row = s->slot[at];
    if (row < 0) {
        if (s->rows == s->cap && !grow(s)) {
            s->status = 4;
            return;
        }
        row = s->slot[at] = s->rows++;
        s->row_key[2 * row] = held;
        s->row_key[2 * row + 1] = mines;
        s->row_count[row] = 0;
        memcpy(s->row_example + (size_t)row * n, s->assign, sizeof(int32_t) * n);
        memset(s->row_sums + (size_t)row * n, 0, sizeof(u128) * n);
    }
    u128 total;
    if (__builtin_add_overflow(s->row_count[row], weight, &total)) {
        s->status = 2;
        return;
    }
    s->row_count[row] = total;
    u128 *sums = s->row_sums + (size_t)row * n;
    for (int i = 0; i < s->np; i++) {
        u128 add, sum;
        if (__builtin_mul_overflow(weight, (u128)s->pk[i], &add)
            || __builtin_add_overflow(sums[s->pbox[i]], add, &sum)) {
            s->status = 2;
            return;
        }
        sums[s->pbox[i]] = sum;
    }
}

static void search(Search *s, int pos, int mines, u128 weight, int held) {
    /* one node per box and per leaf, as the Python search counts them */
    if (--s->nodes == 0) {
        s->status = 1;
        return;
    }
    if (pos == s->n) {
        leaf(s, held, mines, weight);
        return;
    }
    int b = s->order[pos];
    int size = s->size[b];
    int lo = 0, hi = size;
    int *rows = s->brows + s->brstart[b], nr = s->brstart[b + 1] - s->brstart[b];
    for (int i = 0; i < nr; i++) {
        int r = rows[i], v = s->need[r];
        if (v - s->room[r] + size > lo) lo = v - s->room[r] + size;
        if (v < hi) hi = v;
    }
    if (lo > hi) return;
    for (int i = 0; i < nr; i++) s->room[rows[i]] -= size;
    for (int k = lo; k <= hi && !s->status; k++) {
        for (int i = 0; i < nr; i++) s->need[rows[i]] -= k;
        s->assign[b] = k;
        if (k) {
            u128 w;
            if (__builtin_mul_overflow(weight, s->comb[size * s->stride + k], &w)) {
                s->status = 2;
            } else {
                s->pbox[s->np] = b;
                s->pk[s->np++] = k;
                search(s, pos + 1, mines + k, w, held + (s->in_free[b] ? k : 0));
                s->np--;
            }
        } else {
            search(s, pos + 1, mines, weight, held);
        }
        for (int i = 0; i < nr; i++) s->need[rows[i]] += k;
    }
    s->assign[b] = 0;
    for (int i = 0; i < nr; i++) s->room[rows[i]] += size;
}

/* box_order of box_search.py: each next box shares the most equations with those placed
 * (ties: in the most equations, then the smallest size, then the first). */
static void box_order(int n, const int32_t *size, const int32_t *rstart,
                      const int32_t *rboxes, const int *arstart, const int *arows,
                      int *order, long long *score, uint8_t *placed) {
    for (int b = 0; b < n; b++) {
        score[b] = (long long)(arstart[b + 1] - arstart[b]) * 100 + 99 - size[b];
        placed[b] = 0;
    }
    for (int p = 0; p < n; p++) {
        int best = -1;
        for (int b = 0; b < n; b++)
            if (!placed[b] && (best < 0 || score[b] > score[best])) best = b;
        placed[best] = 1;
        order[p] = best;
        for (int i = arstart[best]; i < arstart[best + 1]; i++) {
            int r = arows[i];
            for (int j = rstart[r]; j < rstart[r + 1]; j++)
                if (!placed[rboxes[j]]) score[rboxes[j]] += 10000;
        }
    }
}

int box_search(int n, const int32_t *size, const int32_t *rstart, const int32_t *rboxes,
               int nrows, const int32_t *needs, int free_row, int64_t node_limit,
               int max_held, int max_mines, uint8_t *out, int64_t capacity,
               int64_t *used) {
    Search s;
    memset(&s, 0, sizeof s);
    s.n = n;
    s.size = size;
    s.max_held = max_held;
    s.max_mines = max_mines;
    s.nodes = node_limit;
    int largest = 0;
    for (int b = 0; b < n; b++)
        if (size[b] > largest) largest = size[b];
    if (largest > 120) return 2; /* C(s, k) past 128 bits: the Python search counts */
    s.stride = largest + 1;
    int status = 4;
    int *count = calloc(n + 1, sizeof(int));            /* equations per box */
    int *arstart = malloc(sizeof(int) * (n + 1));       /* every equation of a box */
    int *arows = malloc(sizeof(int) * (rstart[nrows] + 1));
    s.brstart = malloc(sizeof(int) * (n + 1));
    s.brows = malloc(sizeof(int) * (rstart[nrows] + 1));
    s.order = malloc(sizeof(int) * (n + 1));
    long long *score = malloc(sizeof(long long) * (n + 1));
    uint8_t *placed = malloc(n + 1);
    s.need = malloc(sizeof(int) * (nrows + 1));
    s.room = malloc(sizeof(int) * (nrows + 1));
    s.in_free = calloc(n + 1, 1);
    s.comb = malloc(sizeof(u128) * s.stride * s.stride);
    s.assign = calloc(n + 1, sizeof(int32_t));
    s.pbox = malloc(sizeof(int) * (n + 1));
    s.pk = malloc(sizeof(int) * (n + 1));
    s.slot = malloc(sizeof(int) * (size_t)(max_held + 1) * (max_mines + 1));
    if (!count || !arstart || !arows || !s.brstart || !s.brows || !s.order || !score
        || !placed || !s.need || !s.room || !s.in_free || !s.comb || !s.assign || !s.pbox
        || !s.pk || !s.slot)
        goto done;
    memset(s.slot, 0xff, sizeof(int) * (size_t)(max_held + 1) * (max_mines + 1));
    for (int r = 0; r < nrows; r++)
        for (int j = rstart[r]; j < rstart[r + 1]; j++) count[rboxes[j]]++;
    arstart[0] = 0;
    for (int b = 0; b < n; b++) arstart[b + 1] = arstart[b] + count[b];
    memset(count, 0, sizeof(int) * (n + 1));
    for (int r = 0; r < nrows; r++)
        for (int j = rstart[r]; j < rstart[r + 1]; j++) {
            int b = rboxes[j];
            arows[arstart[b] + count[b]++] = r;
        }
    s.brstart[0] = 0;
    for (int b = 0; b < n; b++) {
        int k = s.brstart[b];
        for (int i = arstart[b]; i < arstart[b + 1]; i++)
            if (arows[i] != free_row) s.brows[k++] = arows[i];
        s.brstart[b + 1] = k;
    }
    for (int r = 0; r < nrows; r++) {
        s.need[r] = needs[r];
        int room = 0;
        for (int j = rstart[r]; j < rstart[r + 1]; j++) room += size[rboxes[j]];
        s.room[r] = room;
    }
    if (free_row >= 0)
        for (int j = rstart[free_row]; j < rstart[free_row + 1]; j++) s.in_free[rboxes[j]] = 1;
    for (int a = 0; a < s.stride; a++)
        for (int k = 0; k < s.stride; k++)
            s.comb[a * s.stride + k] = k == 0 ? 1 : a == 0 ? 0
                : s.comb[(a - 1) * s.stride + k - 1] + s.comb[(a - 1) * s.stride + k];
    box_order(n, size, rstart, rboxes, arstart, arows, s.order, score, placed);
    search(&s, 0, 0, 1, 0);
    status = s.status;
    if (status == 0) {
        size_t row_bytes = 8 + 16 + (size_t)n * 4 + (size_t)n * 16;
        *used = (int64_t)(row_bytes * s.rows);
        if (*used > capacity) {
            status = 3;
        } else {
            uint8_t *at = out;
            for (int row = 0; row < s.rows; row++) {
                memcpy(at, s.row_key + 2 * row, 8);
                at += 8;
                uint64_t half[2] = {(uint64_t)s.row_count[row],
                                    (uint64_t)(s.row_count[row] >> 64)};
                memcpy(at, half, 16);
                at += 16;
                memcpy(at, s.row_example + (size_t)row * n, (size_t)n * 4);
                at += (size_t)n * 4;
                for (int b = 0; b < n; b++) {
                    u128 v = s.row_sums[(size_t)row * n + b];
                    uint64_t parts[2] = {(uint64_t)v, (uint64_t)(v >> 64)};
                    memcpy(at, parts, 16);
                    at += 16;
                }
            }
        }
    }
done:
    free(count); free(arstart); free(arows); free(s.brstart); free(s.brows); free(s.order);
    free(score); free(placed); free(s.need); free(s.room); free(s.in_free); free(s.comb);
    free(s.assign); free(s.pbox); free(s.pk); free(s.slot);
    free(s.row_key); free(s.row_count); free(s.row_example); free(s.row_sums);
    return status;
}
