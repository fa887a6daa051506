import Synchronization

/// The chains of a snapshot for scoped receivers, per hooked object and per scoped type, for any kind of chain.
///
/// Generic over the chain class, so that synchronous and async points share it. Built once per snapshot, read without
/// locks and without reference counting: keys are plain addresses and chains are unmanaged references kept alive by
/// the index.
///
/// - A call first looks the receiver's address up in an open-addressing table of hooked objects. An address match is
///   the object itself: the index keeps each object's ``_WeakObject``, whose `unowned` reference keeps the object's
///   memory from being reused by another object while the index exists. An object whose memory no `unowned`
///   reference keeps (an Objective-C object on Apple platforms, see ``_WeakObject``) is keyed by its address with the
///   low bit set, and matches only while its weak reference still finds it.
/// - Otherwise it looks the receiver's dynamic type up in a small direct-mapped cache; on a miss it walks the type up
///   its superclasses until it meets a scoped type, and caches the answer (a relaxed atomic store of one word: key and
///   answer together, so a reader never sees half).
/// - A receiver that matches nothing gets `nil`: the snapshot's every-receiver chain.
@usableFromInline
final class _ScopeIndex<Receiver, Chain: AnyObject>: @unchecked Sendable {
    /// One scoped type: the chain for receivers of exactly that type, and the chain for receivers of its subtypes
    /// that have no entry of their own.
    struct TypeEntry {
        let type: ObjectIdentifier
        let exact: Chain
        let inherited: Chain
    }

    /// One hooked object and its chain.
    struct InstanceEntry {
        let object: _WeakObject
        let chain: Chain
    }

    /// The number of scoped types.
    @usableFromInline let typeCount: Int
    /// Scoped types' metadata addresses.
    @usableFromInline let typeKeys: UnsafeMutablePointer<UInt>
    /// For scoped type `i`: its exact chain at `2i`, its inherited chain at `2i + 1`.
    @usableFromInline let typeChains: UnsafeMutablePointer<Unmanaged<Chain>>
    /// The number of instance slots (a power of two), or 0 when no object is hooked.
    @usableFromInline let instanceCapacity: Int
    /// Hooked objects' addresses in open-addressing slots (0: empty).
    @usableFromInline let instanceKeys: UnsafeMutablePointer<UInt>
    /// The chain of the object in the same slot.
    @usableFromInline let instanceChains: UnsafeMutablePointer<Unmanaged<Chain>>
    /// The object in the same slot, for the identity check of objects keyed with the low bit set.
    let instanceObjects: UnsafeMutablePointer<Unmanaged<_WeakObject>>
    /// Whether some object is keyed with the low bit set (never on Linux).
    @usableFromInline let checksIdentities: Bool
    /// Direct-mapped cache from a dynamic type to its answer: `address << 16 | answer`, where the answer is a
    /// ``typeChains`` index plus one, or ``noScopedType``.
    @usableFromInline let typeCache: UnsafeMutablePointer<Atomic<UInt64>>

    /// The entries, which own the chains (and the objects' memory) the unmanaged references point to.
    private let typeEntries: [TypeEntry]
    private let instanceEntries: [InstanceEntry]

    /// The number of slots of ``typeCache`` (a power of two).
    @usableFromInline static var typeCacheSize: Int { 8 }
    /// The cached answer for a type that matches no scoped type.
    @usableFromInline static var noScopedType: UInt64 { 0xFFFF }

    init(types: [TypeEntry], instances: [InstanceEntry]) {
        typeEntries = types
        instanceEntries = instances
        typeCount = types.count
        typeKeys = .allocate(capacity: types.count)
        typeChains = .allocate(capacity: 2 * types.count)
        // Index loops: in code that is not specialized for the point's types, a sequence's iterator costs look-ups
        // of its generic metadata.
        for index in 0..<types.count {
            let entry = types[index]
            (typeKeys + index).initialize(to: UInt(bitPattern: entry.type))
            (typeChains + 2 * index).initialize(to: Unmanaged.passUnretained(entry.exact))
            (typeChains + 2 * index + 1).initialize(to: Unmanaged.passUnretained(entry.inherited))
        }
        typeCache = .allocate(capacity: Self.typeCacheSize)
        for slot in 0..<Self.typeCacheSize {
            (typeCache + slot).initialize(to: Atomic(0))
        }
        var capacity = instances.isEmpty ? 0 : 4
        while capacity < instances.count * 2 { capacity *= 2 }
        instanceCapacity = capacity
        instanceKeys = .allocate(capacity: capacity)
        instanceKeys.initialize(repeating: 0, count: capacity)
        instanceChains = .allocate(capacity: capacity)
        instanceObjects = .allocate(capacity: capacity)
        var checksIdentities = false
        for position in 0..<instances.count {
            let entry = instances[position]
            checksIdentities = checksIdentities || entry.object.checksIdentity
            let address = UInt(bitPattern: entry.object.identifier)
            var index = Self.home(of: address, mask: capacity - 1)
            while instanceKeys[index] != 0 { index = (index + 1) & (capacity - 1) }
            // Objects are aligned: the low bit of an address is free to say "check the identity".
            instanceKeys[index] = entry.object.checksIdentity ? address | 1 : address
            (instanceChains + index).initialize(to: Unmanaged.passUnretained(entry.chain))
            (instanceObjects + index).initialize(to: Unmanaged.passUnretained(entry.object))
        }
        self.checksIdentities = checksIdentities
    }

