import Synchronization
import _HookKitRuntime

/// Frees the snapshots that writers replace, once no call can still use them, without ever making a call wait or
/// write memory that another thread writes.
///
/// ## The problem
///
/// A point publishes its hooks as an immutable snapshot behind one word. A call loads the word and runs the
/// snapshot's chains; a writer (registration, cancellation, a global switch) publishes a new snapshot and must free
/// the old one, but only after every call that loaded it has finished. The first engine counted calls in the word
/// (one `fetch_add` and one `fetch_sub` per call): correct, but every call wrote a cache line that every other
/// thread writes too, and two threads together made 0.22× the calls of one.
///
/// ## The algorithm: hazard slots with asymmetric fences
///
/// Each thread owns a *reader record* (`hk_reader` in `_HookKitRuntime`, reached through `_Thread_local` in two
/// instructions): one hazard slot per nesting depth, a depth counter, and an `attention` byte, on cache lines of its
/// own. Until its first hooked call a thread points at a shared sentinel record whose depth limit of 0 sends the call
/// out of line, where it claims a record (or reuses one a dead thread gave back).
///
/// - **A call** (`hk_reader_enter`, `hk_reader_exit`):
///   1. loads the published address `P`, stores `P` into its slot at the current depth (a release store), issues the
///      *light fence*, checks its record's limit again (a writer may have set it to 0 meanwhile: see *fencing for
///      itself* below), and loads the word again; if the word changed (a writer published meanwhile, so this is
///      rare) or the limit is 0, it retries out of line, with a full fence, else `P` is protected and the depth goes
///      up. A retry marks the
///      thread: its slot held `P` for a moment, which the writer's scan may have seen and kept `P` for, and the call
///      will leave another snapshot than `P` (or none at all);
///   2. runs `P`'s chain;
///   3. stores 0 into its slot (a release store), stores back the depth it found (a value it holds, so that no load
///      waits for the store of step 1), issues the light fence, and loads its own
///      `attention`. Only when a writer set it does the call go out of line: the thread's outermost call to end
///      withdraws the request, and the call calls ``help()`` if retired snapshots wait and (for an inner call) `P`
///      is no longer published or a retry marked the thread (step 1).
///
///   Stores go only to the calling thread's own record; the only load outside it is the published word, which
///   changes only when a writer publishes. While hooks do not change, calls on different cores share nothing.
///
/// - **A writer** replaces the word (an `exchange`), then calls ``retire(_:holds:from:)``, which:
///   1. marks its own record as inside a writer's pass (`hk_writer_begin`, a sequentially consistent store: the
///      thread makes no hooked call until the mark is withdrawn, and its earlier stores come before the mark);
///   2. waits for every other thread to *show its stores* (`hk_await_fresh_readers`), at most as long as a heavy
///      fence has been costing it (measured, a moving average; at least 2 µs, at most 100 µs: waiting up to the
///      fence's price and then paying it never costs more than twice the better of the two, chosen in hindsight): a
///      slot that holds the snapshot just published (the thread loaded it after the exchange, so every store it made
///      before is visible to the writer's acquire load), the writer mark of a thread inside its own pass, or, on
///      Linux, a thread that is *not running*: one that has shown nothing for as long as such a look costs
///      (measured at start-up, 200 ns to 2 µs) has its CPU-time clock read twice, and a clock that stands still
///      means the thread was switched out (idle, blocked or preempted), which made every store it made visible (see
///      `reader_switched_out` in `_HookKitRuntime`). A thread found switched out is also asked to *fence for itself*
///      (`fence_request` in `_HookKitRuntime`): the writer sets its limit to 0 (every call it starts goes out of line
///      and issues a full fence) and its `attention` (its outermost call to end withdraws the request), fences, and
///      reads its clock once more. If the thread has not run since, it sees both when it runs again, and the writer
///      marks the request, by a compare-and-swap that fails if the thread withdrew it meanwhile (a mark on a record
///      whose thread exited is withdrawn by the next thread that claims it). While the mark stands, publications
///      confirm the thread without a look: a thread that waits, or is preempted through a burst of changes, costs one
///      or two looks, not one per publication;
///   3. under ``lock``, adds the old snapshot to ``retired``. If step 2 confirmed every thread, it scans (step 4)
///      at once and, when the scan frees the snapshot, is done without writing to any other thread's record.
///      Otherwise, or when a call still uses the snapshot, it sets the pending flag and `attention` and issues the
///      *heavy fence*. After an exact scan (every thread confirmed) only the records whose slots hold the snapshot
///      get `attention` (`hk_announce_to_holders`): no other thread can come to use it, so their calls keep leaving
///      inline instead of helping for a snapshot they never held; otherwise every record gets it. The fence is
///      skipped when every thread confirmed and each thread whose call still uses the snapshot is switched out and
///      has not run since step 2 (`hk_holders_stayed_switched_out`: its CPU-time clock still reads what it read
///      then, after a full fence of the writer's own that makes the `attention` stores
///      visible to every thread): such a thread reads its `attention` only once it runs again, after the full barrier
///      the kernel executes when it switches a thread in, so it sees it, which is all the heavy fence is for. That is
///      the case of a call preempted, or blocked, inside its hooks. (The argument leans on that kernel barrier; were
///      it missing, the snapshot would be kept until a later scan, never freed while in use: the scan is exact.);
///   4. reads every slot of every record, frees each retired snapshot that no slot holds, and keeps the others (a
///      kept snapshot's users are sure to see `attention` when they leave: it was set before the fence, or before
///      their thread ran again);
///   5. clears the pending flag if nothing is kept, and withdraws its mark (followed by a full fence).
///
///   The snapshots are released after the lock is dropped: releasing one releases hook closures, and their captures'
///   `deinit` is user code, which may register hooks itself.
///
/// - **A call that used a retired snapshot** helps (``help()``): if the lock is free it runs step 4's scan again
///   (no fence is needed for snapshots that were already retired, see below), else it leaves a request that the
///   holder of the lock serves before it returns. A help costs a few hundred instructions and happens only when a
///   writer asked for attention, so a call blocked in a hook never makes other threads' calls help over and over;
///   and it is what empties the retired list once the calls that used its snapshots return.
///
/// - **An async call** cannot keep a slot across its suspensions: it holds the slot only while it counts a *hold* in
///   the snapshot's per-thread stripes, and ends the hold when it returns, on whatever thread it resumed
///   (``_SnapshotLease`` has the algorithm and its proof). Step 4 keeps an async point's retired snapshot while a
///   slot holds it *or* its stripes add up to more than 0, read after the slots; an ending hold whose snapshot was
///   replaced while snapshots wait helps, as a call leaving a retired snapshot does.
///
/// The **light fence** is a compiler-only fence (`atomic_signal_fence`) when the heavy fence is
/// `membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED)` (Linux): the kernel makes every running thread of the process execute
/// a full memory barrier before the call returns, so the writer pays for the ordering each call would otherwise pay.
/// Where `membarrier` is unavailable (Apple platforms, kernels older than 4.14, sandboxes that filter the system call),
/// every call goes out of line and issues full fences (`atomic_thread_fence(seq_cst)`), and the heavy fence is a full
/// fence too: slower per call, but still free of shared writes. Such a thread's `attention` stays set, so each call
/// leaves out of line, and helps only if the snapshot it used was replaced or a retry marked its thread (a call blocked
/// while it holds a replaced snapshot does not make the other calls help). `HOOKKIT_PORTABLE_FENCES=1` in the
/// environment selects that path on Linux, where CI tests it (``usesAsymmetricFences`` says which is taken). Under
/// valgrind, which runs one thread at a time with a full barrier at every switch, the light fence suffices and the
/// heavy one is skipped, so that callgrind counts the same call path as a native run.
///
/// ## Why a snapshot is never freed while a call uses it
///
/// A call dereferences `P` only after its second load saw `P` still published, which happened after its slot store
/// and the light fence. The writer removed `P` from the word before its scan, and either issued the heavy fence in
/// between or saw every thread show its stores:
///
/// - With the heavy fence, the pair of fences orders the two threads' store-then-load sequences (Dekker's pattern):
///   either the call's slot store is visible to the scan, so `P` is kept, or the call's second load comes after the
///   exchange and sees the new address, so the call never uses `P`.
/// - With a thread's slot showing the new snapshot, that thread loaded the new address; by read-read coherence, any
///   of its calls that loaded `P` did so earlier, and stored `P` in its slot earlier still, so the release store of
///   the new address, read with an acquire load, made that slot store visible to the scan. With a thread's writer
///   mark, the thread stored everything before the mark, starts no call until it withdraws the mark, and after it
///   fences before loading any published address, so it sees the new one.
/// - With a thread found switched out after the exchange, the kernel published every store the thread made before
///   it left its CPU (a release store of the task's `on_cpu`, or the run-queue lock), and the writer's read of its
///   clock observed that, followed by a full fence: the scan sees its slots as they are. A call of that thread that
///   loaded `P` stored `P` in its slot before, so `P` is kept; a call that loads the word after the thread runs
///   again sees the new address.
/// - With a thread whose request to fence for itself is marked (read after the exchange): every call it started after
///   it saw the request fences fully between its slot store and its second load, so Dekker's pattern holds with the
///   writer's exchange and scan, as with the heavy fence. A call that had passed its first limit check when the thread
///   left its CPU either had made its slot store by then (leaving the CPU made it visible, before the confirmation that
///   preceded the mark) or checks the limit again after that store, sees 0 and retries with a full fence. The thread
///   sees the request when it runs again because the writer stored it, fenced, and then found the thread not running:
///   this rests on the kernel ordering a thread's switch-in (which the lockless read of its clock observes) before the
///   thread's first load in user mode, as the confirmation by clocks already does for a thread that is just being
///   switched in. No interface documents that order: a barrier between the two is likely on every kernel path that
///   switches a thread in, but not promised, which makes it part of the safety argument here where for the confirmation
///   of a thread that stays out it is not. The thread withdraws by a compare-and-swap on the request, a full fence,
///   before it loads any word again: a writer that still sees the mark after its exchange knows that the thread's next
///   calls load the new address or a newer one.
///
/// Once `P` is out of the word and that step has passed, no call can *start* using it, so later scans of a kept
/// snapshot (by the writer or by helping calls) need no fence: its set of users only shrinks, and a user's slot is
/// cleared with a release store that the scanning thread reads with an acquire load.
///
/// A kept snapshot is never forgotten: its users' slot stores were visible to the fenced scan; each user, on
/// leaving, clears its slot and then reads its `attention`, which the writer set before the fence, so the same
/// pairing of fences guarantees that a user whose clear the scan missed takes the out-of-line exit and helps. Only a
/// thread's outermost call withdraws the request, when it holds nothing any more. Whoever scans after the last user
/// left frees the snapshot.
///
/// A call that retried is such a user too, although it never used `P`: the scan may have seen `P` in its slot,
/// before the retry overwrote it. The retry's overwrite takes the place of the clear, and is followed by a full fence
/// on every path (a writer that skipped the heavy fence because the holders it saw stayed switched out may see `P`
/// in this slot after it looked at their clocks): the thread reads its `attention` after that fence, and the mark
/// makes its next out-of-line exit (this call's, or an inner call's) help. A writer that asked only the holders its
/// exact scan saw (`hk_announce_to_holders`) has not set this thread's `attention` if it confirmed the thread while
/// it was switched out between its load of the word and its slot store; so after that fence the retry also loads the
/// pending flag, which such a writer stored before its own fence, and sets its own `attention` when it is set. When
/// the retry finds nothing published, the call will not leave at all (it runs the plain body), so after the fence it
/// loads the pending flag and helps at once.
///
/// ## What waits for what
///
/// Calls never wait: they never take the lock (helping uses `tryLock`) and retry only when a writer published
/// between their two loads. A writer waits for the lock (held for a scan, never while user code runs), for the
/// freshness check (no longer than a heavy fence costs), and for the heavy fence, never for calls: a call that blocks
/// inside a hook keeps only the snapshot in its own slot alive, and an async call suspended for as long as it likes
/// keeps only the snapshot it holds. The retired list therefore never holds more snapshots than there are hooked
/// calls in progress (one per occupied slot or hold), and is empty once those calls return. Registering
/// from inside a hook works: the writer scans its own thread's slots too, and the snapshot its caller runs is freed
/// when that call returns.
///
/// ## Costs
///
/// - Call: two loads and a compare to enter, a store and a load to leave, two stores for the depth, a load of the
///   thread's own `attention`; no atomic read-modify-write, no shared write. An async call adds an atomic increment
///   of its thread's stripe, and when it returns an atomic decrement of its new thread's stripe (a full barrier),
///   a load of the pending flag and, when it is set, of the point's word.
/// - Publication: the freshness check (a scan of every record while other threads run; immediate when they call the
///   same point; two `clock_gettime` system calls, 0.45–1 µs each on these virtual machines, for each thread that shows
///   nothing for as long as those two cost (one for a thread confirmed so before that has not run since, and one more
///   to ask it to fence for itself, after which it costs none until it runs again), 16 at most per publication; a wait
///   of up to one fence's cost for a running thread that shows nothing, such as one that is in a system call between
///   two hooked calls), a scan of every slot (16 per record, and 16 more for each block that a record's deepest nesting
///   ever added: the blocks are kept with the record), and `membarrier` only when some thread could not be confirmed,
///   i.e. it kept running code that makes no hooked call, or a call still uses the replaced snapshot, or the
///   publication *unpublishes* the point (its last hook cancelled, or hooks switched off): no slot can show an empty
///   word, and `membarrier` costs about 0.15 µs with no other thread running, less than reading one idle thread's
///   clock, while each running thread would need it anyway (10–45 µs on these machines while other threads run, whom it
///   interrupts).
/// - Threads: a record per thread that ever called a hooked method, reused by later threads once its thread exits
///   (a `pthread_key` destructor releases it), so a process that starts thousands of short-lived threads keeps only as
///   many records as it had threads at once. A thread that ends inside a hooked call (a hook that calls
///   `pthread_exit`) never reaches the call's exit: the destructor clears its slots, fences, and helps if snapshots
///   wait, as that exit would have. (What the thread's Swift frames retained is lost with them: `pthread_exit`
///   unwinds them without releasing. Optimized, the call path retains nothing; unoptimized, a snapshot the call held
///   leaves the retired list but is never deallocated.)
@usableFromInline
final class _SnapshotReclamation: @unchecked Sendable {
    /// The process-wide reclamation domain: every point retires into it.
    static let shared = _SnapshotReclamation()

