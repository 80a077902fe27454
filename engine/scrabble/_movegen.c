/* The compiled core of the move generator: the same search as engine/scrabble/movegen_search.py, in C.

Why it exists: the pure-Python generator is the specification, but a position costs it milliseconds;
every mode that needs tops (training grids, duplicate games) pays that per position. This file is a
line-by-line translation of the Python search (cross-checks, anchors, Gordon's GADDAG walk with the
rack and blanks, incremental scoring, the top-N search with its anchor bounds) plus the final sort
and the construction of the Move objects, so that a whole position costs well under a millisecond.

It reads the compiled lexicon where it lies: the GADDAG array is the caller's buffer (the
memory-mapped file of engine.gaddag, format version 2, docs/gaddag-format.md), borrowed for the
duration of one call, never copied. The structure of the file is trusted (its CRC is checked at
load; `load_gaddag(..., verify_structure=True)` proves that no walk leaves the array).

Anything unusual in the input (a rack or a board letter outside the alphabet, non-ASCII text, a rack
of more than 7 tiles, an alphabet of more than 30 letters) is not handled here: `run` returns
NotImplemented and the Python wrapper runs the pure-Python generator, which raises the same errors
with the same messages as without this module.
*/

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define SIZE 15
#define LAST (SIZE - 1)
#define SQUARES (SIZE * SIZE)
#define CHILD 0x7FFFFFFFu
#define ACCEPT 0x80000000u
#define ONE_WORD 0x40000000u
#define BINGO_TILES 7
#define BINGO_BONUS 50
#define MAX_RACK 7
#define MAX_CODES 32 /* codes 0..size, size <= 30 (bit 30 and 31 of a node word are flags) */

enum { MODE_RAW = 0, MODE_SORTED = 1, MODE_TOP = 2, MODE_RANKED = 3, MODE_BEATS = 4 };

/* popcount of a mask of bits 0..29 (portable: no popcnt instruction assumed) */
static inline uint32_t popc(uint32_t x) {
#if defined(__POPCNT__)
    return (uint32_t)__builtin_popcount(x);
#else
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (x * 0x01010101u) >> 24;
#endif
}

static inline uint32_t lowest_code(uint32_t low) { return (uint32_t)__builtin_ctz(low); }

/* -- recorded plays -------------------------------------------------------------------------- */

typedef struct {
    uint64_t key;   /* sort key without the word: score descending, row, column, H before V */
    uint32_t word;  /* offset of the main word in the pool */
    int32_t score;
    uint8_t d, line, start, len, tiles;
} Play;

typedef struct {
    Play *plays;
    size_t count, cap;
    char *pool;
    size_t pool_len, pool_cap;
    int oom;
    int floor; /* plays scoring less are not recorded (the top-N search: they cannot enter it) */
} Out;

/* Buffers reused from call to call (the GIL is held for the whole call: no concurrent use). */
static Out OUT;

static int out_reserve(Out *out) {
    if (out->count == out->cap) {
        size_t cap = out->cap ? out->cap * 2 : 4096;
        Play *p = realloc(out->plays, cap * sizeof(Play));
        if (!p) { out->oom = 1; return 0; }
        out->plays = p;
        out->cap = cap;
    }
    if (out->pool_len + SIZE > out->pool_cap) {
        size_t cap = out->pool_cap ? out->pool_cap * 2 : 65536;
        char *p = realloc(out->pool, cap);
        if (!p) { out->oom = 1; return 0; }
        out->pool = p;
        out->pool_cap = cap;
    }
    return 1;
}

static inline uint64_t play_key(int score, int d, int line, int start) {
    int row = d ? start : line, col = d ? line : start;
    return ((uint64_t)(uint32_t)(0x7FFFFFFF - score) << 32) | ((uint64_t)row << 16) | ((uint64_t)col << 8)
           | (uint64_t)d;
}

static int cmp_play(const void *a, const void *b) {
    const Play *p = a, *q = b;
    if (p->key != q->key) return p->key < q->key ? -1 : 1;
    size_t n = p->len < q->len ? p->len : q->len;
    int c = memcmp(OUT.pool + p->word, OUT.pool + q->word, n);
    if (c) return c;
    return (int)p->len - (int)q->len;
}

static inline int word_cmp(const Play *p, const Play *q) {
    size_t n = p->len < q->len ? p->len : q->len;
    int c = memcmp(OUT.pool + p->word, OUT.pool + q->word, n);
    return c ? c : (int)p->len - (int)q->len;
}

static int cmp_entry_word(const void *a, const void *b) {
    return word_cmp(&OUT.plays[*(const uint64_t *)a & 0xFFFFFFFFu], &OUT.plays[*(const uint64_t *)b & 0xFFFFFFFFu]);
}

/* Sort OUT.plays in the output order (Move.sort_key). A stable radix sort on a 25-bit key (score
   descending, row, column, direction), then the word for the few plays sharing a key: linear in the
   number of plays, where a comparison sort pays log2(n) word comparisons per play. 0, or -1 when out
   of memory. */
static int sort_plays(void) {
    size_t n = OUT.count;
    if (n < 2) return 0;
    int max_score = 0;
    for (size_t i = 0; i < n; i++)
        if (OUT.plays[i].score > max_score) max_score = OUT.plays[i].score;
    if (max_score > 0xFFFF || n > 0xFFFFFFFFu) { /* never in a real game: the plain comparison sort */
        qsort(OUT.plays, n, sizeof(Play), cmp_play);
        return 0;
    }
    uint64_t *a = malloc(n * sizeof(uint64_t)), *b = malloc(n * sizeof(uint64_t));
    Play *sorted = malloc(OUT.cap * sizeof(Play));
    if (!a || !b || !sorted) { free(a); free(b); free(sorted); return -1; }
    for (size_t i = 0; i < n; i++) {
        const Play *pl = &OUT.plays[i];
        uint32_t row = pl->d ? pl->start : pl->line, col = pl->d ? pl->line : pl->start;
        uint64_t key = ((uint64_t)(0xFFFF - pl->score) << 9) | (row << 5) | (col << 1) | pl->d;
        a[i] = key << 32 | i;
    }
    for (int shift = 32; shift < 32 + 27; shift += 9) {
        size_t counts[513] = {0};
        for (size_t i = 0; i < n; i++) counts[(a[i] >> shift & 511) + 1]++;
        for (int k = 0; k < 512; k++) counts[k + 1] += counts[k];
        for (size_t i = 0; i < n; i++) b[counts[a[i] >> shift & 511]++] = a[i];
        uint64_t *t = a; a = b; b = t;
    }
    for (size_t i = 0; i < n;) { /* plays sharing a key: by word */
        size_t j = i + 1;
        while (j < n && (a[j] >> 32) == (a[i] >> 32)) j++;
        if (j - i > 1) qsort(a + i, j - i, sizeof(uint64_t), cmp_entry_word);
        i = j;
    }
    for (size_t i = 0; i < n; i++) sorted[i] = OUT.plays[a[i] & 0xFFFFFFFFu];
    free(OUT.plays);
    OUT.plays = sorted;
    free(a);
    free(b);
    return 0;
}

/* -- the position, line-major per direction (index d * 225 + line * 15 + p), as in Prepared --- */

typedef struct {
    const uint32_t *w;
    uint32_t root, full;
    int letter_values[MAX_CODES];
    char upper[MAX_CODES], lower[MAX_CODES];
    int rack[MAX_CODES];
    int blanks, rack_size;
    uint8_t tiles[2 * SQUARES];
    char chars[2 * SQUARES];
    int values[2 * SQUARES];
    uint32_t cross[2 * SQUARES];
    int xsum[2 * SQUARES];
    uint8_t anchors[2 * SQUARES];
    /* What the lines above were prepared from: a call on the same board, letters, lexicon and
       testable letters reuses them (cross-checks computed once per position, not once per call). */
    int prepared;
    PyObject *prep_words; /* the lexicon's words object, held so that it cannot be replaced unseen */
    const uint32_t *prep_w;
    Py_ssize_t prep_len;
    uint32_t prep_root, prep_full, prep_want;
    char prep_chars[SQUARES];
    int prep_values[MAX_CODES];
} Prep;

