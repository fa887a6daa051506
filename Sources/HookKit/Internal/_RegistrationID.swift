import Synchronization

/// The source of registration identifiers: unique for the life of the process, increasing, so
/// they also record registration order.
enum _RegistrationID {
    private static let counter = Atomic<UInt64>(0)

    /// The next identifier.
    static func next() -> UInt64 {
        counter.wrappingAdd(1, ordering: .relaxed).newValue
    }
}
