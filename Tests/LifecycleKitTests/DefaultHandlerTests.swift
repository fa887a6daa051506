import Foundation
import LifecycleKit
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The default handlers of the leak detector and the statistics recorder print one warning line each to standard
/// error, and leak detection is on by default in debug builds.
///
/// An XCTest case because it redirects the process's standard error while it runs: `swift test` runs XCTest in a
/// process of its own, serially, so no other test writes there meanwhile.
final class DefaultHandlerTests: XCTestCase {
    /// Runs `body` with standard error redirected to a file, and returns what was written there.
    private func capturingStandardError(_ body: () throws -> Void) throws -> String {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("LifecycleKitTests-stderr-\(UInt32.random(in: 0...UInt32.max))")
        XCTAssertTrue(FileManager.default.createFile(atPath: url.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: url) }
        let file = open(url.path, O_WRONLY)
        XCTAssertGreaterThanOrEqual(file, 0)
        let saved = dup(STDERR_FILENO)
        dup2(file, STDERR_FILENO)
        close(file)
        defer {
            dup2(saved, STDERR_FILENO)
            close(saved)
        }
        try body()
        return try String(contentsOf: url, encoding: .utf8)
    }

    func testTheLeakDetectorIsOnByDefaultInDebugBuildsAndPrintsOneWarningLine() throws {
        #if DEBUG
        XCTAssertTrue(LeakDetector.isEnabledByDefault)
        #else
        XCTAssertFalse(LeakDetector.isEnabledByDefault)
        #endif
        var kept: [Screen] = []
        let printed = try capturingStandardError {
            let time = VirtualTime()
            let window = Window(time: time)
            let detector = LeakDetector(time: time)  // the default switch and the default handler
            XCTAssertEqual(detector.isEnabled, LeakDetector.isEnabledByDefault)
            detector.attach(to: window)
            let navigation = try NavigationController(rootScreen: Screen(title: "Home"))
            try window.setRootScreen(navigation)
            window.makeKeyAndVisible()
            kept.append(Screen(title: "Kept"))
            try navigation.push(kept[0], animated: false)
            try navigation.pop(animated: false)
            time.advance(by: 1.5)
        }
        #if DEBUG
        XCTAssertEqual(
            printed,
            "warning: LeakDetector: suspected leak: Screen \"Kept\" [Screen] removed by pop at 0.000 s, still alive at "
                + "1.500 s\n")
        #else
        XCTAssertEqual(printed, "")
        #endif
    }

    func testTheStatisticsRecorderPrintsOneWarningLinePerEvent() throws {
        let printed = try capturingStandardError {
            let time = VirtualTime()
            let window = Window(time: time)
            var configuration = ScreenStatistics.Configuration()
            configuration.maximumViewDuration = 60
            let statistics = ScreenStatistics(time: time, configuration: configuration)  // the default handler
            statistics.attach(to: window)
            try window.setRootScreen(Screen(title: "Player"))
            window.makeKeyAndVisible()
            time.advance(by: 90)
            try window.setRootScreen(Screen(title: "Home"))
        }
        XCTAssertEqual(
            printed, "warning: ScreenStatistics: discarded a view of Screen lasting 90.000 s (limit 60.000 s)\n")
    }
}
