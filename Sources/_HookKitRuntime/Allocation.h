// What the runtime's C files share and Swift does not see: stopping the program on a failure it cannot recover from,
// and memory for the structures that threads read while others write their neighbours.
#ifndef HOOKKIT_RUNTIME_ALLOCATION_H
#define HOOKKIT_RUNTIME_ALLOCATION_H

#include <stddef.h>

/// Prints `HookKit: ` and the message that `format` (a `printf` format) makes of the arguments to standard error, then
/// aborts.
__attribute__((noreturn, format(printf, 1, 2))) void hk_fail(const char *format, ...);

/// Zeroed memory for `size` bytes, aligned to 128 bytes and rounded up to whole 128-byte blocks, so that no other
/// allocation shares its cache lines (or an adjacent-line pair); stops the program, saying that memory ran out for
/// `what`, when there is none. Freed with `free`.
void *hk_allocate_blocks(size_t size, const char *what);

#endif
