import _HookKitRuntime

/// A snapshot that a writer replaced, waiting in ``_SnapshotReclamation``'s retired list until no call uses it.
struct _RetiredSnapshot {
    /// The snapshot, with the reference its publication held (the list owns it).
    let address: UnsafeMutableRawPointer
    /// The holds of async calls on it, for an async point's snapshot (see ``_SnapshotLease``); `nil` for a
    /// synchronous point's.
    let holds: UnsafeMutablePointer<hk_async_stripe>?

    /// Whether a call may still use the snapshot: a hazard slot in `hazards` holds it, or an async call holds it.
    ///
    /// Read after collecting `hazards`: an async call counts its hold before it leaves its slot.
    func isInUse(hazards: ArraySlice<UInt>) -> Bool {
        if hazards.contains(UInt(bitPattern: address)) { return true }
        guard let holds else { return false }
        return hk_async_holds_held(holds)
    }
}
