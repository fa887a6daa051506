/// The style of the status bar's content (UIKit's `UIStatusBarStyle`).
public enum StatusBarStyle: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The system's choice for the current interface style.
    case `default`
    /// Light content, for dark backgrounds.
    case lightContent
    /// Dark content, for light backgrounds.
    case darkContent

    /// The style's name.
    public var description: String { rawValue }
}