static int LM[2 * SQUARES], WM[2 * SQUARES]; /* premiums in the same line-major order */
static int CONFIGURED = 0;

static inline int board_index(int d, int line, int p) { return d ? p * SIZE + line : line * SIZE + p; }

/* Cross-check masks of one line's empty squares for the perpendicular direction (cross_sets),
   restricted to the letters of ``full`` worth testing: the rack's letters when it has no blank
   (the only ones a play can put down; each other letter would cost a walk of the suffix). */
static void cross_sets(const uint32_t *w, uint32_t root, const uint8_t *line, uint32_t full,
                       uint32_t *masks, uint8_t *touching) {
    for (int p = 0; p < SIZE; p++) {
        masks[p] = full;
        touching[p] = 0;
        if (line[p]) continue;
        int before = p > 0 && line[p - 1], after = p < LAST && line[p + 1];
        if (!before && !after) continue;
        touching[p] = 1;
        int a = p, b = p;
        while (a > 0 && line[a - 1]) a--;
        while (b < LAST && line[b + 1]) b++;
        uint32_t allowed = 0, node = root, mask;
        int ok = 1;
        if (a < p) {
            for (int q = p - 1; q >= a; q--) { /* REV(prefix) */
                uint32_t c = line[q];
                mask = w[node];
                if (!(mask >> c & 1)) { ok = 0; break; }
                node = mask >= ONE_WORD ? node - 1 : w[node - 1 - popc(mask & ((1u << c) - 1))] & CHILD;
            }
            if (ok) {
                mask = w[node];
                if (mask & 1) node = mask >= ONE_WORD ? node - 1 : w[node - 1] & CHILD;
                else ok = 0;
            }
            if (ok) {
                mask = w[node];
                uint32_t m = mask & full;
                while (m) {
                    uint32_t low = m & (0u - m);
                    m ^= low;
                    uint32_t arc = mask >= ONE_WORD ? (mask & ACCEPT) | (node - 1)
                                                    : w[node - 1 - popc(mask & (low - 1))];
                    for (int q = p + 1; q <= b; q++) { /* the suffix, forwards */
                        uint32_t n2 = arc & CHILD, c = line[q], mk = w[n2];
                        if (!(mk >> c & 1)) { arc = 0; break; }
                        arc = mk >= ONE_WORD ? (mk & ACCEPT) | (n2 - 1) : w[n2 - 1 - popc(mk & ((1u << c) - 1))];
                    }
                    if (arc >> 31) allowed |= low;
                }
            }
        } else {
            for (int q = b; q > p; q--) { /* REV(suffix), then the letter in front accepts */
                uint32_t c = line[q];
                mask = w[node];
                if (!(mask >> c & 1)) { ok = 0; break; }
                node = mask >= ONE_WORD ? node - 1 : w[node - 1 - popc(mask & ((1u << c) - 1))] & CHILD;
            }
            if (ok) {
                mask = w[node];
                uint32_t m = mask & full;
                if (mask >= ONE_WORD) {
                    allowed = (mask & ACCEPT) ? m : 0;
                } else {
                    while (m) {
                        uint32_t low = m & (0u - m);
                        m ^= low;
                        if (w[node - 1 - popc(mask & (low - 1))] >> 31) allowed |= low;
                    }
                }
            }
        }
        masks[p] = allowed;
    }
}

static void prepare_lines(Prep *P, const uint8_t *codes, const char *chars, const int *vals, uint32_t want) {
    int any = 0;
    for (int i = 0; i < SQUARES; i++) any |= codes[i];
    uint8_t anchor_at[SQUARES];
    if (any) {
        for (int i = 0; i < SQUARES; i++) {
            int r = i / SIZE, c = i % SIZE;
            anchor_at[i] = !codes[i] && ((r > 0 && codes[i - SIZE]) || (r < LAST && codes[i + SIZE])
                                         || (c > 0 && codes[i - 1]) || (c < LAST && codes[i + 1]));
        }
    } else {
        memset(anchor_at, 0, sizeof anchor_at);
        anchor_at[7 * SIZE + 7] = 1;
    }
    for (int d = 0; d < 2; d++)
        for (int line = 0; line < SIZE; line++)
            for (int p = 0; p < SIZE; p++) {
                int j = d * SQUARES + line * SIZE + p, i = board_index(d, line, p);
                P->tiles[j] = codes[i];
                P->chars[j] = chars[i];
                P->values[j] = vals[i];
                P->anchors[j] = anchor_at[i];
                P->cross[j] = P->full;
                P->xsum[j] = -1;
            }
    for (int d = 0; d < 2; d++) {
        int other = 1 - d;
        for (int line = 0; line < SIZE; line++) {
            const uint8_t *lc = P->tiles + other * SQUARES + line * SIZE;
            const int *lv = P->values + other * SQUARES + line * SIZE;
            int has = 0;
            for (int p = 0; p < SIZE; p++) has |= lc[p];
            if (!has) continue;
            uint32_t masks[SIZE];
            uint8_t touching[SIZE];
            cross_sets(P->w, P->root, lc, want, masks, touching);
            for (int p = 0; p < SIZE; p++) {
                if (!touching[p]) continue;
                int j = d * SQUARES + p * SIZE + line;
                P->cross[j] = masks[p];
                int total = 0;
                for (int q = p - 1; q >= 0 && lc[q]; q--) total += lv[q];
                for (int q = p + 1; q < SIZE && lc[q]; q++) total += lv[q];
                P->xsum[j] = total;
            }
        }
    }
}

/* -- the search over one line (line_search) -------------------------------------------------- */

typedef struct {
    const uint32_t *w;
    uint32_t root, full;
    const int *lv;
    const char *upper, *lower;
    int *rack;
    uint32_t rmask0;
    int blanks;
    int d, line;
    uint8_t A[SIZE + 1], T[SIZE + 1];
    char CH[SIZE + 1];
    int V[SIZE + 1], S[SIZE + 1], LMl[SIZE + 1], WMl[SIZE + 1];
    uint32_t X[SIZE + 1], NEED[SIZE + 2];
    char cur[SIZE + 1];
    int anchor, right_free, skip_single;
    Out *out;
} Line;

static void line_init(Line *L, Prep *P, int d, int line, uint32_t rmask0) {
    L->w = P->w;
    L->root = P->root;
    L->full = P->full;
    L->lv = P->letter_values;
    L->upper = P->upper;
    L->lower = P->lower;
    L->rack = P->rack;
    L->rmask0 = rmask0;
    L->blanks = P->blanks;
    L->d = d;
    L->line = line;
    int base = d * SQUARES + line * SIZE;
    for (int p = 0; p < SIZE; p++) {
        L->A[p] = P->anchors[base + p];
        L->T[p] = P->tiles[base + p];
        L->CH[p] = P->chars[base + p];
        L->V[p] = P->values[base + p];
        L->X[p] = P->cross[base + p];
        L->S[p] = P->xsum[base + p];
        L->LMl[p] = LM[base + p];
        L->WMl[p] = WM[base + p];
        L->NEED[p] = L->T[p] ? (1u << L->T[p]) : L->X[p];
    }
    L->A[SIZE] = L->T[SIZE] = 0;
    L->NEED[SIZE] = L->NEED[SIZE + 1] = 0;
    L->out = &OUT;
}

