@testable import LifecycleKit

/// What the host model learns from the screens' own lifecycle methods: it checks each appearance call against
/// the call before it, and counts the views the statistics should count.
final class ModelTracker {
    /// Where a screen is, as its own calls say.
    enum Phase: String {
        case off
        case willAppear
        case on
        case willDisappear
    }

    /// The phase of each screen, by name.
    private(set) var phases: [String: Phase] = [:]
    /// The violations seen so far, in order.
    private(set) var violations: [String] = []
    /// The views each counted screen started, by name: its counted viewDidAppear calls that did not resume a
    /// view paused by an interactive pop, nor only balance a viewWillAppear.
    private(set) var expectedViews: [String: Int] = [:]
    /// The screens whose statistics view is in progress.
    private var viewInProgress: Set<String> = []
    /// The screens whose view an interactive pop paused.
    private var pausedViews: Set<String> = []
    /// The screens whose last viewDidAppear the host sent only to balance a viewWillAppear, because they must
    /// disappear at once (it starts no view): each must get its viewWillDisappear before the step ends.
    private(set) var appearedOnlyToLeave: Set<String> = []

    /// Every appearance call, in order, as `name.method`.
    private(set) var calls: [String] = []

    /// Set while an interactive pop is cancelled: a will-call may then turn the one before it around.
    var isReversing = false
    /// Set while an interactive pop begins: a view that ends now is paused, not ended.
    var isBeginningInteractivePop = false

    /// The phase of the screen named `name`.
    func phase(of name: String) -> Phase {
        phases[name] ?? .off
    }

    func willAppear(_ screen: Screen, _ name: String) {
        calls.append("\(name).viewWillAppear")
        let phase = phase(of: name)
        if phase != .off && !(phase == .willDisappear && isReversing) {
            violations.append("\(name).viewWillAppear after \(phase)")
        }
        phases[name] = .willAppear
    }

    func didAppear(_ screen: Screen, _ name: String) {
        calls.append("\(name).viewDidAppear")
        let phase = phase(of: name)
        if phase != .willAppear {
            violations.append("\(name).viewDidAppear after \(phase)")
        }
        phases[name] = .on
        if screen._isAppearingOnlyToLeave {
            // Checked by the model: the screen disappears before the step ends.
            appearedOnlyToLeave.insert(name)
            return
        }
        if pausedViews.remove(name) != nil {
            // The view an interactive pop paused goes on.
            viewInProgress.insert(name)
            return
        }
        // The statistics count a screen without children that is not a navigation controller.
        if !(screen is NavigationController) && screen.children.isEmpty && !viewInProgress.contains(name) {
            expectedViews[name, default: 0] += 1
            viewInProgress.insert(name)
        }
    }

    func willDisappear(_ screen: Screen, _ name: String) {
        calls.append("\(name).viewWillDisappear")
        let phase = phase(of: name)
        if phase != .on && !(phase == .willAppear && isReversing) {
            violations.append("\(name).viewWillDisappear after \(phase)")
        }
        phases[name] = .willDisappear
        appearedOnlyToLeave.remove(name)
        if viewInProgress.remove(name) != nil && isBeginningInteractivePop {
            pausedViews.insert(name)
        }
    }

    func didDisappear(_ screen: Screen, _ name: String) {
        calls.append("\(name).viewDidDisappear")
        let phase = phase(of: name)
        if phase != .willDisappear {
            violations.append("\(name).viewDidDisappear after \(phase)")
        }
        phases[name] = .off
        pausedViews.remove(name)
    }
}
