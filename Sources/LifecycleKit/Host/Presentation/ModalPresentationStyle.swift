/// How a presented screen covers its presenter (UIKit's `UIModalPresentationStyle`).
///
/// Covering styles (``fullScreen``, ``currentContext``) make the presenter disappear while the
/// presented screen is up and appear again when it is dismissed. The others leave the presenter
/// on screen: it gets no appearance calls either way.
///
/// UIKit's `overCurrentContext`, `popover`, `custom` and `none` are not modelled: use ``overFullScreen`` for a
/// screen over its presenter that stays on screen, and a sheet where a popover would be.
public enum ModalPresentationStyle: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Covers the whole window: every screen on screen below it disappears (a sheet's presenter too).
    ///
    /// Made from the top of the presenter's containers: the window's root, or the presented screen it is in.
    case fullScreen
    /// Covers the presentation context: the nearest ancestor that defines one (a navigation controller does, as
    /// UIKit's does), else the top of the presenter's parents (the window's root, or the presented screen it is in,
    /// whatever that screen's style: from a sheet, it takes the sheet's place; from a screen presented over a current
    /// context, that screen's).
    case currentContext
    /// Covers the whole window, but the presenter stays on screen underneath.
    case overFullScreen
    /// A page sheet: the presenter stays on screen.
    case pageSheet
    /// A form sheet: the presenter stays on screen.
    case formSheet
    /// The system's choice, which is a sheet.
    case automatic

    /// Whether the presenter disappears while the presented screen is up.
    public var coversPresenter: Bool {
        self == .fullScreen || self == .currentContext
    }

    /// The style's name.
    public var description: String { rawValue }
}
