/// Whether a presentation that does not cover its presenter (a sheet, ``ModalPresentationStyle/overFullScreen``, or a
/// presentation over the current context of one, in its place) is on screen above a screen, so that the user looks
/// at it rather than at the screen: the statistics pause the screen's view meanwhile.
///
/// A screen is on screen through a *unit* of its window (the root of its on-screen tree: the window's root or a
/// presented screen). "Above" a unit in the window's chain of presentations are the levels above it in the chain, and
/// the presentations that left the chain but are still on screen and appeared after it (``Window/_onScreenUnits``
/// keeps the order): a dismissal or a new root unlinks the chain when it is requested, while its screens stay on
/// screen until their transition runs, so a sheet counts until its `viewWillDisappear` whether it is still linked or
/// not. A unit that left its window's chain (it goes with such a request) is *leaving*: its views keep the coverage
/// they had (see ``_StatisticsView/isCoveredBySheet``).
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

    /// The transition whose sheets count as on screen while they still appear.
    ///
    /// Its sheets came on screen with the screen whose view starts. `nil` for a refresh, or a recorder that attaches:
    /// a sheet pauses the screens below it from its `viewDidAppear`.
    private let sheetsComingWith: _AppearanceBatch?
    /// For each window, what it says of each of its units.
    private var unitsByWindow: [ObjectIdentifier: [ObjectIdentifier: UnitCoverage]] = [:]
    /// The unit of each screen looked at so far.
    private var units: [ObjectIdentifier: Screen] = [:]

    /// Coverage as a refresh sees it, or, with the transition that brought a screen on screen, as its view that starts
    /// sees it.
    init(sheetsComingWith batch: _AppearanceBatch? = nil) {
        sheetsComingWith = batch
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

    /// What `window` says of each of its units.
    ///
    /// A unit in the window's chain of presentations is covered by the sheets above it in the chain, and by the sheets
    /// that left the chain but are still on screen and appeared after it (a dismissal unlinks its screens when it is
    /// requested, and the pause runs until their `viewWillDisappear`; a screen presented again is linked at its new
    /// place in the chain, whatever the order the units appeared in). A presentation counts as a sheet on screen when
    /// it does not cover its presenter and has appeared, or, still linked, disappears (a full-screen presentation above
    /// it comes, or it is being swiped down: the screens below it stay behind it, not back on screen); a presentation
    /// over the current context of such a presentation takes its place (``Screen/_takesASheetsPlace``).
    private mutating func units(of window: Window) -> [ObjectIdentifier: UnitCoverage] {
        if let coverage = unitsByWindow[ObjectIdentifier(window)] {
            return coverage
        }
        var coveredInChain: [ObjectIdentifier: Bool] = [:]
        var sheetAbove = false
        if let root = window.rootScreen {
            for level in root._presentationChain.reversed() {
                coveredInChain[ObjectIdentifier(level)] = sheetAbove
                sheetAbove = sheetAbove || (level !== root && isSheetOnScreen(level, isLinked: true))
            }
        }
        var coverage: [ObjectIdentifier: UnitCoverage] = [:]
        var leavingSheetAbove = false
        for unit in window._onScreenUnits.reversed() {
            let identifier = ObjectIdentifier(unit)
            if let isCovered = coveredInChain[identifier] {
                coverage[identifier] = isCovered || leavingSheetAbove ? .covered : .uncovered
            } else {
                // A sheet that left the chain with it and came on screen after it (its presentation was still
                // animating when the dismissal was requested, and the dismissal waits) covers it; otherwise its views
                // keep the coverage they had.
                coverage[identifier] = leavingSheetAbove ? .covered : .leaving
                // An old root on its way out appeared before the units of the new chain: it is never above them.
                leavingSheetAbove = leavingSheetAbove || isSheetOnScreen(unit, isLinked: false)
            }
        }
        unitsByWindow[ObjectIdentifier(window)] = coverage
        return coverage
    }

    /// Whether `screen`, a level of a window's chain of presentations or a unit that left it, is a sheet on screen.
    ///
    /// A level still linked that has come on screen once (its presentation is not pending) and is not on screen now
    /// counts: a presentation over its current context, which takes its place, may cover it, and the sheet's place
    /// stays taken while that presentation comes or goes (its `viewWillDisappear` comes before the sheet's
    /// `viewDidAppear`). What else takes such a level off screen (a full-screen presentation above it, a hidden
    /// window) takes the screens below it off screen too, so counting it changes nothing there.
    private func isSheetOnScreen(_ screen: Screen, isLinked: Bool) -> Bool {
        guard screen._takesASheetsPlace else { return false }
        switch screen._appearance {
        case .appeared: return true
        case .disappearing: return isLinked
        case .appearing:
            // A sheet that comes back (what covered it in its place goes), and a presentation that comes in a sheet's
            // place, take the place from what was on screen there, linked or not: a dismissal of the chain that waits
            // meanwhile vacates the place only with its own viewWillDisappear.
            return !screen._pendingCauses.contains(.beingPresented) || screen._isPresentedInASheetsPlace
                || isCounted(appearing: screen)
        case .disappeared: return isLinked && !screen._pendingCauses.contains(.beingPresented)
        }
    }

    /// Whether `sheet`, which is still appearing, counts as on screen: it appears in ``sheetsComingWith``.
    private func isCounted(appearing sheet: Screen) -> Bool {
        sheetsComingWith.map { sheet._onScreenBatch === $0 } ?? false
    }
}
