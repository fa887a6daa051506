import LifecycleKit

/// A scenario checked from top to bottom: every reference resolves and every action has what its
/// kind needs, so that a run never stops half-way because of the file.
struct ScenarioPlan: Sendable {
    /// The scenario's title.
    let title: String
    /// The screens, in the order they are declared.
    let screens: [PlannedScreen]
    /// The window's root, by name.
    let root: String
    /// The actions, in order.
    let actions: [PlannedAction]
    /// The screen a per-instance hook observes, if any.
    let observed: String?
    /// The screen type whose navigation bar a per-type override hides, if any.
    let hiddenBarType: DemoScreenType?

    /// One validated screen.
    struct PlannedScreen: Sendable {
        let name: String
        let type: DemoScreenType
        let title: String
        let root: String?
        let statisticName: String?
        let preferences: DemoPreferences
    }

    /// The largest number of seconds a time field (`after`, `duration`, `seconds`) may hold.
    ///
    /// Larger values would make virtual time too coarse to advance by a transition's steps.
    static let maximumSeconds = 1_000_000.0

    /// The rule every screen name follows, for error messages and the README.
    static let nameRule = "a letter, then letters, digits, '_' or '-'"

    /// The fields each action kind accepts besides `action` and `after`.
    private static let fields: [String: (required: [String], optional: [String])] = [
        "push": (["screen"], ["navigation", "animated"]),
        "pop": ([], ["navigation", "animated"]),
        "popToRoot": ([], ["navigation", "animated"]),
        "present": (["screen", "style"], ["from", "animated"]),
        "dismiss": ([], ["screen", "animated"]),
        "addChild": (["screen", "parent"], []),
        "removeFromParent": (["screen"], []),
        "interactivePop": (["end"], ["navigation", "progress"]),
        "background": ([], ["duration"]),
        "foreground": ([], []),
        "leak": (["screen"], []),
        "wait": (["seconds"], []),
    ]

