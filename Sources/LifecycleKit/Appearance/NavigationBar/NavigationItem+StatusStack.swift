/// A stack of saved statuses (RR's `UINavigationItem+StatusStack`): save the item, change it for a
/// mode (editing, searching, selecting), and restore it when the mode ends.
///
/// ```swift
/// item.pushStatus()
/// item.title = "Select"
/// item.rightItems = [done]
/// // …
/// item.popStatus()   // title, title view, items and back bar button item as they were
/// ```
///
/// Statuses are removed by position, so saving the same status twice needs two pops. A status is what the item holds:
/// the screen's own back item (``Screen/navigationBackItem``, shown or hidden with
/// ``Screen/showNavigationBackItem(_:)``) is not part of it; hide and show that around the mode yourself.
extension NavigationItem {
    /// A snapshot of a navigation item: title, title view, leading and trailing items, and back bar button item.
    public struct Status {
        /// The title.
        public var title: String?
        /// The name of the title view.
        public var titleView: String?
        /// The items on the leading side.
        public var leftItems: [BarButtonItem]
        /// The items on the trailing side.
        public var rightItems: [BarButtonItem]
        /// The back bar button item: what the screen lends the back item of the screen pushed above it.
        public var backBarButtonItem: BarButtonItem?
    }

    /// The item as it is now.
    public var status: Status {
        Status(
            title: title, titleView: titleView, leftItems: leftItems, rightItems: rightItems,
            backBarButtonItem: backBarButtonItem)
    }

    /// The number of saved statuses.
    public var statusStackDepth: Int { _statusStack.count }

    /// Saves the item's status on top of the stack.
    public func pushStatus() {
        _statusStack.append(status)
    }

    /// Restores every field from the status saved last, and removes it from the stack.
    ///
    /// - Returns: The restored status, or `nil` (and no change) when nothing is saved.
    @discardableResult
    public func popStatus() -> Status? {
        guard let saved = _statusStack.popLast() else { return nil }
        title = saved.title
        titleView = saved.titleView
        leftItems = saved.leftItems
        rightItems = saved.rightItems
        backBarButtonItem = saved.backBarButtonItem
        return saved
    }
}
