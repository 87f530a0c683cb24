/* Grundy's game (split a heap into two unequal heaps) by the sparse-space method, in C.
 *
 * The baseline the issue names for cgt's NumPy kernel: "within 3x of a C sparse-space
 * solver".  g(n) = mex{ g(a) ^ g(n - a) : 1 <= a < n - a }.  A value v is rare when
 * popcount(v & MASK) is even, common otherwise; common ^ common is rare, so every common
 * value among the options of n comes from a split with a rare part, and those are marked
 * first.  With c the least common value not marked, g(n) = c unless a rare value below c
 * is missing; the splits are scanned, marking values, until every rare value below c has
 * been seen (or the splits run out, and the least value still unmarked is g(n)).  MASK = 0xfe is the mask making the fewest
 * values rare for Grundy's game (cgt.impartial.sparse_space); the values do not depend on it.
 *
 * Usage: grundys_game_sparse N [MASK]; prints N, g(N), the number of zeros, the number of
 * rare heaps and sum(n * g(n)) mod 2^64 over 0 <= n <= N, so runs can be compared.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static int is_rare(unsigned v, unsigned mask) { return !(__builtin_popcount(v & mask) & 1); }

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s N [MASK]\n", argv[0]);
        return 2;
    }
    long n_max = atol(argv[1]);
    unsigned mask = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 0) : 0xfe;
    uint16_t *g = calloc(n_max + 1, sizeof *g);
    long *rare = malloc((n_max + 1) * sizeof *rare), rare_count = 0;
    static unsigned char marked[1 << 16];
    static uint16_t touched[1 << 16];
    if (!g || !rare) return 1;
    for (long n = 1; n <= n_max; n++) {
        int touched_count = 0;
        for (long i = 0; i < rare_count && rare[i] < n; i++) {
            long a = rare[i];
            if (2 * a == n) continue;
            unsigned v = g[a] ^ g[n - a];
            if (!marked[v]) { marked[v] = 1; touched[touched_count++] = (uint16_t)v; }
        }
        /* c = the least common value not marked: g(n) unless a rare value below it is missing.
         * One scan of the splits marks values until every rare value below c has been seen. */
        unsigned c = 0;
        while (marked[c] || is_rare(c, mask)) c++;
        int missing = 0;
        for (unsigned v = 0; v < c; v++) missing += !marked[v];
        for (long a = 1; missing > 0 && 2 * a < n; a++) {
            unsigned v = g[a] ^ g[n - a];
            if (!marked[v]) {
                marked[v] = 1;
                touched[touched_count++] = (uint16_t)v;
                missing -= v < c;
            }
        }
        unsigned v = 0;
        while (v < c && marked[v]) v++;
        for (int i = 0; i < touched_count; i++) marked[touched[i]] = 0;
        g[n] = (uint16_t)v;
        if (is_rare(v, mask)) rare[rare_count++] = n;
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
