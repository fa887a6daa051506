import _HookKitRuntime

/// The calling thread's identity for a point's writer bookkeeping (``_PointBookkeeping/providerThreads``).
enum _PointBookkeepingThread {
    /// The address of the calling thread's reader record, which no other living thread has (claimed on first use,
    /// and recycled only once the thread has exited).
    static var current: UInt {
        UInt(bitPattern: hk_reader_current())
    }
}
