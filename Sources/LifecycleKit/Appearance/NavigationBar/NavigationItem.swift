/// What a screen shows in its navigation controller's bar while it is on top (UIKit's `UINavigationItem`).
///
/// ```swift
/// screen.navigationItem.title = "Inbox"
/// screen.navigationItem.rightItems = [BarButtonItem(title: "Edit") { _ in edit() }]
/// ```
///
/// Save and restore it as a whole with ``pushStatus()`` and ``popStatus()``.
public final class NavigationItem {
    /// The title; `nil` shows the screen's ``Screen/title``.
    public var title: String?
    /// The name of a view shown in place of the title.
    public var titleView: String?
    /// The items on the leading side.
    ///
    /// While it holds items, a screen's back item is shown only if the screen asked for it with
    /// ``Screen/showNavigationBackItem(_:)``.
    public var leftItems: [BarButtonItem] = []
    /// The items on the trailing side.
    public var rightItems: [BarButtonItem] = []
    /// The item whose title the back item shows while the screen pushed above this one is on top (UIKit's
    /// `backBarButtonItem`); see ``NavigationBar/backItemTitle``.
    ///
    /// Only its title is used: the back item keeps its own action, the back button's.
    public var backBarButtonItem: BarButtonItem?

    /// The saved statuses, oldest first.
    var _statusStack: [Status] = []

    /// Creates an item.
    public init(title: String? = nil) {
        self.title = title
    }
}
