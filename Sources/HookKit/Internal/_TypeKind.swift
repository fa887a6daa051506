/// Facts about a type that Swift's public API does not expose directly.
enum _TypeKind {
    /// Whether `type` is a struct, an enum, an optional or a tuple: a type whose values have no
    /// identity, so that no object can ever be one of them.
    ///
    /// Reads the metadata kind, the first word of every type's metadata (Swift's stable ABI:
    /// docs/ABI/TypeMetadata.rst): 0x200 struct, 0x201 enum, 0x202 optional, 0x301 tuple.
    static func isValue(_ type: Any.Type) -> Bool {
        let kind = self.kind(of: type)
        return kind == 0x200 || kind == 0x201 || kind == 0x202 || kind == 0x301
    }

    /// Whether `object` is the runtime's box for a Swift value passed as `AnyObject`.
    ///
    /// The box (`__SwiftValue`: the standard library's, or Foundation's where it is linked) has no identity of its
    /// own: each conversion makes a new one. Foundation's bridged objects (`NSNumber`, `NSNull`, …) are objects, and
    /// are not told apart from ones the app made.
    ///
    /// Compares the object's class with the one the runtime boxes a value of a type of this module's own in (found
    /// once): a registration asks this of every object scope, and a class's name is a new string each time.
    static func isSwiftValueBox(_ object: AnyObject) -> Bool {
        ObjectIdentifier(Swift.type(of: object)) == swiftValueBoxClass
    }

    /// The class of the runtime's box for a Swift value passed as `AnyObject` in this process (the standard library's,
    /// or Foundation's where it is linked).
    private static let swiftValueBoxClass: ObjectIdentifier = {
        struct Probe {}
        return ObjectIdentifier(Swift.type(of: Probe() as AnyObject))
    }()

    /// Whether `type` is an existential (`any P`, `Any`, `any P & Q`): a type that no value has as its dynamic type,
    /// so that a type scope naming it would never apply.
    ///
    /// Reads the metadata kind as ``isValue(_:)`` does: 0x303 existential, 0x307 extended existential.
    static func isExistential(_ type: Any.Type) -> Bool {
        let kind = self.kind(of: type)
        return kind == 0x303 || kind == 0x307
    }

    /// Whether `type` is an existential metatype (`any P.Type`, `AnyClass`, `Any.Type`): the type of a class-method
    /// point's receivers that names no class, whose values' dynamic types cannot be told apart by a cast either.
    ///
    /// Reads the metadata kind as ``isValue(_:)`` does: 0x306 existential metatype.
    static func isExistentialMetatype(_ type: Any.Type) -> Bool {
        kind(of: type) == 0x306
    }

    /// Whether a receiver of type `receiverType` can have the dynamic type `type`.
    ///
    /// True when `type` is `receiverType` or one of its subtypes (for a class's metatype, `Sub.Type` for `Base.Type`,
    /// which the runtime's cast between the metatypes' own metatypes does not tell), and always for an existential
    /// receiver type or an existential metatype, whose conforming types cannot be told at run time from a generic
    /// context (see ``isExistential(_:)``).
    static func canBeReceiver<Receiver>(_ type: Any.Type, of receiverType: Receiver.Type) -> Bool {
        if isExistential(receiverType) || isExistentialMetatype(receiverType) || type is Receiver.Type {
            return true
        }
        guard let receiverClass = classOfMetatype(receiverType), let typeClass = classOfMetatype(type) else {
            return false
        }
        return isClass(typeClass, inheritingFrom: receiverClass)
    }

    /// The class that `type` is the metatype of (`Base` for `Base.Type`), or `nil` when `type` is not the metatype of
    /// a class: the receivers of a point that hooks class methods.
    ///
    /// Reads the metadata as ``isValue(_:)`` does: a metatype's (kind 0x304) second word is its instance type.
    static func classOfMetatype(_ type: Any.Type) -> AnyClass? {
        guard kind(of: type) == 0x304 else { return nil }
        let instanceType = unsafeBitCast(
            metadata(of: type).load(fromByteOffset: MemoryLayout<UInt>.size, as: UnsafeRawPointer.self),
            to: Any.Type.self)
        return instanceType as? AnyClass
    }

    /// Whether `subclass` is `base` or inherits from it.
    static func isClass(_ subclass: AnyClass, inheritingFrom base: AnyClass) -> Bool {
        var current: AnyClass? = subclass
        while let type = current {
            if ObjectIdentifier(type) == ObjectIdentifier(base) { return true }
            current = _getSuperclass(type)
        }
        return false
    }

    /// The metadata record of `type`: what an `Any.Type` value points to.
    private static func metadata(of type: Any.Type) -> UnsafeRawPointer {
        unsafeBitCast(type, to: UnsafeRawPointer.self)
    }

    /// The metadata kind of `type`, its metadata's first word.
    private static func kind(of type: Any.Type) -> UInt {
        metadata(of: type).load(as: UInt.self)
    }
}
