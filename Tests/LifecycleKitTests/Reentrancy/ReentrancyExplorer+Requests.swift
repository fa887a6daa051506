import LifecycleKit

/// The random requests: what a step, or a callback, asks of the host.
extension ReentrancyExplorer {
    /// Makes one random request, from inside the callback `context`, or as a step's own request when it is `nil`
    /// (which may also drive the transitions).
    func makeRandomRequest(from context: String?) {
        let animated = Bool.random(using: &random)
        let prefix = context.map { "[in \($0)] " } ?? ""
        if parameters.switchPercent > 0 && chance(percent: parameters.switchPercent) {
            return requestShownChildrenSwitch(prefix)
        }
        switch draw(below: context == nil ? 110 : 100) {
        case 0..<14: requestPush(prefix, animated: animated)
        case 14..<22: requestPop(prefix, animated: animated)
        case 22..<26: requestPopTo(prefix, animated: animated)
        case 26..<29: requestPopToRoot(prefix, animated: animated)
        case 29..<35: requestStack(prefix, animated: animated)
        case 35..<47: requestPresentation(prefix, animated: animated)
        case 47..<55: requestDismissal(prefix, animated: animated)
        case 55..<58: requestScreenDismissal(prefix, animated: animated)
        case 58..<64: requestChild(prefix)
        case 64..<70: requestRemoval(prefix)
        case 70..<75: beginInteractivePop(prefix, on: preferablyInWindowNavigationIndex())
        case 75..<77: beginInteractiveDismissal(prefix)
        case 77..<82:
            let activeSwipes = self.activeSwipes
            if !activeSwipes.isEmpty, chance(percent: 50), let swipe = pick(activeSwipes) {
                end(swipe, cancelling: Bool.random(using: &random))
            } else if let pop = pick(activePops) {
                end(pop, cancelling: Bool.random(using: &random))
            } else {
                beginInteractivePop(prefix, on: preferablyInWindowNavigationIndex())
            }
        case 82..<87: requestBackButton(prefix, animated: animated)
        case 87..<89:
            log(prefix + "window.hide()")
            window.hide()
        case 89..<92:
            log(prefix + "window.makeKeyAndVisible()")
            window.makeKeyAndVisible()
        case 92:
            log(prefix + "window.enterBackground()")
            window.enterBackground()
        case 93:
            log(prefix + "window.enterForeground()")
            window.enterForeground()
        case 94..<97: requestRoot(prefix, animated: animated)
        case 97..<100:
            if let pop = pick(activePops) {
                log(prefix + "pop.update")
                pop.update(progress: Double(draw(below: 11)) / 10)
            } else if let swipe = pick(activeSwipes) {
                log(prefix + "swipe.update")
                swipe.update(progress: Double(draw(below: 11)) / 10)
            }
        default: driveTransitions()
        }
    }

    // MARK: - Navigation

    /// Pushes a preferably free plain screen.
    private func requestPush(_ prefix: String, animated: Bool) {
        let nav = preferablyInWindowNavigationIndex()
        let screen = preferablyFreePlainIndex()
        request(prefix + "\(names[nav]).push(\(names[screen]), \(animated))") { completion in
            try navigationController(nav).push(pool[screen], animated: animated, completion: completion)
        }
    }

    /// Pops the top screen.
    private func requestPop(_ prefix: String, animated: Bool) {
        let nav = preferablyInWindowNavigationIndex()
        request(prefix + "\(names[nav]).pop(\(animated))") { completion in
            _ = try navigationController(nav).pop(animated: animated, completion: completion)
        }
    }

    /// Pops to a screen of the stack, or (when the stack is empty) to any screen, which the host refuses.
    private func requestPopTo(_ prefix: String, animated: Bool) {
        let nav = preferablyInWindowNavigationIndex()
        let target = pick(navigationController(nav).viewControllers) ?? pool[anyIndex()]
        request(prefix + "\(names[nav]).popTo(\(name(target)), \(animated))") { completion in
            _ = try navigationController(nav).popTo(target, animated: animated, completion: completion)
        }
    }

    /// Pops to the root screen.
    private func requestPopToRoot(_ prefix: String, animated: Bool) {
        let nav = preferablyInWindowNavigationIndex()
        request(prefix + "\(names[nav]).popToRoot(\(animated))") { completion in
            _ = try navigationController(nav).popToRoot(animated: animated, completion: completion)
        }
    }

