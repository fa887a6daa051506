/// A validated action and when it runs.
struct PlannedAction: Sendable {
    /// Its index in the scenario's `actions`, for error messages.
    let index: Int
    /// Seconds of virtual time that pass before it.
    let after: Double
    /// What it does.
    let step: ScenarioStep
}
