/// A change of a screen's ``ScreenVisibleState``, as ``Screen/visibleStateDidChange`` reports it.
public struct VisibleStateChange: Sendable, Hashable, CustomStringConvertible {
    /// The state before the change.
    public let old: ScreenVisibleState
    /// The state after the change.
    public let new: ScreenVisibleState

    /// Creates a change.
    public init(old: ScreenVisibleState, new: ScreenVisibleState) {
        self.old = old
        self.new = new
    }

    /// `old -> new`.
    public var description: String { "\(old) -> \(new)" }
}
