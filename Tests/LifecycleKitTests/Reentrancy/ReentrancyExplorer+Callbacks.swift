import LifecycleKit

/// The pool's callbacks: each is traced, checked against the calls before it, then may make a request of its own.
extension ReentrancyExplorer {
    /// Records a call that is only traced (loadView, viewDidLoad, presentationDidAttemptToDismiss).
    func recordCall(_ screen: Screen, _ method: String) {
        countCallback()
        log("\(name(screen)).\(method)")
        maybeReenter(from: "\(name(screen)).\(method)")
    }

    /// Records an appearance call, which must follow the one before it (``ReentrancyInvariant/appearanceOrder``).
    ///
    /// While an interactive pop is cancelled, viewWillAppear may follow viewWillDisappear and viewWillDisappear may
    /// follow viewWillAppear (documented: the cancel turns the calls of the beginning around).
    func recordAppearance(_ screen: Screen, _ call: ReentrancyAppearanceCall) {
        countCallback()
        let name = name(screen)
        log("\(name).\(call.rawValue)")
        let phase = phases[name] ?? .off
        let isReversing = reversingDepth > 0 || isCancelDeferred
        switch call {
        case .viewWillAppear:
            if !(phase == .off || (phase == .willDisappear && isReversing)) {
                fail(.appearanceOrder, "\(name).viewWillAppear after \(phase)")
            }
            phases[name] = .willAppear
            awaitsViewIsAppearing.insert(name)
        case .viewDidAppear:
            if phase != .willAppear {
                fail(.appearanceOrder, "\(name).viewDidAppear after \(phase)")
            } else if awaitsViewIsAppearing.contains(name) {
                fail(.appearanceOrder, "\(name).viewDidAppear before its viewIsAppearing")
            }
            phases[name] = .on
        case .viewWillDisappear:
            if !(phase == .on || (phase == .willAppear && isReversing)) {
                fail(.appearanceOrder, "\(name).viewWillDisappear after \(phase)")
            } else if phase == .willAppear && awaitsViewIsAppearing.contains(name) {
                fail(.appearanceOrder, "\(name).viewWillDisappear turned its appearance around before viewIsAppearing")
            }
            phases[name] = .willDisappear
        case .viewDidDisappear:
            if phase != .willDisappear {
                fail(.appearanceOrder, "\(name).viewDidDisappear after \(phase)")
            }
            phases[name] = .off
        }
        maybeReenter(from: "\(name).\(call.rawValue)")
    }

    /// Records a viewIsAppearing, which must come once per appearance, after viewWillAppear and before the screen's
    /// next appearance call (``ReentrancyInvariant/appearanceOrder``).
    func recordViewIsAppearing(_ screen: Screen) {
        countCallback()
        let name = name(screen)
        log("\(name).viewIsAppearing")
        if phases[name] != .willAppear {
            fail(.appearanceOrder, "\(name).viewIsAppearing after \(phases[name] ?? .off)")
        } else if awaitsViewIsAppearing.remove(name) == nil {
            fail(.appearanceOrder, "\(name).viewIsAppearing twice in one appearance")
        }
        maybeReenter(from: "\(name).viewIsAppearing")
    }

    /// Records a willMove(toParent:), which a didMove(toParent:) with the same parent must end.
    ///
    /// The willMove(toParent: nil) of an interactive pop's beginning is kept as ``interactivePopMove``: a cancelled
    /// pop never ends it, and its completion forgets that one, not a later pop's requested from the cancel's calls.
    func recordWillMove(_ screen: Screen, toParent parent: Screen?) {
        countCallback()
        let name = name(screen)
        log("\(name).willMove(\(self.name(parent)))")
        let isInteractivePops = parent == nil && isPoppingInteractively(screen)
        pendingMoves[name, default: []].append(isInteractivePops ? Self.interactivePopMove : self.name(parent))
        if isInteractivePops { interactivePopMoves[name, default: 0] += 1 }
        maybeReenter(from: "\(name).willMove")
    }

    /// The state of the latest interactive pop the explorer began that takes `screen` out, if any.
    ///
    /// A pop that ends while it begins (finished from a call of its beginning) is not among ``pops`` yet: its
    /// navigation controller still holds it, and it is the latest (harsh seed 98528: its finished move was not
    /// counted out, and a later pop of the screen, cancelled before its own willMove, was reported).
    private func latestPopState(of screen: Screen) -> InteractivePop.State? {
        for index in 0..<Self.navigationCount {
            if let pop = navigationController(index).interactivePop, pop.poppingScreen === screen,
                !pops.contains(where: { $0 === pop })
            {
                return pop.state
            }
        }
        return pops.last { $0.poppingScreen === screen }?.state
    }

