import Dispatch
import HookKit
import Testing

/// Runs an actor's jobs on a dispatch queue that names itself, so that a synchronous hook can tell which executor it
/// runs on without crashing when it is the wrong one.
final class NamedQueueExecutor: SerialExecutor {
    static let key = DispatchSpecificKey<String>()

    let queue: DispatchQueue

    init(_ name: String) {
        queue = DispatchQueue(label: name)
        queue.setSpecific(key: Self.key, value: name)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// The name of the executor running the current code, or `"elsewhere"`.
    static var current: String { DispatchQueue.getSpecific(key: key) ?? "elsewhere" }
}

/// An account whose methods are hook points, on an executor of its own: no `@unchecked` anywhere.
actor Account {
    static let audit = AsyncHookPoint<Account, Void, [Int]>("Account.audit") { account, _ in account.history }

    nonisolated let name: String
    private let executor: NamedQueueExecutor
    private(set) var balance = 0
    private(set) var history: [Int] = []

    init(_ name: String) {
        self.name = name
        self.executor = NamedQueueExecutor(name)
    }

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Deposits through `point`, with an isolated body that records where it runs in `trace`.
    func deposit(
        _ amount: Int, via point: borrowing AsyncHookPoint<Account, Int, Int>, trace: Trace? = nil
    ) async -> Int {
        await point.invoke(self, amount) { account, amount in
            trace?.record("body on \(NamedQueueExecutor.current)")
            account.balance += amount  // isolated: no await
            account.history.append(amount)
            return account.balance
        }
    }

    /// The number of deposits, through `point`, with an isolated body without arguments.
    func count(via point: borrowing AsyncHookPoint<Account, Void, Int>) async -> Int {
        await point.invoke(self) { account in account.history.count }
    }

    /// The history, through the point that declares its body.
    func audit() async -> [Int] {
        await Self.audit.invoke(self)
    }
}

/// Another actor, on another executor, to which overrides hand `original`.
actor Teller {
    private let executor = NamedQueueExecutor("teller")

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    func run(_ original: AsyncHookPoint<Account, Int, Int>.Original, _ account: Account, _ amount: Int) async -> Int {
        await original(account, amount)
    }
}

/// Methods of actors as hook points: the body is isolated to the receiver, hooks and overrides run in the calling
/// actor method's isolation and see the receiver.
@Suite("Async actors")
struct AsyncActorTests {
    /// The point of the concurrent test: a `static let`, so that tasks can share it.
    static let churned = AsyncHookPoint<Account, Int, Int>("AsyncActor.churn")

    @Test("hooks and overrides run on the actor's executor and see the receiver; the body is isolated")
    func hooksRunInTheActorsIsolation() async throws {
        let point = AsyncHookPoint<Account, Int, Int>("AsyncActor.deposit")
        let trace = Trace()
        try point.before { account, amount in
            trace.record("before \(amount) on \(NamedQueueExecutor.current) for \(account.name)")
        }
        try point.before { account, _ in
            await Task.yield()
            let isolatedToAccount = (#isolation).map { ObjectIdentifier($0) } == ObjectIdentifier(account)
            trace.record("async before isolated to the account: \(isolatedToAccount)")
        }
        try point.override { original in
            { account, amount in
                let before = await account.balance
                trace.record("override on \(NamedQueueExecutor.current), balance \(before)")
                return await original(account, amount * 10)
            }
        }
        try point.after { account, _, balance in
            trace.record("after on \(NamedQueueExecutor.current): \(balance)")
        }
        try point.after { _, _, _ in
            await Task.yield()
            trace.record("async after on \(NamedQueueExecutor.current)")
        }
        let account = Account("acct")
        #expect(await account.deposit(5, via: point, trace: trace) == 50)
        #expect(await account.history == [50])
        #expect(
            trace.all == [
                "before 5 on acct for acct", "async before isolated to the account: true",
                "override on acct, balance 0", "body on acct", "async after on acct", "after on acct: 50",
            ])
    }

    @Test("called from outside the actor: a passed isolated body runs the call on the receiver, a declared body not")
    @MainActor
    func callsFromOutsideTheActor() async throws {
        let point = AsyncHookPoint<Account, Int, Int>("AsyncActor.fromOutside")
        // A point of its own (not `Account.audit`, which another test hooks for every receiver at the same time).
        let declaredPoint = AsyncHookPoint<Account, Void, [Int]>("AsyncActor.fromOutside.declared") { account, _ in
            account.history
        }
        let trace = Trace()
        try point.before { _, _ in trace.record("passed body: hook on \(NamedQueueExecutor.current)") }
        try declaredPoint.before { _, _ in trace.record("declared body: hook on \(NamedQueueExecutor.current)") }
        let account = Account("outside")
        let balance = await point.invoke(account, 3) { account, amount in
            trace.record("body on \(NamedQueueExecutor.current)")
            return amount
        }
        #expect(balance == 3)
        #expect(await declaredPoint.invoke(account) == [])
        #expect(
            trace.all == [
                "passed body: hook on outside", "body on outside", "declared body: hook on elsewhere",
            ])
    }

