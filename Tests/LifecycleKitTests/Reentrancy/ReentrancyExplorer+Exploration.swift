import LifecycleKit

/// The exploration of one seed: its steps, the settling between them, and the release of the screens at the end.
extension ReentrancyExplorer {
    /// Runs the sequence of `seed` in `mode` with `parameters`: their `stepCount` steps, settling after one step in
    /// eight and at the end, then checks that the host releases the screens.
    ///
    /// - Returns: The first invariant that failed, with the last `traceLineCount` lines of the trace; `nil` when every
    ///   check passed.
    static func explore(
        seed: UInt64, mode: ReentrancyDriverMode, parameters: ReentrancyParameters = .standard, traceLineCount: Int
    ) -> ReentrancyFailure? {
        func report(_ explorer: ReentrancyExplorer) -> ReentrancyFailure? {
            guard let failure = explorer.failure else { return nil }
            return ReentrancyFailure(
                seed: seed, mode: mode, parameters: parameters, moment: failure.moment, invariant: failure.invariant,
                detail: failure.detail, traceTail: explorer.trace.suffix(traceLineCount))
        }
        var released: [(name: String, screen: HostModelTests.Weak)] = []
        var trace: [String] = []
        do {
            let explorer = ReentrancyExplorer(seed: seed, mode: mode, parameters: parameters)
            for index in 1...parameters.stepCount {
                explorer.moment = "step \(index)"
                explorer.log("== step \(index)")
                explorer.step()
                if let failure = report(explorer) { return failure }
                if explorer.draw(below: 8) == 0 {
                    explorer.moment = "settling after step \(index)"
                    explorer.settle()
                    if let failure = report(explorer) { return failure }
                }
            }
            explorer.moment = "final settling"
            explorer.settle()
            if let failure = report(explorer) { return failure }
            let kept = Set(explorer.window.screensInHierarchy.map(ObjectIdentifier.init))
            released = zip(explorer.names, explorer.pool).map { ($0, HostModelTests.Weak($1)) }
            explorer.pool = []
            explorer.pops = []
            explorer.swipes = []
            explorer.moment = "release"
            for (name, reference) in released {
                if let screen = reference.object, !kept.contains(ObjectIdentifier(screen)) {
                    explorer.fail(.release, "the host keeps \(name) alive after it left the hierarchy")
                    return report(explorer)
                }
            }
            trace = explorer.trace
        }
        if let alive = released.first(where: { $0.screen.object != nil }) {
            return ReentrancyFailure(
                seed: seed, mode: mode, parameters: parameters, moment: "release", invariant: .release,
                detail: "\(alive.name) outlives its window", traceTail: trace.suffix(traceLineCount))
        }
        return nil
    }

    /// One step: a random request at the top level, with a fresh budget for the callbacks' own requests.
    func step() {
        budget = parameters.reentryBudget
        callbackCount = 0
        makeRandomRequest(from: nil)
        checkAtEveryStep()
    }

    /// Finishes every active pop and swipe and runs every transition, until nothing is left, then checks the settled
    /// state.
    ///
    /// The callbacks keep making requests (with a fresh budget), which settling runs too; it must converge within
    /// 200 rounds, each running at most 10,000 transitions (``ReentrancyInvariant/termination``).
    func settle() {
        budget = parameters.reentryBudget
        callbackCount = 0
        log("-- settle")
        var rounds = 0
        while true {
            rounds += 1
            if rounds > 200 {
                return fail(.termination, "settling does not converge after 200 rounds")
            }
            var didSomething = false
            for pop in pops where pop.state == .active {
                end(pop, cancelling: false)
                didSomething = true
            }
            pops.removeAll { $0.state != .active }
            for swipe in swipes where swipe.state == .active {
                end(swipe, cancelling: false)
                didSomething = true
            }
            swipes.removeAll { $0.state != .active }
            if mode == .timed {
                time.advance(by: 5)
            }
            var completions = 0
            while window.transitionDriver.completeCurrentTransition() {
                didSomething = true
                completions += 1
                if completions > 10_000 {
                    return fail(.termination, "completing the transitions does not end (10,000 transitions)")
                }
            }
            // A pop begun meanwhile (from a did-call or a completion, which the timed driver runs as time passes)
            // is ended by the next round.
            if pops.contains(where: { $0.state == .active }) || swipes.contains(where: { $0.state == .active }) {
                didSomething = true
            }
            if !didSomething { break }
        }
        checkAtEveryStep()
        checkSettled()
    }
}
