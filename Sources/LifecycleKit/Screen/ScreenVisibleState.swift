/// Where a screen is in its lifecycle, as an option set (RR's `rr_visibleState`, QMUI's
/// `qmui_visibleState`).
///
/// It holds ``loaded`` once the view has loaded, plus at most one phase flag (none before its first appearance):
/// the lifecycle method that completed last. It changes when a method returns, so a before hook of
/// `viewDidAppear` sees ``willAppear`` and an after hook sees ``didAppear``.
///
/// ```swift
/// if screen.visibleState.contains(.didAppear) { … }
/// if screen.isAppearing { … }   // willAppear or didAppear
/// ```
public struct ScreenVisibleState: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The raw bits.
    public let rawValue: UInt8

    /// Creates a state from raw bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The view has loaded (`loadView` and `viewDidLoad` ran).
    public static let loaded = ScreenVisibleState(rawValue: 1 << 0)
    /// `viewWillAppear(_:)` was the last lifecycle method to complete.
    public static let willAppear = ScreenVisibleState(rawValue: 1 << 1)
    /// `viewDidAppear(_:)` was the last lifecycle method to complete.
    public static let didAppear = ScreenVisibleState(rawValue: 1 << 2)
    /// `viewWillDisappear(_:)` was the last lifecycle method to complete.
    public static let willDisappear = ScreenVisibleState(rawValue: 1 << 3)
    /// `viewDidDisappear(_:)` was the last lifecycle method to complete.
    public static let didDisappear = ScreenVisibleState(rawValue: 1 << 4)

    /// The phase flags, of which a state holds at most one.
    public static let phases: ScreenVisibleState = [.willAppear, .didAppear, .willDisappear, .didDisappear]

    /// Whether the screen is appearing or on screen: ``willAppear`` or ``didAppear``.
    public var isAppearing: Bool { !intersection([.willAppear, .didAppear]).isEmpty }

    /// The flags by name, such as `[loaded, didAppear]`.
    public var description: String {
        let names: [(ScreenVisibleState, String)] = [
            (.loaded, "loaded"), (.willAppear, "willAppear"), (.didAppear, "didAppear"),
            (.willDisappear, "willDisappear"), (.didDisappear, "didDisappear"),
        ]
        return "[" + names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
    }
}
