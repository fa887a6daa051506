import Foundation

/// The file `--svg` writes: checked before the suite runs, so that a path that cannot take the chart fails at once,
/// and written whole at the end.
///
/// The chart replaces a regular file, or creates one in an existing folder, atomically (a temporary file renamed over
/// the path). A symbolic link is followed: the chart replaces the file it points to, and the link stays. Anything else
/// (a folder, a device, a pipe, a socket, a link to nothing) is refused, never replaced: the rename would put a
/// regular file in its place.
struct ChartFile: Sendable {
    /// Why the chart cannot be written at a path.
    struct Refusal: Error, CustomStringConvertible {
        /// What is wrong, naming the path.
        let description: String
    }

    /// The path as given, for messages.
    let path: String
    /// The file the chart goes to, symbolic links resolved.
    private let target: String

    /// Checks that `path` names a regular file or a new one in an existing folder.
    ///
    /// - Throws: ``Refusal`` naming the path and the problem.
    init(checking path: String) throws(Refusal) {
        self.path = path
        let files = FileManager.default
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        target = resolved
        if let type = try? files.attributesOfItem(atPath: resolved)[.type] as? FileAttributeType {
            switch type {
            case .typeRegular:
                return
            case .typeDirectory:
                throw Refusal(description: "cannot write \(path): it is a folder; name a file")
            case .typeSymbolicLink:
                throw Refusal(description: "cannot write \(path): it is a symbolic link to nothing")
            default:
                throw Refusal(
                    description: "cannot write \(path): it is not a regular file (a device, a pipe or a socket)")
            }
        }
        var isFolder: ObjCBool = false
        let folder = URL(fileURLWithPath: resolved).deletingLastPathComponent().path
        guard files.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            let named = URL(fileURLWithPath: path).deletingLastPathComponent().path
            throw Refusal(description: "cannot write \(path): the folder \(named) does not exist")
        }
    }

    /// Writes `text` as the file's whole contents.
    ///
    /// - Throws: ``Refusal`` when the file cannot be written.
    func write(_ text: String) throws(Refusal) {
        do {
            try text.write(toFile: target, atomically: true, encoding: .utf8)
        } catch {
            throw Refusal(description: "cannot write \(path): \(error.localizedDescription)")
        }
    }
}