    /// Validates `scenario`, read from `file`.
    init(_ scenario: Scenario, file: String) throws(ScenarioError) {
        func fail(_ location: String, _ problem: String) -> ScenarioError {
            ScenarioError(file: file, location: location, problem: problem)
        }
        title = scenario.title
        guard !scenario.screens.isEmpty else { throw fail("screens", "expected at least one screen") }
        var planned: [PlannedScreen] = []
        var byName: [String: PlannedScreen] = [:]
        for (index, spec) in scenario.screens.enumerated() {
            let location = "screens[\(index)]"
            guard Self.isValidName(spec.name) else {
                throw fail(
                    "\(location).name", "\(spec.name.quoted) is not a valid name; expected \(Self.nameRule)")
            }
            guard byName[spec.name] == nil else {
                throw fail("\(location).name", "\(spec.name.quoted) is declared twice; expected unique names")
            }
            guard let type = DemoScreenType(rawValue: spec.type) else {
                throw fail(
                    "\(location).type", "unknown type \(spec.type.quoted); expected " + Self.expectedValue(of: "type"))
            }
            if type == .navigation && spec.root == nil {
                throw fail(location, "a Navigation needs a \"root\" screen")
            }
            if type != .navigation && spec.root != nil {
                throw fail("\(location).root", "only a Navigation has a root; \(spec.name.quoted) is a \(spec.type)")
            }
            let preferences = try Self.preferences(spec.appearance, location: "\(location).appearance", file: file)
            let screen = PlannedScreen(
                name: spec.name, type: type, title: spec.title ?? spec.name, root: spec.root,
                statisticName: spec.statisticName, preferences: preferences)
            planned.append(screen)
            byName[spec.name] = screen
        }
        var navigationRoots: Set<String> = []
        for (index, screen) in planned.enumerated() {
            guard let root = screen.root else { continue }
            guard let rootScreen = byName[root] else {
                throw fail(
                    "screens[\(index)].root", "unknown screen \(root.quoted); expected one of: \(Self.names(planned))")
            }
            guard rootScreen.type != .navigation else {
                throw fail("screens[\(index)].root", "\(root.quoted) is a Navigation; expected a screen to show in it")
            }
            guard navigationRoots.insert(root).inserted else {
                throw fail("screens[\(index)].root", "\(root.quoted) is already the root of another Navigation")
            }
        }
        screens = planned
        guard byName[scenario.root] != nil else {
            throw fail("root", "unknown screen \(scenario.root.quoted); expected one of: \(Self.names(planned))")
        }
        guard !navigationRoots.contains(scenario.root) else {
            throw fail("root", "\(scenario.root.quoted) is the root of a Navigation; expected the Navigation itself")
        }
        root = scenario.root
        if let observed = scenario.observe, byName[observed] == nil {
            throw fail("observe", "unknown screen \(observed.quoted); expected one of: \(Self.names(planned))")
        }
        observed = scenario.observe
        if let typeName = scenario.hideNavigationBarOn {
            let types = DemoScreenType.allCases.filter { $0 != .navigation }.map(\.rawValue).joined(separator: ", ")
            guard let type = DemoScreenType(rawValue: typeName) else {
                throw fail("hideNavigationBarOn", "unknown screen type \(typeName.quoted); expected one of: \(types)")
            }
            guard type != .navigation else {
                throw fail(
                    "hideNavigationBarOn",
                    "a Navigation shows the bar of the screen on top, not one of its own; expected one of: \(types)")
            }
            hiddenBarType = type
        } else {
            hiddenBarType = nil
        }
        let defaultNavigation = byName[scenario.root]?.type == .navigation ? scenario.root : nil
        var actions: [PlannedAction] = []
        var inBackground = false
        for (index, spec) in scenario.actions.enumerated() {
            let location = "actions[\(index)]"
            guard let fields = Self.fields[spec.action] else {
                throw fail(
                    "\(location).action",
                    "unknown action \(spec.action.quoted); expected one of: "
                        + Self.fields.keys.sorted().joined(separator: ", "))
            }
            let given = Self.givenFields(spec)
            for field in fields.required where !given.contains(field) {
                let null = spec.nullFields.contains(field) ? "; null counts as absent" : ""
                let article = field.first.map { "aeiou".contains($0) } == true ? "an" : "a"
                throw fail(
                    location,
                    "\(spec.action.quoted) needs \(article) \(field.quoted) field\(null); expected "
                        + Self.expectedValue(of: field))
            }
            for field in given where !fields.required.contains(field) && !fields.optional.contains(field) {
                throw fail(
                    "\(location).\(field)",
                    "\(spec.action.quoted) takes no \(field.quoted); it takes: "
                        + (["action", "after"] + fields.required + fields.optional).joined(separator: ", "))
            }
            func seconds(_ value: Double?, _ field: String) throws(ScenarioError) -> Double? {
                guard let value else { return nil }
                guard value >= 0, value <= Self.maximumSeconds else {
                    throw fail(
                        "\(location).\(field)",
                        "expected " + Self.expectedValue(of: "seconds"))
                }
                return value
            }
            let after = try seconds(spec.after, "after") ?? 0
            func screen(_ name: String?, _ field: String) throws(ScenarioError) -> String {
                guard let name, byName[name] != nil else {
                    throw fail(
                        "\(location).\(field)",
                        "unknown screen \((name ?? "").quoted); expected one of: \(Self.names(planned))")
                }
                return name
            }
            func navigation() throws(ScenarioError) -> String {
                if let name = spec.navigation {
                    guard byName[name]?.type == .navigation else {
                        let navigations = planned.filter { $0.type == .navigation }
                        let expected =
                            navigations.isEmpty
                            ? "no screen is a Navigation" : "expected one of: \(Self.names(navigations))"
                        throw fail("\(location).navigation", "\(name.quoted) is not a Navigation; \(expected)")
                    }
                    return name
                }
                guard let defaultNavigation else {
                    throw fail(location, "needs a \"navigation\" field: the window's root is not a Navigation")
                }
                return defaultNavigation
            }
            let animated = spec.animated ?? true
            let step: ScenarioStep
            switch spec.action {
            case "push":
                step = .push(
                    screen: try screen(spec.screen, "screen"), navigation: try navigation(), animated: animated)
            case "pop":
                step = .pop(navigation: try navigation(), animated: animated)
            case "popToRoot":
                step = .popToRoot(navigation: try navigation(), animated: animated)
            case "present":
                guard let style = ModalPresentationStyle(rawValue: spec.style ?? "") else {
                    throw fail(
                        "\(location).style",
                        "unknown style \((spec.style ?? "").quoted); expected " + Self.expectedValue(of: "style"))
                }
                step = .present(
                    screen: try screen(spec.screen, "screen"),
                    from: try spec.from.map { name throws(ScenarioError) in try screen(name, "from") }, style: style,
                    animated: animated)
            case "dismiss":
                step = .dismiss(
                    screen: try spec.screen.map { name throws(ScenarioError) in try screen(name, "screen") },
                    animated: animated)
            case "addChild":
                let parent = try screen(spec.parent, "parent")
                guard byName[parent]?.type == .container else {
                    throw fail("\(location).parent", "\(parent.quoted) is not a Container; expected a Container screen")
                }
                step = .addChild(screen: try screen(spec.screen, "screen"), parent: parent)
            case "removeFromParent":
                step = .removeFromParent(screen: try screen(spec.screen, "screen"))
            case "interactivePop":
                guard spec.end == "finish" || spec.end == "cancel" else {
                    throw fail(
                        "\(location).end",
                        "unknown end \((spec.end ?? "").quoted); expected " + Self.expectedValue(of: "end"))
                }
                let progress = spec.progress ?? 0.5
                guard (0...1).contains(progress) else {
                    throw fail("\(location).progress", "expected a number from 0 to 1")
                }
                step = .interactivePop(navigation: try navigation(), finish: spec.end == "finish", progress: progress)
            case "background":
                guard !inBackground else {
                    throw fail(location, "the app is already in the background; expected a foreground action before")
                }
                let duration = try seconds(spec.duration, "duration")
                inBackground = duration == nil
                step = .background(duration: duration)
            case "foreground":
                guard inBackground else {
                    throw fail(location, "the app is already in the foreground; expected a background action before")
                }
                inBackground = false
                step = .foreground
            case "leak":
                step = .leak(screen: try screen(spec.screen, "screen"))
            default:
                step = .wait(seconds: try seconds(spec.seconds, "seconds") ?? 0)
            }
            actions.append(PlannedAction(index: index, after: after, step: step))
        }
        self.actions = actions
    }

