/// A strict JSON syntax checker that reports where the first error is, with what was expected.
///
/// Foundation's parsers accept trailing commas, take one of two fields with the same name (`JSONDecoder` the first,
/// `JSONSerialization` the last), and report errors without a line; a scenario author needs `line 12, column 5:
/// malformed JSON; expected ',' or '}'`, and a statistics file whose reading depends on the parser is not one to
/// write back. The checker accepts exactly what RFC 8259 allows (UTF-8 text, an optional byte order mark, escapes
/// with surrogate pairs, numbers without leading zeros) and, besides, refuses what neither file can use: numbers a
/// `Double` cannot hold, a field given twice in one object, and nesting deeper than ``maximumDepth``.
///
/// Shared within the package: LifecycleKit checks the statistics file with it, the demo its scenarios.
package struct _JSONSyntaxChecker {
    /// A syntax error: position (1-based, columns in characters) and what was expected there.
    package struct Failure: Error, Equatable {
        /// The line, from 1.
        package let line: Int
        /// The column, from 1, in characters.
        package let column: Int
        /// What is wrong, such as `malformed JSON` or `duplicate field "title"`.
        package let problem: String
        /// What was expected there.
        package let expected: String
    }

    /// The deepest nesting of arrays and objects accepted; a scenario needs four levels, a statistics file two.
    package static let maximumDepth = 100

    private let bytes: [UInt8]
    /// Where the text starts: after the byte order mark, if any.
    private let start: Int
    private var index: Int
    /// How many arrays and objects enclose `index`.
    private var depth = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
        start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        index = start
    }

    /// Checks that `bytes` hold exactly one JSON value, in UTF-8.
    package static func check(_ bytes: [UInt8]) throws(Failure) {
        var checker = _JSONSyntaxChecker(bytes)
        try checker.checkEncoding()
        checker.skipWhitespace()
        try checker.value()
        checker.skipWhitespace()
        if checker.index < bytes.count {
            throw checker.failure("the end of the file after the top-level value")
        }
    }

    /// Refuses UTF-16 and UTF-32 text: a byte order mark of theirs, or a NUL byte among the first four.
    ///
    /// JSON text starts with ASCII, which those encodings pad with NUL bytes.
    private func checkEncoding() throws(Failure) {
        let head = bytes[start..<Swift.min(start + 4, bytes.count)]
        if head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE]) || head.contains(0) {
            throw Failure(
                line: 1, column: 1, problem: "the file looks like UTF-16 or UTF-32 text", expected: "UTF-8 text")
        }
    }

    private mutating func value() throws(Failure) {
        guard index < bytes.count else { throw failure("a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): try object()
        case UInt8(ascii: "["): try array()
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        default: throw failure("a value (object, array, string, number, true, false or null)")
        }
    }

    /// Enters the array or object whose opening bracket is at `index`, counting one more level of nesting (refusing
    /// more than ``maximumDepth``); returns `false`, having left it, when it closes at once with `closing`.
    private mutating func enterContainer(closedBy closing: UInt8) throws(Failure) -> Bool {
        depth += 1
        if depth > Self.maximumDepth {
            throw failure(
                "at most \(Self.maximumDepth) nested arrays and objects", problem: "the value is nested too deeply")
        }
        index += 1
        skipWhitespace()
        return !leaveContainer(closedBy: closing)
    }

    /// Leaves the container if `closing` comes next.
    private mutating func leaveContainer(closedBy closing: UInt8) -> Bool {
        guard peek(closing) else { return false }
        index += 1
        depth -= 1
        return true
    }

    /// After an element of the container that `closing` ends: skips a ',' and returns `true`, or leaves the container
    /// and returns `false`.
    private mutating func hasNextElement(closedBy closing: UInt8) throws(Failure) -> Bool {
        skipWhitespace()
        if peek(UInt8(ascii: ",")) {
            index += 1
            skipWhitespace()
            return true
        }
        guard leaveContainer(closedBy: closing) else {
            throw failure("',' or '\(Character(Unicode.Scalar(closing)))'")
        }
        return false
    }

    private mutating func object() throws(Failure) {
        guard try enterContainer(closedBy: UInt8(ascii: "}")) else { return }
        var names: Set<String> = []
        repeat {
            guard peek(UInt8(ascii: "\"")) else { throw failure("a field name in double quotes") }
            let nameStart = index
            let name = try string()
            guard names.insert(name).inserted else {
                index = nameStart
                throw failure("each field once", problem: "duplicate field \(name.quoted)")
            }
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw failure("':' after the field name") }
            index += 1
            skipWhitespace()
            try value()
        } while try hasNextElement(closedBy: UInt8(ascii: "}"))
    }

    private mutating func array() throws(Failure) {
        guard try enterContainer(closedBy: UInt8(ascii: "]")) else { return }
        repeat {
            try value()
        } while try hasNextElement(closedBy: UInt8(ascii: "]"))
    }

    /// Checks a string (UTF-8, escapes, surrogate pairs) and returns its decoded value.
    private mutating func string() throws(Failure) -> String {
        index += 1
        var decoded: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try escape(into: &decoded)
            case 0..<0x20:
                throw failure("a closing '\"' (control characters must be escaped)")
            case 0x80...:
                let length = try utf8Sequence()
                decoded += bytes[index..<index + length]
                index += length
            default:
                decoded.append(byte)
                index += 1
            }
        }
        throw failure("a closing '\"'")
    }

    /// Checks the escape at `index` (a backslash) and appends what it stands for to `decoded`.
    private mutating func escape(into decoded: inout [UInt8]) throws(Failure) {
        let escapeStart = index
        guard index + 1 < bytes.count else { throw failure("a closing '\"'") }
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
            UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
        ]
        let letter = bytes[index + 1]
        if let byte = simple[letter] {
            decoded.append(byte)
            index += 2
            return
        }
        guard letter == UInt8(ascii: "u") else {
            let shown = letter < 0x20 || letter >= 0x7F ? "" : " \"\\\(Character(Unicode.Scalar(letter)))\""
            throw failure(
                "one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX", problem: "invalid escape\(shown) in a string")
        }
        let first = try hexEscape()
        var scalar: Unicode.Scalar?
        switch first {
        case 0xD800...0xDBFF:
            let lowStart = index
            if peek(UInt8(ascii: "\\")), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") {
                let second = try hexEscape()
                if (0xDC00...0xDFFF).contains(second) {
                    scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
                }
            }
            if scalar == nil {
                index = lowStart
            }
        case 0xDC00...0xDFFF:
            scalar = nil
        default:
            scalar = Unicode.Scalar(first)
        }
        guard let scalar else {
            index = escapeStart
            throw failure(
                "a high surrogate \\uD800-\\uDBFF followed by a low surrogate \\uDC00-\\uDFFF",
                problem: "lone surrogate \\u\(Self.hex(first)) in a string")
        }
        decoded += Array(String(Character(scalar)).utf8)
    }

    /// Reads `\uXXXX` at `index` and returns its value.
    private mutating func hexEscape() throws(Failure) -> UInt32 {
        index += 2
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = Self.hexDigit(bytes[index]) else {
                throw failure("4 hex digits after \\u")
            }
            value = value << 4 + digit
            index += 1
        }
        return value
    }

    /// The length of the valid UTF-8 sequence of two to four bytes at `index`.
    ///
    /// Throws a failure at its first byte if it is not valid (RFC 3629: no overlong forms, no
    /// surrogates, nothing above U+10FFFF).
    private func utf8Sequence() throws(Failure) -> Int {
        let lead = bytes[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F
        default: length = 0
        }
        var valid = length > 0 && index + length <= bytes.count
        if valid {
            valid = secondRange.contains(bytes[index + 1])
            for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) {
                valid = false
            }
        }
        guard valid else {
            throw failure("UTF-8 text", problem: "invalid UTF-8 byte 0x\(Self.hex(UInt32(lead), digits: 2))")
        }
        return length
    }

    private mutating func number() throws(Failure) {
        let numberStart = index
        if peek(UInt8(ascii: "-")) { index += 1 }
        let integerStart = index
        guard digits() > 0 else { throw failure("a digit") }
        if bytes[integerStart] == UInt8(ascii: "0") && index - integerStart > 1 {
            index = integerStart + 1
            throw failure("a number without leading zeros, such as 1 or 0.5", problem: "a number has a leading zero")
        }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard digits() > 0 else { throw failure("a digit after '.'") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard digits() > 0 else { throw failure("a digit in the exponent") }
        }
        let text = String(decoding: bytes[numberStart..<index], as: UTF8.self)
        let value = Double(text) ?? .infinity
        let mantissa = bytes[numberStart..<index].prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
        let isZero = !mantissa.contains { (UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0) }
        if !value.isFinite || (value == 0 && !isZero) {
            index = numberStart
            throw failure(
                value.isFinite
                    ? "0 or a number a 64-bit float can hold, at least about 5e-324 in magnitude"
                    : "a number a 64-bit float can hold, up to about 1.8e308 in magnitude",
                problem: "the number \(Self.shortened(text)) is out of range")
        }
    }

    private mutating func digits() -> Int {
        let digitsStart = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            index += 1
        }
        return index - digitsStart
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

    /// A failure at `index`: its line, and its column in characters.
    ///
    /// UTF-8 continuation bytes do not count as columns; a byte order mark is not part of line 1.
    private func failure(_ expected: String, problem: String = "malformed JSON") -> Failure {
        var line = 1
        var column = 1
        for byte in bytes[start..<Swift.max(start, Swift.min(index, bytes.count))] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return Failure(line: line, column: column, problem: problem, expected: expected)
    }

    /// The value of the hexadecimal digit `byte`, or `nil`.
    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// `value` in upper-case hexadecimal, with at least `digits` digits.
    private static func hex(_ value: UInt32, digits: Int = 4) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: Swift.max(0, digits - text.count)) + text
    }

    /// `text`, cut to 40 characters for an error message.
    private static func shortened(_ text: String) -> String {
        text.count <= 40 ? text : text.prefix(40) + "…"
    }
}
