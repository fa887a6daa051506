import HookKit
import LifecycleKit
import Testing

/// A test screen whose navigation-bar and status-bar preferences are stored values, and which records
/// the restore calls it gets (as its own ``NavigationBarRestoreDelegate``) in `events`.
class StyledScreen: TestScreen, NavigationBarRestoreDelegate {
    let events: EventLog
    var bar: NavigationBarAttributes
    var hidesStatusBar = false
    var statusBarStyle: StatusBarStyle = .default
    /// Changes what is restored, if set.
    var onWillRestore: ((inout NavigationBarAppearance) -> Void)?

    init(_ name: String, _ log: EventLog, _ events: EventLog, bar: NavigationBarAttributes = NavigationBarAttributes())
    {
        self.events = events
        self.bar = bar
        super.init(name, log)
    }

    override var prefersNavigationBarHidden: Bool? { bar.isHidden }
    override var prefersNavigationBarTransparent: Bool? { bar.isTransparent }
    override var preferredNavigationBarColor: RGBAColor? { bar.barColor }
    override var preferredNavigationItemColor: RGBAColor? { bar.itemColor }
    override var preferredNavigationBarBackgroundImage: String? { bar.backgroundImage }
    override var preferredNavigationBarShadowImage: String? { bar.shadowImage }
    override var preferredNavigationTitleTextAttributes: TitleTextAttributes? { bar.titleTextAttributes }
    override var preferredNavigationBarStyle: NavigationBarStyle? { bar.barStyle }
    override var prefersStatusBarHidden: Bool { hidesStatusBar }
    override var preferredStatusBarStyle: StatusBarStyle { statusBarStyle }

    func willRestore(_ appearance: inout NavigationBarAppearance, for screen: Screen) {
        events.add("\(name).willRestore(\(appearance))")
        onWillRestore?(&appearance)
    }

    func didRestore(_ appearance: NavigationBarAppearance, for screen: Screen) {
        events.add("\(name).didRestore(\(appearance))")
    }
}

/// A visible window with a navigation controller rooted at the styled screen `A`, reading a global
/// appearance of its own; bar and status-bar changes are recorded in `events`.
struct BarHost {
    let log = EventLog()
    let events = EventLog()
    let proxy: NavigationBarAppearanceProxy
    let window: Window
    let navigation: TestNavigation
    let root: StyledScreen

    init(
        driver: TransitionDriver.Mode = .manual, root rootBar: NavigationBarAttributes = NavigationBarAttributes(),
        defaults: NavigationBarAttributes = NavigationBarAttributes(),
        global: NavigationBarAttributes = NavigationBarAttributes()
    ) throws {
        proxy = NavigationBarAppearanceProxy(global)
        window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: driver))
        root = StyledScreen("A", log, events, bar: rootBar)
        navigation = try TestNavigation("nav", root: root, log)
        navigation.navigationBarAppearanceProxy = proxy
        navigation.navigationBarDefaults = defaults
        let events = events
        try NavigationBar.didChange.after(.instance(navigation.navigationBar)) { _, change, _ in
            events.add("\(change)")
        }
        try Window.statusBarDidChange.after(.instance(window)) { _, change, _ in
            events.add("status: \(change)")
        }
        try window.setRootScreen(navigation)
        window.makeKeyAndVisible()
        _ = log.take()
    }

    func screen(_ name: String, _ bar: NavigationBarAttributes = NavigationBarAttributes()) -> StyledScreen {
        StyledScreen(name, log, events, bar: bar)
    }

    /// The bar's applied appearance, as a string.
    var bar: String { navigation.navigationBar.appearance.description }

    /// The running visibility transition, as a string, or `"none"`.
    var visibility: String { navigation.navigationBar.visibilityTransition.map { "\($0)" } ?? "none" }

    func completeAll() {
        window.transitionDriver.completeAll()
    }

    /// A host whose root A (bar `#FF0000`) defines a presentation context.
    static func withRootDefiningContext(driver: TransitionDriver.Mode) throws -> BarHost {
        let host = try BarHost(driver: driver, root: NavigationBarAttributes(barColor: color("#FF0000")))
        host.root.definesPresentationContext = true
        return host
    }

    /// A host whose root A (bar `#FF0000`) defines a presentation context and presents E over it, unanimated: E
    /// stands in for A.
    static func withStandIn(driver: TransitionDriver.Mode) throws -> (host: BarHost, standIn: StyledScreen) {
        let host = try withRootDefiningContext(driver: driver)
        let standIn = host.screen("E")
        try host.root.present(standIn, style: .currentContext, animated: false)
        host.completeAll()
        return (host, standIn)
    }

    /// What a pop from a screen with a hidden bar back to a root whose look is `[bar: #FF0000, item: #00FF00]` ends
    /// with: the root's look restored, animated.
    static let rootRestoredFromHiddenBar = [
        "A.willRestore([bar: #FF0000, item: #00FF00])",
        "restore(A) animated: [hidden] -> [bar: #FF0000, item: #00FF00]",
        "A.didRestore([bar: #FF0000, item: #00FF00])",
    ]

    /// Pops the top screen, animated, and completes the pop; returns whether the bar then shows `look`, with the root
    /// as its owner.
    func popBackToTheRoot(showing look: String) throws -> Bool {
        try navigation.pop(animated: true)
        completeAll()
        return bar == look && navigation.navigationBar.owner === root
    }

    /// Changes the item color on the bar directly, as an app may between transitions.
    func setItemColorDirectly(_ hex: String) {
        var appearance = navigation.navigationBar.appearance
        appearance.itemColor = color(hex)
        navigation.navigationBar.setAppearance(appearance)
    }
}

/// Parses a color the tests know to be valid.
func color(_ hex: String, sourceLocation: SourceLocation = #_sourceLocation) -> RGBAColor {
    do {
        return try RGBAColor(hex: hex)
    } catch {
        Issue.record("\(error)", sourceLocation: sourceLocation)
        return .clear
    }
}
