import HookKit

/// The application's foreground and background events.
extension Window {
    /// Called when the application entered the background (``Window/enterBackground()``).
    public static let didEnterBackground = HookPoint<Window, Void, Void>("Window.didEnterBackground")
    /// Called when the application is about to enter the foreground (``Window/enterForeground()``).
    public static let willEnterForeground = HookPoint<Window, Void, Void>("Window.willEnterForeground")

    /// Reports that the application entered the background.
    ///
    /// Screens get no lifecycle calls (as in UIKit); hooks on ``Window/didEnterBackground`` run. Does nothing if
    /// already in the background. It concerns this window only, as a UIKit scene enters the background on its own:
    /// an app with several windows reports it to each (statistics pause the views of the windows that were told).
    public func enterBackground() {
        guard applicationState == .active else { return }
        applicationState = .background
        Window.didEnterBackground.invoke(self) { _ in }
        _LifecycleObservers.notifyApplicationEvent(.didEnterBackground(self), in: self)
    }

    /// Reports that the application is entering the foreground: hooks on ``Window/willEnterForeground`` run.
    ///
    /// Does nothing if already in the foreground.
    public func enterForeground() {
        guard applicationState == .background else { return }
        Window.willEnterForeground.invoke(self) { _ in }
        applicationState = .active
        _LifecycleObservers.notifyApplicationEvent(.didEnterForeground(self), in: self)
    }
}