    /// Sets a stack made of the current one with about a third of its screens dropped and up to two plain screens
    /// inserted (now and then shuffled).
    private func requestStack(_ prefix: String, animated: Bool) {
        let nav = preferablyInWindowNavigationIndex()
        var screens = navigationController(nav).viewControllers.filter { _ in draw(below: 3) > 0 }
        for _ in 0..<draw(below: 3) {
            let screen = preferablyFreePlainIndex()
            screens.insert(pool[screen], at: draw(below: screens.count + 1))
        }
        if draw(below: 10) == 0 {
            screens.shuffle(using: &random)
        }
        request(prefix + "\(names[nav]).setViewControllers(\(screens.map(name)), \(animated))") { completion in
            try navigationController(nav).setViewControllers(screens, animated: animated, completion: completion)
        }
    }

    /// Taps the back button (which asks the top screen's shouldPop).
    private func requestBackButton(_ prefix: String, animated: Bool) {
        let nav = preferablyInWindowNavigationIndex()
        request(prefix + "\(names[nav]).handleBackButton(\(animated))") { completion in
            _ = navigationController(nav).handleBackButton(animated: animated, completion: completion)
        }
    }

    // MARK: - Presentation and containment

    /// Presents a preferably free screen, in a random style, from a screen preferably in the window.
    private func requestPresentation(_ prefix: String, animated: Bool) {
        let presenter = preferablyInWindowIndex()
        let screen = preferablyFreeIndex()
        let style = pick(ModalPresentationStyle.allCases)!
        request(prefix + "\(names[presenter]).present(\(names[screen]), \(style), \(animated))") { completion in
            try pool[presenter].present(pool[screen], style: style, animated: animated, completion: completion)
        }
    }

    /// Dismisses through a screen preferably in the window (``Screen/dismiss(animated:completion:)``).
    private func requestDismissal(_ prefix: String, animated: Bool) {
        let screen = preferablyInWindowIndex()
        request(prefix + "\(names[screen]).dismiss(\(animated))") { completion in
            _ = pool[screen].dismiss(animated: animated, completion: completion)
        }
    }

    /// Leaves a screen preferably in the window the way the user expects: pops it or dismisses it
    /// (``Screen/dismissScreen(animated:completion:)``).
    private func requestScreenDismissal(_ prefix: String, animated: Bool) {
        let screen = preferablyInWindowIndex()
        request(prefix + "\(names[screen]).dismissScreen(\(animated))") { completion in
            _ = pool[screen].dismissScreen(animated: animated, completion: completion)
        }
    }

    /// Adds a preferably free screen as the child of a plain screen (or, one time in three, of any screen).
    private func requestChild(_ prefix: String) {
        let parent = draw(below: 3) == 0 ? anyIndex() : Self.navigationCount + draw(below: Self.screenCount)
        let child = preferablyFreeIndex()
        attempt(prefix + "\(names[parent]).addChild(\(names[child]))") {
            let joining = joiningByAddChild[names[child]]
            joiningByAddChild[names[child]] = names[parent]
            defer { joiningByAddChild[names[child]] = joining }
            try pool[parent].addChild(pool[child])
        }
    }

    /// Removes a screen that has a parent (or, when none has, any screen) from its parent.
    private func requestRemoval(_ prefix: String) {
        let screen = pick(pool.indices.filter { pool[$0].parent != nil }) ?? anyIndex()
        log(prefix + "\(names[screen]).removeFromParent()")
        pool[screen].removeFromParent()
    }

    /// Switches the children a plain screen (one with children, preferably) shows, as a tab container switching tabs
    /// does, and tells the host: one of its children, one of the pool's screens that is not (which shows none), or
    /// (one time in four) every child again.
    private func requestShownChildrenSwitch(_ prefix: String) {
        let plain = Self.navigationCount..<pool.count
        let containers = plain.filter { !pool[$0].children.isEmpty }
        let index = containers.isEmpty || draw(below: 4) == 0 ? plain.randomElement(using: &random)! : pick(containers)!
        let screen = pool[index] as! ReentrantScreen
        let shown: Screen? = draw(below: 4) == 0 ? nil : draw(below: 5) == 0 ? pool[anyIndex()] : pick(screen.children)
        screen.showsOneChild = shown != nil
        screen.shownChild = shown
        log(prefix + "\(names[index]).updateShownChildren() showing \(shown.map(name) ?? "every child")")
        screen.updateShownChildren()
    }

    /// Replaces the window's root with a preferably free screen, or (one time in eight) with none.
    private func requestRoot(_ prefix: String, animated: Bool) {
        let screen: Int? = draw(below: 8) == 0 ? nil : preferablyFreeIndex()
        request(prefix + "window.setRootScreen(\(screen.map { names[$0] } ?? "nil"), \(animated))") { completion in
            try window.setRootScreen(screen.map { pool[$0] }, animated: animated, completion: completion)
        }
    }

    // MARK: - Interactive pops

