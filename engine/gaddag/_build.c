/* The compiled GADDAG builder: engine/gaddag/build.py's two passes and engine/gaddag/layout.py's
 * ordering, step for step, so that the array it returns is byte for byte the pure-Python one.
 *
 * Why a C copy of the builder: the minimisation is millions of small steps (freezing ~2M nodes,
 * hashing their encodings, ~640k reversed prefixes): 8-12 s of CPU in Python for a French list,
 * well under a second here. The Python modules stay the specification and the fallback
 * (engine.gaddag.build picks this one when it is built); the tests build the same lists both ways
 * and compare the arrays.
 *
 * Same algorithm, same numbering:
 * 1. forward DAWG of the sorted words (Daciuk's incremental construction: only the path of the
 *    previous word is open; diverging freezes the deeper nodes bottom-up into the register, which
 *    numbers nodes in order of first sight, id 0 being the empty node);
 * 2. the trie of the reversed prefixes, sorted, frozen into the same register; each node of
 *    REV(p) gets a separator arc (code 0, first) to the DAWG node of p when p continues, and the
 *    arc entering the node of REV(x) accepts when x is a word (a hash set of the words, the hash of
 *    REV(x) grown one letter at a time);
 * 3. the layout: glued single-arc parents, chains written children first (layout.py).
 *
 * Input: the sorted, distinct words as letter codes (1..31), each followed by a 0 byte.
 * Output: (array bytes in native order, root index, node count, arc count, one-word count).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define ACCEPT_BIT 0x80000000u
#define CHILD_MASK 0x7FFFFFFFu
#define ONE_WORD_BIT 0x40000000u
#define MAX_CODES 32

/* -- the register: frozen nodes by encoding (mask, then accept | child per arc) ------------------ */

typedef struct {
    uint32_t *pool;    /* every key, one after the other */
    size_t pool_len, pool_cap;
    uint64_t *start;   /* start[id]: offset of node id's key in pool; start[id + 1] - start[id] = its length */
    size_t count, cap; /* nodes (id 0 included) */
    uint32_t *table;   /* open addressing: id + 1, 0 = free */
    size_t table_size; /* a power of two */
    size_t arcs;
} Register;

static uint64_t key_hash(const uint32_t *key, size_t n) {
    uint64_t h = 0x9E3779B97F4A7C15ull ^ n;
    for (size_t i = 0; i < n; i++) {
        h ^= key[i];
        h *= 0xFF51AFD7ED558CCDull;
        h ^= h >> 32;
    }
    return h;
}

static int register_init(Register *r) {
    memset(r, 0, sizeof *r);
    r->pool_cap = 1 << 20;
    r->cap = 1 << 16;
    r->table_size = 1 << 17;
    r->pool = malloc(r->pool_cap * sizeof *r->pool);
    r->start = malloc((r->cap + 1) * sizeof *r->start);
    r->table = calloc(r->table_size, sizeof *r->table);
    if (!r->pool || !r->start || !r->table) return -1;
    r->pool[0] = 0; /* node 0: the empty node, key (0,) */
    r->pool_len = 1;
    r->start[0] = 0;
    r->start[1] = 1;
    r->count = 1;
    uint64_t h = key_hash(r->pool, 1);
    r->table[h & (r->table_size - 1)] = 1;
    return 0;
}

static void register_free(Register *r) {
    free(r->pool);
    free(r->start);
    free(r->table);
}

static int register_grow_table(Register *r) {
    size_t size = r->table_size * 2;
    uint32_t *table = calloc(size, sizeof *table);
    if (!table) return -1;
    for (size_t id = 0; id < r->count; id++) {
        const uint32_t *key = r->pool + r->start[id];
        size_t i = key_hash(key, r->start[id + 1] - r->start[id]) & (size - 1);
        while (table[i]) i = (i + 1) & (size - 1);
        table[i] = (uint32_t)id + 1;
    }
    free(r->table);
    r->table = table;
    r->table_size = size;
    return 0;
}

