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

    /// What is wrong with the file, for people: the field's place in it (`screens[0].viewCount`) and the problem.
    ///
    /// The decoder's own text names its coding keys by their Swift spelling, and it reads a number that is not a
    /// whole one, for a count, as JSON that is not valid, although the syntax was checked first.
    static func describe(_ error: DecodingError) -> String {
        func place(_ path: [any CodingKey]) -> String {
            var text = ""
            for key in path {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
                }
            }
            return text.isEmpty ? "the file" : text
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(place(context.codingPath + [key])) is missing"
        case .valueNotFound(_, let context):
            return "\(place(context.codingPath)) is null"
        case .typeMismatch(let type, let context):
            return "\(place(context.codingPath)) is not \(expectedKind(type))"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return context.debugDescription
            }
            return "\(place(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    /// The first count of a record that is a number but not a whole one that fits (`1.5`, `1e20`), in words; `nil` if
    /// there is none.
    ///
    /// The decoder reports such a number as JSON that is not valid, without saying where (on Linux), although the
    /// syntax was checked first: the file is read again, as plain JSON, to say where.
    private static func countThatDoesNotFit(in data: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let screens = object["screens"] as? [Any]
        else { return nil }
        for (index, record) in screens.enumerated() {
            guard let fields = record as? [String: Any] else { continue }
            for key in ["viewCount", "resumeCount"] {
                guard let number = fields[key] as? NSNumber, !doesFitACount(number) else { continue }
                return "screens[\(index)].\(key) is not a whole number from 0 to \(Int.max)"
            }
        }
        return nil
    }

    /// Whether `number`, as plain JSON gave it, is a count the decoder can read: stored as an integer (a negative one
    /// is reported later, and a boolean the decoder reports as a mismatch of its own), or a whole number from 0 to
    /// `Int.max` written as a decimal (`1.0`, `1e2`).
    ///
    /// Read by its storage, not its `Double` value, which cannot tell `Int.max` from a number one above it, nor
    /// `Int.min` from one below it.
    private static func doesFitACount(_ number: NSNumber) -> Bool {
        if number is NSDecimalNumber { return false }  // beyond every 64-bit integer
        switch String(cString: number.objCType) {
        case "d", "f":
            let value = number.doubleValue
            return value >= 0 && value < 0x1p63 && value.rounded(.towardZero) == value
        case "Q", "L": return number.uint64Value <= UInt64(Int.max)
        default: return true
        }
    }

    /// What a field of `type` holds, in words.
    private static func expectedKind(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type: return "a whole number"
        case is Double.Type: return "a number"
        case is [Any].Type: return "an array"
        default: return "an object of the expected kind"
        }
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
            /// Any number: a version this one cannot read (2.5, 1e20) is a newer one, not a corrupt file. (A number
            /// beyond `Double`'s range, 1e400 or 1e-400, never gets here: the syntax check calls the file corrupt.)
            var formatVersion: Double
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
        let version = header.formatVersion
        let versionName = version == version.rounded() && abs(version) < 1e15 ? "\(Int(version))" : "\(version)"
        guard version <= Double(currentVersion) else {
            return .failure(
                Failure(
                    code: .unsupportedVersion,
                    reason: "its format version \(versionName) is newer than \(currentVersion)"))
        }
        guard version >= 1, version == version.rounded() else {
            return .failure(Failure(code: .corrupt, reason: "its format version \(versionName) is invalid"))
        }
        let file: _StatisticsFile
        do {
            file = try decoder.decode(_StatisticsFile.self, from: data)
        } catch let error as DecodingError {
            // Among others, a field this version does not know: written back, the file would lose it.
            let problem = countThatDoesNotFit(in: data) ?? describe(error)
            return .failure(Failure(code: .corrupt, reason: "its records cannot be read (\(problem))"))
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
