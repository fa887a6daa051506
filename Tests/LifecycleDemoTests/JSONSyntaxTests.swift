import Foundation
import Testing

@testable import LifecycleDemo

/// Files that are not valid scenario JSON: each error gives a line, a column and what was expected.
///
/// Columns count characters; no error is Foundation's "The given data was not valid JSON.", which
/// says neither where nor what.
@Suite("JSON syntax errors")
struct JSONSyntaxTests {
    /// A valid scenario whose title is the JSON text `title` (quotes included), as bytes.
    static func scenario(title: [UInt8]) -> [UInt8] {
        Array(#"{"title": "#.utf8) + title
            + Array(#", "screens": [{ "name": "a", "type": "Home" }], "root": "a", "actions": []}"#.utf8)
    }

    /// A valid scenario with one `wait` whose `seconds` is the JSON text `number`.
    static func scenario(seconds number: String) -> String {
        #"{"title": "t", "screens": [{ "name": "a", "type": "Home" }], "root": "a", "actions": ["#
            + #"{ "action": "wait", "seconds": \#(number) }]}"#
    }

    @Test("bytes that are not UTF-8")
    func notUTF8() throws {
        try BadScenarioTests.expectRefusal(
            bytes: Self.scenario(title: Array(#""x"#.utf8) + [0xFF, 0xFE] + Array(#"""#.utf8)),
            "line 1, column 13: invalid UTF-8 byte 0xFF; expected UTF-8 text")
        // An overlong encoding of '/', a truncated sequence, an encoded surrogate.
        try BadScenarioTests.expectRefusal(
            bytes: Self.scenario(title: [0x22, 0xC0, 0xAF, 0x22]),
            "line 1, column 12: invalid UTF-8 byte 0xC0; expected UTF-8 text")
        try BadScenarioTests.expectRefusal(
            bytes: Self.scenario(title: [0x22, 0xE2, 0x82, 0x22]),
            "line 1, column 12: invalid UTF-8 byte 0xE2; expected UTF-8 text")
        try BadScenarioTests.expectRefusal(
            bytes: Self.scenario(title: [0x22, 0xED, 0xA0, 0x80, 0x22]),
            "line 1, column 12: invalid UTF-8 byte 0xED; expected UTF-8 text")
        // Columns count characters, not bytes: "é€" is two characters before the bad byte.
        try BadScenarioTests.expectRefusal(
            bytes: Self.scenario(title: Array("\"é€".utf8) + [0xFF, 0x22]),
            "line 1, column 14: invalid UTF-8 byte 0xFF; expected UTF-8 text")
    }

    @Test("UTF-16 and UTF-32 files; a UTF-8 byte order mark is accepted")
    func encodings() throws {
        let text = Self.scenario(title: Array(#""t""#.utf8))
        let utf16: [UInt8] = [0xFF, 0xFE] + text.flatMap { byte -> [UInt8] in [byte, 0] }
        try BadScenarioTests.expectRefusal(
            bytes: utf16, "line 1, column 1: the file looks like UTF-16 or UTF-32 text; expected UTF-8 text")
        let utf16WithoutMark = text.flatMap { byte -> [UInt8] in [0, byte] }
        try BadScenarioTests.expectRefusal(
            bytes: utf16WithoutMark, "line 1, column 1: the file looks like UTF-16 or UTF-32 text; expected UTF-8 text")
        let utf32 = text.flatMap { byte -> [UInt8] in [byte, 0, 0, 0] }
        try BadScenarioTests.expectRefusal(
            bytes: utf32, "line 1, column 1: the file looks like UTF-16 or UTF-32 text; expected UTF-8 text")
        let result = try BadScenarioTests.run(bytes: [0xEF, 0xBB, 0xBF] + text)
        #expect(result.status == 0)
        #expect(result.error == "")
        #expect(result.output.hasPrefix("lifecycle-demo: t\n"))
    }

    @Test("escapes: unknown letters, short \\u escapes, lone surrogates")
    func escapes() throws {
        try BadScenarioTests.expectRefusal(
            bytes: Self.scenario(title: Array(#""x\q""#.utf8)),
            #"line 1, column 13: invalid escape "\q" in a string; expected one of \" \\ \/ \b \f \n \r \t \uXXXX"#)
        try BadScenarioTests.expectRefusal(
            bytes: Self.scenario(title: Array(#""\u12G4""#.utf8)),
            #"line 1, column 16: malformed JSON; expected 4 hex digits after \u"#)
        try BadScenarioTests.expectRefusal(
            bytes: Self.scenario(title: Array(#""\ud800""#.utf8)),
            #"line 1, column 12: lone surrogate \uD800 in a string; expected a high surrogate \uD800-\uDBFF "#
                + #"followed by a low surrogate \uDC00-\uDFFF"#)
        try BadScenarioTests.expectRefusal(
            bytes: Self.scenario(title: Array(#""\ud800\u0041""#.utf8)),
            #"line 1, column 12: lone surrogate \uD800 in a string; expected a high surrogate \uD800-\uDBFF "#
                + #"followed by a low surrogate \uDC00-\uDFFF"#)
        try BadScenarioTests.expectRefusal(
            bytes: Self.scenario(title: Array(#""ab\uDC00""#.utf8)),
            #"line 1, column 14: lone surrogate \uDC00 in a string; expected a high surrogate \uD800-\uDBFF "#
                + #"followed by a low surrogate \uDC00-\uDFFF"#)
        // Every valid escape, a surrogate pair included, is accepted and decoded.
        let output = try BadScenarioTests.expectSuccess(
            String(decoding: Self.scenario(title: Array(#""\"\\\/\u00e9\uD83D\uDE00\t.""#.utf8)), as: UTF8.self))
        // (The header prints the decoded tab escaped and the backslash doubled, on one line.)
        #expect(output.hasPrefix("lifecycle-demo: \"\\\\/é😀\\t.\n"))
    }

    @Test("numbers: leading zeros, numbers out of range")
    func numbers() throws {
        try BadScenarioTests.expectRefusal(
            Self.scenario(seconds: "01"),
            "line 1, column 119: a number has a leading zero; expected a number without leading zeros, such as 1 "
                + "or 0.5")
        try BadScenarioTests.expectRefusal(
            Self.scenario(seconds: "-007"),
            "line 1, column 120: a number has a leading zero; expected a number without leading zeros, such as 1 "
                + "or 0.5")
        try BadScenarioTests.expectRefusal(
            Self.scenario(seconds: "1e400"),
            "line 1, column 118: the number 1e400 is out of range; expected a number a 64-bit float can hold, up to "
                + "about 1.8e308 in magnitude")
        try BadScenarioTests.expectRefusal(
            Self.scenario(seconds: "-1e-400"),
            "line 1, column 118: the number -1e-400 is out of range; expected 0 or a number a 64-bit float can hold, "
                + "at least about 5e-324 in magnitude")
        // Zero, written any way, is a number in range.
        #expect(try BadScenarioTests.expectSuccess(Self.scenario(seconds: "0.000e-999")).contains("wait 0 s"))
    }

    @Test("a field given twice in one object")
    func duplicateFields() throws {
        try BadScenarioTests.expectRefusal(
            #"{"title": "a", "title": "b", "screens": [], "root": "a", "actions": []}"#,
            #"line 1, column 16: duplicate field "title"; expected each field once"#)
        // Field names compare after decoding their escapes.
        try BadScenarioTests.expectRefusal(
            """
            {
              "title": "t",
              "screens": [{ "name": "a", "type": "Home", "n\\u0061me": "b" }],
              "root": "a",
              "actions": []
            }
            """,
            #"line 3, column 46: duplicate field "name"; expected each field once"#)
    }

    @Test("a document that is not an object, and nesting too deep")
    func shape() throws {
        try BadScenarioTests.expectRefusal("[1, 2]", "top level: expected an object")
        try BadScenarioTests.expectRefusal("null", "top level: expected an object, found null")
        try BadScenarioTests.expectRefusal(
            String(repeating: "[", count: 10_000),
            "line 1, column 101: the value is nested too deeply; expected at most 100 nested arrays and objects")
    }
}
