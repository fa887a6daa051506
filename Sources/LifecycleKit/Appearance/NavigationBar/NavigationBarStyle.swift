/// The style of a navigation bar (UIKit's `UIBarStyle`): a light or a dark bar.
public enum NavigationBarStyle: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A light bar with dark content: the built-in default.
    case `default`
    /// A dark bar with light content.
    case black

    /// The style's name.
    public var description: String { rawValue }
}
