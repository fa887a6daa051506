/// A screen's view: the headless stand-in for `UIView`, created by ``Screen/loadView()``.
open class ScreenView {
    /// The screen that owns the view.
    public private(set) weak var screen: Screen?

    /// Creates a view owned by `screen`.
    public init(screen: Screen?) {
        self.screen = screen
    }

    /// The window the view is in, as UIKit's `view.window`: its screen's window while the view is in that window's
    /// view hierarchy, and `nil` otherwise.
    ///
    /// The view joins the window once its screen's viewWillAppear has returned, with the viewWillAppear calls that the
    /// screen forwards to its children (a container's view holds theirs), and leaves it before its viewDidDisappear:
    /// `nil` in viewDidLoad, viewWillAppear and viewDidDisappear, non-`nil` in viewDidAppear and viewWillDisappear.
    /// A screen that another covers (pushed over it, or presented over it full screen or over its current context)
    /// is off screen and its view out of the window, as UIKit removes it; under a sheet or an over-full-screen
    /// presentation it stays. So UIKit's visibility check works here too:
    ///
    /// ```swift
    /// let isVisible = screen.isViewLoaded && screen.view.window != nil
    /// ```
    ///
    /// A hidden window (``Window/hide()``) takes its screens off screen, with viewWillDisappear and viewDidDisappear:
    /// their views leave it, and `window` is `nil` until the window shows again. UIKit sends the same calls when it
    /// hides a window but may keep the views in it, so there `view.window` can stay set while the window is hidden;
    /// test ``Screen/visibleState`` to know whether a screen is on screen.
    public var window: Window? {
        guard let screen, screen._isViewInWindow else { return nil }
        // The window it is on screen in, whatever the hierarchy says now: a dismissed or popped screen is still
        // on screen, and its view in the window, until its transition ends.
        return screen._onScreenWindow
    }
}
