/// Any field of a JSON object, by name: what ``Swift/Decoder/refuseUnknownFields(_:)`` lists an object's fields with.
struct _FieldKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        nil
    }
}
