import LifecycleKit
import Testing

/// A presentation keeps the style it began with, as UIKit's presentation controller, made when it begins, does: a
/// change of ``Screen/modalPresentationStyle`` while the screen is presented counts from its next presentation.
@Suite("The style of a presentation")
struct PresentationStyleTests {
    /// A screen that asks to be presented full screen from its viewDidLoad, where UIKit has made its presentation
    /// controller already.
    final class RestylesInViewDidLoad: StyledScreen {
        override func viewDidLoad() {
            super.viewDidLoad()
            modalPresentationStyle = .fullScreen
        }
    }

    @Test("a sheet restyled full screen once presented stays a sheet: the presenter stays on screen and decides")
    func sheetRestyledFromItsViewDidLoad() throws {
        // Found by review (helper-233): the style was read live, so that the sheet took the status bar, could no
        // longer be swiped down, and the next transition took the screens under it off screen.
        let host = try BarHost(driver: .immediate)
        let sheet = RestylesInViewDidLoad("S", host.log, host.events)
        sheet.hidesStatusBar = true
        try host.root.present(sheet, animated: true)
        #expect(sheet.modalPresentationStyle == .fullScreen)
        host.window.setNeedsStatusBarAppearanceUpdate()
        #expect(!host.window.statusBar.isHidden && host.window.screenForStatusBarHidden === host.root)
        #expect(sheet.interactiveDismissalRefusal() == nil)
        let over = host.screen("T")
        try sheet.present(over, style: .pageSheet, animated: true)
        _ = over.dismiss(animated: true)
        #expect(host.root.visibleState == [.loaded, .didAppear])
        _ = host.log.take()
        _ = sheet.dismiss(animated: true)
        #expect(host.log.take() == ["S.viewWillDisappear", "S.viewDidDisappear"])
        // Its next presentation takes the new style: the presenter leaves the screen.
        try host.root.present(sheet, animated: true)
        #expect(host.root.visibleState == [.loaded, .didDisappear])
        #expect(host.window.statusBar.isHidden && sheet.interactiveDismissalRefusal() == .notASheet)
    }

    @Test("a full-screen presentation restyled as a sheet cannot be swiped down and keeps its presenter off screen")
    func fullScreenRestyledAsASheet() throws {
        let host = try BarHost(driver: .immediate)
        let cover = host.screen("F")
        try host.root.present(cover, style: .fullScreen, animated: true)
        cover.modalPresentationStyle = .pageSheet
        #expect(cover.interactiveDismissalRefusal() == .notASheet)
        let over = host.screen("T")
        try cover.present(over, style: .pageSheet, animated: true)
        _ = host.log.take()
        _ = over.dismiss(animated: true)
        #expect(host.log.take() == ["T.viewWillDisappear", "T.viewDidDisappear"])
        #expect(host.root.visibleState == [.loaded, .didDisappear])
    }
}
