/// What a screen keeps for statistics and leak detection.
struct _ScreenDiagnostics {
    /// The statistic name set on this screen, over its type's.
    var statisticName: String?
    /// Whether statistics count this screen, over the recorder's rules; `nil` defers to them.
    var isStatisticsEnabled: Bool?
    /// Whether leak detectors check this screen, over the detector's rules; `nil` defers to them.
    var isLeakDetectionEnabled: Bool?
    /// The window the screen appeared in, while it is on screen there and the window has observers.
    weak var observedWindow: Window?
}
