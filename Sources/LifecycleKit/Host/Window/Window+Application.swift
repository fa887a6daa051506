import HookKit

/// The application's foreground and background events.
extension Window {
    /// Called when the application entered the background (``Window/enterBackground()``).
    public static let didEnterBackground = HookPoint<Window, Void, Void>("Window.didEnterBackground")
    /// Called when the application is about to enter the foreground (``Window/enterForeground()``).
    public static let willEnterForeground = HookPoint<Window, Void, Void>("Window.willEnterForeground")

    /// Reports that the application entered the background.
    ///
    /// Screens get no lifecycle calls (as in UIKit); hooks on ``Window/didEnterBackground`` run. Does nothing if the
    /// application is in the background when the request is carried out. It concerns this window only, as a UIKit scene
    /// enters the background on its own: an app with several windows reports it to each (statistics pause the views of
    /// the windows that were told).
    ///
    /// Asked from a hook or an observer while the window delivers the foreground (also from a
    /// ``Window/willEnterForeground`` hook, while the state still reads ``ApplicationState/background``), it is
    /// carried out once that event has reached them all, so that each hears the events in the order they happen (see
    /// ``Window/enterForeground()``).
    public func enterBackground() {
        _changeApplicationState(to: .background)
    }

    /// Reports that the application is entering the foreground: hooks on ``Window/willEnterForeground`` run.
    ///
    /// Does nothing if the application is in the foreground when the request is carried out. Asked from a hook or an
    /// observer while the window delivers the background, it is carried out once the background has reached every hook
    /// and observer: until then ``Window/applicationState`` stays ``ApplicationState/background``, and each observer
    /// hears the background before the foreground.
    ///
    /// ```swift
    /// let token = try Window.didEnterBackground.after(.instance(window)) { window, _, _ in
    ///     window.enterForeground()   // waits until the background reached every observer
    ///     print(window.applicationState)   // background
    /// }
    /// window.enterBackground()
    /// print(window.applicationState)   // active
    /// ```
    public func enterForeground() {
        _changeApplicationState(to: .active)
    }

    /// Carries out a change of the application's state, or queues it behind the change being delivered.
    func _changeApplicationState(to asked: ApplicationState) {
        guard _applicationStatesAskedDuringDelivery == nil else {
            _applicationStatesAskedDuringDelivery?.append(asked)
            return
        }
        _applicationStatesAskedDuringDelivery = [asked]
        while let next = _applicationStatesAskedDuringDelivery?.first {
            _applicationStatesAskedDuringDelivery?.removeFirst()
            _deliverApplicationState(next)
        }
        _applicationStatesAskedDuringDelivery = nil
    }

    /// Changes the application's state and tells hooks and observers, unless the state is the one asked already.
    private func _deliverApplicationState(_ asked: ApplicationState) {
        guard applicationState != asked else { return }
        switch asked {
        case .background:
            applicationState = .background
            Window.didEnterBackground.invoke(self) { _ in }
            _LifecycleObservers.notifyApplicationEvent(.didEnterBackground(self), in: self)
        case .active:
            Window.willEnterForeground.invoke(self) { _ in }
            applicationState = .active
            _LifecycleObservers.notifyApplicationEvent(.didEnterForeground(self), in: self)
        }
    }
}
