/* The compiled core of the training grids' placement search (engine/cbic/placements.py).
 *
 * Why C: building a training grid asks "where can THIS word cross the board at one of these letters"
 * tens of thousands of times, and in Python the geometry of each candidate (bounds, the squares at its
 * ends, the span, the tiles across each new square) is most of a grid's time. This module does that
 * geometry and nothing else: the lexicon is still asked through the Python callable it is given (a memo
 * in front of the GADDAG), and the accepted candidates are turned into plays (tiles from the bag, score,
 * the steps they touch) by the Python code, which stays the specification of every rule
 * (``placements_through_python``); the tests check both give the same plays in the same order.
 *
 * scan(cells, word, supports, squares, check, want_refusals) -> (candidates, refusals)
 *   cells      bytes of 225: the board, row by row, '.' for an empty square, letters as placed
 *              (a blank in lower case);
 *   word       bytes: the word, upper case ASCII;
 *   supports   sequence of (index in word, sequence of squares holding that letter), in search order;
 *   squares    None, or a container: only support squares in it are tried;
 *   check      callable(str) -> bool: is this cross-word in the lexicon;
 *   candidates list of (index, square, vertical, crosses): crosses a tuple of (square, others, word) for
 *              each new tile that forms a cross-word (others: the board squares of that word);
 *   refusals   list of (code, word) in the order met (empty unless want_refusals), codes as REFUSALS.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define SIZE 15
#define SQUARES (SIZE * SIZE)
#define EMPTY '.'

#ifndef TIRAGE_SOURCE_CRC32
#define TIRAGE_SOURCE_CRC32 -1L
#endif

static int add_refusal(PyObject *refusals, const char *code, PyObject *word) {
    if (refusals == NULL) return 0;
    PyObject *item = word ? Py_BuildValue("(sO)", code, word) : Py_BuildValue("(ss)", code, "");
    if (item == NULL) return -1;
    int status = PyList_Append(refusals, item);
    Py_DECREF(item);
    return status;
}

/* The tiles before and after square s along the step perp (1 = the row, SIZE = the column). Fills
 * others[] with their squares (before ones first, in board order) and text with the cross-word, the new
 * letter at its place; returns the number of other squares. */
static int cross_word(const char *cells, int s, int perp, char letter, int *others, char *text, int *length) {
    int lo, hi;
    if (perp == 1) {
        lo = s - s % SIZE;
        hi = lo + SIZE - 1;
    } else {
        lo = s % SIZE;
        hi = lo + SIZE * (SIZE - 1);
    }
    int first = s;
    while (first - perp >= lo && cells[first - perp] != EMPTY) first -= perp;
    int count = 0, n = 0;
    for (int q = first; q < s; q += perp) {
        others[count++] = q;
        text[n++] = (char)Py_TOUPPER(cells[q]);
    }
    text[n++] = letter;
    for (int q = s + perp; q <= hi && cells[q] != EMPTY; q += perp) {
        others[count++] = q;
        text[n++] = (char)Py_TOUPPER(cells[q]);
    }
    *length = n;
    return count;
}

static int has_neighbour(const char *cells, int s, int perp) {
    if (perp == 1) {
        int col = s % SIZE;
        return (col > 0 && cells[s - 1] != EMPTY) || (col < SIZE - 1 && cells[s + 1] != EMPTY);
    }
    return (s >= SIZE && cells[s - SIZE] != EMPTY) || (s < SIZE * (SIZE - 1) && cells[s + SIZE] != EMPTY);
}

/* One candidate: the word at base (step along it, perp across), through the support at index i. Appends
 * it to candidates, or its refusal to refusals. Returns -1 on a Python error. */
static int try_candidate(const char *cells, const char *word, int n, int i, int sq, int vertical, int start,
                         PyObject *check, PyObject *candidates, PyObject *refusals) {
    int step = vertical ? SIZE : 1, perp = vertical ? 1 : SIZE;
    if (start < 0 || start + n > SIZE) return add_refusal(refusals, "cbic_runs_off", NULL);
    int base = vertical ? start * SIZE + sq % SIZE : (sq / SIZE) * SIZE + start;
    if ((start > 0 && cells[base - step] != EMPTY) || (start + n < SIZE && cells[base + n * step] != EMPTY))
        return add_refusal(refusals, "cbic_touches_end", NULL);
    for (int k = 0; k < n; k++)
        if (k != i && cells[base + k * step] != EMPTY) return add_refusal(refusals, "cbic_in_the_way", NULL);

    PyObject *crosses = PyList_New(0);
    if (crosses == NULL) return -1;
    int others[SIZE];
    char text[SIZE + 1];
    for (int k = 0; k < n; k++) {
        if (k == i) continue;
        int s = base + k * step;
        if (!has_neighbour(cells, s, perp)) continue;
        int length = 0;
        int count = cross_word(cells, s, perp, word[k], others, text, &length);
        PyObject *cross = PyUnicode_FromStringAndSize(text, length);
        if (cross == NULL) goto error;
        PyObject *answer = PyObject_CallOneArg(check, cross);
        if (answer == NULL) {
            Py_DECREF(cross);
            goto error;
        }
        int valid = PyObject_IsTrue(answer);
        Py_DECREF(answer);
        if (valid < 0) {
            Py_DECREF(cross);
            goto error;
        }
        if (!valid) {
            int status = add_refusal(refusals, "cbic_forms_invalid", cross);
            Py_DECREF(cross);
            Py_DECREF(crosses);
            return status;
        }
        PyObject *squares = PyTuple_New(count);
        if (squares == NULL) {
            Py_DECREF(cross);
            goto error;
        }
        for (int j = 0; j < count; j++) PyTuple_SET_ITEM(squares, j, PyLong_FromLong(others[j]));
        PyObject *item = Py_BuildValue("(iNN)", s, squares, cross);
        if (item == NULL || PyList_Append(crosses, item) < 0) {
            Py_XDECREF(item);
            goto error;
        }
        Py_DECREF(item);
    }
    if (n == 2 && vertical && PyList_GET_SIZE(crosses) > 0) {
        Py_DECREF(crosses);
        return add_refusal(refusals, "cbic_one_tile_across", NULL);
    }
    PyObject *found = Py_BuildValue("(iiON)", i, sq, vertical ? Py_True : Py_False, PyList_AsTuple(crosses));
    Py_DECREF(crosses);
    if (found == NULL) return -1;
    int status = PyList_Append(candidates, found);
    Py_DECREF(found);
    return status;
error:
    Py_DECREF(crosses);
    return -1;
}