/* An open node: its arcs in increasing code order. */
typedef struct {
    uint8_t code[MAX_CODES];
    uint32_t accept[MAX_CODES];
    uint32_t child[MAX_CODES];
    int n;
} Open;

/* Id of the node with these arcs (0 for none); -1 when memory runs out. */
static int64_t freeze(Register *r, const Open *o) {
    if (!o->n) return 0;
    uint32_t key[MAX_CODES + 1];
    uint32_t mask = 0;
    for (int i = 0; i < o->n; i++) {
        mask |= 1u << o->code[i];
        key[i + 1] = o->accept[i] | o->child[i];
    }
    key[0] = mask;
    size_t n = (size_t)o->n + 1;
    size_t slot = key_hash(key, n) & (r->table_size - 1);
    uint32_t id;
    while ((id = r->table[slot]) != 0) {
        id--;
        size_t len = r->start[id + 1] - r->start[id];
        if (len == n) {
            const uint32_t *other = r->pool + r->start[id];
            size_t i = 0;
            while (i < n && other[i] == key[i]) i++;
            if (i == n) return id;
        }
        slot = (slot + 1) & (r->table_size - 1);
    }
    if (r->pool_len + n > r->pool_cap) {
        size_t cap = r->pool_cap * 2;
        uint32_t *pool = realloc(r->pool, cap * sizeof *pool);
        if (!pool) return -1;
        r->pool = pool;
        r->pool_cap = cap;
    }
    if (r->count + 1 > r->cap) {
        size_t cap = r->cap * 2;
        uint64_t *start = realloc(r->start, (cap + 1) * sizeof *start);
        if (!start) return -1;
        r->start = start;
        r->cap = cap;
    }
    if (r->count >= CHILD_MASK) return -1;
    memcpy(r->pool + r->pool_len, key, n * sizeof *key);
    r->pool_len += n;
    id = (uint32_t)r->count++;
    r->start[r->count] = r->pool_len;
    r->table[slot] = id + 1;
    r->arcs += (size_t)o->n;
    if (r->count * 2 > r->table_size && register_grow_table(r) < 0) return -1;
    return id;
}

/* -- the passes ---------------------------------------------------------------------------------- */

typedef struct {
    const uint8_t *text;   /* the input: words of codes, each followed by 0 */
    size_t words;          /* how many */
    size_t *offset;        /* offset[i]: where word i starts */
    uint32_t *length;      /* its length */
    size_t prefixes;       /* distinct non-empty prefixes */
    size_t *prefix_word;   /* prefix id -> a word it is a prefix of */
    uint32_t *prefix_len;  /* prefix id -> its length */
    uint32_t *continuing;  /* prefix id -> DAWG node of the words continuing it (0: none) */
    uint32_t max_len;
    uint64_t *word_hash;   /* word i -> H(word i) (see word_hash_of) */
    uint32_t *word_table;  /* open addressing over word_hash: word index + 1, 0 = free */
    size_t word_table_size;
} Input;

/* H(s) = sum of s[i] * B^i: H(c + s) = c + B * H(s), so the hash of a factor grown to the left one
 * letter at a time (what the reversed pass reads) costs one step per letter. */
#define WORD_HASH_BASE 0x100000001B3ull

static inline size_t word_slot(uint64_t h, size_t size) {
    h ^= h >> 31;
    h *= 0x9E3779B97F4A7C15ull;
    return (size_t)(h >> 17) & (size - 1);
}

static int index_words(Input *in) {
    size_t size = 1;
    while (size < in->words * 2) size <<= 1;
    in->word_hash = malloc(in->words * sizeof *in->word_hash);
    in->word_table = calloc(size, sizeof *in->word_table);
    if (!in->word_hash || !in->word_table) return -1;
    in->word_table_size = size;
    for (size_t w = 0; w < in->words; w++) {
        const uint8_t *word = in->text + in->offset[w];
        uint64_t h = 0;
        for (uint32_t i = in->length[w]; i-- > 0;) h = word[i] + WORD_HASH_BASE * h;
        in->word_hash[w] = h;
        size_t slot = word_slot(h, size);
        while (in->word_table[slot]) slot = (slot + 1) & (size - 1);
        in->word_table[slot] = (uint32_t)w + 1;
    }
    return 0;
}

