import LifecycleKit

/// A test screen that runs `onStay` from its `didStayOnTop(animated:)`, after logging the call.
final class StayingScreen: TestScreen {
    var onStay: (() -> Void)?

    override func didStayOnTop(animated: Bool) {
        super.didStayOnTop(animated: animated)
        onStay?()
    }
}
