/// A partial navigation-bar appearance: each attribute set, or `nil` for "no preference here".
///
/// It is one level of resolution: a screen's preferences (``Screen/navigationBarPreferences``), a
/// navigation controller's defaults (``NavigationController/navigationBarDefaults``), or the global
/// appearance (``NavigationBarAppearanceProxy``). Each attribute of the applied
/// ``NavigationBarAppearance`` comes from the most specific level that sets it, else from
/// ``NavigationBarAppearance/builtIn``.
///
/// ```swift
/// var defaults = NavigationBarAttributes()
/// defaults.barColor = try RGBAColor(hex: "#FFFFFF")
/// defaults.itemColor = try RGBAColor(hex: "#007AFF")
/// navigation.navigationBarDefaults = defaults
/// ```
///
/// A level cannot ask for "the system's color" over a less specific level that sets one: `nil`
/// always defers.
public struct NavigationBarAttributes: Sendable, Hashable, CustomStringConvertible {
    /// Whether the bar is hidden.
    public var isHidden: Bool?
    /// Whether the bar is transparent.
    public var isTransparent: Bool?
    /// The bar's background color.
    public var barColor: RGBAColor?
    /// The color of the bar's items.
    public var itemColor: RGBAColor?
    /// The name of the bar's background image.
    public var backgroundImage: String?
    /// The name of the bar's shadow image.
    public var shadowImage: String?
    /// How the title is drawn.
    public var titleTextAttributes: TitleTextAttributes?
    /// The bar's style.
    public var barStyle: NavigationBarStyle?

    /// Creates attributes; every attribute defaults to "no preference".
    public init(
        isHidden: Bool? = nil, isTransparent: Bool? = nil, barColor: RGBAColor? = nil, itemColor: RGBAColor? = nil,
        backgroundImage: String? = nil, shadowImage: String? = nil, titleTextAttributes: TitleTextAttributes? = nil,
        barStyle: NavigationBarStyle? = nil
    ) {
        self.isHidden = isHidden
        self.isTransparent = isTransparent
        self.barColor = barColor
        self.itemColor = itemColor
        self.backgroundImage = backgroundImage
        self.shadowImage = shadowImage
        self.titleTextAttributes = titleTextAttributes
        self.barStyle = barStyle
    }

    /// Whether no attribute is set.
    public var isEmpty: Bool { self == NavigationBarAttributes() }

    /// The attributes that are set, such as `{hidden: true, bar: #FF0000}`; `{}` when none is.
    public var description: String {
        var fields: [String] = []
        if let isHidden { fields.append("hidden: \(isHidden)") }
        if let isTransparent { fields.append("transparent: \(isTransparent)") }
        if let barColor { fields.append("bar: \(barColor)") }
        if let itemColor { fields.append("item: \(itemColor)") }
        if let backgroundImage { fields.append("background: \(backgroundImage)") }
        if let shadowImage { fields.append("shadow: \(shadowImage)") }
        if let titleTextAttributes { fields.append("title: \(titleTextAttributes)") }
        if let barStyle { fields.append("style: \(barStyle)") }
        return "{" + fields.joined(separator: ", ") + "}"
    }
}
