// Reader records: claiming one per thread, releasing it when the thread exits, the out-of-line parts of entering
// and leaving a hooked call, the heavy fence, and the scan of every hazard slot. See `_HookKitRuntime.h` for why
// this is C, and HookKit's `_SnapshotReclamation.swift` for the algorithm these pieces serve.

#if defined(__linux__)
#define _GNU_SOURCE
#endif

#include "_HookKitRuntime.h"
#include "Allocation.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
#if defined(__NR_membarrier)
#define HK_HAS_MEMBARRIER 1
#if __has_include(<linux/membarrier.h>)
#include <linux/membarrier.h>  // the commands are enumerators, not macros
#else
enum {
    MEMBARRIER_CMD_QUERY = 0,
    MEMBARRIER_CMD_PRIVATE_EXPEDITED = 1 << 3,
    MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED = 1 << 4,
};
#endif
#endif
#endif

/// The most threads a writer's pass confirms by their CPU-time clocks before it prefers the fence.
#define HK_MAX_CLOCK_LOOKS 16
/// The most a read of another thread's CPU-time clock may cost for writers to use them (nanoseconds).
#define HK_MAX_CLOCK_READ_NS 2000
/// The shortest a thread inside a hooked call may show nothing before a writer looks at its CPU-time clock (ns).
#define HK_MIN_CLOCK_LOOK_DELAY_NS 200
/// The shortest and the longest a writer waits for threads to show their stores, however cheap or costly the heavy
/// fence has been (ns).
#define HK_MIN_WAIT_NS 2000
#define HK_MAX_WAIT_NS 100000

hk_reader hk_unattached_reader;
_Thread_local hk_reader *hk_current_reader = &hk_unattached_reader;
_Atomic(bool) hk_retired_snapshots_pending;

/// The states of a record's `fence_request` (its low two bits; the rest count withdrawals).
enum { HK_REQUEST_NONE = 0, HK_REQUEST_ASKED = 1, HK_REQUEST_MARKED = 2, HK_REQUEST_STATE = 3, HK_REQUEST_COUNT = 4 };

/// Every record ever created, newest first; records are never removed.
static hk_reader *_Atomic readers;
/// How many records have been created (the next record's number).
static _Atomic(uintptr_t) records_created;
static pthread_once_t runtime_once = PTHREAD_ONCE_INIT;
static pthread_key_t exit_key;
static bool asymmetric_fences;
static bool serialized_threads;
/// Whether writers may confirm a thread by its standing CPU-time clock (see `reader_switched_out`).
static bool cpu_clock_evidence;
/// How long a thread may show nothing before a writer looks at its clock: what a look (two reads) costs, measured at
/// start-up, between `HK_MIN_CLOCK_LOOK_DELAY_NS` and `HK_MIN_WAIT_NS` (see `hk_await_fresh_readers`).
static uint64_t clock_look_delay_ns = HK_MIN_CLOCK_LOOK_DELAY_NS;
/// Counts for tests: heavy fences issued, threads confirmed by their clocks.
static _Atomic(uint64_t) heavy_fences;
/// What a heavy fence has cost the thread that issued it, on average (a moving average of the last few, in ns); 0
/// until the first fence.
static _Atomic(uint64_t) heavy_fence_cost_ns;
static _Atomic(uint64_t) clock_confirmations;

static void release_reader(void *record);
static void withdraw_fence_request(hk_reader *reader);

/// Whether the process runs under valgrind, which serializes its threads (one runs at a time, and a switch between
/// them is a full barrier), so that calls need no fence of their own even though valgrind has no `membarrier`.
/// Recognized by valgrind's preloaded core, so that callgrind measures the same call path as a native run.
static bool running_under_valgrind(void) {
    const char *preload = getenv("LD_PRELOAD");
    return preload != NULL && strstr(preload, "vgpreload_core") != NULL;
}

/// Whether the environment asks for the portable fences (`HOOKKIT_PORTABLE_FENCES=1`): every call fences for itself
/// and writers never use `membarrier` or CPU-time clocks, as on platforms without them (Apple's). Lets Linux run the
/// code those platforms run: CI runs the HookKit tests this way, and callgrind counts that path's cost.
static bool portable_fences_requested(void) {
    const char *value = getenv("HOOKKIT_PORTABLE_FENCES");
    return value != NULL && strcmp(value, "1") == 0;
}

/// Nanoseconds in a `timespec`.
static uint64_t timespec_ns(struct timespec time) {
    return (uint64_t)time.tv_sec * 1000000000u + (uint64_t)time.tv_nsec;
}

/// Tells the CPU that the thread is waiting in a loop (yields to a sibling hardware thread, saves power).
static inline void spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
    __asm__ __volatile__("yield");
#endif
}

/// `value`, raised to `lowest` or lowered to `highest`.
static uint64_t clamped(uint64_t value, uint64_t lowest, uint64_t highest) {
    return value < lowest ? lowest : value > highest ? highest : value;
}

/// `CLOCK_MONOTONIC` in nanoseconds.
static uint64_t monotonic_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return timespec_ns(now);
}