    /// Begins the pop gesture on the navigation controller at `nav`, then leaves it active, finishes, cancels or
    /// updates it.
    ///
    /// Documented: a cancelled pop sends no didPop and no didMove(toParent: nil) for the willPop and
    /// willMove(toParent: nil) it sent as it began, so its completion forgets them.
    func beginInteractivePop(_ prefix: String, on nav: Int) {
        let navigation = navigationController(nav)
        let translation = [24.0, 12.0, -8.0, 0.0][draw(below: 4) == 0 ? draw(below: 4) : 0]
        let then = draw(below: 4)
        // The popping screen is read from the pop once it began: the request first ends an owed didMove, whose app
        // code may change the top before the pop begins. A pop that ends while it begins has not returned yet.
        let topName = name(navigation.topViewController)
        var poppingName: String?
        var begun: InteractivePop?
        request(prefix + "\(names[nav]).beginInteractivePop(\(translation))") { completion in
            let pop = try navigation.beginInteractivePop(translation: translation) { [weak self] outcome in
                self?.isCancelDeferred = false
                if outcome == .cancelled, let self {
                    // Ended while it began: it has not returned, and the popping screen got the latest willPop.
                    let popping = poppingName ?? self.latestWillPop[ObjectIdentifier(navigation)] ?? topName
                    if self.cancelledPopsForgottenEarly[popping, default: 0] > 0 {
                        self.cancelledPopsForgottenEarly[popping, default: 0] -= 1  // by a move from the cancel's calls
                    } else {
                        self.forgetCallsOfCancelledPop(of: popping)
                    }
                }
                completion(outcome)
            }
            poppingName = name(pop.poppingScreen)
            begun = pop
            pops.append(pop)
        }
        if let pop = begun { followUp(pop, as: label(of: pop), then: then) }
    }

    /// Forgets the willPop and the willMove(toParent: nil) that a cancelled pop of the screen named `name` sent and
    /// never ends.
    ///
    /// The willMove, if the pop sent it (it is cancelled before, from the willPop, say): the one recorded as the
    /// pop's, or, when a didMove(toParent: nil) of a later request came first (a removal from the cancel's calls)
    /// and ended it, the oldest one to nil left.
    func forgetCallsOfCancelledPop(of name: String) {
        if interactivePopMoves[name, default: 0] > 0 {
            var pending = pendingMoves[name, default: []]
            if let index = pending.lastIndex(of: Self.interactivePopMove) ?? pending.firstIndex(of: "nil") {
                pending.remove(at: index)
                pendingMoves[name] = pending
            } else {
                // Nothing left to forget: a didMove(toParent: nil) ended the move, which a cancelled pop never does.
                fail(.moveBalance, "\(name)'s cancelled interactive pop had its willMove(toParent: nil) ended")
            }
            interactivePopMoves[name, default: 0] -= 1
        }
        if pendingPops[name, default: 0] > 0 {
            pendingPops[name, default: 0] -= 1
        }
    }

    /// Finishes or cancels `pop`.
    func end(_ pop: InteractivePop, cancelling: Bool) { end(pop, as: label(of: pop), cancelling: cancelling) }

    /// How the trace names `pop`.
    private func label(of pop: InteractivePop) -> String { "pop(\(name(pop.poppingScreen)))" }

    /// The interactive pops in progress, the ones still beginning included: a callback of its beginning may end one.
    var activePops: [InteractivePop] {
        var found = pops.filter { $0.state == .active }
        for case let navigation as NavigationController in pool {
            if let pop = navigation.interactivePop, pop.state == .active, !found.contains(where: { $0 === pop }) {
                found.append(pop)
            }
        }
        return found
    }

    // MARK: - Swiping sheets down

    /// The swipes in progress, the ones still beginning included.
    var activeSwipes: [InteractiveDismissal] {
        var found = swipes.filter { $0.state == .active }
        for screen in pool {
            if let swipe = screen.interactiveDismissal, swipe.state == .active, !found.contains(where: { $0 === swipe })
            {
                found.append(swipe)
            }
        }
        return found
    }

    /// Begins the swipe down of a presented screen of the pool (or, once in four, of any screen of the pool, which the
    /// host may refuse), then leaves it active, finishes, cancels or updates it.
    ///
    /// Documented: a cancelled swipe sends no presentationDidDismiss() for its presentationWillDismiss().
    func beginInteractiveDismissal(_ prefix: String) {
        let presented = pool.indices.filter { pool[$0].presentingScreen != nil }
        let index = (draw(below: 4) == 0 ? nil : pick(presented)) ?? draw(below: pool.count)
        let screen = pool[index]
        let then = draw(below: 4)
        var begun: InteractiveDismissal?
        request(prefix + "\(names[index]).beginInteractiveDismissal()") { completion in
            let swipe = try screen.beginInteractiveDismissal { [weak self] outcome in
                self?.isCancelDeferred = false
                completion(outcome)
            }
            begun = swipe
            swipes.append(swipe)
        }
        if let swipe = begun { followUp(swipe, as: label(of: swipe), then: then) }
    }

