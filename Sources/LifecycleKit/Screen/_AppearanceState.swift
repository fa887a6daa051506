/// Where a screen is in an appearance transition.
///
/// The host sends `viewWillAppear` only to a screen that is not (being) on screen and
/// `viewWillDisappear` only to one that is (being) on screen, so that forwarding and queued
/// transitions never send a call twice.
enum _AppearanceState {
    case disappeared
    case appearing
    case appeared
    case disappearing

    /// Whether the screen is on screen or on its way.
    var isVisible: Bool { self == .appearing || self == .appeared }

    /// Whether the screen had a will-call and waits for its did-call.
    var isInTransition: Bool { self == .appearing || self == .disappearing }
}
