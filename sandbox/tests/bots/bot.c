// A bot module in C for the sandbox's tests, built by Debian's clang for wasm32-wasi and made a
// component by `cardarena_sandbox::componentize`. It exports the bot world's `handle` in the
// canonical ABI by hand: the host passes the request's bytes in memory it allocated with
// `cabi_realloc`, and reads back a pointer and a length.
//
// The plain bot answers a turn with the first action and a `say` holding a number drawn from
// WASI's randomness and how many requests it has seen. Built with one of -DLOOP, -DBOMB,
// -DRECURSE, -DHUGE or -DTRAP, it misbehaves on every turn instead; with -DFALLBACK, it marks
// every turn's answer `"fallback": true`, as a kit does whose strategy failed.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

__attribute__((export_name("cabi_realloc")))
void *cabi_realloc(void *ptr, size_t old_size, size_t align, size_t new_size) {
    (void)old_size;
    if (new_size == 0) return (void *)align;
    void *grown = realloc(ptr, new_size);
    if (!grown) abort();
    return grown;
}

#ifdef FALLBACK
#define MARK ",\"fallback\":true"
#else
#define MARK ""
#endif

static uint32_t answer_area[2];
static unsigned seen;

#ifdef RECURSE
// Without end; its frame is read after the call, so that the compiler cannot make it a loop.
static unsigned deeper(unsigned n) {
    volatile char frame[256];
    frame[0] = (char)n;
    return deeper(n + 1) + frame[0];
}
#endif

static char *misbehave(void) {
#if defined(LOOP)
    for (volatile unsigned n = 1; n != 0; n += 2) {}
#elif defined(BOMB)
    // Keeps every block (volatile: the allocations are not optimised away).
    for (char *volatile block;;) {
        block = malloc(1 << 20);
        if (!block) abort();
        block[0] = 1;
    }
#elif defined(RECURSE)
    printf("%u", deeper(1));
#elif defined(HUGE)
    size_t size = 100u << 20;
    char *huge = malloc(size + 1);
    if (!huge) abort();
    memset(huge, ' ', size);
    huge[size] = 0;
    return huge;
#elif defined(TRAP)
    __builtin_trap();
#endif
    return NULL;
}

__attribute__((export_name("handle")))
uint32_t *handle(char *request, size_t length) {
    char *answer = NULL;
    seen++;
    if (memmem(request, length, "\"turn\"", 6)) {
        answer = misbehave();
        if (!answer) {
            uint32_t drawn = 0;
            getentropy(&drawn, sizeof drawn);
            answer = malloc(96);
            snprintf(answer, 96, "{\"action_index\":0,\"say\":\"%u %u\"" MARK "}", (unsigned)drawn,
                     seen);
        }
    } else {
        answer = strdup("{}");
    }
    free(request);
    answer_area[0] = (uint32_t)(uintptr_t)answer;
    answer_area[1] = (uint32_t)strlen(answer);
    return answer_area;
}

__attribute__((export_name("cabi_post_handle")))
void cabi_post_handle(uint32_t *area) {
    free((void *)(uintptr_t)area[0]);
}
