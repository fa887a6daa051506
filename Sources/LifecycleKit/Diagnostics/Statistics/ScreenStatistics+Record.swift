import Foundation
import HookKit

extension ScreenStatistics {
    /// What statistics know about one statistic name: its views, resumes and total stay time.
    ///
    /// Every screen counted under the same ``Screen/statisticName`` adds to the same record: names are the same when
    /// Swift's `==` says so, so two canonically equivalent spellings (a precomposed "é" and "e" with a combining
    /// accent) are one name, and its record keeps one of them. Its numbers stay
    /// finite: counts stop at `Int.max` and the stay time at the largest finite `Double`, also when a file's
    /// records with the same name are added up. Its
    /// ``description`` is one report line:
    ///
    /// ```swift
    /// print(statistics.record(named: "ProductDetail")!)
    /// // [ProductDetail: stayed 1.250 (mins), viewed 3, resumed 1]
    /// ```
    public struct Record: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The statistic name.
        public var name: String
        /// The time the screens spent on screen and in use, in seconds, paused time excluded.
        public var stayTime: Double
        /// The number of views: each `viewDidAppear` of a counted screen that starts one.
        public var viewCount: Int
        /// The number of resumes: a paused view that became active again (after a sheet was dismissed, the
        /// application came back to the foreground, or an interactive pop was cancelled).
        public var resumeCount: Int

        /// Creates a record.
        public init(name: String, stayTime: Double = 0, viewCount: Int = 0, resumeCount: Int = 0) {
            self.name = name
            self.stayTime = stayTime
            self.viewCount = viewCount
            self.resumeCount = resumeCount
        }

        /// The stay time in minutes.
        public var stayMinutes: Double { stayTime / 60 }

        /// `[Name: stayed 1.250 (mins), viewed 3, resumed 1]`: the stay time in minutes with three decimals.
        ///
        /// One line: line breaks, other control characters and backslashes in the name are written as in a Swift string
        /// literal (`\n`, `\\`), so that two names never print alike.
        public var description: String {
            let minutes = String(format: "%.3f", stayMinutes)
            let name = _oneLine(name, escapingBackslashes: true)
            return "[\(name): stayed \(minutes) (mins), viewed \(viewCount), resumed \(resumeCount)]"
        }

        /// Whether every number is finite and not negative, as a stored record must be.
        var _isValid: Bool {
            stayTime.isFinite && stayTime >= 0 && viewCount >= 0 && resumeCount >= 0
        }

        /// Adds `other`'s numbers to this record's, saturating (see ``_addStayTime(_:)``, ``_saturatingSum(_:_:)``).
        mutating func _add(_ other: Record) {
            _addStayTime(other.stayTime)
            viewCount = Self._saturatingSum(viewCount, other.viewCount)
            resumeCount = Self._saturatingSum(resumeCount, other.resumeCount)
        }

        /// Adds `seconds` to the stay time, which stops at the largest finite `Double`.
        ///
        /// A duration that is not a positive number (zero, negative, NaN) adds nothing. A record's numbers stay
        /// finite, so that it can always be written.
        mutating func _addStayTime(_ seconds: Double) {
            guard seconds > 0 else { return }
            stayTime = min(stayTime + seconds, .greatestFiniteMagnitude)
        }

        /// Counts one more view, stopping at `Int.max`; whether the count moved.
        mutating func _countView() -> Bool {
            guard viewCount < .max else { return false }
            viewCount += 1
            return true
        }

        /// Counts one more resume, stopping at `Int.max`; whether the count moved.
        mutating func _countResume() -> Bool {
            guard resumeCount < .max else { return false }
            resumeCount += 1
            return true
        }

        /// `a + b` for counts that are not negative, or `Int.max` when it does not fit.
        static func _saturatingSum(_ a: Int, _ b: Int) -> Int {
            let (sum, overflow) = a.addingReportingOverflow(b)
            return overflow ? .max : sum
        }
    }
}
