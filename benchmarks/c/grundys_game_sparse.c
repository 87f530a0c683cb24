/* Grundy's game (split a heap into two unequal heaps) by the sparse-space method, in C.
 *
 * The baseline the issue names for cgt's compiled kernel: "within 3x of a C sparse-space
 * solver".  It is the kernel's algorithm (cgt/impartial/_compiled_octal.py) written for this
 * one game, so that the ratio measures the compiler, not the method.
 *
 * g(n) = mex{ g(a) ^ g(n - a) : 1 <= a < n - a }.  A value v is rare when popcount(v & MASK)
 * is even, common otherwise; common ^ common is rare, so every common option of n comes from a
 * split with a rare part p, "row" p: the value g(p) ^ g(n - p), for n != 2p.  Heaps go in
 * blocks of BLOCK; a row whose heaps n - p all lie before the block is marked for the whole
 * block in one loop, the others heap by heap.  With c the least common value not marked,
 * g(n) = c unless a rare value below c is missing: the splits are scanned until each has been
 * seen, first at the rows a that supplied such a value most often lately (ranked every
 * RANK_EVERY heaps), then a = 1, 2, ...; a rare value never seen is g(n).  MASK = 0xfe makes
 * the fewest values rare for Grundy's game (cgt.impartial.sparse_space); the values do not
 * depend on it.
 *
 * Usage: grundys_game_sparse N [MASK]; prints N, g(N), the number of zeros, the number of rare
 * heaps and sum(n * g(n)) mod 2^64 over 0 <= n <= N, so runs can be compared.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLOCK 64
#define RANK_EVERY 4096
#define RANKED 4096
#define HIT_ROWS 65536

static long hits[HIT_ROWS];

static int more_hits(const void *x, const void *y) {
    long a = *(const long *)x, b = *(const long *)y;
    return hits[a] != hits[b] ? (hits[a] < hits[b] ? 1 : -1) : (a > b) - (a < b);
}

static int is_common(unsigned v, unsigned mask) { return __builtin_popcount(v & mask) & 1; }

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s N [MASK]\n", argv[0]);
        return 2;
    }
    long n_max = atol(argv[1]);
    unsigned mask = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 0) : 0xfe;
    uint16_t *g = calloc(n_max + 1, sizeof *g);
    long *rare = malloc((n_max + 1) * sizeof *rare), rare_count = 0;
    long *local = malloc((n_max + 1) * sizeof *local);
    long order[RANKED], ranked = 0, used[HIT_ROWS];
    int bits = 1;
    unsigned char *table = calloc((size_t)BLOCK << 16, 1), need[1 << 16] = {0};
    if (!g || !rare || !local || !table) return 1;
    long next_rank = RANK_EVERY;
    for (long n0 = 1; n0 <= n_max;) {
        long stride = 1L << bits, width = n_max + 1 - n0 < BLOCK ? n_max + 1 - n0 : BLOCK;
        long locals = 0, next = n0 + width;
        memset(table, 0, width * stride);
        for (long i = 0; i < rare_count; i++) {
            long p = rare[i];
            if (p < width || p >= n0) {
                local[locals++] = p;
                continue;
            }
            unsigned x = g[p];
            const uint16_t *partner = g + n0 - p;
            long skip = 2 * p - n0;                     /* the split (p, p) is no move */
            if (skip < 0 || skip >= width) skip = width;
            for (long j = 0; j < skip; j++) table[j * stride + (x ^ partner[j])] = 1;
            for (long j = skip + 1; j < width; j++) table[j * stride + (x ^ partner[j])] = 1;
        }
        for (long n = n0; n < n0 + width; n++) {
            unsigned char *line = table + (n - n0) * stride;
            for (long k = 0; k < locals; k++) {
                long p = local[k];
                if (p < n && 2 * p != n) line[g[p] ^ g[n - p]] = 1;
            }
            long c = stride, missing = 0;
            for (long v = 0; v < stride; v++)
                if (!line[v] && is_common(v, mask)) { c = v; break; }
            for (long v = 0; v < c; v++)
                if (!line[v]) { need[v] = 1; missing++; }
            for (long k = 0; missing && k < ranked; k++) {
                long a = order[k];
                if (2 * a >= n) continue;
                unsigned v = g[a] ^ g[n - a];
                if (need[v]) { need[v] = 0; hits[a]++; missing--; }
            }
            for (long a = 1; missing && 2 * a < n; a++) {
                unsigned v = g[a] ^ g[n - a];
                if (need[v]) { need[v] = 0; if (a < HIT_ROWS) hits[a]++; missing--; }
            }
            long value = c;
            for (long v = 0; missing && v < c; v++)
                if (need[v]) { value = value < v ? value : v; need[v] = 0; }
            g[n] = (uint16_t)value;
            if (!is_common(value, mask)) rare[rare_count++] = local[locals++] = n;
            if (value >= stride) {                      /* wider lines: start a new block */
                if (++bits > 16) { fprintf(stderr, "values past 2^16\n"); return 1; }
                next = n + 1;
                break;
            }
        }
        n0 = next;
        if (n0 >= next_rank) {                          /* rank the rows by their recent hits */
            long count = 0;
            for (long a = 1; a < HIT_ROWS; a++)
                if (hits[a]) used[count++] = a;
            qsort(used, count, sizeof *used, more_hits);
            ranked = count < RANKED ? count : RANKED;
            memcpy(order, used, ranked * sizeof *order);
            for (long a = 0; a < HIT_ROWS; a++) hits[a] /= 2;
            next_rank = n0 + RANK_EVERY;
        }
    }
    long zeros = 0;
    uint64_t checksum = 0;
    for (long n = 0; n <= n_max; n++) {
        zeros += g[n] == 0;
        checksum += (uint64_t)n * g[n];
    }
    printf("%ld %u %ld %ld %llu\n", n_max, g[n_max], zeros, rare_count + 1,
           (unsigned long long)checksum);
    return 0;
}
