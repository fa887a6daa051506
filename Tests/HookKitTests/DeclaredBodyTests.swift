import Dispatch
import HookKit
import Synchronization
import Testing

/// Points that declare their body (`HookPoint(_:body:)`, called with `invoke(_:_:)`): the same order contract,
/// override chains that end in the body itself, and an `original` that stays callable after its call returned and
/// on another thread.
@Suite("Declared bodies")
struct DeclaredBodyTests {
    /// A ledger whose `post` method declares its body with its point (its state is atomic or a `Trace`).
    class Ledger: @unchecked Sendable {
        static let post = HookPoint<Ledger, Int, Int>("Ledger.post") { ledger, amount in
            ledger.trace.record("body(\(amount))")
            return ledger.balance.add(amount, ordering: .relaxed).newValue
        }
        static let refresh = HookPoint<Ledger, Void, String>("Ledger.refresh") { ledger, _ in
            ledger.trace.record("refresh")
            return "fresh"
        }

        let trace = Trace()
        let balance = Atomic<Int>(0)

        func post(_ amount: Int) -> Int { Self.post.invoke(self, amount) }
        func refresh() -> String { Self.refresh.invoke(self) }
    }

    final class AuditedLedger: Ledger, @unchecked Sendable {}

    @Test("without hooks, invoke(_:_:) runs the declared body; a method without arguments uses invoke(_:)")
    func unhooked() {
        let ledger = Ledger()
        #expect(ledger.post(5) == 5)
        #expect(ledger.refresh() == "fresh")
        #expect(ledger.trace.take() == ["body(5)", "refresh"])
    }

    @Test("before, overrides and after run in the order contract; the innermost original is the declared body")
    func orderContract() throws {
        let point = HookPoint<Ledger, Int, Int>("Declared.order") { ledger, amount in
            ledger.trace.record("body(\(amount))")
            return amount
        }
        let audited = AuditedLedger()
        let trace = audited.trace
        var tokens: [HookToken] = []
        tokens.append(try point.before { _, amount in trace.record("before all(\(amount))") })
        tokens.append(try point.after { _, _, result in trace.record("after all=\(result)") })
        tokens.append(
            try point.override { original in
                { ledger, amount in
                    trace.record("override all")
                    return original(ledger, amount) + 1
                }
            })
        tokens.append(
            try point.override(.type(AuditedLedger.self)) { original in
                { ledger, amount in
                    trace.record("override audited")
                    return original(ledger, amount * 10) * 2
                }
            })
        tokens.append(
            try point.override(.instance(audited)) { original in
                { ledger, amount in
                    trace.record("override instance")
                    return original(ledger, amount + 1)
                }
            })
        #expect(point.invoke(audited, 1) == 42)
        #expect(
            trace.take() == [
                "before all(1)", "override instance", "override audited", "override all", "body(20)", "after all=42",
            ])
        // A plain ledger runs only the every-receiver level.
        let plain = Ledger()
        #expect(point.invoke(plain, 3) == 4)
        #expect(plain.trace.take() == ["body(3)"])
        #expect(trace.take() == ["before all(3)", "override all", "after all=4"])
        for token in tokens { token.cancel() }
        #expect(point.invoke(audited, 7) == 7)
        #expect(trace.take() == ["body(7)"])
    }

    @Test("an override may call original after its call returned, and on another thread")
    func originalOutlivesItsCall() throws {
        let point = HookPoint<Ledger, Int, Int>("Declared.deferred") { ledger, amount in
            ledger.balance.add(amount, ordering: .relaxed).newValue
        }
        let saved = Locked<HookPoint<Ledger, Int, Int>.Original?>(nil)
        try point.override { original in
            saved.withLock { $0 = original }
            return { ledger, amount in original(ledger, amount) }
        }
        let ledger = Ledger()
        #expect(point.invoke(ledger, 2) == 2)
        let original = try #require(saved.withLock { $0 })
        // After the call: the declared body runs, with the arguments given.
        #expect(original(ledger, 3) == 5)
        // On another thread.
        let result = Atomic<Int>(0)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            result.store(original(ledger, 4), ordering: .releasing)
            done.signal()
        }
        done.wait()
        #expect(result.load(ordering: .acquiring) == 9)
    }

    @Test("a declared body can throw; after hooks do not run for a call that throws")
    func throwingBody() throws {
        struct Declined: Error, Equatable {}
        let point = ThrowingHookPoint<Ledger, Int, Int, Declined>("Declared.throwing") {
            (_, amount) throws(Declined) -> Int in
            guard amount > 0 else { throw Declined() }
            return amount
        }
        let trace = Trace()
        try point.before { _, amount in trace.record("before(\(amount))") }
        try point.after { _, _, result in trace.record("after=\(result)") }
        try point.override { original in
            { (ledger, amount) throws(Declined) -> Int in try original(ledger, amount) * 2 }
        }
        #expect(try point.invoke(Ledger(), 4) == 8)
        #expect(throws: Declined()) { try point.invoke(Ledger(), 0) }
        #expect(trace.take() == ["before(4)", "after=8", "before(0)"])
    }

    @Test("overrides alone, then with hooks around them, then alone again: each call runs what is registered")
    func overridesWithAndWithoutHooks() throws {
        struct Declined: Error, Equatable {}
        let trace = Trace()
        let point = ThrowingHookPoint<Ledger, Int, Int, Declined>("Declared.shapes") {
            (_, amount) throws(Declined) -> Int in
            trace.record("body(\(amount))")
            guard amount > 0 else { throw Declined() }
            return amount
        }
        let ledger = Ledger()
        let doubling = try point.override { original in
            { (ledger, amount) throws(Declined) -> Int in
                trace.record("override(\(amount))")
                return try original(ledger, amount) * 2
            }
        }
        #expect(try point.invoke(ledger, 3) == 6)
        #expect(throws: Declined()) { try point.invoke(ledger, 0) }
        #expect(trace.take() == ["override(3)", "body(3)", "override(0)", "body(0)"])

        let before = try point.before { _, amount in trace.record("before(\(amount))") }
        let after = try point.after { _, _, result in trace.record("after=\(result)") }
        #expect(try point.invoke(ledger, 4) == 8)
        #expect(throws: Declined()) { try point.invoke(ledger, 0) }
        #expect(
            trace.take() == [
                "before(4)", "override(4)", "body(4)", "after=8", "before(0)", "override(0)", "body(0)",
            ])

        before.cancel()
        after.cancel()
        #expect(try point.invoke(ledger, 5) == 10)
        #expect(trace.take() == ["override(5)", "body(5)"])

        doubling.cancel()
        #expect(try point.invoke(ledger, 6) == 6)
        #expect(trace.take() == ["body(6)"])
    }

    @Test("calls on many threads while overrides come and go all reach the declared body")
    func concurrentOverrides() throws {
        let point = HookPoint<Ledger, Int, Int>("Declared.concurrent") { _, amount in amount }
        let wrong = Counter()
        let stop = Atomic<Bool>(false)
        runConcurrently(threads: 3) { index in
            if index == 0 {
                for _ in 0..<2_000 {
                    try! point.override { original in { ledger, amount in original(ledger, amount) } }.cancel()
                }
                stop.store(true, ordering: .releasing)
            } else {
                let ledger = Ledger()
                var amount = 0
                while !stop.load(ordering: .acquiring) {
                    amount += 1
                    if point.invoke(ledger, amount) != amount { wrong.increment() }
                }
            }
        }
        #expect(wrong.count == 0)
    }
}
