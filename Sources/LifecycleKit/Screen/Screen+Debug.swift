import HookKit

/// Debug strings (RR's `logStringFor:` and `stackStringFor:`).
extension Screen {
    /// `Type.title<0x…>`, such as `ProductScreen.Shoes<0x600000abc0>`; `nil` for a missing title.
    ///
    /// One line: control characters and line breaks in the title are written as in Swift (`\n`, `\0`, `\u{1B}`),
    /// and each backslash doubled (`\\`), so that a title's own `\n` reads apart from a line break.
    public var debugLabel: String {
        let address = UInt(bitPattern: ObjectIdentifier(self))
        let title = self.title.map { _oneLine($0, escapingBackslashes: true) } ?? "nil"
        return "\(type(of: self)).\(title)<0x\(String(address, radix: 16))>"
    }

    /// The debug labels of `screens`, one per line, between brackets.
    ///
    /// ```swift
    /// print(Screen.stackDescription(navigation.viewControllers))
    /// // [
    /// // HomeScreen.Home<0x…>
    /// // ProductScreen.Shoes<0x…>
    /// // ]
    /// ```
    public static func stackDescription(_ screens: [Screen]) -> String {
        "[\n" + screens.map(\.debugLabel).joined(separator: "\n") + "\n]"
    }
}
