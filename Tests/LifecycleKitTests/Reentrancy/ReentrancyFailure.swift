/// The first invariant that failed in the exploration of one seed, with what a developer needs to replay it.
struct ReentrancyFailure: CustomStringConvertible {
    /// The seed of the failing sequence.
    let seed: UInt64
    /// The driver mode it ran in.
    let mode: ReentrancyDriverMode
    /// The explorer's parameters.
    let parameters: ReentrancyParameters
    /// When the check failed: a step, the settling after one, the final settling, or the release of the screens.
    let moment: String
    /// The invariant that failed.
    let invariant: ReentrancyInvariant
    /// What the check saw.
    let detail: String
    /// The last lines of the trace: every request and callback, indented by re-entrancy depth.
    let traceTail: [String]

    /// How to replay the seed: the environment and the command.
    var replayCommand: String {
        let setting = parameters == .standard ? "" : "\(ReentrancyParameters.variable)=\(parameters) "
        return "\(setting)LIFECYCLEKIT_REENTRANCY_SEEDS=\(seed) swift test --filter ReentrancyTests/reentrantRequests"
    }

    /// The report: seed, mode, moment, invariant and detail, how to replay the seed, then the trace's tail.
    var description: String {
        """
        seed \(seed), mode \(mode), \(moment): \(invariant.rawValue): \(detail)
        replay: \(replayCommand)
        the trace's last \(traceTail.count) lines:
        \(traceTail.joined(separator: "\n"))
        """
    }
}
