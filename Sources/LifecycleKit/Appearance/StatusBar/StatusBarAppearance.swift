/// The effective status bar of a window: hidden or not, and its style (``Window/statusBar``).
public struct StatusBarAppearance: Sendable, Hashable, CustomStringConvertible {
    /// Whether the status bar is hidden.
    public var isHidden: Bool
    /// The style of its content.
    public var style: StatusBarStyle

    /// Creates a status-bar appearance; visible with the default style unless told otherwise.
    public init(isHidden: Bool = false, style: StatusBarStyle = .default) {
        self.isHidden = isHidden
        self.style = style
    }

    /// `hidden` or `visible`, then the style, such as `hidden lightContent`.
    public var description: String { (isHidden ? "hidden " : "visible ") + style.description }
}
