// Async holds: how many async calls hold a snapshot across their suspensions, counted in stripes so that calls on
// different threads write different cache lines. See `_SnapshotLease.swift` in HookKit for why async calls need them
// and `_SnapshotReclamation.swift` for how writers read them.

#include "_HookKitRuntime.h"
#include "Allocation.h"

#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

/// The fewest and the most stripes a snapshot's holds have.
#define HK_MIN_ASYNC_STRIPES 4
#define HK_MAX_ASYNC_STRIPES 64

uintptr_t hk_async_stripe_mask;

static pthread_once_t stripes_once = PTHREAD_ONCE_INIT;

/// Sizes the stripes: twice the online CPUs rounded up to a power of two, at least 4 and at most 64, so that the
/// threads of a pool as large as the machine (whose records were usually created one after another, so have
/// consecutive numbers) rarely share one.
static void size_stripes(void) {
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    uintptr_t wanted = cpus > 0 ? 2 * (uintptr_t)cpus : HK_MIN_ASYNC_STRIPES;
    uintptr_t stripes = HK_MIN_ASYNC_STRIPES;
    while (stripes < wanted && stripes < HK_MAX_ASYNC_STRIPES) {
        stripes *= 2;
    }
    hk_async_stripe_mask = stripes - 1;
}

hk_async_stripe *hk_async_holds_create(void) {
    // `pthread_once` publishes the mask to every thread that later uses holds made here (they reach them through a
    // published snapshot, with acquire loads).
    pthread_once(&stripes_once, size_stripes);
    return hk_allocate_blocks((hk_async_stripe_mask + 1) * sizeof(hk_async_stripe), "an async snapshot's holds");
}

void hk_async_holds_destroy(hk_async_stripe *holds) {
    free(holds);
}

bool hk_async_release(hk_async_stripe *holds, hk_point_cell *cell, uintptr_t snapshot) {
    // A thread without a record of its own (it never entered a hooked call) counts in the sentinel's stripe, 0.
    hk_reader *reader = hk_reader_peek();
    // Sequentially consistent, as are the two loads after it, which pairs them with a writer's pass (the word
    // exchanged, then the pending flag stored, a sequentially consistent fence, then `hk_async_holds_held`): either
    // the writer's scan sees this decrement, or these loads see the pending flag and the replaced word, and the call
    // asks for a scan.
    atomic_fetch_sub_explicit(&holds[reader->number & hk_async_stripe_mask].count, 1, memory_order_seq_cst);
    if (!atomic_load_explicit(&hk_retired_snapshots_pending, memory_order_seq_cst)) {
        return false;
    }
    return atomic_load_explicit(&cell->published, memory_order_seq_cst) != snapshot;
}

bool hk_async_holds_held(const hk_async_stripe *holds) {
    // Orders the writer's exchange of the word and its pending flag before the loads below (see `hk_async_release`).
    atomic_thread_fence(memory_order_seq_cst);
    intptr_t total = 0;
    for (uintptr_t stripe = 0; stripe <= hk_async_stripe_mask; stripe++) {
        total += atomic_load_explicit(&((hk_async_stripe *)holds)[stripe].count, memory_order_acquire);
    }
    return total != 0;
}