static inline void record(Line *L, int score, int start, int end, int tiles) {
    Out *out = L->out;
    if (score < out->floor || !out_reserve(out)) return;
    Play *pl = &out->plays[out->count++];
    int len = end - start + 1;
    pl->score = score;
    pl->d = (uint8_t)L->d;
    pl->line = (uint8_t)L->line;
    pl->start = (uint8_t)start;
    pl->len = (uint8_t)len;
    pl->tiles = (uint8_t)tiles;
    pl->word = (uint32_t)out->pool_len;
    pl->key = play_key(score, L->d, L->line, start);
    memcpy(out->pool + out->pool_len, L->cur + start, (size_t)len);
    out->pool_len += (size_t)len;
}

static inline uint32_t arc_of(const uint32_t *w, uint32_t node, uint32_t mask, uint32_t low) {
    return mask < ONE_WORD ? w[node - 1 - popc(mask & (low - 1))] : (mask & ACCEPT) | (node - 1);
}

/* The arcs of `node` for the letters of `m`, in code order, with their child nodes' words requested
   from memory at once: the walk then waits for one cache miss per square instead of one per letter
   (the lexicon is megabytes; with blanks a square tries up to 26 letters). */
static inline int fetch_arcs(const uint32_t *w, uint32_t node, uint32_t mask, uint32_t m, uint32_t *arcs) {
    int count = 0;
    while (m) {
        uint32_t low = m & (0u - m);
        m ^= low;
        uint32_t arc = arc_of(w, node, mask, low);
        __builtin_prefetch(&w[arc & CHILD]);
        arcs[count++] = arc;
    }
    return count;
}

static void right(Line *L, int pos, uint32_t node, int start, int msum, int wmul, int xtot, int n,
                  uint32_t rmask, int b) {
    const uint32_t *w = L->w;
    uint32_t mask = w[node];
    int ends = pos == LAST || !L->T[pos + 1];
    uint32_t need = L->NEED[pos + 1];
    uint32_t c = L->T[pos];
    if (c) { /* a tile on the board: read it */
        if (mask >> c & 1) {
            uint32_t arc = arc_of(w, node, mask, 1u << c);
            L->cur[pos] = L->CH[pos];
            msum += L->V[pos];
            if (ends && (arc >> 31) && !(n == 1 && L->skip_single))
                record(L, msum * wmul + xtot + (n == BINGO_TILES ? BINGO_BONUS : 0), start, pos, n);
            uint32_t child = arc & CHILD;
            uint32_t nm = w[child] & need;
            if (nm && (!ends || b || (nm & rmask))) right(L, pos + 1, child, start, msum, wmul, xtot, n, rmask, b);
        }
        return;
    }
    uint32_t m = mask & L->X[pos] & (b ? L->full : rmask);
    int lmul = L->LMl[pos], wsq = L->WMl[pos], wmul2 = wmul * wsq, xs = L->S[pos];
    int n1 = n + 1;
    int bonus = n1 == BINGO_TILES ? BINGO_BONUS : 0;
    uint32_t arcs[MAX_CODES];
    int count = fetch_arcs(w, node, mask, m, arcs);
    for (int k_arc = 0; k_arc < count; k_arc++) {
        uint32_t low = m & (0u - m);
        m ^= low;
        uint32_t code = lowest_code(low);
        uint32_t arc = arcs[k_arc];
        int accept = ends && (arc >> 31);
        uint32_t child = arc & CHILD;
        uint32_t nm = w[child] & need;
        if (!(nm || accept)) continue;
        int k = L->rack[code];
        /* variants: the tile itself (when in the rack), then a blank for it (when one is left) */
        for (int blank = k ? 0 : 1; blank <= (b ? 1 : 0); blank++) {
            int ms, xt, bb;
            uint32_t rm;
            if (blank) {
                ms = msum;
                xt = xs < 0 ? xtot : xtot + xs * wsq;
                L->cur[pos] = L->lower[code];
                rm = rmask;
                bb = b - 1;
            } else {
                int v = L->lv[code] * lmul;
                ms = msum + v;
                xt = xs < 0 ? xtot : xtot + (xs + v) * wsq;
                L->cur[pos] = L->upper[code];
                rm = k > 1 ? rmask : rmask ^ low;
                bb = b;
            }
            if (accept) record(L, ms * wmul2 + xt + bonus, start, pos, n1);
            if (nm && (!ends || bb || (nm & rm))) {
                if (blank) {
                    right(L, pos + 1, child, start, ms, wmul2, xt, n1, rm, bb);
                } else {
                    L->rack[code] = k - 1;
                    right(L, pos + 1, child, start, ms, wmul2, xt, n1, rm, bb);
                    L->rack[code] = k;
                }
            }
        }
    }
}

static void left(Line *L, int pos, uint32_t node, int msum, int wmul, int xtot, int n, uint32_t rmask, int b);

/* After reading a board tile on `pos` leftwards: the same three moves as in `left`. */
static void left_step(Line *L, int pos, uint32_t arc, int msum, int wmul, int xtot, int n, uint32_t rmask,
                      int b) {
    const uint32_t *w = L->w;
    uint32_t child = arc & CHILD;
    uint32_t cw = w[child];
    int anchor = L->anchor;
    if (pos && L->T[pos - 1]) {
        if (cw & L->NEED[pos - 1]) left(L, pos - 1, child, msum, wmul, xtot, n, rmask, b);
        return;
    }
    if ((arc >> 31) && L->right_free && pos < anchor && !(n == 1 && L->skip_single))
        record(L, msum * wmul + xtot + (n == BINGO_TILES ? BINGO_BONUS : 0), pos, anchor, n);
    if (anchor < LAST && (cw & 1)) {
        uint32_t turn = cw >= ONE_WORD ? child - 1 : w[child - 1] & CHILD;
        uint32_t nt = w[turn] & L->NEED[anchor + 1];
        if (nt && (!L->right_free || b || (nt & rmask))) right(L, anchor + 1, turn, pos, msum, wmul, xtot, n, rmask, b);
    }
    if (pos && !L->A[pos - 1]) {
        uint32_t nl = cw & L->NEED[pos - 1];
        if (nl && (b || (nl & rmask))) left(L, pos - 1, child, msum, wmul, xtot, n, rmask, b);
    }
}

