/// One shard of a snapshot's hooked objects: an immutable open-addressing table from an object's address to its chain.
///
/// A snapshot's ``_ScopeIndex`` splits its hooked objects into shards by a hash of their address, so that a change to
/// one object's hooks rebuilds one shard and shares every other shard with the snapshot it replaces: hooking objects
/// one by one costs each change a share of the objects (about the square root of their number), not all of them.
///
/// Not generic: the writer builds tables in code that is not specialized for the point's types, where a generic class
/// would cost a look-up of its metadata at every use. Chains are kept as `AnyObject` and read back by address.
///
/// An address match is the object itself: each entry's ``_WeakObject`` keeps the object's memory (an `unowned`
/// reference) while the table exists. An object whose memory no `unowned` reference keeps (an Objective-C object on
/// Apple platforms) is keyed by its address with the low bit set, and matches only while its weak reference finds it.
@usableFromInline
final class _InstanceTable: @unchecked Sendable {
    /// The number of slots (a power of two, at least twice the number of objects).
    @usableFromInline let capacity: Int
    /// Hooked objects' addresses in open-addressing slots (0: empty), with the low bit set for objects whose identity a
    /// call confirms.
    @usableFromInline let keys: UnsafeMutablePointer<UInt>
    /// The address of the chain of the object in the same slot (kept alive by ``chainObjects``).
    @usableFromInline let chains: UnsafeMutablePointer<UnsafeMutableRawPointer>
    /// The holder of the object in the same slot, for the identity check of objects keyed with the low bit set.
    let holders: UnsafeMutablePointer<Unmanaged<_WeakObject>>
    /// Whether some object is keyed with the low bit set (never on Linux).
    @usableFromInline let checksIdentities: Bool
    /// Whether some object's chain has an override.
    let hasOverride: Bool
    /// The objects' holders and chains, in the order given, which own what the slots point to.
    let objects: [_WeakObject]
    let chainObjects: [AnyObject]

    /// Builds the table of `objects` (each with its chain, in the same order).
    ///
    /// - Parameter overrides: Whether some chain has an override.
    init(objects: [_WeakObject], chains chainObjects: [AnyObject], overrides: Bool) {
        self.objects = objects
        self.chainObjects = chainObjects
        self.hasOverride = overrides
        var capacity = 4
        while capacity < objects.count * 2 { capacity *= 2 }
        self.capacity = capacity
        keys = .allocate(capacity: capacity)
        keys.initialize(repeating: 0, count: capacity)
        chains = .allocate(capacity: capacity)
        holders = .allocate(capacity: capacity)
        var checksIdentities = false
        for position in 0..<objects.count {
            let object = objects[position]
            checksIdentities = checksIdentities || object.checksIdentity
            var index = Self.slot(of: object.address, mask: capacity - 1)
            while keys[index] != 0 { index = (index + 1) & (capacity - 1) }
            keys[index] = object.taggedAddress
            (chains + index).initialize(to: Unmanaged.passUnretained(chainObjects[position]).toOpaque())
            (holders + index).initialize(to: Unmanaged.passUnretained(object))
        }
        self.checksIdentities = checksIdentities
    }

    deinit {
        keys.deallocate()
        chains.deallocate()
        holders.deallocate()
    }

    /// The hash of an object's address: its high bits choose the shard (``shard(of:mask:)``), its middle bits the
    /// slot in the shard (``slot(of:mask:)``), so the two are independent.
    @inlinable @inline(__always)
    static func hash(of address: UInt) -> UInt64 {
        (UInt64(address) >> 4) &* 0x9E37_79B9_7F4A_7C15
    }

    /// The shard of an object's address, among `mask + 1` shards (a power of two).
    @inlinable @inline(__always)
    static func shard(of address: UInt, mask: Int) -> Int {
        Int(truncatingIfNeeded: hash(of: address) >> 40) & mask
    }

    /// The first slot to probe for an object's address, among `mask + 1` slots.
    @inlinable @inline(__always)
    static func slot(of address: UInt, mask: Int) -> Int {
        Int(truncatingIfNeeded: hash(of: address) >> 7) & mask
    }

    /// The address of the chain of the hooked object at `address`, if this table has one.
    @inlinable @inline(__always)
    func chain(at address: UInt) -> UnsafeMutableRawPointer? {
        if let index = slot(probingFrom: address, where: { key, _ in key == address }) {
            return chains[index]
        }
        return checksIdentities ? checkedChain(at: address) : nil
    }

    /// The chain of the living object at `address` among the objects keyed with the low bit set, whose memory may
    /// have been reused since they died: each matches only while it lives, so the probe goes on past a dead one (the
    /// object now at the address may have an entry too).
    @usableFromInline @inline(never)
    func checkedChain(at address: UInt) -> UnsafeMutableRawPointer? {
        let index = slot(probingFrom: address) { key, index in
            key == address | 1 && holders[index]._withUnsafeGuaranteedRef { $0.isAlive }
        }
        return index.map { chains[$0] }
    }

    /// The first slot whose key and index satisfy `matches`, probing from `address`'s first slot up to the first
    /// empty one; `nil` if none does.
    @inlinable @inline(__always)
    func slot(probingFrom address: UInt, where matches: (_ key: UInt, _ index: Int) -> Bool) -> Int? {
        let mask = capacity - 1
        var index = Self.slot(of: address, mask: mask)
        while true {
            let key = keys[index]
            if matches(key, index) { return index }
            if key == 0 { return nil }
            index = (index + 1) & mask
        }
    }
}