    deinit {
        typeKeys.deallocate()
        typeChains.deallocate()
        instanceKeys.deallocate()
        instanceChains.deallocate()
        instanceObjects.deallocate()
        typeCache.deinitialize(count: Self.typeCacheSize)
        typeCache.deallocate()
    }

    /// The first slot to probe for an object address.
    @inlinable
    static func home(of address: UInt, mask: Int) -> Int {
        Int(truncatingIfNeeded: ((UInt64(address) >> 4) &* 0x9E37_79B9_7F4A_7C15) >> 7) & mask
    }

    /// The chain for `receiver`, or `nil` when it matches no scoped object or type.
    @inlinable @inline(__always)
    func chain(for receiver: Receiver) -> Unmanaged<Chain>? {
        if instanceCapacity != 0, let address = Self.address(of: receiver), let chain = instanceChain(at: address) {
            return chain
        }
        if typeCount != 0 {
            return typeChain(for: Self.dynamicType(of: receiver))
        }
        return nil
    }

    /// The address of `receiver` if it is an object, without retaining it.
    @inlinable
    static func address(of receiver: Receiver) -> UInt? {
        if Receiver.self is AnyObject.Type, MemoryLayout<Receiver>.size == MemoryLayout<UInt>.size {
            return unsafeBitCast(receiver, to: UInt.self)
        }
        guard Self.dynamicType(of: receiver) is AnyObject.Type else { return nil }
        return UInt(bitPattern: ObjectIdentifier(receiver as AnyObject))
    }

    /// The receiver's dynamic type, also when `Receiver` is a protocol existential (for which `type(of:)` in generic
    /// code answers the existential's own type, not the value's).
    @inlinable
    static func dynamicType(of receiver: Receiver) -> Any.Type {
        Receiver.self is AnyObject.Type ? Swift.type(of: receiver) : Swift.type(of: receiver as Any)
    }

    /// The chain of the hooked object at `address`, if there is one.
    @inlinable @inline(__always)
    func instanceChain(at address: UInt) -> Unmanaged<Chain>? {
        if let index = instanceSlot(probingFrom: address, where: { key, _ in key == address }) {
            return instanceChains[index]
        }
        return checksIdentities ? checkedInstanceChain(at: address) : nil
    }

    /// The chain of the living object at `address` among the objects keyed with the low bit set, whose memory may
    /// have been reused since they died: each matches only while it lives, so the probe goes on past a dead one (the
    /// object now at the address may have an entry too).
    @usableFromInline @inline(never)
    func checkedInstanceChain(at address: UInt) -> Unmanaged<Chain>? {
        let index = instanceSlot(probingFrom: address) { key, index in
            key == address | 1 && instanceObjects[index]._withUnsafeGuaranteedRef { $0.isAlive }
        }
        return index.map { instanceChains[$0] }
    }

    /// The first instance slot whose key and index satisfy `matches`, probing from `address`'s home slot up to the
    /// first empty one; `nil` if none does.
    @inlinable @inline(__always)
    func instanceSlot(probingFrom address: UInt, where matches: (_ key: UInt, _ index: Int) -> Bool) -> Int? {
        let mask = instanceCapacity - 1
        var index = Self.home(of: address, mask: mask)
        while true {
            let key = instanceKeys[index]
            if matches(key, index) { return index }
            if key == 0 { return nil }
            index = (index + 1) & mask
        }
    }

    /// The chain for a receiver of dynamic type `type`: its own entry's exact chain, else the nearest scoped
    /// superclass's inherited chain; `nil` when no scoped type applies.
    @inlinable @inline(__always)
    func typeChain(for type: Any.Type) -> Unmanaged<Chain>? {
        let key = UInt64(UInt(bitPattern: ObjectIdentifier(type)))
        let cached = typeCache[Int(truncatingIfNeeded: key >> 4) & (Self.typeCacheSize - 1)].load(ordering: .relaxed)
        if cached >> 16 == key {
            let answer = cached & 0xFFFF
            return answer == Self.noScopedType ? nil : typeChains[Int(answer) - 1]
        }
        return typeChainMiss(for: type, key: key)
    }

    /// Walks `type` up its superclasses, then caches the answer.
    @usableFromInline
    func typeChainMiss(for type: Any.Type, key: UInt64) -> Unmanaged<Chain>? {
        var answer = Self.noScopedType
        var current: Any.Type = type
        var isExact = true
        search: while true {
            let candidate = UInt(bitPattern: ObjectIdentifier(current))
            for index in 0..<typeCount where typeKeys[index] == candidate {
                answer = UInt64(2 * index + (isExact ? 0 : 1) + 1)
                break search
            }
            guard let superclass = _getSuperclass(current) else { break search }
            current = superclass
            isExact = false
        }
        if key >> 48 == 0 {
            typeCache[Int(truncatingIfNeeded: key >> 4) & (Self.typeCacheSize - 1)]
                .store(key << 16 | answer, ordering: .relaxed)
        }
        return answer == Self.noScopedType ? nil : typeChains[Int(answer) - 1]
    }
}