/* Fill square `pos` (the anchor or left of it), the word spanning pos+1..anchor so far. */
static void left(Line *L, int pos, uint32_t node, int msum, int wmul, int xtot, int n, uint32_t rmask, int b) {
    const uint32_t *w = L->w;
    uint32_t mask = w[node];
    uint32_t c = L->T[pos];
    if (c) {
        if (mask >> c & 1) {
            L->cur[pos] = L->CH[pos];
            left_step(L, pos, arc_of(w, node, mask, 1u << c), msum + L->V[pos], wmul, xtot, n, rmask, b);
        }
        return;
    }
    uint32_t m = mask & L->X[pos] & (b ? L->full : rmask);
    if (!m) return;
    int anchor = L->anchor;
    int lmul = L->LMl[pos], wsq = L->WMl[pos], wmul2 = wmul * wsq, xs = L->S[pos];
    int n1 = n + 1;
    int bonus = n1 == BINGO_TILES ? BINGO_BONUS : 0;
    int forced = pos && L->T[pos - 1]; /* a tile on the left: the word must go through it */
    int may_end = !forced && L->right_free && pos < anchor && !(n1 == 1 && L->skip_single);
    int may_turn = !forced && anchor < LAST;
    uint32_t need_turn = L->NEED[anchor + 1];
    uint32_t need_left = (forced || (pos && !L->A[pos - 1])) ? L->NEED[pos - 1] : 0;
    uint32_t arcs[MAX_CODES];
    int count = fetch_arcs(w, node, mask, m, arcs);
    for (int k_arc = 0; k_arc < count; k_arc++) {
        uint32_t low = m & (0u - m);
        m ^= low;
        uint32_t code = lowest_code(low);
        uint32_t arc = arcs[k_arc];
        uint32_t child = arc & CHILD;
        int accept = may_end && (arc >> 31);
        uint32_t cw = w[child];
        uint32_t nl = cw & need_left;
        uint32_t turn = 0, nt = 0;
        if (may_turn && (cw & 1)) { /* the separator has code 0: rank 0 */
            turn = cw >= ONE_WORD ? child - 1 : w[child - 1] & CHILD;
            nt = w[turn] & need_turn;
        }
        if (!(accept || nt || nl)) continue;
        int k = L->rack[code];
        for (int blank = k ? 0 : 1; blank <= (b ? 1 : 0); blank++) {
            int ms, xt, bb;
            uint32_t rm;
            if (blank) {
                ms = msum;
                xt = xs < 0 ? xtot : xtot + xs * wsq;
                L->cur[pos] = L->lower[code];
                rm = rmask;
                bb = b - 1;
            } else {
                int v = L->lv[code] * lmul;
                ms = msum + v;
                xt = xs < 0 ? xtot : xtot + (xs + v) * wsq;
                L->cur[pos] = L->upper[code];
                L->rack[code] = k - 1;
                rm = k > 1 ? rmask : rmask ^ low;
                bb = b;
            }
            if (accept) record(L, ms * wmul2 + xt + bonus, pos, anchor, n1);
            if (nt && (!L->right_free || bb || (nt & rm))) right(L, anchor + 1, turn, pos, ms, wmul2, xt, n1, rm, bb);
            if (nl && (forced || bb || (nl & rm))) left(L, pos - 1, child, ms, wmul2, xt, n1, rm, bb);
            if (!blank) L->rack[code] = k;
        }
    }
}

static void search(Line *L, int at) {
    L->anchor = at;
    L->right_free = at == LAST || !L->T[at + 1];
    L->skip_single = L->d == 1 && L->S[at] >= 0;
    left(L, at, L->root, 0, 1, 0, 0, L->rmask0, L->blanks);
}

static uint32_t rack_mask(const Prep *P) {
    uint32_t m = 0;
    for (int c = 0; c < MAX_CODES; c++)
        if (P->rack[c]) m |= 1u << c;
    return m;
}

/* generate_raw: every line, every anchor, in the Python order */
static void generate_all(Prep *P) {
    uint32_t rmask0 = rack_mask(P);
    Line L;
    for (int d = 0; d < 2; d++)
        for (int line = 0; line < SIZE; line++) {
            int base = d * SQUARES + line * SIZE, any = 0;
            for (int a = 0; a < SIZE; a++) any |= P->anchors[base + a];
            if (!any) continue;
            line_init(&L, P, d, line, rmask0);
            for (int a = 0; a < SIZE; a++)
                if (L.A[a]) search(&L, a);
        }
}

/* -- the top-N search (anchor_bounds, top_raw) ------------------------------------------------ */

/* A few values (at most 2 * 7 + 1): insertion sort beats qsort's calls through a pointer. */
static inline void sort_desc(int *v, int n) {
    for (int i = 1; i < n; i++) {
        int x = v[i], j = i - 1;
        while (j >= 0 && v[j] < x) { v[j + 1] = v[j]; j--; }
        v[j + 1] = x;
    }
}

/* max-heap of the anchors' keys: the search pops them best bound first and usually stops early,
   so the anchors it never reaches are never sorted */
static void bounds_sift_down(int64_t *h, int n, int i) {
    for (;;) {
        int l = 2 * i + 1, r = l + 1, s = i;
        if (l < n && h[l] > h[s]) s = l;
        if (r < n && h[r] > h[s]) s = r;
        if (s == i) return;
        int64_t t = h[i]; h[i] = h[s]; h[s] = t;
        i = s;
    }
}

static int64_t bounds_pop(int64_t *h, int *n) {
    int64_t top = h[0];
    h[0] = h[--*n];
    bounds_sift_down(h, *n, 0);
    return top;
}

/* (bound << 12 | d << 8 | line << 4 | anchor) of every anchor; returns their number */
static int anchor_bounds(const Prep *P, int64_t *bounds) {
    int rack_size = P->rack_size;
    if (!rack_size) return 0;
    int values[MAX_RACK];
    int nv = 0;
    for (int c = 0; c < MAX_CODES; c++)
        for (int k = 0; k < P->rack[c]; k++) values[nv++] = P->letter_values[c];
    for (int k = 0; k < P->blanks; k++) values[nv++] = 0;
    sort_desc(values, nv);
    int top_value = values[0];
    uint32_t avail = P->blanks ? P->full : rack_mask(P);
    int count = 0;
    for (int d = 0; d < 2; d++)
        for (int line = 0; line < SIZE; line++) {
            int base = d * SQUARES + line * SIZE;
            for (int a = 0; a < SIZE; a++) {
                int i = base + a;
                if (!P->anchors[i] || !(P->cross[i] & avail)) continue;
                int usable[2 * MAX_RACK];
                int nu = 0, through = 0;
                usable[nu++] = i;
                for (int side = 0; side < 2; side++) {
                    int step = side ? 1 : -1, stop_at_anchor = !side;
                    int budget = rack_size - 1;
                    for (int q = a + step; q >= 0 && q < SIZE; q += step) {
                        int j = base + q;
                        if (P->tiles[j]) through += P->values[j];
                        else if (!budget || (stop_at_anchor && P->anchors[j]) || !(P->cross[j] & avail)) break;
                        else { usable[nu++] = j; budget--; }
                    }
                }
                int lms[2 * MAX_RACK], wms[2 * MAX_RACK], crs[2 * MAX_RACK];
                int nc = 0;
                for (int u = 0; u < nu; u++) {
                    int j = usable[u];
                    lms[u] = LM[j];
                    wms[u] = WM[j];
                    if (P->xsum[j] >= 0) crs[nc++] = (P->xsum[j] + top_value * LM[j]) * WM[j];
                }
                sort_desc(lms, nu);
                sort_desc(wms, nu);
                sort_desc(crs, nc);
                int letters = 0;
                for (int k = 0; k < nv && k < nu; k++) letters += values[k] * lms[k];
                int word_mult = 1;
                for (int k = 0; k < nu && k < rack_size; k++) word_mult *= wms[k];
                int cross = 0;
                for (int k = 0; k < nc && k < rack_size; k++) cross += crs[k];
                int bingo = rack_size >= BINGO_TILES && nu >= BINGO_TILES ? BINGO_BONUS : 0;
                int64_t bound = (int64_t)(through + letters) * word_mult + cross + bingo;
                bounds[count++] = (bound << 12) | ((int64_t)d << 8) | ((int64_t)line << 4) | a;
            }
        }
    return count;
}

/* min-heap of the n best scores so far */
static void heap_sift_down(int *h, int n, int i) {
    for (;;) {
        int l = 2 * i + 1, r = l + 1, s = i;
        if (l < n && h[l] < h[s]) s = l;
        if (r < n && h[r] < h[s]) s = r;
        if (s == i) return;
        int t = h[i]; h[i] = h[s]; h[s] = t;
        i = s;
    }
}

static void heap_push(int *h, int n, int v) { /* n = size before the push */
    int i = n;
    h[i] = v;
    while (i) {
        int p = (i - 1) / 2;
        if (h[p] <= h[i]) break;
        int t = h[i]; h[i] = h[p]; h[p] = t;
        i = p;
    }
}

