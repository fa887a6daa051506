// _HookKitRuntime: the per-thread state of HookKit's call path, in C because Swift lacks the primitives.
//
// Why C: a hooked call must announce which snapshot of a point's hooks it is using, in memory that belongs to its
// own thread, so that calls on different cores never write a shared cache line (see `_SnapshotReclamation.swift` in
// HookKit for the whole algorithm). Swift's standard library has no thread-local storage: POSIX thread-specific data
// (`pthread_getspecific`) costs about 17 instructions per look-up. A C11 `_Thread_local` variable reached through the
// `static inline` accessor below compiles, inlined into Swift, to two instructions (`mov %fs:0`, `lea`). The reader
// protocol needs relaxed atomic stores to raw memory and a compiler-only fence (`atomic_signal_fence`), which Swift
// cannot express either. Async calls, which cannot keep a slot across a suspension, count holds in per-thread stripes
// of the snapshot (`AsyncHolds.c`), reached through the same record. Everything else (the retired list, the passes,
// freeing) is Swift, in HookKit.
//
// Nothing here is API: HookKit's inlinable call path uses it, so it is a module of its own.

#ifndef HOOKKIT_RUNTIME_H
#define HOOKKIT_RUNTIME_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Hazard slots per block: a thread's first block holds its first `HK_SLOTS_PER_BLOCK` nested hooked calls.
#define HK_SLOTS_PER_BLOCK 16

/// A block of hazard slots. A slot holds the address of the snapshot a call of its depth uses, or 0.
typedef struct hk_slot_block {
    _Atomic(uintptr_t) slots[HK_SLOTS_PER_BLOCK];
    /// The next block, for calls nested deeper; allocated on first need and kept with its reader.
    struct hk_slot_block *_Atomic next;
} hk_slot_block;

/// One thread's reader record: its hazard slots and call depth.
///
/// Only its thread writes `depth`, `frame` and the slots; writers of any thread read the slots, set `attention`,
/// remember `idle_cpu_time`, and ask the thread to fence for itself (`fence_request`, `inline_depth_limit`).
/// Records are never freed: a thread that exits releases its record, and the next new thread claims it, so their
/// number is bounded by the largest number of threads that called hooked methods at the same time.
typedef struct hk_reader {
    /// How many hooked calls are in progress on the thread (the index of the next free slot). Only its thread writes
    /// and reads it.
    _Atomic(uintptr_t) depth;
    /// Calls at a depth below this take the inline path: `HK_SLOTS_PER_BLOCK` when a compiler fence suffices
    /// (writers use `membarrier`), 0 when every call must fence for itself (and for the unattached sentinel), or
    /// while a writer asks the thread to fence for itself (`fence_request`). Writers set it to 0; the thread restores
    /// it when it withdraws the request.
    _Atomic(uintptr_t) inline_depth_limit;
    /// The innermost invocation frame (a HookKit `_InvocationFrame`), or NULL.
    void *frame;
    /// Set by a writer before it scans (and always, when calls fence for themselves): the thread's next call to end
    /// takes the out-of-line exit, which checks whether the snapshot it used was retired.
    _Atomic(uint8_t) attention;
    /// Set while the thread is inside a writer's pass (see `hk_writer_begin`), where it makes no hooked call.
    _Atomic(uint8_t) in_writer_pass;
    /// Whether a compiler fence orders this thread's slot stores before its loads.
    bool light_fence;
    /// Set by a call whose slot held, for a moment, a snapshot that a writer replaced before the call could confirm
    /// it (the call then retried with the new one): the writer's scan may have seen that store and kept the snapshot
    /// for this thread, so the thread's next call to leave out of line helps if snapshots wait, as a call leaving a
    /// replaced snapshot does. Only its thread reads and writes it.
    bool held_replaced_snapshot;
    /// The record's number, in the order records were created (0 for the first): picks the stripe of the async holds
    /// its thread counts in (see `hk_async_hold`).
    uintptr_t number;
    /// The first block of hazard slots.
    hk_slot_block first;
    /// Whether a live thread owns the record.
    _Atomic(bool) claimed;
    /// A sequence count around setting `cpu_clock`, raised twice each time a thread claims the record (odd while
    /// the clock changes): a writer that reads the same even value before and after looking at the clock looked at
    /// the clock of the record's owner.
    _Atomic(uintptr_t) generation;
    /// Whether `cpu_clock` identifies the owner's CPU-time clock (Linux).
    _Atomic(bool) has_cpu_clock;
    /// The owner's CPU-time clock (a `clockid_t`), which stands still while the thread is not running.
    _Atomic(int) cpu_clock;
    /// The value of `cpu_clock` when a writer last found the thread switched out (nanoseconds, tagged with the low
    /// bits of `generation`), or 0: while the clock still reads that value, the thread has not run since.
    _Atomic(uint64_t) idle_cpu_time;
    /// A writer's request that the thread fence for itself: the low two bits say none (0), asked (1: the writer set
    /// `inline_depth_limit` to 0 and `attention`) or marked (2: it then saw by the thread's clock that the thread
    /// had not run since, so the thread sees both when it runs again), the rest count the thread's withdrawals.
    /// Writers change it only by compare-and-swap, from none or asked with the same count, so a request made before
    /// a withdrawal can never mark the record after it. A request left on a record whose thread exited is withdrawn
    /// by the next thread that claims the record. While it is marked, every call the thread starts fences fully, and
    /// writers skip the thread (see `hk_await_fresh_readers`).
    _Atomic(uint64_t) fence_request;
    /// The next record in the process-wide list (written once, before the record is published).
    struct hk_reader *next;
} hk_reader;