    /// Held by a pass; calls only ever try it.
    private let lock = _Lock()
    /// Replaced snapshots still used by a call (owned references: each was published with `passRetained`).
    ///
    /// Guarded by `lock` (which keeps accesses apart: no dynamic exclusivity check).
    @exclusivity(unchecked) private var retired: [_RetiredSnapshot] = []
    /// Scratch space for the scan.
    ///
    /// Guarded by `lock` (no dynamic exclusivity check).
    @exclusivity(unchecked) private var hazards: [UInt] = Array(repeating: 0, count: 64)
    /// Set by a call that found the lock taken; the holder serves it before it returns.
    private let rescanRequested = Atomic<Bool>(false)
    /// How many times calls have helped (for tests).
    let helpCount = Atomic<Int>(0)

    private init() {
        // A thread that ends inside a hooked call never leaves it: its thread-exit destructor clears its slots and
        // helps instead, as the call would have.
        hk_set_exit_helper { _SnapshotReclamation.help() }
    }

    /// Takes ownership of a snapshot that `cell` no longer publishes (its publication's retain): frees it now if no
    /// call uses it, or hands it to the calls that do.
    ///
    /// - Parameter holds: The holds of async calls on the snapshot (see ``_SnapshotLease``), or `nil` for a
    ///   synchronous point's snapshot.
    func retire(
        _ snapshot: UnsafeMutableRawPointer, holds: UnsafeMutablePointer<hk_async_stripe>?,
        from cell: UnsafeMutablePointer<hk_point_cell>
    ) {
        hk_writer_begin()
        let fresh = hk_await_fresh_readers(cell)
        let freed = lock.withLock {
            retired.append(_RetiredSnapshot(address: snapshot, holds: holds))
            var freed = _FreedSnapshots()
            if fresh {
                // Every thread showed its stores: the scan is exact without a fence, and when it frees the snapshot,
                // no thread needs to be told anything (their records are left alone).
                scan(into: &freed)
                if !retired.contains(where: { $0.address == snapshot }) { return freed }
            }
            // Not every thread showed its stores, or a call still uses the snapshot: ask for attention, so that calls
            // that leave after the fence below see it, then scan with every slot store visible. When every thread
            // showed its stores, only the threads that hold the snapshot can still use it: only they are asked, and
            // the calls of the others keep leaving inline.
            if fresh {
                hk_announce_to_holders(UInt(bitPattern: snapshot))
            } else {
                hk_set_retired_snapshots_pending(true)
            }
            // When every thread showed its stores, and each thread whose call still uses the snapshot is switched out
            // (preempted or blocked inside the call) and has not run since it was confirmed, that thread reads the
            // request only after it runs again: no fence is needed to make sure it sees it.
            if !fresh || !hk_holders_stayed_switched_out(UInt(bitPattern: snapshot)) {
                hk_heavy_fence()
            }
            scan(into: &freed)
            return freed
        }
        hk_writer_end()
        freed.release()
        serveRequests()  // requests made while this pass held the lock
    }

