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

    @Test("a token outlives its point: it still names it, and cancel() reports the removal once")
    func tokenOutlivesItsPoint() throws {
        let token: HookToken
        do {
            let point = HookPoint<Vehicle, String, String>("HookTokens.shortLived")
            token = try point.before(label: "kept") { _, _ in }
            call(point, on: Car(name: "c"), trace: Trace())
        }
        #expect(token.pointName == "HookTokens.shortLived")
        #expect(token.description == "HookToken(HookTokens.shortLived: before all priority 0 'kept')")
        let wasActive = token.isActive
        #expect(token.cancel() == wasActive)
        #expect(!token.isActive && !token.cancel())
    }
}
