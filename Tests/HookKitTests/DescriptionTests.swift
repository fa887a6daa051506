import HookKit
import Testing

/// What introspection and traces print: a hook's kind, its one-line description and its identifier, and a trace
/// event's line (scopes are in `ScopeDescriptionTests`, tokens in `HookTokenTests`).
@Suite("Descriptions")
struct DescriptionTests {
    @Test("a kind is made from its name, before, override or after, and nothing else; it prints as its name")
    func kindNames() {
        #expect(["before", "override", "after"].map(HookKind.init(rawValue:)) == [.before, .override, .after])
        #expect(["Before", "instead", ""].map(HookKind.init(rawValue:)) == [nil, nil, nil])
        #expect(HookKind.allCases.map(\.description) == ["before", "override", "after"])
    }

    @Test("a hook prints as kind, scope, priority, then its label in quotes and 'once' when it has them")
    func hookLines() throws {
        let point = HookPoint<Vehicle, String, String>("Descriptions.hook")
        let once = try point.before(.type(Car.self), priority: 10, label: "audit", once: true) { _, _ in }
        let plain = try point.after { _, _, _ in }
        defer { _ = (once.cancel(), plain.cancel()) }
        #expect(once.hook.description == "before type(HookKitTests.Car) priority 10 'audit' once")
        #expect(plain.hook.description == "after all priority 0")
        #expect(once.hook.isOnce && !plain.hook.isOnce)
        #expect(plain.hook.label == nil && plain.hook.priority == 0 && plain.hook.scope == .all)
    }

    @Test("an identifier is never reused, across points or after a cancellation; a description built by hand is equal")
    func identifiers() throws {
        let first = HookPoint<Vehicle, String, String>("Descriptions.first")
        let second = HookPoint<Vehicle, String, String>("Descriptions.second")
        var ids: [UInt64] = []
        for _ in 0..<3 {
            let a = try first.before(label: "a") { _, _ in }
            let b = try second.before(label: "a") { _, _ in }
            ids += [a.hook.id, b.hook.id]
            a.cancel()
            b.cancel()
        }
        #expect(Set(ids).count == 6)
        let token = try first.after(priority: 3, label: "x") { _, _, _ in }
        defer { token.cancel() }
        let built = HookDescription(
            id: token.hook.id, kind: .after, scope: .all, label: "x", priority: 3, isOnce: false)
        #expect(built == token.hook)
        #expect(first.hooks == [built])
    }

    @Test("a trace event prints the hooks in the order they ran, the body between overrides and after hooks, 'threw'")
    func traceEventLines() {
        let audit = HookDescription(id: 1, kind: .before, scope: .all, label: "audit", priority: 0, isOnce: false)
        let after = HookDescription(id: 2, kind: .after, scope: .all, label: nil, priority: 0, isOnce: false)
        let override = HookDescription(
            id: 3, kind: .override, scope: .type("Shop.Sub"), label: "o", priority: 0, isOnce: false)
        let returned = HookTraceEvent(
            pointName: "Checkout.submit", receiverType: "Shop.Checkout", hooks: [audit, after], bodyRan: true,
            threw: false)
        #expect(returned.description == "Checkout.submit on Shop.Checkout: before all 'audit', body, after all")
        #expect(returned.receiver == nil)
        let threw = HookTraceEvent(
            pointName: "P", receiverType: "T", hooks: [audit, override], bodyRan: false, threw: true)
        #expect(threw.description == "P on T: before all 'audit', override type(Shop.Sub) 'o', threw")
        let bare = HookTraceEvent(pointName: "P", receiverType: "T", hooks: [], bodyRan: true, threw: false)
        #expect(bare.description == "P on T: body")
    }

    @Test("descriptions stay on one line: line breaks and control characters in names and labels are escaped")
    func oneLineDescriptions() throws {
        let odd = HookDescription(
            id: 1, kind: .before, scope: .all, label: "a\nb\u{0}c\u{1B}", priority: 0, isOnce: false)
        #expect(odd.description == #"before all priority 0 'a\nb\0c\u{1B}'"#)
        let event = HookTraceEvent(
            pointName: "Hunt.run\nsecond", receiverType: "T", hooks: [odd], bodyRan: true, threw: false)
        #expect(event.description == #"Hunt.run\nsecond on T: before all 'a\nb\0c\u{1B}', body"#)
        let point = HookPoint<Vehicle, Void, Void>("Hunt.run\nsecond")
        let token = try point.before(label: "x\ty") { _, _ in }
        defer { token.cancel() }
        #expect(token.description == #"HookToken(Hunt.run\nsecond: before all priority 0 'x\ty')"#)
    }

    @Test("a backslash in a name or a label is doubled, so that its own backslash-n reads apart from a line break")
    func backslashesAreDoubled() throws {
        let typed = HookDescription(id: 1, kind: .after, scope: .all, label: #"a\nb"#, priority: 0, isOnce: true)
        let broken = HookDescription(id: 2, kind: .after, scope: .all, label: "a\nb", priority: 0, isOnce: true)
        #expect(typed.description == #"after all priority 0 'a\\nb' once"#)
        #expect(broken.description == #"after all priority 0 'a\nb' once"#)
        let event = HookTraceEvent(pointName: #"P\q"#, receiverType: "T", hooks: [typed], bodyRan: false, threw: false)
        #expect(event.description == #"P\\q on T: after all 'a\\nb'"#)
        let point = HookPoint<Vehicle, Void, Void>(#"Dir\run"#)
        let token = try point.before(label: #"\"#) { _, _ in }
        defer { token.cancel() }
        #expect(token.description == #"HookToken(Dir\\run: before all priority 0 '\\')"#)
    }
}
