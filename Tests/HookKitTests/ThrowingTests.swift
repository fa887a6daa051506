import HookKit
import Testing

/// Throwing hook points: errors propagate, and after hooks do not run for a call that throws.
@Suite("Throwing points")
struct ThrowingTests {
    enum ParseError: Error, Equatable {
        case empty
        case invalid(String)
    }

    final class Parser: Sendable {
        static let parse = ThrowingHookPoint<Parser, String, Int, ParseError>("Parser.parse")

        func parse(
            _ text: String, via point: borrowing ThrowingHookPoint<Parser, String, Int, ParseError>
        )
            throws(ParseError) -> Int
        {
            try point.invoke(self, text) { (_, text) throws(ParseError) -> Int in
                guard !text.isEmpty else { throw .empty }
                guard let value = Int(text) else { throw .invalid(text) }
                return value
            }
        }
    }

    @Test("an error thrown by the body reaches the caller; before hooks ran, after hooks did not")
    func bodyThrows() throws {
        let point = ThrowingHookPoint<Parser, String, Int, ParseError>("Throwing.body")
        let trace = Trace()
        try point.before { _, text in trace.record("before(\(text))") }
        try point.after { _, text, value in trace.record("after(\(text))=\(value)") }
        let parser = Parser()
        #expect(throws: ParseError.invalid("x")) { try parser.parse("x", via: point) }
        #expect(try parser.parse("7", via: point) == 7)
        #expect(trace.all == ["before(x)", "before(7)", "after(7)=7"])
    }

    @Test("an override can throw, or catch the original's error and recover")
    func overrideThrowsOrRecovers() throws {
        let point = ThrowingHookPoint<Parser, String, Int, ParseError>("Throwing.override")
        let trace = Trace()
        try point.after { _, text, value in trace.record("after(\(text))=\(value)") }
        let recover = try point.override { original in
            { (parser, text) throws(ParseError) -> Int in
                do throws(ParseError) {
                    return try original(parser, text)
                } catch {
                    guard error == .empty else { throw error }
                    return 0
                }
            }
        }
        let parser = Parser()
        #expect(try parser.parse("", via: point) == 0)
        #expect(throws: ParseError.invalid("x")) { try parser.parse("x", via: point) }
        recover.cancel()
        try point.override { _ in
            { (_, text) throws(ParseError) -> Int in throw .invalid("refused " + text) }
        }
        #expect(throws: ParseError.invalid("refused 5")) { try parser.parse("5", via: point) }
        #expect(trace.all == ["after()=0"])
    }

    @Test("untyped throws: any Error")
    func anyError() throws {
        struct Failure: Error {}
        let point = ThrowingHookPoint<Parser, Int, Int, any Error>("Throwing.any")
        try point.override { original in
            { parser, value in
                if value < 0 { throw Failure() }
                return try original(parser, value) * 2
            }
        }
        let parser = Parser()
        #expect(try point.invoke(parser, 21) { _, value in value } == 42)
        #expect(throws: Failure.self) { try point.invoke(parser, -1) { _, value in value } }
    }
}