/// The word that publishes a hook point's snapshot, with the storage that owns it.
///
/// Allocated on its own (not inside a Swift object) so that a call reaches the word with one plain pointer.
typedef struct hk_point_cell {
    /// The address of the published snapshot (retained by its publication), or 0 when calls run the plain body.
    _Atomic(uintptr_t) published;
    /// The owning `_HookPointStorage`, unretained (it owns the cell).
    const void *storage;
} hk_point_cell;

/// Allocates a cell that publishes nothing.
hk_point_cell *hk_point_cell_create(const void *storage);

/// Frees a cell.
void hk_point_cell_destroy(hk_point_cell *cell);

/// The published snapshot's address, or 0 (a relaxed load: enough to choose the unhooked path).
///
/// The inline functions that Swift imports name no `_Atomic` type in their bodies (no cast, no local variable of such
/// a type): Swift's importer prints a note for each one, in every Swift file that imports this header.
static inline uintptr_t hk_point_cell_published(hk_point_cell *cell) {
    return atomic_load_explicit(&cell->published, memory_order_relaxed);
}

/// Publishes `snapshot` (or 0) and returns what was published before.
static inline uintptr_t hk_point_cell_exchange(hk_point_cell *cell, uintptr_t snapshot) {
    return atomic_exchange_explicit(&cell->published, snapshot, memory_order_acq_rel);
}

/// The record every thread starts with: never written, its depth limit of 0 sends calls out of line.
extern hk_reader hk_unattached_reader;

/// The calling thread's record; before its first hooked call, a shared sentinel whose depth limit sends the call
/// to `hk_reader_enter_slow`, which claims a record.
extern _Thread_local hk_reader *hk_current_reader;

/// Set while retired snapshots wait for calls that use them.
extern _Atomic(bool) hk_retired_snapshots_pending;

/// Claims a record for the calling thread if it has none, and returns it (out of line).
hk_reader *hk_reader_attach(void);

/// The calling thread's record, claimed on first use (out of the call path: frames and tests).
static inline hk_reader *hk_reader_current(void) {
    hk_reader *reader = hk_current_reader;
    if (__builtin_expect(reader == &hk_unattached_reader, 0)) {
        reader = hk_reader_attach();
    }
    return reader;
}

/// The calling thread's record as it is: the shared sentinel before the thread's first hooked call (its `frame` is
/// always NULL, its slots always empty). For code that runs inside a hooked call, where the thread has its own
/// record, or that only reads `frame`: one load, no check.
static inline hk_reader *hk_reader_peek(void) {
    return hk_current_reader;
}

/// An identity of the calling thread that no other living thread has: the address of its `hk_current_reader`.
///
/// Unlike the record's address, it claims nothing: a thread that only registers hooks never gets a record, which
/// every writer's pass would otherwise have to confirm (by reading its CPU-time clock) for as long as it lives.
static inline uintptr_t hk_current_thread_identity(void) {
    return (uintptr_t)&hk_current_reader;
}

/// Whether `reader` is a thread's own record rather than the sentinel.
static inline bool hk_reader_is_attached(const hk_reader *reader) {
    return reader != &hk_unattached_reader;
}

