/// A before hook in an array: a struct around the closure keeps the closure's abstraction (a
/// bare closure as an array element would be stored maximally abstracted, behind a thunk).
struct _BeforeHook<Receiver, Arguments> {
    let run: @Sendable (Receiver, Arguments) -> Void
}
