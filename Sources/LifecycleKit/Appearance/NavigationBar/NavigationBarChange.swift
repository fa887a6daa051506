/// A change of a ``NavigationBar``'s appearance, as ``NavigationBar/didChange`` reports it.
///
/// ```swift
/// try NavigationBar.didChange.after(.instance(navigation.navigationBar)) { bar, change, _ in
///     print(change)   // restore(Home) animated: [hidden] -> []
/// }
/// ```
///
/// It is reported only when the applied appearance actually changes.
public struct NavigationBarChange: CustomStringConvertible {
    /// Why the bar changed.
    public enum Reason: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// A screen appeared with nothing stashed (pushed, shown for the first time, or updated while
        /// covered): its resolved appearance was applied at its `viewWillAppear`.
        case appear
        /// A screen came back (after a pop, a cancelled interactive pop, or its navigation controller
        /// coming back on screen): what it showed when it last disappeared was restored, through its
        /// ``NavigationBarRestoreDelegate``.
        case restore
        /// The screen on the bar asked for its appearance to be resolved again
        /// (``Screen/updateNavigationAppearance(animated:)``,
        /// ``NavigationController/refreshNavigationBarAppearance(animated:)``).
        case update
        /// The bar was changed directly (``NavigationBar/setAppearance(_:animated:)``,
        /// ``NavigationController/setNavigationBarHidden(_:animated:)``).
        case direct

        /// The reason's name.
        public var description: String { rawValue }
    }

    /// Why the bar changed.
    public let reason: Reason
    /// The screen whose appearance was applied; `nil` for a ``Reason/direct`` change.
    public let screen: Screen?
    /// The appearance before the change.
    public let old: NavigationBarAppearance
    /// The appearance after the change.
    public let new: NavigationBarAppearance
    /// Whether the change animates (with the screen transition it is part of, if any).
    public let animated: Bool
    /// Whether the change follows the finger of an interactive pop: the revealed screen's appearance applied when
    /// the gesture begins, or any animated change made from the gesture's will-calls until it ends (the popping
    /// screen's from its `viewWillDisappear`, the revealed screen's from its `viewWillAppear`, as
    /// ``NavigationBar/visibilityTransition`` records it), as UIKit's controller animates such a change along its
    /// interactive transition.
    public let isInteractive: Bool

    /// Creates a change record.
    public init(
        reason: Reason, screen: Screen?, old: NavigationBarAppearance, new: NavigationBarAppearance, animated: Bool,
        isInteractive: Bool
    ) {
        self.reason = reason
        self.screen = screen
        self.old = old
        self.new = new
        self.animated = animated
        self.isInteractive = isInteractive
    }

    /// The attributes that changed, in ``NavigationBarAppearance/Attribute`` order.
    public var changedAttributes: [NavigationBarAppearance.Attribute] { new.changedAttributes(from: old) }

    /// Whether the bar was shown or hidden.
    public var changesVisibility: Bool { old.isHidden != new.isHidden }

    /// `reason(screen title) [animated] [interactive]: old -> new`, such as `appear(Detail) animated: [] -> [hidden]`.
    public var description: String {
        let title = screen.map { $0.title ?? "nil" }
        let subject = title.map { "(\($0))" } ?? ""
        let flags = (animated ? " animated" : "") + (isInteractive ? " interactive" : "")
        return "\(reason)\(subject)\(flags): \(old) -> \(new)"
    }
}
