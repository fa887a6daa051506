/// A lifecycle method that ``Lifecycle`` can hook.
public enum LifecycleMethod: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `loadView()`.
    case loadView
    /// `viewDidLoad()`.
    case viewDidLoad
    /// `viewWillAppear(_:)`.
    case viewWillAppear
    /// `viewDidAppear(_:)`.
    case viewDidAppear
    /// `viewWillDisappear(_:)`.
    case viewWillDisappear
    /// `viewDidDisappear(_:)`.
    case viewDidDisappear

    /// The phase the method belongs to.
    public var phase: LifecyclePhase {
        switch self {
        case .loadView, .viewDidLoad: return .load
        case .viewWillAppear, .viewDidAppear: return .appear
        case .viewWillDisappear, .viewDidDisappear: return .disappear
        }
    }

    /// The method's name.
    public var description: String { rawValue }
}