/// A hooked call in progress: the snapshot it protects and the slot that protects it.
typedef struct hk_entry {
    /// The protected snapshot's address, or 0 when none was published.
    uintptr_t snapshot;
    /// The calling thread's slot that holds `snapshot`.
    _Atomic(uintptr_t) *slot;
    /// The thread's depth of hooked calls before this one, which `hk_reader_exit` restores: a store of a value the
    /// thread already holds, rather than a decrement that would load the depth its entry stored.
    uintptr_t depth;
    /// The calling thread's record, so that `hk_reader_exit` need not look it up again.
    hk_reader *reader;
} hk_entry;

/// What `hk_reader_enter_slow` returns: the first two fields of `hk_entry`, which fit in two registers.
typedef struct hk_slow_entry {
    uintptr_t snapshot;
    _Atomic(uintptr_t) *slot;
} hk_slow_entry;

/// `hk_reader_enter` for calls that cannot take the inline path (the thread's first call, calls nested deeper than
/// the first block of slots, and threads that fence for themselves), and for an inline entry that must retry
/// (`retrying`): its slot holds a snapshot that was replaced between its two loads of the published word, which a
/// writer's scan may have seen in the slot and kept (see `held_replaced_snapshot`).
hk_slow_entry hk_reader_enter_slow(hk_point_cell *cell, bool retrying);

/// `hk_reader_exit` for a thread whose `attention` is set.
bool hk_reader_exit_slow(hk_reader *reader, hk_point_cell *cell, uintptr_t snapshot);

/// Starts a hooked call: protects the snapshot published in `cell` and returns it with its slot. When none is
/// published, `snapshot` is 0: the call then runs the plain body and must not call `hk_reader_exit`.
///
/// Writes only the calling thread's record: its slot, then its depth.
static inline hk_entry hk_reader_enter(hk_point_cell *cell) {
    hk_reader *reader = hk_current_reader;
    uintptr_t depth = atomic_load_explicit(&reader->depth, memory_order_relaxed);
    bool retrying = false;
    if (__builtin_expect(depth < atomic_load_explicit(&reader->inline_depth_limit, memory_order_relaxed), 1)) {
        hk_entry entry = {0, &reader->first.slots[depth], depth, reader};
        uintptr_t snapshot = atomic_load_explicit(&cell->published, memory_order_relaxed);
        if (snapshot == 0) {
            // A release store, as every store to a slot: a scan that reads it sees what this thread did before.
            atomic_store_explicit(entry.slot, 0, memory_order_release);
            return entry;
        }
        // A release store: a writer that sees this value knows every earlier store of this thread is visible.
        atomic_store_explicit(entry.slot, snapshot, memory_order_release);
        // Writers issue `membarrier` between unpublishing a snapshot and scanning the slots (see HookKit's
        // `_SnapshotReclamation`): a compiler fence is enough here.
        atomic_signal_fence(memory_order_seq_cst);
        // The limit again, after the slot store in the instruction stream: a writer that found this thread switched
        // out before this load, and asked it to fence for itself, no longer confirms it, so the call must not go on
        // with the light fence (the thread sees the limit of 0 when it runs again). Interrupted after this load, the
        // thread had made its slot store, which leaving its CPU made visible.
        uintptr_t limit = atomic_load_explicit(&reader->inline_depth_limit, memory_order_relaxed);
        atomic_signal_fence(memory_order_seq_cst);
        if (__builtin_expect(limit != 0, 1)
            && __builtin_expect(atomic_load_explicit(&cell->published, memory_order_acquire) == snapshot, 1)) {
            atomic_store_explicit(&reader->depth, depth + 1, memory_order_relaxed);
            entry.snapshot = snapshot;
            return entry;
        }
        // A writer published between the two loads, or asked this thread to fence for itself (both rare): the slot
        // held a snapshot for a moment that this call does not confirm with a full fence.
        retrying = true;
    }
    // The depth is the thread's (0 on the shared sentinel, as on a record just claimed); the record may be new.
    hk_slow_entry slow = hk_reader_enter_slow(cell, retrying);
    return (hk_entry){slow.snapshot, slow.slot, depth, hk_current_reader};
}