    @Test("a hook that captures through a weak let runs on the actor; one with a capture list does not yet")
    func captureListsAndIsolation() async throws {
        let point = AsyncHookPoint<Account, Int, Int>("AsyncActor.captures")
        let trace = Trace()
        let watcher = Trace()
        // The documented way to capture weakly: a `weak let` outside the closure, no capture list.
        weak let weakWatcher = watcher
        try point.before { _, amount in
            await Task.yield()
            weakWatcher?.record("deposit \(amount)")
            trace.record("weak let: on \(NamedQueueExecutor.current)")
        }
        try point.after { [weak watcher] _, _, _ in
            await Task.yield()
            watcher?.record("deposited")
            trace.record("capture list: on \(NamedQueueExecutor.current)")
        }
        let account = Account("acct")
        #expect(await account.deposit(5, via: point) == 5)
        #expect(watcher.all == ["deposit 5", "deposited"])
        #expect(trace.all.first == "weak let: on acct")
        // Intermittent: a compiler with the fix records no issue.
        withKnownIssue(
            "Swift 6.3 infers an async closure with a capture list as @concurrent (swiftlang/swift#87097)",
            isIntermittent: true
        ) {
            #expect(trace.all.last == "capture list: on acct")
        }
    }

    /// Where ``recordWhereItRuns(_:_:)`` ran.
    static let functionTrace = Trace()

    /// A hook declared as a function rather than a closure literal: `nonisolated(nonsending)`, as the point's own
    /// hook types are, so that it runs in the call's isolation.
    nonisolated(nonsending) static func recordWhereItRuns(_ account: Account, _ amount: Int) async {
        await Task.yield()
        functionTrace.record("function \(amount) on \(NamedQueueExecutor.current)")
    }

    @Test("hooks that are no closure literal run on the actor: a nonsending function, a closure of the point's type")
    func hooksThatAreNoClosureLiteral() async throws {
        let point = AsyncHookPoint<Account, Int, Int>("AsyncActor.notLiterals")
        let trace = Trace()
        try point.before(.all, Self.recordWhereItRuns)  // the function itself, no closure literal around it
        let stored: AsyncHookPoint<Account, Int, Int>.AsyncAfterHook = { _, _, balance in
            await Task.yield()
            trace.record("stored closure \(balance) on \(NamedQueueExecutor.current)")
        }
        try point.after(.all, stored)
        let account = Account("vault")
        #expect(await account.deposit(3, via: point) == 3)
        #expect(Self.functionTrace.all == ["function 3 on vault"])
        #expect(trace.all == ["stored closure 3 on vault"])
    }

    @Test("original handed to another actor still runs the body isolated to its receiver")
    func originalOnAnotherActor() async throws {
        let point = AsyncHookPoint<Account, Int, Int>("AsyncActor.teller")
        let trace = Trace()
        let teller = Teller()
        try point.override { original in
            { account, amount in
                trace.record("override on \(NamedQueueExecutor.current)")
                return await teller.run(original, account, amount + 1)
            }
        }
        let account = Account("acct")
        #expect(await account.deposit(1, via: point, trace: trace) == 2)
        #expect(trace.all == ["override on acct", "body on acct"])
    }

    @Test("a body without arguments, and a declared isolated body")
    func otherBodyShapes() async throws {
        let count = AsyncHookPoint<Account, Void, Int>("AsyncActor.count")
        let deposit = AsyncHookPoint<Account, Int, Int>("AsyncActor.plain")
        let account = Account("shapes")
        #expect(await account.count(via: count) == 0)  // never hooked: the body alone
        try count.override { original in { account, _ in await original(account, ()) + 100 } }
        let audited = try Account.audit.after(label: "audit") { account, _, history in
            #expect(history == [1, 2])
            #expect(NamedQueueExecutor.current == account.name)
        }
        defer { audited.cancel() }
        _ = await account.deposit(1, via: deposit)
        _ = await account.deposit(2, via: deposit)
        #expect(await account.count(via: count) == 102)
        #expect(await account.audit() == [1, 2])
        #expect(Account.audit.hooks(for: account).map(\.label) == ["audit"])
    }

    @Test("100 concurrent deposits while hooks come and go: every deposit lands once")
    func concurrentDepositsWithChurn() async throws {
        let calls = Counter()
        try Self.churned.before { _, _ in calls.increment() }
        let account = Account("busy")
        await withTaskGroup(of: Void.self) { group in
            for amount in 1...100 {
                group.addTask { _ = await account.deposit(amount, via: Self.churned) }
            }
            group.addTask {
                for round in 0..<200 {
                    let token = try? Self.churned.override(label: "noop \(round)") { original in
                        { account, amount in await original(account, amount) }
                    }
                    await Task.yield()
                    token?.cancel()
                }
            }
        }
        #expect(await account.balance == 5_050)
        #expect(await account.history.count == 100)
        #expect(calls.count == 100)
        #expect(Self.churned.hooks.count == 1)
    }
}
