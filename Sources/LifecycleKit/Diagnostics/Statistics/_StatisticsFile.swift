import Foundation

/// The statistics file: a format version and one record per statistic name, sorted by name.
///
/// ```json
/// {
///   "formatVersion" : 1,
///   "screens" : [
///     { "name" : "ProductDetail", "resumeCount" : 1, "stayTime" : 75, "viewCount" : 3 }
///   ]
/// }
/// ```
struct _StatisticsFile: Codable {
    /// The version this code writes, and the newest it reads.
    static let currentVersion = 1

    var formatVersion: Int
    var screens: [ScreenStatistics.Record]

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case formatVersion, screens
    }

    /// A record read from the file, which refuses fields this version does not know: written back, the file would
    /// lose them.
    private struct KnownRecord: Decodable {
        /// The fields a record has.
        static let fields = ["name", "stayTime", "viewCount", "resumeCount"]

        let record: ScreenStatistics.Record

        init(from decoder: any Decoder) throws {
            try decoder.refuseUnknownFields(Self.fields)
            record = try ScreenStatistics.Record(from: decoder)
        }
    }

    /// The file for `records`, in name order.
    init(records: [String: ScreenStatistics.Record]) {
        formatVersion = Self.currentVersion
        screens = records.values.sorted { $0.name < $1.name }
    }

    /// Reads a file that holds only the fields this version knows (see ``KnownRecord``).
    init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownFields(CodingKeys.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        formatVersion = try container.decode(Int.self, forKey: .formatVersion)
        screens = try container.decode([KnownRecord].self, forKey: .screens).map(\.record)
    }

    /// The file as pretty-printed JSON with sorted keys.
    func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        // Records hold finite numbers only (`Record`'s additions saturate, and files with anything else are set
        // aside), so encoding cannot fail.
        return (try? encoder.encode(self)) ?? Data()
    }

    /// Why data could not be read as a statistics file.
    struct Failure: Error {
        let code: StatisticsStoreError.Code
        let reason: String
    }

    /// Reads `data`: the records by name (records with the same name are added up, saturating as the recorder's
    /// counts do), or why it cannot.
    static func decode(_ data: Data) -> Result<[String: ScreenStatistics.Record], Failure> {
        struct Header: Decodable {
            var formatVersion: Int
        }
        do {
            try _JSONSyntaxChecker.check([UInt8](data))
        } catch {
            // A field given twice reads differently with each parser, and a rewrite would keep one of the two.
            return .failure(
                Failure(
                    code: .corrupt,
                    reason: "it is not valid JSON (line \(error.line), column \(error.column): \(error.problem); "
                        + "expected \(error.expected))"))
        }
        let decoder = JSONDecoder()
        guard let header = try? decoder.decode(Header.self, from: data) else {
            return .failure(Failure(code: .corrupt, reason: "it is not a JSON object with a formatVersion"))
        }
        guard header.formatVersion <= currentVersion else {
            return .failure(
                Failure(
                    code: .unsupportedVersion,
                    reason: "its format version \(header.formatVersion) is newer than \(currentVersion)"))
        }
        guard header.formatVersion >= 1 else {
            return .failure(Failure(code: .corrupt, reason: "its format version \(header.formatVersion) is invalid"))
        }
        let file: _StatisticsFile
        do {
            file = try decoder.decode(_StatisticsFile.self, from: data)
        } catch DecodingError.dataCorrupted(let context) {
            // Among others, a field this version does not know: written back, the file would lose it.
            return .failure(Failure(code: .corrupt, reason: "its records cannot be read (\(context.debugDescription))"))
        } catch {
            return .failure(Failure(code: .corrupt, reason: "its records cannot be read (\(error))"))
        }
        var records: [String: ScreenStatistics.Record] = [:]
        for record in file.screens {
            guard record._isValid else {
                return .failure(Failure(code: .corrupt, reason: "the record of \(record.name) holds negative numbers"))
            }
            records[record.name, default: ScreenStatistics.Record(name: record.name)]._add(record)
        }
        return .success(records)
    }
}
