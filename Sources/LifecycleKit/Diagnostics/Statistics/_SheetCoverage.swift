/// Whether a presentation that does not cover its presenter (a sheet, ``ModalPresentationStyle/overFullScreen``) is
/// on screen above a screen, so that the user looks at it rather than at the screen: the statistics pause the
/// screen's view meanwhile.
///
/// "Above" is read from what is on screen, not from the hierarchy: a screen is on screen through a *unit* of its
/// window (the root of its on-screen tree: the window's root or a presented screen), and the window's units are
/// stacked in the order they appeared (``Window/_onScreenUnits``). A dismissal or a new root unlinks the chain of
/// presentations when it is requested, while its screens stay on screen until their transition runs: a sheet counts
/// until its `viewWillDisappear` whether it is still linked or not, and a unit that left its window's chain (it goes
/// with such a request) is *leaving*: its views keep the coverage they had (see ``_StatisticsView/isCoveredBySheet``).
///
/// A refresh asks for each view in progress; the units (with the path to them) and each window's coverage are found
/// once per refresh rather than once per view, so that a refresh costs time in proportion to the screens, not to
/// their square. Valid while the hierarchy does not change, that is for one refresh.
struct _SheetCoverage {
    /// What the window says of a unit on screen in it.
    enum UnitCoverage {
        /// A sheet is on screen above it.
        case covered
        /// No sheet is on screen above it.
        case uncovered
        /// It left its window's chain of presentations (dismissed, or the window's old root) and is on its way off
        /// screen.
        case leaving
    }

    /// Whether a sheet still appearing counts as on screen (for a view that starts: the sheet comes with its screen).
    private let countsAppearingSheets: Bool
    /// For each window, what it says of each of its units.
    private var unitsByWindow: [ObjectIdentifier: [ObjectIdentifier: UnitCoverage]] = [:]
    /// The unit of each screen looked at so far.
    private var units: [ObjectIdentifier: Screen] = [:]

    /// Coverage as a refresh sees it, or, with `countsAppearingSheets`, as a view that starts sees it.
    init(countsAppearingSheets: Bool = false) {
        self.countsAppearingSheets = countsAppearingSheets
    }

    /// What the window `screen` is on screen in says of the unit `screen` is on screen through; `nil` when `screen` is
    /// off screen.
    mutating func coverage(of screen: Screen) -> UnitCoverage? {
        let unit = self.unit(of: screen)
        guard let window = unit._onScreenUnitWindow else { return nil }
        return units(of: window)[ObjectIdentifier(unit)] ?? .uncovered
    }

    /// The unit `screen` is on screen through (itself when it is a unit, or off screen), remembered for every screen
    /// on the way down to it.
    private mutating func unit(of screen: Screen) -> Screen {
        var path: [ObjectIdentifier] = []
        var current = screen
        var unit: Screen
        while true {
            if let known = units[ObjectIdentifier(current)] {
                unit = known
                break
            }
            path.append(ObjectIdentifier(current))
            guard let parent = current._onScreenParent else {
                unit = current
                break
            }
            current = parent
        }
        for identifier in path {
            units[identifier] = unit
        }
        return unit
    }

    /// What `window` says of each of its units, top down.
    ///
    /// A unit above another counts as a sheet on screen when it does not cover its presenter and has appeared (still
    /// linked or not: a dismissal unlinks it when requested, and the pause runs until its `viewWillDisappear`), or
    /// disappears while still linked (a full-screen presentation above it comes, or it is being swiped down: the
    /// screens below it stay behind it, not back on screen). Units stack in the order they appeared, so an old root on
    /// its way out lies below the units of the window's chain, and a unit that is not presented is never above one
    /// that counts.
    private mutating func units(of window: Window) -> [ObjectIdentifier: UnitCoverage] {
        if let coverage = unitsByWindow[ObjectIdentifier(window)] {
            return coverage
        }
        let chain = Set((window.rootScreen?._presentationChain ?? []).map(ObjectIdentifier.init))
        var coverage: [ObjectIdentifier: UnitCoverage] = [:]
        var sheetAbove = false
        for unit in window._onScreenUnits.reversed() {
            let identifier = ObjectIdentifier(unit)
            let isLinked = chain.contains(identifier)
            coverage[identifier] = isLinked ? (sheetAbove ? .covered : .uncovered) : .leaving
            let isSheetOnScreen =
                unit !== window.rootScreen && !unit.modalPresentationStyle.coversPresenter
                && (unit._appearance == .appeared || (isLinked && unit._appearance == .disappearing)
                    || (countsAppearingSheets && unit._appearance == .appearing))
            sheetAbove = sheetAbove || isSheetOnScreen
        }
        unitsByWindow[ObjectIdentifier(window)] = coverage
        return coverage
    }
}
