import HookKit

/// Status-bar preferences and delegation (UIKit's `prefersStatusBarHidden`,
/// `childForStatusBarHidden` and siblings), read through hook points.
///
/// ```swift
/// final class PlayerScreen: Screen {
///     var controlsVisible = true {
///         didSet { setNeedsStatusBarAppearanceUpdate() }
///     }
///     override var prefersStatusBarHidden: Bool { !controlsVisible }
///     override var preferredStatusBarStyle: StatusBarStyle { .lightContent }
/// }
///
/// // One screen, without a subclass:
/// try Screen.prefersStatusBarHidden.override(.instance(player)) { _ in { _, _ in true } }
/// ```
///
/// The window decides which screen's preferences count (see ``Window/statusBar``): from its root,
/// through capturing presentations and `childForStatusBarHidden` / `childForStatusBarStyle`.
extension Screen {
    /// `prefersStatusBarHidden`.
    public static let prefersStatusBarHidden = HookPoint<Screen, Void, Bool>("Screen.prefersStatusBarHidden")
    /// `preferredStatusBarStyle`.
    public static let preferredStatusBarStyle = HookPoint<Screen, Void, StatusBarStyle>(
        "Screen.preferredStatusBarStyle")
    /// `childForStatusBarHidden`: override it per instance to make a plain container delegate without a subclass.
    public static let childForStatusBarHidden = HookPoint<Screen, Void, Screen?>("Screen.childForStatusBarHidden")
    /// `childForStatusBarStyle`: override it per instance to make a plain container delegate without a subclass, or
    /// a navigation controller name its top screen under a visible bar too.
    public static let childForStatusBarStyle = HookPoint<Screen, Void, Screen?>("Screen.childForStatusBarStyle")

    /// Whether this screen, presented as a sheet or ``ModalPresentationStyle/overFullScreen`` (or over a current
    /// context inside such a presentation, when the window reaches its context: see ``Window/statusBar``), decides
    /// the status bar; `false` by default (UIKit's `modalPresentationCapturesStatusBarAppearance`).
    ///
    /// A ``ModalPresentationStyle/fullScreen`` presentation always decides, and so does a
    /// ``ModalPresentationStyle/currentContext`` one whose context is in the window's root hierarchy or in a
    /// full-screen presentation: UIKit's current-context presentation passes the status bar on as the presentation
    /// its context is in does. Apple documents the rule for full-screen presentations only ("unless the presented
    /// controller sets this property"); UIKit's code gives current-context ones the same.
    public var modalPresentationCapturesStatusBarAppearance: Bool {
        get { _chrome.capturesStatusBarAppearance }
        set { _chrome.capturesStatusBarAppearance = newValue }
    }

    /// Recomputes the window's status bar now: call it when a status-bar preference, or the child a
    /// container delegates to, changed.
    ///
    /// The window also recomputes it whenever a transition starts and completes, and when a child is
    /// added or removed.
    public func setNeedsStatusBarAppearanceUpdate() {
        window?._updateStatusBar()
    }

    /// Makes this screen's parent prefer `hidden` for the status bar until this screen disappears (the
    /// article's temporary override, for that parent instance only).
    ///
    /// The override is an instance-scoped HookKit override of ``Screen/prefersStatusBarHidden-swift.type.property``
    /// on the parent: other instances of the parent's class are untouched, and it shows in the point's
    /// introspection with the label `overrideParentStatusBarHidden`. It is reverted, and the status
    /// bar recomputed, when this screen's `viewWillDisappear` runs, when it leaves its parent, when
    /// ``revertParentStatusBarHidden()`` is called, or when a new call replaces it; it is cancelled at
    /// the latest when this screen dies. Install it from `viewWillAppear`:
    ///
    /// ```swift
    /// override func viewWillAppear(_ animated: Bool) {
    ///     _ = try? overrideParentStatusBarHidden(true)
    /// }
    /// ```
    ///
    /// It matters only when the parent decides the status bar's visibility itself: not when it delegates the
    /// decision (``Screen/childForStatusBarHidden-property``) to this screen or to another child, which then
    /// decides, as in UIKit. It changes what the window reads through the hook point; the parent's
    /// ``Screen/prefersStatusBarHidden-swift.property`` property still returns the parent's own answer.
    ///
    /// - Returns: The override's token (cancelling it directly does not recompute the status bar).
    /// - Throws: ``LifecycleError/Code-swift.struct/noParent`` when the screen has no parent.
    @discardableResult
    public func overrideParentStatusBarHidden(_ hidden: Bool) throws(LifecycleError) -> HookToken {
        guard let parent else {
            throw LifecycleError(.noParent, "\(debugLabel) has no parent whose status bar it could override")
        }
        // An instance scope on the receiver type cannot be refused.
        let token = try! Screen.prefersStatusBarHidden.override(
            .instance(parent), label: "overrideParentStatusBarHidden"
        ) { _ in { _, _ in hidden } }
        // Replacing the holder cancels a previous override.
        _chrome.parentStatusBarOverride = _ParentStatusBarOverride(token: token, parent: parent)
        window?._updateStatusBar()
        return token
    }

