/// Facts about a type that Swift's public API does not expose directly.
enum _TypeKind {
    /// Whether `type` is a struct, an enum, an optional or a tuple: a type whose values have no
    /// identity, so that no object can ever be one of them.
    ///
    /// Reads the metadata kind, the first word of every type's metadata (Swift's stable ABI:
    /// docs/ABI/TypeMetadata.rst): 0x200 struct, 0x201 enum, 0x202 optional, 0x301 tuple.
    static func isValue(_ type: Any.Type) -> Bool {
        let kind = unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self)
        return kind == 0x200 || kind == 0x201 || kind == 0x202 || kind == 0x301
    }

    /// Whether `type` is an existential (`any P`, `Any`, `any P & Q`): a type that no value has as its dynamic type,
    /// so that a type scope naming it would never apply.
    ///
    /// Reads the metadata kind as ``isValue(_:)`` does: 0x303 existential, 0x307 extended existential.
    static func isExistential(_ type: Any.Type) -> Bool {
        let kind = unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self)
        return kind == 0x303 || kind == 0x307
    }
}
