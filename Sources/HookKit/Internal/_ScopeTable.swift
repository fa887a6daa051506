/// The chains of a snapshot for scoped receivers: per hooked object, and per scoped type.
///
/// Built once per snapshot. A call looks for the receiver's object first (an open-addressing
/// table keyed by address, confirmed through the weak reference), then walks the receiver's
/// dynamic type up its superclasses until it meets a scoped type. A receiver that matches
/// nothing uses the snapshot's every-receiver chain.
@usableFromInline
final class _ScopeTable<Receiver, Arguments, Result, Failure: Error>: @unchecked Sendable {
    @usableFromInline typealias Chain = _Chain<Receiver, Arguments, Result, Failure>
    @usableFromInline typealias TypeEntry = _TypeEntry<Receiver, Arguments, Result, Failure>
    @usableFromInline typealias InstanceEntry = _InstanceEntry<Receiver, Arguments, Result, Failure>

    /// Scoped types, most derived first is not required: lookups compare identities.
    @usableFromInline let types: ContiguousArray<TypeEntry>
    /// Open-addressing slots for hooked objects; empty when there are none.
    @usableFromInline let instances: ContiguousArray<InstanceEntry?>

    init(types: [TypeEntry], instances: [InstanceEntry]) {
        self.types = ContiguousArray(types)
        guard !instances.isEmpty else {
            self.instances = []
            return
        }
        var capacity = 4
        while capacity < instances.count * 2 { capacity *= 2 }
        var slots = ContiguousArray<InstanceEntry?>(repeating: nil, count: capacity)
        for entry in instances {
            var index = Self.home(of: entry.object.identifier, mask: capacity - 1)
            while slots[index] != nil { index = (index + 1) & (capacity - 1) }
            slots[index] = entry
        }
        self.instances = slots
    }

    /// The first slot to probe for an object.
    @inlinable
    static func home(of identifier: ObjectIdentifier, mask: Int) -> Int {
        let bits = UInt(bitPattern: identifier) >> 4
        return Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 7) & mask
    }

    /// The chain for `receiver`, or `nil` when it matches no scoped object or type.
    @inlinable
    func chain(for receiver: Receiver) -> Unmanaged<Chain>? {
        if !instances.isEmpty, let chain = instanceChain(for: receiver) {
            return chain
        }
        if !types.isEmpty {
            return typeChain(for: Swift.type(of: receiver))
        }
        return nil
    }

    /// The chain of the hooked object `receiver` is, if it is one (and alive: it is the receiver).
    @inlinable
    func instanceChain(for receiver: Receiver) -> Unmanaged<Chain>? {
        guard Swift.type(of: receiver) is AnyObject.Type else { return nil }
        let object = receiver as AnyObject
        let identifier = ObjectIdentifier(object)
        let mask = instances.count - 1
        var index = Self.home(of: identifier, mask: mask)
        while let entry = instances[index] {
            if entry.object.identifier == identifier {
                // Same address: the same object only if the weak reference still reaches it.
                return entry.object.isIdentical(to: object) ? Unmanaged.passUnretained(entry.chain) : nil
            }
            index = (index + 1) & mask
        }
        return nil
    }

    /// The chain for a receiver of dynamic type `type`: its own entry's exact chain, else the
    /// nearest scoped superclass's inherited chain.
    @inlinable
    func typeChain(for type: Any.Type) -> Unmanaged<Chain>? {
        var current: Any.Type = type
        var isExact = true
        while true {
            let identifier = ObjectIdentifier(current)
            for entry in types where entry.type == identifier {
                return Unmanaged.passUnretained(isExact ? entry.exact : entry.inherited)
            }
            guard let superclass = _getSuperclass(current) else { return nil }
            current = superclass
            isExact = false
        }
    }
}
