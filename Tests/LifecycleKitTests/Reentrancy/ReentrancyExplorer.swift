import LifecycleKit

/// Explores random requests to the host that the app's own code also makes, re-entrantly, from inside every
/// lifecycle callback, and checks the host's invariants after every step.
///
/// The host is a fresh window on a driver of the given mode, and a pool of three navigation controllers (`n0`–`n2`,
/// ``ReentrantNavigationController``) and nine screens (`s0`–`s8`, ``ReentrantScreen``), a third of them defining a
/// presentation context; `n0`, holding `s0`, is the root of the visible window. Each step makes one random request:
/// push, pop, popTo, popToRoot, setViewControllers, present, dismiss, dismissScreen, addChild, removeFromParent,
/// switching the children a plain screen shows (one of them, none or all, then `updateShownChildren()`), beginning,
/// updating, finishing or cancelling an interactive pop or a sheet's swipe (also while it begins), the back button,
/// hiding and showing the window, background and foreground, replacing the root, or driving the transitions. Every
/// callback of the pool (loadView, viewDidLoad, the appearance methods and viewIsAppearing, willMove and didMove,
/// willPop and didPop, shouldPop, willShow and didShow, the four presentation calls of a swipe) and every completion
/// may make another random request from inside it, as deep, as often and as many times a step as its
/// ``ReentrancyParameters`` say.
///
/// The callbacks are checked as they come, the hierarchy after every step, and the settled state (every transition
/// run, every pop and swipe finished) at random steps and at the end; ``ReentrancyInvariant`` lists the invariants.
/// The first failure is kept with the trace of every request and callback.
final class ReentrancyExplorer {
    /// The navigation controllers of the pool, which come first in it.
    static let navigationCount = 3
    /// The plain screens of the pool, after the navigation controllers.
    static let screenCount = 9
    /// The callbacks after which a step counts as running away.
    static let callbackLimit = 200_000
    /// The trace lines kept: the oldest go once there are more.
    static let traceCapacity = 4_000

    /// The seeded source of every random choice.
    var random: SeededGenerator
    /// How the transitions run.
    let mode: ReentrancyDriverMode
    /// How deep callbacks' requests nest, how often a callback makes one, and how many a step allows.
    let parameters: ReentrancyParameters
    /// The window's virtual time.
    let time = VirtualTime()
    /// The window the pool's screens go on screen in.
    let window: Window
    /// The navigation controllers, then the plain screens; emptied to check that the host releases them.
    var pool: [Screen] = []
    /// The titles of the pool's screens, by index.
    private(set) var names: [String] = []
    /// The interactive pops begun, until settling drops those that ended.
    var pops: [InteractivePop] = []
    /// The sheet swipes (interactive dismissals) begun, until settling drops those that ended.
    var swipes: [InteractiveDismissal] = []

    /// How deep in requests made from callbacks the current code runs.
    var depth = 0
    /// The requests callbacks may still make in this step.
    var budget = 0
    /// The callbacks of this step.
    var callbackCount = 0
    /// Whether this step made more than ``callbackLimit`` callbacks; callbacks then make no more requests.
    var isRunningAway = false

    /// Each screen's appearance phase, by name, as its calls say.
    var phases: [String: ModelTracker.Phase] = [:]
    /// The screens whose viewWillAppear came and viewIsAppearing not yet, by name.
    var awaitsViewIsAppearing: Set<String> = []
    /// Each screen's willMove(toParent:) calls without their didMove yet, by name: the parents' names, oldest first.
    var pendingMoves: [String: [String]] = [:]
    /// How ``pendingMoves`` records the willMove(toParent: nil) that an interactive pop's beginning sent.
    static let interactivePopMove = "nil (interactive pop)"
    /// How many willMove(toParent: nil) calls interactive pops' beginnings sent each screen, by name, that no
    /// cancelled pop has forgotten yet.
    var interactivePopMoves: [String: Int] = [:]
    /// How many cancelled pops of each screen, by name, had their unmatched calls forgotten by a didMove(toParent:)
    /// from the cancel's calls, before their completion.
    var cancelledPopsForgottenEarly: [String: Int] = [:]
    /// Each screen's willPop calls without their didPop yet, by name.
    var pendingPops: [String: Int] = [:]
    /// The name of the screen that got the latest willPop of an interactive pop's beginning, by its navigation
    /// controller (not a pop requested from the calls that end one): the popping screen of an
    /// interactive pop that ends while it begins (before `beginInteractivePop` returns it), where the top read before
    /// the request may be stale (the owed didMove the request ends first may push).
    var latestWillPop: [ObjectIdentifier: String] = [:]
    /// The container each screen is joining by an addChild in progress, by name.
    var joiningByAddChild: [String: String] = [:]
    /// How many interactive pops or swipes are being cancelled: a will-call may then turn the one before it around.
    var reversingDepth = 0
    /// Whether a cancel asked from inside a will-call waits for it to return (documented: it ends then), until the
    /// transition's completion: its will-calls may turn the ones before them around meanwhile.
    var isCancelDeferred = false
    /// Each screen's presentationWillDismiss() calls not ended by a presentationDidDismiss() yet, by name (a cancelled
    /// swipe ends none).
    var pendingDismissals: [String: Int] = [:]
    /// How many times each request's completion fired, by request number.
    var fired: [Int] = []
    /// Whether each request was accepted (and so must complete once), by request number.
    var accepted: [Bool] = []