static int top_search(Prep *P, Py_ssize_t n) {
    if (n <= 0) return 0;
    int64_t bounds[2 * SQUARES];
    int nb = anchor_bounds(P, bounds);
    for (int i = nb / 2 - 1; i >= 0; i--) bounds_sift_down(bounds, nb, i);
    size_t cap = (size_t)n < 100000 ? (size_t)n : 100000; /* no more plays than that in any position */
    int *best = malloc(cap * sizeof(int));
    if (!best) return -1;
    int have = 0;
    uint32_t rmask0 = rack_mask(P);
    Line lines[2 * SIZE];
    uint8_t ready[2 * SIZE] = {0};
    while (nb > 0) {
        int64_t key = bounds_pop(bounds, &nb);
        int64_t bound = key >> 12;
        int d = (int)(key >> 8 & 15), line = (int)(key >> 4 & 15), anchor = (int)(key & 15);
        if ((size_t)have == cap && (size_t)have == (size_t)n && bound < best[0]) break;
        Line *L = &lines[d * SIZE + line];
        if (!ready[d * SIZE + line]) {
            line_init(L, P, d, line, rmask0);
            ready[d * SIZE + line] = 1;
        }
        size_t done = OUT.count;
        search(L, anchor);
        for (size_t i = done; i < OUT.count; i++) {
            int s = OUT.plays[i].score;
            if ((size_t)have < cap) heap_push(best, have++, s);
            else if (s > best[0]) { best[0] = s; heap_sift_down(best, have, 0); }
        }
        if ((size_t)have == cap && (size_t)have == (size_t)n) OUT.floor = best[0];
    }
    free(best);
    return 0;
}

/* Is there a play scoring more than `threshold`? Anchors are searched best bound first and only while
   their bound exceeds the threshold; plays at or under it are not even recorded, and the first play over it
   ends the search. The question a training grid asks of each candidate situation ("is the list word the
   top of this board for its rack?"), much cheaper than finding the top itself: most anchors' bounds are
   under a good play's score. Returns 1, 0, or -1 when out of memory. */
static int beats_search(Prep *P, int threshold) {
    int64_t bounds[2 * SQUARES];
    int nb = anchor_bounds(P, bounds);
    for (int i = nb / 2 - 1; i >= 0; i--) bounds_sift_down(bounds, nb, i);
    uint32_t rmask0 = rack_mask(P);
    Line lines[2 * SIZE];
    uint8_t ready[2 * SIZE] = {0};
    OUT.floor = threshold == INT_MAX ? INT_MAX : threshold + 1;
    while (nb > 0) {
        int64_t key = bounds_pop(bounds, &nb);
        if ((key >> 12) <= threshold) break;
        int d = (int)(key >> 8 & 15), line = (int)(key >> 4 & 15), anchor = (int)(key & 15);
        Line *L = &lines[d * SIZE + line];
        if (!ready[d * SIZE + line]) {
            line_init(L, P, d, line, rmask0);
            ready[d * SIZE + line] = 1;
        }
        search(L, anchor);
        if (OUT.oom) return -1;
        if (OUT.count) return 1;
    }
    return 0;
}

/* -- Python objects --------------------------------------------------------------------------- */

static PyObject *MOVE_TYPE = NULL;   /* engine.scrabble.scoring.Move */
static Py_ssize_t OFF_ROW, OFF_COL, OFF_DIR, OFF_WORD, OFF_SCORE, OFF_TILES, OFF_WORDS;
static int DIRECT = 0;               /* slot offsets known: build Moves without calling __init__ */
static PyObject *STR_H = NULL, *STR_V = NULL, *EMPTY_TUPLE = NULL;

static PyObject *play_word(const Play *pl) {
    PyObject *s = PyUnicode_New(pl->len, 127);
    if (!s) return NULL;
    memcpy(PyUnicode_1BYTE_DATA(s), OUT.pool + pl->word, pl->len);
    return s;
}

static inline void set_slot(PyObject *obj, Py_ssize_t offset, PyObject *value) {
    *(PyObject **)((char *)obj + offset) = value;
}

/* The ints of the plays (scores, rows, columns, tile counts), made once at import: a play's fields then
   cost a reference, not a call (CPython caches only -5..256; scores go higher). */
#define INT_CACHE 2048
static PyObject *INTS[INT_CACHE];

static inline PyObject *int_of(long v) {
    if (v >= 0 && v < INT_CACHE) {
        Py_INCREF(INTS[v]);
        return INTS[v];
    }
    return PyLong_FromLong(v);
}

static PyObject *make_move(const Play *pl) {
    int row = pl->d ? pl->start : pl->line, col = pl->d ? pl->line : pl->start;
    PyObject *word = play_word(pl);
    if (!word) return NULL;
    PyObject *dir = pl->d ? STR_V : STR_H;
    if (!DIRECT) {
        PyObject *r = int_of(row), *c = int_of(col), *s = int_of(pl->score), *t = int_of(pl->tiles);
        PyObject *result = NULL;
        if (r && c && s && t) result = PyObject_CallFunctionObjArgs(MOVE_TYPE, r, c, dir, word, s, t, NULL);
        Py_XDECREF(r); Py_XDECREF(c); Py_XDECREF(s); Py_XDECREF(t);
        Py_DECREF(word);
        return result;
    }
    PyTypeObject *type = (PyTypeObject *)MOVE_TYPE;
    PyObject *obj = type->tp_alloc(type, 0);
    if (!obj) { Py_DECREF(word); return NULL; }
    PyObject *s = int_of(pl->score);
    if (!s) {
        Py_DECREF(word);
        Py_DECREF(obj);
        return NULL;
    }
    Py_INCREF(dir);
    Py_INCREF(EMPTY_TUPLE);
    set_slot(obj, OFF_ROW, int_of(row));
    set_slot(obj, OFF_COL, int_of(col));
    set_slot(obj, OFF_DIR, dir);
    set_slot(obj, OFF_WORD, word);
    set_slot(obj, OFF_SCORE, s);
    set_slot(obj, OFF_TILES, int_of(pl->tiles));
    set_slot(obj, OFF_WORDS, EMPTY_TUPLE);
    /* Only ints, strings and () inside, and frozen: it can never be part of a reference cycle, so the
       cyclic collector need not walk the thousands of Moves of a position (as CPython does for
       tuples of atoms). */
    if (PyObject_IS_GC(obj)) PyObject_GC_UnTrack(obj);
    return obj;
}

static PyObject *make_raw(const Play *pl) {
    /* (score, d, line, start, word, tiles), filled directly: no format string to parse per play */
    PyObject *word = play_word(pl), *score = word ? int_of(pl->score) : NULL;
    PyObject *t = score ? PyTuple_New(6) : NULL;
    if (!t) {
        Py_XDECREF(word);
        Py_XDECREF(score);
        return NULL;
    }
    PyTuple_SET_ITEM(t, 0, score);
    PyTuple_SET_ITEM(t, 1, int_of(pl->d));
    PyTuple_SET_ITEM(t, 2, int_of(pl->line));
    PyTuple_SET_ITEM(t, 3, int_of(pl->start));
    PyTuple_SET_ITEM(t, 4, word);
    PyTuple_SET_ITEM(t, 5, int_of(pl->tiles));
    /* ints and a string: no cycle possible; the collector would untrack it only after walking it */
    PyObject_GC_UnTrack(t);
    return t;
}

static PyObject *moves_list(const Play *plays, size_t count) {
    PyObject *list = PyList_New((Py_ssize_t)count);
    if (!list) return NULL;
    for (size_t i = 0; i < count; i++) {
        PyObject *m = make_move(&plays[i]);
        if (!m) { Py_DECREF(list); return NULL; }
        PyList_SET_ITEM(list, (Py_ssize_t)i, m);
    }
    return list;
}

/* -- reading the arguments -------------------------------------------------------------------- */

