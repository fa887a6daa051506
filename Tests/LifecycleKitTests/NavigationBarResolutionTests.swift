import HookKit
import LifecycleKit
import Synchronization
import Testing

/// Navigation-bar appearance resolution: screen preference → navigation-controller default → global
/// appearance → built-in look, per attribute; colors and their parse errors.
@Suite("Navigation bar resolution")
struct NavigationBarResolutionTests {
    typealias Attribute = NavigationBarAppearance.Attribute

    /// How the screen level is set: by a subclass's overridden properties, or by instance overrides of
    /// the preference hook points on a plain screen.
    enum ScreenLevel: String, CaseIterable {
        case subclass
        case instanceOverride
    }

    /// What each level sets for an attribute (screen, navigation controller, global), and the built-in
    /// value, as they read in a resolved appearance.
    static let values: [Attribute: [String]] = [
        .hidden: ["true", "false", "true", "false"],
        .transparent: ["true", "false", "true", "false"],
        .barColor: ["#FF0000", "#00FF00", "#0000FF", "nil"],
        .itemColor: ["#AA0000", "#00AA00", "#0000AA80", "nil"],
        .backgroundImage: ["screen-bg", "nav-bg", "global-bg", "nil"],
        .shadowImage: ["screen-line", "nav-line", "global-line", "nil"],
        .titleTextAttributes: ["{size: 20.0}", "{font: Nav}", "{color: #FFFFFF}", "nil"],
        .barStyle: ["black", "default", "black", "default"],
    ]

    static func set(_ attribute: Attribute, level: Int, in attributes: inout NavigationBarAttributes) {
        let value = values[attribute]![level]
        switch attribute {
        case .hidden: attributes.isHidden = value == "true"
        case .transparent: attributes.isTransparent = value == "true"
        case .barColor: attributes.barColor = color(value)
        case .itemColor: attributes.itemColor = color(value)
        case .backgroundImage: attributes.backgroundImage = value
        case .shadowImage: attributes.shadowImage = value
        case .titleTextAttributes:
            attributes.titleTextAttributes =
                [
                    TitleTextAttributes(fontSize: 20), TitleTextAttributes(fontName: "Nav"),
                    TitleTextAttributes(color: .white),
                ][level]
        case .barStyle: attributes.barStyle = value == "black" ? .black : .default
        }
    }

    static func read(_ attribute: Attribute, _ appearance: NavigationBarAppearance) -> String {
        func text(_ value: (some CustomStringConvertible)?) -> String { value.map { "\($0)" } ?? "nil" }
        switch attribute {
        case .hidden: return "\(appearance.isHidden)"
        case .transparent: return "\(appearance.isTransparent)"
        case .barColor: return text(appearance.barColor)
        case .itemColor: return text(appearance.itemColor)
        case .backgroundImage: return text(appearance.backgroundImage)
        case .shadowImage: return text(appearance.shadowImage)
        case .titleTextAttributes: return text(appearance.titleTextAttributes)
        case .barStyle: return "\(appearance.barStyle)"
        }
    }

    /// Installs instance overrides of the eight preference points that answer `preferences`.
    static func overridePreferences(of screen: Screen, with preferences: NavigationBarAttributes) throws -> [HookToken]
    {
        [
            try Screen.prefersNavigationBarHidden.override(.instance(screen)) { _ in { _, _ in preferences.isHidden } },
            try Screen.prefersNavigationBarTransparent.override(.instance(screen)) { _ in
                { _, _ in preferences.isTransparent }
            },
            try Screen.preferredNavigationBarColor.override(.instance(screen)) { _ in { _, _ in preferences.barColor }
            },
            try Screen.preferredNavigationItemColor.override(.instance(screen)) { _ in { _, _ in preferences.itemColor }
            },
            try Screen.preferredNavigationBarBackgroundImage.override(.instance(screen)) { _ in
                { _, _ in preferences.backgroundImage }
            },
            try Screen.preferredNavigationBarShadowImage.override(.instance(screen)) { _ in
                { _, _ in preferences.shadowImage }
            },
            try Screen.preferredNavigationTitleTextAttributes.override(.instance(screen)) { _ in
                { _, _ in preferences.titleTextAttributes }
            },
            try Screen.preferredNavigationBarStyle.override(.instance(screen)) { _ in { _, _ in preferences.barStyle }
            },
        ]
    }

