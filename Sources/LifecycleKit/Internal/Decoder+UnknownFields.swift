/// Decoding that refuses fields a type does not know, so that a typo such as `"scren"` in a scenario is an error
/// that names it rather than a field silently ignored, and a statistics file is not written back without a field it
/// held. Shared within the package: the demo's scenario types and LifecycleKit's statistics file use it.
extension Decoder {
    /// Throws `DecodingError.dataCorrupted` if the object being decoded has a field not in `known`.
    package func refuseUnknownFields(_ known: [String]) throws {
        let container = try container(keyedBy: _FieldKey.self)
        for key in container.allKeys where !known.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath + [key],
                    debugDescription: "unknown field \(key.stringValue.quoted); expected one of: "
                        + known.joined(separator: ", ")))
        }
    }
}
