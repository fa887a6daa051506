import Foundation
import LifecycleKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file `--svg` writes: checked before the suite runs, so that a path that cannot take the chart fails at once,
/// and written whole at the end.
///
/// The path is resolved as the system resolves it (`realpath`): symbolic links anywhere in it are followed, so the
/// chart replaces the file a link points to and the link stays. The chart goes to a regular file the user may
/// write, or to a new file in an existing folder the user may write; anything else (a folder, a path ending in `/`,
/// a device, a pipe, a socket, a link to nothing, a read-only file) is refused and left as it is. The chart is
/// written to a temporary file in the same folder, given the replaced file's permissions, and renamed over the path,
/// so that a reader never sees half a chart; the replaced file's owner and other hard links are not kept.
struct ChartFile: Sendable {
    /// Why the chart cannot be written at a path.
    struct Refusal: Error, CustomStringConvertible {
        /// What is wrong, naming the path.
        let description: String
    }

    /// The path as given, for messages.
    let path: String
    /// The file the chart goes to, resolved.
    private let target: String
    /// The permissions of the file the chart replaces; `nil` for a new file.
    private let replacedMode: mode_t?

    /// Checks that `path` names a regular file, or a new one in an existing folder, that the user may write.
    ///
    /// - Throws: ``Refusal`` naming the path and the problem.
    init(checking path: String) throws(Refusal) {
        self.path = path
        func refuse(_ problem: String) -> Refusal { Refusal(description: "cannot write \(path): \(problem)") }
        let name = (path as NSString).lastPathComponent
        guard !path.isEmpty, !path.hasSuffix("/"), name != ".", name != ".." else {
            throw refuse("it names a folder; name a file")
        }
        if let resolved = Self.realPath(path) {
            guard let kind = _PathKind(atPath: resolved) else { throw refuse(SystemError.describe()) }
            let permissions: mode_t
            switch kind {
            case .regularFile(_, let filePermissions): permissions = filePermissions
            case .directory: throw refuse("it is a folder; name a file")
            default: throw refuse("it is not a regular file (a device, a pipe or a socket)")
            }
            guard access(resolved, W_OK) == 0 else { throw refuse("the file is read-only") }
            guard access((resolved as NSString).deletingLastPathComponent, W_OK) == 0 else {
                throw refuse("its folder is read-only (the chart replaces the file through a temporary file)")
            }
            target = resolved
            replacedMode = permissions
        } else {
            let missing = errno
            var link = stat()
            if missing == ENOENT && lstat(path, &link) == 0 {
                throw refuse("it is a symbolic link to nothing")
            }
            guard missing == ENOENT else { throw refuse(SystemError.describe(missing)) }
            let folder = (path as NSString).deletingLastPathComponent
            guard let resolvedFolder = Self.realPath(folder.isEmpty ? "." : folder) else {
                throw refuse("the folder \(folder) does not exist")
            }
            guard access(resolvedFolder, W_OK) == 0 else { throw refuse("the folder \(folder) is read-only") }
            guard name.utf8.count <= Int(NAME_MAX) else { throw refuse("the file name is too long") }
            target = (resolvedFolder as NSString).appendingPathComponent(name)
            replacedMode = nil
        }
    }

    /// Writes `text` as the file's whole contents.
    ///
    /// - Throws: ``Refusal`` when the file cannot be written.
    func write(_ text: String) throws(Refusal) {
        func refuse(_ problem: String) -> Refusal { Refusal(description: "cannot write \(path): \(problem)") }
        let folder = (target as NSString).deletingLastPathComponent
        var template = Array((folder as NSString).appendingPathComponent(".hook-benchmarks-chart.XXXXXX").utf8CString)
        // A file of its own in the target's folder, so that the rename replaces the target in one step.
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw refuse(SystemError.describe()) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var problem: String?
        do {
            try FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).write(contentsOf: Data(text.utf8))
        } catch {
            problem = SystemError.describe(error)
        }
        if problem == nil && fchmod(descriptor, replacedMode ?? Self.newFileMode) != 0 {
            problem = SystemError.describe()
        }
        if close(descriptor) != 0 && problem == nil {
            problem = SystemError.describe()
        }
        if problem == nil && rename(temporary, target) != 0 {
            problem = SystemError.describe()
        }
        if let problem {
            unlink(temporary)
            throw refuse(problem)
        }
    }

    /// The permissions of a file the user creates: read and write for all, less the process's file-creation mask.
    private static var newFileMode: mode_t {
        let mask = umask(0)
        umask(mask)
        return 0o666 & ~mask
    }

    /// `path` with every symbolic link, `.` and `..` resolved by the system; `nil` when it does not exist (`errno`
    /// says why).
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