/// Ends the hooked call that `hk_reader_enter` started on `cell`; returns true when the snapshot it used has been
/// replaced and waits in the retired list, so that the caller helps free it (HookKit's
/// `_SnapshotReclamation.help()`).
///
/// Writes only the calling thread's record; reads its `attention`, which writers set only when they publish.
static inline bool hk_reader_exit(hk_point_cell *cell, hk_entry entry) {
    hk_reader *reader = entry.reader;
    atomic_store_explicit(entry.slot, 0, memory_order_release);
    atomic_store_explicit(&reader->depth, entry.depth, memory_order_relaxed);
    atomic_signal_fence(memory_order_seq_cst);
    if (__builtin_expect(atomic_load_explicit(&reader->attention, memory_order_relaxed) != 0, 0)) {
        return hk_reader_exit_slow(reader, cell, entry.snapshot);
    }
    return false;
}

/// One stripe of an async snapshot's holds: a count on a 128-byte block of its own, so that threads counting in
/// different stripes write no common cache line (nor an adjacent-line pair).
typedef struct hk_async_stripe {
    /// Holds taken in this stripe minus holds ended in it (negative when a call ended on another stripe's thread than
    /// the one it started on).
    _Atomic(intptr_t) count;
    char padding[128 - sizeof(intptr_t)];
} hk_async_stripe;

/// The number of stripes of every async snapshot's holds, minus one (a power of two minus one); set by the first
/// `hk_async_holds_create`, constant after.
extern uintptr_t hk_async_stripe_mask;

/// Allocates the holds of an async snapshot: zeroed stripes, one per record number modulo their count (twice the
/// number of online CPUs rounded up to a power of two, at least 4 and at most 64).
hk_async_stripe *hk_async_holds_create(void);

/// Frees holds made by `hk_async_holds_create`.
void hk_async_holds_destroy(hk_async_stripe *holds);

/// Counts one hold of the snapshot that owns `holds`, in the calling thread's stripe. Only between `hk_reader_enter`
/// and `hk_reader_exit` that protect that snapshot: the slot keeps it alive until the count does, and the slot's
/// release store when the call leaves it orders the count before it for writers.
static inline void hk_async_hold(hk_async_stripe *holds) {
    hk_reader *reader = hk_current_reader;
    atomic_fetch_add_explicit(&holds[reader->number & hk_async_stripe_mask].count, 1, memory_order_relaxed);
}

/// Ends one hold of `snapshot`, which `cell` published when it was taken, on any thread; `holds` must not be used
/// after. Returns true when `snapshot` has been replaced and retired snapshots wait, so that the caller helps free
/// them (HookKit's `_SnapshotReclamation.help()`): the scan that kept `snapshot` may have counted this hold.
bool hk_async_release(hk_async_stripe *holds, hk_point_cell *cell, uintptr_t snapshot);

/// Whether any async call holds the snapshot that owns `holds`; for writers scanning a snapshot that is no longer
/// published, after collecting the hazard slots (a call leaves its slot only after counting its hold).
bool hk_async_holds_held(const hk_async_stripe *holds);

/// Announces (or withdraws) retired snapshots that calls in progress still use. Announcing also sets every
/// record's `attention`, so that each thread's next call to end checks whether it used one of them.
void hk_set_retired_snapshots_pending(bool pending);

/// Announces retired snapshots that calls in progress still use, and sets the `attention` of only those records whose
/// slots hold `snapshot`: for a writer whose freshness check confirmed every thread before the scan that kept
/// `snapshot`, so that no other thread can come to use it. The other threads' calls keep leaving inline.
void hk_announce_to_holders(uintptr_t snapshot);

/// Called after `hk_set_retired_snapshots_pending(true)` or `hk_announce_to_holders(snapshot)`, when `snapshot` was
/// retired and a call still uses it: whether every other thread whose slots hold it has not run since a writer found
/// it switched out (Linux: its CPU-time clock still reads what it read then; a thread preempted or blocked in the
/// middle of a hooked call). Such a thread reads its `attention`, which this orders before the clock reads with a full
/// fence, only once it runs again, so it is sure to see it when its call ends, as the heavy fence would have made
/// sure; false means the caller must issue `hk_heavy_fence`. At most 16 such threads are looked at.
bool hk_holders_stayed_switched_out(uintptr_t snapshot);

/// Sets what a thread runs when it must help free retired snapshots outside a call's exit (HookKit's `help()`): from
/// its thread-exit destructor, when it ended inside a hooked call, and when a call's retry found nothing published
/// any more (the call then has no exit), as the call's exit would have.
void hk_set_exit_helper(void (*helper)(void));

