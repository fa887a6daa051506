import Synchronization
import _HookKitRuntime

/// A typed, named interception site for a method that does not throw.
///
/// Declare one per method, as a `static let` on the type that owns the method, and route the
/// method's body through ``ThrowingHookPoint/invoke(_:_:_:)``:
///
/// ```swift
/// final class Checkout {
///     static let submit = HookPoint<Checkout, Order, Receipt>("Checkout.submit")
///
///     func submit(_ order: Order) -> Receipt {
///         Self.submit.invoke(self, order) { this, order in   // the original implementation
///             this.charge(order)
///         }
///     }
/// }
///
/// try Checkout.submit.before { checkout, order in print("submitting", order) }
/// ```
///
/// Several arguments travel as a tuple (`HookPoint<Cart, (item: Item, quantity: Int), Void>`);
/// a method without arguments uses `Void`. A method that throws uses ``ThrowingHookPoint``.
public typealias HookPoint<Receiver, Arguments, Result> = ThrowingHookPoint<Receiver, Arguments, Result, Never>

/// A typed, named interception site for one method, whose body may throw `Failure`.
///
/// ```swift
/// final class Uploader {
///     static let upload = ThrowingHookPoint<Uploader, Data, URL, any Error>("Uploader.upload")
///
///     func upload(_ data: Data) throws -> URL {
///         try Self.upload.invoke(self, data) { this, data in try this.send(data) }
///     }
/// }
/// ```
///
/// A call runs the applicable **before** hooks, then the **override** chain ending in the body,
/// then the **after** hooks; see <doc:TheOrderContract>. Errors thrown by the body or by an
/// override propagate to the caller, and after hooks do not run for a call that throws.
///
/// The point is a small non-copyable value (one atomic word for its hooks, beside its name and any declared body):
/// declared as a `static let`, it is initialized statically (no lazy initialization on access), and a call of a
/// method that was never hooked costs one atomic load and a branch on top of the body (two once its hooks were all
/// cancelled, or while hooks are switched off). Everything else (the
/// registrations and the compiled chains) lives in storage created by the first registration.
///
/// A point either receives its body with each call (``invoke(_:_:_:)``, the body inlined into the method) or
/// declares it once (``init(_:body:)`` and ``invoke(_:_:)-(_,Arguments)``, for methods whose overrides matter most).
///
/// `HookPoint` is the non-throwing spelling (`Failure == Never`).
public struct ThrowingHookPoint<Receiver, Arguments, Result, Failure: Error>: ~Copyable, Sendable {
    /// The address of the point's cell (an `hk_point_cell`: the word calls read), or 0 before the first
    /// registration.
    @usableFromInline let _cell: Atomic<UInt>

    /// The body declared with the point, or `nil` when each call passes its body.
    @usableFromInline let _declaredBody: (@Sendable (Receiver, Arguments) throws(Failure) -> Result)?

    /// The point's name, used in introspection, traces and error messages.
    public let name: String

    /// Creates a hook point whose calls pass their body to ``invoke(_:_:_:)``.
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
    /// Declaring the body with the point makes overrides as cheap as closure calls: the innermost `original` of
    /// every override chain is the body itself, so a call needs no per-call bookkeeping to reach it, and an override
    /// may call `original` at any time, on any thread, even after its call returned.
    ///
    /// ```swift
    /// final class Checkout {
    ///     static let submit = HookPoint<Checkout, Order, Receipt>("Checkout.submit") { checkout, order in
    ///         checkout.charge(order)
    ///     }
    ///
    ///     func submit(_ order: Order) -> Receipt {
    ///         Self.submit.invoke(self, order)
    ///     }
    /// }
    /// ```
    ///
    /// The body receives everything it uses as the receiver and the arguments (it cannot capture a call's local
    /// state). A point with a declared body is called with ``invoke(_:_:)-(_,Arguments)`` only: passing a body to
    /// ``invoke(_:_:_:)`` as well is a programming error. A debug build stops the program at that call, hooked or not;
    /// an optimized build, which does not check, runs the passed body until the call runs an override, and then stops.
    ///
    /// - Parameters:
    ///   - name: A name for people, conventionally `"Type.method"`.
    ///   - body: The method's implementation.
    @inlinable
    public init(_ name: String, body: @escaping @Sendable (Receiver, Arguments) throws(Failure) -> Result) {
        self.name = name
        self._cell = Atomic(0)
        self._declaredBody = body
    }

    deinit {
        if let cell = UnsafeMutablePointer<hk_point_cell>(bitPattern: _cell.load(ordering: .acquiring)) {
            Unmanaged<_HookPointStorage<Receiver, Arguments, Result, Failure>>.fromOpaque(cell.pointee.storage)
                .release()
        }
    }

    /// The storage, if a hook was ever registered.
    var existingStorage: _HookPointStorage<Receiver, Arguments, Result, Failure>? {
        guard let cell = UnsafeMutablePointer<hk_point_cell>(bitPattern: _cell.load(ordering: .acquiring)) else {
            return nil
        }
        return Unmanaged<_HookPointStorage<Receiver, Arguments, Result, Failure>>.fromOpaque(cell.pointee.storage)
            .takeUnretainedValue()
    }

    /// The storage, created on first use (by the first registration).
    @usableFromInline var storage: _HookPointStorage<Receiver, Arguments, Result, Failure> {
        if let existingStorage { return existingStorage }
        let created = _HookPointStorage<Receiver, Arguments, Result, Failure>(name: name, declaredBody: _declaredBody)
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