    @Test(
        "each attribute set at each combination of levels resolves to the most specific one, and is applied",
        arguments: Attribute.allCases, ScreenLevel.allCases)
    func precedenceTable(attribute: Attribute, screenLevel: ScreenLevel) throws {
        let host = try BarHost(driver: .immediate)
        // Every subset of {screen, navigation controller, global}, as bits 0, 1 and 2.
        for mask in 0..<8 {
            var levels = [NavigationBarAttributes](repeating: NavigationBarAttributes(), count: 3)
            for level in 0..<3 where mask & (1 << level) != 0 {
                Self.set(attribute, level: level, in: &levels[level])
            }
            host.navigation.navigationBarDefaults = levels[1]
            host.proxy.attributes = levels[2]
            let screen: Screen
            var tokens: [HookToken] = []
            switch screenLevel {
            case .subclass:
                screen = host.screen("B", levels[0])
            case .instanceOverride:
                screen = Screen(title: "B")
                tokens = try Self.overridePreferences(of: screen, with: levels[0])
            }
            let mostSpecific = (0..<3).first { mask & (1 << $0) != 0 } ?? 3
            let expected = Self.values[attribute]![mostSpecific]
            try host.navigation.push(screen, animated: false)
            #expect(Self.read(attribute, screen.resolvedNavigationBarAppearance) == expected, "levels \(mask)")
            #expect(Self.read(attribute, host.navigation.navigationBar.appearance) == expected, "levels \(mask)")
            try host.navigation.pop(animated: false)
            tokens.forEach { $0.cancel() }
        }
    }