    /// Frees what calls that have returned no longer protect; called by a call that found retired snapshots pending.
    @usableFromInline
    static func help() {
        shared.helpCount.add(1, ordering: .relaxed)
        shared.rescanRequested.store(true, ordering: .releasing)
        shared.serveRequests()
    }

    /// The number of retired snapshots still waiting for calls (for tests).
    ///
    /// Holding the lock to count, it serves the requests of calls that found it taken meanwhile, as every holder
    /// does, and counts again if that freed something.
    var retiredCount: Int {
        var count: Int
        repeat {
            count = lock.withLock { retired.count }
        } while serveRequests()
        return count
    }

    /// How many heavy fences writers have issued in this process (for tests).
    static var heavyFenceCount: UInt64 { hk_heavy_fence_count() }

    /// How many threads writers have confirmed by their standing CPU-time clocks in this process (for tests).
    static var clockConfirmationCount: UInt64 { hk_clock_confirmation_count() }

    /// Whether calls rely on writers' `membarrier` instead of fencing for themselves (Linux, unless the environment
    /// sets `HOOKKIT_PORTABLE_FENCES=1`; for tests).
    static var usesAsymmetricFences: Bool { hk_uses_asymmetric_fences() }

    /// Whether writers confirm threads that are not running by their CPU-time clocks (Linux; for tests).
    static var confirmsByCPUClock: Bool { hk_confirms_by_cpu_clock() }