    /// The fields an action spec gives, besides `action` and `after`.
    private static func givenFields(_ spec: ActionSpec) -> [String] {
        let fields: [(String, Bool)] = [
            ("screen", spec.screen != nil), ("parent", spec.parent != nil), ("navigation", spec.navigation != nil),
            ("from", spec.from != nil),
            ("style", spec.style != nil), ("animated", spec.animated != nil), ("end", spec.end != nil),
            ("progress", spec.progress != nil), ("duration", spec.duration != nil), ("seconds", spec.seconds != nil),
        ]
        return fields.filter(\.1).map(\.0)
    }

    /// Whether `name` follows ``nameRule``: `[A-Za-z][A-Za-z0-9_-]*`.
    ///
    /// Names appear in the trace, in error messages and as Mermaid aliases, so they stay plain.
    static func isValidName(_ name: String) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        }
        func isOther(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "-")
        }
        guard let first = name.utf8.first, isLetter(first) else { return false }
        return name.utf8.dropFirst().allSatisfy { isLetter($0) || isOther($0) }
    }

    /// What a required field holds (of the scenario, a screen or an action), for the error that says it is missing.
    static func expectedValue(of field: String) -> String {
        switch field {
        case "title": "a string"
        case "screens": "an array of screens"
        case "actions": "an array of actions"
        case "name": "a screen name: \(nameRule)"
        case "type": "one of: \(DemoScreenType.names)"
        case "action": "an action's name"
        case "parent": "the name of a Container screen"
        case "style": "one of: " + ModalPresentationStyle.allCases.map(\.rawValue).joined(separator: ", ")
        case "end": "finish or cancel"
        case "seconds": "a number of seconds from 0 to \(DemoFormat.seconds(maximumSeconds))"
        default: "the name of a screen"
        }
    }

    /// The screens' names for a message: the first 20, then how many more (`a, b, …, and 980 more`).
    private static func names(_ screens: [PlannedScreen]) -> String {
        let shown = 20
        let names = screens.prefix(shown).map(\.name).joined(separator: ", ")
        return screens.count <= shown ? names : "\(names), and \(screens.count - shown) more"
    }

    private static func preferences(
        _ spec: AppearanceSpec?, location: String, file: String
    ) throws(ScenarioError) -> DemoPreferences {
        guard let spec else { return DemoPreferences() }
        func color(_ string: String?, _ field: String) throws(ScenarioError) -> RGBAColor? {
            guard let string else { return nil }
            do {
                return try RGBAColor(hex: string)
            } catch {
                throw ScenarioError(
                    file: file, location: "\(location).\(field)",
                    problem: "\(string.quoted) is not a color; expected #RRGGBB or #RRGGBBAA")
            }
        }
        return DemoPreferences(
            navigationBarHidden: spec.navigationBarHidden, navigationBarTransparent: spec.navigationBarTransparent,
            navigationBarColor: try color(spec.navigationBarColor, "navigationBarColor"),
            navigationItemColor: try color(spec.navigationItemColor, "navigationItemColor"),
            statusBarHidden: spec.statusBarHidden)
    }
}
