/// The error ``RGBAColor/init(hex:)`` throws for a string that is not a color: it names the string.
///
/// Errors compare equal when their ``code`` and ``string`` are equal; ``description`` is for people.
///
/// ```swift
/// do {
///     _ = try RGBAColor(hex: "#12345")
/// } catch {
///     print(error.code == .wrongLength, error.string)   // true #12345
/// }
/// ```
public struct ColorParseError: Error, Hashable, CustomStringConvertible {
    /// What is wrong with the string, as an extensible set of codes.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        private init(_ name: String) {
            self.name = name
        }

        /// The string does not start with `#`.
        public static let missingHash = Code("missingHash")
        /// The string does not have 6 or 8 characters after `#`.
        public static let wrongLength = Code("wrongLength")
        /// A character after `#` is not a hexadecimal digit.
        public static let invalidDigit = Code("invalidDigit")

        /// The code's name.
        public var description: String { name }
    }

    /// What is wrong.
    public let code: Code
    /// The string that is not a color, as given.
    public let string: String

    init(_ code: Code, _ string: String) {
        self.code = code
        self.string = string
    }

    /// `ColorParseError(code): "string" is not a color (expected #RRGGBB or #RRGGBBAA)`.
    public var description: String {
        "ColorParseError(\(code)): \"\(string)\" is not a color (expected #RRGGBB or #RRGGBBAA)"
    }
}
