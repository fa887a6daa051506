/// How a navigation bar draws its title: the headless stand-in for UIKit's `titleTextAttributes`.
///
/// Each field left `nil` keeps the system's look for it.
///
/// ```swift
/// let title = TitleTextAttributes(color: .white, fontName: "Avenir-Heavy", fontSize: 17)
/// print(title)   // {color: #FFFFFF, font: Avenir-Heavy, size: 17.0}
/// ```
public struct TitleTextAttributes: Sendable, Hashable, CustomStringConvertible {
    /// The title's color.
    public var color: RGBAColor?
    /// The name of the title's font.
    public var fontName: String?
    /// The title's font size, in points.
    ///
    /// A size no font can have (zero, negative, infinite or NaN) counts as none, the system's size, as UIKit's font
    /// descriptors take a size of zero: so that attributes always equal themselves, and an unchanged bar reports no
    /// change.
    ///
    /// ```swift
    /// print(TitleTextAttributes(fontSize: -3))   // {}
    /// ```
    public var fontSize: Double? {
        didSet {
            if let fontSize, !Self._isFontSize(fontSize) { self.fontSize = nil }
        }
    }

    /// Creates title attributes; every field defaults to the system's look (a size no font can have too).
    public init(color: RGBAColor? = nil, fontName: String? = nil, fontSize: Double? = nil) {
        self.color = color
        self.fontName = fontName
        self.fontSize = fontSize.flatMap { Self._isFontSize($0) ? $0 : nil }
    }

    /// Whether `size` is one a font can have: finite and positive.
    static func _isFontSize(_ size: Double) -> Bool {
        size.isFinite && size > 0
    }

    /// The fields that are set, such as `{color: #FFFFFF, size: 17.0}`.
    public var description: String {
        var fields: [String] = []
        if let color { fields.append("color: \(color)") }
        if let fontName { fields.append("font: \(fontName)") }
        if let fontSize { fields.append("size: \(fontSize)") }
        return "{" + fields.joined(separator: ", ") + "}"
    }
}
