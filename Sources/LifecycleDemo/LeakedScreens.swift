import LifecycleKit
import Synchronization

/// Closures stored in a global that keep screens alive after they leave: the leak the demo's
/// `leak` action creates on purpose, for leak detection to find.
enum LeakedScreens {
    /// The closures; they live as long as the process.
    private static let retainers = Mutex<[@Sendable () -> Void]>([])

    /// Keeps `screen` alive from a closure stored in a global, as a careless completion handler would.
    static func keep(_ screen: Screen) {
        let box = UncheckedScreen(screen: screen)
        retainers.withLock { $0.append { _ = box.screen.title } }
    }
}
