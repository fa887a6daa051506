/// The receiver of application events on the observers' hook point.
///
/// Background and foreground are not about one screen, but a hook point needs a receiver: this screen of a type of
/// its own, which is never in a hierarchy and never runs a lifecycle method, so that only the global registrations
/// for every screen (`.all`, `.type(Screen.self)`) match it.
///
/// `@unchecked Sendable`: it is never changed after it is created; hooks only read its type and identity.
final class _ApplicationEvents: Screen, @unchecked Sendable {
    /// The one receiver.
    static let receiver = _ApplicationEvents(title: "application events")
}
