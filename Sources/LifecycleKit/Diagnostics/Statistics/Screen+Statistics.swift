/// The statistic name of a screen, and whether statistics count it.
///
/// ```swift
/// ProductScreen.setDefaultStatisticName("Product")   // every ProductScreen and subclass
/// let screen = ProductScreen(title: "Shoes")
/// screen.statisticName                                // "Product"
/// screen.statisticName = "Product.shoes"              // this screen only
/// screen.isStatisticsEnabled = false                  // never counted, whatever the recorder's rules
/// ```
extension Screen {
    /// The per-type statistic names, process-wide.
    private static let _typeStatisticNames = _Locked<[ObjectIdentifier: String]>([:])

    /// The name under which ``ScreenStatistics`` counts this screen, and leak reports name it.
    ///
    /// Reading it gives the name set on this screen, else the name set for its type or its nearest
    /// superclass with one (``setDefaultStatisticName(_:)``), else the type's name (`ProductScreen`).
    /// Setting it names this screen only. A view keeps the name it started with: renaming a screen
    /// while it is on screen takes effect from its next view.
    public var statisticName: String {
        get { _diagnostics.statisticName ?? Self._defaultStatisticName(for: type(of: self)) }
        set { _diagnostics.statisticName = newValue }
    }

    /// Removes the name set on this screen, so that ``statisticName`` falls back to its type's.
    public func resetStatisticName() {
        _diagnostics.statisticName = nil
    }

    /// Whether ``ScreenStatistics`` counts this screen; `nil` (the default) defers to the recorder's rules.
    ///
    /// `true` counts it even if it is a container or of an excluded type; `false` never counts it. See
    /// ``ScreenStatistics`` for the rules.
    public var isStatisticsEnabled: Bool? {
        get { _diagnostics.isStatisticsEnabled }
        set { _diagnostics.isStatisticsEnabled = newValue }
    }

    /// Sets the statistic name of the screens of this type and its subtypes that have no name of their own.
    ///
    /// Call it on the type to name: `ProductScreen.setDefaultStatisticName("Product")`. A subtype's
    /// own default wins over its superclass's. Safe to call from any thread.
    ///
    /// - Parameter name: The name, or `nil` to go back to the type's name.
    public static func setDefaultStatisticName(_ name: String?) {
        let key = ObjectIdentifier(self)
        _typeStatisticNames.withLock { $0[key] = name }
    }

    /// The statistic name screens of this type get when they have no name of their own.
    public static var defaultStatisticName: String {
        _defaultStatisticName(for: self)
    }

    /// The name set for `type` or its nearest superclass, else the type's name.
    static func _defaultStatisticName(for type: Screen.Type) -> String {
        let lineage = ScreenTypeSet._lineage(of: type)
        let name = _typeStatisticNames.withLock { names -> String? in
            for identifier in lineage {
                if let name = names[identifier] { return name }
            }
            return nil
        }
        return name ?? String(describing: type)
    }

    /// Whether this screen, or one of its containers, is leaving through an interactive transition still in progress:
    /// the popping screen of an interactive pop (a current-context presentation standing in for the popping screen is
    /// inside it), or a sheet being swiped down.
    var _isInInteractiveDeparture: Bool {
        var screen: Screen? = self
        while let current = screen {
            if let navigation = current.parent as? NavigationController, let pop = navigation.interactivePop,
                pop.state == .active, pop.poppingScreen === current
            {
                return true
            }
            if let dismissal = current.interactiveDismissal, dismissal.state == .active { return true }
            screen = current._containerParent
        }
        return false
    }
}
