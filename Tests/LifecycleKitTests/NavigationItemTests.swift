import HookKit
import LifecycleKit
import Testing

/// The back item (RR's `showNavigationBackItem`) and the navigation-item status stack.
@Suite("Navigation items")
struct NavigationItemTests {
    @Test(
        "the back item: none on the window stack's root, one on pushed screens and on a presented stack's root"
    )
    func backItemRules() throws {
        let host = try BarHost(driver: .immediate)
        let bar = host.navigation.navigationBar
        #expect(!host.root.showsNavigationBackItem && bar.backItem == nil && bar.leftItems.isEmpty)

        // A screen whose view loaded before it was pushed gets one too (RR decided at load time).
        let b = host.screen("B")
        b.loadViewIfNeeded()
        try host.navigation.push(b, animated: false)
        #expect(b.showsNavigationBackItem && bar.backItem === b.navigationBackItem)
        #expect(b.navigationBackItem.image == "chevron.backward" && b.navigationBackItem.title == nil)

        // Leading items of its own replace it, unless the screen asks for it.
        let edit = BarButtonItem(title: "Edit")
        b.navigationItem.leftItems = [edit]
        #expect(!b.showsNavigationBackItem && bar.leftItems.map(\.title) == ["Edit"])
        b.showNavigationBackItem(true)
        #expect(bar.leftItems.map(\.title) == [nil, "Edit"] && bar.leftItems.first === b.navigationBackItem)
        b.showNavigationBackItem(false)
        b.navigationItem.leftItems = []
        #expect(b.navigationBackItemVisibility == .hidden && !b.showsNavigationBackItem && bar.backItem == nil)
        b.navigationBackItemVisibility = .automatic
        #expect(b.showsNavigationBackItem && "\(b.navigationBackItemVisibility)" == "automatic")

        // A screen that becomes the root through setViewControllers loses it (RR's TODO).
        try host.navigation.setViewControllers([b], animated: false)
        #expect(!b.showsNavigationBackItem && bar.backItem == nil)
        // .shown forces it, even on the root.
        b.showNavigationBackItem(true)
        #expect(b.showsNavigationBackItem)
        // A screen outside any stack, and a child of a container in a stack, show none.
        #expect(!host.root.showsNavigationBackItem)
        let container = host.screen("container")
        let child = host.screen("child")
        try container.addChild(child)
        try host.navigation.push(container, animated: false)
        #expect(container.showsNavigationBackItem && !child.showsNavigationBackItem)

        // The root of a presented stack shows one, which closes the presentation.
        let sheetRoot = host.screen("sheetRoot")
        let sheet = try NavigationController(rootScreen: sheetRoot)
        try host.navigation.present(sheet, animated: false)
        #expect(sheetRoot.showsNavigationBackItem && sheet.navigationBar.backItem === sheetRoot.navigationBackItem)
        let completions = Completions()
        #expect(sheetRoot.activateNavigationBackItem(completion: completions.callback("close")) == .dismissed)
        #expect(completions["close"] == [.completed] && host.navigation.presentedScreen == nil)
    }

    @Test("the back item's title: its own, else the screen below's back item, its title, or \"Back\" (UIKit's rule)")
    func backItemTitle() throws {
        let host = try BarHost(driver: .immediate)
        let bar = host.navigation.navigationBar
        #expect(bar.backItemTitle == nil)  // no back item on the root

        let b = host.screen("B")
        try host.navigation.push(b, animated: false)
        host.root.title = nil
        #expect(bar.backItemTitle == "Back")
        host.root.title = "Inbox"
        #expect(bar.backItemTitle == "Inbox")
        host.root.navigationItem.title = "All Inboxes"
        #expect(bar.backItemTitle == "All Inboxes")
        host.root.navigationItem.backBarButtonItem = BarButtonItem(title: "Mail")
        #expect(bar.backItemTitle == "Mail")
        host.root.navigationItem.backBarButtonItem = BarButtonItem(image: "tray")  // used as set: no title
        #expect(bar.backItemTitle == nil)
        host.root.navigationItem.backBarButtonItem = BarButtonItem(title: "Mail")
        // The back item still pops: the screen below's item lends its title only.
        #expect(bar.backItem === b.navigationBackItem)
        b.navigationBackItem.title = "Close"
        #expect(bar.backItemTitle == "Close")
        b.navigationBackItem.title = nil

        // One level up, the item below is B's.
        let c = host.screen("C")
        try host.navigation.push(c, animated: false)
        b.title = "Message"
        #expect(bar.backItemTitle == "Message")
        b.showNavigationBackItem(false)  // B's own back item, not C's
        #expect(bar.backItemTitle == "Message")
        c.showNavigationBackItem(false)
        #expect(bar.backItem == nil && bar.backItemTitle == nil)

        // The root of a presented stack has no screen below: its own title, if any.
        let sheetRoot = host.screen("sheetRoot")
        let sheet = try NavigationController(rootScreen: sheetRoot)
        try host.navigation.present(sheet, animated: false)
        #expect(sheet.navigationBar.backItem != nil && sheet.navigationBar.backItemTitle == nil)
        sheetRoot.navigationBackItem.title = "Done"
        #expect(sheet.navigationBar.backItemTitle == "Done")
    }

