/// One screen of a scenario.
struct ScreenSpec: Decodable, Sendable {
    /// The name actions use, unique in the scenario.
    var name: String
    /// The screen's type: one of ``DemoScreenType``.
    var type: String
    /// The screen's title; its name if absent.
    var title: String?
    /// For a navigation controller: the name of its root screen.
    var root: String?
    /// The name its statistics are kept under; its type's name if absent.
    var statisticName: String?
    /// Navigation-bar and status-bar preferences.
    var appearance: AppearanceSpec?

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case name, type, title, root, statisticName, appearance
    }

    init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownFields(CodingKeys.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        type = try container.decode(String.self, forKey: .type)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        root = try container.decodeIfPresent(String.self, forKey: .root)
        statisticName = try container.decodeIfPresent(String.self, forKey: .statisticName)
        appearance = try container.decodeIfPresent(AppearanceSpec.self, forKey: .appearance)
    }
}
