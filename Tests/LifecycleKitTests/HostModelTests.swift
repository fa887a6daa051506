import LifecycleKit
import Testing

/// Seeded random sequences of requests on the host (pushes, pops, presentations and dismissals from any screen,
/// containment and switches of the children a container shows, interactive pops, root replacement, background and
/// foreground, hiding and showing), with transitions completed at random points, checked against the invariants of
/// ``HostModel`` after every step.
///
/// A failure prints its seed, what failed, and the sequence shortened to the steps that still make it fail.
@Suite("Host model")
struct HostModelTests {
    static let sequenceCount = 2_000
    static let stepCount = 40
    /// The sequences run in this many groups, in parallel.
    static let groupCount = 8

    @Test(
        "2,000 random request sequences keep every will-call balanced and the host consistent",
        arguments: 0..<groupCount)
    func randomSequences(group: Int) {
        var failures = 0
        for seed in stride(from: UInt64(group), to: UInt64(Self.sequenceCount), by: Self.groupCount) {
            let (steps, failure) = Self.execute(seed: seed)
            guard let failure else { continue }
            let (shortened, shortenedFailure) = Self.shorten(steps, seed: seed)
            Issue.record(
                """
                seed \(seed): \(failure)
                shortened to \(shortened.count) of \(steps.count) steps (fails with: \(shortenedFailure)), \
                each with the appearance calls it made:
                \(Self.trace(seed: seed, steps: shortened).joined(separator: "\n"))
                """)
            failures += 1
            if failures >= 3 { break }
        }
    }

    /// Runs the sequence of `seed` (generated from the host's state, or `steps` when given), settles, and checks
    /// that the host keeps alive only the screens of its hierarchy.
    ///
    /// - Returns: The steps run, and the first failure.
    static func execute(seed: UInt64, steps given: [ModelStep]? = nil) -> (steps: [ModelStep], failure: String?) {
        var steps: [ModelStep] = []
        var released: [(name: String, screen: Weak)] = []
        do {
            let model = HostModel(seed: seed)
            var generator = ModelStepGenerator(seed: seed)
            for index in 0..<(given?.count ?? stepCount) {
                let step = given?[index] ?? generator.next(for: model)
                steps.append(step)
                model.run(step)
                if let failure = model.failure { return (steps, "step \(index + 1): " + failure) }
            }
            model.run(.settle)
            if let failure = model.failure { return (steps, "settling: " + failure) }
            let kept = Set(model.hierarchy.map(ObjectIdentifier.init))
            released = zip(model.names, model.pool).map { ($0, Weak($1)) }
            model.releasePool()
            for (name, reference) in released {
                guard let screen = reference.object else { continue }
                if !kept.contains(ObjectIdentifier(screen)) {
                    return (steps, "the host keeps \(name) alive after it left the hierarchy")
                }
            }
        }
        if let alive = released.first(where: { $0.screen.object != nil }) {
            return (steps, "\(alive.name) outlives its window")
        }
        return (steps, nil)
    }

    /// Removes steps while the sequence still fails: chunks first, then single steps.
    static func shorten(_ steps: [ModelStep], seed: UInt64) -> (steps: [ModelStep], failure: String) {
        var current = steps
        var failure = execute(seed: seed, steps: current).failure ?? "(does not fail again)"
        var chunk = max(1, current.count / 2)
        while chunk >= 1 {
            var start = 0
            while start < current.count {
                var candidate = current
                candidate.removeSubrange(start..<min(current.count, start + chunk))
                if let candidateFailure = execute(seed: seed, steps: candidate).failure {
                    current = candidate
                    failure = candidateFailure
                } else {
                    start += chunk
                }
            }
            chunk /= 2
        }
        return (current, failure)
    }

    /// The steps of a sequence, each followed by the appearance calls it made, then the calls of settling.
    static func trace(seed: UInt64, steps: [ModelStep]) -> [String] {
        let model = HostModel(seed: seed)
        var lines: [String] = []
        for step in steps + [.settle] {
            let before = model.tracker.calls.count
            model.run(step)
            lines.append("  " + step.describe(model.names))
            let calls = model.tracker.calls[before...]
            if !calls.isEmpty {
                lines.append("      " + calls.joined(separator: ", "))
            }
        }
        return lines
    }

    /// A weak reference to a screen.
    struct Weak {
        weak var object: Screen?

        init(_ object: Screen) {
            self.object = object
        }
    }
}
