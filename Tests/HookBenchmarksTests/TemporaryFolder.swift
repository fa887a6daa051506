import Foundation

/// A folder of its own for one test, removed by ``remove()``.
struct TemporaryFolder {
    /// The folder's path.
    let url: URL

    /// Creates an empty folder under the system's temporary folder.
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("hook-benchmarks-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the folder (nothing is created).
    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// Creates the file `name` holding `contents`; returns its path.
    func file(_ name: String, contents: String) throws -> String {
        let path = path(name)
        try contents.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    /// Removes the folder and everything in it.
    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
