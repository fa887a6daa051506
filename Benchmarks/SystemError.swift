import Foundation

/// The system's words for why a file operation failed, for `hook-benchmarks`' messages.
enum SystemError {
    /// The system's description of the error number `code`, by default the last error (`errno`): `Is a directory`.
    static func describe(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }

    /// The description of the POSIX error beneath a Foundation error (`Bad file descriptor`), whose own description
    /// on Linux is often only a code (`The operation could not be completed. (NSCocoaErrorDomain error 512.)`);
    /// otherwise the error's own description.
    static func describe(_ error: any Error) -> String {
        var current = error as NSError
        // Foundation nests the POSIX error (a `POSIXError` on Linux, an `NSError` on Apple platforms) one level down;
        // a few more levels are looked at, never a cycle.
        for _ in 0..<4 where current.domain != NSPOSIXErrorDomain {
            guard let underlying = current.userInfo[NSUnderlyingErrorKey] as? any Error else { break }
            current = underlying as NSError
        }
        if current.domain == NSPOSIXErrorDomain, let code = Int32(exactly: current.code) {
            return describe(code)
        }
        return error.localizedDescription
    }
}
