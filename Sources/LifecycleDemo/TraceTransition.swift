/// One action of the scenario and the lines it caused.
struct TraceTransition: Encodable, Sendable, Equatable {
    /// Virtual time when the action started, in seconds.
    let time: Double
    /// The action, such as `push productDetail`.
    let action: String
    /// What happened, in order.
    var events: [TraceEvent]
}
