/// A scenario as written in JSON: the screens of an app, the window's root, and the actions to play, in order.
///
/// See `Scenarios/shopping.json` for the format.
struct Scenario: Decodable, Sendable {
    /// A name for the scenario, printed at the top of the output.
    var title: String
    /// The screens, each with a name that actions use.
    var screens: [ScreenSpec]
    /// The window's root screen, by name.
    var root: String
    /// What happens, in order.
    var actions: [ActionSpec]
    /// A screen, by name, that a per-instance hook observes.
    var observe: String?
    /// A screen type whose navigation bar a per-type override hides, without subclassing.
    var hideNavigationBarOn: String?

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case title, screens, root, actions, observe, hideNavigationBarOn
    }

    init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownFields(CodingKeys.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        screens = try container.decode([ScreenSpec].self, forKey: .screens)
        root = try container.decode(String.self, forKey: .root)
        actions = try container.decode([ActionSpec].self, forKey: .actions)
        observe = try container.decodeIfPresent(String.self, forKey: .observe)
        hideNavigationBarOn = try container.decodeIfPresent(String.self, forKey: .hideNavigationBarOn)
    }
}
