import Foundation
import LifecycleKit
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Saving statistics: batched atomic writes, round trips, and bad files set aside.
@Suite("Statistics persistence")
struct StatisticsPersistenceTests {
    /// 2025-01-02T03:04:05Z.
    static let fixedDate = Date(timeIntervalSince1970: 1_735_787_045)

    /// Records the events of a recorder.
    final class Events: Sendable {
        private let events = Mutex<[ScreenStatistics.Event]>([])

        func add(_ event: ScreenStatistics.Event) {
            events.withLock { $0.append(event) }
        }

        func take() -> [ScreenStatistics.Event] {
            events.withLock { events in
                defer { events.removeAll() }
                return events
            }
        }

        /// The store errors received, then starts over.
        func takeErrors() -> [StatisticsStoreError] {
            take().compactMap { event in
                if case .storeFailed(let error) = event { return error }
                return nil
            }
        }
    }

    func configuration(flushDelay: Double = 5) -> ScreenStatistics.Configuration {
        ScreenStatistics.Configuration(flushDelay: flushDelay, wallClock: { Self.fixedDate })
    }

    /// The name, relative to `directory`, of a file `nameLength` bytes long in folders made for it, whose path is 10
    /// bytes shorter than a path may be (`PATH_MAX`).
    func fileNearThePathLimit(in directory: TemporaryDirectory, nameLength: Int) throws -> String {
        let length = Int(PATH_MAX) - 1 - 10
        let start = directory.url.path.utf8.count + 1
        var folder = ""
        while length - start - folder.utf8.count - nameLength > 250 {
            folder += String(repeating: "d", count: 200) + "/"
        }
        folder += String(repeating: "e", count: length - start - folder.utf8.count - nameLength - 1) + "/"
        try FileManager.default.createDirectory(
            at: directory.url.appendingPathComponent(folder), withIntermediateDirectories: true)
        let name = folder + String(repeating: "s", count: nameLength)
        #expect(directory.url.appendingPathComponent(name).path.utf8.count == length)
        return name
    }

