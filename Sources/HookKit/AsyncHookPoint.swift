import Synchronization
import _HookKitRuntime

/// A typed, named interception site for an `async` method that does not throw.
///
/// Declare one per method, as a `static let` on the type that owns the method, and route the method's body through
/// ``AsyncThrowingHookPoint/invoke(_:_:_:)-(_,_,Implementation)``:
///
/// ```swift
/// final class Feed: Sendable {
///     static let refresh = AsyncHookPoint<Feed, Int, [String]>("Feed.refresh")
///
///     func refresh(limit: Int) async -> [String] {
///         await Self.refresh.invoke(self, limit) { feed, limit in
///             await feed.download(limit: limit)
///         }
///     }
/// }
///
/// try Feed.refresh.before { feed, limit in print("refreshing", limit) }
/// ```
///
/// A method that throws uses ``AsyncThrowingHookPoint``. See <doc:AsyncMethodsAndActors>.
public typealias AsyncHookPoint<Receiver, Arguments, Result> =
    AsyncThrowingHookPoint<Receiver, Arguments, Result, Never>

/// A typed, named interception site for one `async` method, whose body may throw `Failure`.
///
/// ```swift
/// final class Client: Sendable {
///     static let fetch = AsyncThrowingHookPoint<Client, Int, String, any Error>("Client.fetch")
///
///     func fetch(_ id: Int) async throws -> String {
///         try await Self.fetch.invoke(self, id) { client, id in try await client.load(id) }
///     }
/// }
/// ```
///
/// The async counterpart of ``ThrowingHookPoint``, with the same contract: four scopes, the order contract,
/// priorities, `once`, tokens, introspection, the tracer and ``Hooks/isEnabled``. Before and after hooks may be
/// synchronous or `async`; overrides are `async` and receive an `async` ``Original``. A call runs in its caller's
/// isolation (an actor method's hooks run on the actor), and a method of an actor can declare its body `isolated` to
/// the receiver; a call that passes such a body runs isolated to the receiver instead. See
/// <doc:AsyncMethodsAndActors>.
///
/// Like a synchronous point, it is a small non-copyable value (one atomic word for its hooks, beside its name and any
/// declared body), initialized statically as a `static let`: a call of a method never hooked costs one atomic load
/// and a branch on top of the body (two once its hooks were all cancelled).
///
/// `AsyncHookPoint` is the non-throwing spelling (`Failure == Never`).
public struct AsyncThrowingHookPoint<Receiver, Arguments, Result, Failure: Error>: ~Copyable, Sendable {
    /// The address of the point's cell (an `hk_point_cell`: the word calls read), or 0 before the first
    /// registration.
    @usableFromInline let _cell: Atomic<UInt>

    /// The body declared with the point, or `nil` when each call passes its body.
    @usableFromInline let _declaredBody: _AsyncChain<Receiver, Arguments, Result, Failure>.Implementation?

    /// The point's name, used in introspection, traces and error messages.
    public let name: String

    /// Creates a hook point whose calls pass their body to ``invoke(_:_:_:)-(_,_,Implementation)``.
    ///
    /// - Parameter name: A name for people, conventionally `"Type.method"`.
    @inlinable
    public init(_ name: String) {
        self.name = name
        self._cell = Atomic(0)
        self._declaredBody = nil
    }

    /// Creates a hook point with the method's body, called with ``invoke(_:_:)-(_,Arguments)``.
    ///
    /// The innermost `original` of every override chain is then the body itself: overrides reach it without a
    /// task-local binding, and may call `original` from anywhere, even after their call returned.
    ///
    /// ```swift
    /// final class Client: Sendable {
    ///     static let fetch = AsyncThrowingHookPoint<Client, Int, String, any Error>("Client.fetch") { client, id in
    ///         try await client.load(id)
    ///     }
    ///
    ///     func fetch(_ id: Int) async throws -> String {
    ///         try await Self.fetch.invoke(self, id)
    ///     }
    /// }
    /// ```
    ///
    /// A point with a declared body is called with ``invoke(_:_:)-(_,Arguments)`` only: passing a body to
    /// ``invoke(_:_:_:)-(_,_,Implementation)`` as well is a programming error. A debug build stops the program at that
    /// call, hooked or not; an optimized build, which does not check, runs the passed body until the call runs an
    /// override, and then stops.
    ///
    /// - Parameters:
    ///   - name: A name for people, conventionally `"Type.method"`.
    ///   - body: The method's implementation. It runs in its caller's isolation.
    @inlinable
    public init(_ name: String, body: @escaping Implementation) {
        self.name = name
        self._cell = Atomic(0)
        self._declaredBody = body
    }

    deinit {
        if let cell = UnsafeMutablePointer<hk_point_cell>(bitPattern: _cell.load(ordering: .acquiring)) {
            Unmanaged<_AsyncHookPointStorage<Receiver, Arguments, Result, Failure>>.fromOpaque(cell.pointee.storage)
                .release()
        }
    }

    /// Whether the cell at `cellAddress` publishes no snapshot: every hook was cancelled, or hooks are switched off.
    @inlinable @inline(__always)
    static func _publishesNothing(_ cellAddress: UInt) -> Bool {
        hk_point_cell_published(UnsafeMutablePointer(bitPattern: cellAddress).unsafelyUnwrapped) == 0
    }

    /// The storage, if a hook was ever registered.
    var existingStorage: _AsyncHookPointStorage<Receiver, Arguments, Result, Failure>? {
        guard let cell = UnsafeMutablePointer<hk_point_cell>(bitPattern: _cell.load(ordering: .acquiring)) else {
            return nil
        }
        return Unmanaged<_AsyncHookPointStorage<Receiver, Arguments, Result, Failure>>.fromOpaque(cell.pointee.storage)
            .takeUnretainedValue()
    }

    /// The storage, created on first use (by the first registration).
    @usableFromInline var storage: _AsyncHookPointStorage<Receiver, Arguments, Result, Failure> {
        if let existingStorage { return existingStorage }
        let created = _AsyncHookPointStorage<Receiver, Arguments, Result, Failure>(
            name: name, declaredBody: _declaredBody)
        _ = Unmanaged.passRetained(created)  // owned by the point, released in its deinit
        let (exchanged, _) = _cell.compareExchange(
            expected: 0, desired: UInt(bitPattern: created.cell), ordering: .acquiringAndReleasing)
        if exchanged {
            _GlobalRegistry.shared.register(created)
            return created
        }
        Unmanaged.passUnretained(created).release()
        return existingStorage.unsafelyUnwrapped
    }
}
