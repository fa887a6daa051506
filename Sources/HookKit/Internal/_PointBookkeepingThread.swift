import _HookKitRuntime

/// The calling thread's identity for a point's writer bookkeeping (``_PointBookkeeping/providerThreads``).
enum _PointBookkeepingThread {
    /// An identity that no other living thread has (the address of the thread's own thread-local variable; reused
    /// only once the thread has exited).
    ///
    /// Not the thread's reader record, which registering would then claim: a record that a thread claims stays
    /// claimed until the thread exits, and every writer's pass must confirm each claimed record's thread, so a
    /// thread that registered hooks once and then waits (a main thread, a set-up thread) would cost every later
    /// publication of every point a look at its CPU-time clock.
    static var current: UInt {
        UInt(hk_current_thread_identity())
    }
}
