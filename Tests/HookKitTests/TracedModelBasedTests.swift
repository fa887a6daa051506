import HookKit
import XCTest

/// The model-based sequences with a tracer set, on points that pass their body and on points that declare it: the
/// traced chains run what the model expects, and each call reports the hooks it ran, in order, and its body.
///
/// An XCTest case because the tracer is process-wide (see `GlobalSwitchTests`).
final class TracedModelBasedTests: XCTestCase {
    override func tearDown() {
        Hooks.tracer = nil
        super.tearDown()
    }

    func testTracedSequencesAgreeWithTheModelAndReportWhatEachCallRan() {
        let events = EventLog()
        Hooks.tracer = HookTracer { events.append($0) }
        let model = ModelBasedTests()
        for declaringTheBody in [false, true] {
            let failures = ModelBasedTests.divergences(of: 0..<300) { seed in
                model.runSequence(
                    seed: seed, declaringTheBody: declaringTheBody, checkingIntrospection: true, tracedInto: events)
            }
            XCTAssertEqual(failures, [], declaringTheBody ? "declared body" : "body passed per call")
        }
    }
}
