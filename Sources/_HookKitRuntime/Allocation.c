// See `Allocation.h`.

#include "Allocation.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void hk_fail(const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    fputs("HookKit: ", stderr);
    vfprintf(stderr, format, arguments);
    fputc('\n', stderr);
    va_end(arguments);
    abort();
}

void *hk_allocate_blocks(size_t size, const char *what) {
    size_t rounded = (size + 127) & ~(size_t)127;
    void *memory = NULL;
    if (posix_memalign(&memory, 128, rounded) != 0) {
        hk_fail("out of memory for %s", what);
    }
    memset(memory, 0, rounded);
    return memory;
}
