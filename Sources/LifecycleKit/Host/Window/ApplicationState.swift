/// Whether the application is in the foreground or the background, as a window was told (``Window/enterBackground()``,
/// ``Window/enterForeground()``): each window on its own, as each UIKit scene.
public enum ApplicationState: String, Sendable, Hashable, CustomStringConvertible {
    /// In the foreground.
    case active
    /// In the background.
    case background

    /// The state's name.
    public var description: String { rawValue }
}
