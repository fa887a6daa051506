/// Whether a presentation that does not cover its presenter (a sheet, ``ModalPresentationStyle/overFullScreen``) is
/// on screen above a screen, so that the user looks at it rather than at the screen: the statistics pause the
/// screen's view meanwhile.
///
/// "Above" is above the screen's level of its window's chain of presentations (``Screen/_presentations(above:)``):
/// the level of its outermost container. A refresh asks for each view in progress; the outermost containers (with
/// the path to them) and each window's chain are found once per refresh rather than once per view, so that a refresh
/// costs time in proportion to the screens, not to their square. Valid while the hierarchy does not change, that is
/// for one refresh.
struct _SheetCoverage {
    /// Whether a sheet still appearing counts as on screen (for a view that starts: the sheet comes with its screen).
    private let countsAppearingSheets: Bool
    /// For each window, whether each level of its chain of presentations has a sheet on screen above it.
    private var levelsByWindow: [ObjectIdentifier: [ObjectIdentifier: Bool]] = [:]
    /// The outermost container of each screen looked at so far (itself when it is in no container).
    private var outermost: [ObjectIdentifier: Screen] = [:]

    /// Coverage as a refresh sees it, or, with `countsAppearingSheets`, as a view that starts sees it.
    init(countsAppearingSheets: Bool = false) {
        self.countsAppearingSheets = countsAppearingSheets
    }

    /// Whether a presentation that does not cover its presenter is on screen above `screen` in `window`; `nil` when
    /// the level of `screen` is not in `window`'s chain of presentations (say, it leaves with a dismissal or a new
    /// root, which unlink the chain when they are requested, while it is still on screen).
    mutating func isCovered(_ screen: Screen, in window: Window) -> Bool? {
        let top = outermostContainer(of: screen)
        return levels(of: window)[ObjectIdentifier(top)]
    }

    /// The outermost container of `screen`, remembered for every screen on the way up.
    private mutating func outermostContainer(of screen: Screen) -> Screen {
        var path: [ObjectIdentifier] = []
        var current = screen
        var top: Screen
        while true {
            if let known = outermost[ObjectIdentifier(current)] {
                top = known
                break
            }
            path.append(ObjectIdentifier(current))
            guard let container = current._containerParent else {
                top = current
                break
            }
            current = container
        }
        for identifier in path {
            outermost[identifier] = top
        }
        return top
    }

    /// For each level of `window`'s chain of presentations, whether a sheet is on screen above it.
    private mutating func levels(of window: Window) -> [ObjectIdentifier: Bool] {
        if let levels = levelsByWindow[ObjectIdentifier(window)] {
            return levels
        }
        var levels: [ObjectIdentifier: Bool] = [:]
        if let root = window.rootScreen {
            var sheetAbove = false
            for level in root._presentationChain.reversed() {
                levels[ObjectIdentifier(level)] = sheetAbove
                // A sheet still in the chain that disappears is covered itself (a full-screen presentation above it
                // comes) or being swiped down: the screens below it stay behind it, not back on screen.
                let isSheetOnScreen =
                    !level.modalPresentationStyle.coversPresenter
                    && (level._appearance == .appeared || level._appearance == .disappearing
                        || (countsAppearingSheets && level._appearance == .appearing))
                sheetAbove = sheetAbove || isSheetOnScreen
            }
        }
        levelsByWindow[ObjectIdentifier(window)] = levels
        return levels
    }
}