/// Whether writers should confirm threads by their CPU-time clocks: the calling thread's clock counts in small
/// steps while it runs, as it does where the scheduler's clock counts nanoseconds (a coarse clock, which stands
/// still for a whole tick, could read the same twice for a running thread, which `reader_switched_out` would take
/// for a thread that is not running), and a read is cheap (under 2 µs: where system calls are expensive, such as in
/// a user-space kernel sandbox, a few reads would cost more than the fence they save). Most consecutive reads must
/// show it, not all: the thread may be preempted, or its virtual CPU stolen, while it checks. Only where writers can
/// use `membarrier`: the clocks spare them that fence. Sets `typical_read_ns` to the median cost of a read.
#if defined(HK_HAS_MEMBARRIER)
static bool cpu_clocks_advance_while_running(uint64_t *typical_read_ns) {
    clockid_t clock;
    struct timespec reading;
    if (pthread_getcpuclockid(pthread_self(), &clock) != 0 || clock_gettime(clock, &reading) != 0) {
        return false;
    }
    enum { reads = 16 };
    const uint64_t small_step_ns = 50000;
    uint64_t previous = timespec_ns(reading);
    uint64_t costs[reads];
    int small_steps = 0;
    for (int read = 0; read < reads; read++) {
        uint64_t before = monotonic_ns();
        if (clock_gettime(clock, &reading) != 0) {
            return false;
        }
        costs[read] = monotonic_ns() - before;
        uint64_t now = timespec_ns(reading);
        if (now > previous && now - previous < small_step_ns) {
            small_steps++;
        }
        previous = now;
    }
    // Sorted (insertion sort: 16 values), for the cheapest and the median.
    for (int sorted = 1; sorted < reads; sorted++) {
        uint64_t cost = costs[sorted];
        int index = sorted;
        for (; index > 0 && costs[index - 1] > cost; index--) {
            costs[index] = costs[index - 1];
        }
        costs[index] = cost;
    }
    *typical_read_ns = costs[reads / 2];
    return small_steps >= reads / 2 && costs[0] < HK_MAX_CLOCK_READ_NS;
}
#endif

/// Records the calling thread's CPU-time clock in its record (between two raises of the record's sequence count).
static void record_cpu_clock(hk_reader *reader) {
    uintptr_t generation = atomic_load_explicit(&reader->generation, memory_order_relaxed);
    atomic_store_explicit(&reader->generation, generation + 1, memory_order_relaxed);
    atomic_thread_fence(memory_order_release);
    bool has_clock = false;
    int clock_value = 0;
#if defined(__linux__)
    clockid_t clock;
    if (cpu_clock_evidence && pthread_getcpuclockid(pthread_self(), &clock) == 0) {
        has_clock = true;
        clock_value = (int)clock;
    }
#endif
    atomic_store_explicit(&reader->has_cpu_clock, has_clock, memory_order_relaxed);
    atomic_store_explicit(&reader->cpu_clock, clock_value, memory_order_relaxed);
    atomic_store_explicit(&reader->idle_cpu_time, 0, memory_order_relaxed);
    atomic_store_explicit(&reader->generation, generation + 2, memory_order_release);
}

