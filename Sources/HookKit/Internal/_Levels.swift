/// Every registration of a point, arranged by level of the order contract.
///
/// A value: the storage copies it (cheaply, copy-on-write) under its lock and compiles the copy
/// outside it.
struct _Levels {
    typealias Registration = _AnyRegistration
    typealias Level = _LevelHooks

    var every = Level()
    var types: [ObjectIdentifier: _TypeLevels] = [:]
    var instances: [ObjectIdentifier: _InstanceLevel] = [:]
    /// The objects in ``instances``, for the death check of every change (see ``instanceHoldersToCheck``).
    private var watched = _WatchedObjects()
    /// The objects whose level changed (added, changed or removed), oldest first, from ``instanceChangesStart`` on.
    ///
    /// A compilation rebuilds only the shards of the objects logged since the snapshot it replaces. Trimmed by
    /// ``forgetInstanceChanges(before:)`` once a snapshot reflects them.
    private(set) var instanceChanges: [ObjectIdentifier] = []
    /// The position of the first entry of ``instanceChanges``: how many changes were logged and trimmed before.
    private(set) var instanceChangesStart: UInt64 = 0

    /// Changes whenever the every-receiver or a type level changes: every compiled chain depends
    /// on those levels, so none can be reused across such a change.
    private(set) var sharedGeneration: UInt64 = 0
    /// The source of new generation numbers (never reused, so a recreated level never matches a
    /// chain compiled for its predecessor).
    private var lastGeneration: UInt64 = 0

    var isEmpty: Bool { every.isEmpty && types.isEmpty && instances.isEmpty }

    /// The position after the last change in ``instanceChanges``.
    var instanceChangesEnd: UInt64 { instanceChangesStart + UInt64(instanceChanges.count) }

    /// The objects whose level changed from position `position` on; `nil` when some of those changes were trimmed.
    func instanceChanges(since position: UInt64) -> ArraySlice<ObjectIdentifier>? {
        guard position >= instanceChangesStart, position <= instanceChangesEnd else { return nil }
        return instanceChanges[Int(position - instanceChangesStart)...]
    }

    /// Drops the logged changes before `position`, which the published snapshot reflects.
    mutating func forgetInstanceChanges(before position: UInt64) {
        let count = Int(min(position, instanceChangesEnd) - min(position, instanceChangesStart))
        guard count > 0 else { return }
        instanceChanges.removeFirst(count)
        instanceChangesStart += UInt64(count)
    }

    private mutating func nextGeneration() -> UInt64 {
        lastGeneration += 1
        return lastGeneration
    }

    /// Adds a registration to its level.
    ///
    /// A hooked object that it looks at is appended to `loaded`: looking at a weak reference holds the object for a
    /// moment, and if another thread dropped its last reference meanwhile, the object's `deinit` (user code) would
    /// run here, under the point's lock. The caller releases `loaded` after the lock.
    ///
    /// - Returns: Registrations dropped because they belonged to a dead object whose address the
    ///   new registration's object now occupies.
    mutating func insert(_ registration: Registration, loading loaded: inout [AnyObject]) -> [Registration] {
        var dropped: [Registration] = []
        switch registration.scope {
        case .all:
            every.insert(registration)
            sharedGeneration = nextGeneration()
        case .type(let type):
            types[ObjectIdentifier(type), default: _TypeLevels(type: type)].subtypes.insert(registration)
            sharedGeneration = nextGeneration()
        case .exactType(let type):
            types[ObjectIdentifier(type), default: _TypeLevels(type: type)].exact.insert(registration)
            sharedGeneration = nextGeneration()
        case .instance(let object):
            let key = object.identifier
            // Taken out while it changes, so that its hooks are not copied.
            var level = _InstanceLevel(object: object)
            if let existing = instances.removeValue(forKey: key) {
                let existingObject = existing.object.object
                if let existingObject { loaded.append(existingObject) }
                if existingObject === object.object {
                    level = existing
                } else {
                    // A dead object's level at a reused address: it is stale, drop it.
                    dropped = existing.hooks.all
                }
            }
            level.hooks.insert(registration)
            level.generation = nextGeneration()
            store(level, for: key)
        }
        return dropped
    }

    /// Removes a registration from its level; `false` if it was not there.
    mutating func remove(_ registration: Registration) -> Bool {
        let id = registration.id
        switch registration.scope {
        case .all:
            sharedGeneration = nextGeneration()
            return every.remove(id)
        case .type(let type), .exactType(let type):
            let key = ObjectIdentifier(type)
            guard var levels = types[key] else { return false }
            let removed = levels.subtypes.remove(id) || levels.exact.remove(id)
            types[key] = levels.isEmpty ? nil : levels
            sharedGeneration = nextGeneration()
            return removed
        case .instance(let object):
            let key = object.identifier
            guard var level = instances.removeValue(forKey: key) else { return false }
            let removed = level.hooks.remove(id)
            level.generation = nextGeneration()
            store(level.hooks.isEmpty ? nil : level, for: key)
            return removed
        }
    }

    /// Sets the level of the object `key` (`nil`: it has no hooks any more), in ``instances`` and in ``watched``, and
    /// logs the change for the next compilation (``instanceChanges``): every change of an object's level goes here.
    private mutating func store(_ level: _InstanceLevel?, for key: ObjectIdentifier) {
        instances[key] = level
        watched.set(key, to: level?.object)
        instanceChanges.append(key)
    }

    /// The holders of the hooked objects that may have died, for asking outside the lock which did (see
    /// ``removeInstances(of:)``): each native Swift object already deinitializing, and every object whose liveness
    /// only its weak reference tells (an Objective-C object on Apple platforms).
    ///
    /// A native object is asked here, under the point's lock, by reading its reference count where it lies (see
    /// ``_WatchedObjects``): that holds nothing, so it cannot run the object's `deinit` (user code) here. A weak load
    /// would hold the object for a moment, so the others are left to the caller.
    var instanceHoldersToCheck: [_WeakObject] { watched.candidates }

    /// Drops the levels of the objects that `holders` hold (objects found dead), returning their registrations.
    ///
    /// A level is dropped only if it is still the level of that holder: a level made since for a new object at the
    /// same address (possible once the dead object's memory was freed) is kept.
    mutating func removeInstances(of holders: [_WeakObject]) -> [Registration] {
        var dead: [Registration] = []
        for holder in holders {
            guard let level = instances[holder.identifier], level.object === holder else { continue }
            dead += level.hooks.all
            store(nil, for: holder.identifier)
        }
        return dead
    }

    /// The levels that apply to a receiver of dynamic type `type` (and, optionally, to one
    /// object), from the most general to the most specific.
    func levels(forType type: Any.Type?, includingExact: Bool = true, object: ObjectIdentifier? = nil) -> [Level] {
        var result = [every]
        if let type, !types.isEmpty {
            var ancestry: [Any.Type] = []
            var current: Any.Type? = type
            while let candidate = current {
                ancestry.append(candidate)
                current = _getSuperclass(candidate)
            }
            for candidate in ancestry.reversed() {
                if let levels = types[ObjectIdentifier(candidate)], !levels.subtypes.isEmpty {
                    result.append(levels.subtypes)
                }
            }
            if includingExact, let levels = types[ObjectIdentifier(type)], !levels.exact.isEmpty {
                result.append(levels.exact)
            }
        }
        if let object, let level = instances[object] {
            result.append(level.hooks)
        }
        return result
    }
}