    /// Finishes or cancels `swipe`.
    func end(_ swipe: InteractiveDismissal, cancelling: Bool) {
        end(swipe, as: label(of: swipe), cancelling: cancelling)
    }

    /// How the trace names `swipe`.
    private func label(of swipe: InteractiveDismissal) -> String { "swipe(\(name(swipe.dismissedScreen)))" }

    // MARK: - Ending interactive transitions

    /// After `transition` began, if it is still active: leaves it so (`then` 0), finishes (1), cancels (2) or updates
    /// it (3).
    private func followUp(_ transition: some ExploredTransition, as label: String, then: Int) {
        guard transition.isActive else { return }
        switch then {
        case 1: end(transition, as: label, cancelling: false)
        case 2: end(transition, as: label, cancelling: true)
        case 3: transition.update(progress: Double(draw(below: 11)) / 10)
        default: break
        }
    }

    /// Finishes or cancels `transition`, named `label` in the trace.
    private func end(_ transition: some ExploredTransition, as label: String, cancelling: Bool) {
        log("\(label).\(cancelling ? "cancel" : "finish")()")
        if cancelling {
            reversingDepth += 1
            transition.cancel()
            reversingDepth -= 1
            // Asked from inside a will-call of the transition, the cancel waits for it to return.
            if transition.isActive { isCancelDeferred = true }
        } else {
            transition.finish()
        }
    }

    // MARK: - Transitions

    /// Completes the current transition (manual mode) or advances the time by 0.2 seconds (timed mode).
    private func driveTransitions() {
        switch mode {
        case .immediate:
            break
        case .manual:
            log("driver.completeCurrentTransition()")
            window.transitionDriver.completeCurrentTransition()
        case .timed:
            log("time.advance(0.2)")
            time.advance(by: 0.2)
        }
    }

    // MARK: - Running requests

    /// Runs a request with a counted completion; a refused request must never complete.
    func request(_ label: String, _ body: (@escaping (TransitionOutcome) -> Void) throws -> Void) {
        let id = fired.count
        fired.append(0)
        accepted.append(true)
        log("\(label) #\(id)")
        do {
            try body { [weak self] outcome in self?.recordCompletion(of: id, outcome) }
        } catch let error as LifecycleError {
            accepted[id] = false
            log("  -> refused \(error.code)")
        } catch {
            fail(.typedRefusal, "unexpected error \(error)")
        }
    }

    /// Runs a request without a completion; the host may refuse it with a typed error.
    func attempt(_ label: String, _ body: () throws -> Void) {
        log(label)
        do {
            try body()
        } catch let error as LifecycleError {
            log("  -> refused \(error.code)")
        } catch {
            fail(.typedRefusal, "unexpected error \(error)")
        }
    }

    // MARK: - Choosing screens

    /// Whether `screen` has no parent, no presenter and is not the window's root.
    func isFree(_ screen: Screen) -> Bool {
        screen.parent == nil && screen.presentingScreen == nil && window.rootScreen !== screen
    }

    /// Any index of the pool.
    private func anyIndex() -> Int {
        draw(below: pool.count)
    }

    /// The index of a free screen three times out of four when there is one, else any index.
    private func preferablyFreeIndex() -> Int {
        let free = pool.indices.filter { isFree(pool[$0]) }
        if !free.isEmpty && draw(below: 4) > 0 {
            return pick(free)!
        }
        return anyIndex()
    }

    /// The index of a free plain screen three times out of four when there is one, else of any plain screen.
    private func preferablyFreePlainIndex() -> Int {
        let free = pool.indices.filter { $0 >= Self.navigationCount && isFree(pool[$0]) }
        if !free.isEmpty && draw(below: 4) > 0 {
            return pick(free)!
        }
        return Self.navigationCount + draw(below: Self.screenCount)
    }

    /// The index of a screen in the window three times out of four when there is one, else any index.
    private func preferablyInWindowIndex() -> Int {
        let inWindow = pool.indices.filter { pool[$0].window === window }
        if !inWindow.isEmpty && draw(below: 4) > 0 {
            return pick(inWindow)!
        }
        return anyIndex()
    }

    /// The index of a navigation controller in the window three times out of four when there is one, else of any.
    private func preferablyInWindowNavigationIndex() -> Int {
        let inWindow = (0..<Self.navigationCount).filter { pool[$0].window === window }
        if !inWindow.isEmpty && draw(below: 4) > 0 {
            return pick(inWindow)!
        }
        return draw(below: Self.navigationCount)
    }
}
