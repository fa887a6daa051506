/// Everything a navigation bar shows about itself: visibility, transparency, colors, images,
/// title attributes and style.
///
/// A ``NavigationBar`` holds one: the appearance last applied to it. A screen's appearance is
/// resolved per attribute from its preferences, its navigation controller's defaults and the global
/// appearance (see ``Screen/resolvedNavigationBarAppearance``); `nil` colors, images and title
/// attributes mean the system's look.
///
/// ```swift
/// var appearance = NavigationBarAppearance()
/// appearance.barColor = try RGBAColor(hex: "#1A1A1A")
/// appearance.barStyle = .black
/// print(appearance)   // [bar: #1A1A1A, style: black]
/// ```
public struct NavigationBarAppearance: Sendable, Hashable, CustomStringConvertible {
    /// One attribute of an appearance, to report what changed.
    public enum Attribute: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// ``NavigationBarAppearance/isHidden``.
        case hidden
        /// ``NavigationBarAppearance/isTransparent``.
        case transparent
        /// ``NavigationBarAppearance/barColor``.
        case barColor
        /// ``NavigationBarAppearance/itemColor``.
        case itemColor
        /// ``NavigationBarAppearance/backgroundImage``.
        case backgroundImage
        /// ``NavigationBarAppearance/shadowImage``.
        case shadowImage
        /// ``NavigationBarAppearance/titleTextAttributes``.
        case titleTextAttributes
        /// ``NavigationBarAppearance/barStyle``.
        case barStyle

        /// The attribute's name.
        public var description: String { rawValue }
    }

    /// Whether the bar is hidden.
    public var isHidden: Bool
    /// Whether the bar is transparent: drawn without background, shadow or bar color, so the content shows through.
    public var isTransparent: Bool
    /// The bar's background color (UIKit's `barTintColor`); `nil` for the system's.
    public var barColor: RGBAColor?
    /// The color of the bar's items (UIKit's `tintColor`); `nil` for the system's.
    public var itemColor: RGBAColor?
    /// The name of the bar's background image; `nil` for none.
    public var backgroundImage: String?
    /// The name of the bar's shadow (hairline) image; `nil` for the system's.
    public var shadowImage: String?
    /// How the title is drawn; `nil` for the system's look.
    public var titleTextAttributes: TitleTextAttributes?
    /// The bar's style.
    public var barStyle: NavigationBarStyle

    /// Creates an appearance; the defaults are the built-in look (visible, opaque, system colors, no images).
    public init(
        isHidden: Bool = false, isTransparent: Bool = false, barColor: RGBAColor? = nil, itemColor: RGBAColor? = nil,
        backgroundImage: String? = nil, shadowImage: String? = nil, titleTextAttributes: TitleTextAttributes? = nil,
        barStyle: NavigationBarStyle = .default
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

    /// The built-in look, the last level of resolution: visible, opaque, system colors, no images, default style.
    public static let builtIn = NavigationBarAppearance()

    /// This appearance with every attribute that `attributes` sets replaced by its value.
    ///
    /// ```swift
    /// let resolved = NavigationBarAppearance.builtIn.applying(global).applying(defaults).applying(preferences)
    /// ```
    public func applying(_ attributes: NavigationBarAttributes) -> NavigationBarAppearance {
        var result = self
        if let isHidden = attributes.isHidden { result.isHidden = isHidden }
        if let isTransparent = attributes.isTransparent { result.isTransparent = isTransparent }
        if let barColor = attributes.barColor { result.barColor = barColor }
        if let itemColor = attributes.itemColor { result.itemColor = itemColor }
        if let backgroundImage = attributes.backgroundImage { result.backgroundImage = backgroundImage }
        if let shadowImage = attributes.shadowImage { result.shadowImage = shadowImage }
        if let titleTextAttributes = attributes.titleTextAttributes { result.titleTextAttributes = titleTextAttributes }
        if let barStyle = attributes.barStyle { result.barStyle = barStyle }
        return result
    }

    /// The attributes whose values differ between `other` and this appearance, in ``Attribute`` order.
    public func changedAttributes(from other: NavigationBarAppearance) -> [Attribute] {
        var changed: [Attribute] = []
        if isHidden != other.isHidden { changed.append(.hidden) }
        if isTransparent != other.isTransparent { changed.append(.transparent) }
        if barColor != other.barColor { changed.append(.barColor) }
        if itemColor != other.itemColor { changed.append(.itemColor) }
        if backgroundImage != other.backgroundImage { changed.append(.backgroundImage) }
        if shadowImage != other.shadowImage { changed.append(.shadowImage) }
        if titleTextAttributes != other.titleTextAttributes { changed.append(.titleTextAttributes) }
        if barStyle != other.barStyle { changed.append(.barStyle) }
        return changed
    }

    /// The attributes that differ from the built-in look, such as `[hidden, bar: #FF0000, style: black]`; `[]` for
    /// the built-in look.
    public var description: String {
        var fields: [String] = []
        if isHidden { fields.append("hidden") }
        if isTransparent { fields.append("transparent") }
        if let barColor { fields.append("bar: \(barColor)") }
        if let itemColor { fields.append("item: \(itemColor)") }
        if let backgroundImage { fields.append("background: \(backgroundImage)") }
        if let shadowImage { fields.append("shadow: \(shadowImage)") }
        if let titleTextAttributes { fields.append("title: \(titleTextAttributes)") }
        if barStyle != .default { fields.append("style: \(barStyle)") }
        return "[" + fields.joined(separator: ", ") + "]"
    }
}
