import Foundation

/// The error statistics persistence reports: what went wrong with the statistics file, and what was done.
///
/// Errors compare equal when their ``code`` is equal; ``message`` is for people.
///
/// ```swift
/// let statistics = ScreenStatistics(fileURL: url, time: time) { event in
///     if case .storeFailed(let error) = event, error.code == .corrupt {
///         print("kept the bad file at", error.movedAsideURL?.path ?? "-")
///     }
/// }
/// ```
public struct StatisticsStoreError: Error, Hashable, CustomStringConvertible {
    /// What went wrong, as an extensible set of codes.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        private init(_ name: String) {
            self.name = name
        }

        /// The file exists but could not be read; it was moved aside and counting started fresh.
        ///
        /// Also when the URL names nothing the recorder may use as its file (not a file URL; something other than a
        /// regular file at its path, such as a directory): that is left as it is, with no
        /// ``StatisticsStoreError/movedAsideURL``, and the recorder counts in memory without writing.
        public static let unreadable = Code("unreadable")
        /// The file is not valid statistics JSON; it was moved aside and counting started fresh.
        public static let corrupt = Code("corrupt")
        /// The file was written by a newer format version; it was moved aside and counting started fresh.
        public static let unsupportedVersion = Code("unsupportedVersion")
        /// A bad file could not be moved aside: the recorder counts in memory and does not write to the path,
        /// so that the file is not overwritten.
        public static let moveAsideFailed = Code("moveAsideFailed")
        /// A flush could not write the file; the counts stay in memory and the next flush tries again.
        public static let writeFailed = Code("writeFailed")

        /// The code's name.
        public var description: String { name }
    }

    /// What went wrong.
    public let code: Code
    /// A sentence for people, naming the file and the cause.
    public let message: String
    /// The statistics file.
    public let fileURL: URL
    /// Where the bad file was moved, when it was.
    public let movedAsideURL: URL?

    init(_ code: Code, _ message: String, fileURL: URL, movedAsideURL: URL? = nil) {
        self.code = code
        self.message = message
        self.fileURL = fileURL
        self.movedAsideURL = movedAsideURL
    }

    /// `StatisticsStoreError(code): message`.
    public var description: String { "StatisticsStoreError(\(code)): \(message)" }

    /// Two errors are equal when their codes are equal.
    public static func == (lhs: StatisticsStoreError, rhs: StatisticsStoreError) -> Bool { lhs.code == rhs.code }

    /// Hashes the code, consistently with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