/* 1 on success, 0 when the input is outside what this core handles (the caller falls back),
   -1 with a Python exception set. */
static int read_position(Prep *P, PyObject *words, Py_ssize_t words_len, PyObject *cells, PyObject *rack,
                         PyObject *letters, PyObject *values) {
    if (!PyUnicode_Check(letters) || !PyUnicode_IS_ASCII(letters)) return 0;
    Py_ssize_t size = PyUnicode_GET_LENGTH(letters);
    if (size < 1 || size > MAX_CODES - 2) return 0;
    if (!PyTuple_Check(values) || PyTuple_GET_SIZE(values) != size + 1) return 0;
    int8_t code_of[128];
    memset(code_of, 0, sizeof code_of);
    const char *lt = (const char *)PyUnicode_1BYTE_DATA(letters);
    memset(P->upper, 0, sizeof P->upper);
    memset(P->lower, 0, sizeof P->lower);
    memset(P->letter_values, 0, sizeof P->letter_values);
    for (Py_ssize_t k = 0; k < size; k++) {
        char ch = lt[k];
        if (ch < 'A' || ch > 'Z') return 0;
        code_of[(unsigned char)ch] = (int8_t)(k + 1);
        P->upper[k + 1] = ch;
        P->lower[k + 1] = (char)(ch - 'A' + 'a');
        long v = PyLong_AsLong(PyTuple_GET_ITEM(values, k + 1));
        if (v == -1 && PyErr_Occurred()) return -1;
        if (v < 0 || v > 1000) return 0;
        P->letter_values[k + 1] = (int)v;
    }
    P->full = ((1u << (size + 1)) - 1) & ~1u;

    if (!PyUnicode_Check(rack) || !PyUnicode_IS_ASCII(rack) || PyUnicode_GET_LENGTH(rack) > MAX_RACK) return 0;
    memset(P->rack, 0, sizeof P->rack);
    P->blanks = 0;
    const char *rk = (const char *)PyUnicode_1BYTE_DATA(rack);
    Py_ssize_t rn = PyUnicode_GET_LENGTH(rack);
    for (Py_ssize_t k = 0; k < rn; k++) {
        char ch = rk[k];
        if (ch == '?') { P->blanks++; continue; }
        if (ch >= 'a' && ch <= 'z') ch = (char)(ch - 'a' + 'A');
        int code = code_of[(unsigned char)ch];
        if (!code) return 0;
        P->rack[code]++;
    }
    P->rack_size = (int)rn;

    if (!PyList_Check(cells) || PyList_GET_SIZE(cells) != SQUARES) return 0;
    uint8_t codes[SQUARES];
    char chars[SQUARES];
    int vals[SQUARES];
    for (int i = 0; i < SQUARES; i++) {
        PyObject *tile = PyList_GET_ITEM(cells, i);
        if (!PyUnicode_Check(tile) || !PyUnicode_IS_ASCII(tile)) return 0;
        Py_ssize_t len = PyUnicode_GET_LENGTH(tile);
        codes[i] = 0;
        chars[i] = 0;
        vals[i] = 0;
        if (!len) continue;
        if (len != 1) return 0;
        char ch = (char)PyUnicode_1BYTE_DATA(tile)[0];
        int lower = ch >= 'a' && ch <= 'z';
        int code = code_of[(unsigned char)(lower ? ch - 'a' + 'A' : ch)];
        if (!code) return 0;
        codes[i] = (uint8_t)code;
        chars[i] = ch;
        vals[i] = lower ? 0 : P->letter_values[code];
    }
    uint32_t want = P->full; /* the letters a play can put down: all of them with a blank */
    if (!P->blanks) {
        want = 0;
        for (int c = 0; c < MAX_CODES; c++)
            if (P->rack[c]) want |= 1u << c;
    }
    if (P->prepared && P->prep_words == words && P->prep_w == P->w && P->prep_len == words_len
        && P->prep_root == P->root && P->prep_full == P->full && P->prep_want == want
        && !memcmp(P->prep_chars, chars, SQUARES) && !memcmp(P->prep_values, P->letter_values, sizeof P->prep_values))
        return 1; /* the same position as the last call: its lines are ready */
    P->prepared = 0;
    prepare_lines(P, codes, chars, vals, want);
    Py_INCREF(words);
    Py_XDECREF(P->prep_words);
    P->prep_words = words;
    P->prep_w = P->w;
    P->prep_len = words_len;
    P->prep_root = P->root;
    P->prep_full = P->full;
    P->prep_want = want;
    memcpy(P->prep_chars, chars, SQUARES);
    memcpy(P->prep_values, P->letter_values, sizeof P->prep_values);
    P->prepared = 1;
    return 1;
}

static Prep PREP;

/* run(words, root, cells, rack, letters, values, mode, n, target) -> list | (list, rank, count) | NotImplemented

   words: the GADDAG array (any buffer of uint32); root: its root index; cells: the board's 225 cells;
   rack: the rack text; letters: the alphabet's letters in code order; values: (0, value of code 1, ...).
   mode 0: the raw tuples of raw_plays, in the Python generator's order; 1: every Move, sorted;
   2: the n best Moves (top_moves); 3: (the n best Moves, 1-based rank of `target` -- a sort key
   tuple (-score, row, col, dir, word) -- or None, the number of plays); 4: whether some play scores
   more than n (beats). */