/// Creates the thread-exit key and, on Linux, registers the process for expedited private `membarrier`.
static void runtime_init(void) {
    if (pthread_key_create(&exit_key, release_reader) != 0) {
        hk_fail("pthread_key_create failed");
    }
    if (portable_fences_requested()) {
        return;
    }
    if (running_under_valgrind()) {
        asymmetric_fences = true;
        serialized_threads = true;
        return;
    }
#if defined(HK_HAS_MEMBARRIER)
    long commands = syscall(__NR_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);
    if (commands >= 0 && (commands & MEMBARRIER_CMD_PRIVATE_EXPEDITED) != 0
        && (commands & MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED) != 0
        && syscall(__NR_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0) {
        asymmetric_fences = true;
        uint64_t typical_read_ns = 0;
        cpu_clock_evidence = cpu_clocks_advance_while_running(&typical_read_ns);
        // Waiting as long as a look costs before looking never costs more than twice the better choice made in
        // hindsight (see `hk_await_fresh_readers`): a running thread that calls hooked methods shows the fresh
        // snapshot after a few cache misses, far sooner than two system calls would tell that it runs.
        clock_look_delay_ns = clamped(2 * typical_read_ns, HK_MIN_CLOCK_LOOK_DELAY_NS, HK_MIN_WAIT_NS);
    }
#endif
}

void hk_heavy_fence(void) {
    pthread_once(&runtime_once, runtime_init);
    if (serialized_threads) {
        return;
    }
    atomic_fetch_add_explicit(&heavy_fences, 1, memory_order_relaxed);
#if defined(HK_HAS_MEMBARRIER)
    if (asymmetric_fences) {
        uint64_t start = monotonic_ns();
        if (syscall(__NR_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) != 0) {
            // Registered at start-up, so this cannot fail; continuing could free a snapshot a call still uses.
            hk_fail("membarrier failed after registration");
        }
        // Racing writers may each fold in their own cost; any of the results is a fair average.
        uint64_t cost = monotonic_ns() - start;
        uint64_t average = atomic_load_explicit(&heavy_fence_cost_ns, memory_order_relaxed);
        atomic_store_explicit(
            &heavy_fence_cost_ns, average == 0 ? cost : average - average / 8 + cost / 8, memory_order_relaxed);
        return;
    }
#endif
    atomic_thread_fence(memory_order_seq_cst);
}

/// What a thread that ends inside a hooked call runs to free what it held (HookKit's `help()`), or NULL.
static void (*_Atomic exit_helper)(void);

void hk_set_exit_helper(void (*helper)(void)) {
    atomic_store_explicit(&exit_helper, helper, memory_order_release);
}

/// Clears a record whose thread ended and offers it to the next new thread.
///
/// A thread can only end inside a hooked call by exiting from a hook (`pthread_exit`): what it used is no longer in
/// use, but the call never reached its exit, which would have helped free a snapshot retired meanwhile. Its slots
/// are cleared here instead, and the same check follows: a full fence between the clears and the load of the pending
/// flag (it pairs with the writer's store of the flag, fence and scan), then help if snapshots wait.
static void release_reader(void *record) {
    hk_reader *reader = record;
    bool held = false;
    for (hk_slot_block *block = &reader->first; block != NULL;
         block = atomic_load_explicit(&block->next, memory_order_acquire)) {
        for (int index = 0; index < HK_SLOTS_PER_BLOCK; index++) {
            held = held || atomic_load_explicit(&block->slots[index], memory_order_relaxed) != 0;
            atomic_store_explicit(&block->slots[index], 0, memory_order_release);
        }
    }
    atomic_store_explicit(&reader->depth, 0, memory_order_relaxed);
    reader->frame = NULL;
    reader->held_replaced_snapshot = false;  // its slots are clear now; the check below covers them all
    // A request to fence for itself, marked or not, stays with the record until the next owner withdraws it when it
    // claims the record (`hk_reader_attach`): writers skip a released record anyway.
    if (hk_current_reader == reader) {
        hk_current_reader = &hk_unattached_reader;
    }
    atomic_store_explicit(&reader->claimed, false, memory_order_release);
    if (held) {
        atomic_thread_fence(memory_order_seq_cst);
        void (*helper)(void) = atomic_load_explicit(&exit_helper, memory_order_acquire);
        if (helper != NULL && atomic_load_explicit(&hk_retired_snapshots_pending, memory_order_relaxed)) {
            helper();
        }
    }
}

hk_reader *hk_reader_attach(void) {
    if (hk_current_reader != &hk_unattached_reader) {
        return hk_current_reader;
    }
    pthread_once(&runtime_once, runtime_init);
    hk_reader *reader = NULL;
    for (hk_reader *candidate = atomic_load_explicit(&readers, memory_order_acquire); candidate != NULL;
         candidate = candidate->next) {
        bool expected = false;
        // Sequentially consistent: a writer that does not see the claim is ordered before this thread's first
        // load of a published snapshot, which therefore sees what that writer published.
        if (!atomic_load_explicit(&candidate->claimed, memory_order_relaxed)
            && atomic_compare_exchange_strong_explicit(
                &candidate->claimed, &expected, true, memory_order_seq_cst, memory_order_relaxed)) {
            reader = candidate;
            break;
        }
    }
    if (reader == NULL) {
        // On blocks of its own, so that no two threads' records share a cache line (or an adjacent-line pair).
        reader = hk_allocate_blocks(sizeof(hk_reader), "a thread's reader record");
        atomic_store_explicit(&reader->claimed, true, memory_order_seq_cst);
        reader->light_fence = asymmetric_fences;
        reader->number = atomic_fetch_add_explicit(&records_created, 1, memory_order_relaxed);
        atomic_init(&reader->inline_depth_limit, asymmetric_fences ? HK_SLOTS_PER_BLOCK : 0);
        atomic_init(&reader->attention, asymmetric_fences ? 0 : 1);
        hk_reader *head = atomic_load_explicit(&readers, memory_order_relaxed);
        do {
            reader->next = head;
        } while (!atomic_compare_exchange_weak_explicit(
            &readers, &head, reader, memory_order_release, memory_order_relaxed));
    }
    record_cpu_clock(reader);
    atomic_store_explicit(&reader->depth, 0, memory_order_relaxed);
    reader->frame = NULL;
    if (reader->light_fence) {
        // A request to fence for itself made for the previous owner (see `release_reader`) ends here. Until then,
        // writers that skip this thread see it fence fully: its first load of a published word comes after this and
        // the caller's full fence.
        withdraw_fence_request(reader);
    }
    hk_current_reader = reader;
    pthread_setspecific(exit_key, reader);
    return reader;
}

/// The slot of the call at `depth`, allocating blocks for calls nested deeper than the first one.
static _Atomic(uintptr_t) *slot_at(hk_reader *reader, uintptr_t depth) {
    hk_slot_block *block = &reader->first;
    for (uintptr_t skipped = HK_SLOTS_PER_BLOCK; skipped <= depth; skipped += HK_SLOTS_PER_BLOCK) {
        hk_slot_block *next = atomic_load_explicit(&block->next, memory_order_acquire);
        if (next == NULL) {
            next = calloc(1, sizeof(hk_slot_block));
            if (next == NULL) {
                hk_fail("out of memory for nested hooked calls");
            }
            // Only the owning thread adds blocks; a release store publishes the zeroed block to scanners.
            atomic_store_explicit(&block->next, next, memory_order_release);
        }
        block = next;
    }
    return &block->slots[depth % HK_SLOTS_PER_BLOCK];
}

/// For tests: what `hk_reader_enter_slow` runs once between its slot store and its second load, or NULL.
static void (*_Atomic test_probe_between_loads)(void);

void hk_set_test_probe_between_loads(void (*probe)(void)) {
    atomic_store_explicit(&test_probe_between_loads, probe, memory_order_release);
}

/// Runs the test probe set in `slot`, once, if one is set (one relaxed load when none is).
static void run_test_probe_once(void (*_Atomic *slot)(void)) {
    if (__builtin_expect(atomic_load_explicit(slot, memory_order_relaxed) != NULL, 0)) {
        void (*probe)(void) = atomic_exchange_explicit(slot, NULL, memory_order_acquire);
        if (probe != NULL) {
            probe();
        }
    }
}

/// For tests: what `hk_reader_enter_slow` runs once between its first load of the word and its first slot store.
static void (*_Atomic test_probe_before_slot_store)(void);

void hk_set_test_probe_before_slot_store(void (*probe)(void)) {
    atomic_store_explicit(&test_probe_before_slot_store, probe, memory_order_release);
}

/// Helps free retired snapshots, if any wait, for a call that has no exit: its slot held a replaced snapshot, which
/// a writer's scan may have kept, and it found nothing published any more. The slot's clear comes before the load of
/// the pending flag: a full fence on every path, for the reason the retry in `hk_reader_enter_slow` gives (the same
/// pairing with the writer's store of the flag, fence and scan as a call's exit).
static void help_after_unpublished_retry(void) {
    atomic_thread_fence(memory_order_seq_cst);
    if (atomic_load_explicit(&hk_retired_snapshots_pending, memory_order_relaxed)) {
        void (*helper)(void) = atomic_load_explicit(&exit_helper, memory_order_acquire);
        if (helper != NULL) {
            helper();
        }
    }
}

/// The out-of-line entry of a hooked call. `retrying` says that the slot already holds a snapshot that the inline
/// path found replaced.
///
/// A slot store that the second load does not confirm is not harmless: between the two, a writer's scan may have
/// seen the replaced snapshot in the slot and kept it for this thread, which will not leave it as a call does (it
/// leaves the snapshot it confirmed instead). So a retry marks the thread (`held_replaced_snapshot`): its next call
/// to leave out of line, which the writer's request for attention makes sure of, helps if snapshots wait. When the
/// retry finds nothing published, the call has no exit at all, and it helps at once.
hk_slow_entry hk_reader_enter_slow(hk_point_cell *cell, bool retrying) {
    bool attaching = hk_current_reader == &hk_unattached_reader;
    hk_reader *reader = hk_reader_attach();
    if (attaching) {
        atomic_thread_fence(memory_order_seq_cst);  // the claim above, before the loads below
    }
    uintptr_t depth = atomic_load_explicit(&reader->depth, memory_order_relaxed);
    _Atomic(uintptr_t) *slot = slot_at(reader, depth);
    uintptr_t snapshot = atomic_load_explicit(&cell->published, memory_order_relaxed);
    run_test_probe_once(&test_probe_before_slot_store);
    for (;;) {
        if (snapshot == 0) {
            // A release store, as every store to a slot: a scan that reads it sees what this thread did before.
            atomic_store_explicit(slot, 0, memory_order_release);
            if (retrying) {
                help_after_unpublished_retry();
            }
            return (hk_slow_entry){0, slot};
        }
        atomic_store_explicit(slot, snapshot, memory_order_release);
        // A full fence, even where writers fence for calls:
        // - a thread asked to fence for itself (`fence_request`) comes here for every call until its outermost call
        //   ends, and writers that see the request marked no longer confirm it: this fence is what orders its slot
        //   store before its second load (Dekker's pattern with the writer's exchange and scan);
        // - a retry: a writer that skips its fence because the threads it saw holding the snapshot stayed switched
        //   out may still see the replaced one this slot held, after its look at the clocks, and keep it. Its scan
        //   comes after its own fence, so this call then sees the `attention` stored before that fence, and leaves
        //   out of line to help.
        // The other calls that come here (a thread's first, or one nested deeper than the first block of slots) are
        // rare enough not to need a lighter one.
        atomic_thread_fence(memory_order_seq_cst);
        run_test_probe_once(&test_probe_between_loads);
        uintptr_t confirmed = atomic_load_explicit(&cell->published, memory_order_acquire);
        if (confirmed == snapshot) {
            break;
        }
        retrying = true;
        snapshot = confirmed;
    }
    if (retrying) {
        reader->held_replaced_snapshot = true;
        // A writer that confirmed this thread while it was switched out before its slot store (between its load of
        // the word and the store) asked for attention only of the threads its scan saw holding the snapshot
        // (`hk_announce_to_holders`), not of this one; a later scan may still see the replaced snapshot in the slot
        // and keep it. Such a scan comes after the writer's store of the pending flag and its fence (the heavy one,
        // or the full fence of `hk_holders_stayed_switched_out`), and it missed the overwrite, which the full fence
        // above orders before this load: so this load sees the flag, and the thread asks itself for attention.
        if (atomic_load_explicit(&hk_retired_snapshots_pending, memory_order_relaxed)) {
            atomic_store_explicit(&reader->attention, 1, memory_order_relaxed);
        }
    }
    atomic_store_explicit(&reader->depth, depth + 1, memory_order_relaxed);
    return (hk_slow_entry){snapshot, slot};
}

/// Withdraws `attention` and any writer's request that `reader`'s thread fence for itself (`fence_request`), for the
/// thread's outermost call to end out of line, or for a record being claimed; the caller fences fully before the
/// thread loads a published word again.
///
/// The order matters against a writer asking at the same time, which stores the limit, fences fully, then stores
/// `attention`: with a full fence between the two stores on both sides, the record cannot end with the writer's
/// limit of 0 and this `attention` of 0 (every call out of line, and none to withdraw the request). Counting the
/// withdrawal in `fence_request` makes a request made before it unable to mark the record after it.
static void withdraw_fence_request(hk_reader *reader) {
    atomic_store_explicit(&reader->attention, 0, memory_order_relaxed);
    atomic_thread_fence(memory_order_seq_cst);
    atomic_store_explicit(&reader->inline_depth_limit, HK_SLOTS_PER_BLOCK, memory_order_relaxed);
    uint64_t request = atomic_load_explicit(&reader->fence_request, memory_order_relaxed);
    while (!atomic_compare_exchange_weak_explicit(
        &reader->fence_request, &request, (request & ~(uint64_t)HK_REQUEST_STATE) + HK_REQUEST_COUNT,
        memory_order_seq_cst, memory_order_relaxed)) {
    }
}

bool hk_reader_exit_slow(hk_reader *reader, hk_point_cell *cell, uintptr_t snapshot) {
    // Only a thread's outermost call to end has released every slot it held: where calls rely on writers' fences, it
    // withdraws the request and helps whenever snapshots wait. Any other call helps only if the snapshot it used was
    // replaced; so do all calls of threads on the portable path (full fences in every call), which never withdraw the
    // request (their `attention` stays set): otherwise a call blocked while it holds a replaced snapshot would make
    // every call of every thread help until it returns.
    //
    // A thread whose slot held a replaced snapshot for a moment (see `hk_reader_enter_slow`) helps too, whatever this
    // call used: the overwrite of that moment was followed by a full fence, so a scan that saw it and kept the snapshot
    // had set `attention` and the pending flag before, and this is the thread's first out-of-line exit since.
    bool outermost = atomic_load_explicit(&reader->depth, memory_order_relaxed) == 0;
    if (reader->light_fence && outermost) {
        withdraw_fence_request(reader);  // and `attention`, with the full fence below
    }
    bool held_replaced_snapshot = reader->held_replaced_snapshot;
    reader->held_replaced_snapshot = false;
    // Orders the slot clear (and the withdrawal) before the loads below, and before this thread's next load of a
    // published word (see `withdraw_fence_request`).
    atomic_thread_fence(memory_order_seq_cst);
    if (!atomic_load_explicit(&hk_retired_snapshots_pending, memory_order_relaxed)) {
        return false;
    }
    return (reader->light_fence && outermost) || held_replaced_snapshot
        || atomic_load_explicit(&cell->published, memory_order_relaxed) != snapshot;
}

static bool reader_holds(const hk_reader *reader, uintptr_t snapshot);

void hk_set_retired_snapshots_pending(bool pending) {
    atomic_store_explicit(&hk_retired_snapshots_pending, pending, memory_order_seq_cst);
    if (!pending) {
        return;
    }
    for (hk_reader *reader = atomic_load_explicit(&readers, memory_order_acquire); reader != NULL;
         reader = reader->next) {
        atomic_store_explicit(&reader->attention, 1, memory_order_relaxed);
    }
}

void hk_announce_to_holders(uintptr_t snapshot) {
    atomic_store_explicit(&hk_retired_snapshots_pending, true, memory_order_seq_cst);
    // A thread that holds nothing now never will use `snapshot`: every thread was confirmed before the scan that kept
    // it, so its later calls load a newer word. One confirmed while switched out between its load of the word and its
    // slot store may still store `snapshot` in its slot for a moment and retry: it sets its own `attention` then (see
    // `hk_reader_enter_slow`). A holder that clears its slot after the check below sees its `attention` (the fence
    // that follows orders the two); one that cleared it before is seen clear by the next scan.
    for (hk_reader *reader = atomic_load_explicit(&readers, memory_order_acquire); reader != NULL;
         reader = reader->next) {
        if (reader_holds(reader, snapshot)) {
            atomic_store_explicit(&reader->attention, 1, memory_order_relaxed);
        }
    }
}

/// Whether some slot of `reader` holds `snapshot` (acquire loads: seeing it makes the reader's earlier stores visible).
static bool reader_holds(const hk_reader *reader, uintptr_t snapshot) {
    for (const hk_slot_block *block = &reader->first; block != NULL;
         block = atomic_load_explicit(&((hk_slot_block *)block)->next, memory_order_acquire)) {
        for (int index = 0; index < HK_SLOTS_PER_BLOCK; index++) {
            if (atomic_load_explicit(&((hk_slot_block *)block)->slots[index], memory_order_acquire) == snapshot) {
                return true;
            }
        }
    }
    return false;
}

#if defined(__linux__)
/// What `idle_cpu_time` holds for a thread found switched out at CPU time `time` (nanoseconds) while its record had
/// sequence count `generation`: both in one word, so that a value remembered for a record's earlier owner (written
/// by a writer that was slow to write it) never matches its new owner's clock. 0 (remember nothing) past 2^48 ns,
/// 78 hours of CPU time.
static uint64_t idle_mark(uint64_t time, uintptr_t generation) {
    const uint64_t time_bits = 48;
    if (time == 0 || time >> time_bits != 0) {
        return 0;
    }
    return ((uint64_t)(generation & 0xFFFF) << time_bits) | time;
}

/// The CPU-time clock of `reader`'s owner and the record's sequence count, read consistently (between two equal even
/// values of the count); false when writers do not use clocks, the record has none, or it is changing owner.
static bool reader_cpu_clock(hk_reader *reader, uintptr_t *generation, clockid_t *clock) {
    if (!cpu_clock_evidence) {
        return false;
    }
    *generation = atomic_load_explicit(&reader->generation, memory_order_acquire);
    if ((*generation & 1) != 0 || !atomic_load_explicit(&reader->has_cpu_clock, memory_order_relaxed)) {
        return false;
    }
    *clock = (clockid_t)atomic_load_explicit(&reader->cpu_clock, memory_order_relaxed);
    atomic_thread_fence(memory_order_acquire);
    return atomic_load_explicit(&reader->generation, memory_order_relaxed) == *generation;
}
#endif

/// Whether `reader`'s thread is known not to be running now, so that every store it made is visible to the
/// caller's later loads; false when that cannot be shown cheaply (and always off Linux).
///
/// Its CPU-time clock is read twice: for a thread on a CPU the kernel adds the time run so far, updating the run
/// queue's clock under its lock, so two reads differ (`cpu_clocks_advance_while_running` checked that the clock
/// counts nanoseconds); equal reads mean that the thread was switched out before the second. One read suffices when
/// it equals the value of the thread's last confirmation (`idle_cpu_time`): the thread has not run since, and is not
/// running now. Switching a thread out publishes every store it made (the task's `on_cpu` is cleared with a release
/// store after the switch, and a dequeued task after a full barrier), the read observed that, and the full fence
/// after it orders the observation before the caller's loads of the thread's record. A thread that is off its CPU
/// is idle, blocked, or preempted: its slots say exactly what it holds. The record's sequence count, read around
/// the look-up, shows that the clock belongs to the thread that owns the record (a thread cannot have reused the
/// identifier of an owner that is still alive), and a record released meanwhile had its slots cleared with release
/// stores before.
///
/// The clock counts task time, which excludes time a hypervisor steals from a virtual CPU and, with interrupt-time
/// accounting, time spent in interrupts: a thread whose CPU does only that between the two reads reads the same
/// twice although it was not switched out. It executes no instruction of its own meanwhile either, and its earlier
/// stores have left its store buffer (a virtual machine exit is serializing; an interrupt handler's own stores and
/// locked instructions drain it on x86), so the conclusion, that its slots say what it holds, still stands.
static bool reader_switched_out(hk_reader *reader) {
#if defined(__linux__)
    uintptr_t generation;
    clockid_t clock;
    if (!reader_cpu_clock(reader, &generation, &clock)) {
        return false;
    }
    struct timespec reading;
    if (clock_gettime(clock, &reading) != 0) {
        return false;  // the thread has just exited, or the system call is filtered
    }
    uint64_t first = timespec_ns(reading);
    uint64_t remembered = idle_mark(first, generation);
    uint64_t second = first;
    // A thread found switched out before, that has not run since, reads the same as then: one read suffices.
    if (remembered == 0 || atomic_load_explicit(&reader->idle_cpu_time, memory_order_relaxed) != remembered) {
        if (clock_gettime(clock, &reading) != 0) {
            return false;
        }
        second = timespec_ns(reading);
    }
    atomic_thread_fence(memory_order_seq_cst);
    if (!atomic_load_explicit(&reader->claimed, memory_order_acquire)) {
        return true;  // released: its slots were cleared before
    }
    if (atomic_load_explicit(&reader->generation, memory_order_acquire) != generation || first != second) {
        return false;
    }
    atomic_store_explicit(&reader->idle_cpu_time, remembered, memory_order_relaxed);
    return true;
#else
    (void)reader;
    return false;
#endif
}


/// Whether `reader`'s thread has not run since a writer last found it switched out (`reader_switched_out` remembered
/// its CPU-time clock then): one read of the clock, which must still show the remembered value. Loads the caller makes
/// after this returns true come after the thread's next instruction, if any.
static bool reader_stayed_switched_out(hk_reader *reader) {
#if defined(__linux__)
    uintptr_t generation;
    clockid_t clock;
    if (!reader_cpu_clock(reader, &generation, &clock)) {
        return false;
    }
    // Tagged with the count's low bits (`idle_mark`): a value remembered for an earlier owner never matches.
    uint64_t remembered = atomic_load_explicit(&reader->idle_cpu_time, memory_order_relaxed);
    if (remembered == 0) {
        return false;
    }
    struct timespec reading;
    if (clock_gettime(clock, &reading) != 0) {
        return false;
    }
    atomic_thread_fence(memory_order_seq_cst);
    return atomic_load_explicit(&reader->generation, memory_order_acquire) == generation
        && idle_mark(timespec_ns(reading), generation) == remembered;
#else
    (void)reader;
    return false;
#endif
}

/// Why no fence is needed then. The writer stores `attention`, fences fully, and reads the holder's clock: the value
/// remembered means the kernel had not yet started the thread again when it computed the reading. The thread's side
/// of the pattern is the kernel's: switching a thread in marks it running, then executes a full barrier before the
/// thread's first instruction (the return to user mode is serializing on x86-64; `__switch_to` issues `dsb ish` on
/// arm64), so the thread's later load of `attention` sees the writer's store. That barrier is what this relies on; the
/// language-level guarantee is only the heavy fence's. Were it missing, the holder could miss the request, and the
/// snapshot would stay retired until a later scan (the next writer's pass, or another call's help): kept too long,
/// never freed while in use, because the scan that decides what to free is exact either way (every thread was
/// confirmed before it).
bool hk_holders_stayed_switched_out(uintptr_t snapshot) {
    // The `attention` stores of `hk_set_retired_snapshots_pending` are visible to every thread before the clocks are
    // read.
    atomic_thread_fence(memory_order_seq_cst);
    hk_reader *self = hk_current_reader;
    int looked = 0;
    for (hk_reader *reader = atomic_load_explicit(&readers, memory_order_acquire); reader != NULL;
         reader = reader->next) {
        if (reader == self || !atomic_load_explicit(&reader->claimed, memory_order_acquire)
            || !reader_holds(reader, snapshot)) {
            continue;
        }
        if (++looked > HK_MAX_CLOCK_LOOKS || !reader_stayed_switched_out(reader)) {
            return false;
        }
    }
    return true;
}

/// For tests: what `ask_to_fence_for_itself` runs once between its last look at the thread's clock and its mark, or
/// NULL.
static void (*_Atomic test_probe_before_mark)(void);

void hk_set_test_probe_before_mark(void (*probe)(void)) {
    atomic_store_explicit(&test_probe_before_mark, probe, memory_order_release);
}

/// Asks a thread that `reader_switched_out` has just confirmed to fence fully in every call it starts until its
/// outermost call ends, so that later publications need not look at its clock again while it stays out.
///
/// Under a request that is none or asked, with the withdrawal count it read (a compare-and-swap to asked), it stores
/// the requests (a limit of 0, which sends every call out of line to `hk_reader_enter_slow` and its full fence, and
/// `attention`, which makes the thread's outermost call withdraw them), fences fully, and reads the thread's clock once
/// more: if it still shows the value that a confirmation remembered (`idle_cpu_time`), the thread was not running at
/// that read, which came after the stores and the fence, so it sees both when it runs again (after the kernel's barrier
/// of the switch: see `_SnapshotReclamation`), and the request is marked, again by compare-and-swap from asked with the
/// same count: it fails if the thread withdrew meanwhile (a mark on a released record is withdrawn by its next owner,
/// and writers skip a released record until then). A thread that ran meanwhile keeps the requests unmarked, and
/// withdraws them at its next outermost exit.
static void ask_to_fence_for_itself(hk_reader *reader) {
    uint64_t request = atomic_load_explicit(&reader->fence_request, memory_order_acquire);
    uint64_t state = request & HK_REQUEST_STATE;
    if (state == HK_REQUEST_MARKED || !atomic_load_explicit(&reader->claimed, memory_order_acquire)) {
        return;
    }
    uint64_t asked = (request & ~(uint64_t)HK_REQUEST_STATE) | HK_REQUEST_ASKED;
    if (state == HK_REQUEST_NONE
        && !atomic_compare_exchange_strong_explicit(
            &reader->fence_request, &request, asked, memory_order_seq_cst, memory_order_relaxed)) {
        return;  // withdrawn, or asked or marked by another writer, meanwhile
    }
    atomic_store_explicit(&reader->inline_depth_limit, 0, memory_order_relaxed);
    atomic_thread_fence(memory_order_seq_cst);  // see `withdraw_fence_request`
    atomic_store_explicit(&reader->attention, 1, memory_order_relaxed);
    atomic_thread_fence(memory_order_seq_cst);
    if (reader_stayed_switched_out(reader)) {
        run_test_probe_once(&test_probe_before_mark);
        uint64_t marked = (asked & ~(uint64_t)HK_REQUEST_STATE) | HK_REQUEST_MARKED;
        atomic_compare_exchange_strong_explicit(
            &reader->fence_request, &asked, marked, memory_order_seq_cst, memory_order_relaxed);
    }
}

/// Whether `reader`'s thread fences for itself: a writer marked its request (see `ask_to_fence_for_itself`), and the
/// thread has not withdrawn it.
///
/// Read after the writer's exchange and full fence, a mark suffices to skip the thread. Every call it started after
/// the request fences fully between its slot store and its second load (Dekker's pattern with the writer's exchange
/// and scan), and a call it had started before, with the light fence, either made its slot store before the thread
/// left its CPU (visible since) or checks the limit again after that store and goes out of line. The thread
/// withdraws by a compare-and-swap and a full fence before it loads a published word again: a writer that still
/// sees the mark after its exchange knows that the thread's next calls load the new word or a newer one.
static bool reader_fences_for_itself(const hk_reader *reader) {
    uint64_t request = atomic_load_explicit(&((hk_reader *)reader)->fence_request, memory_order_acquire);
    return (request & HK_REQUEST_STATE) == HK_REQUEST_MARKED;
}

/// Whether `reader` shows its current stores without help: it is inside a writer's pass, or some slot holds `fresh`.
static bool reader_shows_stores(const hk_reader *reader, uintptr_t fresh) {
    return atomic_load_explicit(&reader->in_writer_pass, memory_order_acquire) != 0 || reader_holds(reader, fresh);
}

bool hk_await_fresh_readers(hk_point_cell *cell) {
    pthread_once(&runtime_once, runtime_init);
    if (!asymmetric_fences || serialized_threads) {
        return serialized_threads;  // calls fence for themselves: only the writer's full fence orders them
    }
    // The exchange that published the fresh snapshot, before every load below of other threads' records. The
    // exchange already orders them on x86-64 (a locked instruction) and ARMv8 (release-acquire), not in C11's model,
    // whose argument this makes whole for a few cycles per publication.
    atomic_thread_fence(memory_order_seq_cst);
    uintptr_t fresh = atomic_load_explicit(&cell->published, memory_order_acquire);
    if (fresh == 0) {
        // Nothing published now: no slot can show it. The fence interrupts only the threads that run, which could not
        // be confirmed anyway, and costs less than reading an idle thread's clock.
        return false;
    }
    // 1. The threads that do not show their stores yet (most threads that call the point show them at once).
    hk_reader *self = hk_current_reader;
    hk_reader *pending[HK_MAX_CLOCK_LOOKS];
    int count = 0;
    int confirmed_at_once = 0;  // looked at below without the wait: they count toward the limit too
    for (hk_reader *reader = atomic_load_explicit(&readers, memory_order_acquire); reader != NULL;
         reader = reader->next) {
        if (reader == self || !atomic_load_explicit(&reader->claimed, memory_order_seq_cst)
            || reader_shows_stores(reader, fresh) || reader_fences_for_itself(reader)) {
            continue;
        }
        if (count + confirmed_at_once == HK_MAX_CLOCK_LOOKS) {
            return false;  // too many to confirm one by one: the fence is cheaper
        }
        // A thread that a writer found switched out, and has not seen running since, is looked at without the wait
        // below: one clock read when it still has not run (a thread preempted by the writer's own thread stays out
        // through a burst of publications). Seen running, it loses the mark and waits like the others.
        if (atomic_load_explicit(&reader->idle_cpu_time, memory_order_relaxed) != 0) {
            if (reader_switched_out(reader)) {
                atomic_fetch_add_explicit(&clock_confirmations, 1, memory_order_relaxed);
                ask_to_fence_for_itself(reader);
                confirmed_at_once++;
                continue;
            }
            atomic_store_explicit(&reader->idle_cpu_time, 0, memory_order_relaxed);
        }
        pending[count++] = reader;
    }
    uint64_t start = count == 0 ? 0 : monotonic_ns();
    // Waiting longer than the fence costs would cost more than fencing at once; waiting up to that cost, then
    // fencing, never costs more than twice the better choice made in hindsight (the rule of renting skis until their
    // price is spent).
    uint64_t fence_cost = atomic_load_explicit(&heavy_fence_cost_ns, memory_order_relaxed);
    uint64_t deadline = start + clamped(fence_cost, HK_MIN_WAIT_NS, HK_MAX_WAIT_NS);
    // 2. A short wait, as long as a look costs (`clock_look_delay_ns`): a thread that keeps calling hooked methods
    //    shows the fresh snapshot after a cache miss or two, sooner than its clock would tell that it runs.
    // 3. Then each remaining thread is looked at: it is confirmed if it is not running (its CPU-time clock stands
    //    still; one or two system calls, far cheaper than a fence that interrupts every running thread).
    // 4. Threads still running keep being watched until the wait is over, then looked at once more.
    bool looked = false;
    while (count > 0) {
        uint64_t now = monotonic_ns();
        bool look = (!looked && now >= start + clock_look_delay_ns) || now >= deadline;
        int kept = 0;
        for (int index = 0; index < count; index++) {
            hk_reader *reader = pending[index];
            if (reader_shows_stores(reader, fresh)) {
                continue;
            }
            if (look && reader_switched_out(reader)) {
                atomic_fetch_add_explicit(&clock_confirmations, 1, memory_order_relaxed);
                ask_to_fence_for_itself(reader);
                continue;
            }
            pending[kept++] = reader;
        }
        count = kept;
        if (count > 0 && now >= deadline) {
            return false;  // running, and showed nothing: only the fence orders its stores
        }
        looked = looked || look;
        spin_pause();
    }
    return true;
}

void hk_writer_begin(void) {
    hk_reader *reader = hk_current_reader;
    if (reader != &hk_unattached_reader) {  // a thread without a record holds nothing
        // Sequentially consistent (a release and a full fence): the thread's earlier stores come before the mark.
        atomic_store_explicit(&reader->in_writer_pass, 1, memory_order_seq_cst);
    }
}

void hk_writer_end(void) {
    hk_reader *reader = hk_current_reader;
    if (reader != &hk_unattached_reader) {
        atomic_store_explicit(&reader->in_writer_pass, 0, memory_order_relaxed);
        // The thread's later loads of published snapshots execute after the mark is withdrawn, hence after every
        // exchange a writer made before it saw the mark.
        atomic_thread_fence(memory_order_seq_cst);
    }
}

size_t hk_collect_hazards(uintptr_t *buffer, size_t capacity) {
    size_t count = 0;
    for (hk_reader *reader = atomic_load_explicit(&readers, memory_order_acquire); reader != NULL;
         reader = reader->next) {
        for (hk_slot_block *block = &reader->first; block != NULL;
             block = atomic_load_explicit(&block->next, memory_order_acquire)) {
            for (int index = 0; index < HK_SLOTS_PER_BLOCK; index++) {
                uintptr_t value = atomic_load_explicit(&block->slots[index], memory_order_acquire);
                if (value != 0) {
                    if (count < capacity) {
                        buffer[count] = value;
                    }
                    count++;
                }
            }
        }
    }
    return count;
}

uint64_t hk_heavy_fence_count(void) {
    return atomic_load_explicit(&heavy_fences, memory_order_relaxed);
}

uint64_t hk_clock_confirmation_count(void) {
    return atomic_load_explicit(&clock_confirmations, memory_order_relaxed);
}

bool hk_uses_asymmetric_fences(void) {
    pthread_once(&runtime_once, runtime_init);
    return asymmetric_fences;
}

bool hk_confirms_by_cpu_clock(void) {
    pthread_once(&runtime_once, runtime_init);
    return cpu_clock_evidence;
}

bool hk_pin_current_thread(int cpu) {
#if defined(__linux__)
    cpu_set_t set;
    CPU_ZERO(&set);
    if (cpu < 0) {
        for (int index = 0; index < CPU_SETSIZE; index++) {
            CPU_SET(index, &set);
        }
    } else {
        CPU_SET(cpu, &set);
    }
    return pthread_setaffinity_np(pthread_self(), sizeof set, &set) == 0;
#else
    (void)cpu;
    return false;
#endif
}

size_t hk_reader_record_count(void) {
    size_t count = 0;
    for (hk_reader *reader = atomic_load_explicit(&readers, memory_order_acquire); reader != NULL;
         reader = reader->next) {
        count++;
    }
    return count;
}

bool hk_current_thread_fences_for_itself(void) {
    return reader_fences_for_itself(hk_current_reader);
}

size_t hk_reader_claimed_count(void) {
    size_t count = 0;
    for (hk_reader *reader = atomic_load_explicit(&readers, memory_order_acquire); reader != NULL;
         reader = reader->next) {
        count += atomic_load_explicit(&reader->claimed, memory_order_acquire) ? 1 : 0;
    }
    return count;
}

hk_point_cell *hk_point_cell_create(const void *storage) {
    // Every call of the point reads the cell: on a 128-byte block of its own, no write to a neighbouring object
    // can evict it from other cores' caches (false sharing).
    hk_point_cell *cell = hk_allocate_blocks(sizeof(hk_point_cell), "a hook point");
    atomic_init(&cell->published, 0);
    cell->storage = storage;
    return cell;
}

void hk_point_cell_destroy(hk_point_cell *cell) {
    free(cell);
}
