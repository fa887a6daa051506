import LifecycleKit

/// How the window's transition driver runs the transitions of an exploration.
enum ReentrancyDriverMode: String, CaseIterable {
    /// Every transition completes as it starts.
    case immediate
    /// Transitions wait until a step, or settling, completes them one by one.
    case manual
    /// Transitions last 0.3 seconds of the window's virtual time, which steps and settling advance.
    case timed

    /// The driver mode this mode stands for.
    var transitionDriverMode: TransitionDriver.Mode {
        switch self {
        case .immediate: .immediate
        case .manual: .manual
        case .timed: .timed(seconds: 0.3)
        }
    }
}
