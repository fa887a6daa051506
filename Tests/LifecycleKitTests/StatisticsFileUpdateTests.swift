import Foundation
import LifecycleKit
import Testing

/// When a reset and a detach reach the statistics file.
@Suite("Statistics file updates")
struct StatisticsFileUpdateTests {
    /// The records of `file`, as a new recorder reads them.
    func stored(_ file: URL) -> [String] {
        ScreenStatistics(fileURL: file, time: VirtualTime()).records.map(\.description)
    }

    @Test("a reset is a change: the next batched write replaces the file's records with the counts since the reset")
    func resetIsWrittenWithTheNextBatch() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("stats.json")
        let host = try StatisticsHost(fileURL: file)
        host.time.advance(by: 10)  // written at 5 s
        #expect(stored(file) == ["[Home: stayed 0.083 (mins), viewed 1, resumed 0]"])
        host.statistics.reset()  // at 10 s: the write is due at 15 s
        host.time.advance(by: 4)
        #expect(stored(file) == ["[Home: stayed 0.083 (mins), viewed 1, resumed 0]"])
        host.time.advance(by: 1)
        // The view in progress goes on from the reset: 5 s, and no view started since.
        #expect(stored(file) == ["[Home: stayed 0.083 (mins), viewed 0, resumed 0]"])
    }

    @Test("detaching from the window writes at once, with the view it ends")
    func detachWritesAtOnce() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("stats.json")
        var configuration = ScreenStatistics.Configuration()
        configuration.flushDelay = 1000
        let host = try StatisticsHost(configuration: configuration, fileURL: file)
        host.time.advance(by: 12)
        #expect(try directory.fileNames() == [])
        host.statistics.detach(from: host.window)
        #expect(stored(file) == ["[Home: stayed 0.200 (mins), viewed 1, resumed 0]"])
    }
}
