import HookKit
import LifecycleKit

/// Plays a validated scenario on a fresh host with a virtual clock, and records what happens.
///
/// Deterministic: time only moves when the runner advances it, so two runs of the same scenario
/// produce the same trace.
final class ScenarioRunner {
    /// How long an animated transition takes, in virtual seconds.
    static let transitionDuration = 0.3

    /// How far, in points, an interactive pop drags when it begins.
    static let interactivePopTranslation = 24.0

    let plan: ScenarioPlan
    let file: String
    let time = VirtualTime()
    let recorder: DemoRecorder
    let window: Window
    /// Page statistics of the run (in memory).
    let statistics: ScreenStatistics
    /// Leak detection of the run (enabled, whatever the build).
    let leakDetector: LeakDetector
    /// The leak reports, in the order they were made.
    private let leakLog = LeakLog()
    /// Screens created but not yet in the hierarchy: the runner keeps them alive until then, as
    /// an app keeps a screen it is about to show.
    private var unattached: [String: Screen] = [:]
    /// Screens in (or once in) the hierarchy, held weakly: the hierarchy owns them, so that leak detection sees what
    /// the app does, not what the runner keeps.
    ///
    /// A screen that went away is created again when an action names it, as an app would.
    private var attached: [String: WeakScreen] = [:]
    private var tokens: [HookToken] = []

    /// Builds the screens of `plan` (read from `file`).
    init(plan: ScenarioPlan, file: String) throws(ScenarioError) {
        self.plan = plan
        self.file = file
        recorder = DemoRecorder(clock: { [reader = VirtualClockReader(time: time)] in reader.now })
        window = Window(time: time, transitionDriver: TransitionDriver(mode: .timed(seconds: Self.transitionDuration)))
        let recorder = self.recorder
        statistics = ScreenStatistics(time: time) { event in recorder.note(.statistics, "\(event)") }
        // No watch for late releases: a leak of the demo is kept by a global closure, so it is never released,
        // and watching it every 30 s would make a long wait cost time in proportion to its length.
        leakDetector = LeakDetector(
            time: time, configuration: LeakDetector.Configuration(releaseWatchInterval: nil), isEnabled: true
        ) { [leakLog] report in
            leakLog.reports.append(report)
        }
    }

    deinit {
        for token in tokens { token.cancel() }
    }

    /// Runs every action; stops at the first request the host refuses.
    func run() throws(ScenarioError) {
        do {
            try installHooks()
        } catch {
            throw ScenarioError(file: file, location: "", problem: error.message)
        }
        statistics.attach(to: window)
        leakDetector.attach(to: window)
        let showWindow = "show the window (root: \(plan.root))"
        recorder.begin(showWindow)
        do {
            try window.setRootScreen(screen(plan.root))
        } catch let error as LifecycleError {
            throw ScenarioError(
                file: file, location: "root",
                problem: "\(showWindow) was refused by the host (\(error.code)): expected a request the host accepts")
        } catch let refusal as HostRefusal {
            throw ScenarioError(
                file: file, location: "root",
                problem: "\(showWindow) was refused by the host (\(refusal.code)): \(refusal.explanation)")
        } catch let error as ScenarioError {
            throw ScenarioError(file: file, location: "root", problem: error.problem)
        } catch {
            throw ScenarioError(file: file, location: "root", problem: "\(error)")
        }
        window.makeKeyAndVisible()
        settle()
        releaseAttachedScreens()
        for action in plan.actions {
            if action.after > 0 {
                time.advance(by: action.after)
            }
            recorder.begin(action.step.description)
            do {
                try perform(action.step)
            } catch let error as LifecycleError {
                throw ScenarioError(
                    file: file, location: "actions[\(action.index)]",
                    problem: "\(action.step.description) was refused by the host (\(error.code)): "
                        + explanation(of: error, refusing: action.step))
            } catch let refusal as HostRefusal {
                throw ScenarioError(
                    file: file, location: "actions[\(action.index)]",
                    problem: "\(action.step.description) was refused by the host (\(refusal.code)): "
                        + refusal.explanation)
            } catch let error as ScenarioError {
                throw ScenarioError(file: file, location: "actions[\(action.index)]", problem: error.problem)
            } catch {
                throw ScenarioError(file: file, location: "actions[\(action.index)]", problem: "\(error)")
            }
            settle()
            releaseAttachedScreens()
        }
        for token in tokens { token.cancel() }
        tokens = []
    }

