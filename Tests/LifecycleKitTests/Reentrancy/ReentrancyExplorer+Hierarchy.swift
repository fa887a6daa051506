import LifecycleKit

/// The hierarchy as a failure's report shows it.
extension ReentrancyExplorer {
    /// The window's hierarchy on one line, each screen with the phase its calls left it in: `n0[on] stack{s0[on]}`
    /// for a navigation controller holding one screen, `kids{…}` for a plain container's children
    /// (`kids(showing s3){…}` for one that shows only `s3`), and `^style(…)` for the screen a screen presents; then the
    /// pool's screens outside the window that are not off screen, which a failure often involves.
    var hierarchyDescription: String {
        func describe(_ screen: Screen) -> String {
            var text = "\(name(screen))[\(phases[name(screen)]?.rawValue ?? "off")]"
            if !screen.children.isEmpty {
                var kind = screen is NavigationController ? "stack" : "kids"
                if let screen = screen as? ReentrantScreen, screen.showsOneChild {
                    kind += "(showing \(name(screen.shownChild)))"
                }
                text += " \(kind){\(screen.children.map(describe).joined(separator: ", "))}"
            }
            if let presented = screen.presentedScreen, presented.presentingScreen === screen {
                text += " ^\(presented.modalPresentationStyle)(\(describe(presented)))"
            }
            return text
        }
        let root = window.rootScreen.map(describe) ?? "none"
        let outside = pool.filter { $0.window !== window && (phases[name($0)] ?? .off) != .off }
        let outsideText = outside.map(describe).joined(separator: "; ")
        let shown = "window \(window.isVisible ? "visible" : "hidden"), root \(root)"
        return outside.isEmpty ? shown : "\(shown); outside it, not off: \(outsideText)"
    }
}
