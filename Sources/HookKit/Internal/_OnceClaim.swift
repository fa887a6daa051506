import Synchronization

/// The single run of a `once` hook: claimed by exactly one call.
///
/// An object of its own, apart from the registration, so that a `once` override's link can claim its run without
/// capturing the registration: the registration keeps its links (``_AnyRegistration/links``), and a link that kept the
/// registration would keep itself, with the hook's closure and everything it captures, for the life of the process.
final class _OnceClaim: Sendable {
    /// Set by the call that claims the run; never reset.
    private let fired = Atomic<Bool>(false)

    init() {}

    /// Whether a call claimed the run.
    var hasFired: Bool {
        fired.load(ordering: .acquiring)
    }

    /// Claims the run; `true` for exactly one caller.
    func claim() -> Bool {
        !fired.exchange(true, ordering: .acquiringAndReleasing)
    }
}
