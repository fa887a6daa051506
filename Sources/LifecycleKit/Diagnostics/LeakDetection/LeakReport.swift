import HookKit

/// What a ``LeakDetector`` reports about a screen that stayed alive after it left the hierarchy.
///
/// The report carries what was known when the screen was removed, so that a ``Kind/releasedLate``
/// report can name a screen that no longer exists. Its ``description`` is one line:
///
/// ```swift
/// print(report)
/// // suspected leak: ProductScreen "Shoes" [Product] removed by pop at 2.000 s, still alive at 3.500 s
/// ```
///
/// It is `Codable`, to send to an app's own analytics as a structured value: every field is encoded under its
/// property's name (a missing title as `null`), the kind and the reason as their names, the times as seconds:
///
/// ```json
/// {"kind": "suspected", "typeName": "ProductScreen", "title": "Shoes", "statisticName": "Product",
///  "reason": "pop", "removedAt": 2, "reportedAt": 3.5}
/// ```
public struct LeakReport: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How sure the detector is, or that the screen was released after all.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
        /// Still alive and detached at the first check, a grace period after it left.
        case suspected
        /// Still alive and detached at the last back-off check.
        case confirmed
        /// Released after it was reported: it was kept alive longer than the grace period, but not leaked.
        case releasedLate

        /// The kind's name.
        public var description: String { rawValue }
    }

    /// How sure the detector is, or that the screen was released after all.
    public let kind: Kind
    /// The screen's type name, such as `ProductScreen`.
    public let typeName: String
    /// The screen's title when it left.
    public let title: String?
    /// The screen's ``Screen/statisticName`` when it left.
    public let statisticName: String
    /// How the screen left the hierarchy.
    public let reason: LeaveReason
    /// When the screen left, on the detector's clock, in seconds.
    public let removedAt: Double
    /// When the check that made this report ran, on the detector's clock, in seconds.
    public let reportedAt: Double

    /// Creates a report.
    public init(
        kind: Kind, typeName: String, title: String?, statisticName: String, reason: LeaveReason, removedAt: Double,
        reportedAt: Double
    ) {
        self.kind = kind
        self.typeName = typeName
        self.title = title
        self.statisticName = statisticName
        self.reason = reason
        self.removedAt = removedAt
        self.reportedAt = reportedAt
    }

    private enum CodingKeys: String, CodingKey {
        case kind, typeName, title, statisticName, reason, removedAt, reportedAt
    }

    /// Encodes every field under its property's name; a report without a title encodes `"title": null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(typeName, forKey: .typeName)
        try container.encode(title, forKey: .title)
        try container.encode(statisticName, forKey: .statisticName)
        try container.encode(reason, forKey: .reason)
        try container.encode(removedAt, forKey: .removedAt)
        try container.encode(reportedAt, forKey: .reportedAt)
    }

    /// One line: the kind, the type, the title in quotes, the statistic name in brackets, how and when it was
    /// removed, and when it was seen alive or found released.
    ///
    /// Line breaks, other control characters and backslashes in the title and the statistic name are written as in a
    /// Swift string literal (`\n`, `\\`), and so are quotes in the title, so that the description stays on one line,
    /// the title's end is where its closing quote is, and two names never print alike.
    public var description: String {
        let title = self.title.map { "\"\(_oneLine($0, quoting: true))\"" } ?? "(untitled)"
        let statisticName = _oneLine(statisticName, escapingBackslashes: true)
        let screen = "\(typeName) \(title) [\(statisticName)] removed by \(reason) at \(_seconds(removedAt))"
        switch kind {
        case .suspected:
            return "suspected leak: \(screen), still alive at \(_seconds(reportedAt))"
        case .confirmed:
            return "confirmed leak: \(screen), still alive at \(_seconds(reportedAt))"
        case .releasedLate:
            return "released late: \(screen), released by \(_seconds(reportedAt))"
        }
    }
}
