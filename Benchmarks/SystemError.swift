import Foundation
import LifecycleKit

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
        _systemReason(error)  // LifecycleKit's, which its statistics files use
    }
}
