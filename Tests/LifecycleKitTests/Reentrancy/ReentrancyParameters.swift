/// How hard the re-entrancy explorer pushes the host: the steps of a sequence, how deep callbacks' requests nest, how
/// often a callback makes one, how many a step allows, and how often a request switches the children a container
/// shows.
///
/// The default run uses ``standard``. `LIFECYCLEKIT_REENTRANCY_PARAMETERS` sets others for long hunts: `harsh`
/// (``harsh``), or a comma-separated list of `name=value` pairs that change ``standard``, say
/// `steps=200,depth=5,percent=40,budget=20`. The names are `steps`, `depth`, `percent`, `budget` and `switch`; an
/// unknown name, a repeated one, or a value out of its range makes the test fail with the setting, rather than run
/// something else than was asked:
///
/// ```sh
/// LIFECYCLEKIT_REENTRANCY_PARAMETERS=harsh LIFECYCLEKIT_REENTRANCY_SEEDS=0-1999 \
///     swift test --filter ReentrancyTests/reentrantRequests
/// ```
struct ReentrancyParameters: Equatable, CustomStringConvertible {
    /// The steps of each seed's sequence (1–10,000).
    var stepCount: Int
    /// How deep requests made from callbacks may nest (0–20; 0 makes no request from callbacks).
    var maximumDepth: Int
    /// The chance, in percent, that a callback makes a request (0–100).
    var reentryPercent: Int
    /// How many requests the callbacks may make during one step (0–1,000).
    var reentryBudget: Int
    /// The chance, in percent, that a request switches the children a plain screen shows and calls
    /// `updateShownChildren()` (0–100; 0 draws nothing for it, so that seeds found before it replay as they did).
    var switchPercent: Int

    /// The default run's parameters: 40 steps, depth 3, 25 %, 12 requests a step, 5 % of requests switching.
    static let standard = ReentrancyParameters(
        stepCount: 40, maximumDepth: 3, reentryPercent: 25, reentryBudget: 12, switchPercent: 5)
    /// A harsher set for long hunts, which has found defects the standard one did not: 200 steps, depth 5, 40 %,
    /// 20 requests a step, 5 % of requests switching.
    static let harsh = ReentrancyParameters(
        stepCount: 200, maximumDepth: 5, reentryPercent: 40, reentryBudget: 20, switchPercent: 5)

    /// The environment variable that sets the parameters.
    static let variable = "LIFECYCLEKIT_REENTRANCY_PARAMETERS"

    /// The setting as the variable would spell it, for a failure's replay line.
    var description: String {
        """
        steps=\(stepCount),depth=\(maximumDepth),percent=\(reentryPercent),budget=\(reentryBudget),\
        switch=\(switchPercent)
        """
    }

    /// The parameters `setting` names (``standard`` when it is `nil` or empty), or `nil` when it is not a valid
    /// setting.
    static func parameters(from setting: String?) -> ReentrancyParameters? {
        guard let setting, !setting.isEmpty else { return standard }
        if setting == "harsh" { return harsh }
        var parameters = standard
        var named: Set<Substring> = []
        for pair in setting.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = pair.split(separator: "=", omittingEmptySubsequences: false)
            guard parts.count == 2, named.insert(parts[0]).inserted, let value = Int(parts[1]) else { return nil }
            switch parts[0] {
            case "steps" where (1...10_000).contains(value): parameters.stepCount = value
            case "depth" where (0...20).contains(value): parameters.maximumDepth = value
            case "percent" where (0...100).contains(value): parameters.reentryPercent = value
            case "budget" where (0...1_000).contains(value): parameters.reentryBudget = value
            case "switch" where (0...100).contains(value): parameters.switchPercent = value
            default: return nil
            }
        }
        return parameters
    }
}