    @Test("all levels at once: every attribute comes from its own most specific level")
    func allLevelsAtOnce() throws {
        let global = NavigationBarAttributes(
            isTransparent: false, barColor: color("#0000FF"), itemColor: color("#0000AA"), backgroundImage: "global-bg",
            shadowImage: "global-line", titleTextAttributes: TitleTextAttributes(color: .white), barStyle: .black)
        let defaults = NavigationBarAttributes(isHidden: false, barColor: color("#00FF00"), backgroundImage: "nav-bg")
        let host = try BarHost(driver: .immediate, defaults: defaults, global: global)
        let b = host.screen("B", NavigationBarAttributes(barColor: color("#FF000080"), barStyle: .default))
        try host.navigation.push(b, animated: false)
        #expect(
            host.bar
                == "[bar: #FF000080, item: #0000AA, background: nav-bg, shadow: global-line, title: {color: #FFFFFF}]")
        #expect(b.navigationBarPreferences == NavigationBarAttributes(barColor: color("#FF000080"), barStyle: .default))
        #expect(
            host.root.resolvedNavigationBarAppearance.description
                == host.navigation.resolvedNavigationBarAppearance(for: host.root).description)
        #expect(
            host.root.resolvedNavigationBarAppearance.description
                == "[bar: #00FF00, item: #0000AA, background: nav-bg, shadow: global-line, title: {color: #FFFFFF}, "
                + "style: black]")
        // The RR-style default setters are views on the same defaults.
        host.navigation.defaultNavigationBarHidden = true
        host.navigation.defaultNavigationBarShadowImage = "nav-line"
        #expect(
            host.navigation.navigationBarDefaults.description
                == "{hidden: true, bar: #00FF00, background: nav-bg, shadow: nav-line}")
        #expect(host.navigation.defaultNavigationBarColor == color("#00FF00"))
        host.navigation.defaultNavigationBarColor = nil
        #expect(host.navigation.navigationBarDefaults.barColor == nil)
        let navigation = host.navigation
        navigation.defaultNavigationBarTransparent = true
        navigation.defaultNavigationItemColor = color("#111111")
        navigation.defaultNavigationBarBackgroundImage = nil
        navigation.defaultNavigationTitleTextAttributes = TitleTextAttributes(fontSize: 17)
        navigation.defaultNavigationBarStyle = .black
        #expect(navigation.defaultNavigationBarHidden == true && navigation.defaultNavigationBarTransparent == true)
        #expect(navigation.defaultNavigationItemColor == color("#111111"))
        #expect(navigation.defaultNavigationBarBackgroundImage == nil)
        #expect(navigation.defaultNavigationBarShadowImage == "nav-line")
        #expect(navigation.defaultNavigationTitleTextAttributes == TitleTextAttributes(fontSize: 17))
        #expect(navigation.defaultNavigationBarStyle == .black)
        #expect(
            navigation.navigationBarDefaults
                == NavigationBarAttributes(
                    isHidden: true, isTransparent: true, itemColor: color("#111111"), shadowImage: "nav-line",
                    titleTextAttributes: TitleTextAttributes(fontSize: 17), barStyle: .black))
    }

    @Test("a preference overridden per type applies to the type and its subclasses; per instance wins over it")
    func typeAndInstanceOverrides() throws {
        class Branded: Screen {}
        final class Special: Branded {}
        let host = try BarHost(driver: .immediate, defaults: NavigationBarAttributes(barColor: .white))
        let byType = try Screen.preferredNavigationBarColor.override(.type(Branded.self)) { _ in
            { _, _ in RGBAColor(red: 1, green: 2, blue: 3) }
        }
        defer { byType.cancel() }
        let (branded, special, plain) = (Branded(title: "b"), Special(title: "s"), Screen(title: "p"))
        #expect(branded.resolvedNavigationBarAppearance.barColor?.description == "#010203")
        #expect(special.navigationBarPreferences.barColor?.description == "#010203")
        #expect(plain.navigationBarPreferences.barColor == nil)
        let byInstance = try Screen.preferredNavigationBarColor.override(.instance(special)) { original in
            { screen, _ in original(screen, ())?.withAlpha(0x80) }
        }
        try host.navigation.push(special, animated: false)
        #expect(host.bar == "[bar: #01020380]")
        byInstance.cancel()
        special.updateNavigationAppearance()
        #expect(host.bar == "[bar: #010203]")
        byType.cancel()
        special.updateNavigationAppearance()
        #expect(host.bar == "[bar: #FFFFFF]")
        #expect(
            host.events.take() == [
                "appear(A): [] -> [bar: #FFFFFF]", "appear(s): [bar: #FFFFFF] -> [bar: #01020380]",
                "update(s): [bar: #01020380] -> [bar: #010203]",
                "update(s): [bar: #010203] -> [bar: #FFFFFF]",
            ])
    }

    @Test(
        "malformed color strings throw a typed error naming the string",
        arguments: [
            ("", ColorParseError.Code.missingHash), ("FF0000", .missingHash), (" #FF0000", .missingHash),
            ("#", .wrongLength), ("#FFF", .wrongLength), ("#12345", .wrongLength), ("#1234567", .wrongLength),
            ("#123456789", .wrongLength), ("#FF0000 ", .wrongLength), ("#GG0000", .invalidDigit),
            ("#12345z", .invalidDigit), ("#-12345", .invalidDigit), ("#0x1234", .invalidDigit),
            // Characters are counted, not bytes: é is two bytes in UTF-8, Ｆ (full width) three.
            ("#ééé", .wrongLength), ("#1234é", .wrongLength), ("#éééééé", .invalidDigit), ("#ＦＦＦＦＦＦ", .invalidDigit),
        ])
    func malformedColors(string: String, code: ColorParseError.Code) {
        do {
            let parsed = try RGBAColor(hex: string)
            Issue.record("\(string) parsed as \(parsed)")
        } catch {
            #expect(error.code == code)
            #expect(error.string == string)
            #expect(
                error.description
                    == "ColorParseError(\(code)): \"\(string)\" is not a color (expected #RRGGBB or #RRGGBBAA)")
        }
    }

    @Test("well-formed colors parse, in either case, and print back")
    func wellFormedColors() throws {
        let orange = try RGBAColor(hex: "#ff6600")
        #expect(orange == RGBAColor(red: 255, green: 102, blue: 0, alpha: 255))
        #expect(orange.description == "#FF6600")
        let veil = try RGBAColor(hex: "#0A0b0C80")
        #expect(veil == RGBAColor(red: 10, green: 11, blue: 12, alpha: 128))
        #expect(veil.hexString == "#0A0B0C80")
        #expect(try RGBAColor(hex: veil.hexString) == veil)
        #expect(RGBAColor.clear.description == "#00000000" && RGBAColor.white.description == "#FFFFFF")
        #expect(RGBAColor.black.withAlpha(0).description == "#00000000")
    }

    @Test("a global appearance proxy is safe to read and change from many threads")
    func proxyThreadSafety() async {
        let proxy = NavigationBarAppearanceProxy()
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for step in 0..<500 {
                        if worker % 2 == 0 {
                            proxy.update { attributes in
                                let count = Int(attributes.backgroundImage ?? "0")! + 1
                                attributes.backgroundImage = "\(count)"
                            }
                        } else {
                            let attributes = proxy.attributes
                            #expect(attributes.barColor == nil || attributes.barColor == .white, "\(step)")
                        }
                    }
                }
            }
        }
        #expect(proxy.attributes.backgroundImage == "2000")
    }

    @Test("an update may read the proxy, and sees the attributes from before it; its result replaces direct sets")
    func proxyReentrantUpdate() {
        let proxy = NavigationBarAppearanceProxy(NavigationBarAttributes(barColor: .white))
        proxy.update { attributes in
            #expect(proxy.attributes.barColor == .white)
            attributes.barColor = .black
            #expect(proxy.attributes.barColor == .white)
            proxy.attributes.backgroundImage = "set inside"  // replaced by the update's result
            attributes.shadowImage = "line"
        }
        #expect(proxy.attributes.barColor == .black && proxy.attributes.shadowImage == "line")
        #expect(proxy.attributes.backgroundImage == nil)
    }
}