/// For tests only: sets a function that the out-of-line entry of a hooked call runs once, on the calling thread,
/// between its slot store and its second load of the published word, where a publication makes the call retry
/// (NULL to remove it). One relaxed load per out-of-line entry when none is set; inline entries never look.
void hk_set_test_probe_between_loads(void (*probe)(void));

/// For tests: a function that the next out-of-line entry runs once between its first load of the word and its first
/// slot store (a thread preempted there), or NULL.
void hk_set_test_probe_before_slot_store(void (*probe)(void));

/// Makes every other thread's earlier slot stores visible to the caller's next loads: `membarrier` on Linux, a
/// full fence where threads fence for themselves.
void hk_heavy_fence(void);

/// Marks the calling thread as inside a writer's pass, where it makes no hooked call until `hk_writer_end`: a thread
/// so marked shows every earlier store (see `hk_await_fresh_readers`). Both fence fully; writers only.
void hk_writer_begin(void);

/// Ends the mark of `hk_writer_begin`; the thread's next load of a published snapshot comes after it.
void hk_writer_end(void);

/// Waits until every other thread's record is known to show its current stores, for as long as `hk_heavy_fence` has
/// been costing its callers (a moving average), but at least 2 µs and at most 100 µs: it holds, in some slot, the
/// snapshot `cell` publishes now (published after the snapshot just replaced, so every store the thread made before
/// loading it is visible), it is inside a writer's pass, or (Linux) the thread is not running: its CPU-time clock
/// stands still, so it was switched out, and the kernel's switch made its stores visible. A thread that shows nothing
/// for as long as a look costs (two reads of a clock, measured at start-up; 200 ns to 2 µs) is looked at (its clock is
/// read), and again when the wait is over (once, when the wait is no longer than that delay). The delay is measured on
/// the writer's own clock: another thread's may cost more to read, which makes the wait shorter than the rule asks,
/// never longer. A thread found not running is asked to fence for itself; while its request stays marked, it needs no
/// look at all (see `fence_request`). Returns false for a thread still running and unconfirmed then, or when more than
/// 16 threads would need a look; the caller then issues `hk_heavy_fence`. Cheap when other threads call the same point,
/// publish, or wait, at the same time.
bool hk_await_fresh_readers(hk_point_cell *cell);

/// Copies every non-zero hazard slot of every record into `buffer` (up to `capacity`); returns how many there are.
size_t hk_collect_hazards(uintptr_t *buffer, size_t capacity);

/// How many heavy fences writers have issued (for tests).
uint64_t hk_heavy_fence_count(void);

/// How many threads writers have confirmed by their standing CPU-time clocks (for tests).
uint64_t hk_clock_confirmation_count(void);

/// Whether the native Swift object at `object` has begun deinitializing (its strong reference count reached zero), read
/// without retaining it. `object` must be a native Swift object whose memory the caller keeps allocated (an `unowned`
/// reference does): HookKit asks it of every hooked object at every change of a point, where loading a weak reference
/// instead (a retain and a release through the object's side table) cost about 300 instructions per object. Swift has
/// no way to ask this without the runtime's entry point.
bool hk_object_is_deinitializing(const void *object);

/// Whether calls rely on writers' heavy fences (`membarrier`, Linux), rather than each issuing full fences of its own
/// (the portable path, also taken on Linux when the environment sets `HOOKKIT_PORTABLE_FENCES=1`; for tests).
bool hk_uses_asymmetric_fences(void);

/// Whether writers confirm threads that are not running by their CPU-time clocks (Linux with `membarrier`; for
/// tests).
bool hk_confirms_by_cpu_clock(void);

/// Lets the calling thread run on CPU `cpu` only, or on every CPU when `cpu` is negative; false where threads
/// cannot be pinned (off Linux; for tests).
bool hk_pin_current_thread(int cpu);

/// The number of reader records, claimed or free (for tests).
size_t hk_reader_record_count(void);

/// The number of records claimed by live threads (for tests).
size_t hk_reader_claimed_count(void);

/// Whether a writer has asked the calling thread to fence for itself and marked the request, and the thread has not
/// withdrawn it (for tests; see `fence_request`).
bool hk_current_thread_fences_for_itself(void);

/// For tests: sets a function that the next writer to ask a switched-out thread to fence for itself runs once,
/// between its last look at the thread's clock and its mark; NULL removes it.
void hk_set_test_probe_before_mark(void (*probe)(void));

#ifdef __cplusplus
}
#endif

#endif