    /// Whether `screen` is the popping screen of an interactive pop in progress (its beginning's calls are running).
    private func isPoppingInteractively(_ screen: Screen) -> Bool {
        guard let pop = screen.navigationController?.interactivePop else { return false }
        return pop.state == .active && pop.poppingScreen === screen
    }

    /// Records a didMove(toParent:), which must end the oldest pending willMove(toParent:) of its screen, with the same
    /// parent (``ReentrancyInvariant/moveBalance``).
    ///
    /// Documented (Refused requests): a child that leaves its container during its addChild gets no
    /// didMove(toParent:) for the container it left, so its willMove(container) and willMove(nil) both end with its
    /// didMove(nil).
    func recordDidMove(_ screen: Screen, toParent parent: Screen?) {
        countCallback()
        let name = name(screen)
        let parentName = self.name(parent)
        log("\(name).didMove(\(parentName))")
        // A cancelled pop's willMove(toParent: nil) stays unmatched from the cancel on (the screen is back among the
        // children before the cancel's calls): a move to a parent from those calls forgets it then, before the pop's
        // completion would (harsh seed 20284: the screen left and joined the stack again from them).
        if parentName != "nil", interactivePopMoves[name, default: 0] > 0,
            let pop = (screen.parent as? NavigationController)?.interactivePop, pop.state == .cancelled,
            pop.poppingScreen === screen
        {
            forgetCallsOfCancelledPop(of: name)
            cancelledPopsForgottenEarly[name, default: 0] += 1
        }
        var pending = pendingMoves[name, default: []]
        // An interactive pop's willMove(toParent: nil) is one to nil.
        func movedTo(_ index: Int) -> String { pending[index] == Self.interactivePopMove ? "nil" : pending[index] }
        if pending.isEmpty {
            fail(.moveBalance, "\(name).didMove(\(parentName)) without a willMove")
        } else if movedTo(0) != parentName, parentName == "nil", pending.count >= 2, movedTo(1) == "nil",
            joiningByAddChild[name] == pending[0]
        {
            log("(documented: \(name) left \(pending[0]) during addChild, no didMove(\(pending[0])))")
            pending.removeFirst(2)
        } else if pending[0] == Self.interactivePopMove, pending.count > 1, movedTo(1) == parentName,
            latestPopState(of: screen) == .cancelled
        {
            // The willMove after a cancelled interactive pop's willMove(toParent: nil), which stays unmatched until the
            // pop's completion: this didMove ends the later one (harsh seed 43957: the screen popped again from the
            // cancel's calls, then added to a container, before the pop's completion).
            pending.remove(at: 1)
        } else {
            if movedTo(0) != parentName {
                let message = "\(name).didMove(\(parentName)) but the pending willMove is (\(pending[0])); \(pending)"
                fail(.moveBalance, message)
            }
            // A finished interactive pop's move ends here: its count goes too, so that a later pop of the screen,
            // cancelled before its own willMove, finds nothing of it left to forget (helper-245). Not a pop still
            // active (its cancel deferred until its will-calls return) whose move a later request's didMove ended:
            // its completion forgets that request's move instead (standard seed 316056).
            let ended = pending.removeFirst()
            if ended == Self.interactivePopMove, latestPopState(of: screen) == .finished {
                interactivePopMoves[name, default: 0] -= 1
            }
        }
        pendingMoves[name] = pending
        maybeReenter(from: "\(name).didMove")
    }

    /// Records a willPop, which a didPop must end.
    func recordWillPop(_ screen: Screen) {
        // Only an interactive pop's beginning: a pop requested from the calls that end it sends a willPop of its own.
        if let navigation = screen.navigationController, isPoppingInteractively(screen) {
            latestWillPop[ObjectIdentifier(navigation)] = name(screen)
        }
        recordOpening(screen, "willPop", in: \.pendingPops)
    }

    /// Records a didPop, which must end a pending willPop of its screen (``ReentrancyInvariant/popBalance``).
    func recordDidPop(_ screen: Screen) {
        recordClosing(screen, "didPop", ending: "willPop", in: \.pendingPops, .popBalance)
    }

