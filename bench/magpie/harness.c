/* Tirage's side-by-side bench: MAGPIE's move generator timed on the positions bench/vs_magpie.py gives.
 *
 * Built by bench/magpie/build.sh against a MAGPIE checkout (never committed here); run by
 * bench/vs_magpie.py, one block at a time (the blocks alternate with Tirage's). Usage:
 *
 *   harness DATA_DIR LEXICON CGP_FILE REPEATS [full|top]
 *
 * DATA_DIR holds MAGPIE's data layout (lexica/LEXICON.kwg, letterdistributions/french.csv,
 * layouts/standard15.txt), written by bench/vs_magpie.py. For each CGP line and each operation, the
 * CPU time (CLOCK_PROCESS_CPUTIME_ID) of REPEATS runs is measured and the median printed, with
 * what the generator found (to check both engines find the same plays):
 *
 *   full    load the position (game_load_cgp) + every play + sort by score
 *   top     load the position + the best play by score (MOVE_RECORD_BEST)
 *   all     every play on the loaded position (no load, no final sort)
 *   best    the best play on the loaded position (no load)
 *
 * One line per position: index, the four medians in microseconds, tile plays found, top score,
 * sum of the scores, sum of their squares.
 *
 * With a fifth argument the harness is "MAGPIE's whole process" for one task: start, load the
 * lexicon, then each position once (full: every play sorted, each printed on its own line with
 * its score, as `python -m engine moves` prints them; top: the best play, printed the same way).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "src/def/move_defs.h"
#include "src/ent/equity.h"
#include "src/ent/game.h"
#include "src/ent/move.h"
#include "src/ent/player.h"
#include "src/impl/cgp.h"
#include "src/impl/config.h"
#include "src/impl/gameplay.h"
#include "src/impl/move_gen.h"
#include "src/str/move_string.h"
#include "src/util/io_util.h"
#include "src/util/string_util.h"

static double cpu_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void die_on_error(ErrorStack *es, const char *what) {
    if (!error_stack_is_empty(es)) {
        fprintf(stderr, "harness: %s failed:\n", what);
        error_stack_print_and_reset(es);
        exit(2);
    }
}

static void load(Game *game, const char *cgp, ErrorStack *es) {
    game_load_cgp(game, cgp, es);
    die_on_error(es, "game_load_cgp");
}

static void generate(Game *game, MoveList *list, move_record_t record) {
    const MoveGenArgs args = {
        .game = game,
        .move_list = list,
        .move_record_type = record,
        .move_sort_type = MOVE_SORT_SCORE,
        .override_kwg = NULL,
        .eq_margin_movegen = 0,
        .target_equity = EQUITY_MAX_VALUE,
        .target_leave_size_for_exchange_cutoff = UNSET_LEAVE_SIZE,
    };
    generate_moves(&args);
}

int main(int argc, char **argv) {
    if (argc != 5 && argc != 6) {
        fprintf(stderr, "usage: %s DATA_DIR LEXICON CGP_FILE REPEATS [full|top]\n", argv[0]);
        return 2;
    }
    const char *task = argc == 6 ? argv[5] : NULL;
    const char *data = argv[1], *lexicon = argv[2], *cgp_file = argv[3];
    int repeats = atoi(argv[4]);
    if (repeats < 1) repeats = 1;
    ErrorStack *es = error_stack_create();
    ConfigArgs cargs = {.data_paths = data, .settings_filename = NULL, .use_wmp = false};
    Config *config = config_create(&cargs, es);
    die_on_error(es, "config_create");
    char command[512];
    snprintf(command, sizeof command,
             "set -lex %s -ld french -s1 score -s2 score -r1 all -r2 all -numplays 1 -threads 1 "
             "-savesettings false -path %s", lexicon, data);
    config_load_command(config, command, es);
    die_on_error(es, "config_load_command");
    config_execute_command(config, es);
    die_on_error(es, "config_execute_command");
    Game *game = config_game_create(config);
    MoveList *list = move_list_create(100000);
    MoveList *one = move_list_create(1);
    StringBuilder *sb = string_builder_create();

    FILE *in = fopen(cgp_file, "r");
    if (!in) {
        perror(cgp_file);
        return 2;
    }
    char line[4096];
    double *t[4];
    for (int k = 0; k < 4; k++) t[k] = malloc((size_t)repeats * sizeof(double));
    int index = 0;
    while (fgets(line, sizeof line, in)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!line[0]) continue;
        if (task) {
            load(game, line, es);
            MoveList *found = list;
            if (!strcmp(task, "top")) {
                found = one;
                generate(game, one, MOVE_RECORD_BEST);
            } else {
                generate(game, list, MOVE_RECORD_ALL);
                move_list_sort_moves(list);
            }
            for (int i = 0; i < move_list_get_count(found); i++) {
                const Move *m = move_list_get_move(found, i);
                if (move_get_type(m) != GAME_EVENT_TILE_PLACEMENT_MOVE) continue;
                string_builder_clear(sb);
                string_builder_add_move(sb, game_get_board(game), m, game_get_ld(game), true);
                puts(string_builder_peek(sb));
            }
            continue;
        }
        for (int r = 0; r < repeats; r++) {
            double a = cpu_now();
            load(game, line, es);
            generate(game, list, MOVE_RECORD_ALL);
            move_list_sort_moves(list);
            double b = cpu_now();
            load(game, line, es);
            generate(game, one, MOVE_RECORD_BEST);
            double c = cpu_now();
            generate(game, list, MOVE_RECORD_ALL); /* the position is loaded: the search alone */
            double d = cpu_now();
            generate(game, one, MOVE_RECORD_BEST);
            double e = cpu_now();
            t[0][r] = b - a;
            t[1][r] = c - b;
            t[2][r] = d - c;
            t[3][r] = e - d;
        }
        /* what was found: the last full generation, sorted */
        load(game, line, es);
        generate(game, list, MOVE_RECORD_ALL);
        move_list_sort_moves(list);
        long plays = 0, top = -1;
        long long sum = 0, squares = 0;
        for (int i = 0; i < move_list_get_count(list); i++) {
            const Move *m = move_list_get_move(list, i);
            if (move_get_type(m) != GAME_EVENT_TILE_PLACEMENT_MOVE) continue;
            long s = equity_to_int(move_get_score(m));
            plays++;
            sum += s;
            squares += (long long)s * s;
            if (s > top) top = s;
        }
        printf("%d %.3f %.3f %.3f %.3f %ld %ld %lld %lld\n", index, median(t[0], repeats) * 1e6,
               median(t[1], repeats) * 1e6, median(t[2], repeats) * 1e6, median(t[3], repeats) * 1e6, plays,
               top, sum, squares);
        fflush(stdout);
        index++;
    }
    fclose(in);
    return 0;
}
