import HookKit
import Testing

/// Throwing async points: typed errors propagate, overrides throw or recover, and after hooks do not run for a call
/// that throws.
@Suite("Async throwing points")
struct AsyncThrowingTests {
    enum FetchError: Error, Equatable {
        case missing(Int)
        case refused(String)
    }

    final class Client: Sendable {
        func fetch(
            _ id: Int, via point: borrowing AsyncThrowingHookPoint<Client, Int, String, FetchError>
        ) async throws(FetchError) -> String {
            try await point.invoke(self, id) { (_, id) async throws(FetchError) -> String in
                await Task.yield()
                guard id > 0 else { throw .missing(id) }
                return "item \(id)"
            }
        }
    }

    @Test("an error thrown by the body reaches the caller; before hooks ran, after hooks did not")
    func bodyThrows() async throws {
        let point = AsyncThrowingHookPoint<Client, Int, String, FetchError>("AsyncThrowing.body")
        let trace = Trace()
        try point.before { _, id in trace.record("before(\(id))") }
        try point.after { _, id, item in
            await Task.yield()
            trace.record("after(\(id))=\(item)")
        }
        let client = Client()
        await #expect(throws: FetchError.missing(0)) { try await client.fetch(0, via: point) }
        #expect(try await client.fetch(7, via: point) == "item 7")
        #expect(trace.all == ["before(0)", "before(7)", "after(7)=item 7"])
    }

    @Test("an override can throw, or catch the original's error after a suspension and recover")
    func overrideThrowsOrRecovers() async throws {
        let point = AsyncThrowingHookPoint<Client, Int, String, FetchError>("AsyncThrowing.override")
        let trace = Trace()
        try point.after { _, id, item in trace.record("after(\(id))=\(item)") }
        let recover = try point.override { original in
            { (client, id) async throws(FetchError) -> String in
                do throws(FetchError) {
                    return try await original(client, id)
                } catch {
                    await Task.yield()
                    guard error == .missing(0) else { throw error }
                    return "placeholder"
                }
            }
        }
        let client = Client()
        #expect(try await client.fetch(0, via: point) == "placeholder")
        await #expect(throws: FetchError.missing(-1)) { try await client.fetch(-1, via: point) }
        recover.cancel()
        try point.override { _ in
            { (_, id) async throws(FetchError) -> String in throw .refused("refused \(id)") }
        }
        await #expect(throws: FetchError.refused("refused 5")) { try await client.fetch(5, via: point) }
        #expect(trace.all == ["after(0)=placeholder"])
    }

    @Test("untyped throws: any Error, with a declared body")
    func anyError() async throws {
        struct Failure: Error {}
        let point = AsyncThrowingHookPoint<Client, Int, Int, any Error>("AsyncThrowing.any") { _, value in
            guard value != 13 else { throw Failure() }
            return value
        }
        try point.override { original in
            { client, value in
                if value < 0 { throw Failure() }
                return try await original(client, value) * 2
            }
        }
        let client = Client()
        #expect(try await point.invoke(client, 21) == 42)
        await #expect(throws: Failure.self) { try await point.invoke(client, -1) }
        await #expect(throws: Failure.self) { try await point.invoke(client, 13) }
    }
}
