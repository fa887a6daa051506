/// What a screen keeps for statistics and leak detection.
struct _ScreenDiagnostics {
    /// The statistic name set on this screen, over its type's.
    var statisticName: String?
    /// Whether statistics count this screen, over the recorder's rules; `nil` defers to them.
    var isStatisticsEnabled: Bool?
    /// Whether leak detectors check this screen, over the detector's rules; `nil` defers to them.
    var isLeakDetectionEnabled: Bool?
    /// The leak detectors' entries that track this screen since it left a hierarchy, dropped when it joins one
    /// again.
    var leakEntries: [_Weak<_LeakEntry>] = []
}