    /// Reverts the override installed by ``overrideParentStatusBarHidden(_:)``, if any, and recomputes the
    /// status bar.
    public func revertParentStatusBarHidden() {
        _revertParentStatusBarHidden()
    }

    /// Reverts the parent override, if any, and recomputes the status bar of the parent's window.
    func _revertParentStatusBarHidden() {
        guard let override = _chrome.parentStatusBarOverride else { return }
        _chrome.parentStatusBarOverride = nil
        override.token.cancel()
        override.parent?.window?._updateStatusBar()
    }

    /// `prefersStatusBarHidden`, through its hook point.
    var _prefersStatusBarHidden: Bool {
        Screen.prefersStatusBarHidden.invoke(self) { $0.prefersStatusBarHidden }
    }

    /// `preferredStatusBarStyle`, through its hook point.
    var _preferredStatusBarStyle: StatusBarStyle {
        Screen.preferredStatusBarStyle.invoke(self) { $0.preferredStatusBarStyle }
    }

    /// `childForStatusBarHidden`, through its hook point, if it is a current descendant.
    var _childForStatusBarHidden: Screen? {
        _currentDescendant(Screen.childForStatusBarHidden.invoke(self) { $0.childForStatusBarHidden })
    }

    /// `childForStatusBarStyle`, through its hook point, if it is a current descendant.
    var _childForStatusBarStyle: Screen? {
        _currentDescendant(Screen.childForStatusBarStyle.invoke(self) { $0.childForStatusBarStyle })
    }

    /// `screen` if this screen contains it now (its child, or a child's child, and so on, through current-context
    /// presentations that stand in for a screen inside it too, and a screen its pop is taking away), else `nil`.
    private func _currentDescendant(_ screen: Screen?) -> Screen? {
        guard let screen else { return nil }
        // The usual answer, a child (a navigation controller's top), in one look: every transition asks.
        if screen.parent === self { return screen }
        return _containsNow(screen) ? screen : nil
    }

    /// Whether `screen` is inside this screen now, through its container parents.
    ///
    /// Out of line: it is rare.
    @inline(never)
    private func _containsNow(_ screen: Screen) -> Bool {
        var ancestor = screen._containerParent
        while let current = ancestor {
            if current === self { return true }
            ancestor = current._containerParent
        }
        return false
    }

    /// The screen that decides the status bar in this screen's place: the top-most screen presented
    /// above it that captures the status bar, else this screen.
    var _statusBarCapturingScreen: Screen {
        // The usual screen presents nothing: answered inline (every update of the status bar asks at each level).
        guard let presented = _presented else { return self }
        return _statusBarCapturingScreen(above: presented)
    }

    /// ``_statusBarCapturingScreen`` of a screen that presents `presented`: a walk up its presentations (rather than
    /// a search of `_presentationChain`, which built an array on every update of the status bar).
    @inline(never)
    private func _statusBarCapturingScreen(above presented: Screen) -> Screen {
        var capturing = self
        var next: Screen? = presented
        while let presented = next {
            if presented._passesStatusBar || presented.modalPresentationCapturesStatusBarAppearance {
                capturing = presented
            }
            next = presented._presented
        }
        return capturing
    }

    /// Whether this presented screen's presentation passes the status bar to it without
    /// ``modalPresentationCapturesStatusBarAppearance``: a full-screen one does; a current-context one does when the
    /// presentation its context is in does (the window's root hierarchy, a full-screen presentation), as UIKit's
    /// current-context presentation controller asks the one its presenter is in; a sheet and an over-full-screen
    /// presentation do not.
    private var _passesStatusBar: Bool {
        var presented = self
        while true {
            switch presented._presentationStyle {
            case .fullScreen:
                return true
            case .currentContext:
                // The presentation the context is in: the closest screen at or above it that is presented (through the
                // controller a popped screen is leaving, which still holds it for the status bar until its pop ends).
                guard let enclosing = presented._presenter?._presentedAncestor else { return true }
                presented = enclosing
            case .overFullScreen, .pageSheet, .formSheet, .automatic:
                return false
            }
        }
    }
}