    /// The statistics records of the top screens by stay time, longest first (ties in name order).
    ///
    /// Compared to the millisecond, as the reports print them: virtual time adds up in steps that binary floats round,
    /// and a stay of 5e-17 s must tie with one of 0 (helper-143).
    var statisticsReport: [ScreenStatistics.Record] {
        let sorted = statistics.records.sorted { lhs, rhs in
            let (left, right) = (DemoFormat.milliseconds(lhs.stayTime), DemoFormat.milliseconds(rhs.stayTime))
            return left != right ? left > right : lhs.name < rhs.name
        }
        return Array(sorted.prefix(10))
    }

    /// The leak reports, in the order they were made.
    var leakReports: [LeakReport] { leakLog.reports }

    /// Lets animated transitions complete, in virtual time.
    private func settle() {
        let start = time.now
        var steps = 0
        while window.transitionDriver.isTransitioning && steps < 1_000 {
            steps += 1
            // Each step ends at start + steps × 0.05, computed afresh: six added steps can fall a rounding error short
            // of a transition's end at start + 0.3, and a seventh would then move the clock 0.05 s past it.
            time.advance(by: start + Double(steps) * 0.05 - time.now)
        }
    }

    /// The hooks and observers the demo shows: a global lifecycle observer that tracks page enter and leave, a
    /// per-type override, a per-instance hook, and observers of the bars.
    private func installHooks() throws(HookError) {
        let recorder = self.recorder
        tokens.append(try Lifecycle.addObserver(PageTracker(recorder: recorder), label: PageTracker.name))
        if let type = plan.hiddenBarType, let screenClass = type.screenClass {
            let label = "hide the navigation bar on \(type.rawValue)"
            tokens.append(
                try Screen.prefersNavigationBarHidden.override(.type(screenClass), label: label) { original in
                    { screen, arguments in
                        // Screens of another run (a concurrent test) keep their own answer.
                        guard let name = recorder.name(of: screen) else { return original(screen, arguments) }
                        recorder.hook(label, screen: name)
                        return true
                    }
                })
        }
        tokens.append(
            try Window.statusBarDidChange.after(.instance(window)) { _, change, _ in
                guard change.old.isHidden != change.new.isHidden else { return }
                recorder.note(.statusBar, "status bar \(change.new.isHidden ? "hidden" : "shown")")
            })
    }

    /// Performs one action.
    private func perform(_ step: ScenarioStep) throws {
        switch step {
        case .push(let name, let navigation, let animated):
            try navigationController(navigation).push(screen(name), animated: animated)
        case .pop(let navigation, let animated):
            let controller = try navigationController(navigation)
            guard controller.viewControllers.count > 1 else { throw onlyRoot(of: controller, refusing: step) }
            try controller.pop(animated: animated)
        case .popToRoot(let navigation, let animated):
            let controller = try navigationController(navigation)
            guard controller.viewControllers.count > 1 else { throw onlyRoot(of: controller, refusing: step) }
            try controller.popToRoot(animated: animated)
        case .present(let name, let from, let style, let animated):
            let presenter = try from.map { try screen($0) } ?? topScreen()
            try presenter.present(screen(name), style: style, animated: animated)
        case .dismiss(let name, let animated):
            let target = try name.map { try screen($0) } ?? topScreen()
            guard target.dismiss(animated: animated) else {
                let problem =
                    name.map { "\($0) neither presents a screen nor is presented" } ?? "nothing is presented"
                throw ScenarioError(
                    file: file, location: "", problem: "\(step.description): \(problem); expected a present first")
            }
        case .addChild(let name, let parent):
            try screen(parent).addChild(screen(name))
        case .removeFromParent(let name):
            let child = try screen(name)
            guard child.parent != nil else {
                throw ScenarioError(
                    file: file, location: "",
                    problem: "\(step.description): \(name) has no parent; expected an addChild or a push first")
            }
            child.removeFromParent()
        case .interactivePop(let navigation, let finish, let progress):
            let pop = try navigationController(navigation).beginInteractivePop(
                translation: Self.interactivePopTranslation)
            for step in 1...4 {
                time.advance(by: 0.1)
                pop.update(progress: progress * Double(step) / 4)
            }
            time.advance(by: 0.1)
            if finish { pop.finish() } else { pop.cancel() }
        case .background(let duration):
            recorder.note(.application, "entered the background")
            window.enterBackground()
            if let duration {
                time.advance(by: duration)
                recorder.note(.application, "entering the foreground")
                window.enterForeground()
            }
        case .foreground:
            recorder.note(.application, "entering the foreground")
            window.enterForeground()
        case .leak(let name):
            LeakedScreens.keep(try screen(name))
        case .wait(let seconds):
            time.advance(by: seconds)
        }
    }