    @Test("activating the back item goes through pop interception, then dismissScreen")
    func backItemActivation() throws {
        let host = try BarHost(driver: .immediate)
        let (b, c) = (host.screen("B"), host.screen("C"))
        try host.navigation.push(b, animated: false)
        try host.navigation.push(c, animated: false)
        let asked = EventLog()
        let allow = try Screen.shouldPop.override(.instance(c)) { _ in
            { screen, trigger in
                asked.add("\(screen.title ?? "") asked for \(trigger)")
                return false
            }
        }
        let completions = Completions()
        #expect(c.activateNavigationBackItem(completion: completions.callback("refused")) == .nothing)
        #expect(host.navigation.viewControllers.map(\.title) == ["A", "B", "C"])
        // Only the top screen's back item acts.
        #expect(b.activateNavigationBackItem(completion: completions.callback("covered")) == .nothing)
        allow.cancel()
        // A tap on the item: the action activates it.
        c.navigationBackItem.activate()
        #expect(host.navigation.viewControllers.map(\.title) == ["A", "B"])
        #expect(asked.take() == ["C asked for backButton"])
        #expect(completions["refused"] == [.completed] && completions["covered"] == [.completed])
        // A disabled item does nothing; the root's back item is not shown, so it does nothing either.
        b.navigationBackItem.isEnabled = false
        b.navigationBackItem.activate()
        #expect(host.navigation.viewControllers.count == 2)
        #expect(host.root.activateNavigationBackItem() == .nothing)
        b.navigationBackItem.isEnabled = true
        #expect(b.activateNavigationBackItem(animated: false) == .popped)
        #expect(host.navigation.viewControllers.map(\.title) == ["A"])
    }

    @Test("the status stack saves and restores title, title view, items and back item, by position")
    func statusStack() throws {
        let host = try BarHost(driver: .immediate)
        let bar = host.navigation.navigationBar
        let item = host.root.navigationItem
        #expect(bar.topItem === item && bar.title == "A")
        let (edit, done, cancel, back) = (
            BarButtonItem(title: "Edit"), BarButtonItem(title: "Done"), BarButtonItem(title: "Cancel"),
            BarButtonItem(title: "Inbox")
        )
        item.title = "Inbox"
        item.rightItems = [edit]
        item.backBarButtonItem = back
        item.pushStatus()
        item.title = "Select"
        item.titleView = "segments"
        item.leftItems = [cancel]
        item.rightItems = [done]
        item.backBarButtonItem = nil
        #expect(
            bar.title == "Select" && bar.leftItems.map(\.title) == ["Cancel"] && bar.rightItems.map(\.title) == ["Done"]
        )
        // The same status twice needs two pops (RR removed equal snapshots together).
        item.pushStatus()
        item.pushStatus()
        #expect(item.statusStackDepth == 3)
        item.title = "Changed"
        #expect(item.popStatus()?.title == "Select" && item.title == "Select" && item.statusStackDepth == 2)
        #expect(item.popStatus()?.title == "Select" && item.statusStackDepth == 1)
        let restored = try #require(item.popStatus())
        #expect(restored.titleView == nil && restored.rightItems.first === edit)
        #expect(item.title == "Inbox" && item.titleView == nil && item.leftItems.isEmpty)
        #expect(item.rightItems.count == 1 && item.rightItems.first === edit && item.backBarButtonItem === back)
        // Nothing saved: nothing changes.
        #expect(item.popStatus() == nil && item.title == "Inbox" && item.statusStackDepth == 0)
        item.title = nil
        #expect(bar.title == "A")
    }
}