/* Is REV(rev[0..n)) a word? h is its hash. */
static int is_reversed_word(const Input *in, const uint8_t *rev, uint32_t n, uint64_t h) {
    size_t size = in->word_table_size;
    for (size_t slot = word_slot(h, size); in->word_table[slot]; slot = (slot + 1) & (size - 1)) {
        size_t w = in->word_table[slot] - 1;
        if (in->word_hash[w] != h || in->length[w] != n) continue;
        const uint8_t *word = in->text + in->offset[w];
        uint32_t i = 0;
        while (i < n && word[i] == rev[n - 1 - i]) i++;
        if (i == n) return 1;
    }
    return 0;
}

static void open_append(Open *o, int code, uint32_t accept, uint32_t child) {
    o->code[o->n] = (uint8_t)code;
    o->accept[o->n] = accept;
    o->child[o->n] = child;
    o->n++;
}

/* Forward DAWG of the sorted words: fills continuing[]. */
static int build_forward(Input *in, Register *r, Open *path, size_t *pid) {
    size_t next_prefix = 0;
    const uint8_t *prev = NULL;
    uint32_t prev_len = 0;
    path[0].n = 0;
    for (size_t w = 0; w < in->words; w++) {
        const uint8_t *word = in->text + in->offset[w];
        uint32_t len = in->length[w];
        uint32_t k = 0;
        while (k < prev_len && k < len && prev[k] == word[k]) k++;
        for (uint32_t d = prev_len; d > k; d--) {
            int64_t node = freeze(r, &path[d]);
            if (node < 0) return -1;
            in->continuing[pid[d]] = (uint32_t)node;
            path[d - 1].child[path[d - 1].n - 1] = (uint32_t)node;
        }
        for (uint32_t d = k; d < len; d++) {
            open_append(&path[d], word[d], 0, 0);
            path[d + 1].n = 0;
            pid[d + 1] = next_prefix;
            in->prefix_word[next_prefix] = w;
            in->prefix_len[next_prefix] = d + 1;
            next_prefix++;
        }
        path[len - 1].accept[path[len - 1].n - 1] = ACCEPT_BIT;
        prev = word;
        prev_len = len;
    }
    for (uint32_t d = prev_len; d > 0; d--) {
        int64_t node = freeze(r, &path[d]);
        if (node < 0) return -1;
        in->continuing[pid[d]] = (uint32_t)node;
        path[d - 1].child[path[d - 1].n - 1] = (uint32_t)node;
    }
    in->prefixes = next_prefix;
    return 0;
}

typedef struct {
    uint64_t offset; /* of the reversed prefix in the text */
    uint32_t len;
    uint32_t prefix; /* its prefix id */
} Rev;

/* x < y as Python compares strings (code order, a prefix first), knowing the first `depth` letters equal. */
static inline int rev_less(const uint8_t *text, const Rev *x, const Rev *y, uint32_t depth) {
    uint32_t n = x->len < y->len ? x->len : y->len;
    for (uint32_t i = depth; i < n; i++) {
        uint8_t a = text[x->offset + i], b = text[y->offset + i];
        if (a != b) return a < b;
    }
    return x->len < y->len;
}

/* Sort the (distinct) reversed prefixes: most-significant-letter radix sort, insertion sort for
   small groups. Same order as Python's sorted() on the strings. */
