/// How the package's messages quote what a file or the command line says (shared with the demo).
extension String {
    /// The string in double quotes, with a double quote or a backslash in it escaped, so that the quotes show where it
    /// ends (`"a\"b"`), and cut after 40 characters (`…`): `unknown screen "detial"`.
    ///
    /// Control characters are escaped when the message is printed (HookKit's `_oneLine`).
    package var quoted: String {
        let shown = count <= 40 ? self : prefix(40) + "…"
        var text = "\""
        for scalar in shown.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }
}
