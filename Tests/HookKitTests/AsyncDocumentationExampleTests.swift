import HookKit
import Testing

// The async examples of the README and of the "Async methods and actors" article, verbatim, so that they keep
// compiling and doing what the text says. The types live in namespaces of their own; the suites are serialized, so
// the examples' every-receiver hooks never meet another test's calls.

/// What the examples print, captured by this file's `print`.
private let printed = Trace()

/// Shadows `Swift.print` in this file, so that the lines the examples print can be checked.
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    printed.record(items.map { "\($0)" }.joined(separator: separator))
}

/// The types of the README's async section.
enum AsyncReadmeExample {
    final class Client: Sendable {
        static let fetch = AsyncThrowingHookPoint<Client, Int, String, any Error>("Client.fetch")

        func fetch(_ id: Int) async throws -> String {
            try await Self.fetch.invoke(self, id) { client, id in
                try await client.load(id)
            }
        }

        func load(_ id: Int) async throws -> String {
            "item \(id)"
        }
    }

    actor Inventory {
        static let reserve = AsyncHookPoint<Inventory, String, Bool>("Inventory.reserve")

        var stock: [String: Int] = ["shoes": 1]

        func reserve(_ item: String) async -> Bool {
            await Self.reserve.invoke(self, item) { inventory, item in
                guard inventory.stock[item, default: 0] > 0 else { return false }
                inventory.stock[item, default: 0] -= 1  // isolated: no await
                return true
            }
        }
    }
}

/// The types of "Async methods and actors".
enum AsyncArticleExample {
    final class Client: Sendable {
        static let fetch = AsyncThrowingHookPoint<Client, Int, String, any Error>("Client.fetch")

        func fetch(_ id: Int) async throws -> String {
            try await Self.fetch.invoke(self, id) { client, id in
                try await client.load(id)
            }
        }

        func load(_ id: Int) async throws -> String {
            "item \(id)"
        }
    }

    /// The article's `Client` again, for the cancellation override: its body counts the calls that reach it.
    final class CancellationClient: Sendable {
        static let fetch = AsyncThrowingHookPoint<CancellationClient, Int, String, any Error>(
            "CancellationClient.fetch")
        static let loads = Trace()

        func fetch(_ id: Int) async throws -> String {
            try await Self.fetch.invoke(self, id) { client, id in
                try await client.load(id)
            }
        }

        func load(_ id: Int) async throws -> String {
            Self.loads.record("load \(id)")
            return "item \(id)"
        }
    }

    actor RateLimiter {
        static let shared = RateLimiter()

        private(set) var turns = 0

        func waitForTurn() async {
            turns += 1
        }
    }

    actor Analytics {
        static let shared = Analytics()

        private(set) var recorded: [String] = []

        func record(_ item: String) {
            recorded.append(item)
        }
    }

    actor Inventory {
        static let reserve = AsyncHookPoint<Inventory, String, Bool>("Inventory.reserve")

        var stock: [String: Int] = ["shoes": 1]

        func reserve(_ item: String) async -> Bool {
            await Self.reserve.invoke(self, item) { inventory, item in
                guard inventory.stock[item, default: 0] > 0 else { return false }
                inventory.stock[item, default: 0] -= 1  // isolated: no await
                return true
            }
        }
    }
}

/// The actors article's hook declared as a function: `nonisolated(nonsending)`, so that it runs on the actor.
nonisolated(nonsending) func audit(_ inventory: AsyncReadmeExample.Inventory, _ item: String) async {
    print("reserving", item, "of", await inventory.stock[item, default: 0])
}

@Suite("Documentation examples: async", .serialized)
struct AsyncDocumentationExampleTests {
    @Test("the actors article: hooks that are no closure literal, a nonsending function and a hook of the point's type")
    func hooksThatAreNoClosureLiteral() async throws {
        typealias Inventory = AsyncReadmeExample.Inventory
        let before = try Inventory.reserve.before(.all, audit)  // on the actor
        defer { before.cancel() }
        let report: AsyncHookPoint<Inventory, String, Bool>.AsyncAfterHook = { inventory, item, reserved in
            print(item, reserved ? "reserved" : "sold out", await inventory.stock[item, default: 0], "left")
        }
        let after = try Inventory.reserve.after(.all, report)  // on the actor
        defer { after.cancel() }
        let inventory = Inventory()
        #expect(await inventory.reserve("shoes"))
        #expect(printed.take() == ["reserving shoes of 1", "shoes reserved 0 left"])
    }