static void rev_sort(const uint8_t *text, Rev *a, size_t n, uint32_t depth, Rev *tmp) {
    if (n < 24) {
        for (size_t i = 1; i < n; i++) {
            Rev x = a[i];
            size_t j = i;
            while (j > 0 && rev_less(text, &x, &a[j - 1], depth)) {
                a[j] = a[j - 1];
                j--;
            }
            a[j] = x;
        }
        return;
    }
    size_t start[MAX_CODES + 2] = {0}; /* bucket 0: the strings that end here; bucket c + 1: letter c */
    for (size_t i = 0; i < n; i++) {
        uint32_t b = a[i].len > depth ? text[a[i].offset + depth] + 1u : 0u;
        start[b + 1]++;
    }
    for (int b = 1; b <= MAX_CODES + 1; b++) start[b] += start[b - 1];
    size_t next[MAX_CODES + 1];
    memcpy(next, start, sizeof next);
    for (size_t i = 0; i < n; i++) {
        uint32_t b = a[i].len > depth ? text[a[i].offset + depth] + 1u : 0u;
        tmp[next[b]++] = a[i];
    }
    memcpy(a, tmp, n * sizeof *a);
    for (int b = 1; b <= MAX_CODES; b++) {
        size_t lo = start[b], hi = start[b + 1];
        if (hi - lo > 1) rev_sort(text, a + lo, hi - lo, depth + 1, tmp);
    }
}

/* The pre-separator part; returns the root id or -1. */
static int64_t build_reversed(const Input *in, Register *r, Open *path) {
    size_t total = 0;
    for (size_t p = 0; p < in->prefixes; p++) total += in->prefix_len[p];
    uint8_t *text = malloc(total ? total : 1);
    Rev *revs = malloc((in->prefixes ? in->prefixes : 1) * sizeof *revs);
    uint64_t *factor_hash = malloc((in->max_len + 1) * sizeof *factor_hash); /* [d]: H(REV(rev[:d])) */
    if (!text || !revs || !factor_hash) {
        free(text);
        free(revs);
        free(factor_hash);
        return -1;
    }
    factor_hash[0] = 0;
    size_t at = 0;
    for (size_t p = 0; p < in->prefixes; p++) {
        const uint8_t *word = in->text + in->offset[in->prefix_word[p]];
        uint32_t len = in->prefix_len[p];
        for (uint32_t i = 0; i < len; i++) text[at + i] = word[len - 1 - i];
        revs[p].offset = at;
        revs[p].len = len;
        revs[p].prefix = (uint32_t)p;
        at += len;
    }
    Rev *scratch = malloc((in->prefixes ? in->prefixes : 1) * sizeof *scratch);
    if (!scratch) {
        free(text);
        free(revs);
        free(factor_hash);
        return -1;
    }
    rev_sort(text, revs, in->prefixes, 0, scratch);
    free(scratch);
    int64_t result = -1;
    const uint8_t *prev = NULL;
    uint32_t prev_len = 0;
    path[0].n = 0;
    for (size_t s = 0; s < in->prefixes; s++) {
        const uint8_t *rev = text + revs[s].offset;
        uint32_t len = revs[s].len;
        uint32_t k = 0;
        while (k < prev_len && k < len && prev[k] == rev[k]) k++;
        for (uint32_t d = prev_len; d > k; d--) {
            int64_t node = freeze(r, &path[d]);
            if (node < 0) goto done;
            path[d - 1].child[path[d - 1].n - 1] = (uint32_t)node;
        }
        for (uint32_t d = k; d < len; d++) {
            factor_hash[d + 1] = rev[d] + WORD_HASH_BASE * factor_hash[d];
            open_append(&path[d], rev[d], is_reversed_word(in, rev, d + 1, factor_hash[d + 1]) ? ACCEPT_BIT : 0, 0);
            path[d + 1].n = 0;
        }
        uint32_t dawg = in->continuing[revs[s].prefix];
        if (dawg) open_append(&path[len], 0, 0, dawg);
        prev = rev;
        prev_len = len;
    }
    for (uint32_t d = prev_len; d > 0; d--) {
        int64_t node = freeze(r, &path[d]);
        if (node < 0) goto done;
        path[d - 1].child[path[d - 1].n - 1] = (uint32_t)node;
    }
    result = freeze(r, &path[0]);
done:
    free(text);
    free(revs);
    free(factor_hash);
    return result;
}

/* -- the layout (engine/gaddag/layout.py) -------------------------------------------------------- */

