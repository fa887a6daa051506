/// A strict JSON syntax checker that reports where the first error is, with what was expected.
///
/// Foundation's parsers accept trailing commas and report errors without a line; a scenario
/// author needs `line 12, column 5: expected ',' or '}'`.
struct JSONSyntaxChecker {
    /// A syntax error: position (1-based) and what was expected there.
    struct Failure: Error, Equatable {
        let line: Int
        let column: Int
        let expected: String
    }

    private let bytes: [UInt8]
    private var index = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Checks that `bytes` hold exactly one JSON value.
    static func check(_ bytes: [UInt8]) throws(Failure) {
        var checker = JSONSyntaxChecker(bytes)
        checker.skipWhitespace()
        try checker.value()
        checker.skipWhitespace()
        if checker.index < bytes.count {
            throw checker.failure("the end of the file after the top-level value")
        }
    }

    private mutating func value() throws(Failure) {
        guard index < bytes.count else { throw failure("a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): try object()
        case UInt8(ascii: "["): try array()
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        default: throw failure("a value (object, array, string, number, true, false or null)")
        }
    }

    private mutating func object() throws(Failure) {
        index += 1
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            index += 1
            return
        }
        while true {
            guard peek(UInt8(ascii: "\"")) else { throw failure("a field name in double quotes") }
            try string()
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw failure("':' after the field name") }
            index += 1
            skipWhitespace()
            try value()
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                skipWhitespace()
                continue
            }
            guard peek(UInt8(ascii: "}")) else { throw failure("',' or '}'") }
            index += 1
            return
        }
    }

    private mutating func array() throws(Failure) {
        index += 1
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            index += 1
            return
        }
        while true {
            try value()
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                skipWhitespace()
                continue
            }
            guard peek(UInt8(ascii: "]")) else { throw failure("',' or ']'") }
            index += 1
            return
        }
    }

    private mutating func string() throws(Failure) {
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                return
            case UInt8(ascii: "\\"):
                index += 2
            case 0..<0x20:
                throw failure("a closing '\"' (control characters must be escaped)")
            default:
                index += 1
            }
        }
        throw failure("a closing '\"'")
    }

    private mutating func number() throws(Failure) {
        if peek(UInt8(ascii: "-")) { index += 1 }
        guard digits() > 0 else { throw failure("a digit") }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard digits() > 0 else { throw failure("a digit after '.'") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard digits() > 0 else { throw failure("a digit in the exponent") }
        }
    }

    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            index += 1
        }
        return index - start
    }

    private mutating func literal(_ word: String) throws(Failure) {
        for byte in word.utf8 {
            guard peek(byte) else { throw failure("'\(word)'") }
            index += 1
        }
    }

    private func peek(_ byte: UInt8) -> Bool {
        index < bytes.count && bytes[index] == byte
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
            index += 1
        }
    }

    private func failure(_ expected: String) -> Failure {
        var line = 1
        var column = 1
        for byte in bytes[..<Swift.min(index, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return Failure(line: line, column: column, expected: expected)
    }
}
