import LifecycleKit

/// A request the host refused, explained with the scenario's names.
///
/// The runner throws it where it knows more than the request it made: a Navigation created for an
/// action, whose root is shown elsewhere.
///
/// LifecycleKit's own messages name screens by debug labels, which hold addresses; the demo's
/// output must not change from run to run, so it never prints them.
struct HostRefusal: Error {
    /// What the host refused.
    let code: LifecycleError.Code
    /// What was wrong and what was expected, with scenario names.
    let explanation: String
}
