import _HookKitRuntime

/// How an async call keeps its point's published snapshot alive across suspensions without writing memory that other
/// threads' calls write: a *hold*, counted in the snapshot's per-thread stripes.
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
/// Every ``_AsyncSnapshot`` has *holds*: a count per *stripe*, each on a 128-byte block of its own (at least twice
/// as many stripes as online CPUs, 4 to 64). A thread counts in the stripe of its reader record's number (records are
/// numbered as they are created, so a pool's threads, created one after another, count in different stripes).
///
/// - **Taking a hold** (``_AsyncHookPointStorage/_lease(_:)``, a synchronous function out of line): the call protects
///   the published snapshot exactly as a synchronous call does (`hk_reader_enter`), adds 1 to its thread's stripe
///   (`hk_async_hold`, a relaxed atomic increment of a line that other threads rarely write), and leaves the slot
///   (`hk_reader_exit`) before it runs anything that can suspend.
/// - **Ending it** (``end(_:cellAddress:snapshot:)``, on whatever thread the call finishes): subtracts 1 from that
///   thread's stripe (sequentially consistent; a stripe may go negative), then reads the process-wide pending flag
///   and, only when it is set, the point's word: when snapshots wait in the retired list and this call's snapshot is
///   no longer published, the call helps (``_SnapshotReclamation/help()``). It uses nothing of the snapshot after
///   the decrement.
/// - **A writer** frees a retired async snapshot only when no hazard slot holds it *and* its stripes add up to 0
///   (`hk_async_holds_held`, read after the slots).
///
/// ## Why a held snapshot is never freed
///
/// - A hold is counted while the slot still protects the snapshot, and the slot is cleared with a release store
///   after the count. A writer's scan that finds the slot cleared (acquire loads) therefore sees the count; one that
///   finds the slot still set keeps the snapshot anyway. A call that never held the snapshot in a slot visible to
///   the scan never uses it (the reader protocol's argument, see ``_SnapshotReclamation``).
/// - Stripes are read one after another while calls move between threads, but each hold adds 1 before it subtracts
///   1 (the same call, in order), and its 1 is visible by the time the stripes are read: a sum can count an ended
///   hold as still held (the snapshot is kept for a later scan), never a held one as ended.
/// - Writers read the stripes after storing the pending flag and exchanging the word, then a sequentially
///   consistent fence; an ending hold decrements, then reads both with sequentially consistent loads. Either the
///   writer's sum sees the decrement, or the call sees the flag set and its snapshot replaced, and scans again
///   itself: the last hold of a retired snapshot to end frees it, or lets the next scan free it.
///
/// ## Costs
///
/// Taking a hold: the reader protocol (no shared write), one uncontended atomic increment. Ending it: one atomic
/// decrement and a load of a flag that only writers write. The general path (overrides, scoped hooks, async hooks,
/// tracing) holds its snapshot the same way but also passes it around as a strong reference, whose retains write
/// the snapshot's reference count; only the simple path (every-receiver synchronous hooks around the body) is free
/// of shared writes.
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
