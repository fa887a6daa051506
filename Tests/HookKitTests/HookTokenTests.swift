import HookKit
import Testing

/// What a token tells about its hook, and its identity.
@Suite("Hook tokens")
struct HookTokenTests {
    @Test("a token names its point and its hook, and equals only itself, also in a set")
    func nameDescriptionAndIdentity() throws {
        let point = HookPoint<Vehicle, String, String>("HookTokens.describe")
        let first = try point.before(priority: 2, label: "audit") { _, _ in }
        let second = try point.before(label: "audit") { _, _ in }
        defer { _ = (first.cancel(), second.cancel()) }
        #expect(first.pointName == "HookTokens.describe")
        #expect(first.description == "HookToken(HookTokens.describe: before all priority 2 'audit')")
        #expect(first == first && first != second)
        #expect(Set([first, second, first]).count == 2)
    }

    @Test("a token outlives its point: it still names it, stays active, and cancel() reports the removal once")
    func tokenOutlivesItsPoint() throws {
        let token: HookToken
        do {
            let point = HookPoint<Vehicle, String, String>("HookTokens.shortLived")
            token = try point.before(label: "kept") { _, _ in }
            call(point, on: Car(name: "c"), trace: Trace())
        }
        #expect(token.pointName == "HookTokens.shortLived")
        #expect(token.description == "HookToken(HookTokens.shortLived: before all priority 0 'kept')")
        // As documented: the hook stays registered until cancel(), which still reports the removal.
        #expect(token.isActive)
        #expect(token.cancel())
        #expect(!token.isActive && !token.cancel())
    }

    @Test("dropping a token leaves its hook registered and running")
    func droppedToken() throws {
        let point = HookPoint<Vehicle, String, String>("HookTokens.dropped")
        let trace = Trace()
        do {
            _ = try point.before(label: "dropped") { vehicle, _ in trace.record("hook(\(vehicle.name))") }
        }
        call(point, on: Car(name: "c"), trace: trace)
        call(point, on: Car(name: "d"), trace: trace)
        #expect(trace.all == ["hook(c)", "body(c)", "hook(d)", "body(d)"])
        #expect(point.hooks.map(\.label) == ["dropped"])
    }
}
