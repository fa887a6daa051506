/// A phase of a screen's lifecycle: two methods that bracket one change.
public enum LifecyclePhase: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `loadView()` then `viewDidLoad()`.
    case load
    /// `viewWillAppear(_:)` then `viewDidAppear(_:)`.
    case appear
    /// `viewWillDisappear(_:)` then `viewDidDisappear(_:)`.
    case disappear

    /// The phase's methods, in order.
    public var methods: (first: LifecycleMethod, last: LifecycleMethod) {
        switch self {
        case .load: return (.loadView, .viewDidLoad)
        case .appear: return (.viewWillAppear, .viewDidAppear)
        case .disappear: return (.viewWillDisappear, .viewDidDisappear)
        }
    }

    /// The phase's name.
    public var description: String { rawValue }
}
