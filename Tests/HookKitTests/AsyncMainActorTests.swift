import HookKit
import Testing

/// A screen isolated to the main actor, whose async method is a hook point.
@MainActor
final class LoadingScreen {
    nonisolated static let load = AsyncHookPoint<LoadingScreen, Void, Int>("LoadingScreen.load")

    var loads = 0

    func load() async -> Int {
        await Self.load.invoke(self) { @MainActor screen in
            screen.loads += 1  // isolated to the main actor: no await
            return screen.loads
        }
    }
}

/// Methods of global-actor-isolated classes: hooks run in the method's isolation, the body is isolated with an
/// explicit global actor.
@Suite("Async main actor")
struct AsyncMainActorTests {
    @Test("a @MainActor class's async method runs its hooks and overrides on the main actor")
    func hooksRunOnTheMainActor() async throws {
        let trace = Trace()
        let before = try LoadingScreen.load.before { _, _ in
            await Task.yield()
            let onMain = (#isolation).map { ObjectIdentifier($0) } == ObjectIdentifier(MainActor.shared)
            trace.record("before on the main actor: \(onMain)")
        }
        let override = try LoadingScreen.load.override { original in
            { screen, _ in
                let onMain = (#isolation).map { ObjectIdentifier($0) } == ObjectIdentifier(MainActor.shared)
                trace.record("override on the main actor: \(onMain)")
                return await original(screen, ()) * 10
            }
        }
        defer {
            before.cancel()
            override.cancel()
        }
        let screen = LoadingScreen()
        #expect(await screen.load() == 10)
        #expect(trace.all == ["before on the main actor: true", "override on the main actor: true"])
    }
}
