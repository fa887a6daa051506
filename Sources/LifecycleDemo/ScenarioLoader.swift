import Foundation

/// Reads a scenario file (or the embedded one) and validates it, with errors that say where.
enum ScenarioLoader {
    /// The name errors use for the embedded scenario.
    static let embeddedName = "Scenarios/shopping.json"

    /// The embedded scenario's bytes.
    static func embeddedScenario() throws(ScenarioError) -> [UInt8] {
        guard let url = Bundle.module.url(forResource: "shopping", withExtension: "json"),
            let data = try? Data(contentsOf: url)
        else {
            throw ScenarioError(file: embeddedName, location: "", problem: "the embedded scenario is missing")
        }
        return Array(data)
    }

    /// Reads the file at `path`.
    static func read(_ path: String) throws(ScenarioError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "does not exist"
            throw ScenarioError(file: path, location: "", problem: "the file \(reason); expected a JSON scenario")
        }
        return Array(data)
    }

    /// Checks, decodes and validates `bytes` read from `file`.
    static func plan(_ bytes: [UInt8], file: String) throws(ScenarioError) -> ScenarioPlan {
        do {
            try JSONSyntaxChecker.check(bytes)
        } catch {
            throw ScenarioError(
                file: file, location: "line \(error.line), column \(error.column)",
                problem: "malformed JSON; expected \(error.expected)")
        }
        let scenario: Scenario
        do {
            scenario = try JSONDecoder().decode(Scenario.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw describe(error, file: file)
        } catch {
            throw ScenarioError(file: file, location: "", problem: "\(error)")
        }
        return try ScenarioPlan(scenario, file: file)
    }

    /// A decoding error as a location (`actions[3].style`) and what was expected.
    static func describe(_ error: DecodingError, file: String) -> ScenarioError {
        func path(_ codingPath: [any CodingKey]) -> String {
            var text = ""
            for key in codingPath {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
                }
            }
            return text
        }
        switch error {
        case .keyNotFound(let key, let context):
            let location = path(context.codingPath)
            return ScenarioError(
                file: file, location: location.isEmpty ? "top level" : location,
                problem: "missing field \"\(key.stringValue)\"")
        case .typeMismatch(let type, let context):
            return ScenarioError(
                file: file, location: path(context.codingPath), problem: "expected \(describe(type))")
        case .valueNotFound(let type, let context):
            return ScenarioError(
                file: file, location: path(context.codingPath), problem: "expected \(describe(type)), found null")
        case .dataCorrupted(let context):
            return ScenarioError(file: file, location: path(context.codingPath), problem: context.debugDescription)
        @unknown default:
            return ScenarioError(file: file, location: "", problem: "\(error)")
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
