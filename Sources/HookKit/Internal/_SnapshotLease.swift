import _HookKitRuntime

/// How an async call keeps its point's published snapshot alive across suspensions without a reference count that
/// every task calling the point writes: a *hold*, counted in the snapshot's per-thread stripes.
///
/// A synchronous call protects its snapshot with a hazard slot of its thread's reader record for exactly the call's
/// duration (see ``_SnapshotReclamation``). An async call cannot do that: it may suspend in a hook, an override or
/// the body, and resume on another thread. A slot held across the suspension would be released by the wrong thread
/// (the record's depth would go wrong on both), and while the call is suspended its first thread runs other tasks
/// whose calls would stack on top of the slot. A reference count in the snapshot (the first design: `swift_retain`
/// and `swift_release`) is one word that every task calling the point writes, which held two tasks to 0.8–1.1× the
/// calls of one.
///
/// ## The algorithm
///
/// Every ``_AsyncSnapshot`` has *holds*: a count per *stripe*, each on a 128-byte block of its own (twice as many
/// stripes as online CPUs, rounded up to a power of two, at least 4 and at most 64). A thread counts in the stripe of
/// its reader record's number modulo the stripe count (records are numbered as they are created, so a pool's
/// threads, created one after another, usually count in different stripes; threads share a stripe only when more
/// records than stripes exist).
///
/// - **Taking a hold** (``_AsyncHookPointStorage/_lease(_:)``, a synchronous function out of line): the call protects
///   the published snapshot exactly as a synchronous call does (`hk_reader_enter`), adds 1 to its thread's stripe
///   (`hk_async_hold`, a relaxed atomic increment of a line that other threads rarely write), and leaves the slot
///   (`hk_reader_exit`, a release store) before it runs anything that can suspend.
/// - **Ending it** (``end(_:cellAddress:snapshot:)``, on whatever thread the call finishes): subtracts 1 from that
///   thread's stripe (sequentially consistent; a stripe may go negative when calls move between threads), then reads
///   the process-wide pending flag and, only when it is set, the point's word: when snapshots wait in the retired
///   list and this call's snapshot is no longer published, the call asks for a scan (``_SnapshotReclamation/help()``,
///   which scans at once or leaves the request to the writer that holds the lock). It uses nothing of the snapshot
///   after the decrement.
/// - **A writer** frees a retired async snapshot only when no hazard slot holds it *and* its stripes add up to 0
///   (`hk_async_holds_held`, read after the slots).
///
/// ## Why a held snapshot is never freed
///
/// - A hold is counted while the slot still protects the snapshot, and every store to a slot is a release store.
///   A writer's scan that finds the slot cleared (acquire loads) therefore sees the count; one that finds the slot
///   still set keeps the snapshot anyway. A call that never held the snapshot in a slot visible to the scan never uses
///   it (the reader protocol's argument, see ``_SnapshotReclamation``).
/// - Every change of a stripe is an atomic read-modify-write, so a scan's acquire load of a stripe sees all of its
///   increments (they happened before the slots were read) and some of its decrements. The sum is therefore at least
///   the number of holds still running: it can count an ended hold as still held (the snapshot waits for a later
///   scan), never a held one as ended; and when it is 0, every decrement happened before the free.
///
/// ## Why the last hold is never forgotten
///
/// A writer that keeps a snapshot because of its holds stores the pending flag (sequentially consistent, under the
/// reclamation lock, after the word was exchanged) and scans again, reading the stripes after a sequentially
/// consistent fence. An ending hold decrements, then loads the flag and the word, all sequentially consistent. Either
/// that scan sees the decrement, or the ending call sees the flag, and with it the exchanged word (the flag was stored
/// after the exchange), and asks for a scan. The flag is cleared only under the lock, by a scan that left the retired
/// list empty. Earlier scans (the writer's first one, before the flag, and scans that calls ask for) can only keep a
/// snapshot longer, never free it early.
///
/// ## Costs
///
/// Taking a hold: the reader protocol (no shared write), one atomic increment of a line that only its thread writes
/// unless calls move between threads. Ending it: one atomic decrement (a full barrier) and a load of a flag that only
/// writers write. Memory: each snapshot of an async point carries its stripes, 128 bytes each (512 bytes on a 2-CPU
/// machine, 8 KiB at most), allocated and zeroed when it is published, and freed with it. The general path
/// (overrides, scoped hooks, async hooks, tracing) holds its snapshot the same way but also passes it around as a
/// strong reference, whose retains write the snapshot's reference count; only the simple path (every-receiver
/// synchronous hooks around the body) is free of that.
@usableFromInline
enum _SnapshotLease {
    /// Ends a hold taken by ``_AsyncHookPointStorage/_lease(_:)`` on the snapshot at `snapshot`, whose holds are
    /// `holds` and which the cell at `cellAddress` published; helps free retired snapshots when this hold may be the
    /// one a writer's scan was waiting for.
    ///
    /// Out of line and not generic: an async function must not reach thread-local storage itself, since the
    /// compiler may keep a thread-local address across a suspension, after which the function may run on another
    /// thread.
    @usableFromInline @inline(never)
    static func end(
        _ holds: UnsafeMutablePointer<hk_async_stripe>, cellAddress: UInt, snapshot: UnsafeMutableRawPointer
    ) {
        let cell = UnsafeMutablePointer<hk_point_cell>(bitPattern: cellAddress).unsafelyUnwrapped
        if _slowPath(hk_async_release(holds, cell, UInt(bitPattern: snapshot))) {
            _SnapshotReclamation.help()
        }
    }
}
