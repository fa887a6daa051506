/// Why a screen appears or disappears: the causes UIKit reports with `isMovingToParent`, `isMovingFromParent`,
/// `isBeingPresented` and `isBeingDismissed`.
///
/// A screen keeps two sets: the causes *pending* (it is joining or leaving a container, being presented or
/// dismissed, and the change's transition has not completed), and the causes of its *current* appearance
/// transition, taken from the pending ones at its will-call and cleared after its did-call.
struct _AppearanceCauses: OptionSet {
    let rawValue: UInt8

    /// Added to a container: from willMove(toParent: container) to didMove(toParent: container).
    static let movingToParent = _AppearanceCauses(rawValue: 1 << 0)
    /// Removed from a container: from willMove(toParent: nil) to didMove(toParent: nil), or a cancelled pop.
    static let movingFromParent = _AppearanceCauses(rawValue: 1 << 1)
    /// Presented: from the presentation request until its transition completed.
    static let beingPresented = _AppearanceCauses(rawValue: 1 << 2)
    /// Dismissed: from the dismissal request until its transition completed.
    static let beingDismissed = _AppearanceCauses(rawValue: 1 << 3)

    /// The causes an appearance can have.
    static let appearing: _AppearanceCauses = [.movingToParent, .beingPresented]
    /// The causes a disappearance can have.
    static let disappearing: _AppearanceCauses = [.movingFromParent, .beingDismissed]
}
