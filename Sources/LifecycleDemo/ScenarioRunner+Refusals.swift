import LifecycleKit

/// Explanations of the requests the host refuses, with the scenario's names.
extension ScenarioRunner {
    /// What was wrong when the host refused `step` with `error`, and what was expected.
    ///
    /// The host changes nothing when it refuses, so the state it refused is the current one.
    func explanation(of error: LifecycleError, refusing step: ScenarioStep) -> String {
        switch (error.code, step) {
        case (.alreadyInStack, .push(let screen, let navigation, _)):
            return "\(screen) is already in the stack of \(navigation); expected a screen that is not in it"
        case (.invalidContainment, .push(let screen, let navigation, _)):
            if screen == navigation {
                return "\(navigation) cannot push itself; expected another screen"
            }
            if liveScreen(screen) is NavigationController {
                return "\(screen) is a Navigation, which cannot be pushed; expected another screen (present it instead)"
            }
            return "\(screen) contains \(navigation); expected a screen that does not contain it"
        case (.alreadyAttached, .push(let screen, _, _)), (.alreadyAttached, .present(let screen, _, _, _)),
            (.alreadyAttached, .addChild(let screen, _)):
            let place = liveScreen(screen).flatMap { placement(of: $0) } ?? "shown elsewhere"
            return "\(screen) is already \(place); expected a screen that is not shown"
        case (.invalidContainment, .addChild(let screen, let parent)):
            return screen == parent
                ? "\(parent) cannot contain itself; expected another screen"
                : "\(screen) contains \(parent); expected a screen that does not contain it"
        case (.interactivePopInProgress, .push(_, let navigation, _)),
            (.interactivePopInProgress, .pop(let navigation, _)),
            (.interactivePopInProgress, .popToRoot(let navigation, _)):
            return "\(navigation) is in an interactive pop; expected it to end first"
        case (.alreadyPresenting, .present(_, let from, _, _)):
            guard let presenter = presenter(from), let presented = presentationContext(of: presenter).presentedScreen
            else { break }
            let context = presentationContext(of: presenter)
            let presenterName = name(of: presenter)
            let presents = "already presents \(name(of: presented)); expected a dismiss first"
            return context === presenter
                ? "\(presenterName) \(presents)"
                : "\(presenterName) presents from \(name(of: context)), which \(presents)"
        case (.presenterNotInWindow, .present(_, let from, _, _)):
            return "\(from ?? "the top screen") is not in the window; expected a screen that is shown to present from"
        case (.invalidPresentation, .present(let screen, let from, _, _)):
            guard let presenter = presenter(from) else { break }
            let context = presentationContext(of: presenter)
            let presented = liveScreen(screen)
            if presented === presenter {
                let top = from == nil ? " (it is the top screen)" : ""
                return "\(screen) would present itself\(top); expected another screen"
            }
            guard presented === context else {
                return "\(screen) already shows \(name(of: presenter)) (it contains or presents it); expected a screen "
                    + "that is not shown"
            }
            return "\(name(of: presenter)) presents from \(screen), which would present itself; expected another "
                + "screen"
        case (.popGestureRefused, .interactivePop(let navigation, _, _)):
            guard let controller = liveScreen(navigation) as? NavigationController,
                let refusal = controller.interactivePopRefusal(translation: Self.interactivePopTranslation)
            else { break }
            switch refusal {
            case .singleScreen:
                return "\(navigation) \(stackContents(of: controller)); expected a push first"
            case .notOnScreen:
                return controller.window == nil
                    ? "\(navigation) is not in the window; expected a Navigation that is shown"
                    : "\(navigation) is covered; expected a dismiss of what covers it first"
            case .coveredByPresentation:
                let presented = controller.presentedScreen.map { " (\(name(of: $0)))" } ?? ""
                return "\(navigation) is under a presented screen\(presented); expected a dismiss first"
            case .transitionRunning:
                return "a transition is still running; expected a wait first"
            case .wrongDirection:
                return "the drag goes away from the back direction; expected a drag toward the back"
            case .refusedByScreen:
                let top = controller.topViewController.map { name(of: $0) } ?? "the top screen"
                return "\(top) refuses the pop gesture; expected a screen that allows it"
            }
        default:
            break
        }
        return "expected a request the host accepts"
    }

    /// The error for a pop or a pop to root of `controller`, which holds only its root, or no screen at all.
    func onlyRoot(of controller: NavigationController, refusing step: ScenarioStep) -> ScenarioError {
        ScenarioError(
            file: file, location: "",
            problem: "\(step.description): \(name(of: controller)) \(stackContents(of: controller)); "
                + "expected a push first")
    }

    /// What a stack with nothing to pop holds: `holds only its root (home)`, or `holds no screen` once its root was
    /// removed.
    private func stackContents(of controller: NavigationController) -> String {
        guard let root = controller.viewControllers.first else { return "holds no screen (its root was removed)" }
        return "holds only its root (\(name(of: root)))"
    }

    /// Where `screen` is shown, such as `in the stack of shop` or `presented by home`; `nil` if nowhere.
    func placement(of screen: Screen) -> String? {
        if let parent = screen.parent {
            return parent is NavigationController
                ? "in the stack of \(name(of: parent))" : "a child of \(name(of: parent))"
        }
        if let presenter = screen.presentingScreen {
            return "presented by \(name(of: presenter))"
        }
        if screen.window != nil {
            return "the root of the window"
        }
        return nil
    }

    /// The scenario's name of `screen`.
    private func name(of screen: Screen) -> String {
        recorder.name(of: screen) ?? "a screen outside the scenario"
    }

    /// The screen a present action presents from: `from`, or the top screen.
    private func presenter(_ from: String?) -> Screen? {
        guard let from else { return try? topScreen() }
        return liveScreen(from)
    }

    /// The screen that presents for `screen`: the outermost of its containers.
    ///
    /// The demo's screens never define a presentation context of their own.
    private func presentationContext(of screen: Screen) -> Screen {
        var context = screen
        while let parent = context.parent {
            context = parent
        }
        return context
    }
}
