import LifecycleKit

/// One request of a host-model sequence, naming screens by their index in the model's pool, so that a
/// sequence can be replayed, and shortened, on a fresh host.
///
/// A step that does not fit the state it runs in is still run: the host refuses it with a typed error, which
/// the model accepts as long as nothing changed.
enum ModelStep: Equatable {
    case push(nav: Int, screen: Int, animated: Bool)
    case pop(nav: Int, animated: Bool)
    case popTo(nav: Int, screen: Int, animated: Bool)
    case popToRoot(nav: Int, animated: Bool)
    case setStack(nav: Int, screens: [Int], animated: Bool)
    case present(from: Int, screen: Int, style: ModalPresentationStyle, animated: Bool)
    case dismiss(through: Int, animated: Bool)
    case addChild(parent: Int, child: Int)
    case removeFromParent(Int)
    /// A plain container shows only `child` (none if it is not its child), or every child when it is `nil`, and calls
    /// `updateShownChildren()`, as a tab container switching tabs.
    case showOnly(container: Int, child: Int?)
    case beginPop(nav: Int, translation: Double)
    case updatePop(Double)
    case finishPop
    case cancelPop
    case setRoot(Int?, animated: Bool)
    case enterBackground
    case enterForeground
    case hide
    case show
    case complete
    case settle

    /// The step in a line, with the screens' names.
    func describe(_ names: [String]) -> String {
        func flag(_ animated: Bool) -> String { animated ? " animated" : "" }
        switch self {
        case .push(let nav, let screen, let animated): return "\(names[nav]).push(\(names[screen]))\(flag(animated))"
        case .pop(let nav, let animated): return "\(names[nav]).pop()\(flag(animated))"
        case .popTo(let nav, let screen, let animated):
            return "\(names[nav]).popTo(\(names[screen]))\(flag(animated))"
        case .popToRoot(let nav, let animated): return "\(names[nav]).popToRoot()\(flag(animated))"
        case .setStack(let nav, let screens, let animated):
            return "\(names[nav]).setViewControllers(\(screens.map { names[$0] }))\(flag(animated))"
        case .present(let from, let screen, let style, let animated):
            return "\(names[from]).present(\(names[screen]), \(style))\(flag(animated))"
        case .dismiss(let through, let animated): return "\(names[through]).dismiss()\(flag(animated))"
        case .addChild(let parent, let child): return "\(names[parent]).addChild(\(names[child]))"
        case .removeFromParent(let screen): return "\(names[screen]).removeFromParent()"
        case .showOnly(let container, let child):
            return "\(names[container]).updateShownChildren() showing \(child.map { names[$0] } ?? "every child")"
        case .beginPop(let nav, let translation): return "\(names[nav]).beginInteractivePop(\(translation))"
        case .updatePop(let progress): return "pop.update(\(progress))"
        case .finishPop: return "pop.finish()"
        case .cancelPop: return "pop.cancel()"
        case .setRoot(let screen, let animated):
            return "window.setRootScreen(\(screen.map { names[$0] } ?? "nil"))\(flag(animated))"
        case .enterBackground: return "window.enterBackground()"
        case .enterForeground: return "window.enterForeground()"
        case .hide: return "window.hide()"
        case .show: return "window.makeKeyAndVisible()"
        case .complete: return "driver.completeCurrentTransition()"
        case .settle: return "settle"
        }
    }
}