    /// Lets the calling thread run on CPU `cpu` only, or on every CPU when `cpu` is `nil`; false where threads cannot
    /// be pinned (off Linux; for tests).
    static func pinCurrentThread(toCPU cpu: Int?) -> Bool { hk_pin_current_thread(Int32(cpu ?? -1)) }

    /// Sets a function that the next out-of-line entry of a hooked call, on any thread, runs once between its slot
    /// store and its second load of the published word, where a writer's publication makes the call retry; `nil`
    /// removes it (for tests).
    static func setProbeBetweenLoads(_ probe: (@convention(c) () -> Void)?) {
        hk_set_test_probe_between_loads(probe)
    }

    /// Sets a function that the next out-of-line entry runs once between its first load of the word and its first
    /// slot store; `nil` removes it (for tests).
    static func setProbeBeforeSlotStore(_ probe: (@convention(c) () -> Void)?) {
        hk_set_test_probe_before_slot_store(probe)
    }

    /// Sets a function that the next writer to ask a switched-out thread to fence for itself runs once, between its
    /// last look at the thread's clock and its mark; `nil` removes it (for tests).
    static func setProbeBeforeMark(_ probe: (@convention(c) () -> Void)?) {
        hk_set_test_probe_before_mark(probe)
    }

    /// The number of hazard slots that hold a snapshot now, on every thread (for tests).
    static var occupiedHazardSlotCount: Int { hk_collect_hazards(nil, 0) }

