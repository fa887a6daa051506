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
    /// The title's font size, in points; NaN counts as none (the system's size), so that attributes always equal
    /// themselves and an unchanged bar reports no change.
    public var fontSize: Double? {
        didSet {
            if fontSize?.isNaN == true { fontSize = nil }
        }
    }

    /// Creates title attributes; every field defaults to the system's look (a NaN size too).
    public init(color: RGBAColor? = nil, fontName: String? = nil, fontSize: Double? = nil) {
        self.color = color
        self.fontName = fontName
        self.fontSize = fontSize?.isNaN == true ? nil : fontSize
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