typedef struct {
    const Register *r;
    int64_t *glued; /* glued[x]: the single-arc parent written just above x, or -1 */
    int64_t *index; /* node id -> its index in out, or -1 */
    uint32_t *out;
    size_t len;
    size_t one_word;
} Layout;

static inline const uint32_t *node_key(const Register *r, size_t id, size_t *n) {
    *n = r->start[id + 1] - r->start[id];
    return r->pool + r->start[id];
}

static size_t bottom(const Layout *l, size_t node) {
    for (;;) {
        size_t n;
        const uint32_t *key = node_key(l->r, node, &n);
        if (n != 2) return node;
        size_t child = key[1] & CHILD_MASK;
        if (l->glued[child] != (int64_t)node) return node;
        node = child;
    }
}

static void write_chain(Layout *l, size_t node) {
    if (node) {
        size_t n;
        const uint32_t *key = node_key(l->r, node, &n);
        for (size_t i = 1; i < n; i++) {
            size_t below = bottom(l, key[i] & CHILD_MASK);
            if (l->index[below] < 0) write_chain(l, below);
        }
        for (size_t i = n - 1; i >= 1; i--)
            l->out[l->len++] = (key[i] & ACCEPT_BIT) | (uint32_t)l->index[key[i] & CHILD_MASK];
        l->out[l->len++] = key[0];
        l->index[node] = (int64_t)l->len - 1;
    }
    int64_t up = l->glued[node];
    while (up >= 0) {
        size_t n;
        const uint32_t *key = node_key(l->r, (size_t)up, &n);
        l->out[l->len++] = key[0] | ONE_WORD_BIT | (key[1] & ACCEPT_BIT);
        l->one_word++;
        l->index[up] = (int64_t)l->len - 1;
        up = l->glued[up];
    }
}

static int layout(Layout *l, const Register *r, size_t root) {
    size_t count = r->count;
    l->r = r;
    l->glued = malloc(count * sizeof *l->glued);
    l->index = malloc(count * sizeof *l->index);
    l->out = malloc((count + r->arcs) * sizeof *l->out);
    l->len = 0;
    l->one_word = 0;
    if (!l->glued || !l->index || !l->out) return -1;
    for (size_t i = 0; i < count; i++) l->glued[i] = l->index[i] = -1;
    for (size_t node = 1; node < count; node++) {
        size_t n;
        const uint32_t *key = node_key(r, node, &n);
        if (n == 2 && l->glued[key[1] & CHILD_MASK] < 0) l->glued[key[1] & CHILD_MASK] = (int64_t)node;
    }
    l->index[0] = 0;
    l->out[l->len++] = 0;
    write_chain(l, 0);
    size_t b = bottom(l, root);
    if (l->index[b] < 0) write_chain(l, b);
    for (size_t node = 0; node < count; node++) {
        b = bottom(l, node);
        if (l->index[b] < 0) write_chain(l, b);
    }
    return 0;
}

/* -- the Python entry point ---------------------------------------------------------------------- */

