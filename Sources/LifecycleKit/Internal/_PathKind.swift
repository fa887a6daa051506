import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a path names, following symbolic links: a regular file, or one of the things that must never be read or
/// replaced as one (a folder given for the file inside it, a FIFO whose read blocks, a device).
///
/// `package`: the statistics store, `lifecycle-demo`'s scenario loader and `hook-benchmarks`' chart file each refuse
/// anything but a regular file with it, each in words of its own.
package enum _PathKind: Equatable, Sendable {
    /// A regular file of `size` bytes, with `permissions` (the mode's low twelve bits).
    case regularFile(size: Int64, permissions: mode_t)
    /// A directory.
    case directory
    /// A FIFO (a named pipe).
    case fifo
    /// A character or block device.
    case device
    /// A Unix-domain socket.
    case socket
    /// Anything else the system reports.
    case other

    /// What `path` names, or `nil` when the system cannot say (`errno` then says why: `ENOENT` for nothing there).
    package init?(atPath path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: self = .regularFile(size: Int64(status.st_size), permissions: status.st_mode & 0o7777)
        case S_IFDIR: self = .directory
        case S_IFIFO: self = .fifo
        case S_IFCHR, S_IFBLK: self = .device
        case S_IFSOCK: self = .socket
        default: self = .other
        }
    }

    /// How a message names what is there when it is not a regular file (`"a directory"`, `"a FIFO"`, `"a device"`,
    /// `"a socket"`, `"not a regular file"`); `nil` for a regular file.
    package var nonFileDescription: String? {
        switch self {
        case .regularFile: nil
        case .directory: "a directory"
        case .fifo: "a FIFO"
        case .device: "a device"
        case .socket: "a socket"
        case .other: "not a regular file"
        }
    }
}
