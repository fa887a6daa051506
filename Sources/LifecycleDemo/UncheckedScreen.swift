import LifecycleKit

/// A screen carried into a `@Sendable` closure: the demo runs on one thread.
struct UncheckedScreen: @unchecked Sendable {
    let screen: Screen
}
