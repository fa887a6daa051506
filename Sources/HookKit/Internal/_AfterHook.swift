/// An after hook in an array; see ``_BeforeHook``.
struct _AfterHook<Receiver, Arguments, Result> {
    let run: @Sendable (Receiver, Arguments, Result) -> Void
}
