/// A color as four 8-bit components: red, green, blue and alpha.
///
/// Parse it from `#RRGGBB` (opaque) or `#RRGGBBAA`, case-insensitively; anything else throws a
/// ``ColorParseError`` that names the string.
///
/// ```swift
/// let brand = try RGBAColor(hex: "#FF6600")
/// let veil = try RGBAColor(hex: "#00000080")
/// print(brand, veil)   // #FF6600 #00000080
/// ```
public struct RGBAColor: Sendable, Hashable, CustomStringConvertible {
    /// The red component, 0 to 255.
    public var red: UInt8
    /// The green component, 0 to 255.
    public var green: UInt8
    /// The blue component, 0 to 255.
    public var blue: UInt8
    /// The alpha component, 0 (transparent) to 255 (opaque).
    public var alpha: UInt8

    /// Creates a color from its components; opaque by default.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#RRGGBB` (opaque) or `#RRGGBBAA`, with upper- or lower-case hexadecimal digits.
    ///
    /// ```swift
    /// let red = try RGBAColor(hex: "#ff0000")       // RGBAColor(red: 255, green: 0, blue: 0, alpha: 255)
    /// let clear = try RGBAColor(hex: "#FFFFFF00")   // alpha 0
    /// ```
    ///
    /// - Throws: ``ColorParseError`` naming the string: ``ColorParseError/Code-swift.struct/missingHash``,
    ///   ``ColorParseError/Code-swift.struct/wrongLength`` or ``ColorParseError/Code-swift.struct/invalidDigit``.
    public init(hex string: String) throws(ColorParseError) {
        guard string.first == "#" else { throw ColorParseError(.missingHash, string) }
        // Characters, as the error codes count them: `#ééé` has the wrong length, `#ＦＦＦＦＦＦ` a wrong digit.
        let digits = string.dropFirst()
        guard digits.count == 6 || digits.count == 8 else { throw ColorParseError(.wrongLength, string) }
        var value: UInt32 = 0
        for character in digits {
            guard let byte = character.asciiValue, let digit = Self.hexValue(byte) else {
                throw ColorParseError(.invalidDigit, string)
            }
            value = value << 4 | UInt32(digit)
        }
        if digits.count == 6 {
            value = value << 8 | 0xFF
        }
        self.init(
            red: UInt8(truncatingIfNeeded: value >> 24), green: UInt8(truncatingIfNeeded: value >> 16),
            blue: UInt8(truncatingIfNeeded: value >> 8), alpha: UInt8(truncatingIfNeeded: value))
    }

    /// Opaque black, `#000000`.
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
    /// Opaque white, `#FFFFFF`.
    public static let white = RGBAColor(red: 255, green: 255, blue: 255)
    /// Fully transparent black, `#00000000`.
    public static let clear = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// The same color with another alpha.
    public func withAlpha(_ alpha: UInt8) -> RGBAColor {
        RGBAColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// `#RRGGBB` for an opaque color, `#RRGGBBAA` otherwise, in upper case: what ``init(hex:)`` parses back.
    public var hexString: String {
        let components = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
        return "#" + components.map(Self.twoDigits).joined()
    }

    /// The ``hexString``.
    public var description: String { hexString }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func twoDigits(_ component: UInt8) -> String {
        let text = String(component, radix: 16, uppercase: true)
        return component < 16 ? "0" + text : text
    }
}
