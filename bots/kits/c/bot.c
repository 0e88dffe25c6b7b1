/*
 * A complete cardarena bot in C, built as a WebAssembly bot module (build-wasm.sh) that the
 * server runs itself: nothing to host. It speaks the bot protocol's JSON (docs/protocol.md) for
 * every game: it knows no rules and plays a random action among the legal ones it is sent. Your
 * strategy goes in choose_action().
 *
 * The module is called once per request: `handle` gets the request's JSON (match_start, turn,
 * match_end) and returns the answer's. It may keep state between the calls of one match (each
 * match gets a fresh instance), but it cannot read files, the network or the time: its time is
 * fuel, WebAssembly instructions, about 5 million a millisecond of its deadline.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/*
 * Your strategy: the request's whole JSON (`request`, `length` bytes) and the number of legal
 * actions it offers (at least one). Return the index of the action to play. A real bot parses
 * the request's "view" and "legal_actions" (docs/games/<game>.md) with a JSON library of its
 * choice compiled in (cJSON, jsmn, ...).
 */
static size_t choose_action(const char *request, size_t length, size_t legal_count) {
    (void)request;
    (void)length;
    uint32_t drawn = 0;
    /* Random numbers come from the match's seed: a replay draws the same. */
    getentropy(&drawn, sizeof drawn);
    return drawn % legal_count;
}

/* ------------------------------------------------------------------------------------------ */
/* The protocol. You should not need to change anything below.                                */
/* ------------------------------------------------------------------------------------------ */

/* The last occurrence of `needle` in `text`, or NULL. */
static const char *last(const char *text, size_t length, const char *needle) {
    size_t n = strlen(needle);
    const char *found = NULL;
    for (const char *at = text; (at = memmem(at, length - (size_t)(at - text), needle, n)); at++)
        found = at;
    return found;
}

/* The number of elements of the JSON array that starts at `at` (its '['), strings skipped. */
static size_t array_length(const char *at, const char *end) {
    size_t depth = 0, count = 0;
    int empty = 1;
    for (; at < end; at++) {
        char c = *at;
        if (c == '"') {
            for (at++; at < end && *at != '"'; at++)
                if (*at == '\\') at++;
            empty = 0;
        } else if (c == '[' || c == '{') {
            if (depth++ > 0) empty = 0;
        } else if (c == ']' || c == '}') {
            if (--depth == 0) return empty ? 0 : count + 1;
        } else if (c == ',' && depth == 1) {
            count++;
        } else if (c != ' ' && c != '\n' && c != '\t' && c != '\r') {
            empty = 0;
        }
    }
    return 0;
}

/* The answer to a turn: {"action_index": i}. */
static char *answer_turn(const char *request, size_t length) {
    const char *key = last(request, length, "\"legal_actions\"");
    const char *end = request + length;
    const char *array = key ? memchr(key, '[', (size_t)(end - key)) : NULL;
    size_t count = array ? array_length(array, end) : 0;
    size_t index = count ? choose_action(request, length, count) : 0;
    if (index >= count) index = 0;
    char *answer = malloc(48);
    if (answer) snprintf(answer, 48, "{\"action_index\":%zu}", index);
    return answer;
}

__attribute__((export_name("cabi_realloc")))
void *cabi_realloc(void *old, size_t old_size, size_t align, size_t new_size) {
    (void)old_size;
    if (new_size == 0) return (void *)align;
    void *grown = realloc(old, new_size);
    if (!grown) abort();
    return grown;
}

static uint32_t answer_area[2];

/* The bot world's export: the request's JSON in, the answer's out (canonical ABI). */
__attribute__((export_name("handle")))
uint32_t *handle(char *request, size_t length) {
    char *answer = NULL;
    if (memmem(request, length, "\"type\":\"turn\"", 13)) answer = answer_turn(request, length);
    if (!answer) answer = strdup("{}");
    free(request);
    answer_area[0] = (uint32_t)(uintptr_t)answer;
    answer_area[1] = (uint32_t)strlen(answer);
    return answer_area;
}

__attribute__((export_name("cabi_post_handle")))
void cabi_post_handle(uint32_t *area) {
    free((void *)(uintptr_t)area[0]);
}
