import Synchronization

/// The chains of a snapshot for scoped receivers, per hooked object and per scoped type, for any kind of chain.
///
/// Generic over the chain class, so that synchronous and async points share it. Built once per snapshot, read without
/// locks and without reference counting: keys are plain addresses and chains are unmanaged references kept alive by
/// the index.
///
/// - A call first looks the receiver's address up among the hooked objects: a hash of the address picks one of the
///   index's shards (``_InstanceTable``), an open-addressing table whose address match is the object itself. Shards
///   are shared between snapshots: a change to one object's hooks rebuilds its shard only (see
///   ``_PointCompiling/compile(_:cache:used:)``).
/// - Otherwise it looks the receiver's dynamic type up in a small direct-mapped cache; on a miss it walks the type up
///   its superclasses until it meets a scoped type, and caches the answer (a relaxed atomic store of one word: key and
///   answer together, so a reader never sees half).
/// - A receiver that matches nothing gets `nil`: the snapshot's every-receiver chain.
@usableFromInline
final class _ScopeIndex<Receiver, Chain: AnyObject>: @unchecked Sendable {
    /// The number of scoped types.
    @usableFromInline let typeCount: Int
    /// Scoped types' metadata addresses.
    @usableFromInline let typeKeys: UnsafeMutablePointer<UInt>
    /// For scoped type `i`: its exact chain at `2i`, its inherited chain at `2i + 1`, unretained (``typeEntries`` owns
    /// them).
    ///
    /// Opaque addresses rather than `Unmanaged<Chain>`: allocating a buffer of a generic type in the writer's code,
    /// which is not specialized for the point's types, would look up its metadata in the runtime's cache.
    @usableFromInline let typeChains: UnsafeMutablePointer<UnsafeMutableRawPointer>
    /// The number of instance shards minus one (a power of two minus one), or -1 when no object is hooked.
    @usableFromInline let shardMask: Int
    /// The shards of hooked objects, unretained (``shards`` owns them).
    @usableFromInline let shardTables: UnsafeMutablePointer<Unmanaged<_InstanceTable>>
    /// Direct-mapped cache from a dynamic type to its answer: `address << 16 | answer`.
    ///
    /// The answer is a ``typeChains`` index plus one, or ``noScopedType``. An answer that does not fit in 16 bits below
    /// ``noScopedType`` (a chain of the 32,768th scoped type or a later one) is not cached: its type is looked up on
    /// every call.
    @usableFromInline let typeCache: UnsafeMutablePointer<Atomic<UInt64>>

    /// The entries, which own the chains whose addresses ``typeChains`` holds.
    private let typeEntries: [_TypeChains]
    /// The shards of hooked objects, which own their chains (and the objects' memory).
    let shards: [_InstanceTable]

    /// The number of slots of ``typeCache`` (a power of two).
    @usableFromInline static var typeCacheSize: Int { 8 }
    /// The cached answer for a type that matches no scoped type.
    @usableFromInline static var noScopedType: UInt64 { 0xFFFF }

    /// Makes the index of `types` and of the hooked objects in `shards` (a power of two of them, chosen by
    /// ``_InstanceTable/shard(of:mask:)``; none when no object is hooked).
    init(types: [_TypeChains], shards: [_InstanceTable]) {
        precondition(shards.count & (shards.count - 1) == 0, "HookKit: the shards must be a power of two")
        typeEntries = types
        self.shards = shards
        typeCount = types.count
        typeKeys = .allocate(capacity: types.count)
        typeChains = .allocate(capacity: 2 * types.count)
        for index in 0..<types.count {
            let entry = types[index]
            (typeKeys + index).initialize(to: UInt(bitPattern: entry.type))
            (typeChains + 2 * index).initialize(to: Unmanaged.passUnretained(entry.exact).toOpaque())
            (typeChains + 2 * index + 1).initialize(to: Unmanaged.passUnretained(entry.inherited).toOpaque())
        }
        typeCache = .allocate(capacity: Self.typeCacheSize)
        for slot in 0..<Self.typeCacheSize {
            (typeCache + slot).initialize(to: Atomic(0))
        }
        shardMask = shards.count - 1
        shardTables = .allocate(capacity: shards.count)
        for index in 0..<shards.count {
            (shardTables + index).initialize(to: Unmanaged.passUnretained(shards[index]))
        }
    }

