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
/// Safe to read and change from any thread. A change applies to a screen's bar from its next resolved
/// appearance, as in UIKit: a screen that appears for the first time, or one without a stash (a screen
/// that comes back restores what its bar showed when it left). ``Screen/updateNavigationAppearance(animated:)``
/// and ``NavigationController/refreshNavigationBarAppearance(animated:)`` apply it now.
public final class NavigationBarAppearanceProxy: Sendable {
    /// The proxy every navigation controller reads by default.
    public static let shared = NavigationBarAppearanceProxy()

    private let stored: _Locked<NavigationBarAttributes>

    /// Creates a proxy holding `attributes`; none by default.
    public init(_ attributes: NavigationBarAttributes = NavigationBarAttributes()) {
        stored = _Locked(attributes, reentrant: true)
    }

    /// The global attributes.
    public var attributes: NavigationBarAttributes {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }

    /// Changes several attributes at once, atomically: no other thread reads or changes the proxy meanwhile.
    ///
    /// `body` may read the proxy (it sees the attributes from before the update); the attributes it leaves in its
    /// argument replace anything it set on the proxy directly.
    public func update(_ body: (inout NavigationBarAttributes) -> Void) {
        stored.update(body)
    }
}
