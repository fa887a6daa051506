import Foundation

/// `seconds` with three decimals and a unit: `1.500 s`.
func _seconds(_ seconds: Double) -> String {
    String(format: "%.3f s", seconds)
}

/// Why a file operation failed, as the system says it: the POSIX error underneath a Foundation error (`Is a
/// directory`, `No space left on device`), whose own description on Linux is often only a code
/// (`The operation could not be completed. (NSCocoaErrorDomain error 256.)`); otherwise the error's description.
///
/// `package`: `hook-benchmarks` names its file errors with it too.
package func _systemReason(_ error: any Error) -> String {
    var current = error as NSError
    // Foundation nests the POSIX error (a `POSIXError` on Linux, an `NSError` on Apple platforms) one level down;
    // a few more levels are looked at, never a cycle.
    for _ in 0..<4 where current.domain != NSPOSIXErrorDomain {
        guard let underlying = current.userInfo[NSUnderlyingErrorKey] as? any Error else { break }
        current = underlying as NSError
    }
    if current.domain == NSPOSIXErrorDomain, let code = Int32(exactly: current.code) {
        return String(cString: strerror(code))
    }
    return error.localizedDescription
}
