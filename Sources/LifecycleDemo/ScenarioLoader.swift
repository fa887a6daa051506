import Foundation
import LifecycleKit

/// Reads a scenario file (or the embedded one) and validates it, with errors that say where.
enum ScenarioLoader {
    /// The name errors use for the embedded scenario.
    static let embeddedName = "Scenarios/shopping.json"

    /// The embedded scenario's bytes, compiled into the binary (`Package.swift` embeds the file in code).
    static func embeddedScenario() -> [UInt8] {
        PackageResources.shopping_json
    }

    /// The largest scenario file read, in bytes.
    static let maximumFileSize = 16 << 20

    /// Reads the file at `path`.
    ///
    /// It must be a regular file (never a directory, a device or a FIFO, which could block) of at
    /// most ``maximumFileSize`` bytes.
    static func read(_ path: String) throws(ScenarioError) -> [UInt8] {
        func refuse(_ reason: String) -> ScenarioError {
            ScenarioError(file: path, location: "", problem: "the file \(reason); expected a JSON scenario")
        }
        guard let kind = _PathKind(atPath: path) else {
            throw refuse(errno == ENOENT || errno == ENOTDIR ? "does not exist" : "cannot be read")
        }
        let size: Int64
        switch kind {
        case .regularFile(let fileSize, _):
            size = fileSize
        case .directory:
            throw refuse("cannot be read: it is a directory")
        default:
            throw refuse("cannot be read: it is not a regular file")
        }
        guard size <= maximumFileSize else {
            throw refuse("is larger than \(maximumFileSize >> 20) MB")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw refuse("cannot be read") }
        guard data.count <= maximumFileSize else { throw refuse("is larger than \(maximumFileSize >> 20) MB") }
        return Array(data)
    }

    /// Checks, decodes and validates `bytes` read from `file`.
    static func plan(_ bytes: [UInt8], file: String) throws(ScenarioError) -> ScenarioPlan {
        do {
            try _JSONSyntaxChecker.check(bytes)
        } catch {
            throw ScenarioError(
                file: file, location: "line \(error.line), column \(error.column)",
                problem: "\(error.problem); expected \(error.expected)")
        }
        let scenario: Scenario
        do {
            scenario = try JSONDecoder().decode(Scenario.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw describe(error, file: file)
        } catch {
            throw ScenarioError(file: file, location: "", problem: "cannot be decoded; expected a JSON scenario")
        }
        return try ScenarioPlan(scenario, file: file)
    }

    /// A decoding error as a location (`actions[3].style`) and what was expected.
    static func describe(_ error: DecodingError, file: String) -> ScenarioError {
        /// `actions[3].style`, or `top level` for the document itself; a field whose name is not a plain identifier
        /// of at most 40 characters is quoted, cut as values are: `screens[0]["a.b"]`.
        func path(_ codingPath: [any CodingKey]) -> String {
            var text = ""
            for key in codingPath {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else if isPlainName(key.stringValue) {
                    text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
                } else {
                    text += "[\(key.stringValue.quoted)]"
                }
            }
            return text.isEmpty ? "top level" : text
        }
        /// Whether `name` reads unambiguously in a path: ASCII letters, digits and `_`, not starting with a digit, at
        /// most 40 characters.
        func isPlainName(_ name: String) -> Bool {
            guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 40, !("0"..."9").contains(first)
            else { return false }
            return name.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII && (scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
            }
        }
        switch error {
        case .keyNotFound(let key, let context):
            return ScenarioError(
                file: file, location: path(context.codingPath),
                problem:
                    "missing field \(key.stringValue.quoted); expected "
                    + ScenarioPlan.expectedValue(of: key.stringValue))
        case .typeMismatch(let type, let context):
            return ScenarioError(
                file: file, location: path(context.codingPath), problem: "expected \(describe(type))")
        case .valueNotFound(let type, let context):
            return ScenarioError(
                file: file, location: path(context.codingPath), problem: "expected \(describe(type)), found null")
        case .dataCorrupted(let context):
            // The syntax checker ran first, so this is a field the scenario types refuse.
            return ScenarioError(file: file, location: path(context.codingPath), problem: context.debugDescription)
        @unknown default:
            return ScenarioError(file: file, location: "top level", problem: "expected a JSON scenario")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Double.Type, is Int.Type: return "a number"
        case is [Any].Type: return "an array"
        default: return "an object"
        }
    }
}
