import Foundation

/// `seconds` with three decimals and a unit: `1.500 s`.
func _seconds(_ seconds: Double) -> String {
    String(format: "%.3f s", seconds)
}

/// `text` on one line: each line break and other control character written as Swift writes it in a string literal
/// (`\n`, `\t`, `\u{1B}`), and, when `quoting`, each double quote and backslash escaped too (the demo's
/// `ScenarioError.oneLine` escapes its messages the same way; it sees only the public API).
func _oneLine(_ text: String, quoting: Bool = false) -> String {
    var line = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\n": line += "\\n"
        case "\r": line += "\\r"
        case "\t": line += "\\t"
        case "\"" where quoting: line += "\\\""
        case "\\" where quoting: line += "\\\\"
        case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}":
            line += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        default: line.unicodeScalars.append(scalar)
        }
    }
    return line
}

/// Why a file operation failed, as the system says it: the POSIX error underneath a Foundation error (`Is a
/// directory`, `No space left on device`), whose own description on Linux is often only a code
/// (`The operation could not be completed. (NSCocoaErrorDomain error 256.)`); otherwise the error's description.
func _systemReason(_ error: any Error) -> String {
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
