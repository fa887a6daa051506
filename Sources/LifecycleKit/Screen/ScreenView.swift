/// A screen's view: the headless stand-in for `UIView`, created by ``Screen/loadView()``.
open class ScreenView {
    /// The screen that owns the view.
    public private(set) weak var screen: Screen?

    /// Creates a view owned by `screen`.
    public init(screen: Screen?) {
        self.screen = screen
    }

    /// The window the view is in: its screen's window.
    public var window: Window? { screen?.window }
}
