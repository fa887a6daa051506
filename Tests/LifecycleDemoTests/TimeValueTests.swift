import Foundation
import Testing

@testable import LifecycleDemo

/// Time values (`after`, `duration`, `seconds`) above a maximum are refused instead of trapping or hanging.
///
/// Numbers print without scientific notation, and percentages are rounded, not truncated.
@Suite("Time values")
struct TimeValueTests {
    @Test("huge time values are refused where they are, before anything runs")
    func hugeValues() throws {
        let cases: [(action: String, location: String)] = [
            (#"{ "action": "wait", "seconds": 1, "after": 1e16 }"#, "actions[0].after"),
            (#"{ "action": "wait", "seconds": 1, "after": 1e308 }"#, "actions[0].after"),
            (#"{ "action": "wait", "seconds": 1e300 }"#, "actions[0].seconds"),
            (#"{ "action": "wait", "seconds": 123456789012345678901234567890 }"#, "actions[0].seconds"),
            (#"{ "action": "background", "duration": 1e20 }"#, "actions[0].duration"),
            (#"{ "action": "wait", "seconds": 1000000.001 }"#, "actions[0].seconds"),
            (#"{ "action": "wait", "seconds": -1 }"#, "actions[0].seconds"),
            (#"{ "action": "push", "screen": "detail", "after": -0.5 }"#, "actions[0].after"),
        ]
        for (action, location) in cases {
            try BadScenarioTests.expectRefusal(
                BadScenarioTests.scenario(actions: "[\(action)]"),
                "\(location): expected a number of seconds from 0 to 1000000")
        }
    }

    @Test("the maximum is accepted, and times print in full")
    func maximum() throws {
        let output = try BadScenarioTests.expectSuccess(
            BadScenarioTests.scenario(
                actions: #"""
                    [
                      { "action": "background", "duration": 1000000, "after": 1000000 },
                      { "action": "wait", "seconds": 1000000, "after": 1000000 }
                    ]
                    """#))
        #expect(output.contains("1000000.000  app to background for 1000000 s\n"))
        #expect(output.contains("3000000.000  wait 1000000 s\n"))
    }

    @Test("small values print with at most three decimals, never in scientific notation")
    func smallValues() throws {
        let output = try BadScenarioTests.expectSuccess(
            BadScenarioTests.scenario(
                actions: #"""
                    [
                      { "action": "wait", "seconds": 1e-7 },
                      { "action": "wait", "seconds": 0.25 },
                      { "action": "background", "duration": 0.0015 },
                      { "action": "wait", "seconds": 12.3456 }
                    ]
                    """#))
        #expect(output.contains("wait 0 s\n"))
        #expect(output.contains("wait 0.25 s\n"))
        #expect(output.contains("app to background for 0.002 s\n"))
        #expect(output.contains("wait 12.346 s\n"))
        #expect(!output.contains("1e-") && !output.contains("e-07"))
    }

    @Test("an interactive pop's progress is rounded, not truncated")
    func progress() throws {
        let output = try BadScenarioTests.expectSuccess(
            BadScenarioTests.scenario(
                actions: #"""
                    [
                      { "action": "push", "screen": "detail" },
                      { "action": "interactivePop", "end": "finish", "progress": 0.29 }
                    ]
                    """#))
        #expect(output.contains("interactive pop, finished at 29%\n"))
    }

    @Test("formatting never traps, whatever the number")
    func formatting() {
        #expect(DemoFormat.time(12.35) == "12.350")
        #expect(DemoFormat.time(1e16) == "10000000000000000.000")
        #expect(DemoFormat.time(.infinity) == "inf")
        #expect(DemoFormat.seconds(60) == "60")
        #expect(DemoFormat.seconds(1.5) == "1.5")
        #expect(DemoFormat.seconds(1e-7) == "0")
        #expect(DemoFormat.seconds(1e20) == "100000000000000000000")
        #expect(DemoFormat.seconds(1e300).hasPrefix("1000000000000000") && !DemoFormat.seconds(1e300).contains("e"))
        #expect(DemoFormat.percent(0.29) == "29")
        #expect(DemoFormat.percent(0.005) == "1")
    }
}
