/* CRC-32 of a compiled lexicon, as zlib.crc32 computes it, with the CPU's carry-less multiplication.

Why: loading a lexicon checks the CRC of its whole file (5 MB for French) before the move generator
trusts its structure. zlib's crc32 reads about one byte per cycle: 1.5-2 ms, the largest part of a
one-position `python -m engine moves` after Python's own start-up. Folding 64 bytes at a time with
PCLMULQDQ (Intel, "Fast CRC Computation for Generic Polynomials Using PCLMULQDQ Instruction", 2009;
the constants below are the paper's bit-reflected ones for the CRC-32 polynomial 0x04C11DB7, as
Chromium's zlib uses them) reads ten times faster. The value is zlib's, bit for bit (the tests compare
both on random buffers of every length and start value); on a CPU without the instruction, or when
the buffer is short, zlib.crc32 answers (`crc32` returns NotImplemented and the caller uses zlib).
*/

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
#define HAVE_CLMUL 1
#include <immintrin.h>

static int USABLE = 0; /* the CPU has PCLMULQDQ and SSE4.1 (checked at import) */

/* The folding part: the CRC register (bit-reflected, already inverted by the caller) after `len`
   bytes, len >= 64 and a multiple of 16. */
__attribute__((target("pclmul,sse4.1"))) static uint32_t fold(const unsigned char *buf, size_t len, uint32_t crc) {
    const __m128i k1k2 = _mm_set_epi64x(0x01c6e41596LL, 0x0154442bd4LL);
    const __m128i k3k4 = _mm_set_epi64x(0x00ccaa009eLL, 0x01751997d0LL);
    const __m128i k5k0 = _mm_set_epi64x(0x0000000000LL, 0x0163cd6124LL);
    const __m128i poly = _mm_set_epi64x(0x01f7011641LL, 0x01db710641LL);
    __m128i x0, x1, x2, x3, x4, x5, x6, x7, x8, y5, y6, y7, y8;

    x1 = _mm_loadu_si128((const __m128i *)(buf + 0x00));
    x2 = _mm_loadu_si128((const __m128i *)(buf + 0x10));
    x3 = _mm_loadu_si128((const __m128i *)(buf + 0x20));
    x4 = _mm_loadu_si128((const __m128i *)(buf + 0x30));
    x1 = _mm_xor_si128(x1, _mm_cvtsi32_si128((int)crc));
    x0 = k1k2;
    buf += 64;
    len -= 64;
    while (len >= 64) { /* four lanes folded 512 bits forward */
        x5 = _mm_clmulepi64_si128(x1, x0, 0x00);
        x6 = _mm_clmulepi64_si128(x2, x0, 0x00);
        x7 = _mm_clmulepi64_si128(x3, x0, 0x00);
        x8 = _mm_clmulepi64_si128(x4, x0, 0x00);
        x1 = _mm_clmulepi64_si128(x1, x0, 0x11);
        x2 = _mm_clmulepi64_si128(x2, x0, 0x11);
        x3 = _mm_clmulepi64_si128(x3, x0, 0x11);
        x4 = _mm_clmulepi64_si128(x4, x0, 0x11);
        y5 = _mm_loadu_si128((const __m128i *)(buf + 0x00));
        y6 = _mm_loadu_si128((const __m128i *)(buf + 0x10));
        y7 = _mm_loadu_si128((const __m128i *)(buf + 0x20));
        y8 = _mm_loadu_si128((const __m128i *)(buf + 0x30));
        x1 = _mm_xor_si128(_mm_xor_si128(x1, x5), y5);
        x2 = _mm_xor_si128(_mm_xor_si128(x2, x6), y6);
        x3 = _mm_xor_si128(_mm_xor_si128(x3, x7), y7);
        x4 = _mm_xor_si128(_mm_xor_si128(x4, x8), y8);
        buf += 64;
        len -= 64;
    }
    /* the four lanes into one (128 bits) */
    x0 = k3k4;
    x5 = _mm_clmulepi64_si128(x1, x0, 0x00);
    x1 = _mm_clmulepi64_si128(x1, x0, 0x11);
    x1 = _mm_xor_si128(_mm_xor_si128(x1, x2), x5);
    x5 = _mm_clmulepi64_si128(x1, x0, 0x00);
    x1 = _mm_clmulepi64_si128(x1, x0, 0x11);
    x1 = _mm_xor_si128(_mm_xor_si128(x1, x3), x5);
    x5 = _mm_clmulepi64_si128(x1, x0, 0x00);
    x1 = _mm_clmulepi64_si128(x1, x0, 0x11);
    x1 = _mm_xor_si128(_mm_xor_si128(x1, x4), x5);
    while (len >= 16) { /* the remaining blocks of 16 */
        x2 = _mm_loadu_si128((const __m128i *)buf);
        x5 = _mm_clmulepi64_si128(x1, x0, 0x00);
        x1 = _mm_clmulepi64_si128(x1, x0, 0x11);
        x1 = _mm_xor_si128(_mm_xor_si128(x1, x2), x5);
        buf += 16;
        len -= 16;
    }
    /* 128 bits to 64 */
    x2 = _mm_clmulepi64_si128(x1, x0, 0x10);
    x3 = _mm_setr_epi32(~0, 0, ~0, 0);
    x1 = _mm_srli_si128(x1, 8);
    x1 = _mm_xor_si128(x1, x2);
    x0 = k5k0;
    x2 = _mm_srli_si128(x1, 4);
    x1 = _mm_and_si128(x1, x3);
    x1 = _mm_clmulepi64_si128(x1, x0, 0x00);
    x1 = _mm_xor_si128(x1, x2);
    /* Barrett reduction to 32 bits */
    x0 = poly;
    x2 = _mm_and_si128(x1, x3);
    x2 = _mm_clmulepi64_si128(x2, x0, 0x10);
    x2 = _mm_and_si128(x2, x3);
    x2 = _mm_clmulepi64_si128(x2, x0, 0x00);
    x1 = _mm_xor_si128(x1, x2);
    return (uint32_t)_mm_extract_epi32(x1, 1);
}
#endif