    @Test("changes are written in batches, atomically, and a new recorder reads them back")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("stats.json")
        do {
            let host = try StatisticsHost(configuration: configuration(), fileURL: file)
            // Home's view started at 0: the write waits for the flush delay.
            #expect(try directory.fileNames() == [])
            host.time.advance(by: 5)
            #expect(try directory.fileNames() == ["stats.json"])
            host.time.advance(by: 10)
            try host.navigation.push(ProductDetail(), animated: false)
            host.time.advance(by: 60)
            try host.navigation.pop(animated: false)
            host.time.advance(by: 5)
            #expect(
                try directory.contents(of: "stats.json") == """
                    {
                      "formatVersion" : 1,
                      "screens" : [
                        {
                          "name" : "Home",
                          "resumeCount" : 0,
                          "stayTime" : 20,
                          "viewCount" : 2
                        },
                        {
                          "name" : "ProductDetail",
                          "resumeCount" : 0,
                          "stayTime" : 60,
                          "viewCount" : 1
                        }
                      ]
                    }
                    """)
            #expect(host.events.take() == [])
        }
        let reader = ScreenStatistics(fileURL: file, time: VirtualTime())
        #expect(
            reader.records == [
                ScreenStatistics.Record(name: "Home", stayTime: 20, viewCount: 2),
                ScreenStatistics.Record(name: "ProductDetail", stayTime: 60, viewCount: 1),
            ])
        // No temporary file is left behind.
        #expect(try directory.fileNames() == ["stats.json"])
    }

    @Test("what was flushed survives a crash; what changed after the last flush is lost")
    func crashBetweenFlushes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("stats.json")
        let host = try StatisticsHost(configuration: configuration(), fileURL: file)
        host.time.advance(by: 5)  // written: Home 5 s
        try host.navigation.push(ProductDetail(), animated: false)
        host.time.advance(by: 3)
        // The process dies here: the file is what the next launch reads.
        let reader = ScreenStatistics(fileURL: file, time: VirtualTime())
        #expect(reader.records.map(\.description) == ["[Home: stayed 0.083 (mins), viewed 1, resumed 0]"])
    }

    @Test("a window that goes away ends its views then and writes the file; a screen outliving it counts no more")
    func windowGoesAway() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("stats.json")
        let time = VirtualTime()
        let statistics = ScreenStatistics(fileURL: file, time: time, configuration: configuration(flushDelay: 1000))
        let home = Home(title: "Home")
        do {
            let window = Window(time: time)
            statistics.attach(to: window)
            try window.setRootScreen(home)
            window.makeKeyAndVisible()
            time.advance(by: 10)
            try statistics.flush()  // the file holds 10 s
            time.advance(by: 2)
        }
        // The window went away at 12 with Home on screen: its view ends there, and the file is written.
        #expect(statistics.record(named: "Home") == .init(name: "Home", stayTime: 12, viewCount: 1))
        #expect(ScreenStatistics(fileURL: file, time: time).record(named: "Home")?.stayTime == 12)
        time.advance(by: 100)  // Home is still alive, in no window
        #expect(statistics.record(named: "Home") == .init(name: "Home", stayTime: 12, viewCount: 1))
        try statistics.flush()
        #expect(ScreenStatistics(fileURL: file, time: time).record(named: "Home")?.stayTime == 12)
    }

    @Test("entering the background writes at once; flush() writes at once")
    func immediateWrites() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("stats.json")
        let host = try StatisticsHost(configuration: configuration(flushDelay: 1000), fileURL: file)
        host.time.advance(by: 30)
        host.window.enterBackground()
        let reader = { ScreenStatistics(fileURL: file, time: VirtualTime()).records.map(\.description) }
        #expect(reader() == ["[Home: stayed 0.500 (mins), viewed 1, resumed 0]"])
        host.window.enterForeground()
        host.time.advance(by: 30)
        try host.statistics.flush()
        #expect(reader() == ["[Home: stayed 1.000 (mins), viewed 1, resumed 1]"])
        #expect(try directory.fileNames() == ["stats.json"])
    }

    @Test(
        "a bad file is reported, set aside with a timestamp, and counting starts fresh; the next write keeps it",
        arguments: [
            ("{ not json", StatisticsStoreError.Code.corrupt, "stats.json.corrupt-20250102T030405Z"),
            (#"{"formatVersion": 2, "screens": []}"#, .unsupportedVersion, "stats.json.unsupported-20250102T030405Z"),
            // Any number above 1 is a newer version (found by review, helper-234: these read as corrupt).
            (#"{"formatVersion": 2.5, "screens": []}"#, .unsupportedVersion, "stats.json.unsupported-20250102T030405Z"),
            (#"{"formatVersion": 1e20}"#, .unsupportedVersion, "stats.json.unsupported-20250102T030405Z"),
            // Versions start at 1: 0 is no version this code ever wrote, and neither is 0.5.
            (#"{"formatVersion": 0, "screens": []}"#, .corrupt, "stats.json.corrupt-20250102T030405Z"),
            (#"{"formatVersion": 0.5, "screens": []}"#, .corrupt, "stats.json.corrupt-20250102T030405Z"),
            (#"{"formatVersion": "1", "screens": []}"#, .corrupt, "stats.json.corrupt-20250102T030405Z"),
            (
                #"{"formatVersion": 1, "screens": [{"name": "A", "stayTime": -1, "viewCount": 1, "resumeCount": 0}]}"#,
                .corrupt, "stats.json.corrupt-20250102T030405Z"
            ),
            (#"{"formatVersion": 1, "screens": [{"name": "A"}]}"#, .corrupt, "stats.json.corrupt-20250102T030405Z"),
            // A field given twice reads differently with each parser (JSONDecoder takes the first, JSONSerialization
            // the last), and a rewrite would keep one: set aside, as malformed JSON (a trailing comma) is.
            (
                #"{"formatVersion": 1, "formatVersion": 9, "screens": []}"#, .corrupt,
                "stats.json.corrupt-20250102T030405Z"
            ),
            (#"{"formatVersion": 1, "screens": [],}"#, .corrupt, "stats.json.corrupt-20250102T030405Z"),
            // A field this version does not know would be lost by the next write: the file is set aside, with it.
            (#"{"formatVersion": 1, "screens": [], "extra": 5}"#, .corrupt, "stats.json.corrupt-20250102T030405Z"),
            (
                #"{"formatVersion": 1, "screens": [{"name": "A", "stayTime": 1, "viewCount": 1, "resumeCount": 0, "#
                    + #""note": "x"}]}"#,
                .corrupt, "stats.json.corrupt-20250102T030405Z"
            ),
        ])
    func badFile(contents: String, code: StatisticsStoreError.Code, asideName: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("stats.json")
        try directory.write(contents, to: "stats.json")
        let events = Events()
        let time = VirtualTime()
        let statistics = ScreenStatistics(
            fileURL: file, time: time, configuration: configuration(), handler: events.add)
        let errors = events.takeErrors()
        #expect(errors.map(\.code) == [code])
        #expect(errors.first?.fileURL == file)
        #expect(errors.first?.movedAsideURL?.lastPathComponent == asideName)
        #expect(try directory.fileNames() == [asideName])
        #expect(statistics.records == [])
        // Counting goes on; the next write creates a new file and leaves the bad one alone.
        let window = Window(time: time)
        statistics.attach(to: window)
        try window.setRootScreen(Home())
        window.makeKeyAndVisible()
        time.advance(by: 6)
        try statistics.flush()
        #expect(try directory.fileNames() == ["stats.json", asideName])
        #expect(try directory.contents(of: asideName) == contents)
        #expect(
            ScreenStatistics(fileURL: file, time: VirtualTime()).records.map(\.description) == [
                "[Home: stayed 0.100 (mins), viewed 1, resumed 0]"
            ])
        #expect(events.take() == [])
    }

    @Test(
        "a record that cannot be read is reported with its field's place in the file and what is wrong with it",
        arguments: [
            (
                #"{"name": "A", "stayTime": 1, "viewCount": 1.5, "resumeCount": 0}"#,
                "screens[0].viewCount is not a whole number from 0 to 9223372036854775807"
            ),
            (
                #"{"name": "A", "stayTime": 1, "viewCount": 1e20, "resumeCount": 0}"#,
                "screens[0].viewCount is not a whole number from 0 to 9223372036854775807"
            ),
            (#"{"name": "A", "stayTime": 1, "viewCount": 1}"#, "screens[0].resumeCount is missing"),
            // The largest count is no culprit, though a Double cannot tell it from one above it.
            (#"{"name": "A", "stayTime": 1, "viewCount": 9223372036854775807}"#, "screens[0].resumeCount is missing"),
            (
                #"{"name": "A", "stayTime": 1, "viewCount": 9223372036854775808, "resumeCount": 0}"#,
                "screens[0].viewCount is not a whole number from 0 to 9223372036854775807"
            ),
            (
                #"{"name": "A", "stayTime": 1, "viewCount": 0, "resumeCount": -9223372036854775809}"#,
                "screens[0].resumeCount is not a whole number from 0 to 9223372036854775807"
            ),
            (
                #"{"name": "A", "stayTime": "1", "viewCount": 1, "resumeCount": 0}"#,
                "screens[0].stayTime is not a number"
            ),
            (#"{"name": null, "stayTime": 1, "viewCount": 1, "resumeCount": 0}"#, "screens[0].name is null"),
        ])
    func unreadableRecordMessage(record: String, problem: String) throws {
        // Found by review (helper-216): a count of 1.5 was reported as JSON that is not valid, and a missing field with
        // the decoder's own description of its coding key.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(#"{"formatVersion": 1, "screens": ["# + record + "]}", to: "stats.json")
        let events = Events()
        _ = ScreenStatistics(
            fileURL: directory.url.appendingPathComponent("stats.json"), time: VirtualTime(),
            configuration: configuration(), handler: events.add)
        let error = try #require(events.takeErrors().first)
        #expect(error.code == .corrupt)
        #expect(error.message.contains("its records cannot be read (\(problem));"), "\(error.message)")
        #expect(!error.message.contains("CodingKeys") && !error.message.contains("not valid JSON"))
    }

    @Test(
        "a rewrite keeps the file's permissions: a private file stays private, a read-only one read-only",
        arguments: [
            0o600, 0o444,
        ])
    func permissionsKept(permissions: Int) throws {
        // Found by review (helper-234): the new file, made with the default permissions, replaced a private one.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("stats.json")
        try directory.write(#"{"formatVersion": 1, "screens": []}"#, to: "stats.json")
        let fileManager = FileManager.default
        try fileManager.setAttributes([.posixPermissions: permissions], ofItemAtPath: file.path)
        let statistics = ScreenStatistics(fileURL: file, time: VirtualTime(), configuration: configuration())
        statistics.reset()
        try statistics.flush()
        #expect(try fileManager.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == permissions)
        #expect(try directory.fileNames() == ["stats.json"])
    }

    @Test("a file whose name is as long as a name can be is written: the temporary file's name fits too")
    func longFileName() throws {
        // Found by review (helper-238): the temporary name, the file's with a dot, a UUID and `.tmp` around it, was too
        // long for a file name of more than about 210 characters, and every write failed ("permission").
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let name = String(repeating: "s", count: 250) + ".json"
        let file = directory.url.appendingPathComponent(name)
        let statistics = ScreenStatistics(fileURL: file, time: VirtualTime(), configuration: configuration())
        statistics.reset()
        try statistics.flush()
        #expect(try directory.fileNames() == [name])
    }

    @Test(
        "a bad file whose name is as long as a name can be is set aside under a name cut to fit, then written again",
        arguments: [
            String(repeating: "s", count: 250) + ".json", String(repeating: "\u{1F4CA}", count: 62) + ".json",
            // One character of 241 bytes, a letter with 120 combining marks: cut between its scalars.
            "a" + String(repeating: "\u{301}", count: 120) + ".json",
        ])
    func longBadFileName(name: String) throws {
        // Found by review (helper-237): the name set aside, the file's with `.corrupt-` and a timestamp after it, was
        // too long, so that the bad file could not be moved and blocked every write; and a name of 64 characters of
        // four bytes each made the temporary file's name too long.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("{ not json", to: name)
        let file = directory.url.appendingPathComponent(name)
        let events = Events()
        let statistics = ScreenStatistics(
            fileURL: file, time: VirtualTime(), configuration: configuration(), handler: events.add)
        let errors = events.takeErrors()
        #expect(errors.map(\.code) == [.corrupt])
        let aside = try #require(errors.first?.movedAsideURL?.lastPathComponent)
        // As much of the name as fits, with room for a number (`-99999`) after the timestamp.
        #expect(aside.hasSuffix(".corrupt-20250102T030405Z") && (248...249).contains(aside.utf8.count))
        #expect(name.unicodeScalars.starts(with: aside.dropLast(".corrupt-20250102T030405Z".count).unicodeScalars))
        #expect(try directory.fileNames() == [aside])
        try statistics.flush()
        #expect(try Set(directory.fileNames()) == [name, aside])
        #expect(try directory.contents(of: aside) == "{ not json")
        #expect(events.take() == [])
    }

    @Test("a file whose path is nearly as long as a path can be is written: the temporary file's name is cut to fit")
    func fileNearThePathLimit() throws {
        // Found by review (helper-242): the temporary file's path, 43 bytes longer than the file's, went past
        // `PATH_MAX`, and every write failed.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let name = try fileNearThePathLimit(in: directory, nameLength: 60)
        let statistics = ScreenStatistics(
            fileURL: directory.url.appendingPathComponent(name), time: VirtualTime(), configuration: configuration())
        statistics.reset()
        try statistics.flush()
        #expect(try directory.contents(of: name).contains("formatVersion"))
        // A short name in a folder whose path leaves no room for any temporary file: the error says so.
        let short = try fileNearThePathLimit(in: directory, nameLength: 6)
        let failing = ScreenStatistics(
            fileURL: directory.url.appendingPathComponent(short), time: VirtualTime(), configuration: configuration())
        failing.reset()
        let error = #expect(throws: StatisticsStoreError.self) { try failing.flush() }
        #expect(error?.code == .writeFailed && error?.message.contains("no room for a temporary file") == true)
    }

    @Test("a symbolic link is followed: the file it leads to is read and replaced, and the link stays a link")
    func symbolicLink() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fileManager = FileManager.default
        try fileManager.createDirectory(
            at: directory.url.appendingPathComponent("data"), withIntermediateDirectories: true)
        try directory.write(
            #"{"formatVersion": 1, "screens": [{"name": "Home", "stayTime": 60, "viewCount": 1, "resumeCount": 0}]}"#,
            to: "data/stats.json")
        let link = directory.url.appendingPathComponent("stats.json")
        try fileManager.createSymbolicLink(atPath: link.path, withDestinationPath: "data/stats.json")
        // A dangling link: the first write creates the file it leads to.
        let dangling = directory.url.appendingPathComponent("new.json")
        try fileManager.createSymbolicLink(atPath: dangling.path, withDestinationPath: "data/new.json")
        let events = Events()
        let time = VirtualTime()
        let window = Window(time: time)
        let statistics = ScreenStatistics(
            fileURL: link, time: time, configuration: configuration(), handler: events.add)
        let fresh = ScreenStatistics(fileURL: dangling, time: time, configuration: configuration(), handler: events.add)
        statistics.attach(to: window)
        fresh.attach(to: window)
        try window.setRootScreen(Home())
        window.makeKeyAndVisible()
        time.advance(by: 60)
        try statistics.flush()
        try fresh.flush()
        #expect(events.take() == [])
        #expect(try fileManager.destinationOfSymbolicLink(atPath: link.path) == "data/stats.json")
        #expect(try fileManager.destinationOfSymbolicLink(atPath: dangling.path) == "data/new.json")
        #expect(try directory.fileNames() == ["data", "new.json", "stats.json"])
        #expect(try directory.fileNames(in: "data") == ["new.json", "stats.json"])
        let reread = { (url: URL) in ScreenStatistics(fileURL: url, time: VirtualTime()).records.map(\.description) }
        #expect(reread(link) == ["[Home: stayed 2.000 (mins), viewed 2, resumed 0]"])
        #expect(
            reread(directory.url.appendingPathComponent("data/new.json")) == [
                "[Home: stayed 1.000 (mins), viewed 1, resumed 0]"
            ])
    }

    @Test("a loop of symbolic links is not replaced by a file: the write fails and says why, the links stay")
    func symbolicLinkLoop() throws {
        // Found by review (helper-120): the rename replaced the link with a regular file, silently.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fileManager = FileManager.default
        let file = directory.url.appendingPathComponent("a.json")
        try fileManager.createSymbolicLink(atPath: file.path, withDestinationPath: "b.json")
        try fileManager.createSymbolicLink(
            atPath: directory.url.appendingPathComponent("b.json").path, withDestinationPath: "a.json")
        let events = Events()
        let time = VirtualTime()
        let window = Window(time: time)
        let statistics = ScreenStatistics(
            fileURL: file, time: time, configuration: configuration(), handler: events.add)
        statistics.attach(to: window)
        try window.setRootScreen(Home())
        window.makeKeyAndVisible()
        time.advance(by: 60)
        var thrown: StatisticsStoreError?
        do {
            try statistics.flush()
        } catch {
            thrown = error
        }
        #expect(thrown?.code == .writeFailed)
        #expect(thrown?.message.contains("too many levels of symbolic links") == true)
        #expect(try fileManager.destinationOfSymbolicLink(atPath: file.path) == "b.json")
        #expect(try directory.fileNames() == ["a.json", "b.json"])
    }

    @Test("a write scheduled with a long delay is brought forward by the next change once the delay is shortened")
    func shortenedFlushDelay() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("stats.json")
        let host = try StatisticsHost(configuration: configuration(flushDelay: .infinity), fileURL: file)
        host.time.advance(by: 100)
        #expect(try directory.fileNames() == [])  // an infinite delay writes only when asked
        host.statistics.configuration.flushDelay = 5
        try host.navigation.push(ProductDetail(), animated: false)  // a change: due 5 s from now
        host.time.advance(by: 4)
        #expect(try directory.fileNames() == [])
        host.time.advance(by: 1)
        let reader = { ScreenStatistics(fileURL: file, time: VirtualTime()).records.map(\.description) }
        #expect(
            reader() == [
                "[Home: stayed 1.667 (mins), viewed 1, resumed 0]",
                "[ProductDetail: stayed 0.083 (mins), viewed 1, resumed 0]",  // the view in progress, so far
            ])
        // A longer delay does not postpone a write that is already due sooner.
        host.statistics.configuration.flushDelay = 1000
        try host.navigation.pop(animated: false)
        host.statistics.configuration.flushDelay = 5
        try host.navigation.push(ProductDetail(), animated: false)
        host.time.advance(by: 5)
        #expect(
            reader() == [
                "[Home: stayed 1.667 (mins), viewed 2, resumed 0]",
                "[ProductDetail: stayed 0.167 (mins), viewed 2, resumed 0]",
            ])
    }

    @Test("numbers too large to add up stop at the largest value: the file loads, counting goes on, nothing is lost")
    func saturatedNumbers() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("stats.json")
        // Each record is valid; the two Home records add up past Int.max and past the largest finite Double.
        try directory.write(
            """
            {"formatVersion": 1, "screens": [
            {"name": "Home", "stayTime": 1e308, "viewCount": \(Int.max), "resumeCount": 1},
            {"name": "Home", "stayTime": 1e308, "viewCount": \(Int.max), "resumeCount": \(Int.max)},
            {"name": "ProductDetail", "stayTime": 42, "viewCount": 7, "resumeCount": 2}
            ]}
            """, to: "stats.json")
        let events = Events()
        let time = VirtualTime()
        let statistics = ScreenStatistics(
            fileURL: file, time: time, configuration: configuration(), handler: events.add)
        let home = try #require(statistics.record(named: "Home"))
        #expect(home.stayTime == .greatestFiniteMagnitude && home.viewCount == .max && home.resumeCount == .max)
        // A Home screen appears: its view is counted at the ceiling, and its stay time stays finite.
        let window = Window(time: time)
        statistics.attach(to: window)
        try window.setRootScreen(Home())
        window.makeKeyAndVisible()
        time.advance(by: 6)
        #expect(statistics.record(named: "Home") == home)
        try statistics.flush()
        #expect(!statistics.exportJSON().isEmpty && events.take() == [])
        // What was written reads back whole, the other record included.
        let reread = ScreenStatistics(fileURL: file, time: VirtualTime(), handler: events.add)
        #expect(reread.record(named: "Home") == home)
        #expect(
            reread.record(named: "ProductDetail")
                == ScreenStatistics.Record(name: "ProductDetail", stayTime: 42, viewCount: 7, resumeCount: 2))
        #expect(events.take() == [])
        #expect(try directory.fileNames() == ["stats.json"])
    }

    @Test("a view discarded as too long takes nothing from counts stuck at their largest value, which it never moved")
    func discardedViewAtTheCeiling() throws {
        // Found by review (helper-216): the view's resume added nothing to a count at Int.max, and its discarding
        // took one off.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(
            """
            {"formatVersion": 1, "screens": [
            {"name": "Home", "stayTime": 1, "viewCount": \(Int.max), "resumeCount": \(Int.max)}
            ]}
            """, to: "stats.json")
        let time = VirtualTime()
        let statistics = ScreenStatistics(
            fileURL: directory.url.appendingPathComponent("stats.json"), time: time, configuration: configuration())
        let window = Window(time: time, transitionDriver: TransitionDriver(mode: .immediate))
        statistics.attach(to: window)
        let navigation = try NavigationController(rootScreen: Home())
        try window.setRootScreen(navigation)
        window.makeKeyAndVisible()
        window.enterBackground()
        window.enterForeground()
        time.advance(by: 2 * 24 * 3_600)  // past the longest view counted
        try navigation.push(Screen(title: "Next"), animated: false)  // the view ends, and is discarded
        #expect(
            statistics.record(named: "Home")
                == ScreenStatistics.Record(name: "Home", stayTime: 1, viewCount: .max, resumeCount: .max))
    }

    @Test("a second bad file with the same timestamp gets a numbered name; an unreadable file is set aside too")
    func repeatedAndUnreadable() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("stats.json")
        let events = Events()
        for garbage in ["first", "second"] {
            try directory.write(garbage, to: "stats.json")
            _ = ScreenStatistics(
                fileURL: file, time: VirtualTime(), configuration: configuration(), handler: events.add)
        }
        #expect(events.takeErrors().map(\.code) == [.corrupt, .corrupt])
        #expect(try directory.contents(of: "stats.json.corrupt-20250102T030405Z") == "first")
        #expect(try directory.contents(of: "stats.json.corrupt-20250102T030405Z-2") == "second")
        #if os(Linux)
        // A file whose reading fails, for root too: a link to this process's memory file, whose first page is never
        // mapped. Setting it aside renames the link.
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "/proc/self/mem")
        let reason = "Input/output error"
        #else
        // A file its owner may not read (an administrator reads every file: then there is nothing to set aside).
        try directory.write("{}", to: "stats.json")
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: file.path)
        guard (try? Data(contentsOf: file)) == nil else { return }
        let reason = "Permission denied"
        #endif
        let statistics = ScreenStatistics(
            fileURL: file, time: VirtualTime(), configuration: configuration(), handler: events.add)
        let unreadable = events.takeErrors()
        #expect(unreadable.map(\.code) == [.unreadable])
        // The system's reason, not Foundation's error code.
        #expect(unreadable.first?.message.contains("it cannot be read (\(reason)); counting starts fresh") == true)
        #expect(
            try directory.fileNames() == [
                "stats.json.corrupt-20250102T030405Z", "stats.json.corrupt-20250102T030405Z-2",
                "stats.json.unreadable-20250102T030405Z",
            ])
        try statistics.flush()
        #expect(try directory.fileNames().contains("stats.json"))
    }

    @Test(
        "a directory or a FIFO at the file's path is reported and left alone, and nothing is written there",
        arguments: ["directory", "FIFO"])
    func notAFile(kind: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path: URL
        switch kind {
        case "directory":
            // The easy mistake: the app's support folder passed instead of the file inside it.
            path = directory.url.appendingPathComponent("Support")
            try FileManager.default.createDirectory(at: path, withIntermediateDirectories: false)
            try Data("keep".utf8).write(to: path.appendingPathComponent("other-data.txt"))
        default:
            // (Not a device such as /dev/null: a regression would rename it for the whole machine.)
            path = directory.url.appendingPathComponent("stats.json")
            try #require(mkfifo(path.path, 0o600) == 0)
        }
        let before = try directory.fileNames()
        let events = Events()
        let host = try StatisticsHost()
        let statistics = ScreenStatistics(
            fileURL: path, time: host.time, configuration: configuration(), handler: events.add)
        let errors = events.takeErrors()
        #expect(errors.map(\.code) == [.unreadable])
        #expect(errors.first?.movedAsideURL == nil)
        let article = kind == "directory" ? "a directory" : "a FIFO"
        #expect(
            errors.first?.message
                == "\(path.path) is \(article), not a statistics file; statistics stay in memory and nothing is moved "
                + "or written there")
        // Counting goes on in memory; writing is refused with the same error, and nothing at the path changes.
        statistics.attach(to: host.window)
        host.time.advance(by: 60)
        host.window.enterBackground()
        let error = #expect(throws: StatisticsStoreError.self) { try statistics.flush() }
        #expect(error?.code == .unreadable)
        #expect(statistics.records.map(\.description) == ["[Home: stayed 1.000 (mins), viewed 1, resumed 0]"])
        #expect(try directory.fileNames() == before)
        if kind == "directory" {
            #expect(try String(contentsOf: path.appendingPathComponent("other-data.txt"), encoding: .utf8) == "keep")
        }
    }

    @Test("a link set aside before keeps its name when its target is gone: the next bad file gets a numbered one")
    func brokenLinkSetAsideKeepsItsName() throws {
        // Found by review (helper-216): the free name was checked following links, so a link leading nowhere counted as
        // free, and the rename replaced it.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("stats.json")
        let earlier = directory.url.appendingPathComponent("stats.json.corrupt-20250102T030405Z")
        try FileManager.default.createSymbolicLink(atPath: earlier.path, withDestinationPath: "/nonexistent")
        try directory.write("garbage", to: "stats.json")
        let events = Events()
        _ = ScreenStatistics(fileURL: file, time: VirtualTime(), configuration: configuration(), handler: events.add)
        let setAside = events.takeErrors().map(\.movedAsideURL?.lastPathComponent)
        #expect(setAside == ["stats.json.corrupt-20250102T030405Z-2"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: earlier.path) == "/nonexistent")
        #expect(try directory.contents(of: "stats.json.corrupt-20250102T030405Z-2") == "garbage")
    }

    @Test("a bad file whose path is nearly as long as a path can be is set aside under a name cut to fit the path")
    func badFileNearThePathLimit() throws {
        // Found by review (helper-243): the name set aside was cut to fit a file name, not the path, so that the
        // rename failed and every write was blocked.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let name = try fileNearThePathLimit(in: directory, nameLength: 100)
        try directory.write("{ not json", to: name)
        let events = Events()
        _ = ScreenStatistics(
            fileURL: directory.url.appendingPathComponent(name), time: VirtualTime(), configuration: configuration(),
            handler: events.add)
        let aside = try #require(events.takeErrors().first?.movedAsideURL)
        #expect(aside.lastPathComponent.hasSuffix(".corrupt-20250102T030405Z"))
        #expect(aside.path.utf8.count <= Int(PATH_MAX) - 1 && aside.lastPathComponent.utf8.count > 25)
        let folder = (name as NSString).deletingLastPathComponent
        #expect(try directory.contents(of: folder + "/" + aside.lastPathComponent) == "{ not json")
    }

    @Test("a bad file that cannot be set aside is never overwritten: the statistics stay in memory")
    func cannotSetAside() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // Even without its name, the path set aside would be longer than a path may be, so the rename fails.
        let name = try fileNearThePathLimit(in: directory, nameLength: 10)
        let file = directory.url.appendingPathComponent(name)
        try directory.write("{ not json", to: name)
        let events = Events()
        let host = try StatisticsHost()
        let statistics = ScreenStatistics(
            fileURL: file, time: host.time, configuration: configuration(), handler: events.add)
        #expect(events.takeErrors().map(\.code) == [.moveAsideFailed])
        statistics.attach(to: host.window)
        host.time.advance(by: 60)
        host.window.enterBackground()
        let error = #expect(throws: StatisticsStoreError.self) { try statistics.flush() }
        #expect(error?.code == .moveAsideFailed)
        #expect(events.take() == [])
        #expect(try directory.fileNames(in: (name as NSString).deletingLastPathComponent) == [file.lastPathComponent])
        #expect(try directory.contents(of: name) == "{ not json")
        #expect(statistics.records.map(\.description) == ["[Home: stayed 1.000 (mins), viewed 1, resumed 0]"])
    }

    @Test("a URL that is not a file URL is refused at once: nothing is read, moved or written at its path")
    func notAFileURL() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("{ not json", to: "stats.json")
        let local = directory.url.appendingPathComponent("stats.json")
        let remote = try #require(URL(string: "https://example.com" + local.path))
        let events = Events()
        let statistics = ScreenStatistics(
            fileURL: remote, time: VirtualTime(), configuration: configuration(), handler: events.add)
        #expect(events.takeErrors().map(\.code) == [.unreadable])
        let error = #expect(throws: StatisticsStoreError.self) { try statistics.flush() }
        #expect(error?.code == .unreadable)
        // The unrelated local file at the same path is left as it was.
        #expect(try directory.fileNames() == ["stats.json"])
        #expect(try directory.contents(of: "stats.json") == "{ not json")
    }

    @Test("a write that fails throws a typed error and keeps the counts in memory")
    func writeFailure() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // The file's directory is a regular file, so nothing can be written below it.
        try directory.write("in the way", to: "blocked")
        let file = directory.url.appendingPathComponent("blocked/stats.json")
        let events = Events()
        let host = try StatisticsHost()
        let statistics = ScreenStatistics(
            fileURL: file, time: host.time, configuration: configuration(), handler: events.add)
        statistics.attach(to: host.window)
        host.time.advance(by: 6)
        let reported = events.takeErrors()
        #expect(reported.map(\.code) == [.writeFailed])
        #expect(reported.first?.message.hasPrefix("\(file.path) cannot be written (") == true)
        let thrown = #expect(throws: StatisticsStoreError.self) { try statistics.flush() }
        // Errors are equal, and hash alike, when their codes are.
        #expect(thrown == reported.first && Set(reported + [thrown].compactMap { $0 }).count == 1)
        #expect(statistics.records.map(\.description) == ["[Home: stayed 0.100 (mins), viewed 1, resumed 0]"])
        #expect(try directory.fileNames() == ["blocked"])
    }

    @Test("events and errors describe themselves in one line")
    func descriptions() {
        let event = ScreenStatistics.Event.viewDiscarded(name: "Player", duration: 90_000, limit: 86_400)
        #expect("\(event)" == "discarded a view of Player lasting 90000.000 s (limit 86400.000 s)")
        let oddName = ScreenStatistics.Event.viewDiscarded(name: "Play\ner\u{1B}", duration: 2, limit: 1)
        #expect("\(oddName)" == #"discarded a view of Play\ner\u{1B} lasting 2.000 s (limit 1.000 s)"#)
        let record = ScreenStatistics.Record(name: "ProductDetail", stayTime: 75, viewCount: 3, resumeCount: 1)
        #expect("\(record)" == "[ProductDetail: stayed 1.250 (mins), viewed 3, resumed 1]")
        #expect(StatisticsStoreError.Code.corrupt.description == "corrupt")
    }
}
