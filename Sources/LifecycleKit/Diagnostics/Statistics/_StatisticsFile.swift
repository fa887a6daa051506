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

    /// The file for `records`, in name order.
    init(records: [String: ScreenStatistics.Record]) {
        formatVersion = Self.currentVersion
        screens = records.values.sorted { $0.name < $1.name }
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
        } catch {
            return .failure(Failure(code: .corrupt, reason: "its records cannot be read (\(error))"))
        }
        if let field = unknownField(in: data) {
            // Written back, the file would lose it: set aside instead, where it stays.
            return .failure(Failure(code: .corrupt, reason: "it holds a field this version does not know (\(field))"))
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

    /// The fields of the file.
    static let fileFields: Set<String> = ["formatVersion", "screens"]
    /// The fields of a record.
    static let recordFields: Set<String> = ["name", "stayTime", "viewCount", "resumeCount"]

    /// The first field of `data` (a file that decodes) outside ``fileFields`` and ``recordFields``, as `screens[2].x`
    /// or `x`; `nil` when there is none.
    static func unknownField(in data: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        if let field = object.keys.sorted().first(where: { !fileFields.contains($0) }) {
            return _quotedField(field)
        }
        for (index, record) in (object["screens"] as? [[String: Any]] ?? []).enumerated() {
            if let field = record.keys.sorted().first(where: { !recordFields.contains($0) }) {
                return "screens[\(index)].\(_quotedField(field))"
            }
        }
        return nil
    }

    /// `field` in double quotes, cut after 40 characters.
    private static func _quotedField(_ field: String) -> String {
        field.count > 40 ? "\"\(field.prefix(40))…\"" : "\"\(field)\""
    }
}
