/// One line of the lifecycle trace under a transition.
struct TraceEvent: Encodable, Sendable, Equatable {
    /// What kind of line it is.
    enum Kind: String, Encodable, Sendable {
        /// A lifecycle method of a screen ran (`screen.method`).
        case call
        /// A hook ran (its label), around a call of `screen`.
        case hook
        /// A lifecycle observer saw an event of `screen` (`Observer: event`).
        case observer
        /// The navigation bar changed.
        case navigationBar
        /// The status bar changed.
        case statusBar
        /// The application changed state.
        case application
        /// The statistics recorder reported something (a view discarded as too long, a file it could not use).
        case statistics
    }

    /// Virtual time, in seconds.
    let time: Double
    /// What kind of line it is.
    let kind: Kind
    /// The scenario's name of the screen involved, if any.
    let screen: String?
    /// The method, the hook's label, or what changed.
    let name: String
}