    /// The screen named `name` if it exists now: in the hierarchy, or created and about to join it.
    func liveScreen(_ name: String) -> Screen? {
        attached[name]?.screen ?? unattached[name]
    }

    /// The screen named `name`: the live one, or a new one made from its spec.
    private func screen(_ name: String) throws -> Screen {
        if let screen = liveScreen(name) {
            return screen
        }
        guard let spec = plan.screens.first(where: { $0.name == name }) else {
            throw ScenarioError(file: file, location: "", problem: "unknown screen \"\(name)\"")
        }
        let screen: Screen
        if let screenClass = spec.type.screenClass {
            let demoScreen = screenClass.init(
                name: spec.name, title: spec.title, preferences: spec.preferences, recorder: recorder)
            demoScreen.statisticName = spec.statisticName ?? spec.type.rawValue
            screen = demoScreen
        } else {
            guard let rootName = spec.root else {
                throw ScenarioError(file: file, location: "", problem: "\"\(name)\" has no root")
            }
            let root = try self.screen(rootName)
            let navigation: DemoNavigationController
            do {
                navigation = try DemoNavigationController(
                    name: spec.name, title: spec.title, root: root, recorder: recorder)
            } catch {
                let place = placement(of: root).map { "is already \($0)" } ?? "is already shown"
                throw HostRefusal(
                    code: error.code,
                    explanation: "\(name) cannot be made with its root \(rootName), which \(place); expected "
                        + "\(rootName) to be shown nowhere else first")
            }
            try observeBar(of: navigation)
            navigation.statisticName = spec.statisticName ?? spec.type.rawValue
            screen = navigation
        }
        if plan.observed == name {
            try observe(screen, named: name)
        }
        unattached[name] = screen
        return screen
    }

    /// Holds weakly the screens that are now in the hierarchy.
    private func releaseAttachedScreens() {
        for (name, screen) in unattached
        where screen.parent != nil || screen.presentingScreen != nil
            || screen.window != nil
        {
            attached[name] = WeakScreen(screen: screen)
            unattached[name] = nil
        }
    }

    /// The per-instance hook that observes one screen.
    private func observe(_ screen: Screen, named name: String) throws(HookError) {
        let recorder = self.recorder
        tokens.append(
            try Screen.viewDidAppear.after(.instance(screen), label: "observe \(name)") { screen, _, _ in
                if let name = recorder.name(of: screen) { recorder.hook("observe \(name)", screen: name) }
            })
    }

    /// Records when a navigation controller's bar is shown or hidden.
    private func observeBar(of navigation: DemoNavigationController) throws(HookError) {
        let recorder = self.recorder
        let name = navigation.name
        tokens.append(
            try NavigationBar.didChange.after(.instance(navigation.navigationBar)) { _, change, _ in
                guard change.old.isHidden != change.new.isHidden else { return }
                let owner = change.screen.flatMap { recorder.name(of: $0) }
                recorder.note(.navigationBar, "\(name) bar \(change.new.isHidden ? "hidden" : "shown")", screen: owner)
            })
    }

    private func navigationController(_ name: String) throws -> NavigationController {
        guard let navigation = try screen(name) as? NavigationController else {
            throw ScenarioError(file: file, location: "", problem: "\"\(name)\" is not a Navigation")
        }
        return navigation
    }

    /// The screen on top: the last screen presented over the root, or the root.
    func topScreen() throws -> Screen {
        guard var top = window.rootScreen else {
            throw ScenarioError(file: file, location: "", problem: "the window has no root")
        }
        while let presented = top.presentedScreen {
            top = presented
        }
        return top
    }
}