    /// The number of reader records, claimed or free (for tests).
    static var readerRecordCount: Int { hk_reader_record_count() }

    /// The number of reader records claimed by live threads (for tests).
    static var claimedReaderRecordCount: Int { hk_reader_claimed_count() }

    /// Whether the calling thread has claimed a reader record (it has made a hooked call; for tests).
    static var currentThreadHasReaderRecord: Bool { hk_reader_is_attached(hk_reader_peek()) }

    /// Whether a writer has asked the calling thread to fence for itself in every hooked call it starts (and marked
    /// the request), and the thread has not withdrawn it yet (for tests).
    static var currentThreadFencesForItself: Bool { hk_current_thread_fences_for_itself() }

    /// Scans while scans are requested and the lock is free; leaves the requests to the holder otherwise.
    ///
    /// - Returns: Whether it scanned.
    @discardableResult
    private func serveRequests() -> Bool {
        var scanned = false
        while true {
            // Between this thread's last store (a request, or the unlock that ended its pass, this one's too) and its
            // loads below (the request, or the lock word in `tryLock`): a helper whose `tryLock` fails and a holder
            // that unlocks cannot both miss the other's store, so a request is never left unserved.
            atomicMemoryFence(ordering: .sequentiallyConsistent)
            guard rescanRequested.load(ordering: .acquiring) else { return scanned }
            let freed: _FreedSnapshots? = lock.withLockIfAvailable {
                var freed = _FreedSnapshots()
                while rescanRequested.exchange(false, ordering: .acquiringAndReleasing) {
                    scan(into: &freed)
                }
                return freed
            }
            guard let freed else { return scanned }  // the holder serves the request after its own pass
            scanned = true
            freed.release()
        }
    }

    /// Moves the retired snapshots that no call uses (no slot holds them, no async call holds them) to `freed`;
    /// clears the pending flag when none is left.
    ///
    /// Called under `lock`, after every snapshot in `retired` was retired with the heavy fence or with every thread
    /// confirmed.
    private func scan(into freed: inout _FreedSnapshots) {
        guard !retired.isEmpty else { return }
        var count = 0
        while true {
            count = hazards.withUnsafeMutableBufferPointer { buffer in
                hk_collect_hazards(buffer.baseAddress, buffer.count)
            }
            if count <= hazards.count { break }
            hazards = Array(repeating: 0, count: count * 2)
        }
        let held = hazards[..<count]
        retired.removeAll { snapshot in
            if snapshot.isInUse(hazards: held) { return false }
            freed.append(snapshot.address)
            return true
        }
        if retired.isEmpty {
            hk_set_retired_snapshots_pending(false)
        }
    }
}
