/// A command line the harness cannot run: reported as one line on stderr, with exit status 2.
struct UsageError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, for people.
    let description: String

    /// Creates an error that says `description`.
    init(_ description: String) {
        self.description = description
    }
}
