import _HookKitRuntime

/// Gives an async call a counted reference to its point's published snapshot, which stays valid across suspensions.
///
/// A synchronous call protects its snapshot with a hazard slot of its thread's reader record for exactly the call's
/// duration (see ``_SnapshotReclamation``). An async call cannot do that: it may suspend in a hook, an override or
/// the body, and resume on another thread. A slot held across the suspension would be released by the wrong thread
/// (the record's depth would go wrong on both), and while the call is suspended its first thread runs other tasks
/// whose calls would stack on top of the slot.
///
/// So an async call uses the slot only for the few instructions it takes to retain the snapshot: it protects the
/// published snapshot exactly as a synchronous call does (`hk_reader_enter`), takes a strong reference
/// (`swift_retain`), and leaves the slot (`hk_reader_exit`) before it runs anything that can suspend. From then on the
/// reference keeps the snapshot alive, wherever the task resumes; the call releases it when it returns. A writer that
/// retires the snapshot meanwhile releases only the publication's reference, so the call's reference frees it last.
///
/// Why this is safe: while the slot holds the snapshot, reclamation cannot free it (the argument of
/// ``_SnapshotReclamation``), so the retain happens on a live object, and from the retain on the reference count keeps
/// it alive.
///
/// What it costs: the synchronous reader protocol (no shared write) plus one atomic increment and, at the end of the
/// call, one atomic decrement of the snapshot's reference count. Unlike the rest of the call path, that is a write to
/// memory that every task calling the same point writes too. On one core it is small next to an async call's own
/// costs (a frame from the task allocator per call, and an executor switch whenever it crosses actors); across
/// cores it is not: two tasks awaiting one hooked method make 0.9–1.6× the calls of one (`concurrent-async-before-1`
/// in `hook-benchmarks`), where the same tasks on a point without hooks make 1.3–1.8× (`concurrent-async-unhooked`).
/// Removing it takes an async path that holds the snapshot without a shared reference count (per-thread split
/// counts, say) and reads the hooks without retaining them: not done yet. (Taking the lease without its retain, as an
/// experiment, did not help: the async functions still retain what they read from the snapshot.)
@usableFromInline
enum _SnapshotLease {
    /// The address of the snapshot `cellAddress` publishes, retained once for the caller, who must release it; `nil`
    /// when nothing is published.
    ///
    /// Out of line and not generic: the only place async calls touch the per-thread reader records.
    @usableFromInline
    static func acquire(_ cellAddress: UInt) -> UnsafeMutableRawPointer? {
        let cell = UnsafeMutablePointer<hk_point_cell>(bitPattern: cellAddress).unsafelyUnwrapped
        let entry = hk_reader_enter(cell)
        guard let snapshot = UnsafeMutableRawPointer(bitPattern: entry.snapshot) else {
            return nil  // nothing published: `hk_reader_enter` took no slot
        }
        _ = Unmanaged<AnyObject>.fromOpaque(snapshot).retain()
        if _slowPath(hk_reader_exit(cell, entry)) {
            _SnapshotReclamation.help()
        }
        return snapshot
    }
}
