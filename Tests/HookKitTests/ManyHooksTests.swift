import Testing

@testable import HookKit

/// A point with hundreds of hooks of one kind keeps the order contract through registrations and cancellations: its
/// lists are kept in chunks, which split as they grow and are shared with the chains compiled from them.
@Suite("Many hooks")
struct ManyHooksTests {
    @Test("hundreds of before and after hooks run in contract order after registrations and cancellations")
    func orderAcrossChunks() throws {
        let point = makeVehiclePoint()
        let car = Car(name: "c")
        let trace = Trace()
        var random = ModelBasedTests.SeededGenerator(state: 0x5EED)
        // (index, priority, token) of every live hook of each kind.
        var befores: [(index: Int, priority: Int, token: HookToken)] = []
        var afters: [(index: Int, priority: Int, token: HookToken)] = []
        for index in 0..<300 {
            let priority = Int.random(in: 0..<4, using: &random)
            let before = try point.before(priority: priority) { _, _ in trace.record("before \(index)") }
            befores.append((index, priority, before))
            let after = try point.after(priority: priority) { _, _, _ in trace.record("after \(index)") }
            afters.append((index, priority, after))
        }
        // Befores: higher priority first, then oldest first. Afters: lower priority first, then newest first.
        func expectedTrace() -> [String] {
            let beforeOrder = befores.sorted { ($1.priority, $0.index) < ($0.priority, $1.index) }
            let afterOrder = afters.sorted { ($0.priority, $1.index) < ($1.priority, $0.index) }
            return beforeOrder.map { "before \($0.index)" } + ["body(c)"] + afterOrder.map { "after \($0.index)" }
        }
        call(point, on: car, trace: trace)
        #expect(trace.take() == expectedTrace())
        // Cancel two hooks of three, at random, calling in between (each call runs the chains compiled last).
        for round in 0..<4 {
            for _ in 0..<50 {
                let victim = Int.random(in: 0..<befores.count, using: &random)
                #expect(befores.remove(at: victim).token.cancel())
                let other = Int.random(in: 0..<afters.count, using: &random)
                #expect(afters.remove(at: other).token.cancel())
            }
            call(point, on: car, trace: trace)
            #expect(trace.take() == expectedTrace(), "round \(round)")
        }
        for hook in befores + afters { hook.token.cancel() }
        call(point, on: car, trace: trace)
        #expect(trace.take() == ["body(c)"])
    }
}
