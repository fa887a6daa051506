// See `Allocation.h`.

#include "Allocation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void hk_fail(const char *message) {
    fprintf(stderr, "HookKit: %s\n", message);
    abort();
}

void *hk_allocate_blocks(size_t size, const char *what) {
    size_t rounded = (size + 127) & ~(size_t)127;
    void *memory = NULL;
    if (posix_memalign(&memory, 128, rounded) != 0) {
        fprintf(stderr, "HookKit: out of memory for %s\n", what);
        abort();
    }
    memset(memory, 0, rounded);
    return memory;
}
