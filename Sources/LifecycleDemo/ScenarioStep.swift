import LifecycleKit

/// One validated action of a scenario.
enum ScenarioStep: Sendable {
    case push(screen: String, navigation: String, animated: Bool)
    case pop(navigation: String, animated: Bool)
    case popToRoot(navigation: String, animated: Bool)
    case present(screen: String, from: String?, style: ModalPresentationStyle, animated: Bool)
    case dismiss(screen: String?, animated: Bool)
    case addChild(screen: String, parent: String)
    case removeFromParent(screen: String)
    case interactivePop(navigation: String, finish: Bool, progress: Double)
    case background(duration: Double?)
    case foreground
    case leak(screen: String)
    case wait(seconds: Double)

    /// A short description for the trace, such as `push productDetail`.
    var description: String {
        switch self {
        case .push(let screen, _, let animated):
            return "push \(screen)" + (animated ? "" : " (not animated)")
        case .pop(_, let animated):
            return "pop" + (animated ? "" : " (not animated)")
        case .popToRoot(_, let animated):
            return "pop to root" + (animated ? "" : " (not animated)")
        case .present(let screen, _, let style, let animated):
            return "present \(screen) (\(style))" + (animated ? "" : " (not animated)")
        case .dismiss(let screen, let animated):
            return "dismiss" + (screen.map { " \($0)" } ?? "") + (animated ? "" : " (not animated)")
        case .addChild(let screen, let parent):
            return "add \(screen) to \(parent)"
        case .removeFromParent(let screen):
            return "remove \(screen) from its parent"
        case .interactivePop(_, let finish, let progress):
            return "interactive pop, \(finish ? "finished" : "cancelled") at \(DemoFormat.percent(progress))%"
        case .background(let duration):
            return "app to background" + (duration.map { " for \(DemoFormat.seconds($0)) s" } ?? "")
        case .foreground:
            return "app to foreground"
        case .leak(let screen):
            return "keep \(screen) alive from a global closure (a leak)"
        case .wait(let seconds):
            return "wait \(DemoFormat.seconds(seconds)) s"
        }
    }
}