static PyObject *scan(PyObject *module, PyObject *args) {
    (void)module;
    Py_buffer cells_buffer, word_buffer;
    PyObject *supports, *squares, *check;
    int want_refusals;
    if (!PyArg_ParseTuple(args, "y*y*OOOp", &cells_buffer, &word_buffer, &supports, &squares, &check,
                          &want_refusals))
        return NULL;
    PyObject *result = NULL, *candidates = NULL, *refusals = NULL, *support_seq = NULL;
    const char *cells = cells_buffer.buf;
    const char *word = word_buffer.buf;
    int n = (int)word_buffer.len;
    if (cells_buffer.len != SQUARES) {
        PyErr_Format(PyExc_ValueError, "cells must be %d bytes, not %zd", SQUARES, cells_buffer.len);
        goto done;
    }
    if (n < 1 || n > SIZE) {
        PyErr_Format(PyExc_ValueError, "a word of 1 to %d letters expected, not %d", SIZE, n);
        goto done;
    }
    candidates = PyList_New(0);
    refusals = want_refusals ? PyList_New(0) : NULL;
    if (candidates == NULL || (want_refusals && refusals == NULL)) goto done;
    support_seq = PySequence_Fast(supports, "supports must be a sequence");
    if (support_seq == NULL) goto done;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(support_seq);
    for (Py_ssize_t a = 0; a < count; a++) {
        int i;
        PyObject *at;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(support_seq, a), "iO", &i, &at)) goto done;
        if (i < 0 || i >= n) {
            PyErr_Format(PyExc_ValueError, "support index %d is outside the word", i);
            goto done;
        }
        PyObject *at_seq = PySequence_Fast(at, "support squares must be a sequence");
        if (at_seq == NULL) goto done;
        Py_ssize_t many = PySequence_Fast_GET_SIZE(at_seq);
        for (Py_ssize_t b = 0; b < many; b++) {
            PyObject *square = PySequence_Fast_GET_ITEM(at_seq, b);
            if (squares != Py_None) {
                int inside = PySequence_Contains(squares, square);
                if (inside < 0) {
                    Py_DECREF(at_seq);
                    goto done;
                }
                if (!inside) continue;
            }
            long sq = PyLong_AsLong(square);
            if (sq == -1 && PyErr_Occurred()) {
                Py_DECREF(at_seq);
                goto done;
            }
            if (sq < 0 || sq >= SQUARES) {
                PyErr_Format(PyExc_ValueError, "square %ld is off the board", sq);
                Py_DECREF(at_seq);
                goto done;
            }
            int row = (int)sq / SIZE, col = (int)sq % SIZE;
            if (try_candidate(cells, word, n, i, (int)sq, 0, col - i, check, candidates, refusals) < 0 ||
                try_candidate(cells, word, n, i, (int)sq, 1, row - i, check, candidates, refusals) < 0) {
                Py_DECREF(at_seq);
                goto done;
            }
        }
        Py_DECREF(at_seq);
    }
    result = Py_BuildValue("(OO)", candidates, refusals ? refusals : Py_None);
done:
    Py_XDECREF(support_seq);
    Py_XDECREF(candidates);
    Py_XDECREF(refusals);
    PyBuffer_Release(&cells_buffer);
    PyBuffer_Release(&word_buffer);
    return result;
}

static PyMethodDef methods[] = {
    {"scan", scan, METH_VARARGS, "Candidate placements of one word through its support squares."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_placements", "Compiled core of the training grids' placement search.", -1, methods,
};

PyMODINIT_FUNC PyInit__placements(void) {
    PyObject *module = PyModule_Create(&module_def);
    if (module == NULL) return NULL;
    if (PyModule_AddObject(module, "SOURCE_CRC32", PyLong_FromLong(TIRAGE_SOURCE_CRC32)) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
