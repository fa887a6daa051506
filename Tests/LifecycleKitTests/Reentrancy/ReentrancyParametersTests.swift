import Testing

/// The setting of the explorer's parameters: what long hunts and replays type.
@Suite("Re-entrancy explorer parameters")
struct ReentrancyParametersTests {
    @Test("no setting, or an empty one, runs the standard parameters")
    func noSettingIsStandard() {
        #expect(ReentrancyParameters.parameters(from: nil) == .standard)
        #expect(ReentrancyParameters.parameters(from: "") == .standard)
        #expect(ReentrancyParameters.standard.description == "steps=40,depth=3,percent=25,budget=12,switch=5")
    }

    @Test("`harsh` names the harsh set, and pairs change the standard set's values they name")
    func harshAndPairs() {
        #expect(ReentrancyParameters.parameters(from: "harsh") == .harsh)
        #expect(ReentrancyParameters.harsh.description == "steps=200,depth=5,percent=40,budget=20,switch=5")
        let changed = ReentrancyParameters.parameters(from: "steps=100,percent=60,switch=0")
        #expect(
            changed
                == ReentrancyParameters(
                    stepCount: 100, maximumDepth: 3, reentryPercent: 60, reentryBudget: 12, switchPercent: 0))
        #expect(ReentrancyParameters.parameters(from: ReentrancyParameters.harsh.description) == .harsh)
    }

    @Test(
        "an unknown name, a repeated one, a missing value or one out of range is refused, not ignored",
        arguments: [
            "Harsh", "steps", "steps=", "steps=0", "steps=10001", "depth=21", "percent=101", "budget=-1",
            "budget=1001", "switch=101", "switch=-1", "steps=10,steps=20", "steps=10,", "speed=2", "steps=1=2",
            "steps=ten",
        ])
    func badSettingIsRefused(setting: String) {
        #expect(ReentrancyParameters.parameters(from: setting) == nil)
    }
}
