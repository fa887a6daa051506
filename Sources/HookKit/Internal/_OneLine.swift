/// `text` on one line: each line break and other control character written as Swift writes it in a string literal
/// (`\n`, `\t`, `\0`, `\u{1B}`), and, when `quoting`, each double quote and backslash escaped too; with
/// `escapingBackslashes` alone, each backslash only (so that a text's own `\n` cannot be read as an escaped line
/// break).
///
/// For the descriptions that promise one line, in HookKit and LifecycleKit, and the demo's messages (hence
/// `package`).
package func _oneLine(_ text: String, quoting: Bool = false, escapingBackslashes: Bool = false) -> String {
    var line = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\n": line += "\\n"
        case "\r": line += "\\r"
        case "\t": line += "\\t"
        case "\u{0}": line += "\\0"
        case "\"" where quoting: line += "\\\""
        case "\\" where quoting || escapingBackslashes: line += "\\\\"
        case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}":
            line += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        default: line.unicodeScalars.append(scalar)
        }
    }
    return line
}