    deinit {
        typeKeys.deallocate()
        typeChains.deallocate()
        shardTables.deallocate()
        typeCache.deinitialize(count: Self.typeCacheSize)
        typeCache.deallocate()
    }

    /// The chain for `receiver`, or `nil` when it matches no scoped object or type.
    @inlinable @inline(__always)
    func chain(for receiver: Receiver) -> Unmanaged<Chain>? {
        if shardMask >= 0, let address = Self.address(of: receiver), let chain = instanceChain(at: address) {
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
        let shard = shardTables[_InstanceTable.shard(of: address, mask: shardMask)]
        guard let chain = shard._withUnsafeGuaranteedRef({ $0.chain(at: address) }) else { return nil }
        return Unmanaged<Chain>.fromOpaque(chain)
    }

    /// The chain for a receiver of dynamic type `type`: its own entry's exact chain, else the nearest scoped
    /// superclass's inherited chain; `nil` when no scoped type applies.
    @inlinable @inline(__always)
    func typeChain(for type: Any.Type) -> Unmanaged<Chain>? {
        let key = UInt64(UInt(bitPattern: ObjectIdentifier(type)))
        let cached = typeCache[Int(truncatingIfNeeded: key >> 4) & (Self.typeCacheSize - 1)].load(ordering: .relaxed)
        if cached >> 16 == key {
            let answer = cached & 0xFFFF
            return answer == Self.noScopedType ? nil : Unmanaged<Chain>.fromOpaque(typeChains[Int(answer) - 1])
        }
        return typeChainMiss(for: type, key: key)
    }

    /// Walks `type` up its superclasses, then caches the answer.
    @usableFromInline
    func typeChainMiss(for type: Any.Type, key: UInt64) -> Unmanaged<Chain>? {
        var chainIndex: Int?
        var current: Any.Type = type
        var isExact = true
        search: while true {
            let candidate = UInt(bitPattern: ObjectIdentifier(current))
            for index in 0..<typeCount where typeKeys[index] == candidate {
                chainIndex = 2 * index + (isExact ? 0 : 1)
                break search
            }
            guard let superclass = _getSuperclass(current) else { break search }
            current = superclass
            isExact = false
        }
        // Cached only when the key fits in 48 bits and the answer in 16 without reading as `noScopedType`.
        let answer = chainIndex.map { UInt64($0) + 1 } ?? Self.noScopedType
        if key >> 48 == 0 && (chainIndex == nil || answer < Self.noScopedType) {
            typeCache[Int(truncatingIfNeeded: key >> 4) & (Self.typeCacheSize - 1)]
                .store(key << 16 | answer, ordering: .relaxed)
        }
        return chainIndex.map { Unmanaged<Chain>.fromOpaque(typeChains[$0]) }
    }
}

extension _ScopeIndex {
    /// The identity of `receiver` if it is an object, also when `Receiver` is `any Error`, for a tracer's event and
    /// introspection.
    ///
    /// An `any Error` holds its value in a box of its own, and `receiver as AnyObject` in generic code answers that
    /// box (each conversion to `any Error` makes a new one), not the object inside: the error is opened first, so that
    /// the cast starts from the object's own type. (`any Error` conforms to `Error` itself, so passing it to a generic
    /// function would not open it: `_openExistential` does.) Not for the call path: ``address(of:)`` stays as small as
    /// it is, and object scopes are refused on such points (see `_ResolvedScope.resolve`).
    static func objectIdentifier(of receiver: Receiver) -> ObjectIdentifier? {
        guard Self.dynamicType(of: receiver) is AnyObject.Type else { return nil }
        return _identity(openingErrors: receiver)
    }
}

/// The identity of `object`, an object or an `any Error` holding one (see ``_ScopeIndex/objectIdentifier(of:)``).
///
/// An `any Error` is opened, and what it holds asked again: an error that a continuation resumed with, say, is a box
/// inside a box, an `any Error` again once opened (each opening takes one box off).
func _identity<Object>(openingErrors object: Object) -> ObjectIdentifier {
    if Object.self == (any Error).self, let error = object as? any Error {
        return _openExistential(error, do: _identity(openingErrors:))
    }
    return ObjectIdentifier(object as AnyObject)
}