static PyObject *build(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer buf;
    if (!PyArg_ParseTuple(args, "y*", &buf)) return NULL;
    const uint8_t *text = buf.buf;
    size_t size = (size_t)buf.len;
    Input in;
    memset(&in, 0, sizeof in);
    in.text = text;
    Register r;
    Layout l;
    memset(&l, 0, sizeof l);
    Open *path = NULL;
    size_t *pid = NULL;
    PyObject *result = NULL;
    int have_register = 0;
    /* Count and check the words: codes 1..31, each word non-empty and ended by 0, sorted, distinct. */
    size_t start = 0;
    for (size_t i = 0; i < size; i++) {
        if (text[i] == 0) {
            if (i == start) {
                PyErr_SetString(PyExc_ValueError, "empty word in the input");
                goto fail;
            }
            in.words++;
            start = i + 1;
        } else if (text[i] >= MAX_CODES) {
            PyErr_SetString(PyExc_ValueError, "letter code out of range");
            goto fail;
        }
    }
    if (!in.words || start != size) {
        PyErr_SetString(PyExc_ValueError, "the input must be non-empty words each ended by a 0 byte");
        goto fail;
    }
    in.offset = malloc(in.words * sizeof *in.offset);
    in.length = malloc(in.words * sizeof *in.length);
    if (!in.offset || !in.length) goto nomem;
    start = 0;
    size_t w = 0;
    for (size_t i = 0; i < size; i++) {
        if (text[i] == 0) {
            size_t len = i - start;
            if (len > 0xFFFF) {
                PyErr_SetString(PyExc_ValueError, "word too long");
                goto fail;
            }
            in.offset[w] = start;
            in.length[w] = (uint32_t)len;
            if (len > in.max_len) in.max_len = (uint32_t)len;
            if (w) {
                size_t pl = in.length[w - 1], n = pl < len ? pl : len;
                int c = memcmp(text + in.offset[w - 1], text + start, n);
                if (c > 0 || (c == 0 && pl >= len)) {
                    PyErr_SetString(PyExc_ValueError, "the words must be sorted and distinct");
                    goto fail;
                }
            }
            w++;
            start = i + 1;
        }
    }
    size_t letters = size - in.words; /* an upper bound of the distinct prefixes */
    in.prefix_word = malloc(letters * sizeof *in.prefix_word);
    in.prefix_len = malloc(letters * sizeof *in.prefix_len);
    in.continuing = calloc(letters, sizeof *in.continuing);
    path = calloc(in.max_len + 2, sizeof *path);
    pid = calloc(in.max_len + 2, sizeof *pid);
    if (!in.prefix_word || !in.prefix_len || !in.continuing || !path || !pid) goto nomem;
    if (register_init(&r) < 0) {
        have_register = 1;
        goto nomem;
    }
    have_register = 1;
    int64_t root;
    Py_BEGIN_ALLOW_THREADS
    root = index_words(&in) < 0 || build_forward(&in, &r, path, pid) < 0 ? -1 : build_reversed(&in, &r, path);
    if (root >= 0 && layout(&l, &r, (size_t)root) < 0) root = -1;
    Py_END_ALLOW_THREADS
    if (root < 0) goto nomem;
    if (l.len != r.count + r.arcs - l.one_word) {
        PyErr_SetString(PyExc_RuntimeError, "layout wrote an unexpected number of words");
        goto fail;
    }
    PyObject *data = PyBytes_FromStringAndSize((const char *)l.out, (Py_ssize_t)(l.len * sizeof *l.out));
    if (!data) goto fail;
    result = Py_BuildValue("(NnnnnN)", data, (Py_ssize_t)l.index[root], (Py_ssize_t)r.count,
                           (Py_ssize_t)r.arcs, (Py_ssize_t)l.one_word, PyLong_FromSize_t(in.words));
    goto fail; /* the common clean-up */
nomem:
    PyErr_NoMemory();
fail:
    if (have_register) register_free(&r);
    free(l.glued);
    free(l.index);
    free(l.out);
    free(in.offset);
    free(in.length);
    free(in.prefix_word);
    free(in.prefix_len);
    free(in.continuing);
    free(in.word_hash);
    free(in.word_table);
    free(path);
    free(pid);
    PyBuffer_Release(&buf);
    return result;
}

static PyMethodDef METHODS[] = {
    {"build", build, METH_VARARGS,
     "build(codes: bytes) -> (array bytes, root index, nodes, arcs, one-word nodes, words): "
     "the minimal GADDAG of sorted distinct words given as letter codes each ended by a 0 byte."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {
    PyModuleDef_HEAD_INIT, "_build",
    "The compiled builder of engine.gaddag.build (the same array, byte for byte).", -1, METHODS,
    NULL, NULL, NULL, NULL,
};

#ifndef TIRAGE_SOURCE_CRC32
#define TIRAGE_SOURCE_CRC32 -1 /* built by hand: no checksum to compare */
#endif

PyMODINIT_FUNC PyInit__build(void) {
    PyObject *module = PyModule_Create(&MODULE);
    if (module && PyModule_AddIntConstant(module, "SOURCE_CRC32", TIRAGE_SOURCE_CRC32) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
