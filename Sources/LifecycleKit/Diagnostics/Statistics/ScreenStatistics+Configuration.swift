import Foundation

extension ScreenStatistics {
    /// How a statistics recorder counts and saves: the flush delay, the long-view limit, and which screens count.
    ///
    /// ```swift
    /// var configuration = ScreenStatistics.Configuration()
    /// configuration.flushDelay = 10
    /// configuration.excludedTypes.insert(SplashScreen.self)
    /// configuration.setEnabled(true, for: DashboardContainer.self)   // count this container
    /// statistics.configuration = configuration
    /// ```
    ///
    /// Whether a screen is counted is decided when its view starts, in this order:
    /// 1. ``Screen/isStatisticsEnabled``, when set on the screen;
    /// 2. the switch of its type, or of its nearest superclass with one (``setEnabled(_:for:)``);
    /// 3. ``excludedTypes``: a screen whose type or a superclass is a member is not counted;
    /// 4. otherwise it is counted when it has no children (a leaf), and its view pauses while it shows children it
    ///    gained on screen (they count instead).
    public struct Configuration: Sendable {
        /// How long after a change the recorder writes its file, in seconds (5 by default); changes in between are
        /// written together.
        ///
        /// Negative and NaN values count as 0. An infinite delay writes only when asked: ``ScreenStatistics/flush()``,
        /// the application entering the background, or detaching. A write scheduled with a longer delay is brought
        /// forward by the next change after the delay is shortened.
        public var flushDelay: Double
        /// The longest single view that counts, in seconds of active time (24 hours by default); a longer one
        /// is discarded and reported (``Event/viewDiscarded(name:duration:limit:)``).
        ///
        /// An infinite or NaN limit discards nothing; a negative one discards every view.
        public var maximumViewDuration: Double
        /// Types that are not counted, with their subtypes, unless a switch says otherwise; navigation
        /// controllers by default.
        public var excludedTypes: ScreenTypeSet
        /// The wall clock that names a bad statistics file when it is moved aside
        /// (`stats.json.corrupt-20250102T030405Z`); the current date by default.
        public var wallClock: @Sendable () -> Date
        /// The per-type switches.
        var _switches = _TypeSwitches()

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - flushDelay: How long after a change the file is written, in seconds.
        ///   - maximumViewDuration: The longest single view that counts, in seconds.
        ///   - excludedTypes: Types not counted (with their subtypes) unless switched on.
        ///   - wallClock: The date used to name a moved-aside file.
        public init(
            flushDelay: Double = 5, maximumViewDuration: Double = 86_400,
            excludedTypes: ScreenTypeSet = [NavigationController.self],
            wallClock: @escaping @Sendable () -> Date = { Date() }
        ) {
            self.flushDelay = flushDelay
            self.maximumViewDuration = maximumViewDuration
            self.excludedTypes = excludedTypes
            self.wallClock = wallClock
        }

        /// Whether a view of `activeTime` seconds is longer than ``maximumViewDuration`` and is discarded: the one rule
        /// for views that ended and views in progress, so that a NaN limit discards neither.
        func _discardsView(lasting activeTime: Double) -> Bool {
            activeTime > maximumViewDuration
        }

        /// Switches counting on or off for `type` and its subtypes (a subtype's own switch wins); `nil` removes
        /// the switch.
        ///
        /// A switch overrides ``excludedTypes`` and the leaf rule; ``Screen/isStatisticsEnabled`` overrides it.
        public mutating func setEnabled(_ enabled: Bool?, for type: Screen.Type) {
            _switches.set(enabled, for: type)
        }

        /// The switch that applies to `type`: its own, else its nearest superclass's; `nil` when none does.
        public func isEnabled(for type: Screen.Type) -> Bool? {
            _switches.value(for: type)
        }
    }
}
