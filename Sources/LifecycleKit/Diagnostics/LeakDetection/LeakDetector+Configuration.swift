extension LeakDetector {
    /// When a leak detector checks removed screens, and which screens it checks.
    ///
    /// ```swift
    /// var configuration = LeakDetector.Configuration()
    /// configuration.gracePeriod = 2
    /// configuration.backoff = [4, 8, 16]
    /// configuration.excludedTypes.insert(CachedScreen.self)
    /// configuration.setEnabled(false, for: ReusableSheet.self)
    /// ```
    ///
    /// Whether a screen is checked is decided when it leaves and again at each check, in this order:
    /// 1. ``Screen/isLeakDetectionEnabled``, when set on the screen;
    /// 2. the switch of its type, or of its nearest superclass with one (``setEnabled(_:for:)``);
    /// 3. ``excludedTypes``: a screen whose type or a superclass is a member is not checked;
    /// 4. otherwise it is checked.
    public struct Configuration: Sendable, Hashable {
        /// How long after a screen left the first check runs, in seconds (1.5 by default).
        ///
        /// A screen still alive and detached then is reported as ``LeakReport/Kind/suspected``. An infinite delay is a
        /// check that never comes: no screen is tracked. (An infinite back-off delay ends the checks there, and an
        /// infinite release-watch interval stops the watch: the screen is forgotten.)
        public var gracePeriod: Double
        /// The delays of the following checks, each after the previous one, in seconds (3 then 6 by default).
        ///
        /// The last check reports a screen still alive and detached as ``LeakReport/Kind/confirmed``. Without
        /// back-off delays, the first check confirms at once.
        public var backoff: [Double]
        /// How often a confirmed screen is checked again to notice a late release, in seconds (30 by default).
        ///
        /// `nil` (or a value that is not positive) stops watching it once confirmed. A positive value below a
        /// millisecond counts as one. On a clock so large that adding the interval changes nothing, the next check
        /// comes at the next representable time.
        public var releaseWatchInterval: Double?
        /// Types that are not checked, with their subtypes, unless a switch says otherwise; empty by default.
        ///
        /// The screens that an excluded screen holds (its children and what they present) are checked by their own
        /// types, once the excluded screen that left with them is released (see ``LeakDetector``).
        public var excludedTypes: ScreenTypeSet
        /// The per-type switches.
        var _switches = _TypeSwitches()

        /// Creates a configuration; negative or NaN delays count as 0.
        ///
        /// - Parameters:
        ///   - gracePeriod: The delay of the first check.
        ///   - backoff: The delays of the following checks.
        ///   - releaseWatchInterval: How often a confirmed screen is checked for a late release.
        ///   - excludedTypes: Types not checked (with their subtypes) unless switched on.
        public init(
            gracePeriod: Double = 1.5, backoff: [Double] = [3, 6], releaseWatchInterval: Double? = 30,
            excludedTypes: ScreenTypeSet = []
        ) {
            self.gracePeriod = gracePeriod
            self.backoff = backoff
            self.releaseWatchInterval = releaseWatchInterval
            self.excludedTypes = excludedTypes
        }

        /// Switches checking on or off for `type` and its subtypes (a subtype's own switch wins); `nil` removes
        /// the switch.
        ///
        /// A switch overrides ``excludedTypes``; ``Screen/isLeakDetectionEnabled`` overrides it.
        public mutating func setEnabled(_ enabled: Bool?, for type: Screen.Type) {
            _switches.set(enabled, for: type)
        }

        /// The switch that applies to `type`: its own, else its nearest superclass's; `nil` when none does.
        public func isEnabled(for type: Screen.Type) -> Bool? {
            _switches.value(for: type)
        }

        /// The delays of every check: the grace period, then the back-off delays.
        var _checkDelays: [Double] {
            [gracePeriod] + backoff
        }
    }
}
