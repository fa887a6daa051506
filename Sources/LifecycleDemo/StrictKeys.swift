/// Decoding helpers that refuse fields a scenario type does not know, so a typo such as `"scren"`
/// is an error that names it rather than a field silently ignored.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        nil
    }
}

extension Decoder {
    /// Throws if the object being decoded has a field not in `known`.
    func refuseUnknownFields(_ known: [String]) throws {
        let container = try container(keyedBy: AnyKey.self)
        for key in container.allKeys where !known.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath + [key],
                    debugDescription: "unknown field \(key.stringValue.quoted); expected one of: "
                        + known.joined(separator: ", ")))
        }
    }
}
