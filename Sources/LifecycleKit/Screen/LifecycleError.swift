/// The error LifecycleKit throws when it refuses a request: nothing was changed.
///
/// Errors compare equal when their ``code`` is equal; ``message`` is for people.
///
/// ```swift
/// do {
///     try navigation.push(detail)
/// } catch {
///     print(error.code == .alreadyInStack)
/// }
/// ```
public struct LifecycleError: Error, Hashable, CustomStringConvertible {
    /// What was refused, as an extensible set of codes.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        private init(_ name: String) {
            self.name = name
        }

        /// A push named a screen that is already in the navigation stack.
        public static let alreadyInStack = Code("alreadyInStack")
        /// `popTo` named a screen that is not in the navigation stack.
        public static let notInStack = Code("notInStack")
        /// `setViewControllers` was given no screens, or the same screen twice.
        public static let invalidStack = Code("invalidStack")
        /// The screen already has a parent, a presenter, or a window: remove it first.
        public static let alreadyAttached = Code("alreadyAttached")
        /// A navigation request arrived while an interactive pop is in progress on the same
        /// navigation controller (before the app finished or cancelled it: requests from the calls that end it are
        /// accepted).
        public static let interactivePopInProgress = Code("interactivePopInProgress")
        /// The interactive pop gesture may not begin; ``LifecycleError/message`` says why.
        public static let popGestureRefused = Code("popGestureRefused")
        /// The sheet's swipe-down dismissal may not begin; ``LifecycleError/message`` says why (see
        /// ``DismissGestureRefusal``).
        public static let dismissGestureRefused = Code("dismissGestureRefused")
        /// A presentation was requested from a screen whose sheet the user is swiping down (an
        /// ``InteractiveDismissal`` in progress): UIKit presents nothing from a view controller being dismissed.
        public static let interactiveDismissalInProgress = Code("interactiveDismissalInProgress")
        /// The screen (or its presentation context) already presents a screen.
        public static let alreadyPresenting = Code("alreadyPresenting")
        /// The presenting screen is not in a window, or its presentation context's view is not in the window, or is
        /// about to leave it.
        ///
        /// The context is still coming on screen, the hierarchy keeps it off screen (covered by a push or a
        /// full-screen presentation, or in a tab that is not shown), or it is leaving its container (popped or being
        /// removed). UIKit: "whose view is not in the window hierarchy".
        public static let presenterNotInWindow = Code("presenterNotInWindow")
        /// A screen cannot present itself or a screen that contains it.
        public static let invalidPresentation = Code("invalidPresentation")
        /// A screen cannot become a child of itself or of one of its descendants, and a navigation stack cannot
        /// hold a navigation controller.
        public static let invalidContainment = Code("invalidContainment")
        /// The request needs the screen to have a parent container, and it has none.
        public static let noParent = Code("noParent")
        /// A request to change a navigation stack came from a callback of a change of the same stack that has not
        /// finished (its screens' `willPop(animated:)` or `willMove(toParent:)`, the departure of those below the old
        /// top, or the joining of the new screens that a `setViewControllers` adds below its new top: their
        /// `didMove(toParent:)` and the observers' `screenDidJoinHierarchy(_:)`): make it from the change's
        /// completion, or from a lifecycle method, where it is queued.
        public static let changeInProgress = Code("changeInProgress")

        /// The code's name.
        public var description: String { name }
    }

    /// What was refused.
    public let code: Code
    /// A sentence for people, naming the screens involved.
    public let message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// `LifecycleError(code): message`.
    public var description: String { "LifecycleError(\(code)): \(message)" }

    /// Two errors are equal when their codes are equal.
    public static func == (lhs: LifecycleError, rhs: LifecycleError) -> Bool { lhs.code == rhs.code }

    /// Hashes the code, consistently with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
