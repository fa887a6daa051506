@testable import LifecycleKit

/// The window's hierarchy as the public API shows it, and the screens UIKit's rules put on screen in it: what the
/// host model and the re-entrancy explorer check the host against.
extension Window {
    /// The screens of the window's hierarchy: from the root through children and presentations, and the popped
    /// screens that a navigation controller unlinked when their transition started but that are in its window until
    /// their `didMove(toParent: nil)` (``Screen/window`` says so).
    var screensInHierarchy: [Screen] {
        var result: [Screen] = []
        var seen: Set<ObjectIdentifier> = []
        var pending = rootScreen.map { [$0] } ?? []
        while let screen = pending.popLast() {
            guard seen.insert(ObjectIdentifier(screen)).inserted else { continue }
            result.append(screen)
            pending += screen.children
            if let navigation = screen as? NavigationController {
                let popping = navigation.interactivePop.map { [$0.poppingScreen] } ?? []
                pending += (navigation._leaving + popping).filter { $0._departingParent === navigation }
            }
            if let presented = Self.presentation(ownedBy: screen) {
                pending.append(presented)
            }
        }
        return result
    }

    /// The screens that should be on screen once every transition ran, by UIKit's rules.
    ///
    /// The root and the screens presented above it, except a screen below a full-screen presentation or right
    /// below a current-context one; through each, the children it shows (a navigation controller its top screen, a
    /// plain screen the children its ``Screen/childrenForAppearanceForwarding`` names), a child presenting over its
    /// current context being replaced by what it presents. None while the window is not
    /// visible.
    var expectedOnScreen: [Screen] {
        guard isVisible, let root = rootScreen else { return [] }
        var chain = [root]
        while let presented = Self.presentation(ownedBy: chain[chain.count - 1]) {
            chain.append(presented)
        }
        var result: [Screen] = []
        func standIn(_ screen: Screen) -> Screen {
            if let presented = Self.presentation(ownedBy: screen), presented.modalPresentationStyle == .currentContext {
                return standIn(presented)
            }
            return screen
        }
        func visit(_ screen: Screen) {
            result.append(screen)
            let shown: [Screen]
            if let navigation = screen as? NavigationController {
                shown = navigation.topViewController.map { [$0] } ?? []
            } else {
                // The children it shows: those its list names that are its children, once each.
                var named: Set<ObjectIdentifier> = []
                shown = screen.childrenForAppearanceForwarding.filter {
                    $0.parent === screen && named.insert(ObjectIdentifier($0)).inserted
                }
            }
            for child in shown {
                visit(standIn(child))
            }
        }
        for (index, unit) in chain.enumerated() {
            let above = chain[(index + 1)...]
            let hidden =
                above.contains { $0.modalPresentationStyle == .fullScreen }
                || above.first?.modalPresentationStyle == .currentContext
            if !hidden {
                visit(unit)
            }
        }
        return result
    }

    /// The screen `screen` itself presents (not one of its ancestors).
    private static func presentation(ownedBy screen: Screen) -> Screen? {
        guard let presented = screen.presentedScreen, presented.presentingScreen === screen else { return nil }
        return presented
    }
}
