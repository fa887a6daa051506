/// One complete run of a plan: host, hooks, statistics and leak detection, and the output.
enum DemoRun {
    /// Runs `plan` on a fresh host and returns what it produced.
    static func perform(_ plan: ScenarioPlan, file: String) throws(ScenarioError) -> DemoOutput {
        let runner = try ScenarioRunner(plan: plan, file: file)
        try runner.run()
        return DemoOutput(
            scenario: plan.title, trace: runner.recorder.transitions, statistics: runner.statisticsReport,
            leaks: runner.leakReports)
    }
}