/* The bytes before and after the folded part, one at a time (the reflected table of zlib's CRC-32). */
static uint32_t TABLE[256];

static uint32_t bytewise(const unsigned char *buf, size_t len, uint32_t crc) {
    while (len--) crc = TABLE[(crc ^ *buf++) & 0xFF] ^ (crc >> 8);
    return crc;
}

/* crc32(data, value=0) -> int | NotImplemented: zlib.crc32(data, value) */
static PyObject *crc32(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer view;
    unsigned int value = 0;
    if (!PyArg_ParseTuple(args, "y*|I", &view, &value)) return NULL;
#ifdef HAVE_CLMUL
    if (USABLE && view.len >= 256) {
        const unsigned char *buf = view.buf;
        size_t len = (size_t)view.len;
        uint32_t crc = ~(uint32_t)value;
        size_t bulk = len & ~(size_t)15;
        Py_BEGIN_ALLOW_THREADS
        crc = fold(buf, bulk, crc);
        crc = bytewise(buf + bulk, len - bulk, crc);
        Py_END_ALLOW_THREADS
        PyBuffer_Release(&view);
        return PyLong_FromUnsignedLong(~crc);
    }
#endif
    PyBuffer_Release(&view);
    Py_RETURN_NOTIMPLEMENTED;
}

static PyMethodDef METHODS[] = {
    {"crc32", crc32, METH_VARARGS, "zlib.crc32(data, value), faster on long buffers, or NotImplemented."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {
    PyModuleDef_HEAD_INIT, "_crc", "CRC-32 as zlib computes it, folded with carry-less multiplication.", -1, METHODS,
};

#ifdef HAVE_CLMUL
#define USABLE_VALUE USABLE
#else
#define USABLE_VALUE 0
#endif

#ifndef TIRAGE_SOURCE_CRC32
#define TIRAGE_SOURCE_CRC32 -1 /* built by hand: no checksum to compare */
#endif

PyMODINIT_FUNC PyInit__crc(void) {
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t c = n;
        for (int k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        TABLE[n] = c;
    }
#ifdef HAVE_CLMUL
    __builtin_cpu_init();
    USABLE = __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("sse4.1");
#endif
    PyObject *module = PyModule_Create(&MODULE);
    if (module && (PyModule_AddIntConstant(module, "SOURCE_CRC32", TIRAGE_SOURCE_CRC32) < 0
                   || PyModule_AddIntConstant(module, "FOLDED", USABLE_VALUE) < 0)) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
