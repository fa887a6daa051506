/// One call of a screen's lifecycle method, with its argument, as a ``ScreenLifecycleObserver`` sees it.
///
/// ```swift
/// func screen(_ screen: Screen, didRun call: LifecycleCall) {
///     if case .viewDidAppear(let animated) = call {
///         print(screen.title ?? "", "appeared", animated ? "animated" : "at once")
///     }
/// }
/// ```
///
/// It covers the six methods of ``LifecycleMethod`` and the two containment methods.
public enum LifecycleCall: CustomStringConvertible {
    /// `loadView()`.
    case loadView
    /// `viewDidLoad()`.
    case viewDidLoad
    /// `viewWillAppear(_:)`.
    case viewWillAppear(animated: Bool)
    /// `viewDidAppear(_:)`.
    case viewDidAppear(animated: Bool)
    /// `viewWillDisappear(_:)`.
    case viewWillDisappear(animated: Bool)
    /// `viewDidDisappear(_:)`.
    case viewDidDisappear(animated: Bool)
    /// `willMove(toParent:)`: `parent` is the new container, `nil` when the screen is about to leave its container
    /// (or an interactive pop began, which a cancel undoes without a `didMove`).
    case willMove(toParent: Screen?)
    /// `didMove(toParent:)`: `parent` is the new container, `nil` after the screen left its container.
    case didMove(toParent: Screen?)

    /// The method, for the six methods ``Lifecycle`` can hook; `nil` for `willMove` and `didMove`.
    public var method: LifecycleMethod? {
        switch self {
        case .loadView: return .loadView
        case .viewDidLoad: return .viewDidLoad
        case .viewWillAppear: return .viewWillAppear
        case .viewDidAppear: return .viewDidAppear
        case .viewWillDisappear: return .viewWillDisappear
        case .viewDidDisappear: return .viewDidDisappear
        case .willMove, .didMove: return nil
        }
    }

    /// The `animated` argument of the four appearance methods; `false` for the others.
    public var animated: Bool {
        switch self {
        case .viewWillAppear(let animated), .viewDidAppear(let animated), .viewWillDisappear(let animated),
            .viewDidDisappear(let animated):
            return animated
        case .loadView, .viewDidLoad, .willMove, .didMove:
            return false
        }
    }

    /// The method's name, such as `viewWillAppear` or `willMove(toParent:)`.
    public var name: String {
        switch self {
        case .willMove: return "willMove(toParent:)"
        case .didMove: return "didMove(toParent:)"
        case .loadView, .viewDidLoad, .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear:
            return method?.rawValue ?? ""
        }
    }

    /// The name and the argument: `loadView`, `viewWillAppear(animated: true)`, `didMove(toParent: Home)`.
    ///
    /// A parent is named by its title, or `untitled`; a missing parent is `nil`.
    public var description: String {
        switch self {
        case .loadView, .viewDidLoad:
            return name
        case .viewWillAppear(let animated), .viewDidAppear(let animated), .viewWillDisappear(let animated),
            .viewDidDisappear(let animated):
            return "\(name)(animated: \(animated))"
        case .willMove(let parent):
            return "willMove(toParent: \(Self._name(of: parent)))"
        case .didMove(let parent):
            return "didMove(toParent: \(Self._name(of: parent)))"
        }
    }

    /// A parent as descriptions name it.
    private static func _name(of parent: Screen?) -> String {
        parent.map { $0.title ?? "untitled" } ?? "nil"
    }
}
