import _HookKitRuntime

/// The per-thread stack of ``_InvocationFrame``s, whose top is kept in the thread's reader record
/// (`hk_reader.frame`, reached through `_Thread_local` in two instructions).
///
/// An override is built once, from its provider, with a fixed `original`. When the point's calls
/// pass their body to `invoke`, the innermost `original` must still call the body of the call in
/// progress, which differs from call to call (it may capture). Such a call publishes its body in a
/// frame on its own thread before it enters the override chain; the innermost `original` finds it
/// there. Traced calls push a frame too, for their recorder.
///
/// Calls of points that declare their body, and calls that run no override, push nothing.
@usableFromInline
enum _FrameStack {
    /// The nearest frame on the current thread pushed by `owner`, or `nil` if that point has no
    /// call with a frame in progress on this thread.
    ///
    /// - Parameter reachingBody: Whether to look only for a frame of a call whose body `original` reaches, skipping
    ///   the frames that only record (a traced call's hooks, and its body when no override runs).
    @inlinable
    static func frame(
        of owner: ObjectIdentifier, reachingBody: Bool = false
    ) -> UnsafeMutablePointer<_InvocationFrame>? {
        var frame = hk_reader_peek().pointee.frame?.assumingMemoryBound(to: _InvocationFrame.self)
        while let current = frame {
            if current.pointee.owner == owner && !(reachingBody && current.pointee.recordsOnly) { return current }
            frame = current.pointee.previous
        }
        return nil
    }
}
