/// The direction a window lays its content out in, which decides the back direction of the
/// interactive pop gesture.
public enum LayoutDirection: String, Sendable, Hashable, CaseIterable {
    /// Left to right: the back gesture drags to the right (positive translation).
    case leftToRight
    /// Right to left: the back gesture drags to the left (negative translation).
    case rightToLeft
}
