/// The hooked objects of a point, laid out for the death check that every change of the point makes.
///
/// Each change asks every hooked object whether it died (the contract reclaims a dead object's hooks at the point's
/// next change). The objects' addresses sit in one contiguous array, so that the check reads the array, each object's
/// header and its side table, and no holder, dictionary bucket or reference count. Holders are unretained: the
/// object's level in ``_Levels/instances`` holds each one, and ``_Levels`` sets and removes both together.
struct _WatchedObjects {
    /// Each object's address, with the low bit set when only its weak reference tells whether it lives (see
    /// ``_WeakObject/checksIdentity``).
    private var addresses: [UInt] = []
    /// The holder of the object at the same position.
    private var holders: [Unmanaged<_WeakObject>] = []
    /// The position of each object in ``addresses`` and ``holders``.
    private var positions: [ObjectIdentifier: Int] = [:]

    /// Watches `holder`'s object (in place of what was watched for the same object), or stops watching `key` when
    /// `holder` is `nil`.
    mutating func set(_ key: ObjectIdentifier, to holder: _WeakObject?) {
        if let holder {
            let address = holder.taggedAddress
            if let position = positions[key] {
                addresses[position] = address
                holders[position] = Unmanaged.passUnretained(holder)
            } else {
                positions[key] = addresses.count
                addresses.append(address)
                holders.append(Unmanaged.passUnretained(holder))
            }
        } else if let position = positions.removeValue(forKey: key) {
            // Swap-remove: the last object takes the freed position.
            let last = addresses.count - 1
            if position != last {
                addresses[position] = addresses[last]
                holders[position] = holders[last]
                positions[holders[position]._withUnsafeGuaranteedRef { $0.identifier }] = position
            }
            addresses.removeLast()
            holders.removeLast()
        }
    }

    /// The holders of the objects that may have died: each native object already deinitializing (its reference count
    /// read where it lies, holding nothing), and every object whose liveness only its weak reference tells.
    var candidates: [_WeakObject] {
        var candidates: [_WeakObject] = []
        for position in 0..<addresses.count {
            let address = addresses[position]
            if address & 1 != 0 || _WeakObject.isDeinitializing(nativeObjectAt: address) {
                candidates.append(holders[position].takeUnretainedValue())
            }
        }
        return candidates
    }
}