    /// Where the exploration is, for the failure's report.
    var moment = "setup"
    /// The first invariant that failed, with the moment and what the check saw.
    private(set) var failure: (moment: String, invariant: ReentrancyInvariant, detail: String)?
    /// Every request and callback, indented by depth (the last ``traceCapacity`` lines at most).
    private(set) var trace: [String] = []

    /// A fresh host for `seed`, its transitions run as `mode` says and its callbacks' requests made as `parameters`
    /// say: the root `n0` holding `s0` in a visible window.
    init(seed: UInt64, mode: ReentrancyDriverMode, parameters: ReentrancyParameters = .standard) {
        random = SeededGenerator(state: seed)
        self.mode = mode
        self.parameters = parameters
        window = Window(time: time, transitionDriver: TransitionDriver(mode: mode.transitionDriverMode))
        for index in 0..<Self.navigationCount {
            pool.append(ReentrantNavigationController("n\(index)", explorer: self))
        }
        for index in 0..<Self.screenCount {
            pool.append(ReentrantScreen("s\(index)", explorer: self))
        }
        names = pool.map(name)
        // Plain screens define a presentation context one time in three; navigation controllers, which define one by
        // default as UIKit's do, two times in three.
        for screen in pool {
            let draws = draw(below: 3) == 0
            screen.definesPresentationContext = screen is NavigationController ? !draws : draws
        }
        // The setup makes no request from the callbacks: the budget is 0.
        attempt("setup") { try navigationController(0).setViewControllers([pool[Self.navigationCount]]) }
        attempt("setup") { try window.setRootScreen(pool[0]) }
        window.addObserver(ReentrantJoinObserver(explorer: self))
        window.makeKeyAndVisible()
        checkAtEveryStep()
    }

    /// The navigation controller at `index` of the pool.
    func navigationController(_ index: Int) -> NavigationController {
        pool[index] as! NavigationController
    }

    /// The name of `screen` (its title), or `nil`.
    func name(_ screen: Screen?) -> String {
        guard let screen else { return "nil" }
        return screen.title ?? "?"
    }

    /// Keeps the first failure, and marks it in the trace.
    func fail(_ invariant: ReentrancyInvariant, _ detail: String) {
        guard failure == nil else { return }
        failure = (moment, invariant, detail)
        trace.append("!! \(invariant.rawValue): \(detail)")
        trace.append("   hierarchy: \(hierarchyDescription)")
    }

    /// Adds `line` to the trace, indented by the current depth.
    func log(_ line: String) {
        trace.append(String(repeating: "  ", count: depth) + line)
        if trace.count > Self.traceCapacity {
            trace.removeFirst(Self.traceCapacity / 4)
        }
    }

    // MARK: - Random choices

    /// A random integer in `0..<bound`, or 0 when `bound` is not positive.
    func draw(below bound: Int) -> Int {
        bound > 0 ? Int.random(in: 0..<bound, using: &random) : 0
    }

    /// `true` `percent` times out of 100.
    func chance(percent: Int) -> Bool {
        draw(below: 100) < percent
    }

    /// A random element of `elements`, or `nil` when it is empty.
    func pick<Element>(_ elements: [Element]) -> Element? {
        elements.randomElement(using: &random)
    }
}