    /// Answers a shouldPop: after a possible request of its own, `true` four times out of five.
    func answerShouldPop(_ screen: Screen) -> Bool { answer(screen, "shouldPop") }

    /// Answers a presentationShouldDismiss(): after a possible request of its own, `true` four times out of five.
    func answerShouldDismiss(_ screen: Screen) -> Bool { answer(screen, "presentationShouldDismiss") }

    /// Records a presentationWillDismiss(), which at most one presentationDidDismiss() may end.
    func recordWillDismiss(_ screen: Screen) {
        recordOpening(screen, "presentationWillDismiss", in: \.pendingDismissals)
    }

    /// Records a presentationDidDismiss(), which must end a pending presentationWillDismiss() of its screen
    /// (``ReentrancyInvariant/dismissalBalance``).
    func recordDidDismiss(_ screen: Screen) {
        recordClosing(
            screen, "presentationDidDismiss", ending: "presentationWillDismiss", in: \.pendingDismissals,
            .dismissalBalance)
    }

    /// Records a presentationDidAttemptToDismiss().
    func recordDidAttemptToDismiss(_ screen: Screen) { recordCall(screen, "presentationDidAttemptToDismiss") }

    /// Records a call that opens a pair (willPop, presentationWillDismiss): one more pending in `pending` for its
    /// screen.
    private func recordOpening(
        _ screen: Screen, _ method: String, in pending: ReferenceWritableKeyPath<ReentrancyExplorer, [String: Int]>
    ) {
        countCallback()
        let name = name(screen)
        log("\(name).\(method)")
        self[keyPath: pending][name, default: 0] += 1
        maybeReenter(from: "\(name).\(method)")
    }

    /// Records a call that must end a pending `opening` call of its screen, counted in `pending` (`invariant` fails
    /// when none is pending).
    private func recordClosing(
        _ screen: Screen, _ method: String, ending opening: String,
        in pending: ReferenceWritableKeyPath<ReentrancyExplorer, [String: Int]>, _ invariant: ReentrancyInvariant
    ) {
        countCallback()
        let name = name(screen)
        log("\(name).\(method)")
        if self[keyPath: pending][name, default: 0] == 0 {
            fail(invariant, "\(name).\(method) without \(opening)")
        }
        self[keyPath: pending][name, default: 0] -= 1
        maybeReenter(from: "\(name).\(method)")
    }

    /// Answers a should-call (shouldPop, presentationShouldDismiss): after a possible request of its own, `true` four
    /// times out of five.
    private func answer(_ screen: Screen, _ method: String) -> Bool {
        recordCall(screen, method)
        return draw(below: 5) != 0
    }

    /// Records a navigation controller's willShow.
    func recordWillShow(_ screen: Screen, in navigation: Screen) {
        countCallback()
        log("\(name(navigation)).willShow(\(name(screen)))")
        maybeReenter(from: "\(name(navigation)).willShow")
    }

    /// Records a navigation controller's didShow.
    func recordDidShow(_ screen: Screen, in navigation: Screen) {
        countCallback()
        log("\(name(navigation)).didShow(\(name(screen)))")
        maybeReenter(from: "\(name(navigation)).didShow")
    }

    /// Records a request's completion, which may fire only once (``ReentrancyInvariant/completionOnce``, checked after
    /// the step).
    func recordCompletion(of request: Int, _ outcome: TransitionOutcome) {
        fired[request] += 1
        countCallback()
        log("completion #\(request) \(outcome)")
        maybeReenter(from: "completion #\(request)")
    }

    /// Counts a callback of the step; past ``callbackLimit`` the step is running away
    /// (``ReentrancyInvariant/termination``).
    func countCallback() {
        callbackCount += 1
        if callbackCount > Self.callbackLimit && !isRunningAway {
            isRunningAway = true
            fail(.termination, "runaway: more than \(Self.callbackLimit) callbacks in one step")
        }
    }

    /// Makes a random request from inside the callback `context`, as often as the parameters say (one time in four by
    /// default), within the depth and the budget.
    func maybeReenter(from context: String) {
        guard depth < parameters.maximumDepth, budget > 0, !isRunningAway, chance(percent: parameters.reentryPercent)
        else {
            return
        }
        budget -= 1
        depth += 1
        defer { depth -= 1 }
        makeRandomRequest(from: context)
    }
}
