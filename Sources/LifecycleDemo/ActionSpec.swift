/// One action of a scenario, as written: its kind and every field any kind may use.
///
/// Validation (``ScenarioPlan``) checks which fields its kind needs.
struct ActionSpec: Decodable, Sendable {
    /// The kind: push, pop, popToRoot, present, dismiss, addChild, removeFromParent, interactivePop,
    /// background, foreground, leak or wait.
    var action: String
    /// The screen acted on (push, present, dismiss, addChild, removeFromParent, leak).
    var screen: String?
    /// The Container a child is added to (addChild).
    var parent: String?
    /// The navigation controller acted on (push, pop, popToRoot, interactivePop); the root's if absent.
    var navigation: String?
    /// The screen to present from (present); the top visible screen if absent.
    var from: String?
    /// The presentation style (present): fullScreen, currentContext, overFullScreen, pageSheet,
    /// formSheet or automatic.
    var style: String?
    /// Whether the transition animates; `true` if absent.
    var animated: Bool?
    /// How an interactive pop ends: finish or cancel.
    var end: String?
    /// How far an interactive pop drags before it ends, from 0 to 1; 0.5 if absent.
    var progress: Double?
    /// How long the app stays in the background (background); until `foreground` if absent.
    var duration: Double?
    /// How long to wait (wait).
    var seconds: Double?
    /// Seconds of virtual time that pass before the action.
    var after: Double?
    /// The fields given as `null`, which count as absent (so that a required one's message can say so).
    var nullFields: Set<String> = []

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case action, screen, parent, navigation, from, style, animated, end, progress, duration, seconds, after
    }

    init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownFields(CodingKeys.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        action = try container.decode(String.self, forKey: .action)
        screen = try container.decodeIfPresent(String.self, forKey: .screen)
        parent = try container.decodeIfPresent(String.self, forKey: .parent)
        navigation = try container.decodeIfPresent(String.self, forKey: .navigation)
        from = try container.decodeIfPresent(String.self, forKey: .from)
        style = try container.decodeIfPresent(String.self, forKey: .style)
        animated = try container.decodeIfPresent(Bool.self, forKey: .animated)
        end = try container.decodeIfPresent(String.self, forKey: .end)
        progress = try container.decodeIfPresent(Double.self, forKey: .progress)
        duration = try container.decodeIfPresent(Double.self, forKey: .duration)
        seconds = try container.decodeIfPresent(Double.self, forKey: .seconds)
        after = try container.decodeIfPresent(Double.self, forKey: .after)
        for key in CodingKeys.allCases where container.contains(key) {
            if try container.decodeNil(forKey: key) { nullFields.insert(key.rawValue) }
        }
    }
}
