#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// The global navigation-bar appearance: the role of UIKit's `UINavigationBar.appearance()`.
///
/// It is the third level of resolution, after a screen's preferences and its navigation
/// controller's defaults. Every ``NavigationController`` reads ``shared`` unless it is given
/// another proxy (``NavigationController/navigationBarAppearanceProxy``), which keeps tests and
/// independent parts of an app apart.
///
/// ```swift
/// NavigationBarAppearanceProxy.shared.update { appearance in
///     appearance.barColor = .white
///     appearance.titleTextAttributes = TitleTextAttributes(fontName: "Avenir-Heavy")
/// }
/// ```
///
/// Safe to read and change from any thread. A change applies to bars from their next appearance
/// (or ``Screen/updateNavigationAppearance(animated:)``), as in UIKit.
public final class NavigationBarAppearanceProxy: @unchecked Sendable {
    /// The proxy every navigation controller reads by default.
    public static let shared = NavigationBarAppearanceProxy()

    // A pthread mutex rather than `Synchronization.Mutex`: ThreadSanitizer on Linux reports false
    // races on a contended `Mutex`, and every navigation controller reads the shared proxy.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var stored: NavigationBarAttributes

    /// Creates a proxy holding `attributes`; none by default.
    public init(_ attributes: NavigationBarAttributes = NavigationBarAttributes()) {
        stored = attributes
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed with \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// The global attributes.
    public var attributes: NavigationBarAttributes {
        get { withLock { stored } }
        set { withLock { stored = newValue } }
    }

    /// Changes several attributes at once, atomically.
    ///
    /// `body` runs with the proxy's lock held: it must not read or change the proxy.
    public func update(_ body: (inout NavigationBarAttributes) -> Void) {
        withLock { body(&stored) }
    }

    private func withLock<Value>(_ body: () -> Value) -> Value {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}
