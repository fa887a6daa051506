/// A change of a window's effective status bar, as ``Window/statusBarDidChange`` reports it.
public struct StatusBarChange: Sendable, Hashable, CustomStringConvertible {
    /// The status bar before the change.
    public let old: StatusBarAppearance
    /// The status bar after the change.
    public let new: StatusBarAppearance

    /// Creates a change.
    public init(old: StatusBarAppearance, new: StatusBarAppearance) {
        self.old = old
        self.new = new
    }

    /// `old -> new`, such as `visible default -> hidden default`.
    public var description: String { "\(old) -> \(new)" }
}
