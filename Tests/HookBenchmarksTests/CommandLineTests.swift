import Foundation
import Testing

@testable import HookBenchmarks

/// `hook-benchmarks`' command line: bad input gets a clear message and status 2, a report or a chart that cannot be
/// written gets status 1, and nothing already on disk is replaced by a chart unless it is a regular file.
@Suite("hook-benchmarks command line")
struct CommandLineTests {
    /// Runs the command with `arguments`, its report and messages captured; returns the status and both texts.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let outputPath = try directory.file("output", contents: "")
        let errorsPath = try directory.file("errors", contents: "")
        let output = try #require(FileHandle(forWritingAtPath: outputPath))
        let errors = try #require(FileHandle(forWritingAtPath: errorsPath))
        let status = BenchmarkCommand.run(arguments, output: output, errors: errors)
        try output.close()
        try errors.close()
        return (
            status, try String(contentsOfFile: outputPath, encoding: .utf8),
            try String(contentsOfFile: errorsPath, encoding: .utf8)
        )
    }

    @Test(
        "usage errors: status 2, one line naming the problem, nothing on the report",
        arguments: [
            (["--bogus"], "unknown option '--bogus'"),
            (["extra"], "unexpected argument 'extra'"),
            (["--case", "--iterations", "5"], "--case needs a value before the next option, '--iterations'"),
            (["--filter", "--json"], "--filter needs a value before the next option, '--json'"),
            (["--filter", ""], "--filter needs a value, not an empty one"),
            (["--svg", ""], "--svg needs a value, not an empty one"),
            (["--filter", "a", "--filter", "b"], "--filter is given twice"),
            (["-h", "--help"], "--help is given twice"),
            (["--list", "--json"], "--list prints the cases; it takes no other option"),
            (["--list", "--svg", "chart.svg"], "--list prints the cases; it takes no other option"),
            (["--list", "--filter", "zzz"], "--list prints the cases; it takes no other option"),
            (["--iterations", "0", "--case", "before-1"], "--iterations needs a positive integer, not '0'"),
            (
                ["--case", "before-1", "--iterations", "1000000000001"],
                "--iterations takes at most 1000000000000, not '1000000000001'"
            ),
            (
                ["--case", "before-1", "--iterations", "99999999999999999999"],
                "--iterations takes at most 1000000000000, not '99999999999999999999'"
            ),
            (
                ["--iterations", "-99999999999999999999"],
                "--iterations needs a positive integer, not '-99999999999999999999'"
            ),
            (["--repetitions", "0000"], "--repetitions needs a positive integer, not '0000'"),
            (["--repetitions", "1001"], "--repetitions takes at most 1000, not '1001'"),
            (
                ["--case", "before-1", "--iterations", "5", "--json"],
                "--case runs one loop; it takes no other option than --iterations and --in-step"
            ),
        ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try Self.run(arguments)
        #expect(result.status == 2)
        #expect(result.output == "")
        #expect(result.errors == "hook-benchmarks: \(message); see --help\n")
    }

    @Test("--list prints one tab-separated line per case, starting with the direct call")
    func list() throws {
        let result = try Self.run(["--list"])
        #expect(result.status == 0 && result.errors == "")
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == BenchmarkSuite.cases.count)
        #expect(lines.first?.split(separator: "\t").prefix(4) == ["direct-call", "1", "20000", "direct-call"])
    }

    @Test("a report that cannot be written: status 1 and a message; a message that cannot be written is dropped")
    func unwritableReport() throws {
        // Open for reading only: every write fails, on every system.
        let full = try #require(FileHandle(forReadingAtPath: "/dev/null"))
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let errorsPath = try directory.file("errors", contents: "")
        let errors = try #require(FileHandle(forWritingAtPath: errorsPath))
        #expect(BenchmarkCommand.run(["--list"], output: full, errors: errors) == 1)
        #expect(BenchmarkCommand.run(["--help"], output: full, errors: errors) == 1)
        // A child of `--in-step` stops at its first line, with the system's reason.
        let child = ["--case", "direct-call", "--iterations", "10", "--in-step"]
        #expect(BenchmarkCommand.run(child, output: full, errors: errors) == 1)
        try errors.close()
        #expect(
            try String(contentsOfFile: errorsPath, encoding: .utf8)
                == String(repeating: "hook-benchmarks: the report could not be written\n", count: 2)
                + "hook-benchmarks: --in-step: cannot write to standard output: Bad file descriptor\n")
        // Messages to a full disk are dropped, and the status stays the usage error's.
        #expect(BenchmarkCommand.run(["--bogus"], output: full, errors: full) == 2)
    }

    @Test("a child of --in-step starts at its parent's line, and stops once its parent's end of the pipe closes")
    func childWatchesItsParent() throws {
        let pipe = Pipe()
        let (released, wentAway) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        InStepProcesses.watchParent(pipe.fileHandleForReading) {
            released.signal()
        } parentWentAway: {
            wentAway.signal()
        }
        try pipe.fileHandleForWriting.write(contentsOf: Data("go\n".utf8))
        #expect(released.wait(timeout: .now() + 30) == .success)
        try pipe.fileHandleForWriting.close()
        #expect(wentAway.wait(timeout: .now() + 30) == .success)
    }

    @Test("a chart goes to a regular file or a new one in an existing folder, through symbolic links")
    func chartDestinations() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let existing = try directory.file("old.svg", contents: "old")
        try ChartFile(checking: existing).write("<svg/>")
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "<svg/>")

        let fresh = directory.path("new.svg")
        try ChartFile(checking: fresh).write("<svg/>")
        #expect(try String(contentsOfFile: fresh, encoding: .utf8) == "<svg/>")

        let target = try directory.file("target.svg", contents: "old")
        let link = directory.path("link.svg")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        try ChartFile(checking: link).write("<svg>linked</svg>")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "<svg>linked</svg>")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)

        // `..` after a link goes up from where the link points, as the system resolves it: into `a`, not here.
        try FileManager.default.createDirectory(atPath: directory.path("a/b"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.path("lb"), withDestinationPath: "a/b")
        try ChartFile(checking: directory.path("lb/../up.svg")).write("<svg/>")
        #expect(FileManager.default.fileExists(atPath: directory.path("a/up.svg")))
        #expect(!FileManager.default.fileExists(atPath: directory.path("up.svg")))

        // A replaced file keeps its permissions; nothing else is left in the folder.
        let private_ = try directory.file("private.svg", contents: "old")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: private_)
        try ChartFile(checking: private_).write("<svg/>")
        #expect(try FileManager.default.attributesOfItem(atPath: private_)[.posixPermissions] as? Int == 0o600)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted() == [
                "a", "lb", "link.svg", "new.svg", "old.svg", "private.svg", "target.svg",
            ])
    }

    @Test("a folder, a device, a pipe, a link to nothing, a path through a file or a missing folder is refused")
    func chartRefusals() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let folder = directory.path("charts")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let pipe = directory.path("pipe")
        #expect(mkfifo(pipe, 0o600) == 0)
        let dangling = directory.path("dangling.svg")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: directory.path("nothing"))
        let missing = directory.path("missing/chart.svg")
        let file = try directory.file("file.svg", contents: "kept")
        let trailing = directory.url.path + "/fresh/"
        let expectations = [
            (trailing, "cannot write \(trailing): it names a folder; name a file"),
            (file + "/x.svg", "cannot write \(file)/x.svg: Not a directory"),
            (folder, "cannot write \(folder): it is a folder; name a file"),
            ("/dev/null", "cannot write /dev/null: it is not a regular file (a device, a pipe or a socket)"),
            (pipe, "cannot write \(pipe): it is not a regular file (a device, a pipe or a socket)"),
            (dangling, "cannot write \(dangling): it is a symbolic link to nothing"),
            (missing, "cannot write \(missing): the folder \(directory.path("missing")) does not exist"),
        ]
        for (path, message) in expectations {
            let refusal = #expect(throws: ChartFile.Refusal.self) { try ChartFile(checking: path) }
            #expect(refusal?.description == message)
        }
        var pipeStatus = stat()
        #expect(lstat(pipe, &pipeStatus) == 0 && pipeStatus.st_mode & S_IFMT == S_IFIFO)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dangling) == directory.path("nothing"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "kept")
        #expect(!FileManager.default.fileExists(atPath: directory.path("fresh")))
    }
}
