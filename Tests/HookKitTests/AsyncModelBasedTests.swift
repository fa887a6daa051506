import HookKit
import Testing

/// Seeded random sequences of registrations (synchronous and async hooks, suspending overrides), cancellations and
/// calls on an async point, compared with the synchronous model-based test's reference model.
@Suite("Async model-based")
struct AsyncModelBasedTests {
    typealias Model = ModelBasedTests.Model
    typealias ModelHook = ModelBasedTests.ModelHook
    typealias ModelScope = ModelBasedTests.ModelScope

    static let sequenceCount = 1_000

    @Test("1,000 random sequences agree with the reference model")
    func randomSequences() async throws {
        var failures: [UInt64] = []
        for seed in 0..<UInt64(Self.sequenceCount) where !(await runSequence(seed: seed)) {
            failures.append(seed)
            if failures.count >= 3 { break }
        }
        #expect(failures.isEmpty, "diverging seeds: \(failures)")
    }

    /// Registers one hook of `kind` on `point`; `suspends` makes it an `async` hook that yields.
    func register(
        _ kind: HookKind, on point: borrowing AsyncHookPoint<Vehicle, String, String>, scope: HookScope<Vehicle>,
        priority: Int, label: String, once: Bool, suspends: Bool, trace: Trace
    ) throws -> HookToken {
        switch (kind, suspends) {
        case (.before, false):
            return try point.before(scope, priority: priority, label: label, once: once) { _, _ in
                trace.record(label)
            }
        case (.before, true):
            return try point.before(scope, priority: priority, label: label, once: once) { _, _ in
                await Task.yield()
                trace.record(label)
            }
        case (.after, false):
            return try point.after(scope, priority: priority, label: label, once: once) { _, _, _ in
                trace.record(label)
            }
        case (.after, true):
            return try point.after(scope, priority: priority, label: label, once: once) { _, _, _ in
                await Task.yield()
                trace.record(label)
            }
        case (.override, _):
            return try point.override(scope, priority: priority, label: label, once: once) { original in
                { vehicle, prefix in
                    trace.record(label)
                    if suspends { await Task.yield() }
                    return await original(vehicle, prefix) + "<\(label)"
                }
            }
        }
    }

    /// Runs one sequence; returns whether it agreed with the model, recording an issue if not.
    func runSequence(seed: UInt64) async -> Bool {
        var random = ModelBasedTests.SeededGenerator(state: seed)
        let point = AsyncHookPoint<Vehicle, String, String>("AsyncModel.\(seed)")
        let trace = Trace()
        let receivers: [Vehicle] = (0..<6).map { index in
            let type = ModelBasedTests.receiverTypes[index % ModelBasedTests.receiverTypes.count]
            return type.init(name: "r\(index)")
        }
        var model = Model()
        var tokens: [(token: HookToken, order: Int)] = []
        var nextOrder = 0
        let steps = Int.random(in: 10...40, using: &random)
        for step in 0..<steps {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                let (kind, modelScope, scope, priority, once) = ModelBasedTests.randomRegistration(
                    receivers, using: &random)
                let suspends = Bool.random(using: &random)
                let label = "\(kind)#\(nextOrder)"
                let token = try! register(
                    kind, on: point, scope: scope, priority: priority, label: label, once: once, suspends: suspends,
                    trace: trace)
                model.hooks.append(
                    ModelHook(
                        order: nextOrder, kind: kind, scope: modelScope, priority: priority, label: label, once: once)
                )
                tokens.append((token, nextOrder))
                nextOrder += 1
            case 4..<6:
                guard let (removed, expected) = ModelBasedTests.cancelRandom(tokens, in: &model, using: &random)
                else { continue }
                if removed != expected {
                    Issue.record("seed \(seed) step \(step): cancel returned \(removed), model says \(expected)")
                    return false
                }
            default:
                let index = Int.random(in: 0..<receivers.count, using: &random)
                let receiver = receivers[index]
                let expected = model.call(receiverType: type(of: receiver), receiverIndex: index, name: receiver.name)
                let result = await call(point, on: receiver, trace: trace)
                let actual = trace.take()
                let expectedResult =
                    receiver.name
                    + expected.filter { $0.hasPrefix("override") }.reversed().map { "<\($0)" }.joined()
                if actual != expected || result != expectedResult {
                    Issue.record(
                        """
                        seed \(seed) step \(step): call on \(receiver.name)
                          expected \(expected) -> \(expectedResult)
                          actual   \(actual) -> \(result)
                        """)
                    return false
                }
            }
        }
        return true
    }
}
