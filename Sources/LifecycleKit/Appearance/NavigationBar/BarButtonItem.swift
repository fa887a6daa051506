/// A button of a navigation bar (UIKit's `UIBarButtonItem`): a title or an image name, and an action.
///
/// ```swift
/// let save = BarButtonItem(title: "Save") { _ in editor.save() }
/// editor.navigationItem.rightItems = [save]
/// save.activate()   // what a tap does
/// ```
///
/// Like screens, items belong to one thread.
public final class BarButtonItem {
    /// The item's title.
    public var title: String?
    /// The name of the item's image.
    public var image: String?
    /// Whether the item responds to ``activate()``.
    public var isEnabled = true
    /// What the item does when activated.
    public var action: ((BarButtonItem) -> Void)?

    /// Creates an item.
    public init(title: String? = nil, image: String? = nil, action: ((BarButtonItem) -> Void)? = nil) {
        self.title = title
        self.image = image
        self.action = action
    }

    /// Runs the action, as a tap does; nothing happens when the item is disabled.
    public func activate() {
        guard isEnabled else { return }
        action?(self)
    }
}
