/// The snapshots one reclamation pass frees, released once the pass has dropped its lock.
///
/// A pass usually frees exactly one snapshot, the one its writer just replaced: that one is kept inline, so that the
/// common pass allocates nothing for the list; further ones go to an array.
struct _FreedSnapshots {
    /// The first snapshot freed, if any.
    private var first: UnsafeMutableRawPointer?
    /// The snapshots freed after the first.
    private var others: [UnsafeMutableRawPointer] = []

    /// Adds a snapshot that no call uses any more.
    mutating func append(_ snapshot: UnsafeMutableRawPointer) {
        if first == nil {
            first = snapshot
        } else {
            others.append(snapshot)
        }
    }

    /// Releases each snapshot's publication reference.
    ///
    /// Called outside the lock: releasing a snapshot releases hook closures, and their captures' `deinit` is user code.
    consuming func release() {
        if let first {
            Unmanaged<AnyObject>.fromOpaque(first).release()
        }
        for snapshot in others {
            Unmanaged<AnyObject>.fromOpaque(snapshot).release()
        }
    }
}