static PyObject *run_unguarded(PyObject *args) {
    PyObject *words, *cells, *rack, *letters, *values, *target = Py_None;
    unsigned long root;
    int mode;
    Py_ssize_t n = 0;
    if (!PyArg_ParseTuple(args, "OkOOOOi|nO", &words, &root, &cells, &rack, &letters, &values, &mode, &n, &target))
        return NULL;
    if (!CONFIGURED) {
        PyErr_SetString(PyExc_RuntimeError, "the compiled move generator is not configured");
        return NULL;
    }
    if (mode < MODE_RAW || mode > MODE_BEATS) {
        PyErr_SetString(PyExc_ValueError, "unknown mode");
        return NULL;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(words, &view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        if (!PyErr_ExceptionMatches(PyExc_TypeError) && !PyErr_ExceptionMatches(PyExc_BufferError)) return NULL;
        PyErr_Clear(); /* e.g. a plain list of ints: the Python generator reads it */
        Py_RETURN_NOTIMPLEMENTED;
    }
    const char *format = view.format ? view.format : "B";
    char kind = format[strlen(format) - 1];
    if (view.itemsize != 4 || (kind != 'I' && kind != 'L') || view.len / 4 <= (Py_ssize_t)root || !root) {
        PyBuffer_Release(&view);
        Py_RETURN_NOTIMPLEMENTED;
    }
    Prep *P = &PREP;
    P->w = (const uint32_t *)view.buf;
    P->root = (uint32_t)root;
    int ok = read_position(P, words, view.len, cells, rack, letters, values);
    if (ok <= 0) {
        PyBuffer_Release(&view);
        if (ok < 0) return NULL;
        Py_RETURN_NOTIMPLEMENTED;
    }
    OUT.count = 0;
    OUT.pool_len = 0;
    OUT.oom = 0;
    OUT.floor = INT_MIN;
    if (mode == MODE_BEATS) {
        int threshold = n > INT_MAX ? INT_MAX : (n < INT_MIN ? INT_MIN : (int)n);
        int found = beats_search(P, threshold);
        PyBuffer_Release(&view);
        if (found < 0) return PyErr_NoMemory();
        return PyBool_FromLong(found);
    }
    if (mode == MODE_TOP) {
        if (top_search(P, n) < 0) OUT.oom = 1;
    } else {
        generate_all(P);
    }
    PyBuffer_Release(&view);
    if (OUT.oom) return PyErr_NoMemory();

    if (mode == MODE_RAW) {
        PyObject *list = PyList_New((Py_ssize_t)OUT.count);
        if (!list) return NULL;
        for (size_t i = 0; i < OUT.count; i++) {
            PyObject *t = make_raw(&OUT.plays[i]);
            if (!t) { Py_DECREF(list); return NULL; }
            PyList_SET_ITEM(list, (Py_ssize_t)i, t);
        }
        return list;
    }
    if (sort_plays() < 0) return PyErr_NoMemory();
    if (mode == MODE_SORTED) return moves_list(OUT.plays, OUT.count);
    size_t keep = n < 0 ? 0 : ((size_t)n < OUT.count ? (size_t)n : OUT.count);
    if (mode == MODE_TOP) return moves_list(OUT.plays, keep);

    /* MODE_RANKED: the rank of the target key among every play */
    PyObject *rank = Py_None;
    Py_INCREF(rank);
    if (target != Py_None) {
        long neg_score, row, col;
        const char *dir, *word;
        Py_ssize_t wlen;
        if (!PyArg_ParseTuple(target, "lllss#", &neg_score, &row, &col, &dir, &word, &wlen)) {
            Py_DECREF(rank);
            return NULL;
        }
        int d = dir[0] == 'V';
        int tline = d ? (int)col : (int)row, tstart = d ? (int)row : (int)col;
        if ((dir[0] == 'H' || dir[0] == 'V') && !dir[1] && row >= 0 && row < SIZE && col >= 0 && col < SIZE
            && wlen <= SIZE) {
            Play probe;
            probe.key = play_key((int)-neg_score, d, tline, tstart);
            for (size_t i = 0; i < OUT.count; i++) {
                const Play *pl = &OUT.plays[i];
                if (pl->key != probe.key || pl->len != wlen) continue;
                if (!memcmp(OUT.pool + pl->word, word, (size_t)wlen)) {
                    Py_DECREF(rank);
                    rank = PyLong_FromSize_t(i + 1);
                    if (!rank) return NULL;
                    break;
                }
            }
        }
    }
    PyObject *top = moves_list(OUT.plays, keep);
    if (!top) { Py_DECREF(rank); return NULL; }
    return Py_BuildValue("(NNn)", top, rank, (Py_ssize_t)OUT.count);
}

/* The buffers (PREP, OUT) are shared. The GIL is held throughout, but building thousands of objects
   may start a garbage collection whose finalizers run Python code, which may let another thread in:
   a call made meanwhile is declined (NotImplemented: that caller gets the Python generator). */
static int BUSY = 0;

static PyObject *run(PyObject *self, PyObject *args) {
    (void)self;
    if (BUSY) Py_RETURN_NOTIMPLEMENTED;
    BUSY = 1;
    PyObject *result = run_unguarded(args);
    BUSY = 0;
    return result;
}

static Py_ssize_t slot_offset(PyObject *type, const char *name) {
    PyObject *descr = PyObject_GetAttrString(type, name);
    if (!descr) { PyErr_Clear(); return -1; }
    Py_ssize_t offset = -1;
    if (Py_TYPE(descr) == &PyMemberDescr_Type) {
        PyMemberDef *def = ((PyMemberDescrObject *)descr)->d_member;
        if (def->type == T_OBJECT_EX && !(def->flags & READONLY)) offset = def->offset;
    }
    Py_DECREF(descr);
    return offset;
}

/* configure(Move, letter_multipliers, word_multipliers): the Move class to build and the premiums
   (index row * 15 + col). Moves are built by filling their slots directly when Move is a slotted class
   whose fields are plain slots (a frozen dataclass with slots); otherwise by calling Move(...). */
static PyObject *configure(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *move_type, *lm, *wm;
    if (!PyArg_ParseTuple(args, "OOO", &move_type, &lm, &wm)) return NULL;
    if (!PyType_Check(move_type)) {
        PyErr_SetString(PyExc_TypeError, "Move must be a class");
        return NULL;
    }
    PyObject *lmf = PySequence_Fast(lm, "premiums must be sequences");
    if (!lmf) return NULL;
    PyObject *wmf = PySequence_Fast(wm, "premiums must be sequences");
    if (!wmf) { Py_DECREF(lmf); return NULL; }
    if (PySequence_Fast_GET_SIZE(lmf) != SQUARES || PySequence_Fast_GET_SIZE(wmf) != SQUARES) {
        Py_DECREF(lmf); Py_DECREF(wmf);
        PyErr_SetString(PyExc_ValueError, "premiums must have 225 squares");
        return NULL;
    }
    for (int d = 0; d < 2; d++)
        for (int line = 0; line < SIZE; line++)
            for (int p = 0; p < SIZE; p++) {
                int i = board_index(d, line, p), j = d * SQUARES + line * SIZE + p;
                LM[j] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(lmf, i));
                WM[j] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(wmf, i));
            }
    Py_DECREF(lmf);
    Py_DECREF(wmf);
    if (PyErr_Occurred()) return NULL;
    Py_XDECREF(MOVE_TYPE);
    Py_INCREF(move_type);
    MOVE_TYPE = move_type;
    OFF_ROW = slot_offset(move_type, "row");
    OFF_COL = slot_offset(move_type, "col");
    OFF_DIR = slot_offset(move_type, "dir");
    OFF_WORD = slot_offset(move_type, "word");
    OFF_SCORE = slot_offset(move_type, "score");
    OFF_TILES = slot_offset(move_type, "tiles");
    OFF_WORDS = slot_offset(move_type, "words");
    PyTypeObject *t = (PyTypeObject *)move_type;
    DIRECT = OFF_ROW > 0 && OFF_COL > 0 && OFF_DIR > 0 && OFF_WORD > 0 && OFF_SCORE > 0 && OFF_TILES > 0
             && OFF_WORDS > 0 && t->tp_dictoffset == 0 && t->tp_alloc != NULL;
    CONFIGURED = 1;
    return PyBool_FromLong(DIRECT);
}

/* -- the CGP board field (engine.scrabble.cgp._parse_board's fast path) -------------------------- */

static PyObject *TILE_STR[128]; /* one-letter strings, made once */
static PyObject *EMPTY_STR = NULL;

/* The 225 cells of a well-formed board field, or None for anything else (the Python parser then
   reads it again and says what is wrong): 15 rows joined by '/', each exactly 15 squares of ASCII
   letters and runs of empty squares written as numbers without a leading 0. */