    @Test("the README: sync and async hooks, an override, an actor's isolated body")
    func readme() async throws {
        typealias Client = AsyncReadmeExample.Client
        typealias Inventory = AsyncReadmeExample.Inventory

        // Before and after hooks may be synchronous or async; they run one after another, in contract order.
        try Client.fetch.before { client, id in
            print("fetching", id)
        }
        try Client.fetch.after { client, id, item in
            await Task.yield()  // an async hook: the call awaits it
            print("fetched", item)
        }

        // Overrides await `original` zero, one or several times, after any suspension, from any executor or child
        // task.
        try Client.fetch.override { original in
            { client, id in
                let item = try await original(client, id)
                return item.uppercased()
            }
        }

        #expect(try await Client().fetch(7) == "ITEM 7")
        #expect(printed.take() == ["fetching 7", "fetched ITEM 7"])

        let inventory = Inventory()
        #expect(await inventory.reserve("shoes"))
        #expect(await !inventory.reserve("shoes"))
        #expect(await inventory.stock["shoes"] == 0)
    }

    @Test("Async methods and actors: an override keeps a cancelled call from its body, which a hook cannot")
    func cancellationOverride() async throws {
        typealias Client = AsyncArticleExample.CancellationClient
        let waits = try Client.fetch.before { client, id in
            try? await Task.sleep(for: .seconds(3_600))  // a hook that awaits its turn: cancelling cuts it short
        }
        let cancelledCall = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Client().fetch(1)
        }
        #expect(try await cancelledCall.value == "item 1")  // the hook cannot end the call: the body ran
        #expect(waits.cancel())

        let check = try Client.fetch.override { original in
            { client, id in
                try Task.checkCancellation()
                return try await original(client, id)
            }
        }
        defer { check.cancel() }
        let stoppedCall = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Client().fetch(2)
        }
        await #expect(throws: CancellationError.self) { try await stoppedCall.value }
        #expect(try await Client().fetch(3) == "item 3")
        #expect(Client.loads.take() == ["load 1", "load 3"])
    }

    @Test("Async methods and actors: sync and async hooks, a retry override, an actor")
    func article() async throws {
        typealias Client = AsyncArticleExample.Client
        typealias RateLimiter = AsyncArticleExample.RateLimiter
        typealias Analytics = AsyncArticleExample.Analytics
        typealias Inventory = AsyncArticleExample.Inventory

        let audit = try Client.fetch.before(label: "audit") { client, id in
            print("fetching", id)  // synchronous
        }
        try Client.fetch.before(label: "rate limit") { client, id in
            await RateLimiter.shared.waitForTurn()  // async: the call awaits it
        }
        try Client.fetch.after { client, id, item in
            await Analytics.shared.record(item)
        }

        try Client.fetch.override(label: "retry") { original in
            { client, id in
                do {
                    return try await original(client, id)
                } catch {
                    await Task.yield()
                    return try await original(client, id)  // one retry
                }
            }
        }

        #expect(try await Client().fetch(3) == "item 3")
        #expect(printed.take() == ["fetching 3"])
        #expect(await RateLimiter.shared.turns == 1)
        #expect(await Analytics.shared.recorded == ["item 3"])
        #expect(Client.fetch.hooks.map(\.label) == ["audit", "rate limit", nil, "retry"])
        #expect(audit.cancel())

        try Inventory.reserve.before { inventory, item in
            print("reserving", item)
        }
        let inventory = Inventory()
        #expect(await inventory.reserve("shoes"))
        #expect(await !inventory.reserve("shoes"))
        #expect(printed.take() == ["reserving shoes", "reserving shoes"])
    }
}