static PyObject *parse_board(PyObject *self, PyObject *arg) {
    (void)self;
    if (!PyUnicode_Check(arg) || !PyUnicode_IS_ASCII(arg)) Py_RETURN_NONE;
    Py_ssize_t n = PyUnicode_GET_LENGTH(arg);
    const char *t = (const char *)PyUnicode_DATA(arg);
    PyObject *cells[SQUARES];
    int count = 0, row = 0, col = 0;
    for (Py_ssize_t i = 0; i <= n; i++) {
        char ch = i < n ? t[i] : '/';
        if (row == SIZE) Py_RETURN_NONE; /* a 16th row (cells holds 15 rows) */
        if (ch == '/') {
            if (col != SIZE) Py_RETURN_NONE;
            row++;
            col = 0;
        } else if (ch >= '1' && ch <= '9') {
            int run = ch - '0';
            while (i + 1 < n && t[i + 1] >= '0' && t[i + 1] <= '9') {
                run = run * 10 + (t[++i] - '0');
                if (run > SIZE) Py_RETURN_NONE;
            }
            if (col + run > SIZE) Py_RETURN_NONE;
            for (int k = 0; k < run; k++) cells[count++] = EMPTY_STR;
            col += run;
        } else if ((ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z')) {
            if (col == SIZE) Py_RETURN_NONE;
            cells[count++] = TILE_STR[(int)ch];
            col++;
        } else {
            Py_RETURN_NONE;
        }
    }
    if (row != SIZE) Py_RETURN_NONE;
    PyObject *list = PyList_New(SQUARES);
    if (!list) return NULL;
    for (int k = 0; k < SQUARES; k++) {
        Py_INCREF(cells[k]);
        PyList_SET_ITEM(list, k, cells[k]);
    }
    return list;
}

/* -- the text of `python -m engine moves` ------------------------------------------------------ */

/* The decimal digits of x at out, right-aligned in `width` characters as Python's f"{x:{width}d}";
   returns the number of characters written (snprintf costs more than the rest of a line). */
static int put_int(char *out, long x, int width) {
    char digits[24];
    int n = 0;
    unsigned long u = x < 0 ? 0UL - (unsigned long)x : (unsigned long)x;
    do { digits[n++] = (char)('0' + u % 10); u /= 10; } while (u);
    if (x < 0) digits[n++] = '-';
    int len = 0;
    for (int k = n; k < width; k++) out[len++] = ' ';
    while (n) out[len++] = digits[--n];
    return len;
}

static int long_slot(PyObject *obj, Py_ssize_t offset, long lo, long hi, long *out) {
    PyObject *v = *(PyObject **)((char *)obj + offset);
    if (!v || !PyLong_CheckExact(v)) return 0;
    int overflow = 0;
    long x = PyLong_AsLongAndOverflow(v, &overflow);
    if (overflow || x < lo || x > hi) return 0;
    *out = x;
    return 1;
}

/* lines(moves, style) -> str | NotImplemented

   The text lines `python -m engine moves` prints for these Moves, each ending in a newline: what
   engine.cli.moves_commands._text writes (its specification) for each,
   f"{score:4d}  {coord:<4} {word:<15} ({tiles} tile{'s' if tiles > 1 else ''})", without a Python
   format call per play. Anything else than a list of the configured Move class with in-range ints and
   ASCII words (or an unknown style) answers NotImplemented: the caller formats them in Python. */
static PyObject *lines(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *moves;
    const char *style;
    if (!PyArg_ParseTuple(args, "Os", &moves, &style)) return NULL;
    int fr = !strcmp(style, "fr");
    if ((!fr && strcmp(style, "en")) || !PyList_Check(moves) || !DIRECT) Py_RETURN_NOTIMPLEMENTED;
    Py_ssize_t n = PyList_GET_SIZE(moves);
    size_t cap = (size_t)n * 64 + 64, len = 0;
    char *buf = malloc(cap);
    if (!buf) return PyErr_NoMemory();
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *m = PyList_GET_ITEM(moves, i);
        long row, col, score, tiles;
        if ((PyObject *)Py_TYPE(m) != MOVE_TYPE || !long_slot(m, OFF_ROW, 0, LAST, &row)
            || !long_slot(m, OFF_COL, 0, LAST, &col) || !long_slot(m, OFF_SCORE, -1000000000L, 1000000000L, &score)
            || !long_slot(m, OFF_TILES, -1000000000L, 1000000000L, &tiles))
            goto fallback;
        PyObject *dir = *(PyObject **)((char *)m + OFF_DIR), *word = *(PyObject **)((char *)m + OFF_WORD);
        if (!dir || !word || !PyUnicode_CheckExact(dir) || !PyUnicode_CheckExact(word) || !PyUnicode_IS_ASCII(word)
            || !PyUnicode_IS_ASCII(dir) || PyUnicode_GET_LENGTH(dir) != 1)
            goto fallback;
        char d = (char)PyUnicode_1BYTE_DATA(dir)[0];
        if (d != 'H' && d != 'V') goto fallback;
        Py_ssize_t wlen = PyUnicode_GET_LENGTH(word);
        if (len + (size_t)wlen + 96 > cap) {
            size_t bigger = cap * 2 + (size_t)wlen + 96;
            char *grown = realloc(buf, bigger);
            if (!grown) { free(buf); return PyErr_NoMemory(); }
            buf = grown;
            cap = bigger;
        }
        /* the coordinate (engine.scrabble.notation.format_coord): French = row letter then column
           number across, number first down; English = row number then column letter across */
        char letter = (char)('A' + (fr ? row : col));
        long number = (fr ? col : row) + 1;
        int letter_first = fr ? d == 'H' : d == 'V';
        len += (size_t)put_int(buf + len, score, 4);
        buf[len++] = ' ';
        buf[len++] = ' ';
        size_t coord = len;
        if (letter_first) buf[len++] = letter;
        len += (size_t)put_int(buf + len, number, 0);
        if (!letter_first) buf[len++] = letter;
        while (len - coord < 4) buf[len++] = ' ';
        buf[len++] = ' ';
        memcpy(buf + len, PyUnicode_1BYTE_DATA(word), (size_t)wlen);
        len += (size_t)wlen;
        for (Py_ssize_t k = wlen; k < 15; k++) buf[len++] = ' ';
        memcpy(buf + len, " (", 2);
        len += 2;
        len += (size_t)put_int(buf + len, tiles, 0);
        memcpy(buf + len, tiles > 1 ? " tiles)\n" : " tile)\n", tiles > 1 ? 8 : 7);
        len += tiles > 1 ? 8 : 7;
    }
    PyObject *text = PyUnicode_New((Py_ssize_t)len, 127);
    if (text) memcpy(PyUnicode_1BYTE_DATA(text), buf, len);
    free(buf);
    return text;
fallback:
    free(buf);
    Py_RETURN_NOTIMPLEMENTED;
}

static PyMethodDef METHODS[] = {
    {"run", run, METH_VARARGS, "Generate the plays of one position (see engine.scrabble.movegen)."},
    {"configure", configure, METH_VARARGS, "Set the Move class and the premium squares."},
    {"parse_board", parse_board, METH_O, "The 225 cells of a well-formed CGP board field, or None."},
    {"lines", lines, METH_VARARGS, "The text lines of `python -m engine moves` for a list of Moves."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {
    PyModuleDef_HEAD_INIT, "_movegen",
    "The compiled core of engine.scrabble.movegen (same plays, same scores, same order).", -1, METHODS,
};

#ifndef TIRAGE_SOURCE_CRC32
#define TIRAGE_SOURCE_CRC32 -1 /* built by hand: no checksum to compare */
#endif

PyMODINIT_FUNC PyInit__movegen(void) {
#if defined(__POPCNT__) && (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
    /* built for a CPU with the popcnt instruction (setup.py, on the machine that runs it): refuse to
       load on one without it rather than crash in the walk; the Python generator then runs */
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("popcnt")) {
        PyErr_SetString(PyExc_ImportError, "built for a CPU with the popcnt instruction; rebuild with `pip install -e .`");
        return NULL;
    }
#endif
    STR_H = PyUnicode_InternFromString("H");
    STR_V = PyUnicode_InternFromString("V");
    EMPTY_TUPLE = PyTuple_New(0);
    EMPTY_STR = PyUnicode_New(0, 0);
    if (!STR_H || !STR_V || !EMPTY_TUPLE || !EMPTY_STR) return NULL;
    for (long v = 0; v < INT_CACHE; v++)
        if (!(INTS[v] = PyLong_FromLong(v))) return NULL;
    for (int c = 'A'; c <= 'z'; c++) {
        if (c > 'Z' && c < 'a') continue;
        char one = (char)c;
        TILE_STR[c] = PyUnicode_FromStringAndSize(&one, 1);
        if (!TILE_STR[c]) return NULL;
    }
    PyObject *module = PyModule_Create(&MODULE);
    if (module && PyModule_AddIntConstant(module, "SOURCE_CRC32", TIRAGE_SOURCE_CRC32) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
